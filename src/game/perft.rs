//! Perft: the number of distinct legal move sequences of a given length, the test of a rules
//! engine. Passes are never counted (see RULES.md); the last ply is counted without playing it.

use super::Game;

/// Counts the non-pass move sequences of exactly `depth` plies from `game`.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(game, depth, &mut buffers)
}

/// Perft split by root move: each legal non-pass root move with its perft(`depth` - 1).
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    assert!(depth >= 1, "divide needs a depth of at least 1");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    moves.retain(|&mv| !game.is_pass(mv));
    moves
        .into_iter()
        .map(|mv| {
            let undo = game.make(mv);
            let n = perft_with(game, depth - 1, &mut buffers);
            game.unmake(mv, undo);
            (mv, n)
        })
        .collect()
}

fn perft_with<G: Game>(game: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_moves(&mut buffers[0]),
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
            moves.clear();
            game.generate_moves(moves);
            let mut total = 0;
            for &mv in moves.iter() {
                if game.is_pass(mv) {
                    continue;
                }
                let undo = game.make(mv);
                total += perft_with(game, depth - 1, rest);
                game.unmake(mv, undo);
            }
            total
        }
    }
}
