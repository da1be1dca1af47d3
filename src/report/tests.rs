//! Tests of the report on small synthetic run folders written into the system's temp
//! directory: table rows, means, intervals and ratios on known numbers, capped cells, ranking
//! differences, CSV rows, chart files, errors that name the file and line, and independence
//! from the order of the records.

use super::stats::{estimate, t_95};
use super::studies::ranking_swaps;
use super::{write_report, write_report_at};
use crate::cputime::Clock;
use crate::runfolder::{DepthResult, FixtureRef, Manifest, PlannedConfig, Record};
use crate::search::{Config, Counters, Enhancement, Params};
use crate::testing::TempDir;
use std::fs;
use std::path::Path;

/// A run folder (or a folder of them) that removes itself when the test ends.
pub(super) type RunDir = TempDir;

/// Writes `manifest` and `records` (in the order given) into a new folder.
pub(super) fn run_dir(manifest: &Manifest, records: &[Record]) -> RunDir {
    let dir = TempDir::new("report");
    write_run(&dir, manifest, records);
    dir
}

pub(super) fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap()
}

/// Writes `manifest` and `records` (in the order given) into `dir`, created if needed.
pub(super) fn write_run(dir: &Path, manifest: &Manifest, records: &[Record]) {
    fs::create_dir_all(dir).unwrap();
    fs::write(
        dir.join("manifest.json"),
        serde_json::to_string_pretty(manifest).unwrap(),
    )
    .unwrap();
    let lines: Vec<String> = records
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect();
    fs::write(dir.join("records.jsonl"), lines.join("\n") + "\n").unwrap();
}

/// `(config, label, role, technique)`.
pub(super) type Plan<'a> = &'a [(&'a str, &'a str, &'a str, Option<&'a str>)];

pub(super) const PLAN: Plan = &[
    ("alphabeta", "alpha-beta", "baseline", None),
    (
        "alphabeta+killers",
        "alpha-beta with killer moves",
        "add-one",
        Some("killers"),
    ),
    (
        "alphabeta+quiescence",
        "alpha-beta with quiescence search",
        "add-one",
        Some("quiescence"),
    ),
    (
        "cammp-killers",
        "all without killer moves",
        "leave-one-out",
        Some("killers"),
    ),
    ("cammp", "all (cammp)", "full", None),
];

pub(super) fn manifest(game: &str, plan: Plan, depths: &[u32]) -> Manifest {
    let configs = plan
        .iter()
        .map(|&(config, label, role, technique)| PlannedConfig {
            config: parse_config(config),
            label: label.into(),
            role: serde_json::from_value(serde_json::json!(role)).expect("a role"),
            technique: technique.map(|t| Enhancement::from_name(t).expect("a technique")),
        })
        .collect();
    Manifest {
        tool: "cutoff 0.1.0".into(),
        git_revision: "0123abc".into(),
        git_dirty: Some(false),
        build: None,
        mixed_builds: Vec::new(),
        rustc: "rustc 1.95.0".into(),
        cpu: "test cpu".into(),
        command_line: vec![
            "cutoff".into(),
            "ablate".into(),
            "--game".into(),
            game.into(),
        ],
        started: "2026-01-01T00:00:00Z".into(),
        label: "test".into(),
        game: game.into(),
        eval: "test-eval".into(),
        fixture: FixtureRef {
            path: "fixtures/test.json".into(),
            set: "test".into(),
            hash: "00ff".into(),
            positions: 3,
        },
        plan: "add-one+leave-one-out".into(),
        baseline: parse_config("alphabeta"),
        configs,
        depths: depths.to_vec(),
        params: Params::default(),
        max_nodes: Some(1_000_000),
        node_budget: None,
        repeat: 1,
        seed: 7,
        shard: None,
        load_start: None,
        load_end: None,
    }
}

/// The configuration `text` (which parses).
pub(super) fn parse_config(text: &str) -> Config {
    Config::parse(text).expect("a configuration")
}

