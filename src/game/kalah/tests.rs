use super::*;
use crate::game::perft::perft;

fn check_perft(spec: &str, moves: &str, expected: &[u64]) {
    let mut game = Kalah::from_options(spec).unwrap();
    game.play_moves(moves).unwrap();
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&mut game, d as u32 + 1), n, "{spec} after {moves:?}, depth {}", d + 1);
    }
}

#[test]
fn start_perft() {
    check_perft("", "", &[6, 35, 185, 942, 4690, 23233, 114430]);
}

#[test]
fn sowing_laps_skip_the_opponent_store() {
    // Kalah(1, 12): 12 seeds round a ring of 3 pits (house, store, opposite house) put 4
    // in each; the last lands back in the emptied start house, which then holds 4.
    let mut game = Kalah::from_options("1,12").unwrap();
    game.make(1);
    assert_eq!(game.store_seeds(0), 4, "{}", game.board_string());
    assert_eq!(game.pos.pits[..4], [4, 4, 16, 0], "{}", game.board_string());
}
