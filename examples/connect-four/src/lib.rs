//! Connect Four (7 columns, 6 rows) written only against cutoff's public API: the proof that
//! a game outside the crate gets every search, the harness, the reports, the command line
//! (`src/main.rs`) and the rules contract (`tests/contract.rs`) without a fork.
//!
//! Red moves first; a move drops a disc into a column (`a` to `g`, left to right) onto the
//! lowest empty cell; four of one colour in a row, column or diagonal win at once, a full
//! board without four is a draw.
//!
//! The state is a bitboard per side, bit `7 * column + row` (row 0 at the bottom; row 6 of
//! each column stays empty, so that shifts never carry from one column into the next), the
//! side to move and an incremental Zobrist hash. The last disc of a column is the one to
//! take back, so `unmake` needs only the move; `Undo` is the cell, to save finding it.

use cutoff::game::zobrist::key_table;
use cutoff::game::{cycle_point, grid_display, Evaluator, Game, Outcome, Score, Side, StatePart};

/// Columns and rows of the board.
pub const COLUMNS: usize = 7;
/// Rows of the board.
pub const ROWS: usize = 6;
/// Bits per column: the rows and an empty guard row.
const HEIGHT: usize = ROWS + 1;
/// Every cell of the board.
const BOARD: u64 = repeat_per_column((1 << ROWS) - 1);
/// One key per side and bit, then the side-to-move key.
const KEYS: [u64; 2 * COLUMNS * HEIGHT + 1] = key_table(0x636f_6e6e_6563_7434);
const SIDE_KEY: u64 = KEYS[2 * COLUMNS * HEIGHT];
/// The columns in the order moves are generated: centre first, where the search's ties and
/// first tries do best (perft is the same in any order).
const ORDER: [u8; COLUMNS] = [3, 2, 4, 1, 5, 0, 6];
/// Every line of four cells: 21 vertical, 24 horizontal, 24 diagonal.
const WINDOWS: [u64; 69] = windows();

const fn repeat_per_column(bits: u64) -> u64 {
    let mut mask = 0;
    let mut column = 0;
    while column < COLUMNS {
        mask |= bits << (column * HEIGHT);
        column += 1;
    }
    mask
}

const fn windows() -> [u64; 69] {
    let mut out = [0; 69];
    let mut n = 0;
    let steps: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut s = 0;
    while s < steps.len() {
        let (dc, dr) = steps[s];
        let mut cell = 0;
        while cell < COLUMNS * ROWS {
            let (c, r) = ((cell / ROWS) as i32, (cell % ROWS) as i32);
            let (end_c, end_r) = (c + 3 * dc, r + 3 * dr);
            if end_c < COLUMNS as i32 && end_r >= 0 && end_r < ROWS as i32 {
                let mut k = 0;
                while k < 4 {
                    out[n] |= 1 << ((c + k * dc) * HEIGHT as i32 + r + k * dr);
                    k += 1;
                }
                n += 1;
            }
            cell += 1;
        }
        s += 1;
    }
    assert!(n == 69, "69 lines of four");
    out
}

/// The cells of column `column`.
const fn column_mask(column: usize) -> u64 {
    ((1 << ROWS) - 1) << (column * HEIGHT)
}

/// Whether `stones` hold four in a line.
fn has_four(stones: u64) -> bool {
    [1, HEIGHT, HEIGHT - 1, HEIGHT + 1].iter().any(|&shift| {
        let pairs = stones & (stones >> shift);
        pairs & (pairs >> (2 * shift)) != 0
    })
}

/// A game of Connect Four.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    /// The discs of Red (side 0) and Yellow (side 1).
    stones: [u64; 2],
    side: Side,
    hash: u64,
}

/// Connect Four's evaluations, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectFourEval {
    /// Over the 69 lines of four: each line holding only one side's discs scores 1, 4 or 32
    /// for that side as it holds 1, 2 or 3 of them.
    Lines,
    /// Each disc scores the number of lines of four through its cell (3 in a corner, 13 at
    /// the centre).
    Cells,
}

impl Evaluator<ConnectFour> for ConnectFourEval {
    fn evaluate(&self, game: &ConnectFour) -> Score {
        let own = game.stones[usize::from(game.side)];
        let enemy = game.stones[usize::from(1 - game.side)];
        match self {
            ConnectFourEval::Lines => {
                const WEIGHT: [Score; 4] = [0, 1, 4, 32];
                let line = |w: u64| {
                    let (mine, theirs) = ((w & own).count_ones(), (w & enemy).count_ones());
                    match (mine, theirs) {
                        (m, 0) if m < 4 => WEIGHT[m as usize],
                        (0, t) if t < 4 => -WEIGHT[t as usize],
                        _ => 0,
                    }
                };
                WINDOWS.iter().map(|&w| line(w)).sum()
            }
            ConnectFourEval::Cells => {
                let lines = |stones: u64| {
                    WINDOWS
                        .iter()
                        .map(|&w| (w & stones).count_ones() as Score)
                        .sum::<Score>()
                };
                lines(own) - lines(enemy)
            }
        }
    }
}

impl ConnectFour {
    fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    fn column_full(&self, column: usize) -> bool {
        self.occupied() & (1 << (column * HEIGHT + ROWS - 1)) != 0
    }

    /// The bit of every cell with a disc of `side`'s.
    fn key(side: usize, bit: u64) -> u64 {
        KEYS[side * COLUMNS * HEIGHT + bit.trailing_zeros() as usize]
    }

    /// The disc in the cell of `column` and `row`: `x` Red, `o` Yellow, `.` none.
    fn mark(&self, column: usize, row: usize) -> char {
        let bit = 1 << (column * HEIGHT + row);
        match (self.stones[0] & bit != 0, self.stones[1] & bit != 0) {
            (true, _) => 'x',
            (_, true) => 'o',
            _ => '.',
        }
    }
}

