use super::book::{verdict, Kind, Measured, Verdict};
use super::spec::parse;
use super::steps::step_args;
use super::verify::{canonical, compare_file};
use std::path::Path;

fn ratio(value: f64, low: f64, high: f64) -> Measured {
    Measured {
        value,
        interval: Some((low, high)),
        neutral: Some(1.0),
        n: 40,
        units: 40,
    }
}

#[test]
fn wilson_intervals_match_the_textbook() {
    // Wilson's interval of 9 of 10 at 95%: [0.596, 0.982] (Brown, Cai and DasGupta, 2001).
    let (low, high) = super::book::wilson(0.9, 10);
    assert!(
        (low - 0.596).abs() < 5e-4 && (high - 0.982).abs() < 5e-4,
        "{low} {high}"
    );
}

/// The verdict of a published figure `paper` beside `ours`, compared whole.
fn judged(paper: f64, ours: &Measured) -> Verdict {
    verdict(Some(paper), None, Some(ours), Kind::Figure)
}

#[test]
fn a_published_value_inside_our_interval_or_overlapping_it_is_reproduced() {
    let ours = ratio(0.5, 0.4, 0.6);
    assert_eq!(judged(0.45, &ours), Verdict::Reproduced);
    assert_eq!(
        verdict(
            Some(0.9),
            Some((0.55, 0.98)),
            Some(&ratio(0.7, 0.6, 0.8)),
            Kind::Figure
        ),
        Verdict::Reproduced
    );
    assert_eq!(
        verdict(Some(0.9), Some((0.7, 0.98)), Some(&ours), Kind::Figure),
        Verdict::SameDirection
    );
}

#[test]
fn same_direction_needs_our_whole_interval_on_the_papers_side() {
    assert_eq!(judged(0.9, &ratio(0.5, 0.4, 0.6)), Verdict::SameDirection);
    assert_eq!(judged(2.0, &ratio(1.3, 1.1, 1.5)), Verdict::SameDirection);
    // CAMMP's `all without quiescence` under `cammp-java`: 1.04 [0.891, 1.22] against the
    // paper's 1.55 was "same direction" on the point estimate.
    assert_eq!(
        judged(1.55, &ratio(1.04, 0.891, 1.22)),
        Verdict::NoMeasurableEffect
    );
    // Quiescence alone: 0.961 [0.870, 1.06] against 2.26 was "contradicted".
    assert_eq!(
        judged(2.26, &ratio(0.961, 0.870, 1.06)),
        Verdict::NoMeasurableEffect
    );
}

#[test]
fn contradicted_needs_our_whole_interval_on_the_other_side() {
    assert_eq!(judged(1.2, &ratio(0.5, 0.4, 0.6)), Verdict::Contradicted);
    assert_eq!(
        judged(1.55, &ratio(0.339, 0.272, 0.422)),
        Verdict::Contradicted
    );
    assert_eq!(judged(0.8, &ratio(1.2, 1.01, 1.4)), Verdict::Contradicted);
}

#[test]
fn a_paper_at_the_neutral_value_is_judged_in_plain_words() {
    // `all without killer moves`: 5,870 / 5,859 nodes, ours 0.807 [0.703, 0.926]: the paper
    // did not point the other way, it saw no effect.
    let paper = 5870.0 / 5859.0;
    assert_eq!(
        judged(paper, &ratio(0.807, 0.703, 0.926)),
        Verdict::EffectWherePaperSawNone
    );
    assert_eq!(
        judged(paper, &ratio(0.978, 0.902, 1.06)),
        Verdict::NoEffectInEither
    );
    let share = |v, low, high| Measured {
        neutral: Some(0.5),
        ..ratio(v, low, high)
    };
    assert_eq!(
        judged(0.5, &share(0.52, 0.45, 0.6)),
        Verdict::NoEffectInEither
    );
    assert_eq!(
        judged(0.51, &share(0.9, 0.8, 1.0)),
        Verdict::EffectWherePaperSawNone
    );
    assert_eq!(judged(0.52, &share(0.9, 0.8, 1.0)), Verdict::SameDirection);
}

