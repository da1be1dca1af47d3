//! The one integration-test binary: the `cutoff` binary's exit-code contract (`cli`), the
//! architecture's guards (`tidy`), and Kalah against its reference data beyond perft
//! (`kalah_reference`).

mod cli;
mod kalah_reference;
mod tidy;
