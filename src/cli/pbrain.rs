//! `cutoff pbrain`: a Gomocup brain over stdin and stdout (PROTOCOLS.md), playing with a
//! negamax configuration to a fixed depth or within a time per move, or with MCTS, always
//! within the manager's `timeout_turn` and `time_left`.
//!
//! Exit codes: 0 after `END` or the end of the input, 2 on an error (a bad configuration, a
//! closed output).

use super::common::{check_depth, Defaults, PlayerArgs};
use super::Status;
use crate::engine::{Engine, Limit};
use crate::game::gomoku::Gomoku;
use crate::pbrain::{self, serve, Brain};
use crate::search::{Algorithm, MAX_DEPTH};
use anyhow::{anyhow, bail, Result};
use clap::Args;

/// Negamax's time per move without `--depth` or `--time-ms` (the manager's clock may cut
/// it).
const DEFAULT_TIME_MS: u64 = 5000;

#[derive(Args)]
pub struct PbrainArgs {
    #[command(flatten)]
    spec: PlayerArgs,
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
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..),
          help = format!("Deepen each move until this many milliseconds are spent (mcts: playouts \
                          until then) [default without --depth: {DEFAULT_TIME_MS}]. The first \
                          move on an empty board is the centre, played at once without a \
                          search; INFO time_left binds only under a timeout_match"))]
    time_ms: Option<u64>,
}

pub fn run(args: PbrainArgs) -> Result<Status> {
    let mut brain = Brain::new(engine(&args)?);
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    serve(&mut brain, stdin, &mut stdout)?;
    Ok(Status::Ok)
}

/// The engine of the options: a depth, a time per move, or (mcts) its playouts.
fn engine(args: &PbrainArgs) -> Result<Engine<Gomoku>> {
    let defaults = Defaults {
        config: pbrain::DEFAULT_CONFIG,
        params: pbrain::DEFAULT_PARAMS,
        eval: None,
    };
    let spec = args.spec.spec::<Gomoku>(&defaults)?;
    let mcts = spec.config.algorithm() == Algorithm::Mcts;
    let limit = match (args.limit.depth, args.limit.time_ms) {
        (Some(_), _) if mcts => {
            bail!("--depth: mcts is limited by --time-ms or --param playouts=N")
        }
        (Some(depth), _) => Limit::Depth(check_depth(depth, MAX_DEPTH)?),
        (_, Some(ms)) => Limit::TimeMs(ms),
        _ if mcts => Limit::Playouts,
        _ => Limit::TimeMs(DEFAULT_TIME_MS),
    };
    Engine::new(&spec, limit).map_err(|e| anyhow!("--config: {e}"))
}
