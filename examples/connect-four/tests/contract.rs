//! Connect Four against cutoff's rules contract (the test kit every built-in game passes)
//! and against published counts.

use connect_four::ConnectFour;
use cutoff::contract::PerftCase;
use cutoff::game::Game;
use std::collections::HashSet;

/// Perft from the start, by hand: no column fills and nobody can have four before ply 7, so
/// perft(n) = 7^n for n <= 6; at ply 7 the 7 sequences that filled one column with six discs
/// have 6 moves, so perft(7) = 7^7 - 7 (a win at ply 7 ends the game after the counted move).
fn perft_cases() -> Vec<PerftCase> {
    let by_hand: Vec<u64> = (1..=7)
        .map(|n| 7u64.pow(n) - if n == 7 { 7 } else { 0 })
        .collect();
    assert_eq!(by_hand, [7, 49, 343, 2401, 16807, 117649, 823536]);
    vec![PerftCase::new("start", "", &by_hand)]
}

mod contract {
    cutoff::rules_contract!(connect_four::ConnectFour, perft = super::perft_cases());
}

/// The number of distinct positions after n plies, n = 0..=9, games stopping at a win:
/// OEIS A212693, "Number of legal 7 X 6 Connect-Four positions after n plies" (John Tromp,
/// 2012; the table of Edelkamp and Kissmann), https://oeis.org/A212693. From ply 7 on it
/// counts wins ending the game, and full columns; a diagonal four needs more plies than
/// these, so the diagonals are held by the crate's own rule test.
const A212693: [usize; 10] = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186];

#[test]
fn distinct_positions_per_ply_match_oeis_a212693() {
    let mut layer = vec![ConnectFour::from_options("").unwrap()];
    let mut moves = Vec::new();
    for (ply, &expected) in A212693.iter().enumerate() {
        assert_eq!(layer.len(), expected, "positions after {ply} plies");
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for game in &layer {
            moves.clear();
            game.generate_moves(&mut moves);
            for &mv in &moves {
                let mut child = game.clone();
                child.make(mv);
                if seen.insert(child.board_string()) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
}

/// The seeded walks of the kit (no proptest), beside the macro's proptest ones.
#[test]
fn seeded_random_walks_keep_the_contract() {
    cutoff::contract::check_random_walks::<ConnectFour>(43, 200, 42);
}
