//! Search, generic over [`Game`](crate::game::Game): one negamax whose every enhancement is a
//! runtime flag, an expectimax, a Monte Carlo tree search, configurations and parameters.
//!
//! This module never prints, reads a clock, touches a file or draws a random number (but for
//! MCTS's generator, seeded from its `mcts-seed` parameter, and the root's tie-break,
//! seeded from `tie-seed` and the position); it sees
//! no concrete game. The same position, configuration and parameters give the same node
//! counts, move and score every time.

pub mod config;
pub mod expectimax;
pub mod mcts;
pub mod minimal;
mod negamax;
mod ordering;
pub mod params;
pub mod stats;
pub mod strategy;
pub mod tt;

pub use config::{Algorithm, Config, Enhancement};
/// The mate range's edge, which the rules contract keeps every evaluation inside.
pub(crate) use negamax::WIN_BOUND;
pub use negamax::{Searcher, MAX_DEPTH};
pub use params::{Params, TtScheme};
pub use stats::{Counters, Iteration};
pub use strategy::{build, Bounds, Stop, Strategy};

#[cfg(test)]
mod tests;
