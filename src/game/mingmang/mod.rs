//! Ming Mang as the CAMMP program plays it (RULES.md section 1): rook slides over empty
//! squares, custodian capture by conversion, the repetition ban, passes, and the territory
//! result.
//!
//! The state is one bitboard per colour (layout in `attacks.rs`: a1 = bit 0), the side to
//! move, the number of consecutive passes, an incremental Zobrist hash of placement and side
//! to move, and the `History` (`history.rs`) of every earlier placement that the repetition
//! ban needs.
//! `Undo` is the 32-byte position before the move; `unmake` restores it and pops the history.
//!
//! The ban, per move, is one probe of the history's hash table (O(1)). Generating or
//! counting all moves first asks which moves could be banned at all: a move changes the
//! occupied squares in exactly its from and to squares (conversions change colours, not
//! occupancy), so an earlier placement with the same side to move can be recreated only by
//! the one move whose squares are the difference of the two occupancies. A scan of the
//! packed occupancies finds those few candidates, and the hash probe decides each exactly.
//! Counting (perft's last ply) is then the number of slides from four Kogge-Stone fills
//! minus the banned candidates; it plays no move.
//!
//! Search rule 7: `generate_moves` has no pass unless every slide is banned, where the pass
//! is the only move; `make_null` is a pass (it enters the history).
//!
//! Speed on the project's 2-core machine (release): start perft(5) = 1,345,182,218 leaves
//! in 0.6 s, about 2.2 G leaves/s (CAMMP: 22.7 M/s); `benches/mingmang.rs` has the details.
//!
//! Not here: search, the CAMMP search parameters, files and I/O.

mod attacks;
mod eval;
mod history;
mod position;

// Public so that `benches/mingmang.rs` can time the lookup.
pub use self::attacks::slides;
use self::attacks::{capture_landings, count_slides, has_two_squares, Squares};
pub use self::eval::MingMangEval;
use self::history::History;
use self::position::{parse_square, square_name};
pub use self::position::{Move, Position};
use super::{cycle_point, Game, GameParams, Outcome, Side, StatePart};

/// A played game ends after this many plies (moves and passes).
pub const MAX_PLIES: usize = 400;
/// Pieces on the board, always: conversion changes colours, never the count.
const PIECES: u32 = 28;
/// Black and white, by [`Side`].
const SIDE_NAMES: [&str; 2] = ["black", "white"];

/// A game of Ming Mang: the position and every earlier placement.
#[derive(Clone, Debug)]
pub struct MingMang {
    pos: Position,
    history: History,
}

impl MingMang {
    /// The start position.
    pub fn new() -> MingMang {
        MingMang {
            pos: Position::start(),
            history: History::new(),
        }
    }

    /// Plies played so far, passes included.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The pieces of `side`.
    pub fn pieces(&self, side: Side) -> u64 {
        self.pos.pieces[usize::from(side)]
    }

    fn is_over(&self) -> bool {
        self.pos.passes >= 2 || self.ply() >= MAX_PLIES || !self.pos.can_slide()
    }

    /// Whether `mv` is a slide of the side to move over empty squares (ban aside).
    fn is_slide(&self, mv: Move) -> bool {
        self.pos.own() >> mv.from() & 1 == 1
            && slides(mv.from(), self.pos.occupied()) >> mv.to() & 1 == 1
    }

    /// Whether the slide `mv` would recreate an earlier placement with the same side to move.
    fn is_banned(&self, mv: Move) -> bool {
        let next = self.pos.after(mv);
        self.history.contains(next.pieces, next.hash)
    }

    /// Calls `banned` with every banned slide (a slide may come more than once): the
    /// candidates of the occupancy filter, each decided by [`MingMang::is_banned`].
    fn for_each_banned(&self, mut banned: impl FnMut(Move)) {
        let own = self.pos.own();
        let occupied = self.pos.occupied();
        for &seen in self.history.occupancies(self.pos.side ^ 1) {
            let changed = seen ^ occupied;
            if !has_two_squares(changed) {
                continue;
            }
            let (from, to) = (changed & own, changed & !occupied);
            if from == 0 || to == 0 {
                continue;
            }
            let mv = Move::new(from.trailing_zeros() as usize, to.trailing_zeros() as usize);
            if self.is_slide(mv) && self.is_banned(mv) {
                banned(mv);
            }
        }
    }

