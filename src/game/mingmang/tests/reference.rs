//! Every case of the CAMMP reference file `fixtures/reference/mingmang-perft.json` beyond
//! perft: the replayed position (board, bitboards in the reference layout, piece counts,
//! ply, end of game) and the root fields (pseudo-legal slides, banned and capturing moves).
//!
//! Perft and divide are the rules contract's (`src/contract/reference.rs`);
//! `perft_ignoring_ban` is not checked (it needs the ban switched off, which the rules
//! engine does not offer).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::*;

/// One case of the reference file; fields not listed are ignored.
#[derive(Deserialize)]
struct Case {
    id: String,
    moves: Vec<String>,
    to_move: String,
    board: Vec<String>,
    black_bb: String,
    white_bb: String,
    black_pieces: u32,
    white_pieces: u32,
    state_number: usize,
    is_terminal: bool,
    pseudo_legal_at_root: u32,
    banned_root_moves: Vec<String>,
    capturing_root_moves: BTreeMap<String, u32>,
}

#[derive(Deserialize)]
struct ReferenceFile {
    cases: Vec<Case>,
}

/// A bitboard of the reference file (h1 = bit 0, a1 = bit 7, a8 = bit 63) in this crate's
/// layout (a1 = bit 0): the files of every rank mirrored.
fn from_reference_layout(hex: &str) -> u64 {
    let bits = u64::from_str_radix(hex.trim_start_matches("0x"), 16).expect("a hex bitboard");
    bits.reverse_bits().swap_bytes()
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

/// The replayed position and the root fields.
fn check_case(case: &Case) {
    let id = &case.id;
    let mut game = MingMang::new();
    for text in &case.moves {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
        game.make(mv);
    }
    let board = format!("{}\n{} to move", case.board.join("\n"), case.to_move);
    assert_eq!(game.board_string(), board, "{id}");
    let pieces = [&case.black_bb, &case.white_bb].map(|hex| from_reference_layout(hex));
    assert_eq!(game.pos.pieces, pieces, "{id}: bitboards");
    let counts = pieces.map(u64::count_ones);
    assert_eq!(counts, [case.black_pieces, case.white_pieces], "{id}");
    assert_eq!(game.ply(), case.state_number, "{id}");
    assert_eq!(game.is_over(), case.is_terminal, "{id}");

    let slides = all_slides(&game);
    assert_eq!(slides.len(), case.pseudo_legal_at_root as usize, "{id}");
    let legal = legal_moves(&game);
    let banned = slides
        .iter()
        .filter(|mv| !legal.contains(mv))
        .map(Move::to_string);
    assert_eq!(
        sorted(banned.collect()),
        sorted(case.banned_root_moves.clone()),
        "{id}"
    );
    let capturing: BTreeMap<String, u32> = legal
        .iter()
        .filter(|&&mv| game.is_noisy(mv))
        .map(|&mv| (mv.to_string(), game.pos.conversions(mv).count_ones()))
        .collect();
    assert_eq!(
        capturing, case.capturing_root_moves,
        "{id}: capturing root moves"
    );
}

#[test]
fn reference_positions_and_root_moves() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/reference/mingmang-perft.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let file: ReferenceFile = serde_json::from_str(&text).expect("the reference file's format");
    assert_eq!(file.cases.len(), 16, "{}", path.display());
    for case in &file.cases {
        check_case(case);
    }
}
