//! `cutoff pbrain`: a Gomocup brain over stdin and stdout (PROTOCOLS.md), playing with a
//! search configuration to a fixed depth or within a time per move, always within the
//! manager's `timeout_turn` and `time_left`.
//!
//! Exit codes: 0 after `END` or the end of the input, 2 on an error (a bad configuration, a
//! closed output).

use super::common::{check_depth, SearchArgs};
use super::Status;
use crate::game::gomoku::Gomoku;
use crate::gthd::{Engine, Limit};
use crate::pbrain::{serve, Brain};
use crate::search::MAX_DEPTH;
use anyhow::{anyhow, Result};
use clap::Args;

/// The time per move without `--depth` or `--time-ms` (the manager's clock may cut it).
const DEFAULT_TIME_MS: u64 = 5000;

#[derive(Args)]
pub struct PbrainArgs {
    #[command(flatten)]
    spec: SearchArgs,
    #[command(flatten)]
    limit: PbrainLimit,
}

/// One limit per move (default: 5000 ms); the manager's time settings bound either.
#[derive(Args)]
#[group(multiple = false)]
struct PbrainLimit {
    /// Search each move to this depth (deepening within the manager's time, if it sends
    /// one).
    #[arg(long, short)]
    depth: Option<u32>,
    /// Deepen each move until this many milliseconds are spent.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    time_ms: Option<u64>,
}

pub fn run(args: PbrainArgs) -> Result<Status> {
    let limit = match (args.limit.depth, args.limit.time_ms) {
        (Some(depth), _) => Limit::Depth(check_depth(depth, MAX_DEPTH)?),
        (_, Some(ms)) => Limit::TimeMs(ms),
        _ => Limit::TimeMs(DEFAULT_TIME_MS),
    };
    let config = args.spec.config::<Gomoku>()?;
    let engine = Engine::<Gomoku>::new(
        config,
        args.spec.params()?,
        args.spec.eval::<Gomoku>()?,
        limit,
    )
    .map_err(|e| anyhow!("--config: {e}"))?;
    let mut brain = Brain::new(engine);
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    serve(&mut brain, stdin.lock(), &mut stdout)?;
    Ok(Status::Ok)
}
