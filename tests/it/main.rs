//! The one integration-test binary: the `cutoff` binary's exit-code contract (`cli`), the
//! architecture's guards (`tidy`), Kalah against its reference data beyond perft
//! (`kalah_reference`), the HTML report in a browser (`html`), the Gomocup brain over
//! pipes (`pbrain`), external Gomocup brains as match agents (`external`), the boards a user reads (`boards`), every hand-written list of games against the registry (`registry`),
//! the position sets against their README (`fixtures`), and the edges a new user hit
//! (`edges`).

mod boards;
mod claims;
mod cli;
mod edges;
mod external;
mod fixtures;
mod gthd;
mod html;
mod kalah_reference;
mod pbrain;
mod registry;
mod studies;
mod tidy;
