//! `n_evals`, the calls of the static evaluation: counted by hand on a small graph (plain
//! alpha-beta, quiescence, the aspiration window's centre), and equal to the calls an
//! evaluation that counts them sees, in every search that evaluates.

use super::graph::{node, Graph, Node, NodeValue};
use super::support::{config, iterations, kalah_positions, mingmang_positions, params, Counting};
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::Game;
use crate::search::expectimax::Expectimax;
use crate::search::{Counters, Iteration};
use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes 0 to 7: R (side 0) moves to A (1) or B (2), both side 1's; A to a1 (3) and a2 (4),
/// B to b1 (5) and b2 (6), worth 3, 5, 2 and 9 for side 0; A is worth 1 and B 4. Every
/// position below R leads to the pit (7), so that none is terminal.
static TWO_PLY: [Node; 8] = [
    node(0, &[1, 2], 0),
    node(1, &[3, 4], 1),
    node(1, &[5, 6], 4),
    node(0, &[7], 3),
    node(0, &[7], 5),
    node(0, &[7], 2),
    node(0, &[7], 9),
    node(0, &[7], 0),
];

fn total<M: Copy>(its: &[Iteration<M>]) -> Counters {
    let mut sum = Counters::default();
    its.iter().for_each(|it| sum += it.counters);
    sum
}

/// (score, n_evals, n_leaves) of a search of `game` to `depth`.
fn evals(game: &Graph, text: &str, assignments: &[&str], depth: u32) -> (i32, u64, u64) {
    let its = iterations(game, config(text), params(assignments), NodeValue, depth);
    let c = total(&its);
    (its.last().unwrap().score, c.n_evals, c.n_leaves)
}

/// To depth 2, minimax evaluates the four leaves; alpha-beta evaluates a1 and a2 (A is
/// worth 3 to R), then b1 (2, below 3) cuts B: b2 is never evaluated. Three calls.
#[test]
fn alpha_beta_evaluates_the_leaves_it_does_not_cut() {
    let game = Graph::new(&TWO_PLY);
    assert_eq!(evals(&game, "minimax", &[], 2), (3, 4, 4));
    assert_eq!(evals(&game, "alphabeta", &[], 2), (3, 3, 3));
}

/// To depth 1 with the move into B noisy: A is a leaf (one call, R's alpha becomes 1); B
/// stands pat on its evaluation (4 for side 0: no cut against R's 1), then quiescence
/// searches both quiet replies, one call each (2 and 9: B is worth 2). Four calls, where
/// alpha-beta without quiescence makes two (A and B, worth 1 and 4).
#[test]
fn quiescence_evaluates_its_stand_pat_and_its_quiet_ends() {
    let game = Graph::with_noisy(&TWO_PLY, &[2]);
    let q = ["q-limit=2", "q-all-moves=1", "q-quiet-every=1"];
    assert_eq!(evals(&game, "alphabeta+quiescence", &q, 1), (2, 4, 4));
    assert_eq!(evals(&game, "alphabeta", &q, 1), (4, 2, 2));
}

/// The aspiration window is centred on an evaluation of the root: one call more than the
/// leaves. In the window (-1, 1) around R's 0, A's leaves (a1 and a2, two calls) make it
/// worth 3, which fails high before B is searched; the re-search in (-1, inf) evaluates
/// alpha-beta's three leaves. Six calls, five of them leaves.
#[test]
fn the_aspiration_windows_centre_is_an_evaluation_call() {
    let game = Graph::new(&TWO_PLY);
    let p = ["aspiration-window=1"];
    let (score, n_evals, n_leaves) = evals(&game, "alphabeta+aspiration", &p, 2);
    assert_eq!((score, n_evals, n_leaves), (3, 1 + 2 + 3, 2 + 3));
}

/// `n_evals` is exactly the number of calls the evaluation sees, in negamax with every
/// technique (quiescence and aspiration windows included) and in expectimax; Ming Mang at
/// depth 3 (minimax to 5 there is some 10^8 nodes, minutes in a mutation run's build).
#[test]
fn n_evals_counts_every_call_of_the_evaluation() {
    fn check<G: Game>(game: &G, eval: G::Eval, depth: u32) {
        for text in [
            "minimax",
            "alphabeta",
            "alphabeta+quiescence",
            "alphabeta+id+aspiration",
            "cammp",
            "all",
        ] {
            let calls = AtomicU64::new(0);
            let counting = Counting(eval, &calls);
            let its = iterations(game, config(text), params(&[]), counting, depth);
            let seen = calls.load(Ordering::Relaxed);
            assert_eq!(
                total(&its).n_evals,
                seen,
                "{text} on\n{}",
                game.board_string()
            );
        }
    }
    for game in kalah_positions(0..4, 20) {
        check(&game, Kalah::DEFAULT_EVAL, 5);
        let calls = AtomicU64::new(0);
        let mut search = Expectimax::new(Counting(Kalah::DEFAULT_EVAL, &calls));
        let its = search.search(&mut game.clone(), 4, &mut |_| {});
        assert_eq!(total(&its).n_evals, calls.load(Ordering::Relaxed));
    }
    for game in mingmang_positions(0..3, 12) {
        check(&game, MingMang::DEFAULT_EVAL, 3);
    }
}