    fn side_name(&self) -> &'static str {
        SIDE_NAMES[usize::from(self.pos.side)]
    }

    /// Why the slide `mv` is illegal here, if it is.
    fn slide_error(&self, mv: Move) -> Option<String> {
        let (from, to) = (square_name(mv.from()), square_name(mv.to()));
        let (us, them) = (self.side_name(), SIDE_NAMES[usize::from(self.pos.side ^ 1)]);
        let error = if self.pos.enemy() >> mv.from() & 1 == 1 {
            format!("{from} holds a {them} piece and {us} is to move")
        } else if self.pos.own() >> mv.from() & 1 == 0 {
            format!("there is no piece on {from}")
        } else if mv.from() == mv.to() {
            "a move must leave its square".to_string()
        } else if mv.from() / 8 != mv.to() / 8 && mv.from() % 8 != mv.to() % 8 {
            format!("{from}-{to} is not along a rank or a file")
        } else if self.pos.occupied() >> mv.to() & 1 == 1 {
            format!("{to} is occupied")
        } else if !self.is_slide(mv) {
            format!("the way from {from} to {to} is blocked")
        } else if self.is_banned(mv) {
            format!("{from}-{to} recreates a placement seen with {them} to move (repetition ban)")
        } else {
            return None;
        };
        Some(error)
    }

    #[cfg(any(test, debug_assertions))]
    fn check_invariants(&self) {
        let [black, white] = self.pos.pieces;
        assert_eq!(black & white, 0, "a square holds both colours");
        assert_eq!(
            black.count_ones() + white.count_ones(),
            PIECES,
            "the piece total"
        );
        assert_eq!(
            self.pos.hash,
            self.pos.hash_from_scratch(),
            "the incremental hash"
        );
        assert!(self.pos.passes <= 2 && self.pos.side <= 1);
    }
}

impl Default for MingMang {
    fn default() -> Self {
        MingMang::new()
    }
}

impl Game for MingMang {
    type Move = Move;
    type Undo = Position;
    type Eval = MingMangEval;

    const NAME: &'static str = "mingmang";
    const SIDES: [&'static str; 2] = ["Black (B)", "White (W)"];
    const EVAL_NAMES: &'static [&'static str] = &["cammp"];
    const DEFAULT_EVAL: MingMangEval = MingMangEval::Cammp;
    /// Two paths to one node differ only in the placements between the root and the node,
    /// and a descendant can recreate one of those (with the same side to move) no sooner
    /// than 4 plies below the first of them: a slide and its way back by both sides. So up
    /// to depth 4 a stored search value holds for every path; from depth 5 on `tt-value` is
    /// not exact (graph-history interaction), and how often that changes the root value is
    /// measured on the opening fixtures, not asserted.
    const REPETITION_PLIES: Option<u32> = Some(4);
    /// The hash covers the placement and the side to move but not the pass counter (two
    /// passes in a row end the game), the ply count (the game ends at 400 plies) or the
    /// history of placements that the repetition ban reads: equal hashes can differ in their
    /// legal moves and their end, so `tt-value` is not exact here.
    const HASH_IS_COMPLETE: bool = false;

    fn from_options(options: &str) -> Result<Self, String> {
        if options.trim().is_empty() {
            Ok(MingMang::new())
        } else {
            Err(format!("mingmang takes no options, got `{options}`"))
        }
    }

    fn spec(&self) -> String {
        Self::NAME.to_string()
    }

    fn parse_eval(name: &str) -> Option<MingMangEval> {
        (name == "cammp").then_some(MingMangEval::Cammp)
    }

    fn side_to_move(&self) -> Side {
        self.pos.side
    }

