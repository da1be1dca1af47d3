//! The position without its history (placement, side to move, consecutive passes, Zobrist
//! hash), the `Move` type with square notation, and what one move does to a position:
//! conversions, the new placement and the incrementally updated hash.
//!
//! Not here: legality (the repetition ban needs the history, see `mod.rs`) and move lists.

use std::fmt;

use super::attacks::{conversions, flood, neighbours, Squares};
use super::history::Placement;
use crate::game::zobrist::key_table;
use crate::game::Side;

/// `KEYS[64 * side + square]` for the pieces, `KEYS[128]` for White to move.
const KEYS: [u64; 129] = key_table(0x6d69_6e67_6d61_6e67);
const SIDE_KEY: u64 = KEYS[128];
/// A conversion turns a piece on `square` to the other colour: `FLIP_KEYS[square]`.
const FLIP_KEYS: [u64; 64] = {
    let mut keys = [0; 64];
    let mut square = 0;
    while square < 64 {
        keys[square] = KEYS[square] ^ KEYS[64 + square];
        square += 1;
    }
    keys
};

/// A slide `from-to` (squares 0..64 in the `attacks.rs` layout) or a pass, packed as
/// `64 * from + to`, the pass as 4096.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The pass.
    pub const PASS: Move = Move(4096);

    /// The slide from `from` to `to`.
    pub fn new(from: usize, to: usize) -> Move {
        debug_assert!(from < 64 && to < 64);
        Move((from * 64 + to) as u16)
    }

    /// The square the piece leaves (meaningless for the pass).
    pub fn from(self) -> usize {
        usize::from(self.0 >> 6)
    }

    /// The square the piece lands on (meaningless for the pass).
    pub fn to(self) -> usize {
        usize::from(self.0 & 63)
    }

    /// The dense index `64 * from + to`, 4096 for the pass.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Whether this is the pass.
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            f.write_str("pass")
        } else {
            write!(f, "{}-{}", square_name(self.from()), square_name(self.to()))
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

pub(super) fn square_name(square: usize) -> String {
    format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1)
}

pub(super) fn parse_square(text: &str) -> Option<usize> {
    match text.as_bytes() {
        &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            Some(usize::from(rank - b'1') * 8 + usize::from(file - b'a'))
        }
        _ => None,
    }
}

/// Everything but the history: the undo record of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(super) pieces: Placement,
    pub(super) hash: u64,
    pub(super) side: Side,
    /// Consecutive passes just played: two end the game.
    pub(super) passes: u8,
}

impl Position {
    pub(super) fn start() -> Position {
        const RANK_1: u64 = 0xff;
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        let black = RANK_1 | ((FILE_A << 7) & !(RANK_1 << 56));
        let white = (RANK_1 << 56) | (FILE_A & !RANK_1);
        let mut pos = Position {
            pieces: [black, white],
            hash: 0,
            side: 0,
            passes: 0,
        };
        pos.hash = pos.hash_from_scratch();
        pos
    }

    pub(super) fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    pub(super) fn own(&self) -> u64 {
        self.pieces[usize::from(self.side)]
    }

    pub(super) fn enemy(&self) -> u64 {
        self.pieces[usize::from(self.side ^ 1)]
    }

    /// Whether the side to move has a piece orthogonally next to an empty square.
    pub(super) fn can_slide(&self) -> bool {
        self.own() & neighbours(!self.occupied()) != 0
    }

    /// The enemy pieces `mv` (a slide) converts.
    #[inline(always)]
    pub(super) fn conversions(&self, mv: Move) -> u64 {
        let own = self.own() ^ ((1 << mv.from()) | (1 << mv.to()));
        conversions(mv.to(), own, self.enemy())
    }

    /// Plays `mv` on this position, history aside (in place: returning a new position
    /// through memory stalled store forwarding in `make`). Always inlined, conversions too:
    /// `#[inline]` left both out of line, two calls a move.
    #[inline(always)]
    pub(super) fn play(&mut self, mv: Move) {
        if mv.is_pass() {
            self.passes += 1;
        } else {
            let us = usize::from(self.side);
            let converted = self.conversions(mv);
            self.pieces[us] ^= (1 << mv.from()) | (1 << mv.to()) | converted;
            self.pieces[us ^ 1] ^= converted;
            self.hash ^= KEYS[64 * us + mv.from()] ^ KEYS[64 * us + mv.to()];
            for square in Squares(converted) {
                self.hash ^= FLIP_KEYS[square];
            }
            self.passes = 0;
        }
        self.side ^= 1;
        self.hash ^= SIDE_KEY;
    }

    /// The position `mv` leads to, history aside.
    #[inline]
    pub(super) fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play(mv);
        next
    }

    pub(super) fn hash_from_scratch(&self) -> u64 {
        let pieces = (0..2).fold(0, |hash, side| {
            Squares(self.pieces[side]).fold(hash, |hash, square| hash ^ KEYS[64 * side + square])
        });
        pieces ^ if self.side == 1 { SIDE_KEY } else { 0 }
    }

    /// Territory of each side: its pieces plus the empty squares of the 4-connected empty
    /// regions that touch its pieces and none of the opponent's.
    pub(super) fn territories(&self) -> [u32; 2] {
        let empty = !self.occupied();
        let regions = self.pieces.map(|own| flood(neighbours(own), empty));
        [0, 1].map(|side| (self.pieces[side] | (regions[side] & !regions[side ^ 1])).count_ones())
    }
}
