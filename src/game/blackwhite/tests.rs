//! Black & White's own tests: one hand-checked position per rule (placements, steps, jumps
//! and conversion, each kind of winning line, the side without a move, the third
//! repetition, ply 200), the evaluation's terms, and (in `naive.rs`) perft against a
//! deliberately naive second implementation on random positions.

mod naive;

use super::eval::Terms;
use super::*;
use crate::game::perft::perft;
use crate::game::WIN_SCORE;
use crate::game::Evaluator;

fn play(moves: &str) -> BlackWhite {
    let mut game = BlackWhite::new();
    game.play_moves(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    game
}

/// A game from a picture (rows 5 down to 1, `W`, `B`, `.`) at `ply` (the side to move
/// follows from it: white on even plies). The earlier positions are unknown, so none of
/// them repeats a later one.
fn from_picture(rows: [&str; 5], ply: u16) -> BlackWhite {
    let mut game = BlackWhite::new();
    for (row, text) in rows.iter().enumerate() {
        for (column, mark) in text.bytes().enumerate() {
            let square = 5 * (4 - row) + column;
            match mark {
                b'W' => game.pos.pieces[0] |= 1 << square,
                b'B' => game.pos.pieces[1] |= 1 << square,
                _ => {}
            }
        }
    }
    game.pos.ply = ply;
    game.pos.side = (ply % 2) as Side;
    game.pos.hash = game.hash_from_scratch();
    let unknown = Seen {
        hash: 0,
        pieces: [0, 0],
    };
    game.history = vec![unknown; usize::from(ply)];
    game
}

fn moves_of(game: &BlackWhite) -> Vec<String> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.iter().map(|&mv| game.format_move(mv)).collect()
}

/// The moves of the piece on `from`.
fn moves_from(game: &BlackWhite, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    moves_of(game)
        .into_iter()
        .filter(|mv| mv.starts_with(&prefix))
        .collect()
}

/// Two spread-out armies, white to move at ply 20: nobody is near a line.
const SPREAD: [&str; 5] = ["B.B.B", ".B.B.", ".....", ".W.W.", "W.W.W"];

#[test]
fn white_places_first_and_ten_placements_come_before_any_move() {
    let mut start = BlackWhite::new();
    assert_eq!(start.side_name(), "white");
    assert_eq!(moves_of(&start).len(), 25);
    assert_eq!(perft(&mut start, 4), 25 * 24 * 23 * 22);
    let mut game = play("a1,e5,b1,d5,c2,c4,d3,b3,a5");
    assert_eq!(moves_of(&game).len(), 16, "the tenth placement");
    assert_eq!(
        game.parse_move("a2-a3"),
        Err("a2-a3: pieces move only after ply 10".to_string())
    );
    game.play_moves("e1").unwrap();
    assert_eq!(
        game.parse_move("c3"),
        Err("c3: the placements are over after ply 10".to_string())
    );
    assert!(moves_of(&game).iter().all(|mv| mv.contains('-')));
}

#[test]
fn a_step_goes_to_an_adjacent_empty_square_along_a_row_or_column() {
    let game = from_picture(SPREAD, 20);
    assert_eq!(moves_from(&game, "b2"), ["b2-b3", "b2-c2", "b2-b1", "b2-a2"]);
    assert_eq!(moves_from(&game, "a1"), ["a1-a2", "a1-b1"]);
    let mut scratch = Vec::new();
    assert_eq!(game.count_moves(&mut scratch), moves_of(&game).len() as u64);
    assert!(game.parse_move("b2-c3").is_err(), "no diagonal step");
    assert!(game.parse_move("b2-b4").is_err(), "no two-square step");
}

#[test]
fn a_jump_goes_over_an_adjacent_enemy_into_the_empty_square_behind_and_turns_it() {
    let mut game = from_picture(["B...B", ".....", "..B..", "W.WBW", "W.B.W"], 20);
    // North over c3 into c4; not east (e2 is taken) nor south (off the board).
    assert_eq!(moves_from(&game, "c2"), ["c2-c4", "c2-b2"]);
    // Not over an own piece.
    assert_eq!(moves_from(&game, "a1"), ["a1-b1"]);
    let jump = game.parse_move("c2-c4").unwrap();
    assert!(game.is_noisy(jump));
    game.make(jump);
    let after = from_picture(["B...B", "..W..", "..W..", "W..BW", "W.B.W"], 21);
    assert_eq!(game.pos.pieces, after.pos.pieces);
    assert_eq!(game.hash(), game.hash_from_scratch());
}