impl Game for ConnectFour {
    type Move = u8;
    type Undo = u64;
    type Eval = ConnectFourEval;

    const NAME: &'static str = "connect4";
    const SIDES: [&'static str; 2] = ["Red", "Yellow"];
    const EVAL_NAMES: &'static [&'static str] = &["lines", "cells"];
    const DEFAULT_EVAL: ConnectFourEval = ConnectFourEval::Lines;
    const HASH_IS_COMPLETE: bool = true;

    fn from_options(options: &str) -> Result<Self, String> {
        if !options.is_empty() {
            return Err(format!(
                "connect4 has no options (7x6 only), not `{options}`"
            ));
        }
        Ok(ConnectFour {
            stones: [0, 0],
            side: 0,
            hash: 0,
        })
    }

    fn spec(&self) -> String {
        Self::NAME.to_string()
    }

    fn parse_eval(name: &str) -> Option<ConnectFourEval> {
        match name {
            "lines" => Some(ConnectFourEval::Lines),
            "cells" => Some(ConnectFourEval::Cells),
            _ => None,
        }
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if self.outcome().is_none() {
            let open = ORDER.iter().filter(|&&c| !self.column_full(usize::from(c)));
            moves.extend(open);
        }
    }

    fn make(&mut self, column: u8) -> u64 {
        let column = usize::from(column);
        let bit = (self.occupied() & column_mask(column)) + (1 << (column * HEIGHT));
        let side = usize::from(self.side);
        self.stones[side] |= bit;
        self.hash ^= Self::key(side, bit) ^ SIDE_KEY;
        self.side = 1 - self.side;
        bit
    }

    fn unmake(&mut self, _column: u8, bit: u64) {
        self.side = 1 - self.side;
        let side = usize::from(self.side);
        self.stones[side] ^= bit;
        self.hash ^= Self::key(side, bit) ^ SIDE_KEY;
    }

    /// No null move: a side may never pass in Connect Four.
    fn make_null(&mut self) -> Option<u64> {
        None
    }

    fn unmake_null(&mut self, _undo: u64) {}

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.side == 1 { SIDE_KEY } else { 0 };
        for (side, &stones) in self.stones.iter().enumerate() {
            let mut rest = stones;
            while rest != 0 {
                hash ^= Self::key(side, rest & rest.wrapping_neg());
                rest &= rest - 1;
            }
        }
        hash
    }

    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let rehash = |mut game: ConnectFour| {
            game.hash = game.hash_from_scratch();
            game
        };
        let mut flipped = self.clone();
        flipped.side = 1 - flipped.side;
        let mut parts = vec![StatePart::hashed("side to move", rehash(flipped))];
        for column in 0..COLUMNS {
            for row in 0..ROWS {
                let mut changed = self.clone();
                cycle_point(&mut changed.stones, 1 << (column * HEIGHT + row));
                let name = format!("cell {}{}", char::from(b'a' + column as u8), row + 1);
                parts.push(StatePart::hashed(name, rehash(changed)));
            }
        }
        parts
    }

    fn outcome(&self) -> Option<Outcome> {
        let side = usize::from(self.side);
        if has_four(self.stones[side]) {
            Some(Outcome::Win)
        } else if has_four(self.stones[1 - side]) {
            Some(Outcome::Loss)
        } else if self.occupied() == BOARD {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn move_index(&self, column: u8) -> usize {
        usize::from(column)
    }

    fn move_index_space(&self) -> usize {
        COLUMNS
    }

    fn is_pass(&self, _column: u8) -> bool {
        false
    }

    fn is_noisy(&self, _column: u8) -> bool {
        false
    }

    fn format_move(&self, column: u8) -> String {
        char::from(b'a' + column).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let column = match text.as_bytes() {
            [letter @ b'a'..=b'g'] => letter - b'a',
            _ => return Err(format!("a column is a letter a to g, not `{text}`")),
        };
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        match moves.contains(&column) {
            true => Ok(column),
            false => Err(format!("column {text} is full or the game is over")),
        }
    }

    fn board_string(&self) -> String {
        let row = |r: usize| (0..COLUMNS).map(|c| self.mark(c, r)).collect::<String>();
        (0..ROWS).rev().map(|r| row(r) + "\n").collect()
    }

    fn board_display(&self) -> String {
        grid_display(COLUMNS, ROWS, |c, r| self.mark(c, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(moves: &str) -> ConnectFour {
        let mut game = ConnectFour::from_options("").unwrap();
        game.play_moves(moves).unwrap();
        game
    }

    #[test]
    fn four_in_a_row_column_and_diagonal_win() {
        // Red's a1 b1 c1 d1; Yellow's a2 b2 c2 between.
        assert_eq!(play("a,a,b,b,c,c,d").outcome(), Some(Outcome::Loss));
        assert_eq!(play("a,b,a,b,a,b").outcome(), None);
        assert_eq!(play("a,b,a,b,a,b,a").outcome(), Some(Outcome::Loss));
        // Red's diagonal a1 b2 c3 d4.
        let diagonal = play("a,b,b,c,c,d,c,d,d,g,d");
        assert_eq!(
            diagonal.outcome(),
            Some(Outcome::Loss),
            "{}",
            diagonal.board_string()
        );
        // Three in a row and one apart is no win.
        assert_eq!(play("a,a,b,b,c,c,e").outcome(), None);
    }

    #[test]
    fn a_full_column_takes_no_disc() {
        let game = play("a,a,a,a,a,a");
        assert!(game.parse_move("a").is_err());
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert_eq!(moves, [3, 2, 4, 1, 5, 6]);
        assert_eq!(game.board_string().lines().next(), Some("o......"));
    }
}
