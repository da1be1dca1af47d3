//! The study games' evaluation weights as params (`stone-score=3` reaches Gothello's `eye`,
//! `line-up-score=5` Black & White's `audet`, bad names are errors) and Gothello's
//! `liberties` root tie-break (among equal root scores, the most liberties for the mover).

use super::support::{config, iterations, params, walk};
use crate::game::blackwhite::BlackWhite;
use crate::game::gothello::{Gothello, GothelloEval};
use crate::game::{Evaluator, Game, Score, INFINITY};
use crate::search::{Params, Searcher};

fn gothello(moves: &str) -> Gothello {
    let mut game = Gothello::from_options("").unwrap();
    game.play_moves(moves).unwrap();
    game
}

/// `eval` of Gothello with `assignments`.
fn gothello_eval(eval: &str, assignments: &[&str]) -> Result<GothelloEval, String> {
    Params::default()
        .with_assignments(assignments.iter().copied())?
        .eval::<Gothello>(Some(eval))
}

#[test]
fn gothello_eye_weights_come_from_params() {
    // Black b1, a2, c3 (a1 a black eye), white e4, d5 (e5 a white eye); white to move.
    let game = gothello("b1,e4,a2,d5,c3");
    let score = |assignments: &[&str]| gothello_eval("eye", assignments).unwrap().evaluate(&game);
    // From black: stone * (3 - 2) + black_eye * 1 - white_eye * 1, negated for white.
    assert_eq!(score(&[]), -(1 + 1 - 1));
    assert_eq!(score(&["stone-score=3"]), -(3 + 1 - 1));
    assert_eq!(score(&["black-eye-score=4"]), -(1 + 4 - 1));
    assert_eq!(score(&["white-eye-score=5", "stone-score=0"]), -(1 - 5));
    assert_eq!(score(&["stone-score=-2"]), -(-2 + 1 - 1));
    // `number` reads no weight and stays the stone difference.
    assert_eq!(gothello_eval("number", &[]).unwrap().evaluate(&game), -1);
}

#[test]
fn blackwhite_audet_weights_come_from_params() {
    let mut game = BlackWhite::from_options("").unwrap();
    game.play_moves("a1,e5,b1").unwrap();
    let eval = |assignments: &[&str]| {
        let params = params(assignments);
        params.eval::<BlackWhite>(None).unwrap().evaluate(&game)
    };
    // The side to move owns e5 (line-up 1 + 1 + 1 on row 5, column e, a1-e5), the other
    // side a1 and b1 (row 1: 2 squared, columns a and b, a1-e5: 4 + 1 + 1 + 1).
    let line_up = 3 - 7;
    assert_eq!(eval(&["line-up-score=5"]) - eval(&[]), line_up);
    assert_eq!(eval(&["line-up-score=0"]) - eval(&[]), -4 * line_up);
    let only_line_up = [
        "protected-score=0",
        "doubly-protected-score=0",
        "line-up-score=1",
        "threat-score=0",
    ];
    assert_eq!(eval(&only_line_up), line_up);
}

#[test]
fn a_bad_weight_is_an_error_naming_the_valid_ones() {
    let set = |text: &str| Params::default().with_assignments([text]);
    let unknown = set("stone-scor=2").unwrap_err();
    assert!(unknown.contains("unknown param `stone-scor`"), "{unknown}");
    assert!(unknown.contains("stone-score (gothello eye)"), "{unknown}");
    let range = set("stone-score=1001").unwrap_err();
    assert!(range.contains("-1000..=1000"), "{range}");
    let other_game = gothello_eval("eye", &["line-up-score=2"]).unwrap_err();
    assert!(
        other_game.contains(
            "not an evaluation weight of gothello (gothello's weights: stone-score (eye), \
             black-eye-score (eye), white-eye-score (eye))"
        ),
        "{other_game}"
    );
    let other_eval = gothello_eval("number", &["stone-score=2"]).unwrap_err();
    assert!(
        other_eval.contains("weighs gothello's eye evaluation, not number"),
        "{other_eval}"
    );
    let kalah = params(&["threat-score=2"]).eval::<crate::game::kalah::Kalah>(None);
    assert!(kalah.unwrap_err().contains("kalah's weights: none"));
}

