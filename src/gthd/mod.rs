//! A client for the Gthd Gothello referee (PROTOCOLS.md, "Gthd (Gothello referee)
//! protocol"): `cutoff gthd` plays one game on a referee's server with the project's search.
//!
//! - [`protocol`]: the server's lines parsed, the client's requests written; text only.
//! - [`client`]: the handshake and the game loop over any line reader and writer, every
//!   line logged, the referee checked against our own board.
//!
//! Like `harness`, this module reads a clock (the referee's time controls) and does I/O
//! (the socket it is handed, the log); it never prints, and it knows only Gothello.

pub mod client;
pub mod protocol;

pub use client::{play, Connection, Ending, Finished};

#[cfg(test)]
mod tests;
