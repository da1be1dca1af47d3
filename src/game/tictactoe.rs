//! Tic-tac-toe on a 3x3 board: X moves first, a line of three wins at once, a full board
//! without one is a draw. The smallest real game of the suite, and the proof that adding a
//! game takes its module, one registry line and its data files (see the crate docs).
//!
//! The state is one 9-bit mask per side (square = 3 * rank + file, a1 = bit 0), the side to
//! move and an incremental Zobrist hash; `Undo` is nothing, since `unmake` clears the square
//! the move filled. There is no pass and no null move. This module does not search.

use super::zobrist::key_table;
use super::{cycle_point, Evaluator, Game, Outcome, Score, Side, StatePart};

/// The eight lines of three, as square masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;
/// One key per side and square, then the side-to-move key.
const KEYS: [u64; 19] = key_table(0x7469_6374_6163_0001);
const SIDE_KEY: u64 = KEYS[18];

/// A game of tic-tac-toe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    /// The squares of X (side 0) and O (side 1).
    marks: [u16; 2],
    side: Side,
    hash: u64,
}

/// Tic-tac-toe's evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicTacToeEval {
    /// Lines still open to the side to move (none of the opponent's marks) minus lines
    /// still open to the opponent.
    OpenLines,
}

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, game: &TicTacToe) -> Score {
        match self {
            TicTacToeEval::OpenLines => {
                let open = |opponent: u16| LINES.iter().filter(|&&l| l & opponent == 0).count();
                let (own, enemy) = (game.own(), game.enemy());
                open(enemy) as Score - open(own) as Score
            }
        }
    }
}

impl TicTacToe {
    fn own(&self) -> u16 {
        self.marks[usize::from(self.side)]
    }

    fn enemy(&self) -> u16 {
        self.marks[usize::from(1 - self.side)]
    }

    /// Whether the side that just moved has made a line.
    fn last_mover_won(&self) -> bool {
        LINES.iter().any(|&l| self.enemy() & l == l)
    }

    fn is_over(&self) -> bool {
        self.last_mover_won() || self.marks[0] | self.marks[1] == FULL
    }

    fn empty(&self) -> u16 {
        if self.is_over() {
            0
        } else {
            !(self.marks[0] | self.marks[1]) & FULL
        }
    }

    fn key(side: Side, square: u8) -> u64 {
        KEYS[9 * usize::from(side) + usize::from(square)]
    }
}

fn square_name(square: u8) -> String {
    format!("{}{}", char::from(b'a' + square % 3), square / 3 + 1)
}

impl Game for TicTacToe {
    type Move = u8;
    type Undo = ();
    type Eval = TicTacToeEval;

    const NAME: &'static str = "tictactoe";
    const SIDES: [&'static str; 2] = ["X", "O"];
    /// The hash covers every square and the side to move, which decide everything.
    const HASH_IS_COMPLETE: bool = true;
    const EVAL_NAMES: &'static [&'static str] = &["open-lines"];
    const DEFAULT_EVAL: TicTacToeEval = TicTacToeEval::OpenLines;

    fn from_options(options: &str) -> Result<Self, String> {
        if !options.trim().is_empty() {
            return Err(format!("tictactoe takes no options, got `{options}`"));
        }
        Ok(TicTacToe {
            marks: [0, 0],
            side: 0,
            hash: 0,
        })
    }

    fn spec(&self) -> String {
        Self::NAME.to_string()
    }

    fn parse_eval(name: &str) -> Option<TicTacToeEval> {
        (name == "open-lines").then_some(TicTacToeEval::OpenLines)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    /// The empty squares from a1 to c3; none once the game is over.
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let empty = self.empty();
        moves.extend((0..9).filter(|&square| empty >> square & 1 == 1));
    }

    fn count_moves(&self, _scratch: &mut Vec<u8>) -> u64 {
        u64::from(self.empty().count_ones())
    }

    fn make(&mut self, square: u8) {
        debug_assert!(self.empty() >> square & 1 == 1, "{square} is not playable");
        self.marks[usize::from(self.side)] |= 1 << square;
        self.hash ^= Self::key(self.side, square) ^ SIDE_KEY;
        self.side = 1 - self.side;
    }

    fn unmake(&mut self, square: u8, _undo: ()) {
        self.side = 1 - self.side;
        self.marks[usize::from(self.side)] &= !(1 << square);
        self.hash ^= Self::key(self.side, square) ^ SIDE_KEY;
    }

