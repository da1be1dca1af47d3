//! `cutoff solve`: the exact value of a Kalah position (the final store margin under perfect
//! play for the side to move), with a best move, the nodes and the time; a time limit stops
//! it with the bounds proven so far.

use super::common::{load_position, GameArgs};
use super::progress::Ticker;
use super::Status;
use crate::game::kalah::Kalah;
use crate::game::Game;
use crate::solve::{
    check_supported, solve, table_size, Settings, Solution, TableSize, STOP_CHECK_NODES,
};
use anyhow::{anyhow, bail, Result};
use clap::Args;
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The transposition table's size in MiB, fixed (allocated and cleared whole at the
    /// start). Without it the table is sized from the problem: room for every house
    /// configuration the position can reach, at most --tt-cap-mb; the start says which.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=65536))]
    tt_mb: Option<u64>,
    /// The largest transposition table sized from the problem, in MiB: the larger boards
    /// reach more configurations than fit, and a full table costs re-searches.
    #[arg(long, default_value_t = Settings::default().tt_mb as u64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    tt_cap_mb: u64,
    /// The endgame table's size in MiB: it covers every position with as many seeds left in
    /// the houses as fit (0 for none).
    #[arg(long, default_value_t = Settings::default().endgame_mb as u64, value_parser = clap::value_parser!(u64).range(0..=65536))]
    endgame_mb: u64,
    /// Stop after this many seconds with the bounds proven so far.
    #[arg(long)]
    time_limit_s: Option<f64>,
    /// Print one JSON object: value, lower, upper, exact, best_move, nodes, ms and the
    /// endgame table's reach.
    #[arg(long)]
    json: bool,
}

pub fn run(args: SolveArgs) -> Result<Status> {
    if args.game.id()?.name() != Kalah::NAME {
        bail!("cutoff solve solves Kalah only, not `{}`", args.game.game);
    }
    let limit = args
        .time_limit_s
        .map(|s| {
            Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    anyhow!("--time-limit-s must be a positive number of seconds, not {s}")
                })
        })
        .transpose()?;
    let game: Kalah = load_position(&args.game)?;
    check_supported(&game).map_err(|e| anyhow!(e))?;
    let sized = table_size(&game, args.tt_cap_mb as usize);
    let settings = Settings {
        tt_mb: args.tt_mb.map_or(sized.mb, |mb| mb as usize),
        endgame_mb: args.endgame_mb as usize,
    };
    if !args.json {
        eprintln!(
            "solve: a {} MiB transposition table {}, and a {} MiB endgame table (--endgame-mb)",
            settings.tt_mb,
            why(args.tt_mb.is_some(), &sized, 2 * game.houses()),
            args.endgame_mb
        );
    }
    let start = Instant::now();
    let mut ticker = Ticker::new("solve");
    let mut asked = 0u64;
    let mut stop = || {
        asked += 1;
        ticker.tick(|| format!("{} nodes so far", asked * STOP_CHECK_NODES));
        limit.is_some_and(|l| start.elapsed() >= l)
    };
    let solution = solve(&game, settings, &mut stop).map_err(|e| anyhow!(e))?;
    let ms = start.elapsed().as_secs_f64() * 1e3;
    if args.json {
        println!("{}", json_line(&game, &solution, settings.tt_mb, ms));
    } else {
        print_text(&game, &solution, ms);
    }
    Ok(Status::Ok)
}

fn json_line(game: &Kalah, solution: &Solution, tt_mb: usize, ms: f64) -> serde_json::Value {
    json!({
        "game": game.spec(),
        "value": solution.value(),
        "lower": solution.lower,
        "upper": solution.upper,
        "exact": solution.value().is_some(),
        "best_move": solution.best_move.map(|mv| game.format_move(mv)),
        "nodes": solution.nodes,
        "endgame_positions": solution.endgame_positions,
        "endgame_seeds": solution.endgame_seeds,
        "tt_mb": tt_mb,
        "ms": ms,
    })
}

/// Why the transposition table has its size.
fn why(fixed: bool, sized: &TableSize, cells: usize) -> String {
    let reach = format!(
        "{} seeds left in {cells} houses make at most {} configurations",
        sized.seeds, sized.configurations
    );
    if fixed {
        "(--tt-mb)".to_string()
    } else if sized.capped {
        format!("(the cap, --tt-cap-mb: {reach}; --tt-mb fixes a size)")
    } else {
        format!("(sized from the problem: {reach}, room for all; --tt-mb fixes a size)")
    }
}

fn print_text(game: &Kalah, solution: &Solution, ms: f64) {
    println!("{}\n{}", game.spec(), game.display());
    let best = solution
        .best_move
        .map_or_else(|| "none".to_string(), |mv| game.format_move(mv));
    match solution.value() {
        Some(value) => println!(
            "value {value:+} for {} (to move), best move {best}",
            Kalah::SIDES[usize::from(game.side_to_move())]
        ),
        None => println!(
            "time limit reached: the value lies in [{:+}, {:+}] (a move reaching {:+}: {best})",
            solution.lower, solution.upper, solution.lower
        ),
    }
    println!(
        "{} nodes ({} endgame-table positions, up to {} seeds left) in {:.1} s",
        solution.nodes,
        solution.endgame_positions,
        solution.endgame_seeds,
        ms / 1e3
    );
}
