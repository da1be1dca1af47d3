//! Kalah(m, n) with the rule sets `standard`, `empty-capture` and `course` (RULES.md section 2).
//!
//! The board is one array of pits in sowing order: side 0's houses 1..m, side 0's store, side
//! 1's houses 1..m, side 1's store (OpenSpiel's order). Houses are numbered from their owner's
//! left, so house k of one side faces house m+1-k of the other. The position is copied whole
//! for undo (16 bytes of pits, the side and the hash). This module does not search.

use super::zobrist::key_table;
use super::{Evaluator, Game, Outcome, Score, Side, StatePart};

/// Pits of the largest board: 2 x 6 houses and 2 stores.
const MAX_PITS: usize = 14;
/// Bytes of the pit array: two more than the pits (always empty), so that eight bytes from
/// the first house of either side can be read as one word.
const PIT_BYTES: usize = 16;
/// Seeds in one pit never exceed all the seeds of Kalah(6, 12).
const MAX_SEEDS: usize = 144;
const PIT_KEYS: [u64; MAX_PITS * (MAX_SEEDS + 1)] = key_table(0x6b61_6c61_6800_0001);
const SIDE_KEY: u64 = key_table::<1>(0x6b61_6c61_6800_0002)[0];
/// What one more seed does to the hash: `PIT_STEPS[k]` is `PIT_KEYS[k] ^ PIT_KEYS[k + 1]`
/// (one lookup per sown seed instead of two).
const PIT_STEPS: [u64; MAX_PITS * (MAX_SEEDS + 1)] = steps(&PIT_KEYS);

const fn steps<const N: usize>(keys: &[u64; N]) -> [u64; N] {
    let mut out = [0; N];
    let mut k = 0;
    while k + 1 < N {
        // The last count of a pit has no next one (no pit ever holds more seeds).
        if (k + 1) % (MAX_SEEDS + 1) != 0 {
            out[k] = keys[k] ^ keys[k + 1];
        }
        k += 1;
    }
    out
}

/// Which of the three rule sets is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Extra move for the last seed in the own store; capture needs seeds opposite.
    Standard,
    /// As standard, but a lone last seed is captured even when the opposite house is empty.
    EmptyCapture,
    /// No extra move; the game also ends when a store holds more than half of the seeds.
    Course,
}

impl Rules {
    const ALL: [Rules; 3] = [Rules::Standard, Rules::EmptyCapture, Rules::Course];

    fn name(self) -> &'static str {
        match self {
            Rules::Standard => "standard",
            Rules::EmptyCapture => "empty-capture",
            Rules::Course => "course",
        }
    }
}

/// The part of the state that changes with moves; also the undo record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pits: [u8; PIT_BYTES],
    side: Side,
    hash: u64,
}

/// A Kalah game: the board size, the rule set and the current position.
#[derive(Clone, Debug)]
pub struct Kalah {
    houses: usize,
    seeds: usize,
    rules: Rules,
    pos: Position,
}

/// Kalah's evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KalahEval {
    /// Own store minus the opponent's store.
    StoreDiff,
    /// The Mancala study's two-phase function.
    Course,
}

/// Where the last seed of a sow ended and whether it captured.
struct Sow {
    last: usize,
    captured: bool,
}

impl Kalah {
    /// Kalah with `houses` houses a side and `seeds` seeds per house under `rules`.
    pub fn new(houses: usize, seeds: usize, rules: Rules) -> Result<Self, String> {
        if !(1..=6).contains(&houses) {
            return Err(format!("kalah houses must be 1..=6, not {houses}"));
        }
        if !(1..=12).contains(&seeds) {
            return Err(format!("kalah seeds must be 1..=12, not {seeds}"));
        }
        let mut pits = [0u8; PIT_BYTES];
        for side in 0..2 {
            for house in 0..houses {
                pits[side * (houses + 1) + house] = seeds as u8;
            }
        }
        let mut game = Kalah {
            houses,
            seeds,
            rules,
            pos: Position {
                pits,
                side: 0,
                hash: 0,
            },
        };
        game.pos.hash = game.hash_from_scratch();
        Ok(game)
    }

