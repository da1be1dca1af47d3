//! Agents written as strings, and the agents that play: `random`, a search configuration
//! with a limit (`alphabeta:depth=4`, `cammp:time-ms=100`, `expectimax:depth=4`,
//! `mcts:playouts=2000`, `mcts:time-ms=500`, with an optional `eval=NAME` and any `--param`
//! assignments, `alphabeta:depth=3,stone-score=2`), and `qlearn:model=PATH`.
//!
//! [`AgentSpec`] is the parsed, game-free string; [`Agent`] is one built for a game. A
//! search agent is an [`Engine`], the same that `pbrain` and `gthd` play with, so
//! `cammp:time-ms=100` here plays what `--config cammp --time-ms 100` plays there. MCTS's
//! playouts are its `playouts` parameter (`mcts:playouts=2000` sets it; without `time-ms`
//! it is the limit). An agent picks a move for the side to move and says what it cost
//! (nodes and depth); the play loop times it and checks it. A new kind of agent is one arm
//! in [`Kind`], its parser and [`Agent::choose`]. This module does not play games or touch
//! files other than a Q-learning model.
//!
//! `pbrain:COMMAND` is an external Gomocup brain, a program the match runs and talks to
//! ([`super::external`]); its command is split into words at spaces, and a word in single
//! or double quotes keeps its spaces and commas (`pbrain:"/opt/my brains/pisq7" --fast`).

use super::external::{command_line, split_command, Brain};
use super::qlearn::QTable;
use super::record::{Forfeit, GomocupClock};
use crate::engine::{Choice, Engine, Limit, Spec};
use crate::game::Game;
use crate::search::{Algorithm, Config, Params};
use anyhow::{anyhow, bail, Result};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The option names of the limits, as written in agent strings.
const LIMITS: [&str; 3] = ["depth", "time-ms", "node-budget"];

/// What kind of agent a string names.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// Uniformly random legal moves.
    Random,
    /// A search configuration (negamax with flags, or expectimax) with a limit.
    Search {
        /// The configuration.
        config: Config,
        /// How far it searches.
        limit: Limit,
        /// Search parameters and evaluation weights as written (`null-r=3`, `stone-score=2`),
        /// each a valid `--param`; in order, on top of the defaults.
        params: Vec<(String, String)>,
    },
    /// Greedy moves of a tabular Q-learning model (random where the model has no value).
    QLearn {
        /// The model file written by `cutoff train qlearn`.
        model: PathBuf,
    },
    /// An external Gomocup brain: the program and its arguments.
    Pbrain {
        /// The command's words, the program first.
        command: Vec<String>,
    },
}

/// A parsed agent string: the kind and an optional evaluation name.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSpec {
    /// The kind and its settings.
    pub kind: Kind,
    /// The evaluation of a search agent (the game's default when absent).
    pub eval: Option<String>,
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Random => write!(f, "random")?,
            Kind::Search {
                config,
                limit,
                params,
            } => {
                let limit = (*limit != Limit::Playouts).then(|| limit.to_string());
                let params = params.iter().map(|(name, value)| format!("{name}={value}"));
                let options: Vec<String> = limit.into_iter().chain(params).collect();
                match options.is_empty() {
                    true => write!(f, "{config}")?,
                    false => write!(f, "{config}:{}", options.join(","))?,
                }
            }
            Kind::QLearn { model } => write!(f, "qlearn:model={}", model.display())?,
            Kind::Pbrain { command } => write!(f, "pbrain:{}", command_line(command))?,
        }
        if let Some(eval) = &self.eval {
            write!(f, ",eval={eval}")?;
        }
        Ok(())
    }
}

/// The agent strings of an `--agents` list. Agents are separated by commas (not those in
/// quotes, which belong to a `pbrain:` command); a piece with `=` and no `:` continues the
/// options of the agent before it, so `alphabeta:depth=4,eval=course,random` is two agents.
pub fn split_agents(list: &str) -> Vec<String> {
    let mut agents: Vec<String> = Vec::new();
    for piece in split_outside_quotes(list).iter().map(|p| p.trim()) {
        match agents.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => agents.push(piece.to_string()),
        }
    }
    agents
}

/// `text` split at the commas outside single and double quotes.
fn split_outside_quotes(text: &str) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut quote = None;
    for c in text.chars() {
        match (quote, c) {
            (None, ',') => {
                pieces.push(String::new());
                continue;
            }
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            _ => {}
        }
        pieces.last_mut().expect("one piece").push(c);
    }
    pieces
}

impl AgentSpec {
    /// Whether the agent is an external brain, which plays under the match's Gomocup clock.
    pub fn is_external(&self) -> bool {
        matches!(self.kind, Kind::Pbrain { .. })
    }

