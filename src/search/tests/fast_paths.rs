//! The compiled fast paths of `alphabeta` and `alphabeta+id+tt-value+tt-move+pvs` search
//! exactly as the general path does: the same iterations (counters, scores, moves, principal
//! variations) on every game, with and without a node cap. Only those two take one, and
//! only while fast paths are on.

use super::support::{config, walk};
use crate::game::blackwhite::BlackWhite;
use crate::game::gomoku::Gomoku;
use crate::game::gothello::Gothello;
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::tictactoe::TicTacToe;
use crate::game::Game;
use crate::search::{Params, Searcher};

const FAST: [&str; 2] = ["alphabeta", "alphabeta+id+tt-value+tt-move+pvs"];

/// Both paths on `positions` positions of `options` after a few plies, to `depth`.
fn same_on<G: Game>(options: &str, depth: u32, positions: usize) {
    let start = G::from_options(options).unwrap();
    for seed in 0..positions {
        let game = walk(start.clone(), seed, 2 + seed % 5);
        for text in FAST {
            for cap in [None, Some(700)] {
                let run = |fast: bool| {
                    let mut searcher =
                        Searcher::new(config(text), Params::default(), G::DEFAULT_EVAL);
                    searcher.set_fast_paths(fast);
                    searcher.set_node_limit(cap);
                    assert_eq!(searcher.takes_fast_path(), fast, "{text}");
                    searcher.search(&mut game.clone(), depth, &mut |_| {})
                };
                assert_eq!(
                    run(true),
                    run(false),
                    "{} {options} seed {seed} {text} cap {cap:?}",
                    G::NAME
                );
            }
        }
    }
}

#[test]
fn only_the_two_fast_configurations_take_a_fast_path_and_only_when_on() {
    for text in FAST.into_iter().chain(["alphabeta+id", "minimax"]) {
        for on in [true, false] {
            let mut searcher = Searcher::new(config(text), Params::default(), Kalah::DEFAULT_EVAL);
            searcher.set_fast_paths(on);
            let fast = FAST.contains(&text) && on;
            assert_eq!(searcher.takes_fast_path(), fast, "{text}, fast paths {on}");
        }
    }
}

#[test]
fn fast_paths_search_as_the_general_path() {
    same_on::<Kalah>("", 8, 6);
    same_on::<Kalah>("6,4,course", 8, 6);
    same_on::<MingMang>("", 3, 4);
    same_on::<Gothello>("", 5, 4);
    same_on::<BlackWhite>("", 3, 4);
    same_on::<TicTacToe>("", 9, 4);
    same_on::<Gomoku>("", 2, 2);
}
