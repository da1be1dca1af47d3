//! The estimate's growth model on made-up samples, and its predictions against the committed
//! runs' recorded CPU times: the sample reads the recorded searches instead of timing new
//! ones, so the tests read no clock and do not depend on the machine's speed.

use super::{
    candidate_depths, estimate_with, predict, sample_order, sample_positions, Growth, PlanShape,
    Sampled, DEFAULT_SAMPLE_SECONDS,
};
use crate::harness::plan::tasks;
use crate::runfolder::read_run;
use std::collections::BTreeMap;
use std::path::Path;

fn growth(samples: &[(u32, f64)], seconds_per_node: f64) -> Growth {
    Growth {
        mean_nodes: samples.iter().copied().collect(),
        seconds_per_node: samples
            .iter()
            .map(|&(d, _)| (d, seconds_per_node))
            .collect(),
        seconds_per_search: 0.5,
    }
}

#[test]
fn candidate_depths_run_from_three_to_the_deepest() {
    assert_eq!(
        candidate_depths(&[1, 2, 3, 4, 5, 6, 7, 8]),
        [3, 4, 5, 6, 7, 8]
    );
    assert_eq!(candidate_depths(&[1, 2]), [1, 2]);
    assert_eq!(candidate_depths(&[2, 4, 6]), [3, 4, 5, 6]);
    assert_eq!(candidate_depths(&[6, 8]), [6, 7, 8]);
    assert_eq!(candidate_depths(&[4]), [3, 4]);
    assert_eq!(candidate_depths(&[1]), [1]);
    assert!(candidate_depths(&[]).is_empty());
}

#[test]
fn many_configurations_start_with_fewer_positions() {
    assert_eq!(sample_positions(40, 1), 4);
    assert_eq!(sample_positions(3, 1), 3);
    assert_eq!(sample_positions(40, 6), 3);
    assert_eq!(sample_positions(40, 20), 1);
    assert_eq!(sample_positions(20, 512), 1);
}

#[test]
fn the_sample_order_spreads_every_position_once_and_differs_by_configuration() {
    // 10 / φ rounds to 6, which shares a factor with 10: the stride is 7.
    assert_eq!(sample_order(10, 0, 4), [0, 7, 4, 1, 8, 5, 2, 9, 6, 3]);
    assert_eq!(sample_order(10, 1, 4), [8, 5, 2, 9, 6, 3, 0, 7, 4, 1]);
    assert_eq!(sample_order(1, 3, 1), [0]);
    assert!(sample_order(0, 0, 1).is_empty());
    for positions in 1..60 {
        let mut order = sample_order(positions, 5, 2);
        order.sort_unstable();
        assert_eq!(order, (0..positions).collect::<Vec<_>>(), "{positions}");
    }
}

#[test]
fn nodes_grow_by_the_branching_factor_of_the_deepest_two_plies() {
    let g = growth(&[(2, 10.0), (3, 30.0)], 1e-6);
    for (depth, want) in [(2, 10.0), (3, 30.0), (4, 90.0), (6, 810.0)] {
        assert!((g.nodes(depth, None) - want).abs() < 1e-9, "depth {depth}");
    }
    assert_eq!(g.nodes(6, Some(500)), 500.0);
    // Odd and even depths alternate: the factor is taken over two plies.
    let g = growth(&[(3, 10.0), (4, 100.0), (5, 200.0)], 1e-6);
    assert!((g.branching() - 20f64.sqrt()).abs() < 1e-9);
    assert!((g.nodes(7, None) - 4000.0).abs() < 1e-6);
    // A shrinking sample (a node cap, a solved position) never predicts fewer nodes deeper.
    let g = growth(&[(1, 50.0), (2, 40.0)], 1e-6);
    assert_eq!(g.nodes(5, None), 40.0);
    let g = growth(&[(3, 7.0)], 1e-6);
    assert_eq!(g.nodes(3, None), 7.0);
}

#[test]
fn an_unsampled_depth_costs_the_deepest_sampled_time_per_node() {
    let mut g = growth(&[(3, 10.0), (4, 40.0)], 1.0);
    g.seconds_per_node.insert(3, 5.0);
    assert_eq!(g.seconds(3, None), 10.0 * 5.0 + 0.5);
    assert_eq!(g.seconds(4, None), 40.0 + 0.5);
    // Four times the nodes per ply, at depth 4's second per node.
    assert_eq!(g.seconds(6, None), 40.0 * 16.0 + 0.5);
}