    fn make_null(&mut self) -> Option<()> {
        None
    }

    fn unmake_null(&mut self, _undo: ()) {}

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let side = if self.side == 1 { SIDE_KEY } else { 0 };
        (0..9u8).fold(side, |hash, square| {
            (0..2)
                .filter(|&s| self.marks[usize::from(s)] >> square & 1 == 1)
                .fold(hash, |hash, s| hash ^ Self::key(s, square))
        })
    }

    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let changed = |change: &dyn Fn(&mut TicTacToe)| {
            let mut game = self.clone();
            change(&mut game);
            game.hash = game.hash_from_scratch();
            game
        };
        let mut parts = vec![StatePart::hashed("side to move", changed(&|g| g.side ^= 1))];
        parts.extend((0..9).map(|square| {
            let other = changed(&|g| cycle_point(&mut g.marks, 1 << square));
            StatePart::hashed(format!("square {square}"), other)
        }));
        parts
    }

    /// The side to move has lost when the last move made a line.
    fn outcome(&self) -> Option<Outcome> {
        if self.last_mover_won() {
            Some(Outcome::Loss)
        } else {
            self.is_over().then_some(Outcome::Draw)
        }
    }


    fn move_index(&self, square: u8) -> usize {
        usize::from(square)
    }

    fn move_index_space(&self) -> usize {
        9
    }

    fn is_pass(&self, _square: u8) -> bool {
        false
    }

    fn is_noisy(&self, _square: u8) -> bool {
        false
    }

    fn format_move(&self, square: u8) -> String {
        square_name(square)
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let square = (0..9)
            .find(|&s| square_name(s) == text.trim())
            .ok_or_else(|| format!("`{text}` is not a square: write a1 to c3"))?;
        if self.is_over() {
            return Err("the game is over".into());
        }
        if self.empty() >> square & 1 == 0 {
            return Err(format!("{text} is taken"));
        }
        Ok(square)
    }

    /// Ranks 3 down to 1, `X`, `O` or `.`, then the side to move.
    fn board_string(&self) -> String {
        let mut text = String::new();
        for rank in (0..3).rev() {
            for file in 0..3 {
                let bit = |side: usize| self.marks[side] >> (3 * rank + file) & 1 == 1;
                text.push(match (bit(0), bit(1)) {
                    (true, _) => 'X',
                    (_, true) => 'O',
                    _ => '.',
                });
            }
            text.push('\n');
        }
        text + ["X", "O"][usize::from(self.side)] + " to move"
    }

    fn board_display(&self) -> String {
        crate::game::grid_display(3, 3, |file, rank| {
            let bit = |side: usize| self.marks[side] >> (3 * rank + file) & 1 == 1;
            match (bit(0), bit(1)) {
                (true, _) => 'X',
                (_, true) => 'O',
                _ => '.',
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::WIN_SCORE;

    /// Complete games from `game`, counted by playing them all.
    fn games(game: &mut TicTacToe) -> u64 {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return 1;
        }
        moves
            .into_iter()
            .map(|mv| {
                game.make(mv);
                let n = games(game);
                game.unmake(mv, ());
                n
            })
            .sum()
    }

    /// The well-known total, also the `games` field of `fixtures/reference/tictactoe-perft.json`.
    #[test]
    fn there_are_255168_games() {
        assert_eq!(games(&mut TicTacToe::from_options("").unwrap()), 255_168);
    }

    #[test]
    fn a_line_ends_the_game_and_the_other_side_has_lost() {
        let mut game = TicTacToe::from_options("").unwrap();
        game.play_moves("a1,b1,a2,b2,a3").unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Loss), "{}", game.board_string());
        assert_eq!(game.terminal_score(5), Some(-(WIN_SCORE - 5)));
        assert_eq!(game.parse_move("c3"), Err("the game is over".into()));
        let mut full = TicTacToe::from_options("").unwrap();
        full.play_moves("a1,b2,c3,b1,b3,a3,c1,c2,a2").unwrap();
        assert_eq!(full.outcome(), Some(Outcome::Draw), "{}", full.board_string());
    }

    #[test]
    fn open_lines_count_for_the_side_to_move() {
        let mut game = TicTacToe::from_options("").unwrap();
        game.play_moves("b2").unwrap();
        // O to move: X's centre closes 4 of O's 8 lines, X keeps all 8.
        assert_eq!(TicTacToeEval::OpenLines.evaluate(&game), 4 - 8);
    }
}
