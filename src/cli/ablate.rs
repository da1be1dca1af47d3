//! `cutoff ablate` and the default run of `cutoff` with no command: arguments into a
//! validated [`AblationSpec`], the run, then the report's CAMMP-format table on stdout.
//!
//! An interrupted run exits with code 2 and says how to resume; a shard prints no table
//! (merge the shards first). The searching, files and threads are the harness's.

use super::common::{check_out_folder, ParamArgs};
use super::progress::{interrupt_flag, Progress};
use super::registry::entry;
use super::Status;
use crate::game::{split_game_string, Game, GameId};
use crate::harness::estimate::{estimate, DEFAULT_SAMPLE_SECONDS};
use crate::harness::execute::execute;
use crate::harness::plan::{depths_text, parse_depths, Plan};
use crate::harness::provenance;
use crate::harness::run::{prepare, AblationSpec};
use crate::harness::shard::Shard;
use crate::report::{side_by_side, Column};
use crate::search::{Config, Params};
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};

/// The default run: the CAMMP study on Ming Mang, add-one and leave-one-out at depth 4, on
/// [`DEFAULT_POSITIONS`] positions of the `opening-1pg` set (one position from each of 40
/// self-play games, so that positions are independent samples), twice: under the
/// `cammp-java` profile and under the textbook defaults ([`DEFAULT_COLUMNS`]); then the
/// table of CAMMP's published ratios beside both. Its folder's name holds the date and the
/// build (the source hash), so the same command resumes (or just reports) on the same day
/// with the same build, and starts afresh after an edit of the source.
const DEFAULT_GAME: &str = "mingmang";
/// The default run's position set.
const DEFAULT_SET: &str = "opening-1pg";
/// Positions of the set the default run uses.
const DEFAULT_POSITIONS: usize = 40;
/// The default run's two runs: a sub-folder name and the parameter profiles it applies.
const DEFAULT_COLUMNS: [(&str, &[&str]); 2] = [("cammp-java", &["cammp-java"]), ("textbook", &[])];
/// The default run's depth.
const DEFAULT_DEPTH: u32 = 4;
/// The default run's cap per search: above every search of the subset (the largest, with
/// quiescence, expands 6.8 M nodes), it keeps a future slow position from stalling the run.
const DEFAULT_MAX_NODES: u64 = 10_000_000;

