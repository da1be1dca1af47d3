//! `cutoff fixtures` (being written).

use super::Status;
use anyhow::{bail, Result};
use clap::Subcommand;

#[derive(Subcommand)]
pub enum FixturesCommand {
    /// Generate a position set by seeded self-play.
    Generate,
}

pub fn run(_command: FixturesCommand) -> Result<Status> {
    bail!("cutoff fixtures is not written yet")
}
