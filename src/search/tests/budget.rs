//! The node budget (issue 12): iterative deepening ends normally once the budget is spent,
//! with the last completed iteration's move and score, and the cap keeps its own meaning
//! (also where both run out at once).

use super::support::config;
use super::support::params;
use crate::game::gothello::Gothello;
use crate::game::Game;
use crate::search::{Iteration, Searcher};

fn search(budget: Option<u64>, cap: Option<u64>) -> Vec<Iteration<<Gothello as Game>::Move>> {
    let game = Gothello::from_options("").unwrap();
    let eval = Gothello::parse_eval("number").unwrap();
    let config = config("alphabeta+id+tt-value+tt-move");
    let mut searcher = Searcher::new(config, params(&["id-step=1"]), eval);
    searcher.set_node_budget(budget);
    searcher.set_node_limit(cap);
    searcher.search(&mut game.clone(), 7, &mut |_| {})
}

fn spent(its: &[Iteration<impl Copy>]) -> u64 {
    its.iter().map(|it| it.counters.expanded()).sum()
}

#[test]
fn a_spent_budget_ends_with_the_last_completed_iteration() {
    let its = search(Some(1000), None);
    let (last, done) = its.split_last().unwrap();
    assert!(last.exhausted && !last.capped, "{last:?}");
    assert!(done.iter().all(|it| !it.exhausted && !it.capped));
    let previous = done
        .last()
        .expect("an iteration completes within 1000 nodes");
    assert_eq!(
        (last.best_move, last.score),
        (previous.best_move, previous.score)
    );
    assert_eq!(last.pv, previous.pv);
    // A spent budget of N has expanded exactly N nodes.
    assert_eq!(spent(&its), 1000);
}

#[test]
fn a_budget_never_reached_changes_nothing() {
    let (free, roomy) = (search(None, None), search(Some(u64::MAX / 2), None));
    let key = |its: &[Iteration<_>]| {
        its.iter()
            .map(|it| (it.counters, it.score, it.best_move))
            .collect::<Vec<_>>()
    };
    assert_eq!(key(&free), key(&roomy));
    assert!(roomy.iter().all(|it| !it.exhausted));
}

#[test]
fn the_cap_below_the_budget_still_caps() {
    let its = search(Some(5000), Some(1000));
    let last = its.last().unwrap();
    assert!(last.capped && !last.exhausted, "{last:?}");
}

/// A budget equal to the cap runs out with it, and the cap rules: the iteration is capped.
/// One node more of cap and the budget alone runs out.
#[test]
fn a_budget_equal_to_the_cap_leaves_the_iteration_capped() {
    let last = |its: Vec<Iteration<_>>| {
        let last = its.last().unwrap();
        (last.capped, last.exhausted)
    };
    assert_eq!(last(search(Some(1000), Some(1000))), (true, false));
    assert_eq!(last(search(Some(1000), Some(1001))), (false, true));
}
