//! Gomoku (RULES.md section 3) on boards of 5x5 to 20x20: Black (side 0) moves first, each
//! ply puts one stone on an empty point, and a line of `connect` stones wins at once, under
//! `freestyle` also a longer one, under `exact-five` exactly `connect`; a full board without a
//! winner is a draw. Game strings: `gomoku` (15x15, freestyle, connect 5),
//! `gomoku:15,exact-five`, `gomoku:7,freestyle,connect=4`.
//!
//! **Two move sets.** The rules' legal moves ([`Game::generate_moves`], used by perft and
//! the rules contract) are every empty point. The search's moves
//! ([`Game::generate_search_moves`]) are the candidates: the empty points within
//! `cand-radius` (Chebyshev distance, default 1) of any stone, and the centre on an empty
//! board.
//!
//! The board is a plain array of points (row-major, `point = row * size + col`), not
//! bitboards: a 20x20 board does not fit a machine word, and everything that is asked of it
//! (the run through the last stone, one line's runs, the neighbours of stones) walks a few
//! points along one line, which an array does directly. The position keeps an incremental
//! Zobrist hash and the `patterns` value of every line for each colour, updated on the four
//! lines through the placed or removed stone; `Undo` holds those four lines' old values.
//! This module does not search; the threat-space search of the `threat-space` technique is
//! in [`threats`].

mod lines;
mod rollout;
pub mod threats;

#[cfg(test)]
mod tests;

use super::zobrist::key_table;
use super::{Evaluator, Forced, Game, GameParams, Outcome, Score, Side, StatePart, WIN_SCORE};
use lines::{line_through, line_value, run_value, DIRECTIONS, LINES_PER_DIRECTION};

pub use lines::FIVE;

/// The largest board side.
pub const MAX_SIZE: usize = 20;
/// The smallest board side.
pub const MIN_SIZE: usize = 5;
const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;
const NUM_LINES: usize = 4 * LINES_PER_DIRECTION;
/// One key per colour and point, then the side-to-move key.
const KEYS: [u64; 2 * MAX_POINTS + 1] = key_table(0x676f_6d6f_6b75_0001);
const SIDE_KEY: u64 = KEYS[2 * MAX_POINTS];
/// The evaluation stays inside this bound so that it never reads as a decided result.
const EVAL_CAP: Score = WIN_SCORE / 2;

/// What counts as a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `connect` or more in a row wins.
    Freestyle,
    /// Exactly `connect` in a row wins; an overline does not.
    ExactFive,
}

impl Rule {
    const ALL: [Rule; 2] = [Rule::Freestyle, Rule::ExactFive];

    fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::ExactFive => "exact-five",
        }
    }

    /// Whether a run of `length` stones wins.
    fn wins(self, length: u32, connect: u32) -> bool {
        match self {
            Rule::Freestyle => length >= connect,
            Rule::ExactFive => length == connect,
        }
    }
}

/// A point: `row * size + col`.
pub type Point = u16;

/// A game of Gomoku.
#[derive(Clone)]
pub struct Gomoku {
    size: usize,
    connect: u32,
    rule: Rule,
    /// 0 empty, 1 Black, 2 White, per point.
    cells: [u8; MAX_POINTS],
    side: Side,
    stones: usize,
    /// The side that has made a winning line, if any.
    winner: Option<Side>,
    hash: u64,
    /// The `patterns` value of each line for Black and White.
    line_values: [[i32; 2]; NUM_LINES],
    /// The sums of `line_values` per colour.
    totals: [i32; 2],
}

impl std::fmt::Debug for Gomoku {
    /// The whole state, compactly: the rules, the points as digits (0 empty, 1 Black,
    /// 2 White), the side, the stone count, the winner, the hash, the totals and a digest of
    /// the line values.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let points = self.size * self.size;
        let cells: String = self.cells[..points].iter().map(|&c| char::from(b'0' + c)).collect();
        let digest = self.line_values.iter().fold(0u64, |h, v| {
            (h ^ (v[0] as u64) ^ ((v[1] as u64) << 32)).wrapping_mul(0x100_0000_01b3)
        });
        write!(
            f,
            "Gomoku {{ {} {cells} side {} stones {} winner {:?} hash {:x} totals {:?} lines {digest:x} }}",
            self.spec(),
            self.side,
            self.stones,
            self.winner,
            self.hash,
            self.totals
        )
    }
}

