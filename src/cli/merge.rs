//! `cutoff merge` (being written).

use super::Status;
use anyhow::{bail, Result};
use clap::Args;

#[derive(Args)]
pub struct MergeArgs {}

pub fn run(_args: MergeArgs) -> Result<Status> {
    bail!("cutoff merge is not written yet")
}
