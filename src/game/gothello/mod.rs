//! Gothello as the Gthd referee plays it (RULES.md section 4): 5x5, empty start, Black
//! first; a placement whose own group would have no liberty is illegal even if it would
//! capture (the suicide check comes first); adjacent enemy groups left without a liberty
//! turn to the mover's colour; two passes in a row end the game and the stone count decides.
//!
//! The state is one 25-bit board per colour (`board5.rs`: a1 = bit 0), the side to move, the
//! number of passes in a row and an incremental Zobrist hash of all three, 24 bytes copied
//! whole for undo. The legal placements come as one bit set: an empty point with an empty
//! neighbour is always legal; any other is legal exactly when it joins an own group that has
//! a second liberty, one flood fill per own group that touches such points. Counting
//! (perft's last ply) is a popcount and plays nothing.
//!
//! Search rule 4: `generate_moves` offers `pass` only when no placement is legal, and the
//! second pass in a row is one ply to a terminal position. Perft counts that pass, as the
//! Gthd reference does, so [`Game::is_pass`] is false here (it means "a move perft skips").
//! `parse_move` accepts a pass at any time, as the referee does. `make_null` is the pass,
//! offered only when the last move was not a pass: a null move never ends the game.
//!
//! Speed on the project's 2-core machine (release, `cutoff perft --game gothello --depth 6`):
//! empty-board perft(6) = 127,108,224 leaves in 0.13 s, about 980 M leaves/s when the
//! machine is otherwise idle (300 to 420 M/s beside two other builds; `cargo bench --bench
//! games -- gothello/perft6` said 402 M/s then), against 2.4 M/s for the Gthd reference.
//!
//! Not here: search (the `liberties` root tie-break, [`Game::root_tie_break`], reads
//! [`Gothello::liberties_of`]).

mod eval;

pub use self::eval::{EyeWeights, GothelloEval};
use super::board5::{
    group, labelled_picture, neighbours, parse_point, picture, point_name, Points, FULL,
};
use super::zobrist::key_table;
use super::{cycle_point, EvalParam, Game, Outcome, Score, Side, StatePart};

/// A placement on a point (0..25, a1 = 0) or [`PASS`].
pub type Move = u8;
/// The pass.
pub const PASS: Move = 25;
/// One key per colour and point, then the side-to-move key, then one key per count of
/// passes in a row (1 and 2).
const KEYS: [u64; 53] = key_table(0x676f_7468_656c_6c6f);
const SIDE_KEY: u64 = KEYS[50];
/// Black and white, by [`Side`].
const SIDE_NAMES: [&str; 2] = ["black", "white"];

/// A game of Gothello; also its own undo record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gothello {
    /// The stones of black (side 0) and white (side 1).
    stones: [u32; 2],
    side: Side,
    /// Passes in a row just before this position: 2 ends the game.
    passes: u8,
    hash: u64,
}

fn stone_key(side: Side, point: u8) -> u64 {
    KEYS[25 * usize::from(side) + usize::from(point)]
}

/// The key of `passes` passes in a row (none for 0).
fn pass_key(passes: u8) -> u64 {
    match passes {
        0 => 0,
        n => KEYS[50 + usize::from(n)],
    }
}

impl Gothello {
    /// The empty board, black to move.
    pub fn new() -> Gothello {
        Gothello {
            stones: [0, 0],
            side: 0,
            passes: 0,
            hash: 0,
        }
    }

    /// The stones of `side` (0 black, 1 white), a1 = bit 0.
    pub fn stones(&self, side: Side) -> u32 {
        self.stones[usize::from(side)]
    }

    /// The liberties of `side`: the empty points next to at least one of its stones, each
    /// counted once. The `liberties` root tie-break prefers, among equally scored root moves,
    /// the one after which this is largest for the side that made it.
    pub fn liberties_of(&self, side: Side) -> u32 {
        (neighbours(self.stones(side)) & self.empty()).count_ones()
    }

    fn own(&self) -> u32 {
        self.stones(self.side)
    }

    fn enemy(&self) -> u32 {
        self.stones(self.side ^ 1)
    }

