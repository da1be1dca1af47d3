//! The audit's fixes (issue 9 item 1), each with a test that fails without it: the node cap
//! per root search, LMR under PVS, quiescence's own killers, exactness under parameters,
//! iterative deepening's PV move without a table, and what the counters count.

use super::support::Counting;
use super::support::{config, iterations, kalah_positions, mingmang_positions, params, value};
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::Game;
use crate::search::expectimax::Expectimax;
use crate::search::{Counters, Params, Searcher};
use std::sync::atomic::{AtomicU64, Ordering};

fn store_diff() -> <Kalah as Game>::Eval {
    Kalah::parse_eval("store-diff").unwrap()
}

fn total(its: &[crate::search::Iteration<impl Copy>]) -> Counters {
    let mut sum = Counters::default();
    its.iter().for_each(|it| sum += it.counters);
    sum
}

/// The cap is one budget for the whole root search, not one per iteration.
#[test]
fn the_node_cap_holds_for_the_whole_root_search() {
    let game = MingMang::from_options("").unwrap();
    let eval = MingMang::parse_eval("cammp").unwrap();
    let limit = 20_000;
    let mut searcher = Searcher::new(config("alphabeta+id"), params(&["id-step=1"]), eval);
    searcher.set_node_limit(Some(limit));
    let its = searcher.search(&mut game.clone(), 10, &mut |_| {});
    assert!(its.last().unwrap().capped);
    assert!(its.len() > 1, "the cap should fall in a later iteration");
    // A capped search has expanded exactly the cap: the node that finds it spent is not
    // counted.
    assert_eq!(total(&its).expanded(), limit);
}

/// `--max-nodes N` means N, whichever way q-nodes are counted: every cap that stops the
/// search stops it at exactly N expanded nodes, quiescence's expansions included.
#[test]
fn a_capped_search_expands_exactly_the_cap() {
    let game = MingMang::from_options("").unwrap();
    for q_count in ["q-count=0", "q-count=1"] {
        for limit in (1..=300).chain([1000, 4321]) {
            let eval = MingMang::parse_eval("cammp").unwrap();
            let cfg = config("alphabeta+id+tt-value+tt-move+quiescence");
            let mut searcher = Searcher::new(cfg, params(&["id-step=1", q_count]), eval);
            searcher.set_node_limit(Some(limit));
            let its = searcher.search(&mut game.clone(), 8, &mut |_| {});
            assert!(its.last().unwrap().capped, "{q_count} limit {limit}");
            assert_eq!(total(&its).expanded(), limit, "{q_count}");
        }
    }
}

/// With `lmr-research=0` the reduced tree does not depend on the window, so PVS must return
/// plain alpha-beta's value over it; a PVS re-search at full depth would not.
#[test]
fn lmr_research_means_the_same_with_and_without_pvs() {
    let p = params(&["lmr-after=1", "lmr-min-depth=2", "lmr-research=0"]);
    let (plain, pvs) = (config("alphabeta+lmr"), config("alphabeta+lmr+pvs"));
    let mut differ = 0;
    for game in kalah_positions(0..12, 10) {
        let eval = store_diff();
        let a = value(&game, plain, p.clone(), eval, 6);
        let b = value(&game, pvs, p.clone(), eval, 6);
        differ += usize::from(a != b);
        let its = iterations(&game, pvs, p.clone(), eval, 6);
        assert_eq!(total(&its).n_lmr_researches, 0);
    }
    for game in mingmang_positions(0..4, 12) {
        let eval = MingMang::parse_eval("cammp").unwrap();
        let a = value(&game, plain, p.clone(), eval, 4);
        let b = value(&game, pvs, p.clone(), eval, 4);
        differ += usize::from(a != b);
    }
    assert_eq!(differ, 0, "positions where PVS changed the LMR value");
}

