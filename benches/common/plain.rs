//! A hand-specialised plain alpha-beta over [`Game`]: what `alphabeta` computes, written
//! without flags, counters (one node count aside), tables or principal variation, so that
//! `alphabeta`'s overhead per node can be measured against it (`benches/overhead.rs`,
//! `benches/peers.rs`).
//!
//! It visits the same nodes in the same order as `Searcher` with the `alphabeta` preset: a
//! node is one entry to `search` (root, interior, leaves, terminals), moves are searched in
//! generation order, scores are negated only where the side to move changes, and the
//! depth-0 and no-move nodes are scored by the evaluation. The benches check that the node
//! counts, scores and moves are equal.

use cutoff::game::{Evaluator, Game, GameParams, Score, INFINITY};
use cutoff::search::{Params, MAX_DEPTH};

/// The answer of one root search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plain<M> {
    /// The root value for the side to move.
    pub score: Score,
    /// The first move with the best value (`None` at a terminal root or one without moves).
    pub best_move: Option<M>,
    /// Entries to the search function, as `Counters::n_nodes` counts them.
    pub nodes: u64,
}

/// A reusable plain alpha-beta: the per-ply move buffers are made once.
pub struct PlainSearch<G: Game> {
    moves: Vec<Vec<G::Move>>,
    params: GameParams,
    nodes: u64,
    best_move: Option<G::Move>,
}

impl<G: Game> PlainSearch<G> {
    /// A searcher whose buffers hold `MAX_DEPTH + 1` plies.
    pub fn new() -> Self {
        PlainSearch {
            moves: (0..=MAX_DEPTH).map(|_| Vec::with_capacity(256)).collect(),
            params: Params::default().game_params(),
            nodes: 0,
            best_move: None,
        }
    }

    /// Searches `game` to `depth` (at most `MAX_DEPTH`) with `eval`, terminal positions
    /// scored by `terminal(game, ply)` (`Game::terminal_score` for `alphabeta`'s values).
    pub fn search<E, T>(
        &mut self,
        game: &mut G,
        depth: u32,
        eval: &E,
        terminal: T,
    ) -> Plain<G::Move>
    where
        E: Evaluator<G>,
        T: Fn(&G, usize) -> Option<Score> + Copy,
    {
        assert!(depth <= MAX_DEPTH, "depth {depth} beyond {MAX_DEPTH}");
        self.nodes = 0;
        self.best_move = None;
        let score = self.node(game, depth, -INFINITY, INFINITY, 0, eval, terminal);
        Plain {
            score,
            best_move: self.best_move,
            nodes: self.nodes,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn node<E, T>(
        &mut self,
        game: &mut G,
        depth: u32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        eval: &E,
        terminal: T,
    ) -> Score
    where
        E: Evaluator<G>,
        T: Fn(&G, usize) -> Option<Score> + Copy,
    {
        self.nodes += 1;
        if let Some(score) = terminal(game, ply) {
            return score;
        }
        if depth == 0 {
            return eval.evaluate(game);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        game.generate_search_moves(&self.params, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return eval.evaluate(game);
        }
        let side = game.side_to_move();
        let mut best = -INFINITY;
        for &mv in &moves {
            let undo = game.make(mv);
            let score = if game.side_to_move() == side {
                self.node(game, depth - 1, alpha, beta, ply + 1, eval, terminal)
            } else {
                -self.node(game, depth - 1, -beta, -alpha, ply + 1, eval, terminal)
            };
            game.unmake(mv, undo);
            if score > best {
                best = score;
                if ply == 0 {
                    self.best_move = Some(mv);
                }
                alpha = alpha.max(score);
            }
            if score >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        best
    }
}