    fn num_pits(&self) -> usize {
        2 * self.houses + 2
    }

    fn store(&self, side: Side) -> usize {
        side as usize * (self.houses + 1) + self.houses
    }

    fn house_index(&self, side: Side, house: u8) -> usize {
        side as usize * (self.houses + 1) + house as usize - 1
    }

    fn houses_of(&self, side: Side) -> &[u8] {
        let base = side as usize * (self.houses + 1);
        &self.pos.pits[base..base + self.houses]
    }

    /// Whether `side`'s houses are all empty: one word of eight pits from its first house,
    /// the pits past its houses masked off.
    #[inline]
    fn houses_empty(&self, side: Side) -> bool {
        let base = side as usize * (self.houses + 1);
        let word: [u8; 8] = self.pos.pits[base..base + 8].try_into().expect("8 bytes");
        u64::from_le_bytes(word) & (u64::MAX >> (64 - 8 * self.houses)) == 0
    }

    fn house_total(&self, side: Side) -> u32 {
        self.houses_of(side).iter().map(|&s| u32::from(s)).sum()
    }

    /// Houses a side.
    pub fn houses(&self) -> usize {
        self.houses
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The seeds of `side`'s houses, from its left (house 1) to its right.
    pub fn house_seeds(&self, side: Side) -> &[u8] {
        self.houses_of(side)
    }

    /// Seeds in `side`'s store.
    pub fn store_seeds(&self, side: Side) -> u32 {
        u32::from(self.pos.pits[self.store(side)])
    }

    /// All seeds on the board (conserved by every move).
    pub fn total_seeds(&self) -> u32 {
        self.pos.pits[..self.num_pits()]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    /// Every house is empty; as seeds are conserved, that is the stores holding them all.
    fn is_over(&self) -> bool {
        let stores = self.store_seeds(0) + self.store_seeds(1);
        stores as usize == 2 * self.houses * self.seeds
    }

    /// Ends the game when a side's houses are empty (or, under `course`, a store holds more
    /// than half of the seeds): each side's remaining seeds go to its own store.
    #[inline]
    fn end_test(&mut self) {
        let half = (self.houses * self.seeds) as u32;
        let ended = (self.rules == Rules::Course
            && (self.store_seeds(0) > half || self.store_seeds(1) > half))
            || self.houses_empty(0)
            || self.houses_empty(1);
        if ended {
            for side in 0..2 {
                let base = side as usize * (self.houses + 1);
                let left = self.house_total(side) as u8;
                for i in base..base + self.houses {
                    self.pos.set(i, 0);
                }
                let store = self.store(side);
                self.pos.set(store, self.pos.pits[store] + left);
            }
        }
    }

    fn margin(&self) -> Score {
        let side = self.pos.side;
        self.store_seeds(side) as Score - self.store_seeds(1 - side) as Score
    }
}

impl Position {
    /// Puts `seeds` in pit `i`, keeping the hash.
    #[inline]
    fn set(&mut self, i: usize, seeds: u8) {
        self.hash ^= pit_key(i, self.pits[i]) ^ pit_key(i, seeds);
        self.pits[i] = seeds;
    }

    /// Sows `house` of the side to move on a board of `houses` houses a side, with the
    /// capture; the extra move and the end test are the caller's.
    ///
    /// Whole laps (rare) add to every pit but the opponent's store at once; the remaining
    /// seeds go one each into runs of consecutive pits, each run ending at the board's end
    /// or at the opponent's store (at most three runs), so no seed pays for a test. The hash
    /// is sown in a local and written back once: updating `self.hash` in place made every
    /// seed wait on the previous seed's store (a chain through memory). The pits stay in
    /// place: a local copy written back whole stalled on its byte stores (a 16-byte load of
    /// just-stored bytes cannot be forwarded), a profile found.
    #[inline]
    fn sow(&mut self, houses: usize, rules: Rules, house: u8) -> Sow {
        let mover = self.side as usize;
        let n = 2 * houses + 2;
        let base = mover * (houses + 1);
        let own_store = base + houses;
        let opp_store = (1 - mover) * (houses + 1) + houses;
        let start = base + house as usize - 1;
        let pits = &mut self.pits;
        let mut hash = self.hash;
        let mut seeds = usize::from(pits[start]);
        put(pits, &mut hash, start, 0);
        let ring = n - 1;
        if seeds > ring {
            let laps = (seeds - 1) / ring;
            for i in (0..n).filter(|&i| i != opp_store) {
                let more = pits[i] + laps as u8;
                put(pits, &mut hash, i, more);
            }
            seeds -= laps * ring;
        }
        let mut next = start + 1;
        let i = loop {
            if next == n {
                next = 0;
            }
            if next == opp_store {
                next = if next + 1 == n { 0 } else { next + 1 };
            }
            let stop = if opp_store > next { opp_store } else { n };
            let run = seeds.min(stop - next);
            for pit in next..next + run {
                let before = pits[pit];
                hash ^= PIT_STEPS[pit * (MAX_SEEDS + 1) + before as usize];
                pits[pit] = before + 1;
            }
            seeds -= run;
            next += run;
            if seeds == 0 {
                break next - 1;
            }
        };
        let mut captured = false;
        if (base..base + houses).contains(&i) && pits[i] == 1 {
            let opposite = 2 * houses - i;
            if pits[opposite] > 0 || rules == Rules::EmptyCapture {
                let gain = pits[opposite] + 1;
                let store = pits[own_store] + gain;
                put(pits, &mut hash, own_store, store);
                put(pits, &mut hash, opposite, 0);
                put(pits, &mut hash, i, 0);
                captured = true;
            }
        }
        self.hash = hash;
        Sow { last: i, captured }
    }
}

impl Evaluator<Kalah> for KalahEval {
    fn evaluate(&self, game: &Kalah) -> Score {
        match self {
            KalahEval::StoreDiff => game.margin(),
            KalahEval::Course => course_eval(game),
        }
    }
}

/// The study's function: store difference while the stores hold fewer than 30 seeds, then
/// `(S_own - S_opp) * (1 + sign * E / |S_own - S_opp|)` in exact integer form.
fn course_eval(game: &Kalah) -> Score {
    let own = game.pos.side;
    if game.store_seeds(0) + game.store_seeds(1) < 30 {
        return game.margin();
    }
    let side_total = |s: Side| (game.house_total(s) + game.store_seeds(s)) as Score;
    let diff = side_total(own) - side_total(1 - own);
    if diff == 0 {
        return 0;
    }
    let empty = (0..2)
        .map(|s| game.houses_of(s).iter().filter(|&&x| x == 0).count())
        .sum::<usize>();
    let sign = if diff >= 0 { 1 } else { -1 };
    diff + sign * empty as Score * diff.signum()
}

impl Game for Kalah {
    type Move = u8;
    type Undo = Position;
    type Eval = KalahEval;

    const NAME: &'static str = "kalah";
    const SIDES: [&'static str; 2] = ["South", "North"];
    /// The hash covers every pit, both stores and the side to move, which decide everything.
    const HASH_IS_COMPLETE: bool = true;
    const TECHNIQUES: &'static [&'static str] = &["candidate-sort"];
    const EVAL_NAMES: &'static [&'static str] = &["store-diff", "course"];
    const DEFAULT_EVAL: KalahEval = KalahEval::StoreDiff;
    /// Every rule set, on small boards too (where games end inside the search).
    const VARIANTS: &'static [&'static str] = &[
        "",
        "6,4,empty-capture",
        "6,4,course",
        "6,6,standard",
        "4,3,standard",
        "3,4,standard",
        "3,2,empty-capture",
        "2,3,course",
        "2,1,standard",
        "1,12,standard",
    ];

