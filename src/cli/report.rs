//! `cutoff report DIR [--depth D] [--repair] [--clock cpu|wall]`: writes the tables and charts of a run folder
//! and prints its CAMMP-format table. It reads only the run folder; it searches nothing.
//! `--repair` first drops a torn last line of `records.jsonl` (an interrupted write). On a
//! match folder (`games.jsonl`, no `records.jsonl`) it writes the match's summary again. A
//! folder's `claims.json` is rendered into its `analysis.md` first (in any folder: a run, a
//! match, or a study of its own scripts, where that is all it writes).

use super::common::{check_out_folder, ClockArgs};
use super::Status;
use crate::matches::record::GAMES;
use crate::matches::run::rewrite_match_report;
use crate::matches::summary::markdown;
use crate::report::claims::render_folder;
use crate::report::write_report_by;
use crate::runfolder::{drop_torn_line, lock_folder, MANIFEST, RECORDS};
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct ReportArgs {
    /// The run folder (with `manifest.json` and `records.jsonl`), or a match folder (with
    /// `manifest.json` and `games.jsonl`).
    dir: PathBuf,
    /// The depth of the single-depth tables (default: the largest depth at which every
    /// configuration has an uncapped record of every position).
    #[arg(long, short)]
    depth: Option<u32>,
    /// Drop a torn last line of `records.jsonl` (left by an interrupted run) before
    /// reporting; that search is then missing until the run is resumed.
    #[arg(long)]
    repair: bool,
    /// Write the tables and charts here instead of into the run folder (which a committed
    /// run should keep as it is).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Report a run that lacks some of its plan's searches (an interrupted run or a shard);
    /// the summary's header says so.
    #[arg(long)]
    allow_incomplete: bool,
    /// Which time the time tables and chart show (a run recorded before CPU time was
    /// measured shows wall time either way; the captions say which).
    #[command(flatten)]
    clock: ClockArgs,
}

pub fn run(args: ReportArgs) -> Result<Status> {
    let run_folder = args.dir.join(RECORDS).exists() && args.dir.join(MANIFEST).exists();
    if !run_folder && render_folder(&args.dir, &args.dir)?.is_some() {
        eprintln!("wrote {}", args.dir.join("analysis.md").display());
        if !args.dir.join(GAMES).exists() {
            return Ok(Status::Ok);
        }
    }
    if args.dir.join(GAMES).exists() && !args.dir.join(RECORDS).exists() {
        if args.out.is_some() || args.depth.is_some() || args.allow_incomplete || args.repair {
            bail!("{} is a match folder: --out, --depth, --allow-incomplete and --repair are for run folders", args.dir.display());
        }
        let summary = rewrite_match_report(&args.dir)?;
        eprintln!("wrote {}", args.dir.join("summary.md").display());
        println!("{}", markdown(&summary));
        return Ok(Status::Ok);
    }
    if args.repair && args.dir.join(RECORDS).exists() {
        // Not while a run appends to the file: its line in progress is not torn.
        let _lock = lock_folder(&args.dir)?;
        if drop_torn_line(&args.dir)? {
            eprintln!(
                "dropped the torn last line of {}",
                args.dir.join(RECORDS).display()
            );
        }
    }
    let out = args.out.as_deref().unwrap_or(&args.dir);
    check_out_folder("--out", out)?;
    let options = (args.depth, args.allow_incomplete);
    let table = write_report_by(&args.dir, out, options, args.clock.clock)?;
    eprintln!("wrote {}", out.join("summary.md").display());
    println!("{table}");
    Ok(Status::Ok)
}
