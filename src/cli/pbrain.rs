//! `cutoff pbrain`: a Gomocup brain over stdin and stdout (PROTOCOLS.md), playing with a
//! negamax configuration to a fixed depth or within a time per move, or with MCTS, always
//! within the manager's `timeout_turn` and `time_left`.
//!
//! Exit codes: 0 after `END` or the end of the input, 2 on an error (a bad configuration, a
//! closed output).

use super::common::{check_depth, SearchArgs};
use super::Status;
use crate::engine::{Engine, Limit};
use crate::game::gomoku::Gomoku;
use crate::pbrain::{serve, Brain, Mover};
use crate::search::mcts::Mcts;
use crate::search::{Algorithm, MAX_DEPTH};
use anyhow::{anyhow, bail, Result};
use clap::Args;
use std::time::Duration;

/// Negamax's time per move without `--depth` or `--time-ms` (the manager's clock may cut
/// it).
const DEFAULT_TIME_MS: u64 = 5000;

#[derive(Args)]
pub struct PbrainArgs {
    #[command(flatten)]
    spec: SearchArgs,
    #[command(flatten)]
    limit: PbrainLimit,
}

/// One limit per move (negamax's default: 5000 ms; mcts: `--param playouts=N`, default
/// 2000); the manager's time settings bound every one.
#[derive(Args)]
#[group(multiple = false)]
struct PbrainLimit {
    /// Search each move to this depth (deepening within the manager's time, if it sends
    /// one).
    #[arg(long, short)]
    depth: Option<u32>,
    /// Deepen each move until this many milliseconds are spent (mcts: playouts until then).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    time_ms: Option<u64>,
}

pub fn run(args: PbrainArgs) -> Result<Status> {
    let mut brain = Brain::new(mover(&args)?);
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    serve(&mut brain, stdin.lock(), &mut stdout)?;
    Ok(Status::Ok)
}

fn mover(args: &PbrainArgs) -> Result<Mover> {
    let config = args.spec.config::<Gomoku>()?;
    let params = args.spec.params()?;
    if config.algorithm() == Algorithm::Mcts {
        if args.limit.depth.is_some() {
            bail!("--depth: mcts is limited by --time-ms or --param playouts=N");
        }
        let mut mcts = Mcts::new(&params);
        let time = args.limit.time_ms.map(Duration::from_millis);
        if time.is_some() {
            mcts.set_playouts(u64::MAX);
        }
        return Ok(Mover::Mcts(Box::new(mcts), time));
    }
    let limit = match (args.limit.depth, args.limit.time_ms) {
        (Some(depth), _) => Limit::Depth(check_depth(depth, MAX_DEPTH)?),
        (_, Some(ms)) => Limit::TimeMs(ms),
        _ => Limit::TimeMs(DEFAULT_TIME_MS),
    };
    let engine = Engine::<Gomoku>::new(config, params, args.spec.eval::<Gomoku>()?, limit)
        .map_err(|e| anyhow!("--config: {e}"))?;
    Ok(Mover::Negamax(Box::new(engine)))
}