#[test]
fn every_task_counts_once_with_its_configuration_s_cost() {
    let growths = [
        growth(&[(1, 10.0), (2, 20.0)], 1.0),
        growth(&[(1, 1.0), (2, 3.0)], 2.0),
    ];
    let plan = tasks(5, 2, &[1, 2, 3]);
    let depths = predict(&plan, &growths, None);
    let searches: Vec<usize> = depths.iter().map(|d| d.searches).collect();
    assert_eq!(searches, [10, 10, 10]);
    let depth3 = &depths[2];
    assert_eq!((depth3.depth, depth3.nodes), (3, 5.0 * (40.0 + 9.0)));
    assert_eq!(depth3.seconds, 5.0 * (40.0 * 1.0 + 9.0 * 2.0 + 2.0 * 0.5));
}

/// Each depth takes three times the nodes of the one above, at one microsecond a node, and
/// position `p` takes `1 + p / 10` times that.
fn geometric(task: super::Task) -> Sampled {
    let nodes = 3f64.powi(task.depth as i32) * 1000.0 * (1.0 + task.position as f64 / 10.0);
    Sampled {
        nodes,
        seconds: nodes * 1e-6,
        outside: 0.0,
    }
}

/// The sample stops deepening once a configuration has its share of the sampling time and
/// two depths, and never searches a task twice.
#[test]
fn the_sample_stops_at_its_share_of_the_time() {
    let order = tasks(10, 2, &[1, 2, 3, 4, 5, 6, 7, 8]);
    let plan = PlanShape {
        positions: 10,
        configs: 2,
        depths: &[1, 2, 3, 4, 5, 6, 7, 8],
        tasks: &order,
        max_nodes: None,
    };
    let mut searched = Vec::new();
    let estimate = estimate_with(&plan, 2.0, &mut |task| {
        searched.push((task.config, task.depth, task.position));
        geometric(task)
    });
    // Configuration 0 starts on positions 0, 7, 4, 1 (5.2 times position 0's cost),
    // configuration 1 on 8, 5, 2, 9 (6.4 times): depths 3, 4, 5 cost 0.14, 0.42 and 1.26 s,
    // or 0.17, 0.52 and 1.56 s, and pass the share of 1 s at depth 5.
    assert_eq!(estimate.sample_depths, [3, 4, 5]);
    assert_eq!(estimate.sample_positions, (4, 4));
    assert_eq!(estimate.sample_searches, 2 * 3 * 4);
    let mut unique = searched.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), searched.len());
    // The growth is exact, and the two configurations' positions cost 1.3 and 1.6 times
    // position 0 on average, the set 1.45 times.
    let want: f64 = order.iter().map(|&t| geometric(t).seconds).sum();
    let ratio = estimate.seconds() / want;
    assert!((0.8..1.2).contains(&ratio), "{ratio}");
}

/// A sample that has searched every depth of the plan with time to spare adds positions
/// until it has spent its share, the same positions at every depth; with all of them, the
/// prediction is the plan's cost.
#[test]
fn the_sample_adds_positions_until_it_has_spent_its_share() {
    let order = tasks(10, 1, &[1, 2, 3, 4]);
    let plan = PlanShape {
        positions: 10,
        configs: 1,
        depths: &[1, 2, 3, 4],
        tasks: &order,
        max_nodes: None,
    };
    // Depths 3 and 4 cost 0.108 s times 1 + p / 10 a position: 0.56 s on the first four
    // (0, 7, 4, 1), 0.76 s with position 8, 0.92 s with position 5.
    let estimate = estimate_with(&plan, 0.8, &mut geometric);
    assert_eq!(estimate.sample_depths, [3, 4]);
    assert_eq!(estimate.sample_positions, (6, 6));
    assert_eq!(estimate.sample_searches, 2 * 6);
    let estimate = estimate_with(&plan, 100.0, &mut geometric);
    assert_eq!(estimate.sample_positions, (10, 10));
    let want: f64 = order.iter().map(|&t| geometric(t).seconds).sum();
    let sampled: f64 = order
        .iter()
        .filter(|t| t.depth >= 3)
        .map(|&t| geometric(t).seconds)
        .sum();
    assert!((estimate.sample_seconds - sampled).abs() < 1e-9);
    // Depths 1 and 2 are shrunk from depth 3 by the branching factor, which is exact.
    assert!((estimate.seconds() / want - 1.0).abs() < 1e-9);
}

/// A committed run's records, as the sample would have measured them.
struct Recorded {
    /// (position index, config index, depth) to nodes and seconds.
    searches: BTreeMap<(usize, usize, u32), Sampled>,
    positions: usize,
    configs: usize,
    depths: Vec<u32>,
    max_nodes: Option<u64>,
}