/// Plays `mv` on the picture at ply 20 (white to move) and returns the outcome.
fn outcome_after(rows: [&str; 5], mv: &str) -> Option<Outcome> {
    let mut game = from_picture(rows, 20);
    assert_eq!(game.outcome(), None);
    game.play_moves(mv).unwrap();
    game.outcome()
}

#[test]
fn five_in_a_row_column_or_long_diagonal_wins_for_the_mover() {
    let row = ["BB.BB", "..B..", ".....", "....W", "WWWW."];
    assert_eq!(outcome_after(row, "e2-e1"), Some(Outcome::Loss));
    // The jump from c3 to a3 turns b3 and completes column a.
    let column = ["W...B", "W...B", ".BW..", "W...B", "W..B."];
    assert_eq!(outcome_after(column, "c3-a3"), Some(Outcome::Loss));
    let diagonal = play("a1,a2,b2,a3,c3,a4,d4,b5,e5");
    assert_eq!(diagonal.outcome(), Some(Outcome::Loss));
    // Black has four on row 1 but white completes the other diagonal first.
    let mut other = play("e1,a1,d2,b1,c3,c1,b4,d1");
    assert_eq!(other.outcome(), None);
    other.play_moves("a5").unwrap();
    assert_eq!(other.outcome(), Some(Outcome::Loss));
    assert_eq!(other.terminal_score(3), Some(-(WIN_SCORE - 3)));
    assert!(moves_of(&other).is_empty());
}

#[test]
fn the_side_to_move_without_a_legal_move_loses() {
    let blocked = ["...B.", "....B", "BB...", "BB...", "WWBB."];
    let white = from_picture(blocked, 20);
    assert!(moves_of(&white).is_empty());
    assert_eq!(white.outcome(), Some(Outcome::Loss));
    let black = from_picture(blocked, 21);
    assert_eq!(black.outcome(), None);
}

#[test]
fn the_third_occurrence_with_the_same_side_to_move_is_a_draw() {
    let mut game = from_picture(SPREAD, 20);
    game.play_moves("a1-a2,a5-a4,a2-a1,a4-a5").unwrap();
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None, "the second occurrence");
    game.play_moves("a1-a2,a5-a4,a2-a1").unwrap();
    assert_eq!(game.outcome(), None);
    game.play_moves("a4-a5").unwrap();
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(game.terminal_score(8), Some(0));
    assert!(moves_of(&game).is_empty());
}

#[test]
fn ply_200_without_a_result_is_a_draw_but_a_line_on_it_wins() {
    let mut game = from_picture(SPREAD, 199);
    assert_eq!(game.outcome(), None);
    game.play_moves("b4-b3").unwrap();
    assert_eq!((game.ply(), game.outcome()), (200, Some(Outcome::Draw)));
    let mut line = from_picture(["BB.BB", "..B..", ".....", "....W", "WWWW."], 199);
    line.play_moves("c4-c5").unwrap();
    assert_eq!(line.outcome(), Some(Outcome::Loss));
}

#[test]
fn audet_counts_protection_lines_and_threats() {
    // White b2 can be jumped north-south (black b3, empty b1) but not east-west (its west
    // neighbour a2 is white); a1 and a2 are safe on both axes. White can jump black c2
    // (from b2 into d2) and black b3 (from b2 into b4).
    let game = from_picture([".....", ".....", ".B...", "WWB..", "W...."], 20);
    let (white, black, empty) = (game.pieces(0), game.pieces(1), game.empty());
    let expected_white = Terms {
        protected: 2 + 2 + 1,
        doubly_protected: 2,
        // Row 1: 1, row 2: 2 (4), column a: 2 (4), column b: 1, diagonal a1-e5: 2 (4).
        line_up: 1 + 4 + 4 + 1 + 4,
        threats: 2,
    };
    assert_eq!(Terms::of(white, black, empty), expected_white);
    let expected_black = Terms {
        // c2 can be jumped east-west, b3 north-south; each is safe on its other axis.
        protected: 2,
        doubly_protected: 0,
        // Row 2, column c, row 3, column b: 1 each.
        line_up: 4,
        // b2, north-south.
        threats: 1,
    };
    assert_eq!(Terms::of(black, white, empty), expected_black);
    let eval = BlackWhite::parse_eval("audet").unwrap();
    let white_total = 5 + 2 + 4 * 14 + 3 * 2;
    let black_total = 2 + 4 * 4 + 3;
    assert_eq!(eval.evaluate(&game), white_total - black_total);
}

#[test]
#[should_panic(expected = "the hash")]
fn every_test_build_checks_the_incremental_hash_after_a_move() {
    let mut game = BlackWhite::new();
    game.pos.hash ^= 1;
    crate::testing::make_first_move(&mut game);
}
