//! Gothello's own tests: every case of the Gthd reference file beyond perft (the replayed
//! board, stone counts, side to move, the pass flag, the root placements, suicide points and
//! flips), then hand-checked positions for each rule, the evaluations and the liberties.
//!
//! Perft and divide against the reference are the rules contract's
//! (`src/contract/reference.rs`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::*;
use super::eval::eyes;
use crate::game::{Evaluator, WIN_SCORE};

/// One case of `fixtures/reference/gothello-perft.json`; fields not listed are ignored.
#[derive(Deserialize)]
struct Case {
    id: String,
    moves: Vec<String>,
    to_move: String,
    board: Vec<String>,
    black_stones: u32,
    white_stones: u32,
    previous_was_pass: bool,
    root_placements: Vec<String>,
    root_suicide_points: Vec<String>,
    root_flips: BTreeMap<String, u32>,
}

#[derive(Deserialize)]
struct ReferenceFile {
    cases: Vec<Case>,
}

fn play(moves: &str) -> Gothello {
    let mut game = Gothello::new();
    game.play_moves(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    game
}

/// The names of `points`, sorted as the reference file lists them (by column first).
fn names(points: u32) -> Vec<String> {
    let mut names: Vec<String> = Points(points).map(point_name).collect();
    names.sort();
    names
}

fn check_case(case: &Case) {
    let id = &case.id;
    let game = play(&case.moves.join(","));
    let board = picture(game.stones, ['b', 'w']);
    assert_eq!(board.lines().collect::<Vec<_>>(), case.board, "{id}: board");
    assert_eq!(game.stones(0).count_ones(), case.black_stones, "{id}");
    assert_eq!(game.stones(1).count_ones(), case.white_stones, "{id}");
    assert_eq!(game.side_name(), case.to_move, "{id}: side to move");
    assert_eq!(game.passes == 1, case.previous_was_pass, "{id}: pass flag");
    let legal = game.placements();
    assert_eq!(names(legal), case.root_placements, "{id}: placements");
    let suicide = game.empty() & !legal;
    assert_eq!(names(suicide), case.root_suicide_points, "{id}: suicide");
    let flips: BTreeMap<String, u32> = Points(legal)
        .filter(|&p| game.flips(p) != 0)
        .map(|p| (point_name(p), game.flips(p).count_ones()))
        .collect();
    assert_eq!(flips, case.root_flips, "{id}: flips");
}

#[test]
fn every_reference_case_replays_to_its_position_and_root_moves() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/reference/gothello-perft.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let file: ReferenceFile = serde_json::from_str(&text).unwrap();
    assert_eq!(file.cases.len(), 11);
    file.cases.iter().for_each(check_case);
}

/// A game from a picture (rows 5 down to 1, `B`, `W`, `.`) with `side` to move.
fn from_picture(rows: [&str; 5], side: Side) -> Gothello {
    let mut game = Gothello::new();
    for (row, text) in rows.iter().enumerate() {
        for (column, mark) in text.bytes().enumerate() {
            let point = 5 * (4 - row) + column;
            match mark {
                b'B' => game.stones[0] |= 1 << point,
                b'W' => game.stones[1] |= 1 << point,
                _ => {}
            }
        }
    }
    game.side = side;
    game.hash = game.hash_from_scratch();
    game
}

fn point(name: &str) -> Move {
    parse_point(name).unwrap()
}

#[test]
fn suicide_is_checked_before_captures() {
    // Black on a1 would leave its stone without a liberty although it would flip the
    // lone white b1 (whose only liberty is a1): illegal.
    let game = from_picture(["..W..", ".....", ".....", "WB...", ".WB.."], 0);
    assert_eq!(
        game.parse_move("a1"),
        Err("a1 is suicide: the black group there would have no liberty".to_string())
    );
    assert_eq!(game.placements() >> point("a1") & 1, 0);
    // Joining a group that keeps another liberty is legal, and then flips.
    let game = from_picture([".....", ".....", "W....", "BW...", ".B..."], 0);
    assert_eq!(game.flips(point("a1")), 0);
    let game = from_picture([".....", ".....", ".....", "BB...", ".WB.."], 0);
    assert_eq!(game.flips(point("a1")), 1 << point("b1"));
}

