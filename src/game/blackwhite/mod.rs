//! Black & White (RULES.md section 5): 5x5, White first; ten plies of placements (five discs
//! each), then steps to an orthogonally adjacent empty square and jumps over an adjacent
//! enemy piece into the empty square behind it, which turn the jumped piece. Five of the
//! mover's own in a row, column or long diagonal win; the side to move without a legal move
//! loses; the third occurrence of a placement with the same side to move, or ply 200 without
//! a result, is a draw.
//!
//! The state is one 25-bit board per colour (`board5.rs`: a1 = bit 0), the side to move,
//! the ply, how the last move ended the game (a line or a draw), and an incremental Zobrist
//! hash of placement and side to move; `Undo` is that 32-byte position. Every earlier
//! position is kept (hash and placement) for the repetition rule, which scans the earlier
//! positions with the same side to move (at most 100). In the movement phase a placement can
//! only recur an even number of plies later anyway: a step changes the parity of the sum of
//! all pieces' coordinates and a jump does not, so the steps between are even, and the
//! colour counts come back only after as many white jumps as black ones.
//!
//! Order of the end rules: a line wins at once; otherwise a side to move without a legal
//! move loses (also on the draw's ply; a third occurrence always has moves, since the same
//! position had them before); otherwise a third occurrence or ply 200 is a draw.
//!
//! Not here: search and files. The evaluation `audet` is in `eval.rs`.

mod eval;

pub use self::eval::{AudetWeights, BlackWhiteEval};
use super::board5::{
    labelled_picture, parse_point, picture, point_name, Direction, Points, FULL, LINES,
};
use super::zobrist::key_table;
use super::{cycle_point, EvalParam, Game, Outcome, Score, Side, StatePart};

/// A played game is a draw at this ply without a result.
pub const MAX_PLIES: u16 = 200;
/// The plies of the placement phase: five discs each.
pub const PLACEMENT_PLIES: u16 = 10;
/// White (moves first) and black, by [`Side`].
const SIDE_NAMES: [&str; 2] = ["white", "black"];
/// One key per colour and square, then the side-to-move key.
const KEYS: [u64; 51] = key_table(0x626c_6163_6b77_6869);
const SIDE_KEY: u64 = KEYS[50];
/// `Move::from` of a placement.
const PLACE: u8 = 25;

/// A placement (`c3`), a step (`c3-c4`) or a jump (`c3-c5`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Move {
    /// The square left, or [`PLACE`] for a placement.
    from: u8,
    /// The square filled.
    to: u8,
}

impl Move {
    fn place(to: u8) -> Move {
        Move { from: PLACE, to }
    }

    fn is_placement(self) -> bool {
        self.from == PLACE
    }

    /// The direction of a step or jump and its length (1 or 2).
    fn direction(self) -> (Direction, u8) {
        Direction::between(self.from, self.to).expect("a step or a jump")
    }
}

/// How the last move ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// Not by itself (the side to move may still have no move).
    No,
    /// The mover completed a line: the side to move has lost.
    Line,
    /// A third occurrence or the ply limit, unless the side to move has no move.
    Draw,
}

/// The part of the state that moves change; also the undo record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The pieces of white (side 0) and black (side 1).
    pieces: [u32; 2],
    side: Side,
    ply: u16,
    end: End,
    hash: u64,
}

/// An earlier position, for the repetition rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    hash: u64,
    pieces: [u32; 2],
}

/// A game of Black & White: the position and every earlier one, oldest first.
#[derive(Clone, Debug)]
pub struct BlackWhite {
    pos: Position,
    history: Vec<Seen>,
}

fn key(side: Side, square: u8) -> u64 {
    KEYS[25 * usize::from(side) + usize::from(square)]
}

impl BlackWhite {
    /// The empty board, white to move.
    pub fn new() -> BlackWhite {
        BlackWhite {
            pos: Position {
                pieces: [0, 0],
                side: 0,
                ply: 0,
                end: End::No,
                hash: 0,
            },
            history: Vec::with_capacity(usize::from(MAX_PLIES)),
        }
    }

    /// The pieces of `side` (0 white, 1 black), a1 = bit 0.
    pub fn pieces(&self, side: Side) -> u32 {
        self.pos.pieces[usize::from(side)]
    }

    /// Plies played so far.
    pub fn ply(&self) -> u16 {
        self.pos.ply
    }

    fn own(&self) -> u32 {
        self.pieces(self.pos.side)
    }

    fn enemy(&self) -> u32 {
        self.pieces(self.pos.side ^ 1)
    }

    fn empty(&self) -> u32 {
        FULL & !(self.pos.pieces[0] | self.pos.pieces[1])
    }

    fn is_placement_phase(&self) -> bool {
        self.pos.ply < PLACEMENT_PLIES
    }

    /// The squares the pieces of the side to move can step to (`jumps` false) or jump to,
    /// going `dir`.
    fn targets(&self, dir: Direction, jumps: bool) -> u32 {
        let reached = dir.shift(self.own());
        match jumps {
            false => reached & self.empty(),
            true => dir.shift(reached & self.enemy()) & self.empty(),
        }
    }

