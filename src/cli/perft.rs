//! `cutoff perft`: legal move sequences per depth, with `--divide` per root move.

use super::common::{check_depth, load_position, GameArgs};
use super::registry::entry;
use super::Status;
use crate::game::perft::{divide, perft};
use crate::game::Game;
use anyhow::Result;
use clap::Args;
use serde_json::json;
use std::time::Instant;

/// The deepest perft accepted.
const MAX_PERFT_DEPTH: u32 = 30;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Count sequences of 1..=DEPTH plies.
    #[arg(long, short)]
    depth: u32,
    /// Also print perft(DEPTH - 1) after each root move.
    #[arg(long)]
    divide: bool,
    /// One JSON object per depth on stdout: depth, leaves, ms.
    #[arg(long)]
    json: bool,
}

pub fn run(args: PerftArgs) -> Result<Status> {
    check_depth(args.depth, MAX_PERFT_DEPTH)?;
    let id = args.game.id()?;
    (entry(id).perft)(&args)
}

pub(super) fn run_game<G: Game>(args: &PerftArgs) -> Result<Status> {
    let mut game: G = load_position(&args.game)?;
    if !args.json {
        println!("{}\n{}", game.spec(), game.display());
    }
    for depth in 1..=args.depth {
        let start = Instant::now();
        let leaves = perft(&mut game, depth);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        if args.json {
            println!("{}", json!({ "depth": depth, "leaves": leaves, "ms": ms }));
        } else {
            let rate = leaves as f64 / ms.max(1e-6) / 1e3;
            println!("perft({depth:2}) = {leaves:>14}  {ms:10.1} ms  {rate:8.1} M leaves/s");
        }
    }
    if args.divide {
        for (mv, n) in divide(&mut game, args.depth) {
            if args.json {
                println!("{}", json!({ "move": game.format_move(mv), "leaves": n }));
            } else {
                println!("{:>8}: {n}", game.format_move(mv));
            }
        }
    }
    Ok(Status::Ok)
}
