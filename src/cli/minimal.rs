//! `cutoff minimal`: the minimal tree (perfect move ordering) of positions at each depth,
//! beside the nodes of the configurations named, as the ratio `nodes / minimal`; or, with
//! `--run DIR`, the minimal trees of a run folder's positions and depths, added to its
//! `minimal.jsonl` for the report (the computing is the harness's).

use super::ablate::{fixture_path, hardware_threads};
use super::common::{check_depth, load_position, GameArgs, ParamArgs};
use super::progress::{interrupt_flag, Progress, Ticker};
use super::registry::entry;
use super::Status;
use crate::game::{split_game_string, Game, GameId};
use crate::harness::fixtures::load_fixture;
use crate::harness::measure::{root_search, SearchSpec};
use crate::harness::minimal::MinimalSpec;
use crate::harness::run::{check_game, select_positions};
use crate::runfolder::{read_manifest, MINIMAL};
use crate::search::minimal::{minimal_tree, MinimalTree};
use crate::search::{Config, MAX_DEPTH};
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(
    after_help = "With --run DIR the trees are appended to DIR/minimal.jsonl as they \
    finish; Ctrl-C stops taking new ones and keeps the finished ones (the same command \
    resumes). Re-render the report afterwards with `cutoff report DIR`: its summary then has \
    a `nodes / minimal` column per configuration and depth."
)]
pub struct MinimalArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A run folder of `cutoff ablate`: compute the minimal trees of its positions at its
    /// depths (up to --depth) into DIR/minimal.jsonl, with its game, evaluation and
    /// parameters.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["set", "config", "json"])]
    run: Option<PathBuf>,
    /// A position set (a name in `fixtures/<game>/` or a path) instead of --moves.
    #[arg(long)]
    set: Option<String>,
    /// With --set or --run: the first N positions (default: all of them).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    positions: Option<u64>,
    /// Each depth from 1 to this (with --run: each of the run's depths up to this; all of
    /// them when absent).
    #[arg(long, short, required_unless_present = "run")]
    depth: Option<u32>,
    /// With --run: worker threads (default: every hardware thread).
    #[arg(long, short, requires = "run")]
    jobs: Option<usize>,
    /// With --run: no progress bar and no messages on stderr.
    #[arg(long, short, requires = "run")]
    quiet: bool,
    /// A configuration whose nodes (main search, summed over its iterations) are set beside
    /// the minimal tree's (repeatable).
    #[arg(long, short)]
    config: Vec<String>,
    /// The configurations' parameters.
    #[command(flatten)]
    tuning: ParamArgs,
    /// One JSON object per position and depth instead of the table.
    #[arg(long)]
    json: bool,
    /// Reads the minimal trees from FILE (the `--json` lines of an earlier `cutoff minimal`
    /// of the same game, set and parameters) instead of computing them, so that only the
    /// configurations are searched; a position and depth missing from FILE is an error.
    #[arg(long, value_name = "FILE", conflicts_with = "run")]
    trees: Option<PathBuf>,
}

pub fn run(args: MinimalArgs) -> Result<Status> {
    if let Some(depth) = args.depth {
        check_depth(depth, MAX_DEPTH)?;
    }
    if let Some(dir) = &args.run {
        return add_to_run(dir, &args);
    }
    if args.positions.is_some() && args.set.is_none() {
        bail!("--positions needs --set or --run");
    }
    let id = args.game.id()?;
    (entry(id).minimal)(&args)
}

/// `--run DIR`: the run's game from its manifest, then the harness's computation.
fn add_to_run(dir: &Path, args: &MinimalArgs) -> Result<Status> {
    let manifest = read_manifest(dir)?
        .with_context(|| format!("{}: not a run folder (no manifest.json)", dir.display()))?;
    let (name, _) = split_game_string(&manifest.game);
    let id = GameId::parse(name).map_err(|e| anyhow!(e))?;
    let spec = MinimalSpec {
        max_depth: args.depth,
        positions: args.positions.map(|n| n as usize),
        jobs: args.jobs.unwrap_or_else(hardware_threads).max(1),
    };
    let stop = interrupt_flag()?;
    let depths = manifest.depths.iter().copied();
    let depths = depths
        .filter(|&d| args.depth.is_none_or(|max| d <= max))
        .collect();
    let mut progress =
        Progress::new(dir.to_path_buf(), depths, args.quiet).counting("minimal trees");
    let end = (entry(id).add_minimal)(dir, &spec, &mut progress, stop)?;
    if end.dropped_torn_line {
        eprintln!(
            "warning: {} ended in a torn line (a write cut off by a kill, a crash or a full \
             disk): it was dropped and that tree computed again",
            dir.join(MINIMAL).display()
        );
    }
    if end.interrupted() {
        bail!(
            "interrupted after {} of {} minimal trees, which are kept in {}; run the same \
             command again to go on",
            end.done_before + end.done_now,
            end.total,
            dir.join(MINIMAL).display()
        );
    }
    if !args.quiet {
        eprintln!(
            "{}: {} minimal trees ({} computed now); re-render with `cutoff report {}`",
            dir.join(MINIMAL).display(),
            end.total,
            end.done_now,
            dir.display()
        );
    }
    Ok(Status::Ok)
}

