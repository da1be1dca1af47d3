//! cutoff: a benchmarking and ablation suite for game-tree search.
pub mod game;
pub mod search;
