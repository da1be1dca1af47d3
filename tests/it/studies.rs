//! The study book: the committed book is what `cutoff studies --book` renders from the
//! committed runs, and `cutoff studies --quick --check` fails on a changed record, naming the
//! study, run, file, position, configuration and depth.

use std::fs;
use std::path::Path;
use std::process::Command;

const RESULTS: &str = "results";
const EXPECTED: &str = "fixtures/expected/studies-quick";

#[test]
fn the_committed_book_is_the_rendering_of_the_committed_runs() {
    let spec = cutoff::studies::spec::load(&Path::new(RESULTS).join("studies.toml")).unwrap();
    let (files, _) = cutoff::studies::book::render(&spec, Path::new(RESULTS)).unwrap();
    for (name, text) in files {
        let committed = fs::read_to_string(Path::new(RESULTS).join(name)).unwrap();
        assert!(
            committed == text,
            "results/{name} is stale: run `cutoff studies --book`"
        );
    }
}

/// The committed book's judged rows.
fn committed_rows() -> Vec<cutoff::studies::book::JudgedRow> {
    let spec = cutoff::studies::spec::load(&Path::new(RESULTS).join("studies.toml")).unwrap();
    let (_, judged) = cutoff::studies::book::render(&spec, Path::new(RESULTS)).unwrap();
    judged.into_iter().flat_map(|s| s.rows).collect()
}

#[test]
fn every_contradicted_row_of_the_book_says_why() {
    let open: Vec<String> = committed_rows()
        .into_iter()
        .filter(|r| r.verdict == cutoff::studies::book::Verdict::Contradicted && r.why.is_none())
        .map(|r| r.label)
        .collect();
    assert!(
        open.is_empty(),
        "contradicted rows without a `why`: {open:?}"
    );
}

#[test]
fn shares_of_wins_have_intervals_inside_zero_and_one() {
    for row in committed_rows() {
        let Some(ours) = row.ours.filter(|m| m.neutral == Some(0.5)) else {
            continue;
        };
        let (low, high) = ours.interval.unwrap();
        assert!(
            (0.0..=1.0).contains(&low) && (0.0..=1.0).contains(&high),
            "{}: [{low}, {high}]",
            row.label
        );
    }
}

/// Copies the tree `from` into `to`; returns the files copied (their paths under `to`).
fn copy_tree(from: &Path, to: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            fs::create_dir_all(&target).unwrap();
            files.extend(copy_tree(&path, &target));
        } else {
            fs::copy(&path, &target).unwrap();
            files.push(target);
        }
    }
    files
}