    fn from_options(options: &str) -> Result<Self, String> {
        let mut numbers = Vec::new();
        let mut rules = Rules::Standard;
        for token in options.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            if let Ok(n) = token.parse::<usize>() {
                numbers.push(n);
            } else {
                rules = *Rules::ALL
                    .iter()
                    .find(|r| r.name() == token)
                    .ok_or_else(|| {
                        format!(
                            "unknown kalah rule set `{token}` (standard, empty-capture, course)"
                        )
                    })?;
            }
        }
        if numbers.len() > 2 {
            return Err(format!(
                "kalah takes at most two numbers (houses, seeds), got `{options}`"
            ));
        }
        let houses = numbers.first().copied().unwrap_or(6);
        let seeds = numbers.get(1).copied().unwrap_or(4);
        Kalah::new(houses, seeds, rules)
    }

    fn spec(&self) -> String {
        format!("kalah:{},{},{}", self.houses, self.seeds, self.rules.name())
    }

    fn parse_eval(name: &str) -> Option<KalahEval> {
        match name {
            "store-diff" => Some(KalahEval::StoreDiff),
            "course" => Some(KalahEval::Course),
            _ => None,
        }
    }

    fn side_to_move(&self) -> Side {
        self.pos.side
    }

    /// Every non-empty house, left to right, without a branch a house: each house's number,
    /// or 0 when it is empty, goes into the next byte of one word, which advances only past
    /// a house with seeds. The test per house was mispredicted often enough to cost a tenth
    /// of the Kalah search's time in a profile (`perf record`), and a byte buffer in memory
    /// read back as words stalled on its stores.
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let mut packed = 0u64;
        let mut n = 0;
        for (i, &seeds) in self.houses_of(self.pos.side).iter().enumerate() {
            let sown = u64::from(seeds > 0);
            packed |= (sown * (i as u64 + 1)) << (8 * n);
            n += sown;
        }
        let start = moves.len();
        moves.extend_from_slice(&packed.to_le_bytes()[..6]);
        moves.truncate(start + n as usize);
    }

    fn count_moves(&self, _scratch: &mut Vec<u8>) -> u64 {
        self.houses_of(self.pos.side)
            .iter()
            .filter(|&&s| s > 0)
            .count() as u64
    }

    fn make(&mut self, house: u8) -> Position {
        let undo = self.pos;
        let sow = self.pos.sow(self.houses, self.rules, house);
        let extra = sow.last == self.store(self.pos.side) && self.rules != Rules::Course;
        if !extra {
            self.pos.side = 1 - self.pos.side;
            self.pos.hash ^= SIDE_KEY;
        }
        self.end_test();
        #[cfg(any(test, debug_assertions))]
        self.check_invariants();
        undo
    }

    fn unmake(&mut self, _mv: u8, undo: Position) {
        self.pos = undo;
    }

    fn make_null(&mut self) -> Option<Position> {
        let undo = self.pos;
        self.pos.side = 1 - self.pos.side;
        self.pos.hash ^= SIDE_KEY;
        Some(undo)
    }

    fn unmake_null(&mut self, undo: Position) {
        self.pos = undo;
    }

    fn hash(&self) -> u64 {
        self.pos.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let pits = (0..self.num_pits()).fold(0, |h, i| h ^ pit_key(i, self.pos.pits[i]));
        pits ^ if self.pos.side == 1 { SIDE_KEY } else { 0 }
    }

    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let changed = |change: &dyn Fn(&mut Position)| {
            let mut game = self.clone();
            change(&mut game.pos);
            game.pos.hash = game.hash_from_scratch();
            game
        };
        let mut parts = vec![StatePart::hashed("side to move", changed(&|p| p.side ^= 1))];
        parts.extend((0..self.num_pits()).map(|pit| {
            let more = changed(&|p| p.pits[pit] = p.pits[pit].wrapping_add(1));
            StatePart::hashed(format!("pit {pit}"), more)
        }));
        parts
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(match self.margin() {
            m if m > 0 => Outcome::Win,
            m if m < 0 => Outcome::Loss,
            _ => Outcome::Draw,
        })
    }

    /// A finished game scores its final store margin: the solved values are margins.
    fn terminal_score(&self, _ply: usize) -> Option<Score> {
        self.is_over().then(|| self.margin())
    }

    fn move_index(&self, house: u8) -> usize {
        self.pos.side as usize * self.houses + house as usize - 1
    }

    fn move_index_space(&self) -> usize {
        2 * self.houses
    }

    fn is_pass(&self, _mv: u8) -> bool {
        false
    }

    /// Seeds won for the store at once, seeds given away and seeds saved from a threatened
    /// capture (`order.rs`); used only under `candidate-sort`.
    fn move_score(&self, house: u8) -> Score {
        self.order_score(house)
    }

    fn is_noisy(&self, house: u8) -> bool {
        let mut pos = self.pos;
        pos.sow(self.houses, self.rules, house).captured
    }

    fn format_move(&self, house: u8) -> String {
        house.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let house: u8 = text
            .parse()
            .ok()
            .filter(|h| (1..=self.houses as u8).contains(h))
            .ok_or_else(|| format!("a kalah move is a house number 1..={}", self.houses))?;
        if self.is_over() {
            return Err("the game is over".into());
        }
        if self.pos.pits[self.house_index(self.pos.side, house)] == 0 {
            return Err(format!("house {house} is empty"));
        }
        Ok(house)
    }

    fn board_string(&self) -> String {
        let row = |side: Side| -> String {
            self.houses_of(side)
                .iter()
                .map(|s| format!("{s:3}"))
                .collect::<String>()
        };
        let top: String = {
            let mut houses: Vec<String> =
                self.houses_of(1).iter().map(|s| format!("{s:3}")).collect();
            houses.reverse();
            houses.concat()
        };
        format!(
            "      {top}\n  {:3} {} {:3}\n      {}\n  side to move: {}",
            self.store_seeds(1),
            " ".repeat(3 * self.houses),
            self.store_seeds(0),
            row(0),
            self.pos.side
        )
    }

    /// North's houses on top, numbered right to left as North sows, South's below numbered
    /// left to right, each row of seeds next to its house numbers (the move notation);
    /// North's store on the left, South's on the right.
    fn board_display(&self) -> String {
        let numbers: Vec<String> = (1..=self.houses).map(|h| format!("{h:4}")).collect();
        let seeds = |side: Side| -> Vec<String> {
            self.houses_of(side).iter().map(|s| format!("{s:4}")).collect()
        };
        let reversed = |mut cells: Vec<String>| {
            cells.reverse();
            cells.concat()
        };
        let pad = " ".repeat(17);
        let gap = " ".repeat(4 * self.houses);
        format!(
            "{pad}{}   North's houses\n{pad}{}\nNorth's store{:>4}{gap}{:>4}   South's store\n\
             {pad}{}\n{pad}{}   South's houses\n",
            reversed(numbers.clone()),
            reversed(seeds(1)),
            self.store_seeds(1),
            self.store_seeds(0),
            seeds(0).concat(),
            numbers.concat(),
        )
    }
}

/// Puts `seeds` in pit `i` of `pits`, keeping `hash` ([`Position::set`] on locals).
#[inline(always)]
fn put(pits: &mut [u8; PIT_BYTES], hash: &mut u64, i: usize, seeds: u8) {
    *hash ^= pit_key(i, pits[i]) ^ pit_key(i, seeds);
    pits[i] = seeds;
}

fn pit_key(pit: usize, seeds: u8) -> u64 {
    PIT_KEYS[pit * (MAX_SEEDS + 1) + seeds as usize]
}

#[cfg(any(test, debug_assertions))]
impl Kalah {
    fn check_invariants(&self) {
        assert_eq!(self.total_seeds() as usize, 2 * self.houses * self.seeds, "the seeds");
        assert!(self.pos.pits[self.num_pits()..].iter().all(|&s| s == 0));
    }
}

mod order;

#[cfg(test)]
mod tests;
