//! Expectimax: the maximum over the searcher's moves and the mean over the opponent's, the
//! right search against a uniformly random player (the Mancala study's agent). It counts
//! what negamax counts; values are means, so scores are reported rounded to whole units.

use super::stats::{Counters, Iteration};
use super::strategy::{Stop, STOP_EVERY};
use crate::game::{Evaluator, Game, Side};

/// A fixed-depth expectimax searcher.
pub struct Expectimax<G: Game, E: Evaluator<G>> {
    eval: E,
    moves: Vec<Vec<G::Move>>,
    counters: Counters,
    node_limit: u64,
    capped: bool,
    /// Asked every `STOP_EVERY` nodes whether to stop, during one search.
    stop: Option<Box<dyn Stop>>,
}

impl<G: Game, E: Evaluator<G>> Expectimax<G, E> {
    /// A searcher with the evaluation `eval`.
    pub fn new(eval: E) -> Self {
        Expectimax {
            eval,
            moves: Vec::new(),
            counters: Counters::default(),
            node_limit: u64::MAX,
            capped: false,
            stop: None,
        }
    }

    /// Stops a search after `limit` nodes; it is then reported as capped.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit.unwrap_or(u64::MAX);
    }

    /// Searches `game` to `depth` for its side to move: one iteration.
    pub fn search(
        &mut self,
        game: &mut G,
        depth: u32,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.search_within(game, depth, None, on_iteration)
    }

    /// [`Expectimax::search`], stopped (and reported as capped) once `stop`, asked every
    /// `STOP_EVERY` nodes, says so.
    pub(super) fn search_within(
        &mut self,
        game: &mut G,
        depth: u32,
        stop: Option<Box<dyn Stop>>,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.stop = stop;
        let found = self.iterate(game, depth, on_iteration);
        self.stop = None;
        found
    }

    fn iterate(
        &mut self,
        game: &mut G,
        depth: u32,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.counters = Counters::default();
        self.capped = false;
        if self.moves.len() <= depth as usize {
            self.moves
                .resize_with(depth as usize + 1, || Vec::with_capacity(256));
        }
        let me = game.side_to_move();
        let (score, best_move) = self.root(game, depth, me);
        let iteration = Iteration {
            depth,
            counters: self.counters,
            score: score.round() as i32,
            best_move,
            pv: best_move.into_iter().collect(),
            capped: self.capped,
            exhausted: false,
        };
        on_iteration(&iteration);
        vec![iteration]
    }

    fn root(&mut self, game: &mut G, depth: u32, me: Side) -> (f64, Option<G::Move>) {
        self.counters.n_nodes += 1;
        if let Some(score) = game.terminal_score(0) {
            return (f64::from(score), None);
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        self.counters.n_interior += 1;
        let mut best: Option<(f64, G::Move)> = None;
        for mv in moves {
            let undo = game.make(mv);
            let value = self.value(game, depth - 1, 1, me);
            game.unmake(mv, undo);
            if self.capped {
                break;
            }
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
        // No best move: capped during the first move (a position that is not over has
        // moves, which the rules contract checks), and nothing is counted after the cap.
        best.map_or((0.0, None), |(value, mv)| (value, Some(mv)))
    }

    /// The value of `game` for `me` (meaningless once capped: nothing more is counted then).
    fn value(&mut self, game: &mut G, depth: u32, ply: usize, me: Side) -> f64 {
        let nodes = self.counters.n_nodes;
        if nodes >= self.node_limit
            || (nodes % u64::from(STOP_EVERY) == 0
                && self.stop.as_mut().is_some_and(|s| s.now(nodes)))
        {
            self.capped = true;
        }
        if self.capped {
            return 0.0;
        }
        self.counters.n_nodes += 1;
        self.counters.sel_depth = self.counters.sel_depth.max(ply as u64);
        let mine = game.side_to_move() == me;
        let for_me = |score: i32| {
            if mine {
                f64::from(score)
            } else {
                -f64::from(score)
            }
        };
        if let Some(score) = game.terminal_score(ply) {
            return for_me(score);
        }
        if depth == 0 {
            self.counters.n_leaves += 1;
            self.counters.n_evals += 1;
            return for_me(self.eval.evaluate(game));
        }
        let mut moves = std::mem::take(&mut self.moves[depth as usize]);
        moves.clear();
        game.generate_moves(&mut moves);
        debug_assert!(
            !moves.is_empty(),
            "a position in play has moves (the rules contract)"
        );
        self.counters.n_interior += 1;
        let mut best = f64::NEG_INFINITY;
        let mut sum = 0.0;
        for &mv in &moves {
            let undo = game.make(mv);
            let value = self.value(game, depth - 1, ply + 1, me);
            game.unmake(mv, undo);
            if self.capped {
                break;
            }
            best = best.max(value);
            sum += value;
        }
        let n = moves.len();
        self.moves[depth as usize] = moves;
        if mine {
            best
        } else {
            sum / n as f64
        }
    }
}
