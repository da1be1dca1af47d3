//! `cutoff minimal`: the minimal tree (perfect move ordering) of positions at each depth,
//! beside the nodes of the configurations named, as the ratio `nodes / minimal`.

use super::ablate::fixture_path;
use super::common::{check_depth, load_position, GameArgs, ParamArgs};
use super::Status;
use crate::dispatch_game;
use crate::game::Game;
use crate::harness::fixtures::load_fixture;
use crate::harness::measure::{root_search, SearchSpec};
use crate::search::minimal::minimal_tree;
use crate::search::{Config, MAX_DEPTH};
use anyhow::{anyhow, Result};
use clap::Args;
use serde_json::json;

#[derive(Args)]
pub struct MinimalArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A position set (a name in `fixtures/<game>/` or a path) instead of --moves.
    #[arg(long)]
    set: Option<String>,
    /// With --set: the first N positions.
    #[arg(long, requires = "set", value_parser = clap::value_parser!(u64).range(1..))]
    positions: Option<u64>,
    /// Each depth from 1 to this.
    #[arg(long, short)]
    depth: u32,
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
}

pub fn run(args: MinimalArgs) -> Result<Status> {
    check_depth(args.depth, MAX_DEPTH)?;
    let id = args.game.id()?;
    dispatch_game!(id, G => run_game::<G>(&args))
}

fn positions<G: Game>(args: &MinimalArgs) -> Result<Vec<(String, G)>> {
    let Some(set) = &args.set else {
        return Ok(vec![("position".into(), load_position(&args.game)?)]);
    };
    let mut fixture = load_fixture::<G>(&fixture_path(G::NAME, set))?.positions;
    fixture.truncate(args.positions.map_or(usize::MAX, |n| n as usize));
    Ok(fixture)
}

fn run_game<G: Game>(args: &MinimalArgs) -> Result<Status> {
    let params = args.tuning.params()?;
    let mut specs = Vec::new();
    for text in &args.config {
        let config = Config::parse(text).map_err(|e| anyhow!(e))?;
        config.check_game::<G>().map_err(|e| anyhow!(e))?;
        specs.push(SearchSpec::<G> {
            config,
            params: params.clone(),
            eval: G::DEFAULT_EVAL,
            node_limit: None,
            node_budget: None,
        });
    }
    let positions = positions::<G>(args)?;
    if !args.json {
        let configs: Vec<String> = args.config.iter().map(|c| format!("{c:>24}")).collect();
        println!("{:>5} {:>14} {}", "depth", "minimal", configs.join(""));
    }
    for depth in 1..=args.depth {
        let mut minimal_sum = 0;
        let mut config_sums = vec![0u64; specs.len()];
        for (id, game) in &positions {
            let tree = minimal_tree(game, depth, G::DEFAULT_EVAL);
            minimal_sum += tree.n_nodes;
            let mut nodes = Vec::new();
            for (sum, spec) in config_sums.iter_mut().zip(&specs) {
                let result = root_search(game, spec, depth, &mut |_| {});
                let n = result.last().map_or(0, |r| r.counters.n_nodes);
                *sum += n;
                nodes.push(n);
            }
            if args.json {
                let line = json!({
                    "position": id, "depth": depth, "minimal_nodes": tree.n_nodes,
                    "minimal_leaves": tree.n_leaves, "score": tree.score,
                    "configs": args.config, "nodes": nodes,
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
