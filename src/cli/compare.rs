//! `cutoff compare BASE_DIR NEW_DIR [--tolerance PCT] [--min-ms MS] [--clock cpu|wall] [--out DIR]`: the regression gate
//! between two ablation runs. Prints the comparison, writes it as `compare.md` with its chart
//! into the output folder, and exits 1 when a record changed or a time regressed beyond the
//! tolerance. The comparison itself is the report's; this file only wires it up.

use super::common::{check_out_folder, ClockArgs};
use super::Status;
use crate::report::compare::{compare, default_out, Tolerance};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct CompareArgs {
    /// The reference: a run folder, or a folder whose subfolders are repeated runs of one
    /// spec.
    base: PathBuf,
    /// The runs under test, in the same form.
    new: PathBuf,
    /// How far (in percent) the median time of a configuration at a depth may exceed the
    /// base's before it counts as a regression.
    #[arg(long, value_name = "PCT", default_value_t = 10.0)]
    tolerance: f64,
    /// Cells whose base time is below this many milliseconds are reported but not judged:
    /// at that scale the time is mostly scheduling noise.
    #[arg(long, value_name = "MS", default_value_t = 5.0)]
    min_ms: f64,
    /// The output folder (default: NEW/compare-vs-<base folder name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the verdict as one JSON object (passed, node changes, time regressions, the
    /// output folder) instead of the Markdown report, for CI systems.
    #[arg(long)]
    json: bool,
    /// Which time to judge (runs recorded before CPU time was measured are judged by wall
    /// time either way; the report says which).
    #[command(flatten)]
    clock: ClockArgs,
}

pub fn run(args: CompareArgs) -> Result<Status> {
    let tolerance = Tolerance::from_percent(args.tolerance)?.with_min_ms(args.min_ms)?;
    let comparison = compare(&args.base, &args.new, tolerance, args.clock.clock)?;
    for warning in comparison.warnings() {
        eprintln!("warning: {warning}");
    }
    let out = match args.out {
        Some(out) => out,
        None => default_out(&args.base, &args.new)?,
    };
    check_out_folder("--out", &out)?;
    comparison.write(&out)?;
    match args.json {
        true => println!(
            "{}",
            serde_json::json!({
                "passed": comparison.passed(),
                "node_changes": comparison.n_node_changes(),
                "time_regressions": comparison.n_time_regressions(),
                "verdict": comparison.verdict(),
                "out": out.display().to_string(),
            })
        ),
        false => print!("{}", comparison.markdown()),
    }
    eprintln!("wrote {}", out.join("compare.md").display());
    match comparison.passed() {
        true => Ok(Status::Ok),
        false => Ok(Status::CheckFailed),
    }
}
