//! The harness: the only place with files, clocks, threads and randomness. It times root
//! searches, and (in later modules) runs fixtures, ablations, records and comparisons.

pub mod measure;
pub mod records;
