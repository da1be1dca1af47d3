//! `cutoff merge --out DIR SHARD_DIR...`: the shards of one run joined into a new run folder,
//! then its report. Missing searches are listed and make the exit code 1 (nothing is written
//! then, so the same command works once the missing shards have run).

use super::ablate::print_report;
use super::common::check_out_folder;
use super::Status;
use crate::harness::merge::merge;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

/// How many missing searches are listed by name.
const LIST_MISSING: usize = 10;

#[derive(Args)]
pub struct MergeArgs {
    /// The new run folder.
    #[arg(long)]
    out: PathBuf,
    /// The shards' run folders.
    #[arg(required = true)]
    shards: Vec<PathBuf>,
    /// Merge shards made by different builds, recording every build in the manifest
    /// (`mixed_builds`); without it they are refused.
    #[arg(long)]
    allow_mixed_builds: bool,
    /// No messages on stderr.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: MergeArgs) -> Result<Status> {
    check_out_folder("--out", &args.out)?;
    let merged = merge(&args.out, &args.shards, args.allow_mixed_builds)?;
    for path in &merged.torn {
        eprintln!(
            "warning: {} ends in a torn line (an interrupted write), left out: finish that \
             shard with the command that made it",
            path.display()
        );
    }
    if !merged.missing.is_empty() {
        eprintln!(
            "{}: {} of {} searches in the shards; {} missing, nothing written (run the \
             missing shards, then merge again):",
            args.out.display(),
            merged.found,
            merged.total,
            merged.missing.len()
        );
        for id in merged.missing.iter().take(LIST_MISSING) {
            eprintln!("  {id}");
        }
        if merged.missing.len() > LIST_MISSING {
            eprintln!("  ... and {} more", merged.missing.len() - LIST_MISSING);
        }
        return Ok(Status::CheckFailed);
    }
    if !merged.mixed_builds.is_empty() {
        eprintln!(
            "warning: {}: shards of builds {} beside the first shard's, recorded in its \
             manifest's mixed_builds",
            args.out.display(),
            merged.mixed_builds.join(", ")
        );
    }
    if merged.already && !args.quiet {
        eprintln!(
            "{}: already holds this merge of {} searches; nothing to do",
            args.out.display(),
            merged.found
        );
    } else if !args.quiet {
        eprintln!(
            "{}: {} searches merged from {} shards",
            args.out.display(),
            merged.found,
            args.shards.len()
        );
    }
    print_report(&args.out, args.quiet)
}
