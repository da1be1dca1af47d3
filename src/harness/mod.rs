//! The harness: the only place with files, clocks, threads and randomness. It times root
//! searches (`measure`), generates and loads position sets (`fixtures`), turns plans into
//! task lists (`plan`), runs ablations into run folders (`run`, `rundir`, `progress`) and
//! merges shards (`merge`); `records` holds the file formats that `report` reads.

pub mod bench;
pub mod fixtures;
pub mod measure;
pub mod merge;
pub mod plan;
pub mod progress;
pub mod provenance;
pub mod records;
pub mod run;
pub mod rundir;

#[cfg(test)]
mod tests;
