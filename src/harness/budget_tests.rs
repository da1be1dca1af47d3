//! "Depth reached under a node budget": with `ablate --node-budget B` every record says the
//! deepest iteration completed within B (`depth_completed`), and without a budget none does.

use super::execute::execute;
use super::measure::{root_search, SearchSpec};
use super::plan::Plan;
use super::run::prepare;
use super::tests::{records, small_fixture, spec, temp_dir};
use crate::game::kalah::Kalah;
use crate::game::Game;
use crate::search::{Config, Params};
use std::sync::atomic::AtomicBool;

/// Iterative deepening one ply at a time to depth 9, with and without the table: the depth
/// each record says it completed under budget B is the deepest iteration whose nodes, summed
/// over the iterations up to it, fit in B, read from the same search without a budget.
#[test]
fn a_node_budget_records_the_deepest_iteration_completed_within_it() {
    let dir = temp_dir("budget");
    let fixture = small_fixture(&dir, 2, 3);
    let configs =
        ["alphabeta+id", "alphabeta+id+tt-value+tt-move"].map(|c| Config::parse(c).unwrap());
    let params = Params::default().with_assignments(["id-step=1"]).unwrap();
    let mut reached = Vec::new();
    for budget in [1, 300, 3_000, 30_000] {
        let mut s = spec(&fixture, &dir.join(format!("b{budget}")), 1, None);
        (s.plan, s.base, s.full) = (Plan::Configs(configs.to_vec()), configs[0], configs[1]);
        (s.depths, s.params, s.node_budget) = (vec![9], params.clone(), Some(budget));
        let prepared = prepare::<Kalah>(&s).unwrap();
        execute(&prepared, &mut (), &AtomicBool::new(false)).unwrap();
        for record in records(&prepared.dir) {
            let game = &prepared
                .positions
                .iter()
                .find(|p| p.0 == record.position)
                .unwrap()
                .1;
            let unbounded = SearchSpec::<Kalah> {
                config: record.config,
                params: params.clone(),
                eval: Kalah::DEFAULT_EVAL,
                node_limit: None,
                node_budget: None,
            };
            let iterations = root_search(game, &unbounded, 9, &mut |_| {});
            let fits = iterations
                .iter()
                .filter(|r| r.counters.expanded() <= budget);
            let expected = fits.map(|r| r.depth).max().unwrap_or(0);
            let at = format!("{} {} B={budget}", record.position, record.config);
            assert_eq!(record.result.depth_completed, Some(expected), "{at}");
            reached.push(expected);
        }
    }
    // The budgets span the interesting range: none completes depth 1 under B = 1, some
    // complete depth 9, and others stop between.
    assert!(reached.contains(&0) && reached.contains(&9), "{reached:?}");
    assert!(reached.iter().any(|&d| d > 1 && d < 9), "{reached:?}");
}

/// Without a budget records carry no `depth_completed` (and do not write it).
#[test]
fn without_a_budget_no_depth_completed_is_recorded() {
    let dir = temp_dir("no-budget");
    let fixture = small_fixture(&dir, 1, 2);
    let mut s = spec(&fixture, &dir.join("run"), 1, None);
    s.depths = vec![2];
    let prepared = prepare::<Kalah>(&s).unwrap();
    execute(&prepared, &mut (), &AtomicBool::new(false)).unwrap();
    let text = std::fs::read_to_string(prepared.dir.join("records.jsonl")).unwrap();
    assert!(!text.contains("depth_completed"), "{text}");
    assert!(records(&prepared.dir)
        .iter()
        .all(|r| r.result.depth_completed.is_none()));
}