/// What `unmake` needs: the four lines through the point and their values before the move.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    lines: [(u16, [i32; 2]); 4],
}

/// Gomoku's evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuEval {
    /// The study's pattern score: over every line, each run of the side to move's stones
    /// scores by its length and open ends (RULES.md's table, see `lines.rs`), summed; the
    /// opponent's runs the same; the evaluation is the side to move's total minus the
    /// opponent's, clamped to half of `WIN_SCORE`. Kept incrementally: a move rescans only
    /// the four lines through its point.
    Patterns,
}

impl Evaluator<Gomoku> for GomokuEval {
    fn evaluate(&self, game: &Gomoku) -> Score {
        match self {
            GomokuEval::Patterns => {
                let own = game.totals[usize::from(game.side)];
                let enemy = game.totals[usize::from(1 - game.side)];
                (own - enemy).clamp(-EVAL_CAP, EVAL_CAP)
            }
        }
    }
}

impl Gomoku {
    /// A board of `size`, `connect` in a row under `rule`, or why the options are wrong.
    pub fn new(size: usize, connect: u32, rule: Rule) -> Result<Gomoku, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "gomoku size must be {MIN_SIZE}..={MAX_SIZE}, not {size}"
            ));
        }
        if !(3..=size as u32).contains(&connect) {
            return Err(format!(
                "gomoku connect must be 3..={size} (the size), not {connect}"
            ));
        }
        Ok(Gomoku {
            size,
            connect,
            rule,
            cells: [0; MAX_POINTS],
            side: 0,
            stones: 0,
            winner: None,
            hash: 0,
            line_values: [[0; 2]; NUM_LINES],
            totals: [0; 2],
        })
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The point at `row`, `col`.
    pub fn point(&self, row: usize, col: usize) -> Point {
        (row * self.size + col) as Point
    }

    /// 0 empty, 1 Black, 2 White.
    pub fn cell(&self, point: Point) -> u8 {
        self.cells[usize::from(point)]
    }

    fn row_col(&self, point: Point) -> (i32, i32) {
        let p = usize::from(point);
        ((p / self.size) as i32, (p % self.size) as i32)
    }

    /// Whether (`row`, `col`) is on the board.
    fn inside(&self, row: i32, col: i32) -> bool {
        let size = self.size as i32;
        (0..size).contains(&row) && (0..size).contains(&col)
    }

    /// The colour at (`row`, `col`), 0 off the board too.
    fn at(&self, row: i32, col: i32) -> u8 {
        if self.inside(row, col) {
            self.cells[row as usize * self.size + col as usize]
        } else {
            0
        }
    }

    /// Stones of `colour` next to `point` in direction `dir`, going `sign` (1 or -1).
    fn count_from(&self, point: Point, dir: usize, sign: i32, colour: u8) -> u32 {
        let (row, col) = self.row_col(point);
        let (dr, dc) = DIRECTIONS[dir];
        let mut n = 0;
        let (mut r, mut c) = (row + sign * dr, col + sign * dc);
        while self.inside(r, c) && self.at(r, c) == colour {
            n += 1;
            r += sign * dr;
            c += sign * dc;
        }
        n
    }

    /// The run of `colour` through `point` in direction `dir` if `point` held that colour:
    /// its length and its open ends.
    fn run_through(&self, point: Point, dir: usize, colour: u8) -> (u32, u32) {
        let (row, col) = self.row_col(point);
        let (dr, dc) = DIRECTIONS[dir];
        let ahead = self.count_from(point, dir, 1, colour);
        let behind = self.count_from(point, dir, -1, colour);
        let empty = |k: i32| {
            let (r, c) = (row + k * dr, col + k * dc);
            self.inside(r, c) && self.at(r, c) == 0
        };
        let open = u32::from(empty(ahead as i32 + 1)) + u32::from(empty(-(behind as i32) - 1));
        (1 + ahead + behind, open)
    }

    /// Whether a stone stands on one of the (up to eight) points around `point`.
    fn next_to_stone(&self, point: Point) -> bool {
        let (row, col) = self.row_col(point);
        (row - 1..=row + 1).any(|r| (col - 1..=col + 1).any(|c| self.at(r, c) != 0))
    }

    /// Whether a stone of `side` on the empty `point` would win.
    pub fn wins_at(&self, point: Point, side: Side) -> bool {
        let colour = side + 1;
        (0..4).any(|dir| {
            let length = 1 + self.count_from(point, dir, 1, colour)
                + self.count_from(point, dir, -1, colour);
            self.rule.wins(length, self.connect)
        })
    }

    /// The `patterns` value of the shape a stone of `side` would make on `point`, summed over
    /// the four directions.
    pub fn shape_value(&self, point: Point, side: Side) -> Score {
        (0..4)
            .map(|dir| {
                let (length, open) = self.run_through(point, dir, side + 1);
                run_value(length, open, self.connect, self.rule)
            })
            .sum()
    }

    /// Appends the empty points within `radius` of a stone, in point order; the centre on
    /// an empty board.
    pub fn candidates(&self, radius: u32, moves: &mut Vec<Point>) {
        if self.is_over() {
            return;
        }
        if self.stones == 0 {
            moves.push(self.point(self.size / 2, self.size / 2));
            return;
        }
        let mut near = [false; MAX_POINTS];
        let (size, radius) = (self.size as i32, radius as i32);
        for p in 0..self.size * self.size {
            if self.cells[p] == 0 {
                continue;
            }
            let (row, col) = self.row_col(p as Point);
            for r in (row - radius).max(0)..=(row + radius).min(size - 1) {
                for c in (col - radius).max(0)..=(col + radius).min(size - 1) {
                    near[(r * size + c) as usize] = true;
                }
            }
        }
        let empty_and_near = |&p: &usize| near[p] && self.cells[p] == 0;
        moves.extend((0..self.size * self.size).filter(empty_and_near).map(|p| p as Point));
    }

    fn is_over(&self) -> bool {
        self.winner.is_some() || self.stones == self.size * self.size
    }

    fn key(side: Side, point: Point) -> u64 {
        KEYS[MAX_POINTS * usize::from(side) + usize::from(point)]
    }

    /// Rescans the four lines through `point`: their values and the totals.
    fn rescan_lines(&mut self, point: Point) -> Undo {
        let (row, col) = self.row_col(point);
        let mut undo = Undo {
            lines: [(0, [0; 2]); 4],
        };
        for dir in 0..4 {
            let line = line_through(self.size, row, col, dir);
            let old = self.line_values[line.index];
            let new = line_value(&line, self.connect, self.rule, |r, c| self.at(r, c));
            for side in 0..2 {
                self.totals[side] += new[side] - old[side];
            }
            self.line_values[line.index] = new;
            undo.lines[dir] = (line.index as u16, old);
        }
        undo
    }

    /// The totals computed from scratch over every line: the test oracle of the incremental
    /// ones.
    pub fn totals_from_scratch(&self) -> [i32; 2] {
        let mut totals = [0; 2];
        for dir in 0..4 {
            let starts: Vec<(i32, i32)> = (0..self.size as i32)
                .flat_map(|r| (0..self.size as i32).map(move |c| (r, c)))
                .collect();
            let mut seen = [false; NUM_LINES];
            for (r, c) in starts {
                let line = line_through(self.size, r, c, dir);
                if !std::mem::replace(&mut seen[line.index], true) {
                    let v = line_value(&line, self.connect, self.rule, |r, c| self.at(r, c));
                    totals[0] += v[0];
                    totals[1] += v[1];
                }
            }
        }
        totals
    }

    /// The incrementally kept totals per colour.
    pub fn totals(&self) -> [i32; 2] {
        self.totals
    }

    fn point_name(&self, point: Point) -> String {
        let (row, col) = self.row_col(point);
        format!("{}{}", char::from(b'a' + col as u8), row + 1)
    }
}