    fn empty(&self) -> u32 {
        FULL & !(self.stones[0] | self.stones[1])
    }

    fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// The legal placements of the side to move; none once the game is over.
    fn placements(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let (own, empty) = (self.own(), self.empty());
        let free = empty & neighbours(empty);
        let enclosed = empty & !free;
        let mut legal = free;
        let mut todo = own & neighbours(enclosed);
        while todo != 0 {
            let stones = group(todo & todo.wrapping_neg(), own);
            todo &= !stones;
            // The group keeps a liberty after filling any one enclosed point next to it.
            if (neighbours(stones) & empty).count_ones() >= 2 {
                legal |= enclosed & neighbours(stones);
            }
        }
        legal
    }

    /// The enemy stones a placement on `point` would flip (it must be legal).
    fn flips(&self, point: u8) -> u32 {
        let (enemy, bit) = (self.enemy(), 1u32 << point);
        let empty = self.empty() & !bit;
        let mut todo = neighbours(bit) & enemy;
        let mut flipped = 0;
        while todo != 0 {
            let stones = group(todo & todo.wrapping_neg(), enemy);
            todo &= !stones;
            if neighbours(stones) & empty == 0 {
                flipped |= stones;
            }
        }
        flipped
    }

    fn place(&mut self, point: u8) {
        let flipped = self.flips(point);
        let (us, them) = (usize::from(self.side), usize::from(self.side ^ 1));
        self.stones[us] |= 1 << point | flipped;
        self.stones[them] &= !flipped;
        self.hash ^= stone_key(self.side, point);
        for p in Points(flipped) {
            self.hash ^= stone_key(0, p) ^ stone_key(1, p);
        }
        self.set_passes(0);
    }

    fn set_passes(&mut self, passes: u8) {
        self.hash ^= pass_key(self.passes) ^ pass_key(passes);
        self.passes = passes;
    }

    fn side_name(&self) -> &'static str {
        SIDE_NAMES[usize::from(self.side)]
    }

    #[cfg(any(test, debug_assertions))]
    fn check_invariants(&self) {
        assert_eq!(self.stones[0] & self.stones[1], 0, "a point holds both");
        assert_eq!((self.stones[0] | self.stones[1]) & !FULL, 0, "off the board");
        assert!(self.side <= 1 && self.passes <= 2);
        assert_eq!(self.hash, self.hash_from_scratch(), "the incremental hash");
    }
}

impl Default for Gothello {
    fn default() -> Self {
        Gothello::new()
    }
}

impl Game for Gothello {
    type Move = Move;
    type Undo = Gothello;
    type Eval = GothelloEval;

