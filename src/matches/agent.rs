//! Agents written as strings, and the agents that play: `random`, a search configuration
//! with a limit (`alphabeta:depth=4`, `cammp:time-ms=100`, `expectimax:depth=4`,
//! `mcts:playouts=2000`, `mcts:time-ms=500`, with an optional `eval=NAME` and any `--param`
//! assignments, `alphabeta:depth=3,stone-score=2`), and `qlearn:model=PATH`.
//!
//! [`AgentSpec`] is the parsed, game-free string; [`Agent`] is one built for a game, owning
//! its searcher. An agent picks a move for the side to move and says what it cost (nodes and
//! depth); the play loop times it and checks it. A new kind of agent is one arm in
//! [`Kind`], its parser and [`Agent::choose`]. This module does not play games or touch
//! files other than a Q-learning model.

use super::qlearn::QTable;
use crate::game::Game;
use crate::search::expectimax::Expectimax;
use crate::search::mcts::Mcts;
use crate::search::{Algorithm, Config, Enhancement, Iteration, Params, Searcher, MAX_DEPTH};
use anyhow::{anyhow, bail, Result};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// How far a search agent searches for each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A fixed nominal depth.
    Depth(u32),
    /// Iterative deepening until the time is up; the last completed iteration's move.
    TimeMs(u64),
    /// Iterative deepening until N nodes are spent; the last completed iteration's move.
    /// Needs `id` (see `Searcher::set_node_budget`).
    NodeBudget(u64),
    /// MCTS: this many playouts.
    Playouts(u64),
}

impl Limit {
    /// The option names of the limits, as written in agent strings.
    const NAMES: [&'static str; 4] = ["depth", "time-ms", "node-budget", "playouts"];
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Depth(d) => write!(f, "depth={d}"),
            Limit::TimeMs(ms) => write!(f, "time-ms={ms}"),
            Limit::NodeBudget(n) => write!(f, "node-budget={n}"),
            Limit::Playouts(n) => write!(f, "playouts={n}"),
        }
    }
}

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
                write!(f, "{config}:{limit}")?;
                for (name, value) in params {
                    write!(f, ",{name}={value}")?;
                }
            }
            Kind::QLearn { model } => write!(f, "qlearn:model={}", model.display())?,
        }
        if let Some(eval) = &self.eval {
            write!(f, ",eval={eval}")?;
        }
        Ok(())
    }
}