#[derive(Args)]
#[command(
    after_help = "Records are appended to DIR/records.jsonl as searches finish. \
    Ctrl-C stops taking new searches, keeps the finished ones and exits with code 2 (a second \
    Ctrl-C quits at once); the same command resumes, with --out DIR once the date has \
    changed. At the end the report is written to DIR/summary.md and its CAMMP-format table \
    printed."
)]
pub struct AblateArgs {
    /// The game: `name[:options]`; options must match the position set's.
    #[arg(long, short)]
    game: String,
    /// The position set: a name in `fixtures/<game>/` (`opening`) or a path to a `.json`.
    #[arg(long)]
    set: String,
    /// add-one, leave-one-out, add-one+leave-one-out, all-subsets or configs=A,B,C; the
    /// baseline `alphabeta` is always included.
    #[arg(long)]
    plan: String,
    /// The configuration whose techniques the plan adds and leaves out.
    #[arg(long, default_value = "cammp")]
    full: String,
    /// The configuration the add-one rows add each technique to, and that ratios are taken
    /// against (a subset of --full), e.g. `alphabeta+id`.
    #[arg(long, default_value = "alphabeta")]
    base: String,
    /// Depths: `4`, `1..6` (6 included; `1..=6` too) or `2,4,6`.
    #[arg(long)]
    depths: String,
    /// Worker threads (default: every hardware thread). Node counts do not depend on it.
    #[arg(long, short)]
    jobs: Option<usize>,
    /// Run only part `i/n` of the searches (join the parts with `cutoff merge`); `auto`
    /// takes it from an array job's environment: Slurm's SLURM_ARRAY_TASK_ID with
    /// SLURM_ARRAY_TASK_COUNT (or _MIN/_MAX/_STEP), or a 0-based JOB_COMPLETION_INDEX
    /// (Kubernetes) or AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch) with CUTOFF_SHARD_COUNT.
    #[arg(long, value_name = "i/n|auto")]
    shard: Option<String>,
    /// The run folder (default `results/<date>-<game>-<label>`); an existing run with the
    /// same spec is resumed.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop each search after this many nodes; its record says `capped`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// End each search normally once it has expanded this many nodes, with the move of its
    /// last completed iteration (the Gothello study's "maximum number of states visited";
    /// meant with `id`); its record says `exhausted`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_budget: Option<u64>,
    /// Use only the first N positions of the set (default: the whole set).
    #[arg(long)]
    positions: Option<usize>,
    /// The run's label (default: the full configuration's name, plus the plan's unless it
    /// is add-one+leave-one-out).
    #[arg(long)]
    label: Option<String>,
    /// The parameters and profiles.
    #[command(flatten)]
    tuning: ParamArgs,
    /// The evaluation, by name (the game's default when absent).
    #[arg(long)]
    eval: Option<String>,
    /// Run each search this many times, interleaved so that no configuration always runs
    /// first; records keep every time and tables the median. Node counts are the same.
    #[arg(long, default_value_t = 1, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=1000))]
    repeat: u32,
    /// Resume a run folder made by another build (after the source changed); the manifest
    /// records every build that added records.
    #[arg(long)]
    allow_mixed_builds: bool,
    /// No progress bar and no messages on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Predict the plan's searches and CPU time from a sample (positions spread over the
    /// set at consecutive depths, then more positions, until --sample-seconds of CPU time;
    /// deeper depths grown by the measured branching factor), print it and exit; nothing is
    /// written.
    #[arg(long)]
    estimate: bool,
    /// The CPU time --estimate samples for at least (unless the whole plan costs less),
    /// shared by the configurations; more predicts better.
    #[arg(long, requires = "estimate", default_value_t = DEFAULT_SAMPLE_SECONDS, value_name = "S", value_parser = positive_seconds)]
    sample_seconds: f64,
}

/// A positive, finite number of seconds.
fn positive_seconds(text: &str) -> std::result::Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 => Ok(s),
        _ => Err(format!(
            "expected a positive number of seconds, got `{text}`"
        )),
    }
}

pub fn run(args: AblateArgs) -> Result<Status> {
    if let Some(out) = &args.out {
        check_out_folder("--out", out)?;
    }
    let spec = spec_from_args(&args)?;
    if args.estimate {
        let (name, _) = split_game_string(&spec.game);
        let id = GameId::parse(name).map_err(|e| anyhow!(e))?;
        return (entry(id).estimate)(&spec, args.sample_seconds);
    }
    let hint = if args.out.is_some() {
        resume_same
    } else {
        resume_with_out
    };
    match ablate(&spec, args.quiet, hint)? {
        Finished::Complete { dir, table } => {
            println!("{table}");
            if !args.quiet {
                eprintln!("report: {}", dir.join("summary.md").display());
            }
            Ok(Status::Ok)
        }
        Finished::Shard => Ok(Status::Ok),
    }
}

/// How a run that was not interrupted ended.
pub(super) enum Finished {
    /// Every search is recorded in the folder `dir`, whose report is written; `table` is its
    /// CAMMP-format table.
    Complete { dir: PathBuf, table: String },
    /// A shard's searches are recorded: the report waits for the merge.
    Shard,
}

/// `cutoff` with no command: the default study, its table on stdout.
pub fn run_default() -> Result<Status> {
    let (date, _) = provenance::now_utc();
    // The build in the folder's name: after an edit of the source, a fresh run.
    let parent = PathBuf::from(format!(
        "results/{date}-{DEFAULT_GAME}-default-{}",
        provenance::short_build()
    ));
    let mut columns = Vec::new();
    for (name, profiles) in DEFAULT_COLUMNS {
        let params = Params::default()
            .with_profiles(profiles.iter().copied())
            .map_err(|e| anyhow!(e))?;
        let dir = parent.join(name);
        let spec = default_spec(params, name, dir.clone())?;
        eprintln!("the default run, {name} parameters: {}", dir.display());
        match ablate(&spec, false, resume_default)? {
            Finished::Complete { dir, .. } => columns.push((name, dir)),
            Finished::Shard => unreachable!("the default run is not sharded"),
        }
    }
    let columns: Vec<Column> = columns
        .iter()
        .map(|(name, dir)| Column { name, dir })
        .collect();
    let table = side_by_side(&columns)?;
    let path = parent.join("side-by-side.md");
    let text = format!("# The CAMMP study, side by side\n\n{table}");
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    println!("{table}");
    eprintln!("side by side: {}", path.display());
    Ok(Status::Ok)
}