    /// The time a move may take, for agents with a clock.
    pub fn budget(&self) -> Option<Duration> {
        match self.kind {
            Kind::Search {
                limit: Limit::TimeMs(ms),
                ..
            } => Some(Duration::from_millis(ms)),
            _ => None,
        }
    }

    /// The search parameters of the agent's options on top of the defaults (the defaults
    /// for agents that do not search).
    pub fn params(&self) -> Result<Params, String> {
        let assignments = match &self.kind {
            Kind::Search { params, .. } => params.as_slice(),
            _ => &[],
        };
        assignments
            .iter()
            .try_fold(Params::default(), |mut params, (name, value)| {
                params.set(name, value).map(|()| params)
            })
    }

    /// Parses `kind[:option=value(,option=value)*]`; the error names the bad part.
    pub fn parse(text: &str) -> Result<AgentSpec> {
        parse_spec(text.trim()).map_err(|e| anyhow!("agent `{}`: {e}", text.trim()))
    }
}

fn parse_spec(text: &str) -> Result<AgentSpec> {
    let (kind, options) = text.split_once(':').unwrap_or((text, ""));
    if kind == "pbrain" {
        let command = split_command(options)?;
        return Ok(AgentSpec {
            kind: Kind::Pbrain { command },
            eval: None,
        });
    }
    let mut options = parse_options(options)?;
    let eval = options.take("eval");
    let kind = match kind {
        "" => bail!("no agent kind (random, qlearn, pbrain or a configuration like alphabeta)"),
        "random" => Kind::Random,
        "qlearn" => {
            let model = options
                .take("model")
                .ok_or_else(|| anyhow!("qlearn needs model=PATH"))?;
            Kind::QLearn {
                model: PathBuf::from(model),
            }
        }
        config => search_kind(config, &mut options)?,
    };
    if let Some((name, _)) = options.0.first() {
        bail!("unknown or misplaced option `{name}` for this kind of agent");
    }
    match &kind {
        Kind::Search { config, .. } if config.algorithm() != Algorithm::Mcts => {}
        _ if eval.is_some() => {
            bail!("only search agents take eval=NAME, and not mcts (its rollouts need none)")
        }
        _ => {}
    }
    Ok(AgentSpec { kind, eval })
}

fn search_kind(config: &str, options: &mut Options) -> Result<Kind> {
    let config = Config::parse(config).map_err(|e| anyhow!("{e}"))?;
    let mut limits = Vec::new();
    for name in LIMITS {
        if let Some(value) = options.take(name) {
            let n: u64 = value
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| anyhow!("`{name}={value}`: not a positive whole number"))?;
            limits.push(match name {
                "depth" => Limit::Depth(u32::try_from(n).unwrap_or(u32::MAX)),
                "time-ms" => Limit::TimeMs(n),
                _ => Limit::NodeBudget(n),
            });
        }
    }
    let params = std::mem::take(&mut options.0);
    for (name, value) in &params {
        if !Params::knows(name) {
            bail!(
                "unknown option `{name}` (search agents take depth, time-ms, node-budget, \
                 eval and the names of --param, playouts among them, listed by `cutoff \
                 search --help`)"
            );
        }
        Params::default()
            .set(name, value)
            .map_err(|e| anyhow!("option `{name}`: {e}"))?;
    }
    let limit = match (&limits[..], config.algorithm()) {
        ([limit], _) => *limit,
        ([], Algorithm::Mcts) => Limit::Playouts,
        ([], _) => bail!("a search agent needs a limit: depth=N, time-ms=N or node-budget=N"),
        _ => bail!("give one limit, not {}", limits.len()),
    };
    limit.check(config).map_err(|e| anyhow!("{e}"))?;
    Ok(Kind::Search {
        config,
        limit,
        params,
    })
}

/// `name=value` options in the order written.
struct Options(Vec<(String, String)>);

impl Options {
    /// Removes and returns the value of `name`.
    fn take(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.remove(i).1)
    }
}

fn parse_options(text: &str) -> Result<Options> {
    let mut options = Vec::new();
    for piece in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = piece
            .split_once('=')
            .ok_or_else(|| anyhow!("option `{piece}` is not name=value"))?;
        if options.iter().any(|(n, _)| n == name) {
            bail!("option `{name}` given twice");
        }
        options.push((name.to_string(), value.to_string()));
    }
    Ok(Options(options))
}