pub(super) fn record(position: &str, config: &str, depth: u32, nodes: u64, capped: bool) -> Record {
    // A third of the nodes as quiescence nodes: the headline figure is their sum.
    // Half of the nodes as evaluation calls.
    let counters = Counters {
        n_nodes: nodes - nodes / 3,
        n_qnodes: nodes / 3,
        n_evals: nodes / 2,
        ..Counters::default()
    };
    let result = DepthResult {
        depth,
        ns: nodes * 1000,
        score: 0,
        best_move: Some("1".into()),
        pv: vec!["1".into()],
        capped,
        ns_repeats: Vec::new(),
        cpu_ns: None,
        cpu_repeats: Vec::new(),
        exhausted: false,
        depth_completed: None,
        counters,
    };
    Record {
        position: position.into(),
        config: parse_config(config),
        result,
    }
}

/// Records of every position of `nodes` (one list per configuration of `plan`, one value per
/// position) at depth 1, times `10^(d-1)` at deeper depths.
pub(super) fn records(plan: Plan, depths: &[u32], nodes: &[[u64; 3]]) -> Vec<Record> {
    let mut out = Vec::new();
    for (&(config, ..), per_position) in plan.iter().zip(nodes) {
        for &depth in depths {
            for (idx, &n) in per_position.iter().enumerate() {
                let scaled = n * 10u64.pow(depth - 1);
                out.push(record(&format!("p{idx}"), config, depth, scaled, false));
            }
        }
    }
    out
}

pub(super) const NODES: [[u64; 3]; 5] = [
    [100, 200, 300],
    [50, 100, 150],
    [300, 400, 500],
    [30, 30, 30],
    [20, 20, 20],
];

#[test]
fn estimates_have_t_intervals() {
    let check = |values: &[f64], mean: f64, half: Option<f64>| {
        let e = estimate(values);
        assert!((e.mean - mean).abs() < 1e-9, "{values:?}: mean {}", e.mean);
        match (e.half_width, half) {
            (Some(h), Some(want)) => assert!((h - want).abs() < 1e-3, "{values:?}: half {h}"),
            (got, want) => assert_eq!(got, want, "{values:?}"),
        }
    };
    check(&[5.0], 5.0, None);
    check(
        &[100.0, 200.0, 300.0],
        200.0,
        Some(4.302_653 * 100.0 / 3f64.sqrt()),
    );
    check(&[1.0, 1.0, 1.0, 1.0], 1.0, Some(0.0));
    // Exact quantiles (R: qt(0.975, df)), not table values.
    assert!((t_95(1) - 12.706_205).abs() < 1e-5);
    assert!((t_95(31) - 2.039_513).abs() < 1e-5);
    assert!((t_95(1000) - 1.962_339).abs() < 1e-5);
}

#[test]
fn cammp_table_has_rows_means_intervals_and_ratios() {
    let run = run_dir(
        &manifest("kalah", PLAN, &[1, 2]),
        &records(PLAN, &[1, 2], &NODES),
    );
    let table = write_report_at(&run.0, &run.0, Some(1), false).unwrap();
    let rows: Vec<&str> = table
        .lines()
        .skip_while(|l| !l.starts_with("| ---"))
        .skip(1)
        .collect();
    assert_eq!(
        rows,
        [
            "| alpha-beta with quiescence search | 400 | ± 250 | 3 | 3 | 2.00 | 2.15 [1.02, 4.55] | - |",
            "| alpha-beta | 200 | ± 250 | 3 | 3 | 1.00 | — |  |",
            "| alpha-beta with killer moves | 100 | ± 120 | 3 | 3 | 0.500 | 0.500 [0.500, 0.500] | + |",
            "| all without killer moves | 30 | ± 0 | 3 | 3 | 0.150 | 0.165 [0.042, 0.656] | + |",
            "| all (cammp) | 20 | ± 0 | 3 | 3 | 0.100 | 0.110 [0.028, 0.438] | + |",
            "",
            &format!("{}.", super::tables::PAIRED_NOTE),
        ]
    );
    assert!(table.contains("Student's t"), "{table}");
    // The default depth is the largest complete one.
    assert!(write_report(&run.0).unwrap().contains("at depth 2"));
    let summary = read(&run, "summary.md");
    assert!(
        summary.contains("| alpha-beta | 200 | 2,000 |"),
        "{summary}"
    );
    assert!(
        summary.contains("| alpha-beta | 10.00 |"),
        "branching factor: {summary}"
    );
}