/// The default run's spec under `params`, in `dir`.
fn default_spec(params: Params, name: &str, dir: PathBuf) -> Result<AblationSpec> {
    Ok(AblationSpec {
        game: DEFAULT_GAME.into(),
        fixture: fixture_path(DEFAULT_GAME, DEFAULT_SET),
        plan: Plan::AddOneLeaveOneOut,
        full: Config::parse("cammp").map_err(|e| anyhow!(e))?,
        base: crate::harness::plan::baseline(),
        depths: vec![DEFAULT_DEPTH],
        params,
        eval: None,
        max_nodes: Some(DEFAULT_MAX_NODES),
        node_budget: None,
        positions: Some(DEFAULT_POSITIONS),
        shard: None,
        label: Some(format!("default-{name}")),
        out: Some(dir),
        jobs: hardware_threads(),
        allow_mixed_builds: false,
        repeat: 1,
    })
}

fn resume_default(dir: &Path) -> String {
    format!(
        "run `cutoff` again the same day (UTC) with the same build (the folder is {})",
        dir.display()
    )
}

fn spec_from_args(args: &AblateArgs) -> Result<AblationSpec> {
    let (name, _) = split_game_string(&args.game);
    GameId::parse(name).map_err(|e| anyhow!(e))?;
    if args.jobs == Some(0) {
        bail!("--jobs must be at least 1");
    }
    let params = args.tuning.params()?;
    Ok(AblationSpec {
        game: args.game.clone(),
        fixture: fixture_path(name, &args.set),
        plan: Plan::parse(&args.plan)?,
        full: Config::parse(&args.full).map_err(|e| anyhow!("--full: {e}"))?,
        base: Config::parse(&args.base).map_err(|e| anyhow!("--base: {e}"))?,
        depths: parse_depths(&args.depths)?,
        params,
        eval: args.eval.clone(),
        max_nodes: args.max_nodes,
        node_budget: args.node_budget,
        positions: args.positions,
        shard: args.shard.as_deref().map(shard_from_arg).transpose()?,
        label: args.label.clone(),
        out: args.out.clone(),
        jobs: args.jobs.unwrap_or_else(hardware_threads),
        allow_mixed_builds: args.allow_mixed_builds,
        repeat: args.repeat,
    })
}

/// `--shard i/n`, or `auto`: the shard from the process environment.
fn shard_from_arg(text: &str) -> Result<Shard> {
    if text == "auto" {
        let shard = Shard::from_env(&std::env::vars().collect())?;
        eprintln!("--shard auto: shard {shard} from the environment");
        return Ok(shard);
    }
    Shard::parse(text)
}

/// A set name is looked up in `fixtures/<game>/`; anything with a `/` or `.json` is a path.
pub(super) fn fixture_path(game: &str, set: &str) -> PathBuf {
    if set.contains('/') || set.ends_with(".json") {
        PathBuf::from(set)
    } else {
        PathBuf::from(format!("fixtures/{game}/{set}.json"))
    }
}

pub(super) fn hardware_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How to resume an interrupted run in the folder given.
pub(super) type ResumeHint = fn(&Path) -> String;

fn resume_same(_: &Path) -> String {
    "run the same command again".into()
}

fn resume_with_out(dir: &Path) -> String {
    format!("run the same command again with --out {}", dir.display())
}

fn ablate(spec: &AblationSpec, quiet: bool, resume_hint: ResumeHint) -> Result<Finished> {
    let (name, _) = split_game_string(&spec.game);
    let id = GameId::parse(name).map_err(|e| anyhow!(e))?;
    (entry(id).ablate)(spec, quiet, resume_hint)
}

