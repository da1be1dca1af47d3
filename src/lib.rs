//! cutoff: a benchmarking and ablation suite for game-tree search.
pub mod cli;
pub mod game;
pub mod harness;
pub mod search;