fn positions<G: Game>(args: &MinimalArgs) -> Result<Vec<(String, G)>> {
    let Some(set) = &args.set else {
        return Ok(vec![("position".into(), load_position(&args.game)?)]);
    };
    let path = fixture_path(G::NAME, set);
    let fixture = load_fixture::<G>(&path)?;
    check_game::<G>(&args.game.game, &fixture, &path)?;
    select_positions(fixture.positions, args.positions.map(|n| n as usize), &path)
}

pub(super) fn run_game<G: Game>(args: &MinimalArgs) -> Result<Status> {
    let params = args.tuning.params()?;
    let eval = params.eval::<G>(None).map_err(|e| anyhow!(e))?;
    let max_depth = args.depth.expect("clap requires --depth without --run");
    let mut specs = Vec::new();
    for text in &args.config {
        let config = Config::parse(text).map_err(|e| anyhow!(e))?;
        config.check_game::<G>().map_err(|e| anyhow!(e))?;
        specs.push(SearchSpec::<G> {
            config,
            params: params.clone(),
            eval,
            node_limit: None,
            node_budget: None,
        });
    }
    let positions = positions::<G>(args)?;
    let known = match &args.trees {
        Some(path) => Some(read_trees(path)?),
        None => None,
    };
    if !args.json {
        let configs: Vec<String> = args.config.iter().map(|c| format!("{c:>24}")).collect();
        println!("{:>5} {:>14} {}", "depth", "minimal", configs.join(""));
    }
    let mut ticker = Ticker::new("minimal");
    for depth in 1..=max_depth {
        let mut minimal_sum = 0;
        let mut config_sums = vec![0u64; specs.len()];
        for (done, (id, game)) in positions.iter().enumerate() {
            ticker.tick(|| format!("depth {depth}, {done} of {} positions", positions.len()));
            let tree = match &known {
                Some(trees) => known_tree(trees, id, depth, args)?,
                None => minimal_tree(game, depth, eval, &params),
            };
            minimal_sum += tree.n_nodes;
            let (mut nodes, mut scores) = (Vec::new(), Vec::new());
            for (sum, spec) in config_sums.iter_mut().zip(&specs) {
                let result = root_search(game, spec, depth, &mut |_| {});
                let n = result.last().map_or(0, |r| r.counters.n_nodes);
                *sum += n;
                nodes.push(n);
                scores.push(result.last().map(|r| r.score));
            }
            if args.json {
                let line = json!({
                    "position": id, "depth": depth, "minimal_nodes": tree.n_nodes,
                    "minimal_leaves": tree.n_leaves, "score": tree.score,
                    "configs": args.config, "nodes": nodes, "scores": scores,
                });
                println!("{line}");
            }
        }
        if !args.json {
            let cells: Vec<String> = config_sums
                .iter()
                .map(|&n| format!("{:>14} ({:>6.2}x)", n, n as f64 / minimal_sum as f64))
                .collect();
            println!("{depth:>5} {minimal_sum:>14} {}", cells.join(""));
        }
    }
    Ok(Status::Ok)
}

/// The trees of `--trees FILE` by position and depth: nodes, leaves and root value.
type KnownTrees = BTreeMap<(String, u32), MinimalTree>;

/// Reads the `--json` lines of an earlier `cutoff minimal` at `path`.
fn read_trees(path: &Path) -> Result<KnownTrees> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("--trees {}: cannot read", path.display()))?;
    let mut trees = KnownTrees::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let bad = || {
            anyhow!(
                "--trees {} line {}: not a `cutoff minimal --json` line",
                path.display(),
                i + 1
            )
        };
        let value: serde_json::Value = serde_json::from_str(line).map_err(|_| bad())?;
        let field = |name: &str| value.get(name).ok_or_else(bad);
        let number = |name: &str| field(name).and_then(|v| v.as_i64().ok_or_else(bad));
        let position = field("position")?.as_str().ok_or_else(bad)?.to_string();
        let depth = u32::try_from(number("depth")?).map_err(|_| bad())?;
        let tree = MinimalTree {
            n_nodes: u64::try_from(number("minimal_nodes")?).map_err(|_| bad())?,
            n_leaves: u64::try_from(number("minimal_leaves")?).map_err(|_| bad())?,
            score: i32::try_from(number("score")?).map_err(|_| bad())?,
        };
        trees.insert((position, depth), tree);
    }
    Ok(trees)
}

/// The tree of position `id` at `depth` from `--trees`, or the error that it is missing.
fn known_tree(trees: &KnownTrees, id: &str, depth: u32, args: &MinimalArgs) -> Result<MinimalTree> {
    trees.get(&(id.to_string(), depth)).copied().ok_or_else(|| {
        let file = args.trees.as_deref().unwrap_or(Path::new("")).display();
        anyhow!("--trees {file}: no tree of position {id} at depth {depth}")
    })
}
