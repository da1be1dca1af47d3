//! The endgame table: the exact future margin of every house configuration with at most
//! `max_seeds` seeds in the houses, one byte each, indexed by the configuration's rank among
//! all such configurations. It is filled on the fly by the solver (the search below a
//! configuration stays inside the table, since seeds never return from the stores) and each
//! entry is computed once.
//!
//! This file only indexes and stores; the solver computes the values.

use super::board::View;

/// A stored value is `value + BIAS`; 0 means not computed yet (and lets the zeroed
/// allocation stay untouched until used).
const BIAS: i32 = 128;

/// The table for one board size.
pub struct Endgame {
    max_seeds: i32,
    cells: usize,
    /// `offsets[(cell * (max + 1) + remaining) * (max + 1) + seeds]`: how many
    /// configurations with `remaining` seeds in cells `cell..` (plus a slack cell) put fewer
    /// than `seeds` into `cell`.
    offsets: Vec<u64>,
    values: Vec<u8>,
}

/// The binomial coefficient C(n, k) for small `k`, `u64::MAX` when larger.
fn binomial(n: u64, k: u64) -> u64 {
    let c = (0..k).fold(1u128, |c, i| c * u128::from(n - i) / u128::from(i + 1));
    u64::try_from(c).unwrap_or(u64::MAX)
}

impl Endgame {
    /// The size of the table for `cells` houses and at most `max_seeds` seeds: the number of
    /// ways to put at most `max_seeds` seeds into `cells` houses.
    pub fn size(cells: usize, max_seeds: usize) -> u64 {
        binomial((max_seeds + cells) as u64, cells as u64)
    }

    /// The largest seed count whose table for `cells` houses fits into `megabytes` MiB,
    /// capped at `cap` (the seeds of the game).
    pub fn seeds_for(cells: usize, megabytes: usize, cap: usize) -> usize {
        let bytes = (megabytes as u64) << 20;
        (0..=cap)
            .take_while(|&n| Endgame::size(cells, n) <= bytes)
            .last()
            .unwrap_or(0)
    }

    /// An empty table over `cells` houses (2 x houses a side) for at most `max_seeds` seeds.
    pub fn new(cells: usize, max_seeds: usize) -> Endgame {
        let max = max_seeds;
        let mut offsets = vec![0u64; cells * (max + 1) * (max + 1)];
        for cell in 0..cells {
            // Cells after this one, plus the slack cell.
            let rest = (cells - cell) as u64;
            for remaining in 0..=max {
                let mut sum = 0;
                for seeds in 0..=remaining {
                    offsets[(cell * (max + 1) + remaining) * (max + 1) + seeds] = sum;
                    sum += binomial((remaining - seeds) as u64 + rest - 1, rest - 1);
                }
            }
        }
        Endgame {
            max_seeds: max_seeds as i32,
            cells,
            offsets,
            values: vec![0; Endgame::size(cells, max_seeds) as usize],
        }
    }

    /// Whether `view` lies inside the table.
    pub fn covers(&self, view: &View) -> bool {
        view.left <= self.max_seeds
    }

    /// The index of `view`, which the table covers.
    pub fn rank(&self, view: &View) -> usize {
        let max = self.max_seeds as usize;
        let mut remaining = max;
        let mut rank = 0;
        for (cell, &seeds) in view.houses[..self.cells].iter().enumerate() {
            let seeds = usize::from(seeds);
            rank += self.offsets[(cell * (max + 1) + remaining) * (max + 1) + seeds];
            remaining -= seeds;
        }
        rank as usize
    }

    /// The value stored at `index`, if computed.
    pub fn get(&self, index: usize) -> Option<i32> {
        let stored = self.values[index];
        (stored != 0).then(|| i32::from(stored) - BIAS)
    }

    /// Stores the value at `index`.
    pub fn set(&mut self, index: usize, value: i32) {
        self.values[index] = (value + BIAS) as u8;
    }
}