#[test]
fn capped_cells_show_capped_never_a_number() {
    let mut recs = records(PLAN, &[1, 2], &NODES);
    let last = recs
        .iter_mut()
        .find(|r| r.config == parse_config("alphabeta+killers") && r.result.depth == 2)
        .unwrap();
    last.result.capped = true;
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    assert!(
        write_report(&run.0).unwrap().contains("at depth 1"),
        "depth 2 has a capped cell"
    );
    let table = write_report_at(&run.0, &run.0, Some(2), false).unwrap();
    assert!(
        table.contains("| alpha-beta with killer moves | capped (1/3) |  | 3 |  | — |"),
        "{table}"
    );
    let summary = read(&run, "summary.md");
    assert!(
        summary.contains("| alpha-beta with killer moves | 100 | capped (1/3) |"),
        "{summary}"
    );
    let summary_csv = read(&run, "summary.csv");
    assert!(summary_csv
        .contains("alphabeta+killers,alpha-beta with killer moves,add-one,killers,2,3,,1,,,,0.500000,0.500000,0.500000,2,2,,0.000000,0.000,0.000000,,,0.500000,0.500000,0.500000,2\n"), "{summary_csv}");
    // The nodes chart draws the capped cell at the cap and says so.
    let chart = read(&run, "charts/nodes-per-depth.svg");
    assert!(
        chart.contains("some searches hit the node cap"),
        "no cap note"
    );
}

#[test]
fn ranking_swaps_are_pairs_ranked_the_other_way() {
    let check = |items: &[(f64, f64)], want: &[(usize, usize)]| {
        assert_eq!(ranking_swaps(items), want, "{items:?}")
    };
    check(&[], &[]);
    check(&[(3.0, 30.0), (2.0, 20.0), (1.0, 10.0)], &[]);
    check(&[(3.0, 10.0), (2.0, 20.0)], &[(0, 1)]);
    check(
        &[(3.0, 10.0), (2.0, 20.0), (1.0, 30.0)],
        &[(0, 1), (0, 2), (1, 2)],
    );
    check(&[(2.0, 5.0), (2.0, 9.0)], &[]);
    check(&[(3.0, 5.0), (2.0, 5.0)], &[]);
}

#[test]
fn ming_mang_runs_sit_beside_cammp() {
    // Killers cost nodes here, unlike in CAMMP: alpha-beta and killers swap.
    let nodes = [
        [100, 200, 300],
        [300, 400, 500],
        [500, 600, 700],
        [30, 30, 30],
        [20, 20, 20],
    ];
    let run = run_dir(
        &manifest("mingmang", PLAN, &[4]),
        &records(PLAN, &[4], &nodes),
    );
    write_report(&run.0).unwrap();
    let summary = read(&run, "summary.md");
    assert!(summary.contains("| alpha-beta with killer moves | 64,636 | 0.265 | alpha-beta with killer moves | 400,000 | 2.00 |"), "{summary}");
    assert!(
        summary.contains("| alpha-beta with null move | 237,897 | 0.976 | not in this run |"),
        "{summary}"
    );
    assert!(
        summary.contains("1 of their 10 pairs swap places.\n"),
        "{summary}"
    );
    assert!(summary.contains("- CAMMP: alpha-beta (243,820) above alpha-beta with killer moves (64,636); here: alpha-beta (200,000) below alpha-beta with killer moves (400,000)"), "{summary}");
}

