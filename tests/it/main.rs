//! The one integration-test binary: the `cutoff` binary's exit-code contract (`cli`) and the
//! architecture's guards (`tidy`).

mod cli;
mod tidy;
