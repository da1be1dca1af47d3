//! The harness: the only place with files, clocks, threads and randomness. It times root
//! searches (`measure`), generates and loads position sets (`fixtures`), turns plans into
//! task lists (`plan`), predicts a plan's cost (`estimate`), runs ablations into run
//! folders (`run`), splits them into shards (`shard`) and merges shards (`merge`), reading
//! and writing run folders only through [`runfolder`](crate::runfolder).

pub mod bench;
pub mod embedded;
pub mod estimate;
pub mod execute;
pub mod fixtures;
pub mod measure;
pub mod merge;
pub mod minimal;
pub mod plan;
pub mod provenance;
pub mod run;
pub mod shard;
pub(crate) mod source_hash;

#[cfg(test)]
mod budget_tests;
#[cfg(test)]
mod tests;
