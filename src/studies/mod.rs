//! The study book: one spec (`results/studies.toml`) names every run that regenerates the
//! five seed studies' tables and the published numbers to set beside ours; `cutoff studies`
//! runs what is missing or was made by another build (or a quick slice of each run), writes
//! the book, and checks regenerated runs against committed ones, times apart.
//!
//! - [`spec`]: the spec's types and the checks on loading it.
//! - [`steps`]: each step's command line, a run's state, the CPU time it records.
//! - [`verify`]: runs compared line by line, time fields stripped.
//! - [`measure`]: our value of a row, from a run's files.
//! - [`book`]: the verdict table, `README.md`, `index.html` and `book.json`.

pub mod book;
pub mod measure;
pub mod spec;
pub mod steps;
pub mod verify;

#[cfg(test)]
mod tests;
