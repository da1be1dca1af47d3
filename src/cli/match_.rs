//! `cutoff match`: two agents play paired games (colours swapped over a shared opening) into
//! a resumable match folder; the summary (wins, draws, losses, Elo, LOS, pentanomial, SPRT)
//! goes to `summary.md` and stdout. Also the arguments `cutoff tournament` shares.

use super::ablate::{fixture_path, hardware_threads};
use super::common::check_out_folder;
use super::progress::interrupt_flag;
use super::registry::entry;
use super::Status;
use crate::game::{split_game_string, Game, GameId};
use crate::harness::fixtures::load_fixture;
use crate::harness::provenance;
use crate::matches::agent::{split_agents, Agent, AgentSpec};
use crate::matches::record::{GameRecord, GomocupClock, MatchSpec, Openings, SprtSpec};
use crate::matches::run::{prepare_folder, run_match, write_match_report, MatchRun};
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Games of a match without `--games` and `--sprt`.
const DEFAULT_GAMES: u32 = 100;
/// The most games of an SPRT without `--games`.
const DEFAULT_SPRT_GAMES: u32 = 20_000;

/// What `match` and `tournament` share: the game, the openings, the seed and the threads.
#[derive(Args)]
pub struct PlayArgs {
    /// The game: `name[:options]`, e.g. `kalah:6,4,course`.
    #[arg(long, short)]
    pub game: String,
    /// Openings from a position set (a name in `fixtures/<game>/` or a path), cycled by
    /// pair; without it, random openings of --opening-plies plies.
    #[arg(long)]
    pub openings: Option<String>,
    /// Plies of each random opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// The seed of the openings and the random agents.
    #[arg(long)]
    pub seed: u64,
    /// A game reaching this many plies (opening included) is drawn by the ply cap.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Worker threads (default: every hardware thread). Games do not depend on it.
    #[arg(long, short)]
    pub jobs: Option<usize>,
    /// No progress bar and no messages on stderr.
    #[arg(long, short)]
    pub quiet: bool,
    /// `pbrain:` agents only: the most a move may take, in ms (Gomocup's `INFO timeout_turn`;
    /// the Gomoku paper's control is 15 s a move).
    #[arg(long, value_name = "MS", default_value_t = GomocupClock::default().timeout_turn_ms)]
    pub timeout_turn: u64,
    /// `pbrain:` agents only: each brain's time for a whole game, in ms, 0 for unlimited
    /// (`INFO timeout_match`; `INFO time_left` before each move; the paper's 90 s a game).
    #[arg(long, value_name = "MS", default_value_t = GomocupClock::default().timeout_match_ms)]
    pub timeout_match: u64,
    /// `pbrain:` agents only: slack in ms on top of both timeouts before a late answer is a
    /// forfeit on time.
    #[arg(long, value_name = "MS", default_value_t = GomocupClock::default().tolerance_ms)]
    pub time_tolerance: u64,
    /// `pbrain:` agents only: `INFO max_memory` in bytes, 0 for no limit (sent, not enforced).
    #[arg(long, value_name = "BYTES", default_value_t = GomocupClock::default().max_memory)]
    pub max_memory: u64,
}

impl PlayArgs {
    /// The Gomocup clock of `agents`' external brains (none without one).
    fn gomocup(&self, agents: &[AgentSpec]) -> Option<GomocupClock> {
        agents
            .iter()
            .any(AgentSpec::is_external)
            .then_some(GomocupClock {
                timeout_turn_ms: self.timeout_turn,
                timeout_match_ms: self.timeout_match,
                tolerance_ms: self.time_tolerance,
                max_memory: self.max_memory,
            })
    }
}

