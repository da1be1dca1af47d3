//! The solver's view of a Kalah position: the houses seen from the side to move (its own
//! houses from its left, then the opponent's from theirs), which together with the side to
//! move decide the future margin whatever the stores hold; the move order; and one move
//! played with the margin it gains.
//!
//! The rules themselves stay in `game::kalah`; this file only reads them.

use crate::game::kalah::{Kalah, Rules};
use crate::game::{Game, Score};

/// The houses from the side to move's point of view, padded with zeros to 12, and the
/// seeds they hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Own houses from the left, then the opponent's from their left.
    pub houses: [u8; 12],
    /// Seeds left in all houses.
    pub left: i32,
}

impl View {
    /// `game`'s houses seen from its side to move.
    pub fn of(game: &Kalah) -> View {
        let side = game.side_to_move();
        let m = game.houses();
        let mut houses = [0u8; 12];
        houses[..m].copy_from_slice(game.house_seeds(side));
        houses[m..2 * m].copy_from_slice(game.house_seeds(1 - side));
        let left = houses.iter().map(|&s| i32::from(s)).sum();
        View { houses, left }
    }
}

/// Own store minus the opponent's, for `side`.
fn store_margin(game: &Kalah, side: u8) -> Score {
    game.store_seeds(side) as Score - game.store_seeds(1 - side) as Score
}

/// A move played: what `unmake` needs, the store margin it gained for the mover, and whether
/// the mover moves again.
pub struct Played {
    /// The position before the move.
    pub undo: <Kalah as Game>::Undo,
    /// The mover's store margin after the move minus before.
    pub gain: Score,
    /// The mover is to move again (an extra move).
    pub again: bool,
}

/// Plays house `mv` of the side to move.
pub fn play(game: &mut Kalah, mv: u8) -> Played {
    let mover = game.side_to_move();
    let before = store_margin(game, mover);
    let undo = game.make(mv);
    Played {
        undo,
        gain: store_margin(game, mover) - before,
        again: game.side_to_move() == mover,
    }
}

/// The legal moves (house numbers) of the view's side to move in search order: `first`
/// (the table's move, 0 for none), then moves ending in the own store (nearest the store
/// first), then captures (largest first), then the rest from the right. Returns the count.
pub fn ordered_moves(
    view: &View,
    houses: usize,
    rules: Rules,
    first: u8,
    moves: &mut [u8; 6],
) -> usize {
    let mut scored = [(0i32, 0u8); 6];
    let mut n = 0;
    for i in 0..houses {
        let seeds = usize::from(view.houses[i]);
        if seeds == 0 {
            continue;
        }
        let mv = i as u8 + 1;
        let score = if mv == first {
            i32::MAX
        } else {
            move_score(view, houses, rules, i, seeds)
        };
        scored[n] = (score, mv);
        n += 1;
    }
    // Insertion sort, stable: equal scores keep house order.
    for k in 1..n {
        let mut j = k;
        while j > 0 && scored[j - 1].0 < scored[j].0 {
            scored.swap(j - 1, j);
            j -= 1;
        }
    }
    for k in 0..n {
        moves[k] = scored[k].1;
    }
    n
}

/// The static order score of sowing own house `i` (from the left) holding `seeds`.
fn move_score(view: &View, houses: usize, rules: Rules, i: usize, seeds: usize) -> i32 {
    let ring = 2 * houses + 1;
    let last = (i + seeds) % ring;
    if last == houses {
        return 1000 + i as i32;
    }
    if seeds < ring && last < houses && view.houses[last] == 0 {
        let wrapped = last < i;
        let opposite = i32::from(view.houses[2 * houses - 1 - last]) + i32::from(wrapped);
        if opposite > 0 || rules == Rules::EmptyCapture {
            return 100 + opposite;
        }
    }
    i as i32
}
