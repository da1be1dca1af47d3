//! cutoff: a benchmarking and ablation suite for game-tree search.
//!
//! cutoff switches each search enhancement on and off by name, replays fixed position sets,
//! records nodes and time per depth, and turns the records into tables and charts.
//!
//! # Codemap
//!
//! - [`game`]: the rules of each game behind the [`game::Game`] trait: make/unmake with an
//!   undo value, incremental Zobrist hashing with a from-scratch oracle, notation, outcomes,
//!   named evaluations, and perft. One module per game (`kalah`, `mingmang`).
//! - [`search`]: one generic negamax whose every enhancement is a runtime flag
//!   ([`search::Enhancement`]), an expectimax, configuration strings `preset(+flag|-flag)*`,
//!   the [`search::Params`] of every tunable, the transposition table and the counters.
//! - [`harness`]: timed root searches, fixtures (seeded self-play), ablation plans and runs
//!   (resumable, sharded, with progress), records and manifests, merging, the bench signature.
//! - [`report`]: run folders into `summary.md`, CSV tables and plotters charts (SVG and PNG),
//!   the studies' published numbers beside ours, and `compare` between two runs.
//! - [`cli`]: the clap front end; one `match` ([`dispatch_game!`]) from a game name to
//!   generic code, validated specs, exit codes 0 (ok), 1 (a check failed), 2 (an error).
//!
//! # Architecture invariants
//!
//! - `game` knows nothing about search, serde, clap or files.
//! - `search` is generic over `G: Game`, never sees a concrete game, never prints, reads a
//!   clock, touches a file or draws a random number, and allocates nothing per node.
//! - Determinism: the same position, configuration and parameters give the same node counts,
//!   move and score on every run and machine. Zobrist keys come from fixed seeds; ties in
//!   move ordering keep generation order; no `HashMap` is iterated into output.
//! - An enhancement marked exact never changes the root value at a fixed depth; the test
//!   suite holds every exact subset to plain minimax's value.
//! - Only `harness` touches clocks, threads and randomness (seeded `rand_chacha`) and writes
//!   runs; `report` reads only what `harness` wrote (run folders) and writes only its own
//!   tables and charts into them, so every table can be rendered again from committed records.
//! - Only configuration and record types derive serde traits.

pub mod cli;
#[cfg(test)]
mod contract;
pub mod game;
pub mod harness;
pub mod report;
pub mod search;
