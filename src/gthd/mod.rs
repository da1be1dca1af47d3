//! A client for the Gthd Gothello referee (PROTOCOLS.md, "Gthd (Gothello referee)
//! protocol"): `cutoff gthd` plays one game on a referee's server with the project's search.
//!
//! - [`protocol`]: the server's lines parsed, the client's requests written; text only.
//! - [`client`]: the handshake and the game loop over any line reader and writer, every
//!   line logged, the referee checked against our own board.
//! - [`lines`]: the socket's lines read under one timeout per whole line.
//!
//! Like `harness`, this module reads a clock (the referee's time controls) and does I/O
//! (the socket it is handed, the log); it never prints, and it knows only Gothello.

pub mod client;
pub mod lines;
pub mod protocol;

pub use client::{play, Connection, Ending, Finished};
pub use lines::TimedLines;

/// The configuration `cutoff gthd` plays without `--config`: the strongest measured (the
/// match behind it: `results/gothello-defaults`).
pub const DEFAULT_CONFIG: &str = "alphabeta+id+tt-value+tt-move";
/// The evaluation it plays without `--eval`.
pub const DEFAULT_EVAL: &str = "eye";
/// The parameters it sets before any `--param`: a seeded random choice among equal root
/// moves (the first of equals opened a1 b1 c1 d1 e1), and deepening one ply at a time.
pub const DEFAULT_PARAMS: &[&str] = &["tie-seed=1", "id-step=1"];

#[cfg(test)]
mod tests;
