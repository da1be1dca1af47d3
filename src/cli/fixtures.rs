//! `cutoff fixtures generate`: a position set by seeded self-play, written to
//! `fixtures/<game>/<set>.json` (see `harness::fixtures` for how moves are chosen).
//!
//! It refuses to overwrite a set unless told to, since runs record the hash of the file
//! they used.

use super::registry::entry;
use super::Status;
use crate::game::{split_game_string, Game, GameId};
use crate::harness::fixtures::{fnv1a64, generate, load_fixture, to_json, GenerateSpec};
use crate::runfolder::write_atomically;
use anyhow::{anyhow, bail, Result};
use clap::{Args, Subcommand};
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum FixturesCommand {
    /// Generate a position set by seeded self-play: 30% uniformly random moves, else the
    /// best move of an alphabeta depth-2 search; one position per game by default, after a
    /// seeded random ply of the window.
    Generate(GenerateArgs),
}

#[derive(Args)]
pub struct GenerateArgs {
    /// The game: `name[:options]`, e.g. `kalah`, `mingmang`.
    #[arg(long, short)]
    game: String,
    /// The set's name: the file is `fixtures/<game>/<set>.json`.
    #[arg(long)]
    set: String,
    /// Self-play games.
    #[arg(long)]
    games: u32,
    /// The window of plies positions are drawn from: skip+1 ..= skip+plies.
    #[arg(long)]
    plies: u32,
    /// Positions per game, after distinct plies drawn at random from the window (positions
    /// of one game are not independent samples: more than one per game narrows no interval
    /// as much as another game would).
    #[arg(long, default_value_t = 1)]
    per_game: u32,
    /// The seed of the move choices (recorded in the file).
    #[arg(long)]
    seed: u64,
    /// Plies played before the first kept position.
    #[arg(long, default_value_t = 0)]
    skip: u32,
    /// The window is the last `plies` non-terminal positions of each game (after leaving out
    /// the last `skip`), playing every game to its end: an endgame set.
    #[arg(long)]
    from_end: bool,
    /// Write here instead of `fixtures/<game>/<set>.json`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
}

pub fn run(command: FixturesCommand) -> Result<Status> {
    match command {
        FixturesCommand::Generate(args) => {
            let (name, _) = split_game_string(&args.game);
            let id = GameId::parse(name).map_err(|e| anyhow!(e))?;
            (entry(id).fixtures)(&args)
        }
    }
}

pub(super) fn generate_set<G: Game>(args: &GenerateArgs) -> Result<Status> {
    if args.games == 0 || args.plies == 0 || args.per_game == 0 {
        bail!("--games, --plies and --per-game must be at least 1");
    }
    if args.set.is_empty()
        || !args
            .set
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        bail!("--set `{}` must be letters, digits, `-` and `_`", args.set);
    }
    let (_, options) = split_game_string(&args.game);
    let start = G::from_options(options).map_err(|e| anyhow!("game `{}`: {e}", args.game))?;
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("fixtures/{}/{}.json", G::NAME, args.set)));
    if path.exists() && !args.force {
        bail!(
            "{} exists; fixtures are hashed into runs, so pass --force to replace it",
            path.display()
        );
    }
    let spec = GenerateSpec {
        set: args.set.clone(),
        games: args.games,
        plies: args.plies,
        per_game: args.per_game,
        skip: args.skip,
        from_end: args.from_end,
        seed: args.seed,
    };
    let file = generate(&start, &spec);
    if file.positions.is_empty() {
        bail!("the games produced no position in that window (they end too soon)");
    }
    let text = to_json(&file);
    write_atomically(&path, text.as_bytes())?;
    load_fixture::<G>(&path)?;
    let distinct: BTreeSet<&str> = file.positions.iter().map(|p| p.board.as_str()).collect();
    println!(
        "wrote {}: {} positions ({} distinct boards) of {} from {} games, hash {}",
        path.display(),
        file.positions.len(),
        distinct.len(),
        file.game,
        args.games,
        fnv1a64(text.as_bytes())
    );
    Ok(Status::Ok)
}