#[test]
fn a_direction_row_is_never_reproduced_by_its_value() {
    let ours = ratio(0.9, 0.7, 0.95);
    assert_eq!(judged(0.8, &ours), Verdict::Reproduced);
    let direction =
        |paper, ours: &Measured| verdict(Some(paper), None, Some(ours), Kind::Direction);
    assert_eq!(direction(0.8, &ours), Verdict::SameDirection);
    assert_eq!(
        direction(0.8, &ratio(0.9, 0.7, 1.1)),
        Verdict::NoMeasurableEffect
    );
    assert_eq!(direction(1.8, &ours), Verdict::Contradicted);
}

#[test]
fn rows_beyond_the_paper_apart_or_without_data_say_so() {
    let ours = ratio(0.5, 0.4, 0.6);
    assert_eq!(
        verdict(None, None, Some(&ours), Kind::Beyond),
        Verdict::BeyondThePaper
    );
    assert_eq!(
        verdict(None, None, None, Kind::Beyond),
        Verdict::BeyondThePaper
    );
    assert_eq!(
        verdict(Some(0.45), None, Some(&ours), Kind::Apart),
        Verdict::NotComparable
    );
    assert_eq!(
        verdict(Some(0.45), None, None, Kind::Figure),
        Verdict::NoData
    );
    assert_eq!(
        verdict(Some(0.45), None, None, Kind::Direction),
        Verdict::NoData
    );
    let exact = Measured {
        value: 2.0,
        interval: None,
        neutral: None,
        n: 1,
        units: 1,
    };
    assert_eq!(judged(2.0, &exact), Verdict::Reproduced);
    assert_eq!(judged(6.0, &exact), Verdict::Contradicted);
}

const SPEC: &str = r#"
[[study]]
id = "k"
title = "K"
paper = "p"
measured = "m"
[[study.run]]
name = "r"
folder = "f"
step = [{ args = "match --games 100 --jobs 2 --agents {run}/a,b", quick = "--games 2 --seed 3" },
        { args = "solve --game kalah --json", stdout = "s.jsonl", quick = "skip" }]
[[study.row]]
label = "l"
paper = [1, 4]
ours = { kind = "wins", run = "r", sub = ".", agent = "a", side = "first" }
"#;

#[test]
fn a_quick_slice_replaces_and_adds_flags_and_skips_steps() {
    let spec = parse(SPEC).unwrap();
    let run = &spec.study[0].run[0];
    let dir = Path::new("out/f.partial");
    let full = step_args(&run.step[0], dir, false, None).unwrap().unwrap();
    assert_eq!(
        full.join(" "),
        "match --games 100 --jobs 2 --agents out/f.partial/a,b --out out/f.partial"
    );
    let quick = step_args(&run.step[0], dir, true, Some(1))
        .unwrap()
        .unwrap();
    assert_eq!(
        quick.join(" "),
        "match --games 2 --jobs 1 --agents out/f.partial/a,b --seed 3 --out out/f.partial"
    );
    assert_eq!(step_args(&run.step[1], dir, true, None).unwrap(), None);
    let short = super::spec::Step {
        args: "ablate -j 2 --depths 3".into(),
        out: None,
        stdout: None,
        quick: None,
        timed: None,
    };
    let jobs = step_args(&short, dir, false, Some(1)).unwrap().unwrap();
    assert_eq!(
        jobs.join(" "),
        "ablate --jobs 1 --depths 3 --out out/f.partial",
        "-j's value is replaced"
    );
    let solve = step_args(&run.step[1], dir, false, None).unwrap().unwrap();
    assert_eq!(
        solve.join(" "),
        "solve --game kalah --json",
        "a stdout step gets no --out"
    );
    assert_eq!(spec.study[0].row[0].paper.unwrap().value(), 0.25);
}

