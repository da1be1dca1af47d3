//! Bitboard geometry of the 8x8 board: one piece's rook slides, custodian conversions, every
//! piece's slides at once (for counting moves and the evaluation's reach), and flood fills.
//!
//! Layout: bit `8 * rank + file` with a1 = bit 0, h1 = bit 7, a8 = bit 56, h8 = bit 63.
//!
//! One piece's slides come from fancy magic bitboards: the occupancy of the squares that
//! matter, times a magic factor, shifted, indexes a table of 102,400 entries (800 KiB) built
//! at compile time (about 2.5 s of const evaluation) from 64 hard-coded factors. A scratch
//! prototype on the project's 2-core EPYC, over random 28-piece boards, measured one lookup
//! at about 2.3 ns, against 3.8 ns for rays with a bit scan (2 KiB of tables) and 3.3 ns for
//! hyperbola quintessence with a rank table: the default target has no POPCNT, LZCNT or
//! BMI2, so one multiply beats four bit scans, and the table fits this CPU's 2 MiB L2 cache.
//! `benches/mingmang.rs` measures `slides` in place. Rays remain for conversions, whose
//! question (the run of enemies up to the first non-enemy square) is one bit scan a
//! direction. Counting every slide of a side (perft's last ply) and the evaluation's reach
//! need no per-piece lookup: Kogge-Stone occluded fills slide all pieces one direction at a
//! time.
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

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the edge in direction `d`; a
/// `static` so that lookups at run time share one copy, `RAY_TABLE` for const evaluation.
static RAYS: [[u64; 64]; 4] = RAY_TABLE;
const RAY_TABLE: [[u64; 64]; 4] = ray_table();

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
const fn nearest(dir: usize, set: u64) -> usize {
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
    let magic = &MAGICS[square];
    let index = (occupied & magic.mask).wrapping_mul(magic.factor) >> magic.shift;
    SLIDE_TABLE[magic.offset as usize + index as usize] & !occupied
}

/// The magic multiplication of one square: the squares whose occupancy matters (the rook's
/// lines without the edges and the square itself), the factor that maps each occupancy of
/// them to a distinct index (or to one sharing the same answer), and the square's place in
/// [`SLIDE_TABLE`].
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: u32,
}

/// Magic factors for the rook, one per square, found once by a seeded search for sparse
/// random numbers (the AND of three); the unit tests check every entry of the table.
const MAGIC_FACTORS: [u64; 64] = [
    0x2080_0132_4000_8420,
    0x16c0_1000_2005_4004,
    0x0880_0880_1000_2000,
    0x0880_0408_0080_1000,
    0x0200_0200_1004_2008,
    0x1300_1824_0012_4100,
    0x4200_0200_2800_8124,
    0x8100_1082_a441_0002,
    0xcc00_8000_8020_4001,
    0x0804_4000_4020_1008,
    0x2006_0020_4086_0010,
    0x0002_0008_2200_4012,
    0x0089_0004_0802_9100,
    0x0028_8004_0080_8200,
    0x28a0_8001_0002_0080,
    0x8102_0001_0040_8402,
    0x0200_2880_0040_0080,
    0x0180_5200_2081_0202,
    0x0000_8200_2040_1200,
    0x4004_0900_2100_1000,
    0x0008_0080_0400_0882,
    0x1008_0801_0410_40a0,
    0x2808_0400_0801_0210,
    0x0000_0200_0081_0044,
    0x0040_c000_800e_2081,
    0x4000_4001_0031_0080,
    0x0200_1101_0020_0040,
    0x2020_0802_8010_0080,
    0x0005_0085_0008_0010,
    0x0800_0400_8080_0200,
    0x0004_2124_0042_1008,
    0x4002_0902_0000_4884,
    0x4800_4000_8080_0020,
    0x004e_8121_0100_4000,
    0x8040_408a_0200_1020,
    0x0802_0008_1200_2040,
    0x2a08_0100_0900_1004,
    0x0004_0080_4480_0200,
    0x8100_9008_0400_0102,
    0x0000_1424_4200_0281,
    0x4400_4000_8764_8000,
    0x4140_1000_2800_2001,
    0xa208_1020_0101_0041,
    0x08c0_0a00_4012_0020,
    0x0021_0208_0011_0004,
    0x0002_0010_0802_0004,
    0x4010_8110_2204_0068,
    0x2008_2104_4086_0004,
    0x1101_0200_c680_2e00,
    0x0280_2000_8040_0280,
    0x0020_0010_0080_2080,
    0x2c18_028c_8010_0080,
    0x0015_8204_0008_0080,
    0x0402_0144_0890_0200,
    0x8430_4142_1008_8400,
    0x000c_2400_4d00_9200,
    0x0002_a010_8001_4901,
    0x4000_1026_0040_8102,
    0x6082_0042_1020_0982,
    0x200c_1001_0020_0805,
    0x1022_0021_1008_0402,
    0x2002_0008_04b0_1b02,
    0x0902_1028_2100_8204,
    0x8000_1409_0240_2082,
];

/// Entries of [`SLIDE_TABLE`]: one per occupancy of each square's mask (10 to 12 bits).
const SLIDE_TABLE_LEN: usize = 102_400;

static MAGICS: [Magic; 64] = build_magics();

/// `SLIDE_TABLE[offset + index]`: the rook's reach from a square for one occupancy of its
/// mask, including the first blocker in each direction (`slides` masks the blockers out).
#[allow(long_running_const_eval)]
static SLIDE_TABLE: [u64; SLIDE_TABLE_LEN] = build_slide_table();

