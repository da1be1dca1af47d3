//! Lines and patterns: the four directions, walking along a line, and the `patterns` values
//! of RULES.md section 3 for runs of stones and for the shape a stone would make.
//!
//! A run is a maximal block of one colour's stones along a line; its value depends on its
//! length and on how many of its two ends are empty points (open). The study's table is for
//! five in a row; for another `connect` the value depends on the stones still missing
//! (`connect - length`), so a run of three in connect 4 counts as a four does in connect 5.
//! This module scores; it keeps no state (the board's incremental totals live in `mod.rs`).

use super::{Rule, MAX_SIZE};

/// The four directions as (row step, column step): along a row, along a column, the
/// diagonal and the anti-diagonal.
pub(super) const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Lines per direction on the largest board (its diagonals: 2 x 20 - 1).
pub(super) const LINES_PER_DIRECTION: usize = 2 * MAX_SIZE - 1;

/// The value of a finished line (`ooooo`); only terminal positions hold one.
pub const FIVE: i32 = 1_000_000;

/// Values by stones missing (1 to 4 or more) and open ends (0, 1, 2): `-xoooo-` 10,000,
/// `-oooo-` 100,000, `-xooo-` 100, `-ooo-` 1,000, `-xoo-` 10, `-oo-` 100, a half-open
/// single stone 1 (`-x-o-` in the study's table, read as `xo-`) and an open one 10.
const VALUES: [[i32; 3]; 4] = [
    [0, 10_000, 100_000],
    [0, 100, 1_000],
    [0, 10, 100],
    [0, 1, 10],
];

/// The value of a run of `length` stones with `open` empty ends under `rule` and `connect`.
pub fn run_value(length: u32, open: u32, connect: u32, rule: Rule) -> i32 {
    if length >= connect {
        return match rule {
            Rule::Freestyle => FIVE,
            Rule::ExactFive if length == connect => FIVE,
            Rule::ExactFive => 0,
        };
    }
    let missing = (connect - length).min(4) as usize;
    VALUES[missing - 1][open as usize]
}

/// One line of the board: where it starts, its step and its length.
#[derive(Clone, Copy, Debug)]
pub(super) struct Line {
    /// Row and column of the first point.
    pub start: (i32, i32),
    /// Row and column step.
    pub step: (i32, i32),
    /// Points on the line.
    pub len: usize,
    /// Dense index of the line among all lines (direction-major).
    pub index: usize,
}

/// The line through (`row`, `col`) in direction `dir` on a `size` x `size` board.
pub(super) fn line_through(size: usize, row: i32, col: i32, dir: usize) -> Line {
    let (dr, dc) = DIRECTIONS[dir];
    let size_i = size as i32;
    let inside = |r: i32, c: i32| (0..size_i).contains(&r) && (0..size_i).contains(&c);
    let (mut r, mut c) = (row, col);
    while inside(r - dr, c - dc) {
        r -= dr;
        c -= dc;
    }
    let mut len = 0;
    while inside(r + dr * len as i32, c + dc * len as i32) {
        len += 1;
    }
    let id = match dir {
        0 => row,
        1 => col,
        2 => col - row + size_i - 1,
        _ => row + col,
    };
    Line {
        start: (r, c),
        step: (dr, dc),
        len,
        index: dir * LINES_PER_DIRECTION + id as usize,
    }
}

/// The `patterns` value of every run on a line for each colour, `cell(row, col)` giving
/// 0 (empty), 1 (black) or 2 (white).
pub(super) fn line_value(
    line: &Line,
    connect: u32,
    rule: Rule,
    cell: impl Fn(i32, i32) -> u8,
) -> [i32; 2] {
    let at = |k: usize| cell(line.start.0 + line.step.0 * k as i32, line.start.1 + line.step.1 * k as i32);
    let mut values = [0; 2];
    let mut k = 0;
    while k < line.len {
        let colour = at(k);
        if colour == 0 {
            k += 1;
            continue;
        }
        let begin = k;
        while k < line.len && at(k) == colour {
            k += 1;
        }
        let open = u32::from(begin > 0 && at(begin - 1) == 0) + u32::from(k < line.len && at(k) == 0);
        values[usize::from(colour - 1)] += run_value((k - begin) as u32, open, connect, rule);
    }
    values
}
