//! One interface to the three searches: negamax ([`Searcher`]), [`Expectimax`] and
//! [`Mcts`] each implement [`Strategy`], and [`build`] is the one constructor that picks
//! between them from a configuration, its parameters and an evaluation. Nothing else
//! chooses between the three (the engine, `crate::engine`, builds every search through
//! here).
//!
//! A search is bounded by [`Bounds`] (a depth, a node cap, a node budget, whether to
//! deepen) and, optionally, by a [`Stop`] that the search asks every few hundred nodes (MCTS:
//! after every playout) whether to stop at once, and after every iteration whether to
//! start another. The search never reads a clock: a [`Stop`] may.

use super::expectimax::Expectimax;
use super::mcts::Mcts;
use super::negamax::Searcher;
use super::{Algorithm, Config, Iteration, Params};
use crate::game::Game;

/// Asked by a running search whether to stop; implemented by the engine's deadline (which
/// reads a clock) and by tests (which count nodes).
pub trait Stop: Send {
    /// Whether to stop now, `nodes` expanded by this root search so far (asked every
    /// [`STOP_EVERY`] nodes, and by MCTS after every playout). A search stopped this way
    /// reports its running iteration as capped.
    fn now(&mut self, nodes: u64) -> bool;

    /// Whether to start another iteration, `nodes` expanded so far and `completed`
    /// iterations done (asked after each completed iteration but the last planned).
    fn another(&mut self, nodes: u64, completed: usize) -> bool;
}

/// Negamax and expectimax ask their [`Stop`] once per this many nodes.
pub const STOP_EVERY: u32 = 256;

/// What bounds one root search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The nominal depth (negamax: the last iteration's; expectimax: its one depth; MCTS
    /// ignores it: its playouts are its limit).
    pub depth: u32,
    /// Stop once this many nodes are expanded, reporting the running iteration as capped.
    pub node_limit: Option<u64>,
    /// End normally once this many nodes are expanded, with the last completed
    /// iteration's move (negamax with iterative deepening).
    pub node_budget: Option<u64>,
    /// Negamax without `id`: deepen one depth at a time anyway, in this one search with its
    /// tables kept (a clock needs iterations to stop between). With `id` the configuration's
    /// own schedule is used either way.
    pub deepen: bool,
    /// MCTS: this many playouts instead of its `playouts` parameter (`u64::MAX`: until the
    /// stop says so).
    pub playouts: Option<u64>,
}

impl Bounds {
    /// A search to `depth` and nothing else.
    pub fn depth(depth: u32) -> Bounds {
        Bounds {
            depth,
            node_limit: None,
            node_budget: None,
            deepen: false,
            playouts: None,
        }
    }
}

/// A search of positions of `G`: one root search at a time, each from fresh tables.
pub trait Strategy<G: Game>: Send {
    /// Searches `game` (restored at the end) within `bounds`, asking `stop` if given, calling
    /// `on_iteration` after each iteration; returns every iteration.
    fn run(
        &mut self,
        game: &mut G,
        bounds: Bounds,
        stop: Option<Box<dyn Stop>>,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>>;
}

/// The search of `config` with `params` and `eval`: the one place that chooses between
/// negamax, expectimax and MCTS.
pub fn build<G: Game>(config: Config, params: &Params, eval: G::Eval) -> Box<dyn Strategy<G>> {
    match config.algorithm() {
        Algorithm::Negamax => Box::new(Searcher::new(config, params.clone(), eval)),
        Algorithm::Expectimax => Box::new(Expectimax::new(eval)),
        Algorithm::Mcts => Box::new(Mcts::new(params)),
    }
}

impl<G: Game> Strategy<G> for Searcher<G, G::Eval> {
    fn run(
        &mut self,
        game: &mut G,
        bounds: Bounds,
        stop: Option<Box<dyn Stop>>,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.set_node_limit(bounds.node_limit);
        self.set_node_budget(bounds.node_budget);
        self.search_within(game, bounds.depth, bounds.deepen, stop, on_iteration)
    }
}

impl<G: Game> Strategy<G> for Expectimax<G, G::Eval> {
    fn run(
        &mut self,
        game: &mut G,
        bounds: Bounds,
        stop: Option<Box<dyn Stop>>,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.set_node_limit(bounds.node_limit);
        self.search_within(game, bounds.depth, stop, on_iteration)
    }
}

impl<G: Game> Strategy<G> for Mcts<G> {
    fn run(
        &mut self,
        game: &mut G,
        bounds: Bounds,
        stop: Option<Box<dyn Stop>>,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.search_within(game, bounds.playouts, stop, on_iteration)
    }
}
