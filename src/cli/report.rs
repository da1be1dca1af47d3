//! `cutoff report` (being written).

use super::Status;
use anyhow::{bail, Result};
use clap::Args;

#[derive(Args)]
pub struct ReportArgs {}

pub fn run(_args: ReportArgs) -> Result<Status> {
    bail!("cutoff report is not written yet")
}