#[test]
fn other_games_name_their_study() {
    let run = run_dir(
        &manifest("kalah:6,4,standard", PLAN, &[1]),
        &records(PLAN, &[1], &NODES),
    );
    write_report(&run.0).unwrap();
    let summary = read(&run, "summary.md");
    assert!(
        summary.contains("The study that applies is Mancala / Kalah (course project, 2022), which published win rates"),
        "{summary}"
    );
    assert!(
        summary.contains("there is no node table to compare"),
        "{summary}"
    );
}

#[test]
fn csv_files_have_a_line_per_cell() {
    let run = run_dir(
        &manifest("kalah", PLAN, &[1, 2]),
        &records(PLAN, &[1, 2], &NODES),
    );
    write_report_at(&run.0, &run.0, Some(1), false).unwrap();
    let summary = read(&run, "summary.csv");
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines.len(), 1 + PLAN.len());
    assert_eq!(
        lines[2],
        "2,alphabeta,alpha-beta,baseline,,1,3,3,0,200.000,248.414,1.000000,1.000000,1.000000,1.000000,3,3,,0.000000,0.000,0.000000,100.000,124.207,1.000000,1.000000,1.000000,3"
    );
    let per_depth = read(&run, "per-depth.csv");
    let lines: Vec<&str> = per_depth.lines().collect();
    assert_eq!(lines.len(), 1 + PLAN.len() * 2);
    assert!(
        lines.contains(
            &"alphabeta,alpha-beta,baseline,,2,3,3,0,2000.000,2484.138,2.000,2.484,10.0000,,0.000000,0.000,0.000000,1000.000,1242.069"
        ),
        "{per_depth}"
    );
}

#[test]
fn charts_are_written_as_svg_and_png() {
    let run = run_dir(
        &manifest("kalah", PLAN, &[1, 2, 3]),
        &records(PLAN, &[1, 2, 3], &NODES),
    );
    write_report(&run.0).unwrap();
    for name in [
        "nodes-per-depth",
        "time-per-depth",
        "branching-factor",
        "node-savings",
    ] {
        for ext in ["svg", "png"] {
            let path = run.0.join("charts").join(format!("{name}.{ext}"));
            let len = fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            assert!(len > 1000, "{} has {len} bytes", path.display());
        }
    }
}

#[test]
fn record_order_does_not_change_the_output() {
    let plan_manifest = manifest("mingmang", PLAN, &[1, 2, 3]);
    let recs = records(PLAN, &[1, 2, 3], &NODES);
    // A fixed permutation: every 7th record, wrapping (7 and the length are coprime).
    let len = recs.len();
    assert_ne!(len % 7, 0);
    let shuffled: Vec<Record> = (0..len).map(|i| recs[(i * 7) % len].clone()).collect();
    let (a, b) = (
        run_dir(&plan_manifest, &recs),
        run_dir(&plan_manifest, &shuffled),
    );
    assert_eq!(write_report(&a.0).unwrap(), write_report(&b.0).unwrap());
    let files = [
        "summary.md",
        "summary.csv",
        "per-depth.csv",
        "charts/nodes-per-depth.svg",
        "charts/node-savings.svg",
    ];
    for name in files {
        assert_eq!(read(&a, name), read(&b, name), "{name}");
    }
    for name in ["charts/nodes-per-depth.png", "charts/branching-factor.png"] {
        assert_eq!(
            fs::read(a.0.join(name)).unwrap(),
            fs::read(b.0.join(name)).unwrap(),
            "{name}"
        );
    }
}

/// The error of reporting a run whose `file` is replaced by `text`.
fn error_with(file: &str, text: &str) -> String {
    let run = run_dir(&manifest("kalah", PLAN, &[1]), &records(PLAN, &[1], &NODES));
    fs::write(run.0.join(file), text).unwrap();
    format!("{:#}", write_report(&run.0).unwrap_err())
}

