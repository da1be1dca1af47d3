//! `cutoff search`: one position, one configuration, the counters at each depth.

use super::common::{check_depth, load_position, ClockArgs, GameArgs, SearchArgs as SpecArgs};
use super::registry::entry;
use super::Status;
use crate::cputime::Clock;
use crate::game::Game;
use crate::harness::measure::{root_search, SearchSpec};
use crate::runfolder::DepthResult;
use crate::search::{Algorithm, Enhancement, MAX_DEPTH};
use anyhow::{bail, Result};
use clap::Args;

#[derive(Args)]
pub struct SearchCommandArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    spec: SpecArgs,
    /// Search to this depth (each depth from 1, or the iterative-deepening iterations; mcts
    /// runs one search of `--param playouts=N` and ignores it).
    #[arg(long, short)]
    depth: u32,
    /// Stop a root search after this many nodes (it is then reported as capped).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// End each root search once it has expanded this many nodes, with the move of its last
    /// completed iteration (meant with `id`; the line of the iteration it ran out in says
    /// `budget`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_budget: Option<u64>,
    /// One JSON object per depth on stdout with every counter.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    clock: ClockArgs,
}

pub fn run(args: SearchCommandArgs) -> Result<Status> {
    check_depth(args.depth, MAX_DEPTH)?;
    let id = args.game.id()?;
    (entry(id).search)(&args)
}

pub(super) fn run_game<G: Game>(args: &SearchCommandArgs) -> Result<Status> {
    let spec = SearchSpec::<G> {
        config: args.spec.config::<G>()?,
        params: args.spec.params()?,
        eval: args.spec.eval::<G>()?,
        node_limit: args.max_nodes,
        node_budget: args.node_budget,
    };
    let game: G = load_position(&args.game)?;
    if !args.json {
        println!(
            "{}  config {}\n{}",
            game.spec(),
            spec.config,
            game.display()
        );
        println!(
            "{:>5} {:>12} {:>12} {:>10} {:>10} {:>8} {:>6}  pv",
            "depth",
            "nodes",
            "qnodes",
            format!("{} ms", args.clock.clock.name()),
            "knodes/s",
            "score",
            "best"
        );
    }
    let mut print = |r: &DepthResult| print_depth(r, args.json, args.clock.clock);
    let mcts = spec.config.algorithm() == Algorithm::Mcts;
    if mcts && (args.max_nodes.is_some() || args.node_budget.is_some()) {
        bail!("mcts is limited by --param playouts=N, not --max-nodes or --node-budget");
    }
    if spec.config.has(Enhancement::Id) || mcts {
        root_search(&game, &spec, args.depth, &mut print);
    } else {
        for depth in 1..=args.depth {
            let last = root_search(&game, &spec, depth, &mut print).pop();
            // Deeper searches would spend the budget sooner still.
            if last.is_some_and(|r| r.exhausted) {
                break;
            }
        }
    }
    Ok(Status::Ok)
}

/// One depth's line (or JSON object), its time and nodes per second by `clock`.
fn print_depth(r: &DepthResult, json: bool, clock: Clock) {
    if json {
        println!("{}", serde_json::to_string(r).expect("results serialise"));
        return;
    }
    if r.capped {
        println!(
            "{:>5} {:>12} (capped at the node limit)",
            r.depth, r.counters.n_nodes
        );
        return;
    }
    let ns = clock.pick(r.ns, r.cpu_ns);
    let knodes_per_s = r.counters.expanded() as f64 / (ns.max(1) as f64 / 1e9) / 1e3;
    println!(
        "{:>5} {:>12} {:>12} {:>10.1} {:>10.0} {:>8} {:>6}  {}",
        r.depth,
        r.counters.n_nodes,
        r.counters.n_qnodes,
        ns as f64 / 1e6,
        knodes_per_s,
        r.score,
        r.best_move.as_deref().unwrap_or("-"),
        r.pv.join(" ")
    );
    if r.counters.n_playouts > 0 {
        println!(
            "      {} playouts, {} tree nodes, {} rollout plies",
            r.counters.n_playouts, r.counters.n_tree_nodes, r.counters.n_rollout_plies
        );
    }
    if r.exhausted {
        println!("      (node budget spent: the score and move of the last completed iteration)");
    }
}
