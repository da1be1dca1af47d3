//! `cutoff gthd`: plays one game of Gothello on a Gthd referee's server (PROTOCOLS.md) with
//! a search configuration, logging every line exchanged, and prints the result.
//!
//! Exit codes: 0 when the game ended (won, lost, drawn, or the opponent's time expired),
//! 1 when we lost on time (the client failed to keep its clock: a check that failed),
//! 2 on an error (refused by the server, a dropped connection, a line not understood, a
//! move illegal under our rules).

use super::common::{check_depth, Defaults, PlayerArgs};
use super::Status;
use crate::engine::{Engine, Limit};
use crate::game::gothello::Gothello;
use crate::game::{Game, Side};
use crate::gthd::protocol::{side_name, BASE_PORT, MAX_SERVER};
use crate::gthd::{self, play, Connection, Ending, Finished, TimedLines};
use crate::search::MAX_DEPTH;
use anyhow::{anyhow, Context, Result};
use clap::{Args, ValueEnum};
use std::io::{LineWriter, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct GthdArgs {
    /// The referee's host.
    #[arg(long, default_value = "localhost")]
    host: String,
    /// The server number N (port 29068 + N).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=MAX_SERVER as i64))]
    server: u16,
    /// The side to play.
    #[arg(long, value_enum)]
    side: SideArg,
    #[command(flatten)]
    spec: PlayerArgs,
    #[command(flatten)]
    limit: LimitArgs,
    /// Log every line exchanged (`> ` sent, `< ` received) to this file instead of stderr.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Give up (exit 2) when connecting, or waiting for a whole line from the server (the
    /// opponent's move included), takes longer than this many seconds.
    #[arg(long, value_name = "S", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    timeout_s: u64,
}

/// One limit per move; under the referee's time controls the search also keeps within a
/// share of the seconds left.
#[derive(Args)]
#[group(required = true, multiple = false)]
struct LimitArgs {
    /// Search each move to this depth.
    #[arg(long, short)]
    depth: Option<u32>,
    /// Deepen each move iteratively until this many nodes are spent (needs `+id`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    node_budget: Option<u64>,
    /// Deepen each move until this many milliseconds are spent.
    #[arg(long, value_name = "T")]
    time_ms: Option<u64>,
}

#[derive(Clone, Copy, ValueEnum)]
enum SideArg {
    Black,
    White,
}

impl LimitArgs {
    fn limit(&self) -> Result<Limit> {
        match (self.depth, self.node_budget, self.time_ms) {
            (Some(depth), _, _) => Ok(Limit::Depth(check_depth(depth, MAX_DEPTH)?)),
            (_, Some(n), _) => Ok(Limit::NodeBudget(n)),
            (_, _, Some(t)) => Ok(Limit::TimeMs(t)),
            _ => unreachable!("clap requires one limit"),
        }
    }
}

pub fn run(args: GthdArgs) -> Result<Status> {
    let side: Side = match args.side {
        SideArg::Black => 0,
        SideArg::White => 1,
    };
    let defaults = Defaults {
        config: gthd::DEFAULT_CONFIG,
        params: gthd::DEFAULT_PARAMS,
        eval: Some(gthd::DEFAULT_EVAL),
    };
    let mut engine = Engine::new(&args.spec.spec::<Gothello>(&defaults)?, args.limit.limit()?)
        .map_err(|e| anyhow!(e))?;
    let log: Box<dyn Write> = match &args.log {
        Some(path) => Box::new(LineWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("creating the log {}", path.display()))?,
        )),
        None => Box::new(std::io::stderr()),
    };
    let port = BASE_PORT + args.server;
    let timeout = Duration::from_secs(args.timeout_s);
    let stream = connect(&args.host, port, timeout).with_context(|| {
        format!(
            "connecting to Gthd server {} at {}:{port}",
            args.server, args.host
        )
    })?;
    let reader = TimedLines::new(stream.try_clone().context("cloning the socket")?, timeout);
    let mut conn = Connection::new(reader, stream, log);
    let finished = play(&mut conn, side, &mut engine)
        .with_context(|| format!("playing {} on {}:{port}", side_name(side), args.host))?;
    Ok(report(&finished))
}

/// A connection to `host:port` within `timeout` (each address the host resolves to in
/// turn).
fn connect(host: &str, port: u16, timeout: Duration) -> Result<TcpStream> {
    let mut last = anyhow!("{host} resolves to no address");
    for addr in (host, port).to_socket_addrs()? {
        match TcpStream::connect_timeout(&addr, timeout) {
            Ok(stream) => return Ok(stream),
            Err(e) => last = anyhow!("{addr}: {e}"),
        }
    }
    Err(last)
}

/// Prints the result and the final board; a loss on time is a failed check.
fn report(finished: &Finished) -> Status {
    let board = finished.board;
    let count = format!(
        "{}-{}",
        board.stones(0).count_ones(),
        board.stones(1).count_ones()
    );
    let (winner, how) = match finished.ending {
        Ending::Counted { winner } => (winner, format!("by {count} stones")),
        Ending::OnTime { winner } => (
            Some(winner),
            format!("on time ({} ran out)", side_name(winner ^ 1)),
        ),
    };
    let result = match winner {
        Some(w) => format!("{} wins {how}", side_name(w)),
        None => format!("a draw {how}"),
    };
    let ours = match winner {
        None => "we draw",
        Some(w) if w == finished.side => "we win",
        Some(_) => "we lose",
    };
    println!(
        "game over: {result}; we played {}: {ours}",
        side_name(finished.side)
    );
    println!("{}", board.display());
    match finished.ending {
        Ending::OnTime { winner } if winner != finished.side => Status::CheckFailed,
        _ => Status::Ok,
    }
}