#[test]
fn a_spec_with_a_row_of_no_run_or_a_bad_slice_is_refused() {
    let no_run = SPEC.replace("run = \"r\", sub", "run = \"x\", sub");
    assert!(format!("{:#}", parse(&no_run).unwrap_err()).contains("names no run"));
    let bad = SPEC.replace("--games 2 --seed 3", "--games");
    assert!(format!("{:#}", parse(&bad).unwrap_err()).contains("--flag value"));
    let out = SPEC.replace("--jobs 2 --agents", "--out x --agents");
    assert!(format!("{:#}", parse(&out).unwrap_err()).contains("leave out `--out`"));
    let unpublished = SPEC.replace("paper = [1, 4]\n", "");
    assert!(format!("{:#}", parse(&unpublished).unwrap_err()).contains("apart"));
    let both = SPEC.replace("paper = [1, 4]\n", "paper = [1, 4]\nbeyond = \"b\"\n");
    assert!(format!("{:#}", parse(&both).unwrap_err()).contains("one or the other"));
    let column = SPEC.replace(
        "side = \"first\" }",
        "side = \"first\" }\nalso = [{ label = \"x\", ours = { kind = \"wins\", run = \"y\", sub = \".\", agent = \"a\", side = \"all\" } }]",
    );
    assert!(format!("{:#}", parse(&column).unwrap_err()).contains("column `x` names no run"));
}

const RECORDS: &str = r#"{"position":"g01-m02","config":"alphabeta","depth":2,"ns":5,"cpu_ns":4,"n_nodes":17}
{"position":"g01-m02","config":"alphabeta","depth":1,"ns":9,"cpu_ns":8,"n_nodes":5}
"#;

#[test]
fn times_are_stripped_and_lines_are_keyed_not_ordered() {
    let slower = RECORDS.replace("\"ns\":5", "\"ns\":500");
    assert!(compare_file(RECORDS, &slower, 8).unwrap().is_empty());
    let swapped: String = RECORDS.lines().rev().map(|l| format!("{l}\n")).collect();
    assert!(compare_file(RECORDS, &swapped, 8).unwrap().is_empty());
    assert_eq!(canonical(RECORDS).unwrap(), canonical(&swapped).unwrap());
    assert!(!canonical(RECORDS).unwrap().contains("ns\""));
    let repeated = RECORDS.replace(
        "\"cpu_ns\":4",
        "\"cpu_ns\":4,\"ns_repeats\":[5,6],\"cpu_repeats\":[4,5]",
    );
    let slower = repeated
        .replace("[5,6]", "[50,60]")
        .replace("[4,5]", "[40,50]");
    assert!(
        compare_file(&repeated, &slower, 8).unwrap().is_empty(),
        "repeats are times"
    );
}

#[test]
fn a_changed_node_count_is_named_by_position_configuration_and_depth() {
    let changed = RECORDS.replace("\"n_nodes\":17", "\"n_nodes\":18");
    let found = compare_file(RECORDS, &changed, 8).unwrap();
    assert_eq!(
        found,
        vec!["position g01-m02, config alphabeta, depth 2: n_nodes 17 -> 18".to_string()]
    );
    let dropped: String = RECORDS.lines().take(1).map(|l| format!("{l}\n")).collect();
    let found = compare_file(RECORDS, &dropped, 8).unwrap();
    assert_eq!(
        found,
        vec!["position g01-m02, config alphabeta, depth 1: committed, not made now".to_string()]
    );
}

