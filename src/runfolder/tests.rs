//! Tests of the run-folder format: every committed run loads, its records write back byte
//! for byte and its manifest reads back the same; the strict reader refuses what a finished
//! run must not hold (and says how to repair a torn line); the tolerant reader reports a
//! torn line; spec differences.

use super::*;
use crate::search::Config;
use crate::testing::TempDir;
use std::path::{Path, PathBuf};

/// The committed result runs (ablations: a manifest beside records; a match folder at the
/// top, with its games instead, is not one).
fn committed_runs() -> Vec<PathBuf> {
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let mut runs: Vec<PathBuf> = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join(MANIFEST).exists() && p.join(RECORDS).exists())
        .collect();
    runs.sort();
    runs
}

#[test]
fn committed_runs_load_and_their_records_write_back_byte_for_byte() {
    let runs = committed_runs();
    assert!(runs.len() >= 2, "{runs:?}");
    for dir in runs {
        let run = read_run(&dir).unwrap_or_else(|e| panic!("{}: {e:#}", dir.display()));
        assert!(!run.records.is_empty());
        let copy = TempDir::new("runfolder-roundtrip");
        write_manifest(&copy, &run.manifest).unwrap();
        let in_file_order = read_records(&dir).unwrap().records;
        rewrite_records(&copy, &in_file_order).unwrap();
        let (a, b) = (dir.join(RECORDS), copy.join(RECORDS));
        // Records written before presets' flags were spelled out gain them, nothing else;
        // records written since come back exactly.
        let (original, written) = (read_text(&a), read_text(&b));
        let same = original == written || original == without_flags(&written);
        assert!(same, "{} does not write back as it was", a.display());
        // A manifest gains the fields added since (with their defaults), and reads back the same.
        assert_eq!(read_manifest(&copy).unwrap().unwrap(), run.manifest);
    }
}

