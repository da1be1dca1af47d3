//! Gomoku's game-specific techniques in the search: `candidate-sort` keeps the value and saves
//! nodes, `greedy` searches only `greedy-width` moves per node, `threat-space` settles the
//! root or leaves it the one move that blocks.

use super::support::{config, iterations, params};
use crate::game::gomoku::{Gomoku, GomokuEval};
use crate::game::{Game, WIN_SCORE};
use crate::search::{Counters, Params, Searcher};

fn gomoku(moves: &str) -> Gomoku {
    let mut game = Gomoku::from_options("").unwrap();
    game.play_moves(moves).unwrap();
    game
}

/// Quiet positions: two openings and a random middlegame (OpenSpiel's `g15-random-1` less
/// its last move, so that nobody has a four).
const QUIET: [&str; 3] = [
    "h8,i9",
    "h8,h9,i8",
    "g6,i5,e8,h6,j10,i9,j7,g8,g9,h7,i10,f6,h5,e9,e5,i8,f9,f5,e10,i7",
];

/// The score and the nodes of all iterations.
fn search(game: &Gomoku, text: &str, params: Params, depth: u32) -> (i32, Counters) {
    let its = iterations(game, config(text), params, GomokuEval::Patterns, depth);
    let mut total = Counters::default();
    its.iter().for_each(|it| total += it.counters);
    (its.last().unwrap().score, total)
}

#[test]
fn candidate_sort_keeps_the_value_and_saves_nodes() {
    for moves in QUIET {
        let game = gomoku(moves);
        let (plain, plain_nodes) = search(&game, "alphabeta", Params::default(), 4);
        let (sorted, sorted_nodes) =
            search(&game, "alphabeta+candidate-sort", Params::default(), 4);
        assert_eq!(sorted, plain, "{moves}");
        assert!(
            sorted_nodes.n_nodes * 2 < plain_nodes.n_nodes,
            "{moves}: {} sorted against {} plain",
            sorted_nodes.n_nodes,
            plain_nodes.n_nodes
        );
    }
}

/// With `greedy-width=3`, minimax at depth 2 makes exactly 3 moves at the root and 3 below
/// each, and the root's are the three best by move score.
#[test]
fn greedy_searches_only_the_best_width_moves() {
    for moves in QUIET {
        let game = gomoku(moves);
        let (_, counters) = search(&game, "minimax+greedy", params(&["greedy-width=3"]), 2);
        assert_eq!(counters.n_nodes, 1 + 3 + 3 * 3, "{moves}");
        let mut searcher = Searcher::new(
            config("minimax+greedy"),
            params(&["greedy-width=3"]),
            GomokuEval::Patterns,
        );
        searcher.search(&mut game.clone(), 1, &mut |_| {});
        let mut candidates = Vec::new();
        game.generate_search_moves(&Params::default().game_params(), &mut candidates);
        let mut best = candidates.clone();
        best.sort_by_key(|&p| std::cmp::Reverse(game.move_score(p)));
        let kept: Vec<u16> = candidates
            .into_iter()
            .filter(|p| best[..3].contains(p))
            .collect();
        assert_eq!(searcher.root_moves(), kept, "{moves}");
        let (_, wide) = search(&game, "minimax+greedy", params(&["greedy-width=400"]), 1);
        let (_, full) = search(&game, "minimax", Params::default(), 1);
        assert_eq!(
            wide.n_nodes, full.n_nodes,
            "a width above the candidates keeps them all"
        );
    }
}

#[test]
fn threat_space_settles_a_forced_win_and_narrows_a_forced_block() {
    // Black's four-three at h8 wins in 5 plies; alpha-beta at depth 2 cannot see it.
    let four_three = gomoku("e8,d8,f8,a1,g8,a15,h9,o1,h10,o15");
    let its = iterations(
        &four_three,
        config("alphabeta+threat-space"),
        Params::default(),
        GomokuEval::Patterns,
        2,
    );
    let last = its.last().unwrap();
    assert_eq!(last.score, WIN_SCORE - 5);
    assert_eq!(last.best_move, four_three.parse_move("h8").ok());
    // The first iteration counts the threat search's positions and the root; each later one
    // (the threat search is not run again) the root alone.
    let mut threat_nodes = 0;
    four_three
        .clone()
        .threat_search(&Params::default().game_params(), &mut threat_nodes);
    assert!(threat_nodes > 0);
    let p = params(&["id-step=1"]);
    let with_id = iterations(
        &four_three,
        config("alphabeta+id+threat-space"),
        p,
        GomokuEval::Patterns,
        3,
    );
    let nodes: Vec<u64> = with_id.iter().map(|it| it.counters.n_nodes).collect();
    assert_eq!(nodes, [threat_nodes + 1, 1, 1]);
    let (plain, _) = search(&four_three, "alphabeta", Params::default(), 2);
    assert!(plain < WIN_SCORE / 2, "{plain}");
    // White must block j8; the root searches that move only.
    let must_block = gomoku("f8,e8,g8,g9,h8,h10,i8,c3,d5,l4,k11");
    let mut searcher = Searcher::new(
        config("alphabeta+threat-space"),
        Params::default(),
        GomokuEval::Patterns,
    );
    let its = searcher.search(&mut must_block.clone(), 2, &mut |_| {});
    let j8 = must_block.parse_move("j8").unwrap();
    assert_eq!(searcher.root_moves(), [j8]);
    assert_eq!(its.last().unwrap().best_move, Some(j8));
}

#[test]
fn only_candidate_sort_of_the_gomoku_flags_is_exact() {
    let p = Params::default();
    assert!(config("alphabeta+candidate-sort").is_exact_with(&p, true));
    assert!(!config("alphabeta+greedy").is_exact_with(&p, true));
    assert!(!config("alphabeta+threat-space").is_exact_with(&p, true));
}
