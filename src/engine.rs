//! The engine of the protocol clients (`gthd`, `pbrain`): picks a move with the project's negamax
//! ([`Searcher`]) under a [`Limit`], optionally within a time allowance from the referee's
//! clock, and excluding moves the referee has rejected.
//!
//! The search never reads a clock, so time is kept here, between searches: under a
//! deadline the engine deepens one depth at a time (each depth a fresh root search, as
//! `cutoff search` measures it) and caps each search at the nodes the remaining time buys
//! at the speed measured so far; a capped search is thrown away and the deepest completed
//! one gives the move. Depth 1 always completes, so there is always a move. Without a
//! deadline a depth limit is one search to that depth, deterministic like every search, and
//! a node budget one iterative-deepening search under the searcher's node budget
//! ([`Searcher::set_node_budget`]), whose last completed iteration gives the move.
//!
//! Not here: sockets, the protocol, the clock's bookkeeping (the client passes the
//! allowance in).

use crate::game::{Evaluator, Game, Score};
use crate::search::{Algorithm, Config, Enhancement, Iteration, Params, Searcher, MAX_DEPTH};
use std::time::{Duration, Instant};

/// What bounds the search of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Search to this depth (iterative deepening's iterations if the configuration has `id`).
    Depth(u32),
    /// Iterative deepening until this many nodes are spent; the move of the last completed
    /// iteration (the study's "maximum number of states visited").
    NodeBudget(u64),
    /// Deepen until this many milliseconds are spent; the move of the deepest completed
    /// depth.
    TimeMs(u64),
}

impl Limit {
    /// The limit for searching each of `k` positions one ply below.
    fn below(self, k: usize) -> Limit {
        let k = k.max(1) as u64;
        match self {
            Limit::Depth(d) => Limit::Depth(d.saturating_sub(1)),
            Limit::NodeBudget(n) => Limit::NodeBudget((n / k).max(1)),
            Limit::TimeMs(t) => Limit::TimeMs(t / k),
        }
    }
}

/// A move chosen, with the score the search gave it (for the side to move) and the depth
/// of the search that chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    pub mv: M,
    pub score: Score,
    pub depth: u32,
}

/// What one root search found: its best move (none in a terminal position), score, depth.
struct Found<M> {
    mv: Option<M>,
    score: Score,
    depth: u32,
}

impl<M: Copy> Found<M> {
    fn from_iteration(it: &Iteration<M>) -> Found<M> {
        Found {
            mv: it.best_move,
            score: it.score,
            depth: it.depth,
        }
    }
}

/// A negamax player for game `G` under one limit.
pub struct Engine<G: Game> {
    searcher: Searcher<G, G::Eval>,
    eval: G::Eval,
    limit: Limit,
    /// Nodes expanded and time spent by every search so far: the measured speed.
    n_nodes: u64,
    spent: Duration,
}

impl<G: Game> Engine<G> {
    /// An engine; the configuration must be a negamax one, and a node budget needs
    /// iterative deepening (`id`) to have iterations to stop between.
    pub fn new(
        config: Config,
        params: Params,
        eval: G::Eval,
        limit: Limit,
    ) -> Result<Self, String> {
        if config.algorithm() != Algorithm::Negamax {
            return Err(format!("configuration `{config}` is not a negamax search"));
        }
        if matches!(limit, Limit::NodeBudget(_)) && !config.has(Enhancement::Id) {
            return Err(format!(
                "--node-budget stops iterative deepening: add `+id` to configuration `{config}`"
            ));
        }
        if limit == Limit::Depth(0) || limit == Limit::NodeBudget(0) {
            return Err("the limit must be at least 1".to_string());
        }
        Ok(Engine {
            searcher: Searcher::new(config, params, eval),
            eval,
            limit,
            n_nodes: 0,
            spent: Duration::ZERO,
        })
    }