/// An agent built for game `G`.
pub enum Agent<G: Game> {
    /// Uniformly random legal moves.
    Random,
    /// A search under a limit: the engine.
    Search(Box<Engine<G>>),
    /// A Q-learning model's greedy moves.
    QLearn(Arc<QTable>),
    /// An external Gomocup brain (started at its first move of each game).
    Pbrain(Box<Brain>),
}

/// Why a player has no move: an error of ours (counted apart), or an external brain's
/// forfeit (a loss).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// What happened.
    pub message: String,
    /// The forfeit's cause, when it is one.
    pub forfeit: Option<Forfeit>,
}

impl Failure {
    /// A forfeit for `cause`.
    pub fn forfeit(cause: Forfeit, message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            forfeit: Some(cause),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure {
            message,
            forfeit: None,
        }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::from(message.to_string())
    }
}

/// Anything that picks moves: the agents, and misbehaving players in tests.
pub trait Player<G: Game> {
    /// Picks a move for the side to move in `game`, which is not over; `rng` serves random
    /// choices. An error says why there is no move.
    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Result<Choice<G::Move>, Failure>;

    /// A game starts after `opening` (moves in notation). Players without state between
    /// moves ignore it, as they do [`Player::moved`] and [`Player::game_over`].
    fn new_game(&mut self, _opening: &[String]) {}

    /// A move (either side's, in notation) was played.
    fn moved(&mut self, _mv: &str) {}

    /// The game ended, whatever the reason.
    fn game_over(&mut self) {}

    /// Whether it thinks in another process, so that the time of the thread that asks is
    /// not its CPU time.
    fn is_external(&self) -> bool {
        false
    }
}

impl<G: Game> Agent<G> {
    /// Builds the agent `spec` for `G` (loading its model, checking its evaluation); an
    /// external brain gets the default Gomocup clock ([`Agent::with_clock`]).
    pub fn new(spec: &AgentSpec, game: &G) -> Result<Agent<G>> {
        Agent::with_clock(spec, game, GomocupClock::default())
    }

    /// Builds the agent `spec` for `G`; an external brain plays under `clock`.
    pub fn with_clock(spec: &AgentSpec, game: &G, clock: GomocupClock) -> Result<Agent<G>> {
        if let Kind::Pbrain { command } = &spec.kind {
            let brain =
                Brain::new(command, game, clock).map_err(|e| anyhow!("agent `{spec}`: {e}"))?;
            return Ok(Agent::Pbrain(Box::new(brain)));
        }
        let params = spec.params().map_err(|e| anyhow!("agent `{spec}`: {e}"))?;
        let eval = params
            .eval::<G>(spec.eval.as_deref())
            .map_err(|e| anyhow!("agent `{spec}`: {e}"))?;
        Ok(match &spec.kind {
            Kind::Random => Agent::Random,
            Kind::QLearn { model } => Agent::QLearn(Arc::new(QTable::load(model, game)?)),
            Kind::Pbrain { .. } => unreachable!("built above"),
            Kind::Search { config, limit, .. } => {
                let spec_ = Spec {
                    config: *config,
                    params,
                    eval,
                };
                let engine =
                    Engine::new(&spec_, *limit).map_err(|e| anyhow!("agent `{spec}`: {e}"))?;
                Agent::Search(Box::new(engine))
            }
        })
    }
}

impl<G: Game> Player<G> for Agent<G> {
    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Result<Choice<G::Move>, Failure> {
        match self {
            Agent::Random => random_move(game, rng),
            Agent::QLearn(table) => table
                .best_move(game)
                .map(unsearched)
                .map_or_else(|| random_move(game, rng), Ok),
            Agent::Search(engine) => engine
                .choose(game, None, &[])
                .ok_or_else(|| "the search found no move".into()),
            Agent::Pbrain(brain) => brain.choose(game).map(unsearched),
        }
    }

    fn new_game(&mut self, opening: &[String]) {
        if let Agent::Pbrain(brain) = self {
            brain.new_game(opening);
        }
    }

    fn moved(&mut self, mv: &str) {
        if let Agent::Pbrain(brain) = self {
            brain.moved(mv);
        }
    }

    fn game_over(&mut self) {
        if let Agent::Pbrain(brain) = self {
            brain.stop();
        }
    }

    fn is_external(&self) -> bool {
        matches!(self, Agent::Pbrain(_))
    }
}

/// A move chosen without a search.
fn unsearched<M>(mv: M) -> Choice<M> {
    Choice {
        mv,
        score: 0,
        depth: 0,
        nodes: 0,
    }
}

fn random_move<G: Game>(game: &G, rng: &mut ChaCha8Rng) -> Result<Choice<G::Move>, Failure> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mv = *moves.choose(rng).ok_or("no legal move")?;
    Ok(unsearched(mv))
}