fn good_line() -> String {
    serde_json::to_string(&record("p0", "alphabeta", 1, 10, false)).unwrap()
}

#[test]
fn errors_name_the_file_and_line() {
    let check = |file: &str, text: &str, want: &str| {
        let error = error_with(file, text);
        assert!(error.contains(want), "{error:?} lacks {want:?}");
    };
    let good = good_line();
    check(
        "manifest.json",
        "{ not json",
        "manifest.json: not a manifest",
    );
    check(
        "records.jsonl",
        &format!("{good}\n{{\"position\": 3}}\n"),
        "records.jsonl line 2: not a record",
    );
    check(
        "records.jsonl",
        &format!("{good}\n{good}\n"),
        "records.jsonl line 2: position p0, alphabeta, depth 1 repeats line 1",
    );
    let stranger = good.replace("\"alphabeta\"", "\"minimax\"");
    check(
        "records.jsonl",
        &format!("\n{stranger}\n"),
        "records.jsonl line 2: configuration `minimax` is not in the manifest's plan",
    );
    let missing = std::env::temp_dir().join("cutoff-report-test-no-such-folder");
    let error = format!("{:#}", write_report(Path::new(&missing)).unwrap_err());
    assert!(
        error.contains("not a run folder (no manifest.json)"),
        "{error}"
    );
}

#[test]
fn a_depth_outside_the_run_is_an_error() {
    let run = run_dir(
        &manifest("kalah", PLAN, &[1, 2]),
        &records(PLAN, &[1, 2], &NODES),
    );
    let error = write_report_at(&run.0, &run.0, Some(5), false)
        .unwrap_err()
        .to_string();
    assert_eq!(error, "depth 5 is not among the run's depths [1, 2]");
}

#[test]
fn exact_configurations_are_held_to_alpha_beta_root_values() {
    let depths = [1, 2];
    let mut records = records(PLAN, &depths, &NODES);
    // killers is exact: one changed root value is counted; quiescence is not exact: ignored.
    for r in records
        .iter_mut()
        .filter(|r| r.position == "p1" && r.result.depth == 2)
    {
        if r.config == parse_config("alphabeta+killers")
            || r.config == parse_config("alphabeta+quiescence")
        {
            r.result.score = 5;
        }
    }
    let dir = run_dir(&manifest("kalah", PLAN, &depths), &records);
    write_report(&dir.0).unwrap();
    let summary = read(&dir, "summary.md");
    assert!(
        summary.contains("1 root values differ from alpha-beta's"),
        "{summary}"
    );
    assert!(
        summary.contains("| alpha-beta with killer moves | 0 / 3 | 1 / 3 |"),
        "{summary}"
    );
    assert!(
        !summary.contains("| alpha-beta with quiescence search | 0 / 3"),
        "{summary}"
    );
}

#[test]
fn paired_ratios_are_geometric_means_of_per_position_ratios() {
    // Ratios 0.5, 0.5 and 2 against the baseline: geometric mean 0.5^(2/3) * 2^(1/3) = 0.794.
    let plan: Plan = &[
        ("alphabeta", "alpha-beta", "baseline", None),
        ("alphabeta+killers", "k", "add-one", Some("killers")),
    ];
    let nodes = [[100, 100, 100], [50, 50, 200]];
    let run = run_dir(&manifest("kalah", plan, &[1]), &records(plan, &[1], &nodes));
    let grid = super::stats::Grid::new(&crate::runfolder::read_run(&run).unwrap());
    let paired = super::stats::paired_ratio(&grid.rows[1], &grid.rows[0], 1).unwrap();
    assert!((paired.ratio - 0.5f64.powf(2.0 / 3.0) * 2f64.powf(1.0 / 3.0)).abs() < 1e-12);
    let (low, high) = paired.interval.unwrap();
    assert!(low < 1.0 && high > 1.0, "{paired:?}");
    assert_eq!((paired.n, paired.significance()), (3, ""));
    // The ratio of means is over the same positions: 300 / 300.
    assert_eq!(
        super::stats::ratio(&grid.rows[1], &grid.rows[0], 1),
        Some(1.0)
    );
}

