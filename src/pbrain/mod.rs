//! A Gomocup brain (PROTOCOLS.md, "Gomocup / Piskvork brain protocol"): `cutoff pbrain`
//! plays Gomoku for a manager such as Piskvork over stdin and stdout with the project's
//! negamax.
//!
//! - [`protocol`]: the manager's lines parsed; text only.
//! - [`brain`]: the board, the `INFO` settings, the answer to each command, and the loop
//!   over the lines ([`serve`]).
//!
//! Moves are chosen by the [`Engine`](crate::engine::Engine), within the allowance the
//! manager's clock leaves.
//!
//! Like `gthd`, this module reads a clock and talks over the streams it is handed; it never
//! prints and touches no files.

pub mod brain;
pub mod protocol;

pub use brain::{serve, Brain};

/// The configuration `cutoff pbrain` plays without `--config` (the match behind it:
/// `results/gomoku-defaults`).
pub const DEFAULT_CONFIG: &str = "alphabeta+threat-space+candidate-sort+greedy";
/// The parameters it sets before any `--param`: a seeded random choice among equal root
/// moves.
pub const DEFAULT_PARAMS: &[&str] = &["tie-seed=1"];

#[cfg(test)]
mod tests;