#[derive(Args)]
#[command(
    after_help = "Agents: `random`; a configuration with a limit, `alphabeta:depth=4`, \
    `cammp:time-ms=100` (iterative deepening against the clock), `expectimax:depth=4`, with an \
    optional `,eval=NAME`; `mcts:playouts=2000` or `mcts:time-ms=500` (Monte Carlo tree \
    search); `qlearn:model=PATH` (from `cutoff train qlearn`). Games are \
    appended to DIR/games.jsonl as they end; the same command resumes an interrupted match.\n\n\
    External Gomocup brains (Gomoku only): `pbrain:PATH [ARGS]` runs a program that speaks \
    the Gomocup brain protocol, e.g. `pbrain:./pbrain-pisq7` or `pbrain:cutoff pbrain --depth \
    4`; the command is split at spaces, and a part in quotes keeps its spaces and commas \
    (`--agents 'pbrain:\"/opt/my brains/pisq7\",alphabeta:depth=4'`). A fresh process \
    plays each game: START, INFO timeout_turn/timeout_match/time_left/max_memory/rule, BEGIN \
    or BOARD with the opening's stones, TURN X,Y, and END at the end. The match keeps each \
    brain's clock (--timeout-turn, --timeout-match, --time-tolerance): an answer must come \
    within the smaller of the turn timeout and the brain's time left, plus the tolerance. A \
    brain forfeits the game (a loss, recorded with its cause) when it answers late (time), \
    off the board or on a taken point (illegal-move), with anything but a move X,Y \
    (bad-answer), or exits (exited); it is killed at once. MESSAGE and DEBUG lines are \
    skipped; its stderr is discarded. The summary counts the forfeits."
)]
pub struct MatchArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// The two agents, `A,B`.
    #[arg(long, allow_hyphen_values = true)]
    agents: String,
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..),
          help = format!("Games (an even number: pairs of one opening with colours swapped); with \
                          --sprt the most games [default: {DEFAULT_GAMES}; with --sprt: \
                          {DEFAULT_SPRT_GAMES}]"))]
    games: Option<u32>,
    /// Stop on a sequential test: `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=normalized|logistic]`.
    #[arg(long)]
    sprt: Option<String>,
    /// The match folder (default `results/<date>-<game>-match-<A>-vs-<B>`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the summary as JSON instead of Markdown.
    #[arg(long)]
    json: bool,
}

pub fn run(args: MatchArgs) -> Result<Status> {
    let agents = parse_agents(&args.agents)?;
    let [a, b] = &agents[..] else {
        bail!("--agents: give two agents, not {}", agents.len());
    };
    let sprt = args
        .sprt
        .as_deref()
        .map(SprtSpec::parse)
        .transpose()
        .map_err(|e| anyhow!("--sprt: {e}"))?;
    let default_games = if sprt.is_some() {
        DEFAULT_SPRT_GAMES
    } else {
        DEFAULT_GAMES
    };
    let games = args.games.unwrap_or(default_games);
    if games % 2 != 0 {
        bail!("--games must be even (games come in pairs), not {games}");
    }
    let agents = [a.clone(), b.clone()];
    let id = game_id(&args.play)?;
    (entry(id).play_match)(&args, &agents, games, sprt)
}

pub(super) fn run_game<G: Game>(
    args: &MatchArgs,
    agents: &[AgentSpec; 2],
    games: u32,
    sprt: Option<SprtSpec>,
) -> Result<Status> {
    let setup = Setup::<G>::new(&args.play, agents)?;
    let spec = setup.spec(agents.each_ref().map(ToString::to_string), games, sprt);
    let dir = args.out.clone().unwrap_or_else(|| {
        let name = format!(
            "match-{}-vs-{}",
            slug(&spec.agents[0]),
            slug(&spec.agents[1])
        );
        default_dir(G::NAME, &name)
    });
    check_out_folder("--out", &dir)?;
    let played = setup.play(&dir, &spec, agents, &args.play)?;
    let summary = write_match_report(&dir, &spec, &played)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", crate::matches::summary::markdown(&summary));
    }
    if !args.play.quiet {
        if !summary.errors.is_empty() {
            eprintln!(
                "warning: {} games ended in an agent's error",
                summary.errors.len()
            );
        }
        eprintln!("match: {}", dir.display());
    }
    Ok(Status::Ok)
}

/// The agents of an `--agents` list, parsed.
pub fn parse_agents(list: &str) -> Result<Vec<AgentSpec>> {
    split_agents(list)
        .iter()
        .map(|text| AgentSpec::parse(text))
        .collect()
}

/// The game named by `--game`, checked.
pub fn game_id(args: &PlayArgs) -> Result<GameId> {
    let (name, _) = split_game_string(&args.game);
    GameId::parse(name).map_err(|e| anyhow!(e))
}

/// `results/<date>-<game>-<name>`.
pub fn default_dir(game: &str, name: &str) -> PathBuf {
    let (date, _) = provenance::now_utc();
    PathBuf::from(format!("results/{date}-{game}-{name}"))
}