/// Across depths: killers one ply deeper (nodes x10: 500, 500, 2000) against alpha-beta
/// at the shallower depth (100 each): per-position ratios 5, 5 and 20.
#[test]
fn paired_ratios_across_depths_pair_each_side_at_its_own_depth() {
    let plan: Plan = &[
        ("alphabeta", "alpha-beta", "baseline", None),
        ("alphabeta+killers", "k", "add-one", Some("killers")),
    ];
    let run = run_dir(
        &manifest("kalah", plan, &[1, 2]),
        &records(plan, &[1, 2], &[[100, 100, 100], [50, 50, 200]]),
    );
    let grid = super::stats::Grid::new(&crate::runfolder::read_run(&run).unwrap());
    let across = |d, b| super::stats::paired_ratio_across(&grid.rows[1], d, &grid.rows[0], b);
    let deeper = across(2, 1).unwrap();
    let expected = 5f64.powf(2.0 / 3.0) * 20f64.powf(1.0 / 3.0);
    assert!((deeper.ratio - expected).abs() < 1e-9, "{deeper:?}");
    let same = super::stats::paired_ratio(&grid.rows[1], &grid.rows[0], 2).unwrap();
    assert_eq!(across(2, 2).unwrap().ratio, same.ratio);
    assert!(across(3, 1).is_none(), "no searches at depth 3");
}

/// A capped search says only that the tree is bigger than the cap: its position leaves the
/// paired ratio, whichever side hit the cap. Uncapped, p2's ratio 2 would pull the geometric
/// mean from 0.5 to 0.794.
#[test]
fn paired_ratios_leave_capped_positions_out() {
    let plan: Plan = &[
        ("alphabeta", "alpha-beta", "baseline", None),
        ("alphabeta+killers", "k", "add-one", Some("killers")),
    ];
    for capped_row in ["alphabeta", "alphabeta+killers"] {
        let mut recs = records(plan, &[1], &[[100, 100, 100], [50, 50, 200]]);
        let p2 = |r: &&mut Record| r.position == "p2" && r.config == parse_config(capped_row);
        recs.iter_mut()
            .filter(p2)
            .for_each(|r| r.result.capped = true);
        let run = run_dir(&manifest("kalah", plan, &[1]), &recs);
        let grid = super::stats::Grid::new(&crate::runfolder::read_run(&run).unwrap());
        let paired = super::stats::paired_ratio(&grid.rows[1], &grid.rows[0], 1).unwrap();
        assert_eq!((paired.ratio, paired.n), (0.5, 2), "{capped_row} capped");
        let ratios = super::stats::position_ratios(&grid.rows[1], &grid.rows[0], 1);
        assert_eq!(ratios, [("p0", 0.5), ("p1", 0.5)], "{capped_row} capped");
    }
}

#[test]
fn incomplete_and_empty_runs_are_errors_unless_allowed() {
    let mut recs = records(PLAN, &[1, 2], &NODES);
    let gone = |r: &Record| r.config == parse_config("alphabeta+killers") && r.position == "p2";
    recs.retain(|r| !gone(r));
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    let error = format!(
        "{:#}",
        write_report_at(&run, &run, None, false).unwrap_err()
    );
    assert!(error.contains("incomplete (28 of 30 searches"), "{error}");
    let table = write_report_at(&run, &run, Some(1), true).unwrap();
    assert!(
        table.contains("| alpha-beta with killer moves | 80 | ± 320 | 2 of 3 | 2 | 0.500 |"),
        "{table}"
    );
    assert!(read(&run, "summary.md").contains("**INCOMPLETE**: 28 of 30 searches"));
    let empty = run_dir(&manifest("kalah", PLAN, &[1, 2]), &[]);
    let error = format!(
        "{:#}",
        write_report_at(&empty, &empty, None, true).unwrap_err()
    );
    assert!(error.contains("no records"), "{error}");
}

