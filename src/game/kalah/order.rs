//! Kalah's static move score for `candidate-sort`, computed from the pits without sowing.
//!
//! A move counts its pits in the mover's sowing ring of `2m + 1` pits: own houses `0..m`, own
//! store `m`, the opponent's houses `m + 1..=2m` (the opponent's store is skipped). Sowing `s`
//! seeds from house `i` gives every pit `s / ring` seeds and one more to each of the `s % ring`
//! pits after `i`.

use super::{Kalah, Rules};
use crate::game::Score;

/// What sowing one house does, computed without sowing.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Sowing {
    /// Seeds that land in the own store.
    pub to_store: u32,
    /// The seeds the capture puts in the own store (the opposite house's and the capturing
    /// seed), 0 when the last seed does not capture.
    pub captured: u32,
    /// Whether the last seed lands in the own store (an extra move unless the rules are
    /// `course`).
    pub ends_in_store: bool,
    /// Seeds sown into the opponent's houses.
    pub to_opponent: u32,
}

/// Weight of a seed won for the store against a seed given to the opponent's houses.
const GAIN_WEIGHT: Score = 4;
/// What an extra move is worth, in seeds won.
const EXTRA_MOVE_SEEDS: Score = 8;

impl Kalah {
    /// What sowing `house` (1-based, from the mover's left) of the side to move does. No
    /// division unless the house holds a whole lap (a profile found the per-pit remainders
    /// half of a Kalah search's time).
    pub(super) fn sowing(&self, house: u8) -> Sowing {
        let m = self.houses;
        let own = self.houses_of(self.pos.side);
        let ring = 2 * m + 1;
        let i = usize::from(house) - 1;
        let s = usize::from(own[i]);
        let (laps, rest) = if s < ring { (0, s) } else { (s / ring, s % ring) };
        // The rest go to the pits i + 1..=i + rest of the ring, the last of them at `last`.
        let last = if i + rest < ring { i + rest } else { i + rest - ring };
        let mut captured = 0;
        // An own house that had no seed before and gets one: a single pass to an empty house,
        // or one whole lap back to the emptied start house.
        if last < m && ((laps == 0 && own[last] == 0) || (laps == 1 && rest == 0)) {
            // The opposite house gets a seed from the lap or from a pass that wrapped.
            let opposite = self.houses_of(1 - self.pos.side)[m - 1 - last];
            let taken = usize::from(opposite) + laps + usize::from(last < i);
            if taken > 0 || self.rules == Rules::EmptyCapture {
                captured = taken as u32 + 1;
            }
        }
        Sowing {
            to_store: (laps + usize::from(i + rest >= m)) as u32,
            captured,
            ends_in_store: last == m,
            to_opponent: (laps * m + (i + rest).saturating_sub(m).min(m)) as u32,
        }
    }

    /// The move's static score, higher first: [`GAIN_WEIGHT`] per seed it puts in the own
    /// store at once (sown or captured; an extra move counts as [`EXTRA_MOVE_SEEDS`]), minus
    /// the seeds it sows into the opponent's houses, plus what it saves from a capture the
    /// opponent threatens ([`Kalah::threatened`]).
    pub(super) fn order_score(&self, house: u8) -> Score {
        let sowing = self.sowing(house);
        let extra = sowing.ends_in_store && self.rules != Rules::Course;
        let gain = (sowing.to_store + sowing.captured) as Score;
        GAIN_WEIGHT * (gain + EXTRA_MOVE_SEEDS * Score::from(extra)) - sowing.to_opponent as Score
            + self.threatened(house)
    }

    /// What the opponent's capture of own `house` would take (its seeds and the capturing
    /// seed) if one of the opponent's houses ends its sowing in the empty house opposite,
    /// as the board is now; 0 otherwise.
    pub(super) fn threatened(&self, house: u8) -> Score {
        let m = self.houses;
        let theirs = self.houses_of(1 - self.pos.side);
        let target = m - usize::from(house);
        let ring = 2 * m + 1;
        // Into the empty target: a pass from a house left of it, or one round the ring from
        // a house right of it; or a whole lap from the target itself.
        let reaches = match theirs[target] {
            0 => (0..m).any(|j| {
                let pass = if j < target { target - j } else { ring + target - j };
                usize::from(theirs[j]) == pass
            }),
            seeds => usize::from(seeds) == ring,
        };
        match reaches {
            true => Score::from(self.houses_of(self.pos.side)[usize::from(house) - 1]) + 1,
            false => 0,
        }
    }
}
