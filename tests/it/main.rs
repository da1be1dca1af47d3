//! The one integration-test binary: the `cutoff` binary's exit-code contract (`cli`), the
//! architecture's guards (`tidy`), Kalah against its reference data beyond perft
//! (`kalah_reference`), and the HTML report in a browser (`html`).

mod cli;
mod gthd;
mod html;
mod kalah_reference;
mod tidy;