/// Reads `[size][,freestyle|exact-five][,connect=N]` in any order.
fn parse_options(options: &str) -> Result<Gomoku, String> {
    let (mut size, mut rule, mut connect) = (None, None, None);
    for word in options.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let duplicate = |what: &str| format!("gomoku options `{options}` give the {what} twice");
        if let Some(n) = word.strip_prefix("connect=") {
            let n = n
                .parse::<u32>()
                .map_err(|_| format!("gomoku connect needs a number, not `{n}`"))?;
            if connect.replace(n).is_some() {
                return Err(duplicate("connect"));
            }
        } else if let Some(r) = Rule::ALL.into_iter().find(|r| r.name() == word) {
            if rule.replace(r).is_some() {
                return Err(duplicate("rule"));
            }
        } else if let Ok(n) = word.parse::<usize>() {
            if size.replace(n).is_some() {
                return Err(duplicate("size"));
            }
        } else {
            return Err(format!(
                "unknown gomoku option `{word}` (options: a size {MIN_SIZE}..={MAX_SIZE}, \
                 freestyle or exact-five, connect=N)"
            ));
        }
    }
    Gomoku::new(
        size.unwrap_or(15),
        connect.unwrap_or(5),
        rule.unwrap_or(Rule::Freestyle),
    )
}