#[test]
fn shapley_values_split_effects_and_interactions_exactly() {
    // nodes = 1000 * 0.5^killers * 0.8^history * 0.9^pvs * 0.6^(killers and history):
    // killers and history each get half of the shared ln 0.6, pvs its own ln 0.9.
    let plan: Plan = &[
        ("alphabeta", "alpha-beta", "baseline", None),
        ("alphabeta+killers", "k", "subset", None),
        ("alphabeta+history", "h", "subset", None),
        ("alphabeta+killers+history", "kh", "subset", None),
        ("alphabeta+pvs", "p", "subset", None),
        ("alphabeta+killers+pvs", "kp", "subset", None),
        ("alphabeta+history+pvs", "hp", "subset", None),
        ("alphabeta+killers+history+pvs", "khp", "subset", None),
    ];
    let nodes: Vec<[u64; 3]> = (0..8u32)
        .map(|mask| {
            let bit = |i: u32| i32::from(mask & (1 << i) != 0);
            let factor = 0.5f64.powi(bit(0))
                * 0.8f64.powi(bit(1))
                * 0.9f64.powi(bit(2))
                * 0.6f64.powi(bit(0) * bit(1));
            let n = (100_000_000.0 * factor).round() as u64;
            [n, 2 * n, 3 * n]
        })
        .collect();
    let run = run_dir(&manifest("kalah", plan, &[1]), &records(plan, &[1], &nodes));
    let grid = super::stats::Grid::new(&crate::runfolder::read_run(&run).unwrap());
    let shapley = super::shapley::Shapley::new(&grid, 1).unwrap();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-5;
    let half_shared = 0.6f64.ln() / 2.0;
    assert!(close(shapley.value_of(0), 0.5f64.ln() + half_shared));
    assert!(close(shapley.value_of(1), 0.8f64.ln() + half_shared));
    assert!(close(shapley.value_of(2), 0.9f64.ln()));
    assert!(close(shapley.interaction(0, 1), 0.6f64.ln()));
    assert!(close(shapley.interaction(0, 2), 0.0));
    assert!(close(shapley.add_one(0), 0.5f64.ln()));
    assert!(close(shapley.leave_one_out(0), (0.5f64 * 0.6).ln()));
    write_report(&run).unwrap();
    let summary = read(&run, "summary.md");
    assert!(summary.contains("(Shapley values)"), "{summary}");
    assert!(
        summary.contains("| 1 | killer moves | -0.949 | × 0.387 | × 0.500 (1) | × 0.300 (1) |"),
        "{summary}"
    );
}

/// A position that one subset searched only up to the cap leaves the Shapley analysis: the
/// values are those of the other two positions (the same as with all three, the factors
/// being equal on every position), whatever count the capped record holds.
#[test]
fn shapley_values_leave_capped_positions_out() {
    let plan: Plan = &[
        ("alphabeta", "alpha-beta", "baseline", None),
        ("alphabeta+killers", "k", "subset", None),
        ("alphabeta+history", "h", "subset", None),
        ("alphabeta+killers+history", "kh", "subset", None),
    ];
    // nodes = 1000 * 0.5^killers * 0.8^history on every position.
    let nodes = [
        [1000, 2000, 3000],
        [500, 1000, 1500],
        [800, 1600, 2400],
        [400, 800, 1200],
    ];
    let mut recs = records(plan, &[1], &nodes);
    let capped = |r: &&mut Record| {
        r.position == "p2" && r.config == parse_config("alphabeta+killers+history")
    };
    for r in recs.iter_mut().filter(capped) {
        r.result.capped = true;
        r.result.counters.n_nodes *= 100;
    }
    let run = run_dir(&manifest("kalah", plan, &[1]), &recs);
    let grid = super::stats::Grid::new(&crate::runfolder::read_run(&run).unwrap());
    let shapley = super::shapley::Shapley::new(&grid, 1).unwrap();
    assert_eq!(shapley.positions, 2);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(close(shapley.value_of(0), 0.5f64.ln()), "{shapley:?}");
    assert!(close(shapley.value_of(1), 0.8f64.ln()), "{shapley:?}");
    assert!(close(shapley.interaction(0, 1), 0.0), "{shapley:?}");
}

