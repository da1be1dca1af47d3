//! `cutoff report DIR [--depth D]`: writes the tables and charts of a run folder and prints
//! its CAMMP-format table. It reads only the run folder; it searches nothing.

use super::Status;
use crate::report::write_report_at;
use anyhow::Result;
use clap::Args;
use std::io::{ErrorKind, Write};
use std::path::PathBuf;

#[derive(Args)]
pub struct ReportArgs {
    /// The run folder (with `manifest.json` and `records.jsonl`).
    dir: PathBuf,
    /// The depth of the single-depth tables (default: the largest depth at which every
    /// configuration has an uncapped record of every position).
    #[arg(long, short)]
    depth: Option<u32>,
}

pub fn run(args: ReportArgs) -> Result<Status> {
    let table = write_report_at(&args.dir, args.depth)?;
    eprintln!("wrote {}", args.dir.join("summary.md").display());
    // A closed pipe (`cutoff report DIR | head`) is not an error: the files are written.
    match writeln!(std::io::stdout().lock(), "{table}") {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(Status::Ok),
    }
}
