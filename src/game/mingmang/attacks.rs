//! Bitboard geometry of the 8x8 board: one piece's rook slides, custodian conversions, every
//! piece's slides at once (for counting moves and the evaluation's reach), and flood fills.
//!
//! Layout: bit `8 * rank + file` with a1 = bit 0, h1 = bit 7, a8 = bit 56, h8 = bit 63.
//!
//! One piece's slides come from ray tables and a bit scan (the "classical approach"): four
//! tables of 64 rays (2 KiB, always in the L1 cache); per direction one AND, one bit scan and
//! one table load, with a sentinel bit so that there is no branch. It is chosen over magic
//! bitboards because Ming Mang asks two things of a lookup that rays answer directly: slides
//! over empty squares only, and the run of enemies ending at the first non-enemy square
//! (conversions), which magics would need a second table for. Magic rook tables take 800 KiB
//! (102,400 entries) that miss the L1 and L2 caches in a perft; a scratch prototype measured
//! both on this project's machine (numbers in the module doc of `mod.rs`). Counting every move of a side
//! (perft's last ply) needs no per-piece lookup at all: Kogge-Stone occluded fills slide all
//! pieces one direction at a time.
//!
//! This file knows nothing of colours, turns or the repetition ban.

/// Squares not on the a-file: where a step east may land.
const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
/// Squares not on the h-file: where a step west may land.
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// The four directions: shift of the bit index for one step, and the squares a step may
/// land on (east and west must not wrap round to the next rank). North and east go up in
/// bit index, south and west down.
const DIRECTIONS: [(i32, u64); 4] = [(8, !0), (1, NOT_FILE_A), (-8, !0), (-1, NOT_FILE_H)];

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the edge in direction `d`.
static RAYS: [[u64; 64]; 4] = ray_table();

/// Added to a ray's blockers so that the bit scan always finds a square whose ray is empty:
/// bit 63 for the upward directions, bit 0 for the downward ones.
const SENTINELS: [u64; 4] = [1 << 63, 1 << 63, 1, 1];

const fn ray_table() -> [[u64; 64]; 4] {
    const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
    let mut rays = [[0; 64]; 4];
    let mut dir = 0;
    while dir < 4 {
        let (rank_step, file_step) = STEPS[dir];
        let mut square = 0;
        while square < 64 {
            let mut rank = square as i32 / 8 + rank_step;
            let mut file = square as i32 % 8 + file_step;
            while rank >= 0 && rank < 8 && file >= 0 && file < 8 {
                rays[dir][square] |= 1 << (rank * 8 + file);
                rank += rank_step;
                file += file_step;
            }
            square += 1;
        }
        dir += 1;
    }
    rays
}

/// The square of `set` nearest to the ray's origin in direction `dir`; `set` is not empty.
#[inline(always)]
fn nearest(dir: usize, set: u64) -> usize {
    if dir < 2 {
        set.trailing_zeros() as usize
    } else {
        63 - set.leading_zeros() as usize
    }
}

#[inline(always)]
fn shift(bits: u64, by: i32) -> u64 {
    if by > 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// The empty squares a rook on `square` reaches by sliding over empty squares.
#[inline]
pub fn slides(square: usize, occupied: u64) -> u64 {
    let mut reach = 0;
    for (dir, &sentinel) in SENTINELS.iter().enumerate() {
        let ray = RAYS[dir][square];
        reach |= ray ^ RAYS[dir][nearest(dir, (ray & occupied) | sentinel)];
    }
    reach & !occupied
}

/// The enemy pieces a piece landing on `to` converts: in each direction the run of `enemy`
/// pieces starting next to `to`, when the square right after the run holds one of `own`.
/// `own` is the mover's pieces after the move. A run that reaches the edge is never flanked.
#[inline]
pub fn conversions(to: usize, own: u64, enemy: u64) -> u64 {
    let mut converted = 0;
    for (dir, rays) in RAYS.iter().enumerate() {
        let ray = rays[to];
        let run_ends = ray & !enemy;
        if run_ends != 0 {
            let end = nearest(dir, run_ends);
            if (own >> end) & 1 == 1 {
                converted |= ray ^ rays[end] ^ (1 << end);
            }
        }
    }
    converted
}

/// For each direction (north, east, south, west), the empty squares some piece of `pieces`
/// reaches by sliding that way. Each reached square has exactly one such piece, so the four
/// counts add up to the number of slides.
#[inline]
pub fn slide_reach(pieces: u64, empty: u64) -> [u64; 4] {
    DIRECTIONS.map(|(step, lands)| {
        // Kogge-Stone occluded fill: three doubling steps cover a run of up to seven squares.
        let mut filled = pieces;
        let mut open = empty & lands;
        filled |= open & shift(filled, step);
        open &= shift(open, step);
        filled |= open & shift(filled, 2 * step);
        open &= shift(open, 2 * step);
        filled |= open & shift(filled, 4 * step);
        shift(filled, step) & lands & empty
    })
}

/// The number of slides of `pieces` over `empty` squares.
#[inline]
pub fn count_slides(pieces: u64, empty: u64) -> u32 {
    slide_reach(pieces, empty)
        .iter()
        .map(|reach| reach.count_ones())
        .sum()
}

/// The squares orthogonally next to some square of `bits`.
#[inline]
pub fn neighbours(bits: u64) -> u64 {
    DIRECTIONS
        .iter()
        .fold(0, |acc, &(step, lands)| acc | (shift(bits, step) & lands))
}

/// The squares of `within` 4-connected, inside `within`, to some square of `seeds`.
pub fn flood(seeds: u64, within: u64) -> u64 {
    let mut filled = seeds & within;
    loop {
        let grown = (filled | neighbours(filled)) & within;
        if grown == filled {
            return filled;
        }
        filled = grown;
    }
}

/// The squares of a bitboard, lowest first.
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let square = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(square)
    }
}

/// Whether `bits` has exactly two squares (cheaper than `count_ones` without POPCNT).
#[inline(always)]
pub fn has_two_squares(bits: u64) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}