pub(super) fn ablate_game<G: Game>(
    spec: &AblationSpec,
    quiet: bool,
    resume_hint: ResumeHint,
) -> Result<Finished> {
    let prepared = prepare::<G>(spec)?;
    for warning in &prepared.warnings {
        eprintln!("warning: {warning}");
    }
    let stop = interrupt_flag()?;
    let dir = prepared.dir.clone();
    let mut progress = Progress::new(dir, prepared.manifest.depths.clone(), quiet);
    let outcome = execute(&prepared, &mut progress, stop)?;
    let dir = &prepared.dir;
    let done = outcome.done_before + outcome.done_now;
    if outcome.interrupted {
        bail!(
            "interrupted after {done} of {} searches, which are kept in {}; to resume, {}",
            outcome.total,
            dir.display(),
            resume_hint(dir)
        );
    }
    if !quiet {
        eprintln!(
            "{}: {} searches done, {} in this run, {:.1} s",
            dir.display(),
            done,
            outcome.done_now,
            outcome.elapsed.as_secs_f64()
        );
    }
    if let Some(shard) = &prepared.manifest.shard {
        if !quiet {
            eprintln!("shard {shard} complete; join the shards with `cutoff merge --out DIR SHARD_DIR...`");
        }
        return Ok(Finished::Shard);
    }
    let table = crate::report::write_report(dir)?;
    Ok(Finished::Complete {
        dir: dir.clone(),
        table,
    })
}

/// `--estimate`: samples the plan and prints the prediction, per depth and in total.
pub(super) fn print_estimate<G: Game>(spec: &AblationSpec, sample_seconds: f64) -> Result<Status> {
    let prepared = prepare::<G>(spec)?;
    let estimate = estimate(&prepared, sample_seconds);
    let shard = spec
        .shard
        .map_or(String::new(), |s| format!(" (shard {s})"));
    let (fewest, most) = estimate.sample_positions;
    println!(
        "sample: {} searches ({fewest} to {most} positions per configuration, depths {}) in {} \
         of CPU time",
        estimate.sample_searches,
        depths_text(&estimate.sample_depths),
        duration(estimate.sample_seconds)
    );
    println!("| depth | searches | nodes (predicted) | CPU time (predicted) |");
    println!("| ---: | ---: | ---: | ---: |");
    for d in &estimate.depths {
        println!(
            "| {} | {} | {:.3e} | {} |",
            d.depth,
            d.searches,
            d.nodes,
            duration(d.seconds)
        );
    }
    let seconds = estimate.seconds();
    println!(
        "total{shard}: {} searches, about {} of CPU time ({seconds:.3} s; {} with {} threads)",
        estimate.searches(),
        duration(seconds),
        duration(seconds / spec.jobs as f64),
        spec.jobs
    );
    println!(
        "shards: about {} of one CPU each for --shard auto (many small shards balance \
         uneven searches; see deploy/README.md)",
        shard_advice(seconds)
    );
    Ok(Status::Ok)
}

/// The rule of thumb of deploy/README.md: shards of about 10 CPU minutes, at least 4.
fn shard_advice(seconds: f64) -> String {
    let shards = ((seconds / 600.0).ceil() as usize).max(4);
    format!("{shards} shards of {}", duration(seconds / shards as f64))
}

/// Seconds as `12.3 ms`, `4.56 s`, `7.8 min`, `9.1 h` or `2.3 days`.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 1.0 => format!("{:.1} ms", s * 1e3),
        s if s < 60.0 => format!("{s:.2} s"),
        s if s < 3600.0 => format!("{:.1} min", s / 60.0),
        s if s < 86_400.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.1} days", s / 86_400.0),
    }
}

/// Writes the run's report and prints its CAMMP-format table.
pub fn print_report(dir: &Path, quiet: bool) -> Result<Status> {
    let table = crate::report::write_report(dir)?;
    println!("{table}");
    if !quiet {
        eprintln!("report: {}", dir.join("summary.md").display());
    }
    Ok(Status::Ok)
}
