//! Unit tests of the Ming Mang rules as one-line cases: captures, notation, parse errors,
//! outcomes, evaluation, the pass-only position, null moves, transpositions and the history
//! table; the helpers the random walks (`walks.rs`) and the reference perft (`reference.rs`)
//! share.
//!
//! Nothing here measures speed (see `benches/mingmang.rs`).

use super::history::Placement;
use super::*;
use crate::game::perft::perft;
use crate::game::{Score, WIN_SCORE};
use crate::game::Evaluator;

/// Ming Mang reads none of the game parameters (Gomoku's candidate radius and threat depth).
pub(super) const IGNORED_PARAMS: crate::game::GameParams = crate::game::GameParams {
    cand_radius: 0,
    threat_depth: 0,
};

/// A placement from a FEN-like board: ranks 8 to 1 split by `/`, `B`, `W`, digits for empty
/// runs.
fn placement(board: &str) -> Placement {
    let mut pieces = [0u64; 2];
    let ranks: Vec<&str> = board.split('/').collect();
    assert_eq!(ranks.len(), 8, "{board}: eight ranks");
    for (row, text) in ranks.iter().enumerate() {
        let mut file = 0;
        for c in text.chars() {
            let square = 8 * (7 - row) + file;
            match c {
                'B' => pieces[0] |= 1 << square,
                'W' => pieces[1] |= 1 << square,
                _ => file += c.to_digit(10).expect("B, W or a digit") as usize - 1,
            }
            file += 1;
        }
        assert_eq!(file, 8, "{board}: rank {} has eight files", 8 - row);
    }
    pieces
}