#[test]
fn the_branching_factor_of_iterative_deepening_spans_its_step() {
    // With id-step 2 the odd and even depths run different iterations: 10, 50, 40, 200
    // nodes would zigzag ply by ply (5.0, 0.8, 5.0); over the step, depth 4 is
    // sqrt(200 / 50) = 2.
    let plan: Plan = &[
        ("alphabeta", "alpha-beta", "baseline", None),
        ("alphabeta+id", "id", "add-one", Some("id")),
    ];
    let depths = [1, 2, 3, 4];
    let mut recs = Vec::new();
    for (depth, nodes) in depths.iter().zip([10, 50, 40, 200]) {
        for position in ["p0", "p1", "p2"] {
            recs.push(record(position, "alphabeta", *depth, nodes, false));
            recs.push(record(position, "alphabeta+id", *depth, nodes, false));
        }
    }
    let run = run_dir(&manifest("kalah", plan, &depths), &recs);
    let grid = super::stats::Grid::new(&crate::runfolder::read_run(&run).unwrap());
    let ebf = |row: usize, depth| grid.rows[row].ebf(&grid.depths, depth, grid.id_step).mean();
    assert_eq!(grid.id_step, 2);
    assert!((ebf(1, 4).unwrap() - 2.0).abs() < 1e-12);
    assert!(
        (ebf(1, 2).unwrap() - 5.0).abs() < 1e-12,
        "no depth 0: from depth 1"
    );
    assert!(
        (ebf(0, 4).unwrap() - 5.0).abs() < 1e-12,
        "without id: ply by ply"
    );
}

#[test]
fn a_node_budget_is_named_in_the_provenance() {
    let mut m = manifest("kalah", PLAN, &[1]);
    m.node_budget = Some(1000);
    let run = run_dir(&m, &records(PLAN, &[1], &NODES));
    write_report(&run.0).unwrap();
    assert!(read(&run, "summary.md").contains("node budget 1,000 per search"));
}

#[test]
fn times_are_cpu_times_where_recorded_and_the_caption_says_which() {
    let nodes = [
        [100, 200, 300],
        [30, 30, 30],
        [20, 20, 20],
        [50, 50, 50],
        [10, 10, 10],
    ];
    let mut recs = records(PLAN, &[4], &nodes);
    let caption = |dir: &RunDir, clock| {
        super::write_report_by(dir, dir, (None, false), clock).unwrap();
        let summary = read(dir, "summary.md");
        let line = summary.lines().find(|l| l.starts_with("## Time per depth"));
        line.unwrap().to_string()
    };
    let old = run_dir(&manifest("kalah", PLAN, &[4]), &recs);
    assert_eq!(
        caption(&old, Clock::Cpu),
        "## Time per depth (mean ms, wall time)"
    );
    // CPU times of a thousandth of the wall times: the table shows them.
    for r in &mut recs {
        r.result.cpu_ns = Some(r.result.ns / 1000);
    }
    let new = run_dir(&manifest("kalah", PLAN, &[4]), &recs);
    assert_eq!(
        caption(&new, Clock::Wall),
        "## Time per depth (mean ms, wall time)"
    );
    let wall_summary = read(&new, "summary.md");
    assert_eq!(
        caption(&new, Clock::Cpu),
        "## Time per depth (mean ms, CPU time)"
    );
    assert_ne!(read(&new, "summary.md"), wall_summary);
    let chart = read(&new, "charts/time-per-depth.svg");
    assert!(chart.contains("Time per search (CPU time)"), "{chart}");
}
