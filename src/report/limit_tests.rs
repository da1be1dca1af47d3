//! Tests of the report against the limits: nodes over the minimal tree (`minimal.jsonl`) and
//! the value drift against an exact baseline, on small synthetic runs with known numbers.

use super::tests::{manifest, parse_config, read, records, run_dir, Plan, RunDir, NODES, PLAN};
use super::{write_report, write_report_at};
use crate::runfolder::{MinimalRecord, Record};
use std::fs;

/// Writes `minimal.jsonl` with a tree of `n_nodes` per `(position, depth)`.
fn write_minimal(run: &RunDir, trees: &[(&str, u32, u64)]) {
    let lines: Vec<String> = trees
        .iter()
        .map(|&(position, depth, n_nodes)| {
            let tree = MinimalRecord {
                position: position.into(),
                depth,
                n_nodes,
                n_leaves: n_nodes - 1,
                score: 0,
            };
            serde_json::to_string(&tree).unwrap()
        })
        .collect();
    fs::write(run.0.join("minimal.jsonl"), lines.join("\n") + "\n").unwrap();
}

/// The record of `config` at `position` and `depth` in `records`.
fn find<'a>(records: &'a mut [Record], config: &str, position: &str, depth: u32) -> &'a mut Record {
    let config = parse_config(config);
    let found = records
        .iter_mut()
        .find(|r| r.config == config && r.position == position && r.result.depth == depth);
    found.expect("a record")
}

/// A run of `PLAN` at depths 1 and 2 with minimal trees of 40 nodes for every position at
/// depth 1 and of 500 and 1,000 nodes for p0 and p1 at depth 2 (none for p2); quiescence's
/// search of p0 at depth 2 hit the cap, and so did killers' of p2 (which has no tree there).
pub(super) fn minimal_run() -> RunDir {
    let mut recs = records(PLAN, &[1, 2], &NODES);
    find(&mut recs, "alphabeta+quiescence", "p0", 2)
        .result
        .capped = true;
    find(&mut recs, "alphabeta+killers", "p2", 2).result.capped = true;
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    let trees = [
        ("p0", 1, 40),
        ("p1", 1, 40),
        ("p2", 1, 40),
        ("p0", 2, 500),
        ("p1", 2, 1000),
    ];
    write_minimal(&run, &trees);
    write_report_at(&run.0, &run.0, Some(1), false).unwrap();
    run
}

#[test]
fn nodes_over_the_minimal_tree_sum_over_the_positions_with_a_tree() {
    let run = minimal_run();
    let summary = read(&run, "summary.md");
    let rows = [
        "| minimal tree (mean nodes) | 40 | 750 |",
        // Depth 1: 600 / 120; depth 2: (1,000 + 2,000) / (500 + 1,000).
        "| alpha-beta | 5.00 | 2.00 |",
        // p2 is capped at depth 2 but has no minimal tree there: not counted.
        "| alpha-beta with killer moves | 2.50 | 1.00 |",
        "| alpha-beta with quiescence search | 10.0 | capped (1/2) |",
        "| all without killer moves | 0.750 | 0.400 |",
        "| all (cammp) | 0.500 | 0.267 |",
    ];
    for row in rows {
        assert!(summary.contains(row), "{row}: {summary}");
    }
    assert!(
        summary.contains("3 of 3 at depth 1, 2 of 3 at depth 2"),
        "{summary}"
    );
    assert!(summary.contains("counts no quiescence nodes"), "{summary}");
    let per_depth = read(&run, "per-depth.csv");
    assert!(
        per_depth.contains(
            "alphabeta,alpha-beta,baseline,,2,3,3,0,2000.000,2484.138,2.000,2.484,10.0000,2.000000,"
        ),
        "{per_depth}"
    );
    let summary_csv = read(&run, "summary.csv");
    assert!(
        summary_csv.contains(
            ",3,5.000000,0.000000,0.000,0.000000,100.000,124.207,1.000000,1.000000,1.000000,3\n"
        ),
        "{summary_csv}"
    );
}