/// Quiescence records its killers in its own table: after a search to depth d, no main
/// killer lies at ply d or deeper (main nodes there are leaves), yet quiescence cut there.
#[test]
fn quiescence_keeps_its_own_killers() {
    let depth = 3;
    let mut q_killers = 0;
    for game in kalah_positions(0..16, 14) {
        let mut searcher = Searcher::new(
            config("alphabeta+killers+quiescence"),
            Params::default(),
            store_diff(),
        );
        searcher.search(&mut game.clone(), depth, &mut |_| {});
        for ply in depth as usize..depth as usize + 6 {
            let [main, quiescence] = searcher.killers(ply);
            assert_eq!(main, [None, None], "main killers at ply {ply}");
            q_killers += quiescence.iter().flatten().count();
        }
    }
    assert!(
        q_killers > 0,
        "quiescence never cut: the test shows nothing"
    );
}

#[test]
fn exactness_depends_on_params_and_the_hash() {
    let tt = config("alphabeta+id+tt-value+tt-move+killers");
    let deeper = params(&["tt-cut-deeper=1"]);
    assert!(tt.is_exact_with(&Params::default(), true));
    assert!(!tt.is_exact_with(&deeper, true));
    assert!(!tt.is_exact_with(&Params::default(), false));
    let no_tt = config("alphabeta+id+tt-move+killers");
    assert!(no_tt.is_exact_with(&deeper, false));
    assert!(!config("alphabeta+lmr").is_exact_with(&Params::default(), true));
}

/// Without a table, iterative deepening still searches the last iteration's best move first
/// at the root.
#[test]
fn iterative_deepening_without_a_table_tries_the_last_best_move_first() {
    let mut moved = 0;
    for game in kalah_positions(0..8, 6) {
        let mut searcher =
            Searcher::new(config("alphabeta+id"), params(&["id-step=1"]), store_diff());
        let its = searcher.search(&mut game.clone(), 6, &mut |_| {});
        let previous = its[its.len() - 2].best_move.unwrap();
        assert_eq!(searcher.root_moves()[0], previous);
        let mut generated = Vec::new();
        game.generate_moves(&mut generated);
        moved += usize::from(generated[0] != previous);
    }
    assert!(
        moved > 0,
        "the best move was always generated first: the test shows nothing"
    );
}

/// `n_leaves` counts the evaluation's calls exactly (terminal positions are not leaves), in
/// negamax with and without quiescence and in expectimax.
#[test]
fn leaves_are_static_evaluations() {
    for game in kalah_positions(0..6, 30) {
        for text in ["minimax", "alphabeta", "alphabeta+quiescence", "cammp"] {
            let calls = AtomicU64::new(0);
            let its = iterations(
                &game,
                config(text),
                params(&[]),
                Counting(store_diff(), &calls),
                8,
            );
            assert_eq!(
                total(&its).n_leaves,
                calls.load(Ordering::Relaxed),
                "{text}"
            );
        }
        let calls = AtomicU64::new(0);
        let mut search = Expectimax::new(Counting(store_diff(), &calls));
        let it = search
            .search(&mut game.clone(), 5, &mut |_| {})
            .pop()
            .unwrap();
        assert_eq!(
            it.counters.n_leaves,
            calls.load(Ordering::Relaxed),
            "expectimax"
        );
    }
}

/// Quiescence nodes that expand are interior nodes: at depth 1 the root is the only main
/// interior node, so every other one is quiescence's.
#[test]
fn expanding_quiescence_nodes_are_interior() {
    let mut q_interior = 0;
    for game in kalah_positions(0..8, 10) {
        let q = config("alphabeta+quiescence");
        let counters = total(&iterations(&game, q, Params::default(), store_diff(), 1));
        q_interior += counters.n_interior - 1;
    }
    assert!(q_interior > 0);
}

/// A capped expectimax has counted exactly the cap.
#[test]
fn expectimax_stops_counting_at_the_cap() {
    let mut search = Expectimax::new(store_diff());
    search.set_node_limit(Some(500));
    let it = search
        .search(&mut Kalah::from_options("").unwrap(), 6, &mut |_| {})
        .pop()
        .unwrap();
    assert!(it.capped);
    assert_eq!(it.counters.n_nodes, 500);
}
