//! The exact Kalah solver behind `cutoff solve`: the final store margin under perfect play
//! for the side to move, by MTD(f) over null-window alpha-beta with a transposition table of
//! proven bounds, move ordering (extra moves, then captures), and an endgame table of every
//! house configuration with few seeds left, filled on the fly.
//!
//! Positions are searched by their future margin: what the side to move will still gain
//! over the opponent from the seeds left in the houses, which does not depend on the stores,
//! so the tables share positions whose stores differ. That margin always has the parity of
//! the seeds left (the final margin is even), which the MTD(f) steps and the bounds use.
//!
//! Like `search`, this module never reads a clock or prints: a stop test is passed in and
//! asked every few thousand nodes. It supports the `standard` and `empty-capture` rules;
//! `course` ends on the stores, which the tables leave out.

mod board;
mod endgame;
mod table;

use crate::game::kalah::{Kalah, Rules};
use crate::game::{Game, Score};
use board::{ordered_moves, play, View};
use endgame::Endgame;
use table::{Bounds, Table};

/// How much memory the solver may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The transposition table, in MiB (the largest power of two that fits is used).
    pub tt_mb: usize,
    /// The endgame table, in MiB: it covers as many seeds left as fit.
    pub endgame_mb: usize,
}

impl Default for Settings {
    /// The default transposition table is the cap of [`table_size`]: large for the larger
    /// boards, where a full table costs re-searches.
    fn default() -> Settings {
        Settings {
            tt_mb: 1024,
            // Measured on Kalah(6,3): 1 MiB (10 seeds) saves a quarter of the time; larger
            // tables cost more to fill than they save.
            endgame_mb: 1,
        }
    }
}

/// What the solver proved about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final store margin for the side to move is at least this.
    pub lower: Score,
    /// ... and at most this; equal to `lower` when solved.
    pub upper: Score,
    /// A move that reaches `lower` (none in a finished game, or when stopped before any
    /// bound was proven by a move).
    pub best_move: Option<u8>,
    /// Positions searched, endgame-table entries computed included.
    pub nodes: u64,
    /// Endgame-table entries computed.
    pub endgame_positions: u64,
    /// The most seeds left that the endgame table covers.
    pub endgame_seeds: usize,
}

impl Solution {
    /// The exact value, when the bounds met.
    pub fn value(&self) -> Option<Score> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// The most seeds the solver handles: the bounds are kept in one byte.
pub const MAX_SEEDS: u32 = 126;

/// How often (in nodes) the stop test is asked: every this many nodes (a caller counts its
/// calls for progress).
pub const STOP_CHECK_NODES: u64 = 1 << 14;
const STOP_CHECK_MASK: u64 = STOP_CHECK_NODES - 1;

/// Solves `game` exactly, asking `stop` now and then whether to give up (then the bounds
/// proven so far are returned). Refuses the `course` rules and boards of more than
/// [`MAX_SEEDS`] seeds.
pub fn solve(
    game: &Kalah,
    settings: Settings,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Solution, String> {
    check_supported(game)?;
    let mut game = game.clone();
    let cells = 2 * game.houses();
    let view = View::of(&game);
    let endgame_seeds = Endgame::seeds_for(cells, settings.endgame_mb, game.total_seeds() as usize);
    let mut solver = Solver {
        houses: game.houses(),
        rules: game.rules(),
        table: Table::new(settings.tt_mb),
        endgame: Endgame::new(cells, endgame_seeds),
        nodes: 0,
        endgame_positions: 0,
        stop,
        stopped: false,
        root_best: 0,
    };
    let stores = game.store_seeds(game.side_to_move()) as Score
        - game.store_seeds(1 - game.side_to_move()) as Score;
    let (lower, upper, best) = solver.mtdf(&mut game, view.left);
    Ok(Solution {
        lower: stores + lower,
        upper: stores + upper,
        best_move: (best != 0).then_some(best),
        nodes: solver.nodes,
        endgame_positions: solver.endgame_positions,
        endgame_seeds,
    })
}

/// A transposition table sized for one problem ([`table_size`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSize {
    /// The size in MiB, a power of two.
    pub mb: usize,
    /// The house configurations the position can reach are at most this many: every way to
    /// leave at most the seeds now in the houses (`u64::MAX` when more).
    pub configurations: u64,
    /// The seeds now in the houses.
    pub seeds: u32,
    /// Whether the cap cut the table below room for every configuration.
    pub capped: bool,
}

/// The smallest transposition table (a power of two of MiB) with an entry for every house
/// configuration `game` can reach, at most `cap_mb` MiB: a small problem takes a small table
/// instead of the cap, which only the larger boards fill.
pub fn table_size(game: &Kalah, cap_mb: usize) -> TableSize {
    let seeds = game.total_seeds() - game.store_seeds(0) - game.store_seeds(1);
    let configurations = Endgame::size(2 * game.houses(), seeds as usize);
    let mb = configurations
        .saturating_mul(table::ENTRY_BYTES)
        .div_ceil(1 << 20)
        .max(1)
        .checked_next_power_of_two()
        .unwrap_or(u64::MAX);
    let cap = cap_mb.max(1) as u64;
    TableSize {
        mb: mb.min(cap) as usize,
        configurations,
        seeds,
        capped: mb > cap,
    }
}

/// The error for what the solver does not handle.
pub fn check_supported(game: &Kalah) -> Result<(), String> {
    if game.rules() == Rules::Course {
        return Err(format!(
            "the solver does not support {}: the course rules end the game on the stores, \
             which its tables leave out (standard and empty-capture are supported)",
            game.spec()
        ));
    }
    if game.total_seeds() > MAX_SEEDS {
        return Err(format!(
            "the solver handles at most {MAX_SEEDS} seeds, {} has {}",
            game.spec(),
            game.total_seeds()
        ));
    }
    Ok(())
}

/// The search state of one solve.
struct Solver<'a> {
    houses: usize,
    rules: Rules,
    table: Table,
    endgame: Endgame,
    nodes: u64,
    endgame_positions: u64,
    stop: &'a mut dyn FnMut() -> bool,
    stopped: bool,
    /// The root move that gave the best value in the last pass (0 for none).
    root_best: u8,
}