fn read_text(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `text` without the `"flags"` fields of its records.
fn without_flags(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(",\"flags\":\"") {
        out.push_str(&rest[..at]);
        let value = &rest[at + 10..];
        rest = &value[value.find('"').unwrap() + 1..];
    }
    out + rest
}

#[test]
fn a_record_of_a_preset_that_means_something_else_now_is_refused() {
    let text = std::fs::read_to_string(committed_runs()[0].join(RECORDS)).unwrap();
    let line = first_line(&text);
    assert!(line.contains("\"config\":\"alphabeta\","), "{line}");
    let as_preset = |flags: &str| {
        let edited = line.replacen(
            "\"config\":\"alphabeta\"",
            &format!("\"config\":\"cammp\",\"flags\":\"{flags}\""),
            1,
        );
        serde_json::from_str::<Record>(&edited)
    };
    let cammp = Config::parse("cammp").unwrap();
    let error = as_preset("alphabeta+id").unwrap_err().to_string();
    assert!(
        error.contains("`cammp` was `alphabeta+id` when this record was written"),
        "{error}"
    );
    let record = as_preset(&cammp.expanded()).unwrap();
    assert_eq!(record.config, cammp);
    // Written back, the preset's flags are spelled out beside its name.
    let written = serde_json::to_string(&record).unwrap();
    assert!(written.contains(&format!(
        "\"config\":\"cammp\",\"flags\":\"{}\"",
        cammp.expanded()
    )));
}

/// A copy of the first committed run in a temp folder, with `edit` applied to its records'
/// text.
fn edited_run(edit: impl FnOnce(&str) -> String) -> TempDir {
    let source = &committed_runs()[0];
    let dir = TempDir::new("runfolder-edit");
    std::fs::copy(source.join(MANIFEST), dir.join(MANIFEST)).unwrap();
    let text = std::fs::read_to_string(source.join(RECORDS)).unwrap();
    std::fs::write(dir.join(RECORDS), edit(&text)).unwrap();
    dir
}

fn check_strict_error(edit: impl FnOnce(&str) -> String, expected: &[&str]) {
    let dir = edited_run(edit);
    let error = format!("{:#}", read_run(&dir).unwrap_err());
    for want in expected {
        assert!(error.contains(want), "`{want}` not in: {error}");
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap()
}

#[test]
fn the_strict_reader_refuses_what_a_finished_run_cannot_hold() {
    let torn = |t: &str| t.to_string() + &first_line(t)[..20];
    check_strict_error(torn, &["torn line", "cutoff ablate", "--repair"]);
    let repeated = |t: &str| format!("{t}{}\n", first_line(t));
    check_strict_error(
        repeated,
        &[
            "repeats line 1",
            "position g01-m01",
            "keeps one record per search",
        ],
    );
    let foreign = |t: &str| t.replacen("\"config\":\"alphabeta\"", "\"config\":\"all\"", 1);
    check_strict_error(foreign, &["line 1", "configuration `all` is not in"]);
    let deep = |t: &str| t.replacen("\"depth\":1,", "\"depth\":99,", 1);
    check_strict_error(deep, &["line 1", "depth 99 is not in"]);
    let garbled = |t: &str| t.replacen("{", "[", 1);
    check_strict_error(garbled, &["line 1: not a record"]);
}

#[test]
fn the_tolerant_reader_reports_a_torn_line_and_drop_cuts_it() {
    let dir = edited_run(|t| t.to_string() + &first_line(t)[..20]);
    let file = read_records(&dir).unwrap();
    let whole = std::fs::read_to_string(dir.join(RECORDS)).unwrap();
    assert_eq!(file.torn_at, Some(whole.len() as u64 - 20));
    assert!(drop_torn_line(&dir).unwrap());
    assert!(!drop_torn_line(&dir).unwrap());
    assert!(read_run(&dir).is_ok());
}

#[test]
fn spec_differences_name_the_field_and_its_kind() {
    let run = read_run(&committed_runs()[0]).unwrap();
    let mut other = run.manifest.clone();
    assert!(differences(&run.manifest, &other).is_empty());
    other.label = "other".into();
    other.eval = "x".into();
    other.params.null_r = 3;
    let found = differences(&run.manifest, &other);
    let kinds: Vec<(&str, FieldKind)> = found.iter().map(|d| (&d.field[..], d.kind)).collect();
    assert_eq!(
        kinds,
        [
            ("label", FieldKind::Identity),
            ("evaluation", FieldKind::Experiment),
            ("param null-r", FieldKind::Setup)
        ]
    );
    let text = describe(&found[2..], ("in a", "in b"));
    assert_eq!(text, "param null-r: 2 in a, 3 in b");
}

#[test]
fn an_evaluation_weight_set_in_one_run_is_a_difference() {
    let run = read_run(&committed_runs()[0]).unwrap();
    let mut other = run.manifest.clone();
    other.params.set("stone-score", "2").unwrap();
    let values = other.param_values();
    assert_eq!(values.last().unwrap(), &("stone-score".into(), "2".into()));
    let found = differences(&run.manifest, &other);
    let text = describe(&found, ("in a", "in b"));
    assert_eq!(text, "param stone-score: default in a, 2 in b");
    assert_eq!(
        describe(&differences(&other, &run.manifest), ("a", "b")),
        "param stone-score: 2 a, default b"
    );
}

/// A record written before evaluation calls were counted reads back as "not counted" (never
/// as 0, which a search may count) and writes back without them; a count of 0 stays 0.
#[test]
fn a_record_without_n_evals_is_not_counted_and_writes_back_without_it() {
    let old = r#"{"position":"g01-m01","config":"alphabeta","depth":2,"ns":5,"score":0,"best_move":"1","pv":["1"],"capped":false,"n_nodes":7,"n_qnodes":0,"n_leaves":4,"n_interior":3,"n_tt_probes":0,"n_tt_hits":0,"n_tt_cutoffs":0,"n_beta_cutoffs":1,"n_first_move_cutoffs":1,"n_null_tries":0,"n_null_cutoffs":0,"n_multi_cut_tries":0,"n_multi_cut_cutoffs":0,"n_lmr_reductions":0,"n_lmr_researches":0,"n_pvs_researches":0,"n_aspiration_researches":0,"sel_depth":2}"#;
    let record: Record = serde_json::from_str(old).unwrap();
    assert_eq!(record.result.counters.evals(), None);
    assert_eq!(serde_json::to_string(&record).unwrap(), old);
    let counted = old.replace(r#""n_leaves":4,"#, r#""n_leaves":4,"n_evals":0,"#);
    let record: Record = serde_json::from_str(&counted).unwrap();
    assert_eq!(record.result.counters.evals(), Some(0));
    assert_eq!(serde_json::to_string(&record).unwrap(), counted);
}

/// A write into a full disk (/dev/full) is an error of one line naming the file, for the
/// appending writer of records and for the atomic writer of manifests (which then leaves
/// no temporary file behind).
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_one_line_error_naming_the_file() {
    let mut writer = JsonlWriter::<u32>::append_to(PathBuf::from("/dev/full")).unwrap();
    let error = format!("{:#}", writer.write(&1).unwrap_err());
    assert!(error.starts_with("appending to /dev/full: "), "{error}");
    assert!(error.contains("No space left on device"), "{error}");
    assert_eq!(error.lines().count(), 1, "{error}");
    let dir = TempDir::new("full");
    let temp = dir.0.join("manifest.json.tmp");
    std::os::unix::fs::symlink("/dev/full", &temp).unwrap();
    let error = format!("{:#}", write_json(&dir.0.join(MANIFEST), &1).unwrap_err());
    assert!(error.contains("No space left on device"), "{error}");
    assert!(!temp.exists() && !dir.0.join(MANIFEST).exists(), "{error}");
}
