//! The engine: the one code that searches a position for a move, for matches, the protocol
//! clients (`gthd`, `pbrain`) and the harness's single searches alike.
//!
//! An [`Engine`] is built from a [`Spec`] (configuration, parameters, evaluation) through
//! [`crate::search::build`], the one constructor of the three searches, and keeps its
//! searcher from move to move. It searches under one [`Limit`] and, optionally, within an
//! allowance of time (a protocol's clock, [`allowance`]):
//!
//! - `Depth(d)`: one search to `d` (iterative deepening's iterations if the configuration
//!   has `id`); within an allowance it deepens one depth at a time up to `d`.
//! - `NodeBudget(n)`: iterative deepening until `n` nodes are spent; the last completed
//!   iteration's move (the Gothello study's "maximum number of states visited").
//! - `TimeMs(t)`: deepening until `t` milliseconds (or the allowance, if smaller) are spent;
//!   MCTS plays playouts until then.
//! - `Playouts`: MCTS's own `playouts` parameter, the one way to set them.
//!
//! Time is kept inside the search: a timed search is one search that deepens with its
//! tables kept across iterations and asks a [`Deadline`] every `STOP_EVERY` nodes (MCTS:
//! every playout), stopping at once when it has passed; it does not start an iteration
//! that the growth of the previous ones says cannot finish. The move is the last completed
//! iteration's. The clock is injected ([`Clock`]), so tests count nodes, not milliseconds.
//!
//! Not here: sockets, the protocols, files, printing.

mod clock;

pub use clock::{allowance, Clock, Deadline, PerNode, Timer, Wall, SAFETY_MS};

use crate::game::{Evaluator, Game, Score};
use crate::search::{
    build, Algorithm, Bounds, Config, Enhancement, Iteration, Params, Stop, Strategy, MAX_DEPTH,
};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

#[cfg(test)]
mod tests;

/// What to search with: a configuration, its parameters and an evaluation.
#[derive(Clone, Debug)]
pub struct Spec<G: Game> {
    /// Which search and enhancements.
    pub config: Config,
    /// The tunables.
    pub params: Params,
    /// The evaluation (unused by MCTS).
    pub eval: G::Eval,
}

/// What bounds the search of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Search to this depth.
    Depth(u32),
    /// Iterative deepening until this many nodes are spent; the move of the last completed
    /// iteration. Needs `id`.
    NodeBudget(u64),
    /// Deepen (MCTS: play out) until this many milliseconds are spent.
    TimeMs(u64),
    /// MCTS: the `playouts` parameter's number of playouts.
    Playouts,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Depth(d) => write!(f, "depth={d}"),
            Limit::NodeBudget(n) => write!(f, "node-budget={n}"),
            Limit::TimeMs(ms) => write!(f, "time-ms={ms}"),
            Limit::Playouts => write!(f, "playouts"),
        }
    }
}

impl Limit {
    /// Checks that `config` can search under this limit.
    pub fn check(self, config: Config) -> Result<(), String> {
        match (config.algorithm(), self) {
            (_, Limit::Depth(0) | Limit::NodeBudget(0) | Limit::TimeMs(0)) => {
                Err("the limit must be at least 1".into())
            }
            (_, Limit::Depth(d)) if d > MAX_DEPTH => Err(format!("depth {d}: at most {MAX_DEPTH}")),
            (Algorithm::Mcts, Limit::Playouts | Limit::TimeMs(_)) => Ok(()),
            (Algorithm::Mcts, _) => Err("mcts takes its playouts parameter or a time".into()),
            (_, Limit::Playouts) => Err("only mcts is limited by its playouts".into()),
            (Algorithm::Expectimax, Limit::Depth(_)) => Ok(()),
            (Algorithm::Expectimax, _) => Err("expectimax takes a depth only".into()),
            (Algorithm::Negamax, Limit::NodeBudget(_)) if !config.has(Enhancement::Id) => Err(
                format!("a node budget stops iterative deepening: add `+id` to `{config}`"),
            ),
            (Algorithm::Negamax, _) => Ok(()),
        }
    }

    /// The limit for searching each of `k` positions one ply below.
    fn below(self, k: usize) -> Limit {
        let k = k.max(1) as u64;
        match self {
            Limit::Depth(d) => Limit::Depth(d.saturating_sub(1)),
            Limit::NodeBudget(n) => Limit::NodeBudget((n / k).max(1)),
            Limit::TimeMs(t) => Limit::TimeMs((t / k).max(1)),
            Limit::Playouts => Limit::Playouts,
        }
    }
}

/// A move chosen: the score the search gave it (for the side to move), the depth of the
/// search that chose it (its last completed iteration; 0 for MCTS's tree-less notion) and
/// the nodes expanded over every iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    pub mv: M,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// A player of `G`: one search under one limit.
pub struct Engine<G: Game> {
    strategy: Box<dyn Strategy<G>>,
    config: Config,
    eval: G::Eval,
    limit: Limit,
    clock: Arc<dyn Clock>,
    /// Raised from outside to stop a search at once.
    abort: Option<Arc<AtomicBool>>,
}

impl<G: Game> Engine<G> {
    /// An engine for `spec` under `limit`, on the wall clock.
    pub fn new(spec: &Spec<G>, limit: Limit) -> Result<Self, String> {
        limit.check(spec.config)?;
        Ok(Engine {
            strategy: build::<G>(spec.config, &spec.params, spec.eval),
            config: spec.config,
            eval: spec.eval,
            limit,
            clock: Arc::new(Wall),
            abort: None,
        })
    }

