//! The one integration-test binary: the `cutoff` binary's exit-code contract (`cli`), the
//! architecture's guards (`tidy`), Kalah against its reference data beyond perft
//! (`kalah_reference`), the HTML report in a browser (`html`), and the Gomocup brain over
//! pipes (`pbrain`).

mod cli;
mod gthd;
mod html;
mod kalah_reference;
mod pbrain;
mod tidy;
