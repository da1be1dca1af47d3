//! Matches: agents written as strings play paired games, and the records become win tables,
//! Elo, LOS, pentanomial counts and SPRT verdicts; round-robin tournaments; tabular
//! Q-learning for small games.
//!
//! - [`agent`]: agent strings (`random`, `alphabeta:depth=4`, `cammp:time-ms=100`,
//!   `expectimax:depth=4`, `qlearn:model=PATH`) and the agents built from them.
//! - [`external`]: external Gomocup brains (`pbrain:COMMAND`), the manager's side of the
//!   protocol: the clock, the forfeits, the processes.
//! - [`play`]: one game, with every agent failure caught and recorded as an error.
//! - [`record`]: the match folder (`manifest.json`, `games.jsonl`).
//! - [`run`]: openings, worker threads, resume, and the SPRT's stop.
//! - [`stats`]: Elo, LOS and the LLR as fishtest computes them.
//! - [`summary`]: the counted games into a summary (Markdown or JSON).
//! - [`tournament`]: a round robin of matches into a score matrix, CSV and a heatmap.
//! - [`qlearn`]: training and loading Q-learning models.
//!
//! This module sits above `harness` (whose provenance it records) and `report` (whose chart
//! helpers it uses) and below `cli`; it never prints. Like `harness`, it owns clocks,
//! threads and seeded randomness; every game is a function of the spec, the pair and the
//! game index, so results do not depend on the number of threads.

pub mod agent;
pub mod external;
pub mod play;
pub mod qlearn;
pub mod record;
pub mod run;
pub mod stats;
pub mod summary;
pub mod tournament;

#[cfg(test)]
mod external_tests;
#[cfg(test)]
mod tests;