    /// The same engine reading `clock` instead of the wall clock.
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// Stops any search at once when `abort` is raised (its move is then that of the last
    /// completed iteration, if any): a protocol's `END` while the engine thinks.
    pub fn set_abort(&mut self, abort: Arc<AtomicBool>) {
        self.abort = Some(abort);
    }

    /// One root search of `game` within `bounds` from fresh tables, with no clock, calling
    /// `on_iteration` after each iteration: what the harness measures.
    pub fn analyse(
        &mut self,
        game: &G,
        bounds: Bounds,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.strategy
            .run(&mut game.clone(), bounds, None, on_iteration)
    }

    /// The best move in `game` (which is not over) other than those in `rejected`, searched
    /// within `allowance` if given; `None` when there is none. With rejected moves, each
    /// remaining move is searched one ply deeper in turn, sharing the limit, and the best
    /// for the mover is chosen (the first of equals).
    pub fn choose(
        &mut self,
        game: &G,
        allowance: Option<Duration>,
        rejected: &[G::Move],
    ) -> Option<Choice<G::Move>> {
        if rejected.is_empty() {
            return self.search(game, self.limit, allowance);
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.retain(|mv| !rejected.contains(mv));
        let share = allowance.map(|a| a / moves.len().max(1) as u32);
        let limit = self.limit.below(moves.len());
        let mut best: Option<Choice<G::Move>> = None;
        for mv in moves {
            let mut child = game.clone();
            child.make(mv);
            let mut found = self.score_child(game, &child, limit, share);
            found.mv = mv;
            if best.is_none_or(|b| found.score > b.score) {
                best = Some(found);
            }
        }
        best
    }

    /// The score of `child`, reached from `parent` by one move, for `parent`'s mover (the
    /// move of the choice is the child's own best, for the caller to replace).
    fn score_child(
        &mut self,
        parent: &G,
        child: &G,
        limit: Limit,
        allowance: Option<Duration>,
    ) -> Choice<G::Move> {
        let leaf = |score| Choice {
            mv: G::Move::default(),
            score,
            depth: 1,
            nodes: 0,
        };
        let mut found = match (child.terminal_score(1), limit) {
            (Some(score), _) => leaf(score),
            (None, Limit::Depth(0)) => leaf(self.eval.evaluate(child)),
            (None, _) => match self.search(child, limit, allowance) {
                Some(found) => Choice {
                    depth: found.depth + 1,
                    ..found
                },
                None => leaf(self.eval.evaluate(child)),
            },
        };
        if child.side_to_move() != parent.side_to_move() {
            found.score = -found.score;
        }
        found
    }

    /// One search of `game` under `limit` and `allowance`: the last completed iteration's
    /// move.
    fn search(
        &mut self,
        game: &G,
        limit: Limit,
        allowance: Option<Duration>,
    ) -> Option<Choice<G::Move>> {
        let (mut bounds, time) = self.bounds(limit, allowance);
        if time.is_some() && has_one_move(game) {
            // Nothing to choose between: a clock's time goes to moves that need it, and
            // this one gets the shallowest search that gives it a score.
            bounds = Bounds {
                playouts: Some(1),
                ..Bounds::depth(1)
            };
        }
        // MCTS has a move after one playout; negamax after its first iteration (expectimax's
        // one iteration is never stopped by the clock, only by its depth).
        let needs_iteration = self.config.algorithm() != Algorithm::Mcts;
        let stop = (time.is_some() || self.abort.is_some()).then(|| {
            let t = time.unwrap_or(Duration::MAX);
            let deadline = Deadline::new(self.clock.as_ref(), t, needs_iteration);
            Box::new(deadline.with_abort(self.abort.clone())) as Box<dyn Stop>
        });
        let iterations = self
            .strategy
            .run(&mut game.clone(), bounds, stop, &mut |_| {});
        last_completed(&iterations)
    }

    /// The bounds of a search under `limit` and the time it may take.
    fn bounds(&self, limit: Limit, allowance: Option<Duration>) -> (Bounds, Option<Duration>) {
        let mut bounds = Bounds::depth(MAX_DEPTH);
        let mut time = allowance;
        match limit {
            Limit::Depth(d) => bounds.depth = d,
            Limit::NodeBudget(n) => bounds.node_budget = Some(n),
            Limit::TimeMs(t) => {
                let t = Duration::from_millis(t);
                time = Some(allowance.map_or(t, |a| a.min(t)));
                bounds.playouts = Some(u64::MAX);
            }
            Limit::Playouts => {}
        }
        bounds.deepen = time.is_some();
        (bounds, time)
    }
}

/// Whether the side to move in `game` has exactly one legal move.
fn has_one_move<G: Game>(game: &G) -> bool {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.len() == 1
}

/// The move of the last iteration that completed, with the nodes of all of them; if the
/// node budget ended the first, that one's partial move.
fn last_completed<M: Copy>(iterations: &[Iteration<M>]) -> Option<Choice<M>> {
    let nodes = iterations.iter().map(|it| it.counters.expanded()).sum();
    let mut finished = iterations.iter().rev().filter(|it| !it.capped);
    let last = finished
        .clone()
        .find(|it| !it.exhausted)
        .or_else(|| finished.next())?;
    Some(Choice {
        mv: last.best_move?,
        score: last.score,
        depth: last.depth,
        nodes,
    })
}
