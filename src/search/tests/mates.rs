//! Results within the horizon: every exact configuration returns plain alpha-beta's value
//! where the game ends inside the search (Kalah's final margins; Ming Mang's mate distances
//! near the 400-ply end, which pass through the table's mate-score adjustment), and
//! expectimax against a brute-force expectimax written here.

use super::support::{config, params, value, walk};
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::zobrist::splitmix64;
use crate::game::{Evaluator, Game, WIN_SCORE};
use crate::search::expectimax::Expectimax;
use crate::search::{Config, Params};

/// Exact configurations with the table (no iterative deepening: within one iteration a
/// position's remaining depth fixes its ply, so Ming Mang's incomplete hash cannot mislead
/// the table within 4 plies) and the exact set on a game whose hash is incomplete.
const TABLE_CONFIGS: &[&str] = &[
    "alphabeta+tt-value",
    "alphabeta+tt-value+tt-move+killers+history+pvs",
    "minimax+tt-value",
    "alphabeta+id+tt-move+killers+history+pvs+aspiration",
];

fn check_same_value<G: Game>(game: &G, eval: G::Eval, depth: u32) -> i32 {
    let p = params(&["id-step=1", "aspiration-window=1"]);
    let expected = value(game, config("alphabeta"), Params::default(), eval, depth);
    for text in TABLE_CONFIGS {
        let config = Config::parse(text).unwrap();
        assert!(config.is_exact_with(&p, true));
        let got = value(game, config, p.clone(), eval, depth);
        assert_eq!(
            got,
            expected,
            "{text} at depth {depth} on\n{}",
            game.board_string()
        );
    }
    expected
}

/// A random Ming Mang game stopped `before_end` plies before the 400-ply end.
fn near_the_end(seed: u64, before_end: usize) -> MingMang {
    let mut game = MingMang::from_options("").unwrap();
    let (mut moves, mut state) = (Vec::new(), seed);
    while game.ply() + before_end < crate::game::mingmang::MAX_PLIES {
        moves.clear();
        game.generate_moves(&mut moves);
        if moves.is_empty() || game.terminal_score(0).is_some() {
            break;
        }
        state = splitmix64(state).1;
        game.make(moves[state as usize % moves.len()]);
    }
    game
}

#[test]
fn mate_distances_near_the_400_ply_end_survive_the_table() {
    let eval = MingMang::parse_eval("cammp").unwrap();
    let mut mates = 0;
    for seed in 0..6 {
        for before_end in [2, 3, 4] {
            let game = near_the_end(seed, before_end);
            let score = check_same_value(&game, eval, 4);
            if score.abs() >= WIN_SCORE - 64 {
                assert_eq!(WIN_SCORE - score.abs(), before_end as i32, "mate distance");
                mates += 1;
            }
        }
    }
    assert!(mates > 0, "no position ended within the horizon");
}

#[test]
fn kalah_endgames_keep_their_final_margin() {
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let start = Kalah::from_options("").unwrap();
    for seed in 0..10 {
        let game = walk(start.clone(), seed, 40);
        check_same_value(&game, eval, 8);
    }
}

/// Expectimax written the obvious way: the max at the searcher's nodes, the mean of the
/// children at the opponent's, values for `me`.
fn brute_expectimax<G: Game>(game: &mut G, eval: &G::Eval, depth: u32, ply: usize, me: u8) -> f64 {
    let sign = if game.side_to_move() == me { 1.0 } else { -1.0 };
    if let Some(score) = game.terminal_score(ply) {
        return sign * f64::from(score);
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    if depth == 0 || moves.is_empty() {
        return sign * f64::from(eval.evaluate(game));
    }
    let values: Vec<f64> = moves
        .iter()
        .map(|&mv| {
            let undo = game.make(mv);
            let v = brute_expectimax(game, eval, depth - 1, ply + 1, me);
            game.unmake(mv, undo);
            v
        })
        .collect();
    if game.side_to_move() == me {
        values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

#[test]
fn expectimax_matches_a_brute_force_expectimax() {
    let eval = Kalah::parse_eval("store-diff").unwrap();
    for seed in 0..8 {
        let game = walk(Kalah::from_options("").unwrap(), seed, 8);
        for depth in 2..=4 {
            let me = game.side_to_move();
            let expected = brute_expectimax(&mut game.clone(), &eval, depth, 0, me);
            let mut search = Expectimax::new(eval);
            let got = search.search(&mut game.clone(), depth, &mut |_| {});
            assert_eq!(
                got[0].score,
                expected.round() as i32,
                "depth {depth} on\n{}",
                game.board_string()
            );
        }
    }
}