    /// Whether the side to move has a legal move, the game's end rules aside.
    fn can_move(&self) -> bool {
        self.is_placement_phase()
            || Direction::ALL
                .into_iter()
                .any(|dir| self.targets(dir, false) | self.targets(dir, true) != 0)
    }

    /// How many times the current position has occurred with this side to move, this
    /// time included.
    fn occurrences(&self) -> usize {
        let now = Seen {
            hash: self.pos.hash,
            pieces: self.pos.pieces,
        };
        1 + self
            .history
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&seen| seen == now)
            .count()
    }

    /// Plays `mv` on the position (no history, no end).
    fn apply(&mut self, mv: Move) {
        let us = self.pos.side;
        let mut changed = 1u32 << mv.to;
        if !mv.is_placement() {
            changed |= 1 << mv.from;
            if let (dir, 2) = mv.direction() {
                let jumped = dir.shift(1 << mv.from);
                self.pos.pieces[usize::from(us ^ 1)] ^= jumped;
                self.pos.pieces[usize::from(us)] ^= jumped;
                let square = jumped.trailing_zeros() as u8;
                self.pos.hash ^= key(0, square) ^ key(1, square);
            }
        }
        self.pos.pieces[usize::from(us)] ^= changed;
        for square in Points(changed) {
            self.pos.hash ^= key(us, square);
        }
        self.pos.side ^= 1;
        self.pos.hash ^= SIDE_KEY;
        self.pos.ply += 1;
    }

    /// How the move just made ended the game, if it did.
    fn end_after_move(&self) -> End {
        let mover = self.enemy();
        if LINES.iter().any(|&line| line & !mover == 0) {
            End::Line
        } else if self.occurrences() >= 3 || self.pos.ply >= MAX_PLIES {
            End::Draw
        } else {
            End::No
        }
    }

    fn side_name(&self) -> &'static str {
        SIDE_NAMES[usize::from(self.pos.side)]
    }

    /// The legal moves; the caller has checked that the game is not over.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.is_placement_phase() {
            moves.extend(Points(self.empty()).map(Move::place));
            return;
        }
        for from in Points(self.own()) {
            for dir in Direction::ALL {
                let next = dir.shift(1 << from);
                if next & self.empty() != 0 {
                    moves.push(Move {
                        from,
                        to: next.trailing_zeros() as u8,
                    });
                } else if next & self.enemy() != 0 && dir.shift(next) & self.empty() != 0 {
                    let to = dir.shift(next).trailing_zeros() as u8;
                    moves.push(Move { from, to });
                }
            }
        }
    }

    fn hash_of(pieces: [u32; 2], side: Side) -> u64 {
        let side_key = if side == 1 { SIDE_KEY } else { 0 };
        (0..2).fold(side_key, |hash, s| {
            Points(pieces[usize::from(s)]).fold(hash, |hash, square| hash ^ key(s, square))
        })
    }

    #[cfg(any(test, debug_assertions))]
    fn check_invariants(&self) {
        let [white, black] = self.pos.pieces;
        assert_eq!(white & black, 0, "a square holds both colours");
        let placed = u32::from(self.pos.ply.min(PLACEMENT_PLIES));
        assert_eq!((white | black).count_ones(), placed, "the pieces placed");
        assert_eq!(self.history.len(), usize::from(self.pos.ply));
        assert_eq!(self.pos.hash, self.hash_from_scratch(), "the hash");
    }
}

impl Default for BlackWhite {
    fn default() -> Self {
        BlackWhite::new()
    }
}

impl Game for BlackWhite {
    type Move = Move;
    type Undo = Position;
    type Eval = BlackWhiteEval;

    const NAME: &'static str = "blackwhite";
    const SIDES: [&'static str; 2] = ["White (W)", "Black (B)"];
    const EVAL_NAMES: &'static [&'static str] = &["audet"];
    const DEFAULT_EVAL: BlackWhiteEval = BlackWhiteEval::Audet(AudetWeights::STUDY);
    const EVAL_PARAMS: &'static [EvalParam] = AudetWeights::PARAMS;
    /// A placement recurs with the same side to move no sooner than 4 plies later (a step
    /// and its way back by both sides), so up to depth 4 every path to a node sees the same
    /// repetitions below it; deeper, `tt-value` is not exact (graph-history interaction).
    const REPETITION_PLIES: Option<u32> = Some(4);
    /// The hash covers the placement and the side to move but not the ply (the game is a
    /// draw at ply 200) or the earlier positions that the repetition rule counts: equal
    /// hashes can differ in their end, so `tt-value` is not exact here.
    const HASH_IS_COMPLETE: bool = false;

    fn from_options(options: &str) -> Result<Self, String> {
        if options.trim().is_empty() {
            Ok(BlackWhite::new())
        } else {
            Err(format!("blackwhite takes no options, got `{options}`"))
        }
    }

    fn spec(&self) -> String {
        Self::NAME.to_string()
    }

    fn parse_eval(name: &str) -> Option<BlackWhiteEval> {
        (name == "audet").then_some(BlackWhiteEval::Audet(AudetWeights::STUDY))
    }