#[test]
fn a_placement_flips_every_enemy_group_it_leaves_without_liberty() {
    // Black c1 leaves the lone white b1 and the white pair d1-e1 without a liberty: both
    // flip; white a5 is not touched.
    let mut game = from_picture(["W....", ".....", ".....", ".BBBB", "BW.WW"], 0);
    let c1 = point("c1");
    let flipped = game.flips(c1);
    assert_eq!(names(flipped), ["b1", "d1", "e1"]);
    let before = game;
    let undo = game.make(c1);
    assert_eq!(game.stones(1), 1 << point("a5"));
    assert_eq!(game.stones(0).count_ones(), 9);
    assert_eq!(game.hash(), game.hash_from_scratch());
    assert!(before.is_noisy(c1));
    game.unmake(c1, undo);
    assert_eq!(game, before);
}

#[test]
fn pass_only_when_forced_and_two_passes_end_the_game() {
    // A full board: neither side can place, so each passes once and the game is over.
    let mut game = from_picture(["BBBBB", "BBBBB", "WWWWW", "WWWWW", "WWWWW"], 0);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves, [PASS]);
    assert_eq!(game.count_moves(&mut moves), 1);
    game.make(PASS);
    assert_eq!(game.outcome(), None);
    game.make(PASS);
    assert_eq!(game.outcome(), Some(Outcome::Loss), "black to move, 10 to 15");
    assert_eq!(game.terminal_score(2), Some(-(WIN_SCORE - 2)));
    moves.clear();
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(game.count_moves(&mut moves), 0);
    assert_eq!(game.parse_move("pass"), Err("the game is over".to_string()));
    // Where a placement is legal, the pass is not generated but the referee's pass parses,
    // and a placement after it starts the count of passes again.
    let mut game = play("c3");
    moves.clear();
    game.generate_moves(&mut moves);
    assert_eq!(moves.len(), 24);
    assert!(!moves.contains(&PASS));
    game.play_moves("pass,d3,pass").unwrap();
    assert_eq!((game.passes, game.outcome()), (1, None));
}

#[test]
fn the_null_move_is_a_pass_that_never_ends_the_game() {
    let mut game = play("c3");
    let undo = game.make_null().unwrap();
    assert_eq!((game.passes, game.side), (1, 0));
    assert_eq!(game.make_null(), None);
    game.unmake_null(undo);
    assert_eq!(game, play("c3"));
}

#[test]
fn evaluations_count_stones_and_eyes_for_the_side_to_move() {
    // Black eyes: a1 (neighbours a2, b1 black) and e5 (d5, e4 black); white eye: c3.
    let game = from_picture(["...B.", "..W.B", ".W.W.", "B.W..", ".B..."], 1);
    assert_eq!((eyes(&game, 0), eyes(&game, 1)), (2, 1));
    assert_eq!(GothelloEval::Number.evaluate(&game), 4 - 4);
    let weights = EyeWeights {
        stone: 2,
        black_eye: 3,
        white_eye: 7,
    };
    // From black: 2 * 0 + 3 * 2 - 7 * 1 = -1; white is to move.
    assert_eq!(GothelloEval::Eye(weights).evaluate(&game), 1);
    assert_eq!(Gothello::parse_eval("eye"), Some(GothelloEval::Eye(EyeWeights::STUDY)));
}

#[test]
fn liberties_count_each_empty_neighbour_once() {
    let game = from_picture([".....", ".....", "..B..", ".BB..", "....."], 1);
    // b2, c2, c3: a2, b1, b3, c1, c4, d2, d3 (b3 touches two stones, counted once).
    assert_eq!(game.liberties_of(0), 7);
    assert_eq!(game.liberties_of(1), 0);
}

#[test]
fn liberties_count_empty_points_only_where_both_colours_touch() {
    let game = from_picture([".....", ".W...", ".BW..", ".BBW.", "....."], 0);
    // Black b2, b3, c2: a2, a3, b1, c1 are empty; b4, c3, d2 (white) are not liberties.
    assert_eq!(game.liberties_of(0), 4);
    // White b4, c3, d2: a4, b5, c4, d3, d1, e2 (c4 and d3 touch two stones, counted once);
    // b3 and c2 (black) are not liberties.
    assert_eq!(game.liberties_of(1), 6);
    // The tie-break scores the mover's liberties in the position its move reached.
    assert_eq!(game.root_tie_break(1), 6);
}

#[test]
#[should_panic(expected = "the incremental hash")]
fn every_test_build_checks_the_incremental_hash_after_a_move() {
    let mut game = Gothello::new();
    game.hash ^= 1;
    crate::testing::make_first_move(&mut game);
}
