//! `cutoff tournament`: a round robin of matches (each resumable in its own folder under
//! `pairs/`), then the score matrix in `summary.md` (printed) and `scores.csv`, and its
//! heatmap in `charts/`.

use super::common::check_out_folder;
use super::match_::{default_dir, game_id, parse_agents, PlayArgs, Setup};
use super::registry::entry;
use super::Status;
use crate::game::Game;
use crate::matches::agent::AgentSpec;
use crate::matches::run::write_match_report;
use crate::matches::tournament::{
    pairing_dir, pairing_spec, pairings, write_tournament_report, Matrix,
};
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Agents are written as for `cutoff match`, external Gomocup brains \
    included (`pbrain:PATH [ARGS]`, Gomoku only; see `cutoff match --help`): each brain plays \
    under --timeout-turn, --timeout-match and --time-tolerance, and forfeits a game (a loss \
    in the matrix, recorded with its cause in its pairing's games) when it answers late, \
    illegally, with anything but a move, or exits. Each pairing plays --games \
    games (half with each agent first) from the same seeded openings."
)]
pub struct TournamentArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// The agents, `A,B,C,...` (at least two).
    #[arg(long, allow_hyphen_values = true)]
    agents: String,
    /// Games per pairing (even).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..))]
    games: u32,
    /// Also play each agent against itself (the diagonal of the matrix).
    #[arg(long)]
    self_play: bool,
    /// The tournament folder (default `results/<date>-<game>-tournament`).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: TournamentArgs) -> Result<Status> {
    let agents = parse_agents(&args.agents)?;
    if agents.len() < 2 {
        bail!("--agents: give at least two agents, not {}", agents.len());
    }
    if args.games % 2 != 0 {
        bail!(
            "--games must be even (games come in pairs), not {}",
            args.games
        );
    }
    let id = game_id(&args.play)?;
    (entry(id).tournament)(&args, &agents)
}

pub(super) fn run_game<G: Game>(args: &TournamentArgs, agents: &[AgentSpec]) -> Result<Status> {
    let setup = Setup::<G>::new(&args.play, agents)?;
    let names: Vec<String> = agents.iter().map(ToString::to_string).collect();
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| default_dir(G::NAME, "tournament"));
    check_out_folder("--out", &dir)?;
    let base = setup.spec([names[0].clone(), names[1].clone()], args.games, None);
    let mut results = Vec::new();
    for pairing in pairings(agents.len(), args.self_play) {
        let (r, c) = pairing;
        let spec = pairing_spec(&base, &names, pairing);
        let pair_dir = pairing_dir(&dir, pairing);
        if !args.play.quiet {
            eprintln!("{} vs {}: {}", names[r], names[c], pair_dir.display());
        }
        let pair_agents = [agents[r].clone(), agents[c].clone()];
        let games = setup.play(&pair_dir, &spec, &pair_agents, &args.play)?;
        results.push((pairing, write_match_report(&pair_dir, &spec, &games)?));
    }
    let matrix = Matrix::new(&names, &results);
    write_tournament_report(&dir, &base, &matrix)?;
    print!("{}", matrix.markdown(&base));
    if !args.play.quiet {
        eprintln!("tournament: {}", dir.display());
    }
    Ok(Status::Ok)
}
