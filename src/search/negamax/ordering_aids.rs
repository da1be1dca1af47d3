//! Two opt-in aids to move ordering, both exact (they change the order, never a value), both
//! off by default: internal iterative deepening (`iid-depth`) finds a first move by a
//! shallower search of the node itself where the table has none, and the history malus
//! (`history-malus=1`) takes depth squared off the history of the moves searched before a
//! cutoff move, so that moves which keep failing sink.

use super::{table, Node, Searcher};
use crate::game::{Evaluator, Game, Score};
use crate::search::config::{Enhancement, Flags};

/// The plies internal iterative deepening searches the node less deep.
pub(super) const IID_REDUCTION: u32 = 2;

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// The node's first move from internal iterative deepening: with `tt-move` on, no move
    /// from the table and at least `iid-depth` plies left (0: never), the node is searched
    /// `IID_REDUCTION` plies shallower in its own window and the move that search stored in
    /// the table comes first. Its nodes are counted as every other node.
    pub(super) fn iid_move<F: Flags>(
        &mut self,
        game: &mut G,
        depth: u32,
        window: (Score, Score),
        node: Node,
    ) -> Option<G::Move> {
        let min_depth = self.params.iid_depth;
        let wanted = min_depth > 0
            && depth >= min_depth.max(IID_REDUCTION + 1)
            && F::has(&self.config, Enhancement::TtMove)
            && table::uses_table::<F>(&self.config);
        if !wanted {
            return None;
        }
        self.negamax::<F>(game, depth - IID_REDUCTION, window.0, window.1, node);
        if self.capped {
            return None;
        }
        self.tt.as_ref()?.probe(game.hash())?.mv
    }

    /// `history-malus=1`: after the cutoff by the `cut`-th move of `moves`, the moves
    /// searched before it lose depth squared of history (down to 0 at least).
    pub(super) fn history_malus<F: Flags>(
        &mut self,
        game: &G,
        moves: &[G::Move],
        cut: usize,
        depth: u32,
    ) {
        if self.params.history_malus == 0 || !F::has(&self.config, Enhancement::History) {
            return;
        }
        for &mv in &moves[..cut] {
            self.ordering.penalise_history(game, mv, depth);
        }
    }
}