/// An agent string as a folder name: letters, digits and `-`, `+`, `.`, `_`.
fn slug(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            c if c.is_ascii_alphanumeric() || "-+._".contains(c) => c,
            _ => '-',
        })
        .collect()
}

/// A match's game, start position and openings, checked.
pub struct Setup<G: Game> {
    start: G,
    gomocup: Option<GomocupClock>,
    openings: Openings,
    set: Vec<Vec<String>>,
    max_plies: u32,
    seed: u64,
    jobs: usize,
}

impl<G: Game> Setup<G> {
    /// Builds the start, loads the opening set, and builds `agents` once to check them.
    pub fn new(args: &PlayArgs, agents: &[AgentSpec]) -> Result<Setup<G>> {
        let (_, options) = split_game_string(&args.game);
        let start = G::from_options(options).map_err(|e| anyhow!("game `{}`: {e}", args.game))?;
        for agent in agents {
            Agent::new(agent, &start)?;
        }
        let (openings, set) = match &args.openings {
            None => (
                Openings::Random {
                    plies: args.opening_plies,
                },
                Vec::new(),
            ),
            Some(name) => {
                let path = fixture_path(G::NAME, name);
                let fixture = load_fixture::<G>(&path)?;
                if fixture.file.game != start.spec() {
                    bail!(
                        "--openings {name} is for `{}`, not `{}`",
                        fixture.file.game,
                        start.spec()
                    );
                }
                let set: Vec<Vec<String>> = fixture
                    .file
                    .positions
                    .iter()
                    .map(|p| p.moves.clone())
                    .collect();
                if set.is_empty() {
                    bail!("--openings {name} has no positions");
                }
                let path = path.display().to_string();
                (
                    Openings::Set {
                        path,
                        hash: fixture.hash,
                    },
                    set,
                )
            }
        };
        if args.jobs == Some(0) {
            bail!("--jobs must be at least 1");
        }
        Ok(Setup {
            start,
            gomocup: args.gomocup(agents),
            openings,
            set,
            max_plies: args.max_plies,
            seed: args.seed,
            jobs: args.jobs.unwrap_or_else(hardware_threads),
        })
    }

    /// The spec of a match between `agents` (under the Gomocup clock when an agent given
    /// is an external brain: a tournament's pairings keep it only where one plays).
    pub fn spec(&self, agents: [String; 2], games: u32, sprt: Option<SprtSpec>) -> MatchSpec {
        MatchSpec {
            game: self.start.spec(),
            agents,
            games,
            sprt,
            openings: self.openings.clone(),
            seed: self.seed,
            max_plies: self.max_plies,
            gomocup: self.gomocup,
        }
    }

    /// Plays the match `spec` in `dir` (resuming it) and returns every game; an interrupt is
    /// an error saying how to resume.
    pub fn play(
        &self,
        dir: &Path,
        spec: &MatchSpec,
        agents: &[AgentSpec; 2],
        args: &PlayArgs,
    ) -> Result<Vec<GameRecord>> {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let _lock = crate::runfolder::lock_folder(dir)?;
        prepare_folder(dir, spec, self.jobs)?;
        let run = MatchRun {
            spec,
            agents,
            start: &self.start,
            set: &self.set,
            jobs: self.jobs,
        };
        let bar = progress_bar(spec.games, args.quiet);
        let outcome = run_match(dir, &run, interrupt_flag()?, &mut |_| bar.inc(1))?;
        bar.finish_and_clear();
        if outcome.interrupted {
            bail!(
                "interrupted after {} games ({} in this run), which are kept in {}; run the same \
                 command with --out {} to resume",
                outcome.games.len(),
                outcome.played_now,
                dir.display(),
                dir.display()
            );
        }
        Ok(outcome.games)
    }
}

/// A bar of games on stderr, only on a terminal and when not quiet.
fn progress_bar(games: u32, quiet: bool) -> ProgressBar {
    let target = match !quiet && std::io::stderr().is_terminal() {
        true => ProgressDrawTarget::stderr(),
        false => ProgressDrawTarget::hidden(),
    };
    let bar = ProgressBar::with_draw_target(Some(u64::from(games)), target);
    let style = ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {pos}/{len} games")
        .expect("the template is valid");
    bar.set_style(style.progress_chars("=> "));
    bar
}