fn quick_check(expected: &Path, out: &Path) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args([
            "studies", "--quick", "--check", "--only", "kalah", "--jobs", "1",
        ])
        .arg("--expected")
        .arg(expected)
        .arg("--out")
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn a_changed_record_fails_the_quick_check_and_is_named() {
    let dir = std::env::temp_dir().join(format!("cutoff-it-{}-studies", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let expected = dir.join("expected");
    fs::create_dir_all(&expected).unwrap();
    let copied = copy_tree(Path::new(EXPECTED), &expected);
    let (code, text) = quick_check(&expected, &dir.join("out"));
    assert_eq!(code, Some(0), "{text}");
    let files = copied
        .iter()
        .filter(|f| f.to_string_lossy().contains("kalah"))
        .count();
    let spec = cutoff::studies::spec::load(&Path::new(RESULTS).join("studies.toml")).unwrap();
    let runs = spec
        .study
        .iter()
        .find(|s| s.id == "kalah")
        .unwrap()
        .run
        .len();
    let counted = format!("studies: {runs} runs, {files} files compared: every compared record");
    assert!(
        files > 0 && text.contains(&counted),
        "`{counted}` not in\n{text}"
    );
    let records = expected.join("2026-11-26-kalah-cammp-1pg/records.jsonl");
    let text = fs::read_to_string(&records).unwrap();
    let first = text.lines().next().unwrap();
    let row: serde_json::Value = serde_json::from_str(first).unwrap();
    let nodes = row["n_nodes"].as_u64().unwrap();
    let changed = first.replacen(
        &format!("\"n_nodes\":{nodes}"),
        &format!("\"n_nodes\":{}", nodes + 1),
        1,
    );
    fs::write(&records, text.replacen(first, &changed, 1)).unwrap();
    let (code, text) = quick_check(&expected, &dir.join("out"));
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(code, Some(1), "{text}");
    let named = format!(
        "kalah/cammp-1pg: records.jsonl: position {}, config {}, depth {}: n_nodes {} -> {nodes}",
        row["position"].as_str().unwrap(),
        row["config"].as_str().unwrap(),
        row["depth"],
        nodes + 1
    );
    assert!(text.contains(&named), "`{named}` not in\n{text}");
}

/// The quick slice of `kalah/cammp-1pg` run with `--param NAME=VALUE` added, compared with
/// its committed expectations: the differences found.
fn quick_kalah_with(param: &str) -> Vec<String> {
    let spec = cutoff::studies::spec::load(&Path::new(RESULTS).join("studies.toml")).unwrap();
    let kalah = spec.study.iter().find(|s| s.id == "kalah").unwrap();
    let run = kalah.run.iter().find(|r| r.name == "cammp-1pg").unwrap();
    let dir = std::env::temp_dir().join(format!("cutoff-it-{}-table-{param}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let args = cutoff::studies::steps::step_args(&run.step[0], &dir, true, Some(1))
        .unwrap()
        .unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(&args)
        .args(["--param", param])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    assert!(
        status.success(),
        "cutoff {} --param {param}",
        args.join(" ")
    );
    let now = fs::read_to_string(dir.join("records.jsonl")).unwrap();
    let _ = fs::remove_dir_all(&dir);
    let expected = Path::new(EXPECTED).join(&run.folder).join("records.jsonl");
    let committed = fs::read_to_string(expected).unwrap();
    cutoff::studies::verify::compare_file(&committed, &now, 8).unwrap()
}

#[test]
fn the_quick_slice_sees_the_tables_default_size_and_replacement() {
    // Its searches overflow the default table: a bigger one, or another replacement scheme,
    // changes their records, so `--quick --check` fails when the default changes.
    let default = cutoff::search::params::Params::default();
    let bigger = format!("tt-bits={}", default.tt_bits + 2);
    assert!(!quick_kalah_with(&bigger).is_empty(), "{bigger}");
    let other = cutoff::search::params::TtScheme::ALL
        .into_iter()
        .find(|s| *s != default.tt_scheme)
        .unwrap();
    let scheme = format!("tt-scheme={}", other.name());
    assert!(!quick_kalah_with(&scheme).is_empty(), "{scheme}");
}

/// The values following `flag` in a step's arguments.
fn values_of<'a>(args: &'a str, flag: &str) -> Vec<&'a str> {
    let words: Vec<&str> = args.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[0] == flag)
        .map(|w| w[1])
        .collect()
}

#[test]
fn the_spec_gives_the_params_the_committed_runs_record() {
    // Every committed manifest that records its search parameters records those its step's
    // `--params` and `--param` give (fields added since it was made are not there to compare),
    // so that regenerating a run searches as it did.
    let spec = cutoff::studies::spec::load(&Path::new(RESULTS).join("studies.toml")).unwrap();
    let mut compared = 0;
    let mut wrong = Vec::new();
    for study in &spec.study {
        for run in &study.run {
            for step in &run.step {
                let dir = Path::new(RESULTS).join(&run.folder);
                let dir = step.out.as_ref().map_or(dir.clone(), |o| dir.join(o));
                let Ok(text) = fs::read_to_string(dir.join("manifest.json")) else {
                    continue;
                };
                let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
                let Some(recorded) = manifest["params"].as_object() else {
                    continue;
                };
                let params = cutoff::search::params::Params::default()
                    .with_profiles(values_of(&step.args, "--params"))
                    .and_then(|p| p.with_assignments(values_of(&step.args, "--param")))
                    .unwrap();
                let given = serde_json::to_value(params).unwrap();
                for (name, value) in recorded {
                    if given[name] != *value {
                        wrong.push(format!(
                            "{}/{} ({}): {name} {value} recorded, {} given",
                            study.id,
                            run.name,
                            dir.display(),
                            given[name]
                        ));
                    }
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 0, "no manifest records its params");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn added_duplicated_and_removed_records_fail_the_quick_check_and_are_named() {
    // The expectations lose one record (so the run makes a record they do not have), repeat
    // another (a key on two lines) and gain one the run does not make (as if the run had
    // lost it): each is reported, none passes.
    let dir = std::env::temp_dir().join(format!("cutoff-it-{}-studies-added", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let expected = dir.join("expected");
    fs::create_dir_all(&expected).unwrap();
    copy_tree(Path::new(EXPECTED), &expected);
    let records = expected.join("2026-11-26-kalah-cammp-1pg/records.jsonl");
    let text = fs::read_to_string(&records).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let key = |line: &str| {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        format!(
            "position {}, config {}, depth {}",
            row["position"].as_str().unwrap(),
            row["config"].as_str().unwrap(),
            row["depth"]
        )
    };
    let (dropped, repeated) = (lines[0], lines[1]);
    let row: serde_json::Value = serde_json::from_str(repeated).unwrap();
    let depth = row["depth"].to_string();
    let gone = repeated.replacen(&format!("\"depth\":{depth}"), "\"depth\":99", 1);
    let mut edited: Vec<&str> = lines[1..].to_vec();
    edited.push(repeated);
    edited.push(&gone);
    fs::write(&records, edited.join("\n") + "\n").unwrap();
    let (code, out) = quick_check(&expected, &dir.join("out"));
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(code, Some(1), "{out}");
    for named in [
        format!(
            "kalah/cammp-1pg: records.jsonl: {}: made now, not committed",
            key(dropped)
        ),
        format!(
            "kalah/cammp-1pg: records.jsonl: {}: committed 2 times (a duplicate)",
            key(repeated)
        ),
        format!(
            "kalah/cammp-1pg: records.jsonl: {}: committed, not made now",
            key(&gone)
        ),
    ] {
        assert!(out.contains(&named), "`{named}` not in\n{out}");
    }
}