    /// Slides in order of from square, then to square (at most 144: each of the 36 empty
    /// squares is reached from at most four directions); the pass alone when every slide is
    /// banned.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        let start = moves.len();
        let occupied = self.pos.occupied();
        // Every piece's slides are looked up first, then listed: the lookups (in a table
        // larger than the L1 cache, often missed) then wait for memory side by side, where
        // listing each piece's slides right after its lookup made each wait in turn (behind
        // the mispredicted end of the previous piece's loop).
        let mut reach = [0; PIECES as usize];
        for (reach, from) in reach.iter_mut().zip(Squares(self.pos.own())) {
            *reach = slides(from, occupied);
        }
        for (&reach, from) in reach.iter().zip(Squares(self.pos.own())) {
            moves.extend(Squares(reach).map(|to| Move::new(from, to)));
        }
        self.for_each_banned(|mv| {
            if let Some(i) = moves[start..].iter().position(|&m| m == mv) {
                moves.remove(start + i);
            }
        });
        if moves.len() == start {
            moves.push(Move::PASS);
        }
    }

    fn count_moves(&self, scratch: &mut Vec<Move>) -> u64 {
        if self.is_over() {
            return 0;
        }
        scratch.clear();
        self.for_each_banned(|mv| {
            if !scratch.contains(&mv) {
                scratch.push(mv);
            }
        });
        let slides = count_slides(self.pos.own(), !self.pos.occupied());
        u64::from(slides) - scratch.len() as u64
    }

    fn make(&mut self, mv: Move) -> Position {
        let undo = self.pos;
        self.history.push(undo.pieces, undo.hash, undo.side);
        self.pos.play(mv);
        #[cfg(any(test, debug_assertions))]
        self.check_invariants();
        undo
    }

    fn unmake(&mut self, _mv: Move, undo: Position) {
        let placement = self.history.pop();
        if cfg!(any(test, debug_assertions)) {
            assert_eq!(
                placement, undo.pieces,
                "unmake pops the placement make pushed"
            );
        }
        self.pos = undo;
        #[cfg(any(test, debug_assertions))]
        self.check_invariants();
    }

    fn make_null(&mut self) -> Option<Position> {
        (!self.is_over()).then(|| self.make(Move::PASS))
    }

    fn unmake_null(&mut self, undo: Position) {
        self.unmake(Move::PASS, undo);
    }

    fn hash(&self) -> u64 {
        self.pos.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.pos.hash_from_scratch()
    }

    /// The hash is the pieces and the side to move: the passes (two end the game) and the
    /// earlier placements (the repetition ban and the ply limit) are outside it.
    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let changed = |change: &dyn Fn(&mut MingMang)| {
            let mut game = self.clone();
            change(&mut game);
            game.pos.hash = game.hash_from_scratch();
            game
        };
        let (pieces, hash, side) = (self.pos.pieces, self.pos.hash, self.pos.side);
        let mut parts = vec![
            StatePart::hashed("side to move", changed(&|g| g.pos.side ^= 1)),
            StatePart::unhashed("passes", changed(&|g| g.pos.passes = u8::from(g.pos.passes == 0))),
            StatePart::unhashed("history", changed(&|g| g.history.push(pieces, hash, side))),
        ];
        parts.extend((0..64).map(|square| {
            let other = changed(&|g| cycle_point(&mut g.pos.pieces, 1 << square));
            StatePart::hashed(format!("square {}", square_name(square)), other)
        }));
        parts
    }

    /// A side that cannot slide loses; otherwise (two passes, or the ply limit) the larger
    /// territory wins.
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        if !self.pos.can_slide() {
            return Some(Outcome::Loss);
        }
        let territory = self.pos.territories();
        let us = usize::from(self.pos.side);
        Some(match territory[us].cmp(&territory[us ^ 1]) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }


    fn move_index(&self, mv: Move) -> usize {
        mv.index()
    }

    fn move_index_space(&self) -> usize {
        Move::PASS.index() + 1
    }

    fn is_pass(&self, mv: Move) -> bool {
        mv.is_pass()
    }

    fn is_noisy(&self, mv: Move) -> bool {
        !mv.is_pass() && self.pos.conversions(mv) != 0
    }

    /// Only a conversion changes the pieces of the side that did not move, so the move was
    /// noisy exactly when they differ from the undo's: one comparison where `is_noisy`
    /// looked for conversions again before `make` did.
    fn make_noisy(&mut self, mv: Move) -> (Position, bool) {
        let undo = self.make(mv);
        let them = usize::from(undo.side ^ 1);
        (undo, self.pos.pieces[them] != undo.pieces[them])
    }

    /// The converting slides without generating the others: the slides landing on one of
    /// `attacks::capture_landings`, less the banned ones (the pass is never noisy).
    fn generate_noisy_moves(&self, _params: &GameParams, moves: &mut Vec<Move>) {
        let landings = capture_landings(self.pos.own(), self.pos.enemy());
        if landings == 0 || self.is_over() {
            return;
        }
        let start = moves.len();
        let occupied = self.pos.occupied();
        for from in Squares(self.pos.own()) {
            moves.extend(Squares(slides(from, occupied) & landings).map(|to| Move::new(from, to)));
        }
        if moves.len() == start {
            return;
        }
        self.for_each_banned(|mv| {
            if let Some(i) = moves[start..].iter().position(|&m| m == mv) {
                moves.remove(start + i);
            }
        });
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let text = text.trim();
        let mv = if text == "pass" {
            Move::PASS
        } else {
            text.split_once('-')
                .and_then(|(from, to)| Some(Move::new(parse_square(from)?, parse_square(to)?)))
                .ok_or_else(|| {
                    format!("`{text}` is not a move: write `from-to` like `h4-d4`, or `pass`")
                })?
        };
        if self.is_over() {
            return Err("the game is over".to_string());
        }
        if mv.is_pass() {
            return Ok(mv);
        }
        self.slide_error(mv).map_or(Ok(mv), Err)
    }

    /// Ranks 8 down to 1, files a to h, `B`, `W` or `.`, then the side to move.
    fn board_string(&self) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            for file in 0..8 {
                let square = 8 * rank + file;
                text.push(
                    match (self.pieces(0) >> square & 1, self.pieces(1) >> square & 1) {
                        (1, _) => 'B',
                        (_, 1) => 'W',
                        _ => '.',
                    },
                );
            }
            text.push('\n');
        }
        text + self.side_name() + " to move"
    }

    fn board_display(&self) -> String {
        crate::game::grid_display(8, 8, |file, rank| {
            let square = 8 * rank + file;
            match (self.pieces(0) >> square & 1, self.pieces(1) >> square & 1) {
                (1, _) => 'B',
                (_, 1) => 'W',
                _ => '.',
            }
        })
    }
}

#[cfg(test)]
mod tests;