fn recorded(name: &str) -> Recorded {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("results")
        .join(name);
    let run = read_run(&dir).expect("a committed run reads");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join(&run.manifest.fixture.path);
    let text = std::fs::read_to_string(&fixture).expect("the run's fixture");
    let file: serde_json::Value = serde_json::from_str(&text).expect("fixture JSON");
    let ids: Vec<&str> = file["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| p["id"].as_str().expect("an id"))
        .collect();
    let configs: Vec<_> = run.manifest.configs.iter().map(|c| c.config).collect();
    let mut searches = BTreeMap::new();
    for record in &run.records {
        let position = ids
            .iter()
            .position(|&id| id == record.position)
            .expect("a fixture id");
        let config = configs
            .iter()
            .position(|&c| c == record.config)
            .expect("a planned config");
        // CPU time where the run recorded it (from 2026-11-26), else wall time.
        let ns = record.result.cpu_ns.unwrap_or(record.result.ns);
        let sampled = Sampled {
            nodes: record.result.counters.expanded() as f64,
            seconds: ns as f64 / 1e9,
            outside: 0.0,
        };
        searches.insert((position, config, record.result.depth), sampled);
    }
    Recorded {
        searches,
        positions: run.manifest.fixture.positions,
        configs: configs.len(),
        depths: run.manifest.depths.clone(),
        max_nodes: run.manifest.max_nodes,
    }
}

/// The estimate of a committed run's plan, sampling its recorded searches for
/// `sample_seconds` (or, when `None`, for a hundredth of the run's recorded time): the
/// prediction over the recorded total time, and the sample's time over it.
fn predicted_over_measured(name: &str, sample_seconds: Option<f64>) -> (f64, f64) {
    let run = recorded(name);
    let order = tasks(run.positions, run.configs, &run.depths);
    let plan = PlanShape {
        positions: run.positions,
        configs: run.configs,
        depths: &run.depths,
        tasks: &order,
        max_nodes: run.max_nodes,
    };
    let measured: f64 = run.searches.values().map(|s| s.seconds).sum();
    let budget = sample_seconds.unwrap_or(measured / 100.0);
    let estimate = estimate_with(&plan, budget, &mut |task| {
        *run.searches
            .get(&(task.position, task.config, task.depth))
            .expect("the sample searches depths the run recorded")
    });
    (
        estimate.seconds() / measured,
        estimate.sample_seconds / measured,
    )
}

/// Every committed ablation run with more than one depth, its records complete (those of
/// 2026-11-26-estimate were made to measure the estimate).
const RUNS: [&str; 18] = [
    "2026-11-23-blackwhite-audet",
    "2026-11-23-blackwhite-audet-midgame",
    "2026-11-23-blackwhite-audet-midgame-tt-value",
    "2026-11-23-gomoku-patterns",
    "2026-11-23-gothello-number",
    "2026-11-23-kalah-cammp",
    "2026-11-23-mingmang-cammp",
    "2026-11-23-mingmang-cammp-java",
    "2026-11-23-mingmang-cammp-java-base-id",
    "2026-11-25-mingmang-cammp-d6",
    "2026-11-26-gomoku-patterns-1pg",
    "2026-11-26-kalah-cammp-1pg",
    "2026-11-26-mingmang-cammp-1pg",
    "2026-11-27-blackwhite-minimax-1pg",
    "2026-11-26-estimate/kalah-d8/run",
    "2026-11-26-estimate/kalah-d12/run",
    "2026-11-26-estimate/mingmang-d5/run",
    "2026-11-26-estimate/gothello-d9/run",
];

/// Every committed ablation run is predicted within a factor of two of its recorded time,
/// from the default sample.
#[test]
fn committed_runs_are_predicted_within_a_factor_of_two() {
    let ratios: Vec<(&str, f64)> = RUNS
        .iter()
        .map(|r| {
            (
                *r,
                predicted_over_measured(r, Some(DEFAULT_SAMPLE_SECONDS)).0,
            )
        })
        .collect();
    for (run, ratio) in &ratios {
        assert!(
            (0.5..=2.0).contains(ratio),
            "{run}: predicted / measured = {ratio:.2} ({ratios:?})"
        );
    }
}

/// From a sample of a hundredth of each run's time, which searches at most a tenth of it
/// (the shallow depths and a few positions), the rest extrapolated, every committed run is
/// still predicted within a factor of two.
#[test]
fn committed_runs_are_predicted_from_their_shallow_searches() {
    for run in RUNS {
        let (ratio, sampled) = predicted_over_measured(run, None);
        assert!(
            sampled <= 0.1,
            "{run}: the sample searched {sampled:.3} of the run"
        );
        assert!(
            (0.5..=2.0).contains(&ratio),
            "{run}: predicted / measured = {ratio:.2}"
        );
    }
}
