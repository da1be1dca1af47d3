use super::book::{verdict, Measured, Verdict};
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

#[test]
fn verdicts_follow_their_rules() {
    let ours = ratio(0.5, 0.4, 0.6);
    assert_eq!(
        verdict(Some(0.45), None, Some(&ours), false),
        Verdict::Reproduced
    );
    assert_eq!(
        verdict(Some(0.9), Some((0.7, 0.98)), Some(&ours), false),
        Verdict::SameDirection
    );
    assert_eq!(
        verdict(
            Some(0.9),
            Some((0.55, 0.98)),
            Some(&ratio(0.7, 0.6, 0.8)),
            false
        ),
        Verdict::Reproduced
    );
    assert_eq!(
        verdict(Some(0.9), None, Some(&ours), false),
        Verdict::SameDirection
    );
    assert_eq!(
        verdict(Some(1.2), None, Some(&ours), false),
        Verdict::Contradicted
    );
    assert_eq!(
        verdict(Some(0.45), None, Some(&ours), true),
        Verdict::NotComparable
    );
    assert_eq!(
        verdict(None, None, Some(&ours), true),
        Verdict::NotComparable
    );
    assert_eq!(verdict(Some(0.45), None, None, false), Verdict::NoData);
    let exact = Measured {
        value: 2.0,
        interval: None,
        neutral: None,
        n: 1,
        units: 1,
    };
    assert_eq!(
        verdict(Some(2.0), None, Some(&exact), false),
        Verdict::Reproduced
    );
    assert_eq!(
        verdict(Some(6.0), None, Some(&exact), false),
        Verdict::Contradicted
    );
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
