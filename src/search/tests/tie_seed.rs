//! `tie-seed`: a seeded shuffle of the root's moves only, so that different seeds pick
//! different moves among the root's equal ones while every interior node keeps its order;
//! each seed shuffles a position its own way.

use super::support::{config, iterations, kalah_positions, params, walk};
use crate::game::gomoku::{Gomoku, GomokuEval};
use crate::game::kalah::Kalah;
use crate::game::Game;
use crate::search::{Iteration, Searcher};
use std::collections::BTreeSet;

fn search(game: &Kalah, seed: u32, depth: u32) -> Iteration<u8> {
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let p = params(&[&format!("tie-seed={seed}")]);
    iterations(game, config("alphabeta"), p, eval, depth)
        .pop()
        .unwrap()
}

/// At depth 1 the root is the only node with an order: the seeds' best moves are worth the
/// same as the first of equals, and on some position they differ.
#[test]
fn different_seeds_pick_different_equal_root_moves() {
    let mut differ = 0;
    for game in kalah_positions(0..8, 6) {
        let first = search(&game, 0, 1);
        let chosen: BTreeSet<u8> = (1..=8)
            .map(|seed| {
                let it = search(&game, seed, 1);
                assert_eq!(it.score, first.score, "on\n{}", game.board_string());
                it.best_move.unwrap()
            })
            .collect();
        differ += usize::from(chosen.len() > 1);
    }
    assert!(
        differ > 0,
        "every seed picked the same root move everywhere"
    );
}

/// Where the root has one move its shuffle changes nothing, so a seeded search below it is
/// the unseeded one, node for node: interior nodes are not shuffled.
#[test]
fn interior_nodes_keep_their_order_under_a_seed() {
    let start = Kalah::from_options("").unwrap();
    let one_move = |game: &Kalah| {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.len() == 1 && game.terminal_score(0).is_none()
    };
    let positions: Vec<Kalah> = (0..400)
        .flat_map(|seed| [16, 24, 32].map(|plies| walk(start.clone(), seed, plies)))
        .filter(one_move)
        .take(3)
        .collect();
    assert_eq!(positions.len(), 3, "too few positions with one move");
    for game in &positions {
        let plain = search(game, 0, 6);
        for seed in 1..=4 {
            let seeded = search(game, seed, 6);
            assert_eq!(
                (seeded.score, seeded.counters.n_nodes, &seeded.pv),
                (plain.score, plain.counters.n_nodes, &plain.pv),
                "seed {seed} on\n{}",
                game.board_string()
            );
        }
    }
}

/// Sixteen seeds give sixteen different root orders of one position (Gomoku positions with
/// dozens of moves, so that two shuffles agree by chance almost never): no seed's bits are
/// lost in mixing it with the position's hash.
#[test]
fn each_seed_shuffles_the_root_its_own_way() {
    for moves in ["h8", "h8,h9", "h8,i9,g7", "h8,h9,i8,j10"] {
        let mut game = Gomoku::from_options("").unwrap();
        game.play_moves(moves).unwrap();
        let orders: BTreeSet<Vec<u16>> = (1..=16)
            .map(|seed| {
                let p = params(&[&format!("tie-seed={seed}")]);
                let mut searcher = Searcher::new(config("alphabeta"), p, GomokuEval::Patterns);
                searcher.search(&mut game.clone(), 1, &mut |_| {});
                searcher.root_moves().to_vec()
            })
            .collect();
        assert_eq!(orders.len(), 16, "after {moves}");
    }
}
