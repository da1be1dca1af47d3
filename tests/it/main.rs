//! The one integration-test binary: the `cutoff` binary's exit-code contract (`cli`), the
//! architecture's guards (`tidy`), Kalah against its reference data beyond perft
//! (`kalah_reference`), the HTML report in a browser (`html`), the Gomocup brain over
//! pipes (`pbrain`), every hand-written list of games against the registry (`registry`),
//! and the position sets against their README (`fixtures`).

mod claims;
mod cli;
mod fixtures;
mod gthd;
mod html;
mod kalah_reference;
mod pbrain;
mod registry;
mod studies;
mod tidy;