/// The agent strings of an `--agents` list. Agents are separated by commas; a piece with
/// `=` and no `:` continues the options of the agent before it, so
/// `alphabeta:depth=4,eval=course,random` is two agents.
pub fn split_agents(list: &str) -> Vec<String> {
    let mut agents: Vec<String> = Vec::new();
    for piece in list.split(',').map(str::trim) {
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

impl AgentSpec {
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
    let mut options = parse_options(options)?;
    let eval = options.take("eval");
    let kind = match kind {
        "" => bail!("no agent kind (random, qlearn or a configuration like alphabeta)"),
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
    for name in Limit::NAMES {
        if let Some(value) = options.take(name) {
            let n: u64 = value
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| anyhow!("`{name}={value}`: not a positive whole number"))?;
            limits.push(match name {
                "depth" => Limit::Depth(u32::try_from(n).unwrap_or(u32::MAX)),
                "time-ms" => Limit::TimeMs(n),
                "node-budget" => Limit::NodeBudget(n),
                _ => Limit::Playouts(n),
            });
        }
    }
    let params = std::mem::take(&mut options.0);
    for (name, value) in &params {
        if !Params::knows(name) {
            bail!(
                "unknown option `{name}` (search agents take depth, time-ms, node-budget, \
                 playouts, eval and the names of --param, listed by `cutoff search --help`)"
            );
        }
        Params::default()
            .set(name, value)
            .map_err(|e| anyhow!("option `{name}`: {e}"))?;
    }
    let limit = match limits[..] {
        [limit] => limit,
        [] => bail!(
            "a search agent needs a limit: depth=N, time-ms=N, node-budget=N (or for mcts \
             playouts=N)"
        ),
        _ => bail!("give one limit, not {}", limits.len()),
    };
    if let Limit::Depth(d) = limit {
        if d > MAX_DEPTH {
            bail!("`depth={d}`: at most {MAX_DEPTH}");
        }
    }
    match (config.algorithm(), limit) {
        (Algorithm::Expectimax, Limit::Depth(_)) => {}
        (Algorithm::Expectimax, _) => bail!("expectimax takes depth=N only"),
        (Algorithm::Mcts, Limit::Playouts(_) | Limit::TimeMs(_)) => {}
        (Algorithm::Mcts, _) => bail!("mcts takes playouts=N or time-ms=N"),
        (Algorithm::Negamax, Limit::Playouts(_)) => bail!("only mcts takes playouts=N"),
        (Algorithm::Negamax, _) => {}
    }
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

/// A move an agent chose, and what it cost.
#[derive(Clone, Copy, Debug)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// Nodes expanded (main and quiescence) for it, over every iteration; 0 for agents that
    /// do not search.
    pub nodes: u64,
    /// The depth of the search that chose it (the last completed iteration); 0 without one.
    pub depth: u32,
}

/// An agent built for game `G`.
pub enum Agent<G: Game> {
    /// Uniformly random legal moves.
    Random,
    /// Negamax with a configuration and a limit.
    Negamax(Box<Searcher<G, G::Eval>>, Limit),
    /// Expectimax to a fixed depth.
    Expectimax(Box<Expectimax<G, G::Eval>>, u32),
    /// Monte Carlo tree search, its playouts set; with a time limit, run until the clock
    /// stops it.
    Mcts(Box<Mcts<G>>, Option<Duration>),
    /// A Q-learning model's greedy moves.
    QLearn(Arc<QTable>),
}

/// Anything that picks moves: the agents, and misbehaving players in tests.
pub trait Player<G: Game> {
    /// Picks a move for the side to move in `game`, which is not over; `rng` serves random
    /// choices. An error says why there is no move.
    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Result<Choice<G::Move>, String>;
}

impl<G: Game> Agent<G> {
    /// Builds the agent `spec` for `G` (loading its model, checking its evaluation).
    pub fn new(spec: &AgentSpec, game: &G) -> Result<Agent<G>> {
        let params = spec.params().map_err(|e| anyhow!("agent `{spec}`: {e}"))?;
        let eval = params
            .eval::<G>(spec.eval.as_deref())
            .map_err(|e| anyhow!("agent `{spec}`: {e}"))?;
        Ok(match &spec.kind {
            Kind::Random => Agent::Random,
            Kind::QLearn { model } => Agent::QLearn(Arc::new(QTable::load(model, game)?)),
            Kind::Search {
                config,
                limit: Limit::NodeBudget(_),
                ..
            } if !config.has(Enhancement::Id) => bail!(
                "agent `{spec}`: node-budget=N needs `id` in the configuration (the budget \
                 ends iterative deepening)"
            ),
            Kind::Search { config, limit, .. } => match config.algorithm() {
                Algorithm::Negamax => {
                    let mut searcher = Searcher::new(*config, params, eval);
                    if let Limit::NodeBudget(n) = limit {
                        searcher.set_node_budget(Some(*n));
                    }
                    Agent::Negamax(Box::new(searcher), *limit)
                }
                Algorithm::Expectimax => {
                    let Limit::Depth(depth) = *limit else {
                        bail!("agent `{spec}`: expectimax takes depth=N only");
                    };
                    Agent::Expectimax(Box::new(Expectimax::new(eval)), depth)
                }
                Algorithm::Mcts => {
                    let mut searcher = Mcts::new(&params);
                    let time = match *limit {
                        Limit::Playouts(n) => {
                            searcher.set_playouts(n);
                            None
                        }
                        Limit::TimeMs(ms) => {
                            searcher.set_playouts(u64::MAX);
                            Some(Duration::from_millis(ms))
                        }
                        _ => bail!("agent `{spec}`: mcts takes playouts=N or time-ms=N"),
                    };
                    Agent::Mcts(Box::new(searcher), time)
                }
            },
        })
    }
}

impl<G: Game> Player<G> for Agent<G> {
    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Result<Choice<G::Move>, String> {
        let mut position = game.clone();
        match self {
            Agent::Random => random_move(game, rng),
            Agent::QLearn(table) => table
                .best_move(game)
                .map(|mv| Choice {
                    mv,
                    nodes: 0,
                    depth: 0,
                })
                .map_or_else(|| random_move(game, rng), Ok),
            Agent::Expectimax(searcher, depth) => {
                last_completed(&searcher.search(&mut position, *depth, &mut |_| {}))
            }
            Agent::Negamax(searcher, Limit::Depth(depth)) => {
                last_completed(&searcher.search(&mut position, *depth, &mut |_| {}))
            }
            Agent::Negamax(searcher, Limit::TimeMs(ms)) => {
                timed_search(searcher, &mut position, Duration::from_millis(*ms))
            }
            Agent::Negamax(searcher, Limit::NodeBudget(_) | Limit::Playouts(_)) => {
                last_completed(&searcher.search(&mut position, MAX_DEPTH, &mut |_| {}))
            }
            Agent::Mcts(searcher, None) => {
                last_completed(&searcher.search(&mut position, &mut |_| {}))
            }
            Agent::Mcts(searcher, Some(budget)) => {
                let budget = *budget;
                with_clock(budget, |stop| {
                    searcher.set_stop(Some(stop));
                    let found = searcher.search(&mut position, &mut |_| {});
                    searcher.set_stop(None);
                    last_completed(&found)
                })
            }
        }
    }
}

fn random_move<G: Game>(game: &G, rng: &mut ChaCha8Rng) -> Result<Choice<G::Move>, String> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mv = *moves.choose(rng).ok_or("no legal move")?;
    Ok(Choice {
        mv,
        nodes: 0,
        depth: 0,
    })
}

/// The move of the last iteration that was not stopped, with the nodes of all of them.
fn last_completed<M: Copy>(iterations: &[Iteration<M>]) -> Result<Choice<M>, String> {
    let nodes = iterations.iter().map(|it| it.counters.expanded()).sum();
    let last = iterations
        .iter()
        .rev()
        .find(|it| !it.capped)
        .ok_or("no search iteration completed")?;
    let mv = last.best_move.ok_or("the search found no move")?;
    Ok(Choice {
        mv,
        nodes,
        depth: last.depth,
    })
}

/// Runs `work` with a stop flag that a timer thread raises after `budget`.
fn with_clock<T>(budget: Duration, work: impl FnOnce(Arc<AtomicBool>) -> T) -> T {
    let stop = Arc::new(AtomicBool::new(false));
    let (done, wait) = mpsc::channel::<()>();
    let timer_stop = Arc::clone(&stop);
    let timer = std::thread::spawn(move || {
        if wait.recv_timeout(budget).is_err() {
            timer_stop.store(true, Ordering::Relaxed);
        }
    });
    let result = work(stop);
    // The timer has either fired or sees the channel closed at once.
    drop(done);
    let _ = timer.join();
    result
}

/// Iterative deepening against a clock: depth 1 always completes, then deeper searches run
/// until a timer thread raises the searcher's stop flag; the last completed iteration wins.
/// With `id` in the configuration one search deepens itself; without it each depth is a
/// search of its own.
fn timed_search<G: Game>(
    searcher: &mut Searcher<G, G::Eval>,
    game: &mut G,
    budget: Duration,
) -> Result<Choice<G::Move>, String> {
    with_clock(budget, |stop| {
        let mut iterations = searcher.search(game, 1, &mut |_| {});
        searcher.set_stop(Some(stop));
        if searcher.schedule(MAX_DEPTH).len() > 1 {
            iterations.extend(searcher.search(game, MAX_DEPTH, &mut |_| {}));
        } else {
            for depth in 2..=MAX_DEPTH {
                let found = searcher.search(game, depth, &mut |_| {});
                let stopped = found.iter().any(|it| it.capped);
                iterations.extend(found);
                if stopped {
                    break;
                }
            }
        }
        searcher.set_stop(None);
        last_completed(&iterations)
    })
}
