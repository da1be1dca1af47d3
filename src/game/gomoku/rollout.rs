//! The study's rollout policy for Monte Carlo tree search: win at once if the side to move
//! can, else block the opponent's winning point (its four), else a uniformly random
//! candidate (an empty point next to a stone). One pass over the board finds the
//! candidates and, among them, the winning points of both sides; nothing is kept between
//! calls.

use super::{Gomoku, Point};
use rand::Rng;

/// The rollout move of the side to move (the centre on an empty board); `None` when the
/// game is over. `scratch` receives the candidates.
pub fn rollout_move<R: Rng + ?Sized>(
    game: &Gomoku,
    rng: &mut R,
    scratch: &mut Vec<Point>,
) -> Option<Point> {
    if game.is_over() {
        return None;
    }
    if game.stones == 0 {
        return Some(game.point(game.size / 2, game.size / 2));
    }
    scratch.clear();
    let side = game.side;
    let mut block = None;
    for point in 0..(game.size * game.size) as Point {
        if game.cell(point) != 0 || !game.next_to_stone(point) {
            continue;
        }
        if game.wins_at(point, side) {
            return Some(point);
        }
        if block.is_none() && game.wins_at(point, 1 - side) {
            block = Some(point);
        }
        scratch.push(point);
    }
    block.or_else(|| Some(scratch[rng.gen_range(0..scratch.len())]))
}