/// What `liberties` must play at `depth`: the moves whose exact minimax value (each child
/// searched by plain minimax) is the best, and among them the most liberties for the mover.
fn tied_best(game: &Gothello, depth: u32, eval: GothelloEval) -> (Score, u32, Vec<u8>) {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let side = game.side_to_move();
    let scored: Vec<(u8, Score, u32)> = moves
        .iter()
        .map(|&mv| {
            let mut child = *game;
            child.make(mv);
            let value = match child.terminal_score(1) {
                Some(score) => score,
                None if depth == 1 => eval.evaluate(&child),
                None => {
                    let its = iterations(
                        &child,
                        config("minimax"),
                        Params::default(),
                        eval,
                        depth - 1,
                    );
                    its.last().unwrap().score
                }
            };
            let value = if child.side_to_move() == side {
                value
            } else {
                -value
            };
            (mv, value, child.liberties_of(side))
        })
        .collect();
    let best = scored.iter().map(|s| s.1).max().unwrap();
    let most = scored
        .iter()
        .filter(|s| s.1 == best)
        .map(|s| s.2)
        .max()
        .unwrap();
    let picks = scored
        .iter()
        .filter(|s| s.1 == best && s.2 == most)
        .map(|s| s.0)
        .collect();
    (best, most, picks)
}

#[test]
fn liberties_prefers_the_tied_root_move_with_most_liberties() {
    // Depth 1 on the empty board: every placement scores one stone; a1 comes first (two
    // liberties), b2 is the first with four.
    let empty = Gothello::new();
    let play = |text: &str, depth| {
        let its = iterations(
            &empty,
            config(text),
            Params::default(),
            GothelloEval::Number,
            depth,
        );
        empty.format_move(its.last().unwrap().best_move.unwrap())
    };
    assert_eq!(play("alphabeta", 1), "a1");
    assert_eq!(play("alphabeta+liberties", 1), "b2");
    assert_eq!(play("minimax+liberties", 1), "b2");
}

#[test]
fn liberties_plays_a_best_move_with_most_liberties_under_every_search() {
    let configs = [
        "minimax+liberties",
        "alphabeta+liberties",
        "alphabeta+pvs+liberties",
        "alphabeta+id+tt-value+tt-move+liberties",
        "alphabeta+id+tt-value+tt-move+killers+history+pvs+aspiration+liberties",
    ];
    let mut changed = 0;
    for seed in 0..12 {
        let game = walk(Gothello::new(), seed, 4 + seed % 8);
        if game.terminal_score(0).is_some() {
            continue;
        }
        for (depth, eval) in [(1, GothelloEval::Number), (3, GothelloEval::Number)] {
            let (best, most, picks) = tied_best(&game, depth, eval);
            for text in configs {
                let its = iterations(&game, config(text), Params::default(), eval, depth);
                let last = its.last().unwrap();
                let mv = last.best_move.unwrap();
                let at = format!("{text} at depth {depth} on {}", game.board_string());
                assert_eq!(last.score, best, "{at}");
                assert!(
                    picks.contains(&mv),
                    "{at}: {} not in {picks:?}",
                    game.format_move(mv)
                );
                let mut child = game;
                child.make(mv);
                assert_eq!(child.liberties_of(game.side_to_move()), most, "{at}");
            }
            let plain = iterations(&game, config("alphabeta"), Params::default(), eval, depth);
            changed += usize::from(!picks.contains(&plain.last().unwrap().best_move.unwrap()));
        }
    }
    // The tie-break matters: without it, alpha-beta plays another move in many cases.
    assert!(
        changed >= 5,
        "the tie-break changed the move in {changed} cases"
    );
}

