//! The minimal tree: how many nodes plain alpha-beta visits from a position to a depth when
//! every node's moves come in perfect order, best first by their exact minimax values at the
//! remaining depth (ties in generation order). Knuth and Moore's lower bound for a search
//! that does no more than alpha-beta, and the yardstick for the savings of move ordering.
//!
//! The exact values come from an exact configuration of the searcher (iterative deepening,
//! table move, killers, history, PVS: each changes only the order, never the value), run
//! on every child of every node the perfectly ordered search expands. Nodes are counted as
//! the searcher counts `n_nodes` (every node entered, leaves included, no quiescence).
//! Like the rest of `search`, this reads no clock and draws no random number.

use super::config::Config;
use super::negamax::Searcher;
use super::params::Params;
use crate::game::{Evaluator, Game, GameParams, Score, INFINITY};

/// The configuration that computes the exact values: only order-changing flags.
const ORACLE: &str = "alphabeta+id+tt-move+killers+history+pvs";

/// What the perfectly ordered search visited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinimalTree {
    /// Nodes entered (as `n_nodes` counts them).
    pub n_nodes: u64,
    /// Nodes at depth 0 or terminal.
    pub n_leaves: u64,
    /// The minimax value of the root for its side to move.
    pub score: Score,
}

/// The minimal tree of `game` to `depth` under `eval`, with the game parameters of `params`
/// (a Gomoku candidate radius, say: they decide which moves there are).
pub fn minimal_tree<G: Game, E: Evaluator<G> + Copy>(
    game: &G,
    depth: u32,
    eval: E,
    params: &Params,
) -> MinimalTree {
    let config = Config::parse(ORACLE).expect("the oracle's configuration parses");
    let mut walk = Walk {
        oracle: Searcher::new(config, params.clone(), eval),
        eval,
        game_params: params.game_params(),
        tree: MinimalTree::default(),
        values: Vec::new(),
        move_lists: Vec::new(),
    };
    let mut game = game.clone();
    walk.tree.score = walk.node(&mut game, depth, -INFINITY, INFINITY, 0);
    walk.tree
}

struct Walk<G: Game, E: Evaluator<G>> {
    oracle: Searcher<G, E>,
    eval: E,
    game_params: GameParams,
    tree: MinimalTree,
    /// Scratch: each move with its exact value, reused across nodes.
    values: Vec<(Score, usize, G::Move)>,
    /// One move list per ply, reused.
    move_lists: Vec<Vec<G::Move>>,
}

impl<G: Game, E: Evaluator<G>> Walk<G, E> {
    /// Plain fail-soft alpha-beta, as the searcher's `alphabeta` runs it, over perfectly
    /// ordered moves.
    fn node(
        &mut self,
        game: &mut G,
        depth: u32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.tree.n_nodes += 1;
        if let Some(score) = game.terminal_score(ply) {
            self.tree.n_leaves += 1;
            return score;
        }
        if self.move_lists.len() <= ply {
            self.move_lists.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        if depth > 0 {
            self.order_moves(game, depth, &mut moves);
        }
        if moves.is_empty() {
            self.tree.n_leaves += 1;
            self.move_lists[ply] = moves;
            return self.eval.evaluate(game);
        }
        let side = game.side_to_move();
        let mut best = -INFINITY;
        for &mv in &moves {
            let undo = game.make(mv);
            let score = if game.side_to_move() == side {
                self.node(game, depth - 1, alpha, beta, ply + 1)
            } else {
                -self.node(game, depth - 1, -beta, -alpha, ply + 1)
            };
            game.unmake(mv, undo);
            best = best.max(score);
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
        self.move_lists[ply] = moves;
        best
    }

    /// Fills `moves` with the search moves of `game`, best first by their exact values at
    /// `depth - 1`, ties in generation order.
    fn order_moves(&mut self, game: &mut G, depth: u32, moves: &mut Vec<G::Move>) {
        game.generate_search_moves(&self.game_params, moves);
        let side = game.side_to_move();
        let mut values = std::mem::take(&mut self.values);
        values.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let undo = game.make(mv);
            let value = self.exact(game, depth - 1);
            let value = if game.side_to_move() == side {
                value
            } else {
                -value
            };
            game.unmake(mv, undo);
            values.push((value, i, mv));
        }
        values.sort_by_key(|&(value, i, _)| (std::cmp::Reverse(value), i));
        moves.clear();
        moves.extend(values.iter().map(|&(.., mv)| mv));
        self.values = values;
    }

    /// The exact minimax value of `game` at `depth` for its side to move, as if it were the
    /// root (so that every child of a node is scored on the same scale).
    fn exact(&mut self, game: &mut G, depth: u32) -> Score {
        if let Some(score) = game.terminal_score(0) {
            return score;
        }
        if depth == 0 {
            return self.eval.evaluate(game);
        }
        let iterations = self.oracle.search(game, depth, &mut |_| {});
        iterations.last().expect("a search has an iteration").score
    }
}
