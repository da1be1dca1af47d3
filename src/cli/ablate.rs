//! `cutoff ablate` (being written).

use super::Status;
use anyhow::{bail, Result};
use clap::Args;

#[derive(Args)]
pub struct AblateArgs {}

pub fn run(_args: AblateArgs) -> Result<Status> {
    bail!("cutoff ablate is not written yet")
}

pub fn run_default() -> Result<Status> {
    bail!("the default run is not written yet")
}