    const NAME: &'static str = "gothello";
    const SIDES: [&'static str; 2] = ["Black (B)", "White (W)"];
    const EVAL_NAMES: &'static [&'static str] = &["number", "eye"];
    const DEFAULT_EVAL: GothelloEval = GothelloEval::Number;
    const EVAL_PARAMS: &'static [EvalParam] = EyeWeights::PARAMS;
    /// The hash covers the stones, the side to move and the passes in a row, which decide
    /// the legal moves and the end: nothing else is remembered.
    const HASH_IS_COMPLETE: bool = true;
    const TECHNIQUES: &'static [&'static str] = &["liberties"];

    fn from_options(options: &str) -> Result<Self, String> {
        if options.trim().is_empty() {
            Ok(Gothello::new())
        } else {
            Err(format!("gothello takes no options, got `{options}`"))
        }
    }

    fn spec(&self) -> String {
        Self::NAME.to_string()
    }

    fn parse_eval(name: &str) -> Option<GothelloEval> {
        match name {
            "number" => Some(GothelloEval::Number),
            "eye" => Some(GothelloEval::Eye(EyeWeights::STUDY)),
            _ => None,
        }
    }

    /// The liberties of the mover's stones ([`Gothello::liberties_of`]).
    fn root_tie_break(&self, mover: Side) -> Score {
        self.liberties_of(mover) as Score
    }

    fn weigh_eval(eval: GothelloEval, values: &[Score]) -> GothelloEval {
        eval.weighed(values)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    /// The legal placements from a1 to e5 (at most 25), or the pass alone when there is
    /// none; nothing once two passes have ended the game.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        match self.placements() {
            0 => moves.push(PASS),
            legal => moves.extend(Points(legal)),
        }
    }

    /// The pass counts too: it is the one move where no placement is legal.
    fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        if self.is_over() {
            return 0;
        }
        u64::from(self.placements().count_ones().max(1))
    }

    fn make(&mut self, mv: Move) -> Gothello {
        let undo = *self;
        if mv == PASS {
            self.set_passes(self.passes + 1);
        } else {
            self.place(mv);
        }
        self.side ^= 1;
        self.hash ^= SIDE_KEY;
        #[cfg(any(test, debug_assertions))]
        self.check_invariants();
        undo
    }

    fn unmake(&mut self, _mv: Move, undo: Gothello) {
        *self = undo;
    }

    fn make_null(&mut self) -> Option<Gothello> {
        (self.passes == 0).then(|| self.make(PASS))
    }

    fn unmake_null(&mut self, undo: Gothello) {
        *self = undo;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let side = if self.side == 1 { SIDE_KEY } else { 0 };
        (0..2).fold(side ^ pass_key(self.passes), |hash, s| {
            Points(self.stones(s)).fold(hash, |hash, p| hash ^ stone_key(s, p))
        })
    }

    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let changed = |change: &dyn Fn(&mut Gothello)| {
            let mut game = *self;
            change(&mut game);
            game.hash = game.hash_from_scratch();
            game
        };
        let mut parts = vec![
            StatePart::hashed("side to move", changed(&|g| g.side ^= 1)),
            StatePart::hashed("passes", changed(&|g| g.passes = u8::from(g.passes == 0))),
        ];
        parts.extend((0..25).map(|point| {
            let other = changed(&|g| cycle_point(&mut g.stones, 1 << point));
            StatePart::hashed(format!("point {}", point_name(point)), other)
        }));
        parts
    }

    /// After two passes in a row, more stones wins.
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let (own, enemy) = (self.own().count_ones(), self.enemy().count_ones());
        Some(match own.cmp(&enemy) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }


    fn move_index(&self, mv: Move) -> usize {
        usize::from(mv)
    }

    fn move_index_space(&self) -> usize {
        usize::from(PASS) + 1
    }

    /// Never: perft counts Gothello's pass as a ply (the Gthd convention).
    fn is_pass(&self, _mv: Move) -> bool {
        false
    }

    /// A placement that flips enemy stones.
    fn is_noisy(&self, mv: Move) -> bool {
        mv != PASS && self.flips(mv) != 0
    }

    fn format_move(&self, mv: Move) -> String {
        match mv {
            PASS => "pass".to_string(),
            point => point_name(point),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let text = text.trim();
        let mv = match text {
            "pass" => PASS,
            _ => parse_point(text)
                .ok_or_else(|| format!("`{text}` is not a move: write a point a1 to e5, or pass"))?,
        };
        if self.is_over() {
            return Err("the game is over".to_string());
        }
        if mv == PASS || self.placements() >> mv & 1 == 1 {
            Ok(mv)
        } else if self.empty() >> mv & 1 == 0 {
            Err(format!("{text} is occupied"))
        } else {
            Err(format!(
                "{text} is suicide: the {} group there would have no liberty",
                self.side_name()
            ))
        }
    }

    /// Rows 5 down to 1, columns a to e, `B`, `W` or `.`, then the side to move.
    fn board_string(&self) -> String {
        let passed = match self.passes {
            0 => "",
            1 => " (after a pass)",
            _ => " (two passes: over)",
        };
        picture(self.stones, ['B', 'W']) + self.side_name() + " to move" + passed
    }

    fn board_display(&self) -> String {
        let passed = match self.passes {
            0 => "",
            1 => "after a pass\n",
            _ => "after two passes: over\n",
        };
        labelled_picture(self.stones, ['B', 'W']) + passed
    }
}

#[cfg(test)]
mod tests;
