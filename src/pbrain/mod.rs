//! A Gomocup brain (PROTOCOLS.md, "Gomocup / Piskvork brain protocol"): `cutoff pbrain`
//! plays Gomoku for a manager such as Piskvork over stdin and stdout with the project's
//! negamax.
//!
//! - [`protocol`]: the manager's lines parsed; text only.
//! - [`brain`]: the board, the `INFO` settings, the answer to each command, and the loop
//!   over the lines ([`serve`]).
//! - [`mover`]: the move choice within the time allowance: the negamax
//!   [`Engine`](crate::engine::Engine), which is generic over the game, or MCTS.
//!
//! Like `gthd`, this module reads a clock and talks over the streams it is handed; it never
//! prints and touches no files.

pub mod brain;
pub mod mover;
pub mod protocol;

pub use brain::{serve, Brain};
pub use mover::Mover;

#[cfg(test)]
mod tests;
