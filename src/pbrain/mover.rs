//! The brain's move choice: the negamax [`Engine`] (a depth or a time per move, within
//! the manager's allowance), or MCTS: its playouts, or playouts until its time per move,
//! either ended early by the allowance's deadline, which this module checks after every
//! playout (the search itself reads no clock).

use crate::engine::Engine;
use crate::game::gomoku::{Gomoku, Point};
use crate::search::mcts::Mcts;
use std::time::{Duration, Instant};

/// How the brain picks its moves.
pub enum Mover {
    /// Negamax with a configuration and a limit.
    Negamax(Box<Engine<Gomoku>>),
    /// MCTS with its playouts (`u64::MAX` under a time per move) and that time, if any.
    Mcts(Box<Mcts<Gomoku>>, Option<Duration>),
}

impl Mover {
    /// The move for the side to move in `game` (not over) within `allowance`, if given;
    /// `None` when there is none.
    pub fn choose(&mut self, game: &Gomoku, allowance: Option<Duration>) -> Option<Point> {
        match self {
            Mover::Negamax(engine) => engine.choose(game, allowance, &[]).map(|c| c.mv),
            Mover::Mcts(mcts, time) => {
                let start = Instant::now();
                let budget = time.iter().chain(&allowance).min().copied();
                let mut stop = || budget.is_some_and(|b| start.elapsed() >= b);
                let mut game = game.clone();
                let mut found = mcts.search_until(&mut game, &mut stop, &mut |_| {});
                found.pop()?.best_move
            }
        }
    }
}
