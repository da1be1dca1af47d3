//! `cutoff train qlearn`: tabular Q-learning by seeded self-play into a model file that
//! `qlearn:model=PATH` agents load.

use super::common::GameArgs;
use super::progress::Ticker;
use super::registry::entry;
use super::Status;
use crate::game::{split_game_string, Game};
use crate::matches::qlearn::{QTable, ALPHA, GAMMA};
use crate::runfolder::write_atomically;
use anyhow::{anyhow, Result};
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum TrainCommand {
    /// Tabular Q-learning by self-play (alpha 0.5, gamma 0.9, epsilon decaying from 1 to
    /// 0.05), for games with few move indices such as Kalah.
    Qlearn(QlearnArgs),
}

#[derive(Args)]
pub struct QlearnArgs {
    /// The game: `name[:options]`, e.g. `kalah:6,4,course`.
    #[arg(long, short)]
    game: String,
    /// Self-play games to learn from.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    episodes: u64,
    /// The seed of the exploration.
    #[arg(long)]
    seed: u64,
    /// The model file to write.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(command: TrainCommand) -> Result<Status> {
    let TrainCommand::Qlearn(args) = command;
    let game = GameArgs {
        game: args.game.clone(),
        moves: String::new(),
    };
    (entry(game.id()?).train)(&args)
}

pub(super) fn train<G: Game>(args: &QlearnArgs) -> Result<Status> {
    let (_, options) = split_game_string(&args.game);
    let start = G::from_options(options).map_err(|e| anyhow!("game `{}`: {e}", args.game))?;
    let mut ticker = Ticker::new("train qlearn");
    let mut progress = |done: u64, rows: usize| {
        ticker.tick(|| format!("{done} of {} episodes, {rows} states", args.episodes))
    };
    let table = QTable::train_with(&start, args.episodes, args.seed, &mut progress)?;
    let bytes = table.to_bytes();
    write_atomically(&args.out, &bytes)?;
    println!(
        "{}: {:.1} MB, {} states from {} episodes of {} (alpha {ALPHA}, gamma {GAMMA}, seed {})",
        args.out.display(),
        bytes.len() as f64 / 1e6,
        table.info.rows,
        args.episodes,
        table.info.game,
        args.seed
    );
    Ok(Status::Ok)
}