/// The FEN-like board of `pieces`, as `placement` reads it.
fn board(pieces: Placement) -> String {
    let ranks = (0..8).rev().map(|rank| {
        let mut text = String::new();
        let mut empty = 0;
        for square in 8 * rank..8 * rank + 8 {
            match (pieces[0] >> square & 1, pieces[1] >> square & 1) {
                (0, 0) => empty += 1,
                (black, _) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text.push(if black == 1 { 'B' } else { 'W' });
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        text
    });
    ranks.collect::<Vec<_>>().join("/")
}

/// A game at `board` with `side` to move and no history.
fn position(board: &str, side: Side) -> MingMang {
    let mut pos = Position {
        pieces: placement(board),
        hash: 0,
        side,
        passes: 0,
    };
    pos.hash = pos.hash_from_scratch();
    MingMang {
        pos,
        history: History::new(),
    }
}

fn play(moves: &str) -> MingMang {
    let mut game = MingMang::new();
    game.play_moves(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    game
}

fn slide(text: &str) -> Move {
    let (from, to) = text.split_once('-').unwrap();
    Move::new(parse_square(from).unwrap(), parse_square(to).unwrap())
}

/// The empty squares a rook on `square` reaches over `occupied`, one step at a time.
fn slides_by_steps(square: usize, occupied: u64) -> u64 {
    let mut reach = 0;
    for (rank_step, file_step) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
        let (mut rank, mut file) = (
            (square / 8) as i32 + rank_step,
            (square % 8) as i32 + file_step,
        );
        while (0..8).contains(&rank)
            && (0..8).contains(&file)
            && occupied >> (8 * rank + file) & 1 == 0
        {
            reach |= 1 << (8 * rank + file);
            (rank, file) = (rank + rank_step, file + file_step);
        }
    }
    reach
}

/// The table of neighbours that conversions test first holds, for every square, the
/// squares that the shifts of `neighbours` find (no wrap round the a- and h-files).
#[test]
fn the_neighbour_table_matches_the_shifts() {
    for square in 0..64 {
        let expected = attacks::neighbours(1 << square);
        assert_eq!(attacks::NEIGHBOURS[square], expected, "square {square}");
        assert_eq!(expected.count_ones(), 4 - u32::from(square % 8 == 0 || square % 8 == 7) - u32::from(square / 8 == 0 || square / 8 == 7));
    }
}

/// Every entry of the magic table (each subset of each square's relevant squares), and
/// random boards, against the step-by-step walk.
#[test]
fn slides_match_a_step_by_step_walk() {
    let mut entries = 0;
    for square in 0..64 {
        let (rank, file) = (square / 8, square % 8);
        let ends = [8 * 7 + file, file, 8 * rank + 7, 8 * rank];
        let mask = ends
            .iter()
            .fold(slides_by_steps(square, 0), |mask, &end| mask & !(1 << end));
        let mut subset = 0u64;
        loop {
            let occupied = subset | 1 << square;
            assert_eq!(
                slides(square, occupied),
                slides_by_steps(square, occupied),
                "{square} {subset:x}"
            );
            entries += 1;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
    }
    assert_eq!(entries, 102_400);
    let mut seed = 0;
    for _ in 0..1000 {
        let (next, occupied) = crate::game::zobrist::splitmix64(seed);
        seed = next;
        for square in 0..64 {
            assert_eq!(slides(square, occupied), slides_by_steps(square, occupied));
        }
    }
}

/// The mover is the colour on the from square; boards need not hold 28 pieces here.
fn check_capture(before: &str, mv: &str, after: &str) {
    let pieces = placement(before);
    let mv = slide(mv);
    let side = if pieces[0] >> mv.from() & 1 == 1 {
        0
    } else {
        1
    };
    let game = position(before, side);
    assert!(game.is_slide(mv), "{before}: {mv} is a slide");
    let next = game.pos.after(mv);
    assert_eq!(board(next.pieces), after, "{before}: {mv}");
    let converted = (next.pieces[usize::from(side)] & pieces[usize::from(side ^ 1)]) != 0;
    assert_eq!(game.is_noisy(mv), converted, "{before}: is_noisy({mv})");
    assert_eq!(noisy_moves(&game).contains(&mv), converted, "{before}: noisy moves");
}

fn noisy_moves(game: &MingMang) -> Vec<Move> {
    let mut moves = Vec::new();
    game.generate_noisy_moves(&IGNORED_PARAMS, &mut moves);
    moves
}

#[test]
fn a_banned_capture_is_no_noisy_move() {
    // d1-c1 converts b1; pretend its result was seen with White to move.
    let mut game = position("8/8/8/8/8/8/7B/BW1B3W", 0);
    let mv = slide("d1-c1");
    assert!(noisy_moves(&game).contains(&mv));
    let next = game.pos.after(mv);
    game.history.push(next.pieces, next.hash, 1);
    assert!(!legal_moves(&game).contains(&mv));
    assert!(!noisy_moves(&game).contains(&mv));
}

#[test]
fn captures() {
    // One enemy, a long run, a run of six up to the far own piece.
    check_capture("8/8/8/8/8/8/8/BW1B4", "d1-c1", "8/8/8/8/8/8/8/BBB5");
    check_capture("8/8/8/8/8/8/8/BWWWW1B1", "g1-f1", "8/8/8/8/8/8/8/BBBBBB2");
    check_capture(
        "B7/W7/W7/W7/W7/W7/W7/1B6",
        "b1-a1",
        "B7/B7/B7/B7/B7/B7/B7/B7",
    );
    check_capture("8/8/8/8/8/8/8/WB1W4", "d1-c1", "8/8/8/8/8/8/8/WWW5");
    // Three runs at once, judged on the board before any conversion.
    check_capture(
        "8/8/3B4/3W4/1BW1WB2/8/8/3B4",
        "d1-d4",
        "8/8/3B4/3B4/1BBBBB2/8/8/8",
    );
    // The edge never flanks, so a corner piece is safe from both sides.
    check_capture("8/8/8/8/8/8/8/WWW2B2", "f1-d1", "8/8/8/8/8/8/8/WWWB4");
    check_capture("8/8/8/8/8/8/B7/W1B5", "c1-b1", "8/8/8/8/8/8/B7/WB6");
    check_capture("8/8/8/8/8/8/1B6/W7", "b2-a2", "8/8/8/8/8/8/B7/W7");
    // A run to the east of the landing square, flanked further east (the slide comes from
    // the west).
    check_capture("8/8/8/8/8/8/8/B2WB3", "a1-c1", "8/8/8/8/8/8/8/2BBB3");
    // An empty square ends a run without a capture.
    check_capture("8/8/8/8/8/8/8/B1WW1B2", "f1-e1", "8/8/8/8/8/8/8/B1WWB3");
    // Moving between enemies, or extending a flanked line, is safe: only the mover captures.
    check_capture("8/8/8/8/8/8/1B6/W1W5", "b2-b1", "8/8/8/8/8/8/8/WBW5");
    check_capture("8/8/8/8/8/8/2B5/WB1W4", "c2-c1", "8/8/8/8/8/8/8/WBBW4");
    // No chaining: the converted b1 now flanks b2 with b3, but b2 stays white.
    check_capture("8/8/8/8/8/1B6/1W6/BW1B4", "d1-c1", "8/8/8/8/8/1B6/1W6/BBB5");
}

#[test]
fn notation_round_trips() {
    for moves in ["", "h4-d4,a2-g2", "h2-g2,a2-b2,g2-h2"] {
        let game = play(moves);
        let mut list = vec![Move::PASS];
        game.generate_moves(&mut list);
        for mv in list {
            assert_eq!(
                game.parse_move(&game.format_move(mv)),
                Ok(mv),
                "after {moves:?}"
            );
        }
    }
    assert_eq!(MingMang::new().format_move(Move::new(31, 27)), "h4-d4");
}

fn check_parse_error(moves: &str, text: &str, expected: &str) {
    let error = play(moves).parse_move(text).expect_err(text);
    assert!(
        error.contains(expected),
        "after {moves:?}, `{text}`: {error}"
    );
}

#[test]
fn parse_errors() {
    check_parse_error("", "h4", "not a move");
    check_parse_error("", "i1-i2", "not a move");
    check_parse_error("", "a2-b2", "a2 holds a white piece and black is to move");
    check_parse_error("", "d4-d5", "no piece on d4");
    check_parse_error("", "h2-h2", "must leave its square");
    check_parse_error("", "g1-f2", "not along a rank or a file");
    check_parse_error("", "h2-h3", "h3 is occupied");
    check_parse_error("h4-d4", "a4-e4", "the way from a4 to e4 is blocked");
    check_parse_error("h2-g2,a2-b2,g2-h2", "b2-a2", "repetition ban");
    check_parse_error("h2-g2,pass,g2-h2,pass", "h2-g2", "repetition ban");
    check_parse_error("pass,pass", "h2-g2", "the game is over");
    check_parse_error("pass,pass", "pass", "the game is over");
    assert!(MingMang::from_options("8x8")
        .unwrap_err()
        .contains("no options"));
    assert_eq!(MingMang::from_options("").unwrap().spec(), "mingmang");
}

/// Black owns rank 1 (8 + 8), White ranks 4 to 7 (20 + 28).
const WALLS: &str = "WWWWWWWW/WWWW4/8/8/8/WWWWWWWW/BBBBBBBB/8";

fn check_outcome(board: &str, side: Side, passes: u8, expected: Option<Outcome>) {
    let mut game = position(board, side);
    game.pos.passes = passes;
    assert_eq!(
        game.outcome(),
        expected,
        "{board}, side {side}, {passes} passes"
    );
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(
        moves.is_empty(),
        expected.is_some(),
        "{board}: terminal positions have no moves"
    );
}

#[test]
fn outcomes() {
    check_outcome(WALLS, 0, 1, None);
    check_outcome(WALLS, 0, 2, Some(Outcome::Loss));
    check_outcome(WALLS, 1, 2, Some(Outcome::Win));
    check_outcome(&board(Position::start().pieces), 0, 2, Some(Outcome::Draw));
    // Black cannot slide: it loses, whatever the territory.
    check_outcome(
        "WWWWWWWW/8/8/8/8/WWWWWW2/WWWWWWWW/BBBBBBBB",
        0,
        0,
        Some(Outcome::Loss),
    );
    let mut game = position(WALLS, 1);
    game.pos.passes = 2;
    assert_eq!(game.terminal_score(5), Some(WIN_SCORE - 5));
    game.pos.side = 0;
    assert_eq!(game.terminal_score(5), Some(-(WIN_SCORE - 5)));
    assert_eq!(MingMang::new().terminal_score(0), None);
}

#[test]
fn a_played_game_ends_after_400_plies() {
    let mut game = MingMang::new();
    let mut moves = Vec::new();
    let mut seed = 12345u64;
    while game.outcome().is_none() {
        moves.clear();
        game.generate_moves(&mut moves);
        seed = crate::game::zobrist::splitmix64(seed).1;
        game.make(moves[seed as usize % moves.len()]);
    }
    assert_eq!(game.ply(), MAX_PLIES, "{}", game.board_string());
    assert_eq!(game.count_moves(&mut moves), 0);
    assert_eq!(game.make_null(), None);
    assert_eq!(game.parse_move("pass"), Err("the game is over".to_string()));
}

fn check_eval(board: &str, side: Side, expected: Score) {
    assert_eq!(
        MingMangEval::Cammp.evaluate(&position(board, side)),
        expected,
        "{board}"
    );
}

#[test]
fn cammp_evaluation() {
    check_eval(&board(Position::start().pieces), 0, 3);
    // 50 * (8 - 20) + 10 * (8 - 28) + 2 * (1 - 2) + 3, and the same from White's side.
    check_eval(WALLS, 0, -799);
    check_eval(WALLS, 1, 805);
    assert_eq!(MingMang::parse_eval("cammp"), Some(MingMangEval::Cammp));
    assert_eq!(MingMang::EVAL_NAMES, ["cammp"]);
}

#[test]
fn the_pass_is_the_only_move_when_every_slide_is_banned() {
    // Black's only slide is a1-b1; pretend its result was seen with White to move.
    let mut game = position("WWWWWWWW/WWWWWWWW/WWWWWWWW/7W/8/8/W7/B1W5", 0);
    let next = game.pos.after(slide("a1-b1"));
    game.history.push(next.pieces, next.hash, 1);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves, [Move::PASS]);
    assert_eq!(game.count_moves(&mut moves), 0);
    assert_eq!(perft(&mut game, 1), 0);
    assert_eq!(game.outcome(), None);
    assert!(game
        .parse_move("a1-b1")
        .unwrap_err()
        .contains("repetition ban"));
}

#[test]
fn null_moves_enter_the_history() {
    let mut game = play("h2-g2");
    game.make_null().expect("a pass is legal");
    game.play_moves("g2-h2").unwrap();
    game.make_null().expect("a pass is legal");
    assert_eq!(game.ply(), 4);
    assert!(game
        .parse_move("h2-g2")
        .unwrap_err()
        .contains("repetition ban"));
}

fn check_transposition(first: &str, second: &str) {
    let (a, b) = (play(first), play(second));
    assert_eq!(
        (a.pos.pieces, a.pos.side),
        (b.pos.pieces, b.pos.side),
        "{first} / {second}"
    );
    assert_eq!(a.hash(), b.hash(), "{first} / {second}");
}

#[test]
fn transpositions_hash_alike() {
    check_transposition("h2-g2,a2-b2,h3-g3", "h3-g3,a2-b2,h2-g2");
    check_transposition("h2-c2,a3-b3,c2-c6", "h2-g2,a3-b3,g2-g6,pass,g6-c6");
    check_transposition("h2-g2,a2-b2,g2-f2", "h2-f2,a2-b2,pass");
}

/// Pushes far past the reserved room (the table doubles twice), with colliding hashes
/// (every three placements share one), then pops everything back.
#[test]
fn history_table_grows_and_shrinks() {
    let mut history = History::new();
    let entry = |i: u64| ([i, i << 32], crate::game::zobrist::splitmix64(i / 3).1);
    for i in 0..2000 {
        let (placement, hash) = entry(i);
        history.push(placement, hash, (i % 2) as Side);
    }
    assert!((0..2000).all(|i| history.contains(entry(i).0, entry(i).1)));
    for i in (0..2000).rev() {
        let (placement, hash) = entry(i);
        assert_eq!(history.pop(), placement);
        assert!(!history.contains(placement, hash));
        assert!(i == 0 || history.contains(entry(i - 1).0, entry(i - 1).1));
    }
    assert_eq!(history.len(), 0);
}

/// Every slide of the side to move, ban aside, in generation order.
fn all_slides(game: &MingMang) -> Vec<Move> {
    let occupied = game.pos.occupied();
    Squares(game.pos.own())
        .flat_map(|from| Squares(slides(from, occupied)).map(move |to| Move::new(from, to)))
        .collect()
}

fn legal_moves(game: &MingMang) -> Vec<Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

#[test]
#[should_panic(expected = "the incremental hash")]
fn every_test_build_checks_the_incremental_hash_after_a_move() {
    let mut game = MingMang::new();
    game.pos.hash ^= 1;
    crate::testing::make_first_move(&mut game);
}

mod reference;
mod walks;
