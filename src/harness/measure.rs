//! Timed root searches: what one search to depth d costs, in counters, wall time and the
//! searching thread's CPU time.
//!
//! A row at depth d is the cost of a root search to d from scratch (fresh tables): with
//! iterative deepening it sums the iterations up to d, as DESIGN.md counts. The search is
//! the [`Engine`]'s, the one that plays matches and the protocols.

use crate::cputime::Stopwatch;
use crate::engine::{Engine, Limit, Spec};
use crate::game::Game;
use crate::runfolder::DepthResult;
use crate::search::{Algorithm, Bounds, Config, Counters, Iteration, Params};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// How to search positions of `G`.
#[derive(Clone, Debug)]
pub struct SearchSpec<G: Game> {
    /// Which enhancements.
    pub config: Config,
    /// The tunables.
    pub params: Params,
    /// The evaluation.
    pub eval: G::Eval,
    /// Stop a root search after this many expanded nodes (the result is then capped).
    pub node_limit: Option<u64>,
    /// End a root search normally once it has expanded this many nodes, with the last
    /// completed iteration's move (alpha-beta searches only).
    pub node_budget: Option<u64>,
}

/// Searches `game` to `depth` with fresh tables, calling `on_depth` with the cumulative
/// result after each iteration, and returns them all. MCTS ignores `depth` (its playouts
/// are its limit) and the node limits; its one result's depth is its tree's depth.
pub fn root_search<G: Game>(
    game: &G,
    spec: &SearchSpec<G>,
    depth: u32,
    on_depth: &mut dyn FnMut(&DepthResult),
) -> Vec<DepthResult> {
    Measurer::new(spec).search(game, depth, on_depth)
}

/// Root searches of one [`SearchSpec`] by one engine, whose tables are allocated once:
/// each search still starts from empty tables (emptying a table is a generation bump, and a
/// bumped table searches exactly as a new one), so a search's counts do not depend on the
/// searches before it; what is saved is the allocation and the pass over memory of a new
/// table, per search.
pub struct Measurer<G: Game> {
    spec: SearchSpec<G>,
    engine: Engine<G>,
}

impl<G: Game> Measurer<G> {
    /// A searcher for `spec` (its depth is given per search).
    pub fn new(spec: &SearchSpec<G>) -> Self {
        let search = Spec {
            config: spec.config,
            params: spec.params.clone(),
            eval: spec.eval,
        };
        Measurer {
            spec: spec.clone(),
            engine: Engine::new(&search, limit(spec.config, 1)).expect("a valid limit"),
        }
    }

    /// As [`root_search`], with this searcher's tables.
    pub fn search(
        &mut self,
        game: &G,
        depth: u32,
        on_depth: &mut dyn FnMut(&DepthResult),
    ) -> Vec<DepthResult> {
        let spec = &self.spec;
        limit(spec.config, depth)
            .check(spec.config)
            .expect("a depth in 1..=MAX_DEPTH");
        // The clock runs only while the search does: not while tables are allocated, nor
        // while results are formatted and handed on between iterations.
        let watch = RefCell::new(Stopwatch::paused());
        let mut total = Counters::default();
        let mut results = Vec::new();
        let view = game.clone();
        let mut record = |it: &Iteration<G::Move>| {
            stretch(watch.borrow().lap(), spec.params.slowdown_pct);
            watch.borrow_mut().pause();
            total += it.counters;
            let result = DepthResult {
                depth: it.depth,
                ns: watch.borrow().wall().as_nanos() as u64,
                score: it.score,
                best_move: it.best_move.map(|mv| view.format_move(mv)),
                pv: format_line(&view, &it.pv),
                capped: it.capped,
                ns_repeats: Vec::new(),
                cpu_ns: Some(watch.borrow().cpu_ns()),
                cpu_repeats: Vec::new(),
                exhausted: it.exhausted,
                depth_completed: None,
                counters: total,
            };
            on_depth(&result);
            results.push(result);
            watch.borrow_mut().resume();
        };
        let bounds = Bounds {
            node_limit: spec.node_limit,
            node_budget: spec.node_budget,
            ..Bounds::depth(depth)
        };
        watch.borrow_mut().resume();
        self.engine.analyse(game, bounds, &mut record);
        results
    }
}

/// What limits a root search of `config` to `depth`: MCTS has its playouts instead.
fn limit(config: Config, depth: u32) -> Limit {
    match config.algorithm() {
        Algorithm::Mcts => Limit::Playouts,
        _ => Limit::Depth(depth),
    }
}

/// The deepest iteration of `results` (one root search's) that completed: neither capped nor
/// cut short by the node budget; 0 when none did.
pub fn depth_completed(results: &[DepthResult]) -> u32 {
    let completed = results.iter().filter(|r| !r.capped && !r.exhausted);
    completed.map(|r| r.depth).max().unwrap_or(0)
}

/// Busy-waits `pct` percent of `step` (the test-only `slowdown-pct` param); nothing at 0.
fn stretch(step: Duration, pct: u32) {
    if pct == 0 {
        return;
    }
    let until = Instant::now() + step * pct / 100;
    while Instant::now() < until {
        std::hint::spin_loop();
    }
}

/// Writes a line of moves from `game` in notation (each move in the position it is played).
pub fn format_line<G: Game>(game: &G, line: &[G::Move]) -> Vec<String> {
    let mut game = game.clone();
    line.iter()
        .map(|&mv| {
            let text = game.format_move(mv);
            game.make(mv);
            text
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::kalah::Kalah;

    /// An iteration's depth, score, best move, line and counters.
    type Found = (u32, i32, Option<String>, Vec<String>, Counters);

    /// What a search found, without its times.
    fn found(results: &[DepthResult]) -> Vec<Found> {
        let strip = |r: &DepthResult| {
            (
                r.depth,
                r.score,
                r.best_move.clone(),
                r.pv.clone(),
                r.counters,
            )
        };
        results.iter().map(strip).collect()
    }

    /// One searcher's searches, in any order, find what a new searcher finds for each: the
    /// table, killers and history it keeps from one search to the next are empty to the next.
    #[test]
    fn a_searcher_used_again_searches_as_a_new_one() {
        let config = Config::parse("alphabeta+id+tt-value+tt-move+killers+history+pvs").unwrap();
        let spec = SearchSpec::<Kalah> {
            config,
            params: Params::default(),
            eval: Kalah::DEFAULT_EVAL,
            node_limit: None,
            node_budget: None,
        };
        let positions = ["", "3", "3,1,6"].map(|moves| {
            let mut game = Kalah::from_options("6,4,course").unwrap();
            game.play_moves(moves).unwrap();
            game
        });
        let mut searcher = Measurer::new(&spec);
        for i in [0, 1, 2, 0, 2, 1] {
            let again = searcher.search(&positions[i], 7, &mut |_| {});
            let fresh = root_search(&positions[i], &spec, 7, &mut |_| {});
            assert_eq!(found(&again), found(&fresh), "position {i}");
        }
    }
}