impl Game for Gomoku {
    type Move = Point;
    type Undo = Undo;
    type Eval = GomokuEval;

    const NAME: &'static str = "gomoku";
    const SIDES: [&'static str; 2] = ["Black (X)", "White (O)"];
    const EVAL_NAMES: &'static [&'static str] = &["patterns"];
    const DEFAULT_EVAL: GomokuEval = GomokuEval::Patterns;
    /// The default board, exact-five (on 9x9, to keep the contract quick), and a small
    /// m,n,k-game whose exact checks run deep.
    const VARIANTS: &'static [&'static str] = &["", "9,exact-five", "7,freestyle,connect=4"];
    /// The hash covers every point and the side to move, which decide everything.
    const HASH_IS_COMPLETE: bool = true;
    const TECHNIQUES: &'static [&'static str] = &["threat-space", "candidate-sort", "greedy"];

    fn from_options(options: &str) -> Result<Self, String> {
        parse_options(options)
    }

    fn spec(&self) -> String {
        format!(
            "{}:{},{},connect={}",
            Self::NAME,
            self.size,
            self.rule.name(),
            self.connect
        )
    }

    fn parse_eval(name: &str) -> Option<GomokuEval> {
        (name == "patterns").then_some(GomokuEval::Patterns)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    /// Every empty point, in point order; none once the game is over.
    fn generate_moves(&self, moves: &mut Vec<Point>) {
        if !self.is_over() {
            let points = 0..(self.size * self.size) as Point;
            moves.extend(points.filter(|&p| self.cells[usize::from(p)] == 0));
        }
    }

    /// The candidates: empty points within `cand-radius` of a stone (see the module docs).
    fn generate_search_moves(&self, params: &GameParams, moves: &mut Vec<Point>) {
        self.candidates(params.cand_radius, moves);
    }

    fn count_moves(&self, _scratch: &mut Vec<Point>) -> u64 {
        if self.is_over() {
            0
        } else {
            (self.size * self.size - self.stones) as u64
        }
    }

    fn make(&mut self, point: Point) -> Undo {
        debug_assert!(self.cell(point) == 0 && !self.is_over(), "{point} is not playable");
        let side = self.side;
        if self.wins_at(point, side) {
            self.winner = Some(side);
        }
        self.cells[usize::from(point)] = side + 1;
        self.stones += 1;
        self.hash ^= Self::key(side, point) ^ SIDE_KEY;
        self.side = 1 - side;
        self.rescan_lines(point)
    }

    fn unmake(&mut self, point: Point, undo: Undo) {
        self.side = 1 - self.side;
        self.cells[usize::from(point)] = 0;
        self.stones -= 1;
        self.winner = None;
        self.hash ^= Self::key(self.side, point) ^ SIDE_KEY;
        for (index, old) in undo.lines {
            let line = &mut self.line_values[usize::from(index)];
            for side in 0..2 {
                self.totals[side] += old[side] - line[side];
            }
            *line = old;
        }
    }

    fn make_null(&mut self) -> Option<Undo> {
        None
    }

    fn unmake_null(&mut self, _undo: Undo) {}

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let side = if self.side == 1 { SIDE_KEY } else { 0 };
        (0..(self.size * self.size) as Point)
            .filter(|&p| self.cell(p) != 0)
            .fold(side, |hash, p| hash ^ Self::key(self.cell(p) - 1, p))
    }

    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let changed = |change: &dyn Fn(&mut Gomoku)| {
            let mut game = self.clone();
            change(&mut game);
            game.hash = game.hash_from_scratch();
            game
        };
        let mut parts = vec![StatePart::hashed("side to move", changed(&|g| g.side ^= 1))];
        parts.extend((0..self.size * self.size).map(|p| {
            let other = changed(&|g| g.cells[p] = (g.cells[p] + 1) % 3);
            StatePart::hashed(format!("point {p}"), other)
        }));
        parts
    }

    /// The side to move has lost when the last stone made a winning line.
    fn outcome(&self) -> Option<Outcome> {
        if self.winner.is_some() {
            Some(Outcome::Loss)
        } else {
            self.is_over().then_some(Outcome::Draw)
        }
    }


    fn move_index(&self, point: Point) -> usize {
        usize::from(point)
    }

    fn move_index_space(&self) -> usize {
        self.size * self.size
    }

    fn is_pass(&self, _point: Point) -> bool {
        false
    }

    fn is_noisy(&self, _point: Point) -> bool {
        false
    }

    /// The point's pattern score: the shape the side to move would make there plus the shape
    /// the opponent would make there (attack and defence), each summed over the four
    /// directions.
    fn move_score(&self, point: Point) -> Score {
        self.shape_value(point, self.side) + self.shape_value(point, 1 - self.side)
    }

    fn threat_search(&mut self, params: &GameParams, n_nodes: &mut u64) -> Option<Forced<Point>> {
        threats::root_threats(self, params.threat_depth, n_nodes)
    }

    /// The study's heuristic rollouts: win, else block the opponent's four, else a random
    /// candidate (see `rollout.rs`).
    fn rollout_move<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<Point>,
    ) -> Option<Point> {
        rollout::rollout_move(self, rng, scratch)
    }

    fn format_move(&self, point: Point) -> String {
        self.point_name(point)
    }

    fn parse_move(&self, text: &str) -> Result<Point, String> {
        let text = text.trim();
        let bad = || {
            format!(
                "`{text}` is not a point: write a column a..{} and a row 1..{}",
                char::from(b'a' + self.size as u8 - 1),
                self.size
            )
        };
        let mut chars = text.chars();
        let col = chars.next().filter(char::is_ascii_lowercase).ok_or_else(bad)? as usize;
        let col = col - usize::from(b'a');
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if col >= self.size || !(1..=self.size).contains(&row) {
            return Err(bad());
        }
        if self.is_over() {
            return Err("the game is over".into());
        }
        let point = self.point(row - 1, col);
        if self.cell(point) != 0 {
            return Err(format!("{text} is taken"));
        }
        Ok(point)
    }

    /// Rows from the top down, `X` Black, `O` White, `.` empty, the column letters below,
    /// then the side to move.
    fn board_string(&self) -> String {
        let mut text = String::new();
        for row in (0..self.size).rev() {
            text += &format!("{:2} ", row + 1);
            for col in 0..self.size {
                text.push(['.', 'X', 'O'][usize::from(self.cell(self.point(row, col)))]);
            }
            text.push('\n');
        }
        text += "   ";
        text.extend((0..self.size as u8).map(|c| char::from(b'a' + c)));
        text + "\n" + ["Black", "White"][usize::from(self.side)] + " (" + ["X", "O"][usize::from(self.side)] + ") to move"
    }

    fn board_display(&self) -> String {
        crate::game::grid_display(self.size, self.size, |col, row| {
            ['.', 'X', 'O'][usize::from(self.cell(self.point(row, col)))]
        })
    }
}