/// Rounds a lower bound up to the parity of `left` (the future margin has that parity).
fn round_up(bound: i32, left: i32) -> i32 {
    bound + (bound - left).rem_euclid(2)
}

/// Rounds an upper bound down to the parity of `left`.
fn round_down(bound: i32, left: i32) -> i32 {
    bound - (bound - left).rem_euclid(2)
}

impl Solver<'_> {
    /// MTD(f) over the future margin of the root with `left` seeds in the houses: null-window
    /// tests stepping by two (the parity) until the bounds meet or the stop test says so.
    /// Returns the bounds and a move proving the lower bound.
    fn mtdf(&mut self, game: &mut Kalah, left: i32) -> (i32, i32, u8) {
        if left == 0 {
            return (0, 0, 0);
        }
        let (mut lower, mut upper) = (-left, left);
        let mut best = 0;
        let mut test = round_up(0, left);
        // When the bounds meet at the trivial lower bound, one more test finds its move.
        while lower < upper || best == 0 {
            let value = self.search(game, test - 1, test, true);
            if self.stopped {
                break;
            }
            if value >= test {
                lower = round_up(value, left);
                best = self.root_best;
                test = lower + 2;
            } else {
                upper = round_down(value, left);
                test = upper;
            }
            test = test.min(upper);
        }
        (lower, upper, best)
    }

    /// Asks the stop test every few thousand nodes.
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & STOP_CHECK_MASK == 0 && (self.stop)() {
            self.stopped = true;
        }
    }

    /// The future margin of `game` for its side to move, fail-soft within `(alpha, beta)`.
    /// At the root (`root`) the endgame table is not used, so that a best move is found.
    fn search(&mut self, game: &mut Kalah, alpha: i32, beta: i32, root: bool) -> i32 {
        let view = View::of(game);
        if view.left == 0 {
            return 0;
        }
        if !root && self.endgame.covers(&view) {
            return self.endgame_value(game, &view);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        let (mut lower, mut upper, mut first) = (-view.left, view.left, 0);
        if let Some(found) = self.table.probe(&view) {
            lower = lower.max(found.lower);
            upper = upper.min(found.upper);
            first = found.best;
        }
        // The root searches its moves even when the table knows the value, to find the move.
        if !root && (lower >= beta || lower == upper) {
            return lower;
        }
        if !root && upper <= alpha {
            return upper;
        }
        let nodes_before = self.nodes;
        let mut moves = [0u8; 6];
        let n = ordered_moves(&view, self.houses, self.rules, first, &mut moves);
        let (mut best, mut best_move) = (-i32::MAX, 0);
        for &mv in &moves[..n] {
            let played = play(game, mv);
            let gain = played.gain;
            let value = if played.again {
                gain + self.search(game, alpha - gain, beta - gain, false)
            } else {
                gain - self.search(game, gain - beta, gain - alpha, false)
            };
            game.unmake(mv, played.undo);
            if self.stopped {
                return 0;
            }
            if value > best {
                (best, best_move) = (value, mv);
                if root {
                    self.root_best = mv;
                }
            }
            if best >= beta {
                break;
            }
        }
        if best >= beta {
            lower = lower.max(round_up(best, view.left));
        } else {
            upper = upper.min(round_down(best, view.left));
        }
        let bounds = Bounds {
            lower,
            upper,
            best: best_move,
        };
        self.table.store(&view, bounds, self.nodes - nodes_before);
        best
    }

    /// The exact future margin of a position the endgame table covers, computed (and
    /// stored) when first asked.
    fn endgame_value(&mut self, game: &mut Kalah, view: &View) -> i32 {
        let index = self.endgame.rank(view);
        if let Some(value) = self.endgame.get(index) {
            return value;
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        let mut moves = [0u8; 6];
        let n = ordered_moves(view, self.houses, self.rules, 0, &mut moves);
        let mut best = -i32::MAX;
        for &mv in &moves[..n] {
            let played = play(game, mv);
            let child = View::of(game);
            let rest = if child.left == 0 {
                0
            } else {
                self.endgame_value(game, &child)
            };
            game.unmake(mv, played.undo);
            if self.stopped {
                return 0;
            }
            best = best.max(played.gain + if played.again { rest } else { -rest });
        }
        self.endgame_positions += 1;
        self.endgame.set(index, best);
        best
    }
}

#[cfg(test)]
mod tests;