const fn build_magics() -> [Magic; 64] {
    let mut magics = [Magic {
        mask: 0,
        factor: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = 0;
    let mut square = 0;
    while square < 64 {
        let mut mask = 0;
        let mut dir = 0;
        while dir < 4 {
            // A ray without its last square: the edge square never blocks anything behind it.
            let ray = RAY_TABLE[dir][square];
            if ray != 0 {
                // The far end of a ray is what the opposite direction finds nearest.
                mask |= ray & !(1 << nearest((dir + 2) % 4, ray));
            }
            dir += 1;
        }
        let bits = mask.count_ones();
        magics[square] = Magic {
            mask,
            factor: MAGIC_FACTORS[square],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        square += 1;
    }
    assert!(offset as usize == SLIDE_TABLE_LEN);
    magics
}

const fn build_slide_table() -> [u64; SLIDE_TABLE_LEN] {
    let magics = build_magics();
    let rays = RAY_TABLE;
    let mut table = [0; SLIDE_TABLE_LEN];
    let mut square = 0;
    while square < 64 {
        let magic = magics[square];
        // Every subset of the mask, by the carry-rippler trick.
        let mut subset = 0u64;
        loop {
            // The four rays written out (const evaluation pays dearly for loops and calls),
            // each cut at its first blocker; bits 63 and 0, whose rays that way are empty,
            // stand in for a missing blocker.
            let (north, east) = (rays[0][square], rays[1][square]);
            let (south, west) = (rays[2][square], rays[3][square]);
            let reach = north
                ^ rays[0][((north & subset) | 1 << 63).trailing_zeros() as usize]
                ^ east
                ^ rays[1][((east & subset) | 1 << 63).trailing_zeros() as usize]
                ^ south
                ^ rays[2][63 - ((south & subset) | 1).leading_zeros() as usize]
                ^ west
                ^ rays[3][63 - ((west & subset) | 1).leading_zeros() as usize];
            let index =
                magic.offset as usize + (subset.wrapping_mul(magic.factor) >> magic.shift) as usize;
            table[index] = reach;
            subset = subset.wrapping_sub(magic.mask) & magic.mask;
            if subset == 0 {
                break;
            }
        }
        square += 1;
    }
    table
}

/// The enemy pieces a piece landing on `to` converts: in each direction the run of `enemy`
/// pieces starting next to `to`, when the square right after the run holds one of `own`.
/// `own` is the mover's pieces after the move. A run that reaches the edge is never flanked.
/// No enemy piece next to `to` (most slides, a profile found) converts nothing, and the four
/// rays are not looked at.
#[inline]
pub fn conversions(to: usize, own: u64, enemy: u64) -> u64 {
    if NEIGHBOURS[to] & enemy == 0 {
        return 0;
    }
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

/// The empty squares where a piece of `own` landing converts something: in some direction
/// a run of `enemy` pieces starts next to the square and ends at one of `own`. Exactly the
/// landing squares of the converting slides: the square a slide leaves never flanks its
/// landing square (it lies back along the slide's own path, over empty squares), so which
/// piece lands does not matter. One occluded fill a direction, from `own` through `enemy`.
#[inline]
pub fn capture_landings(own: u64, enemy: u64) -> u64 {
    let empty = !(own | enemy);
    DIRECTIONS.iter().fold(0, |landings, &(step, lands)| {
        let runs = fill([own], enemy, (step, lands))[0];
        landings | (shift(runs, step) & lands & empty)
    })
}

/// For each direction (north, east, south, west), the empty squares some piece of `pieces`
/// reaches by sliding that way. Each reached square has exactly one such piece, so the four
/// counts add up to the number of slides.
#[inline]
pub fn slide_reach(pieces: u64, empty: u64) -> [u64; 4] {
    DIRECTIONS.map(|direction| fill([pieces], empty, direction)[0])
}

/// For each of `sides`, the empty squares one of its pieces reaches with one slide.
#[inline]
pub fn reach_of_each<const N: usize>(sides: [u64; N], empty: u64) -> [u64; N] {
    DIRECTIONS.iter().fold([0; N], |reach, &direction| {
        let one_way = fill(sides, empty, direction);
        std::array::from_fn(|side| reach[side] | one_way[side])
    })
}

/// For each of `sides`, the empty squares one of its pieces reaches by sliding one way: a
/// Kogge-Stone occluded fill, where three doubling steps cover a run of up to seven squares.
/// The open squares of each step depend on `empty` alone, so the sides share them.
#[inline(always)]
fn fill<const N: usize>(sides: [u64; N], empty: u64, (step, lands): (i32, u64)) -> [u64; N] {
    let open = empty & lands;
    let open_2 = open & shift(open, step);
    let open_4 = open_2 & shift(open_2, 2 * step);
    // A loop, not `sides.map`: the array map's closure was left out of line in
    // `count_slides` once `capture_landings` used it too (Ming Mang's perft took 1.52 x the
    // instructions).
    let mut reached = [0; N];
    for (reach, pieces) in reached.iter_mut().zip(sides) {
        let mut filled = pieces | (open & shift(pieces, step));
        filled |= open_2 & shift(filled, 2 * step);
        filled |= open_4 & shift(filled, 4 * step);
        *reach = shift(filled, step) & open;
    }
    reached
}

/// The number of slides of `pieces` over `empty` squares.
#[inline]
pub fn count_slides(pieces: u64, empty: u64) -> u32 {
    slide_reach(pieces, empty)
        .iter()
        .map(|reach| reach.count_ones())
        .sum()
}

/// `NEIGHBOURS[sq]`: the squares orthogonally next to `sq` (one load where the early exit
/// of [`conversions`] computed four shifts).
pub(super) static NEIGHBOURS: [u64; 64] = {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        let bit = 1u64 << square;
        table[square] = (bit << 8) | (bit >> 8) | ((bit << 1) & NOT_FILE_A) | ((bit >> 1) & NOT_FILE_H);
        square += 1;
    }
    table
};

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