/// The root value and node count of `text` searching `game` to `depth`.
fn value_and_nodes(game: &Gothello, text: &str, depth: u32) -> (Score, u64) {
    let its = iterations(
        game,
        config(text),
        Params::default(),
        GothelloEval::Number,
        depth,
    );
    let last = its.last().unwrap();
    (last.score, last.counters.n_nodes)
}

#[test]
fn liberties_keeps_the_value_and_costs_nodes() {
    let game = gothello("c3,b2,d4");
    let (plain, plain_nodes) = value_and_nodes(&game, "alphabeta", 5);
    let (tied, tied_nodes) = value_and_nodes(&game, "alphabeta+liberties", 5);
    assert_eq!(tied, plain);
    assert!(
        tied_nodes > plain_nodes,
        "{tied_nodes} against {plain_nodes}"
    );
}

/// Plain minimax searches every root move exactly anyway (its alpha stays -infinity), so the
/// tie-break sees every tie for free: the same value and the same nodes.
#[test]
fn liberties_costs_plain_minimax_nothing() {
    for seed in 0..6 {
        let game = walk(Gothello::new(), seed, 3 + seed);
        for depth in [1, 3] {
            assert_eq!(
                value_and_nodes(&game, "minimax+liberties", depth),
                value_and_nodes(&game, "minimax", depth),
                "depth {depth} on\n{}",
                game.board_string()
            );
        }
    }
}

/// One root move's search under `liberties` in `window`: its score and nodes.
type Probe =
    fn(&mut Searcher<Gothello, GothelloEval>, &mut Gothello, u8, u32, (Score, Score)) -> Score;

fn probe(
    game: &Gothello,
    mv: u8,
    depth: u32,
    window: (Score, Score),
    search: Probe,
) -> (Score, u64) {
    let mut searcher = Searcher::new(
        config("alphabeta+liberties"),
        Params::default(),
        GothelloEval::Number,
    );
    let score = search(&mut searcher, &mut game.clone(), mv, depth, window);
    (score, searcher.counters().n_nodes)
}

/// Under `liberties` a root move is searched first in (alpha - 1, alpha + 1), and again in
/// (alpha, beta) only when it scored alpha + 1 or more and the window reaches above alpha + 1.
/// In a null window (beta = alpha + 1) the first search decides: a move that fails high
/// there is not searched again.
#[test]
fn a_root_move_is_searched_again_only_where_the_window_has_room_above_the_tie() {
    let (mut again, mut null_fail_highs, mut once) = (0, 0, 0);
    for seed in 0..6 {
        let game = walk(Gothello::new(), seed, 3 + seed);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for &mv in moves.iter().take(3) {
            let depth = 3;
            let search = |window| probe(&game, mv, depth, window, Searcher::move_search_at);
            let (exact, _) = search((-INFINITY, INFINITY));
            for alpha in exact - 2..=exact + 1 {
                for beta in [alpha + 1, alpha + 3] {
                    let got = probe(&game, mv, depth, (alpha, beta), Searcher::tie_search_at);
                    let (first, first_nodes) = search((alpha - 1, alpha + 1));
                    let expected = if first > alpha && alpha + 1 < beta {
                        again += 1;
                        let (score, nodes) = search((alpha, beta));
                        (score, first_nodes + nodes)
                    } else {
                        null_fail_highs += u32::from(first > alpha);
                        once += 1;
                        (first, first_nodes)
                    };
                    assert_eq!(
                        got,
                        expected,
                        "move {mv}, window ({alpha}, {beta}), first search {first} on\n{}",
                        game.board_string()
                    );
                }
            }
        }
    }
    assert!(
        again > 0 && null_fail_highs > 0 && once > null_fail_highs,
        "{again} searched again, {null_fail_highs} null-window fail highs, {once} once"
    );
}