#[test]
fn a_run_without_minimal_trees_has_no_minimal_section_chart_or_column() {
    let run = run_dir(
        &manifest("kalah", PLAN, &[1, 2]),
        &records(PLAN, &[1, 2], &NODES),
    );
    write_report(&run.0).unwrap();
    let summary = read(&run, "summary.md");
    assert!(!summary.contains("Against the minimal tree"), "{summary}");
    assert!(!run.0.join("charts/minimal-ratio-per-depth.svg").exists());
    let summary_csv = read(&run, "summary.csv");
    assert!(
        summary_csv.contains(
            ",3,3,,0.000000,0.000,0.000000,1000.000,1242.069,1.000000,1.000000,1.000000,3\n"
        ),
        "{summary_csv}"
    );
}

/// A run of `PLAN` at depths 1 and 2 whose killers search plays another move of the same
/// value at p1 and whose quiescence search scores p0 3 and p1 -6 above alpha-beta's 0, at
/// depth 2.
fn drift_run() -> RunDir {
    let mut recs = records(PLAN, &[1, 2], &NODES);
    find(&mut recs, "alphabeta+killers", "p1", 2)
        .result
        .best_move = Some("2".into());
    find(&mut recs, "alphabeta+quiescence", "p0", 2)
        .result
        .score = 3;
    find(&mut recs, "alphabeta+quiescence", "p1", 2)
        .result
        .score = -6;
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    write_report(&run.0).unwrap();
    run
}

#[test]
fn drift_counts_scores_and_moves_that_differ_from_the_exact_baseline() {
    let run = drift_run();
    let summary = read(&run, "summary.md");
    let rows = [
        // Paired ratio: the geometric mean of 3, 2 and 5/3.
        "| alpha-beta with quiescence search | 2.15 | 67% | 3.00 | 6 | 0% | 3 |",
        "| alpha-beta with killer moves | 0.500 | 0% | 0.00 | 0 | 33% | 3 |",
        "| alpha-beta | — | 0% | 0.00 | 0 | 0% | 3 |",
        "| alpha-beta with killer moves | 0% / 0% | 0% / 33% |",
        "| alpha-beta with quiescence search | 0% / 0% | 67% / 0% |",
    ];
    for row in rows {
        assert!(summary.contains(row), "{row}: {summary}");
    }
    assert!(summary.contains("a different move of equal value counts too"));
    let summary_csv = read(&run, "summary.csv");
    assert!(
        summary_csv.contains(
            ",3,3,,0.666667,3.000,0.000000,2000.000,1242.069,2.154435,1.020330,4.549106,3\n"
        ),
        "{summary_csv}"
    );
    assert!(summary_csv
        .contains(",3,3,,0.000000,0.000,0.333333,500.000,621.034,0.500000,0.500000,0.500000,3\n"));
}

#[test]
fn drift_needs_an_exact_baseline() {
    // tt-value is exact on Kalah (its hash is complete), not on Ming Mang.
    let plan: Plan = &[
        ("alphabeta+tt-value", "tt", "baseline", None),
        (
            "alphabeta+tt-value+killers",
            "tt and killers",
            "add-one",
            Some("killers"),
        ),
    ];
    let baseline_is_exact = |game: &str| {
        let mut m = manifest(game, plan, &[1]);
        m.baseline = parse_config("alphabeta+tt-value");
        let run = run_dir(&m, &records(plan, &[1], &NODES));
        write_report(&run.0).unwrap();
        let summary = read(&run, "summary.md");
        let chart = run.0.join("charts/savings-vs-drift.svg").exists();
        match summary.contains("| tt and killers | 0.500 | 0% |") {
            true => assert!(chart, "{game}: a drift table but no chart"),
            false => {
                assert!(!chart, "{game}: a chart without a drift table");
                assert!(
                    summary.contains("No value drift: the baseline `alphabeta+tt-value` is not exact on `mingmang`"),
                    "{summary}"
                );
            }
        }
        chart
    };
    assert!(baseline_is_exact("kalah"));
    assert!(!baseline_is_exact("mingmang"));
}