    fn weigh_eval(_eval: BlackWhiteEval, values: &[Score]) -> BlackWhiteEval {
        BlackWhiteEval::weighed(values)
    }

    fn side_to_move(&self) -> Side {
        self.pos.side
    }

    /// Placements from a1 to e5 (at most 25); then, per own piece from a1 to e5, its step
    /// or jump north, east, south and west (at most 40: conversions can give one side all
    /// ten pieces, and a piece has at most one move per direction).
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        if self.outcome().is_none() {
            self.legal_moves(moves);
        }
    }

    fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        if self.is_placement_phase() {
            return u64::from(self.empty().count_ones());
        }
        let count = |dir| self.targets(dir, false).count_ones() + self.targets(dir, true).count_ones();
        u64::from(Direction::ALL.into_iter().map(count).sum::<u32>())
    }

    fn make(&mut self, mv: Move) -> Position {
        let undo = self.pos;
        self.history.push(Seen {
            hash: undo.hash,
            pieces: undo.pieces,
        });
        self.apply(mv);
        self.pos.end = self.end_after_move();
        #[cfg(any(test, debug_assertions))]
        self.check_invariants();
        undo
    }

    fn unmake(&mut self, _mv: Move, undo: Position) {
        self.history.pop();
        self.pos = undo;
    }

    /// Black & White has no pass, so no null move.
    fn make_null(&mut self) -> Option<Position> {
        None
    }

    fn unmake_null(&mut self, _undo: Position) {}

    fn hash(&self) -> u64 {
        self.pos.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        Self::hash_of(self.pos.pieces, self.pos.side)
    }

    /// The hash is the pieces and the side to move: the ply (which ends the placements and
    /// the game) and the earlier positions (the repetition rule) are outside it.
    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let changed = |change: &dyn Fn(&mut BlackWhite)| {
            let mut game = self.clone();
            change(&mut game);
            game.pos.hash = game.hash_from_scratch();
            game
        };
        let seen = Seen {
            hash: self.pos.hash,
            pieces: self.pos.pieces,
        };
        let mut parts = vec![
            StatePart::hashed("side to move", changed(&|g| g.pos.side ^= 1)),
            StatePart::unhashed("ply", changed(&|g| g.pos.ply += 1)),
            StatePart::unhashed("history", changed(&|g| g.history.push(seen))),
        ];
        parts.extend((0..25).map(|point| {
            let other = changed(&|g| cycle_point(&mut g.pos.pieces, 1 << point));
            StatePart::hashed(format!("point {}", point_name(point)), other)
        }));
        parts
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.pos.end {
            End::Line => Some(Outcome::Loss),
            _ if !self.can_move() => Some(Outcome::Loss),
            End::Draw => Some(Outcome::Draw),
            End::No => None,
        }
    }


    /// Placements 0..25; a step or jump `25 + 8 * from + 2 * direction + (jump)`.
    fn move_index(&self, mv: Move) -> usize {
        if mv.is_placement() {
            return usize::from(mv.to);
        }
        let (dir, length) = mv.direction();
        let dir_index = Direction::ALL.iter().position(|&d| d == dir).expect("a direction");
        25 + 8 * usize::from(mv.from) + 2 * dir_index + usize::from(length - 1)
    }

    fn move_index_space(&self) -> usize {
        25 + 8 * 25
    }

    fn is_pass(&self, _mv: Move) -> bool {
        false
    }

    /// A jump, which turns an enemy piece.
    fn is_noisy(&self, mv: Move) -> bool {
        !mv.is_placement() && mv.direction().1 == 2
    }

    fn format_move(&self, mv: Move) -> String {
        match mv.is_placement() {
            true => point_name(mv.to),
            false => format!("{}-{}", point_name(mv.from), point_name(mv.to)),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let text = text.trim();
        let square = |name: &str| {
            parse_point(name).ok_or_else(|| {
                format!("`{text}` is not a move: write a placement `c3`, a step `c3-c4` or a jump `c3-c5`")
            })
        };
        let mv = match text.split_once('-') {
            None => Move::place(square(text)?),
            Some((from, to)) => Move {
                from: square(from)?,
                to: square(to)?,
            },
        };
        if self.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            return Ok(mv);
        }
        Err(match (mv.is_placement(), self.is_placement_phase()) {
            (true, false) => format!("{text}: the placements are over after ply {PLACEMENT_PLIES}"),
            (false, true) => format!("{text}: pieces move only after ply {PLACEMENT_PLIES}"),
            (true, true) => format!("{text} is occupied"),
            (false, false) => format!(
                "{text} is not a step or jump of a {} piece to an empty square",
                self.side_name()
            ),
        })
    }

    /// Rows 5 down to 1, columns a to e, `W`, `B` or `.`, then the ply and the side to move.
    fn board_string(&self) -> String {
        picture(self.pos.pieces, ['W', 'B'])
            + &format!("ply {}, {} to move", self.pos.ply, self.side_name())
    }

    fn board_display(&self) -> String {
        labelled_picture(self.pos.pieces, ['W', 'B']) + &format!("ply {}\n", self.pos.ply)
    }
}

#[cfg(test)]
mod tests;