    /// The best move in `game` (which is not over) other than those in `rejected`, searched
    /// within `allowance` if given; `None` when every legal move has been rejected. With
    /// rejected moves, each remaining move is searched one ply deeper in turn, sharing the
    /// limit, and the best for the mover is chosen (the first of equals).
    pub fn choose(
        &mut self,
        game: &G,
        allowance: Option<Duration>,
        rejected: &[G::Move],
    ) -> Option<Choice<G::Move>> {
        if rejected.is_empty() {
            let found = self.search(game, self.limit, allowance);
            return found.mv.map(|mv| Choice {
                mv,
                score: found.score,
                depth: found.depth,
            });
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
            let (score, depth) = self.score_child(game, &child, limit, share);
            if best.is_none_or(|b| score > b.score) {
                best = Some(Choice { mv, score, depth });
            }
        }
        best
    }

    /// The score of `child`, reached from `parent` by one move, for `parent`'s mover.
    fn score_child(
        &mut self,
        parent: &G,
        child: &G,
        limit: Limit,
        allowance: Option<Duration>,
    ) -> (Score, u32) {
        let (score, depth) = match (child.terminal_score(1), limit) {
            (Some(score), _) => (score, 1),
            (None, Limit::Depth(0)) => (self.eval.evaluate(child), 1),
            (None, _) => {
                let found = self.search(child, limit, allowance);
                (found.score, found.depth + 1)
            }
        };
        match child.side_to_move() == parent.side_to_move() {
            true => (score, depth),
            false => (-score, depth),
        }
    }

    /// One root search of `game` under `limit` and `allowance`.
    fn search(&mut self, game: &G, limit: Limit, allowance: Option<Duration>) -> Found<G::Move> {
        match (limit, allowance) {
            (Limit::Depth(d), None) => self.completed(game, d, None).expect("uncapped"),
            (Limit::NodeBudget(n), None) => {
                self.searcher.set_node_budget(Some(n));
                let found = self.completed(game, MAX_DEPTH, None);
                self.searcher.set_node_budget(None);
                found.unwrap_or_else(|| self.completed(game, 1, None).expect("uncapped"))
            }
            (Limit::TimeMs(t), allowance) => {
                let time = Duration::from_millis(t);
                self.deepen(game, limit, allowance.map_or(time, |a| a.min(time)))
            }
            (_, Some(allowance)) => self.deepen(game, limit, allowance),
        }
    }

    /// Deepens from depth 1 (up to the depth limit, if that is the limit) while `time`
    /// lasts, each depth capped at the nodes the time left buys (and at the node budget);
    /// the deepest completed search.
    fn deepen(&mut self, game: &G, limit: Limit, time: Duration) -> Found<G::Move> {
        let start = Instant::now();
        let (max_depth, budget) = match limit {
            Limit::Depth(d) => (d, None),
            Limit::NodeBudget(n) => (MAX_DEPTH, Some(n)),
            Limit::TimeMs(_) => (MAX_DEPTH, None),
        };
        let mut best = self.completed(game, 1, None).expect("uncapped");
        for depth in 2..=max_depth {
            let left = time.saturating_sub(start.elapsed());
            if left.is_zero() {
                break;
            }
            let cap = self.affordable(left).min(budget.unwrap_or(u64::MAX));
            match self.completed(game, depth, Some(cap)) {
                Some(found) if found.depth == depth => best = found,
                _ => break,
            }
        }
        best
    }

    /// Searches `game` to `depth` with at most `cap` nodes; the last iteration if it
    /// completed, else the last completed one, if any (an iteration the node budget cut
    /// short carries that one's move, but not its depth).
    fn completed(&mut self, game: &G, depth: u32, cap: Option<u64>) -> Option<Found<G::Move>> {
        self.searcher.set_node_limit(cap);
        let mut game = game.clone();
        let start = Instant::now();
        let iterations = self.searcher.search(&mut game, depth, &mut |_| {});
        self.spent += start.elapsed();
        self.n_nodes += iterations
            .iter()
            .map(|it| it.counters.expanded())
            .sum::<u64>();
        iterations
            .iter()
            .rev()
            .find(|it| !it.capped && !it.exhausted)
            .map(Found::from_iteration)
    }

    /// The nodes `time` buys at the speed measured so far (at least 1).
    fn affordable(&self, time: Duration) -> u64 {
        let per_ns = self.n_nodes as f64 / self.spent.as_nanos().max(1) as f64;
        ((per_ns * time.as_nanos() as f64) as u64).max(1)
    }
}