#[test]
fn only_takes_studies_and_runs_and_names_the_choices_on_a_typo() {
    let spec = parse(SPEC).unwrap();
    let root = Path::new("r");
    let names = |only: &[&str]| {
        let only: Vec<String> = only.iter().map(|s| s.to_string()).collect();
        super::steps::plan(&spec.study, &only, root, None).map(|p| {
            p.iter()
                .map(|p| p.dir.display().to_string())
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(names(&[]).unwrap(), ["r/f"]);
    assert_eq!(names(&["k"]).unwrap(), ["r/f"]);
    assert_eq!(names(&["k/r"]).unwrap(), ["r/f"]);
    let error = format!("{:#}", names(&["k/x"]).unwrap_err());
    let needing = SPEC.replace("folder = \"f\"", "folder = \"f\"\nneeds = \"engines\"");
    let spec = parse(&needing).unwrap();
    let planned = super::steps::plan(&spec.study, &[], root, None).unwrap();
    assert!(
        planned.is_empty(),
        "a run that needs engines is never planned"
    );
    let only = ["k/r".to_string()];
    let refused = format!(
        "{:#}",
        super::steps::plan(&spec.study, &only, root, None)
            .err()
            .unwrap()
    );
    assert!(refused.contains("`k/r` needs engines"), "{refused}");
    assert!(
        error.contains("no study or run is named `k/x`; there are k, k/r"),
        "{error}"
    );
}

#[test]
fn a_difference_inside_a_list_is_named_by_its_path() {
    let game = r#"{"pair":0,"game":1,"moves":[{"move":"a1","nodes":1001,"us":5},{"move":"b1","nodes":7}]}"#;
    let now = game.replace("1001", "1000").replace("\"us\":5", "\"us\":9");
    let found = compare_file(game, &now, 8).unwrap();
    assert_eq!(
        found,
        vec!["pair 0, game 1: moves.0.nodes 1001 -> 1000".to_string()]
    );
}

/// `RECORDS` with its lines changed by `f` (a list of lines in, a list out).
fn edited(f: impl Fn(Vec<&str>) -> Vec<String>) -> String {
    f(RECORDS.lines().collect())
        .into_iter()
        .map(|l| l + "\n")
        .collect()
}

#[test]
fn an_added_record_is_reported() {
    let extra = r#"{"position":"g01-m02","config":"alphabeta","depth":3,"n_nodes":40}"#;
    let added = edited(|lines| {
        let mut lines: Vec<String> = lines.into_iter().map(String::from).collect();
        lines.push(extra.to_string());
        lines
    });
    assert_eq!(
        compare_file(RECORDS, &added, 8).unwrap(),
        ["position g01-m02, config alphabeta, depth 3: made now, not committed"]
    );
    assert_eq!(
        compare_file(&added, RECORDS, 8).unwrap(),
        ["position g01-m02, config alphabeta, depth 3: committed, not made now"]
    );
}

#[test]
fn a_repeated_key_is_reported_as_a_duplicate_not_overwritten() {
    // The same line twice, and a line repeating the key with another count: neither may pass
    // as the one record it repeats.
    let twice = edited(|lines| {
        let mut lines: Vec<String> = lines.into_iter().map(String::from).collect();
        lines.push(lines[0].clone());
        lines
    });
    assert_eq!(
        compare_file(RECORDS, &twice, 8).unwrap(),
        ["position g01-m02, config alphabeta, depth 2: made now 2 times (a duplicate)"]
    );
    assert_eq!(
        compare_file(&twice, RECORDS, 8).unwrap(),
        ["position g01-m02, config alphabeta, depth 2: committed 2 times (a duplicate)"]
    );
    let other = edited(|lines| {
        let mut lines: Vec<String> = lines.into_iter().map(String::from).collect();
        lines.push(lines[0].replace("\"n_nodes\":17", "\"n_nodes\":99"));
        lines
    });
    assert_eq!(
        compare_file(RECORDS, &other, 8).unwrap(),
        ["position g01-m02, config alphabeta, depth 2: made now 2 times (a duplicate)"]
    );
    let first_overwritten = edited(|lines| {
        let mut lines: Vec<String> = lines.into_iter().map(String::from).collect();
        lines.insert(0, lines[0].replace("\"n_nodes\":17", "\"n_nodes\":99"));
        lines
    });
    let found = compare_file(RECORDS, &first_overwritten, 8).unwrap();
    assert!(found.iter().any(|d| d.contains("a duplicate")), "{found:?}");
    assert_eq!(
        canonical(&twice).unwrap().lines().count(),
        3,
        "canonical keeps both"
    );
}

#[test]
fn a_removed_and_a_changed_record_are_each_reported() {
    let removed = edited(|lines| vec![lines[1].to_string()]);
    assert_eq!(
        compare_file(RECORDS, &removed, 8).unwrap(),
        ["position g01-m02, config alphabeta, depth 2: committed, not made now"]
    );
    let changed = RECORDS.replace("\"n_nodes\":5", "\"n_nodes\":6");
    assert_eq!(
        compare_file(RECORDS, &changed, 8).unwrap(),
        ["position g01-m02, config alphabeta, depth 1: n_nodes 5 -> 6"]
    );
}
