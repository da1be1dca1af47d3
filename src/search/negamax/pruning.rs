//! The pruning and reduction rules of the negamax, each a small function deciding whether it
//! applies: late move reductions, null move, multi-cut. None of them is exact.

use super::{Node, Searcher, WIN_BOUND};
use crate::game::{Evaluator, Game, Score};
use crate::search::config::{Enhancement, Flags};

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// The plies to reduce the `index`-th move by (0: none); noisy moves are reduced only with
    /// `lmr-captures=1`.
    pub(super) fn late_move_reduction<F: Flags>(
        &self,
        game: &G,
        mv: G::Move,
        index: usize,
        depth: u32,
        is_root: bool,
    ) -> u32 {
        let applies = F::has(&self.config, Enhancement::Lmr)
            && !is_root
            && index >= self.params.lmr_after as usize
            && depth >= self.params.lmr_min_depth
            && (self.params.lmr_captures == 1 || !game.is_noisy(mv));
        if applies {
            self.params.lmr_r.min(depth - 1)
        } else {
            0
        }
    }

    /// Null-move pruning: hand the move over and search shallower with a null window; a
    /// fail high there cuts, returning beta (or with `null-fail-soft=1` the null search's
    /// value). Never when beta is a mate bound.
    pub(super) fn try_null_move<F: Flags>(
        &mut self,
        game: &mut G,
        depth: u32,
        beta: Score,
        node: Node,
    ) -> Option<Score> {
        let applies = F::has(&self.config, Enhancement::NullMove)
            && node.ply > 0
            && !node.after_null
            && depth >= self.params.null_min_depth
            && beta.abs() < WIN_BOUND;
        if !applies {
            return None;
        }
        let side = game.side_to_move();
        let undo = game.make_null()?;
        self.counters.n_null_tries += 1;
        let next = Node {
            ply: node.ply + 1,
            after_null: true,
            after_noisy: false,
            on_pv: false,
        };
        let reduced = depth.saturating_sub(1 + self.params.null_r);
        let score = self.child::<F>(game, side, reduced, beta - 1, beta, next);
        game.unmake_null(undo);
        if self.capped || score < beta {
            return None;
        }
        self.counters.n_null_cutoffs += 1;
        Some(if self.params.null_fail_soft == 1 {
            score
        } else {
            beta
        })
    }

    /// Multi-cut: search the first M moves shallower with a null window at beta (or with
    /// `multi-cut-full-window=1` the node's window); C fail highs cut the node, returning
    /// beta. With `multi-cut-no-null=1` the probes' children may not try a null move.
    pub(super) fn try_multi_cut<F: Flags>(
        &mut self,
        game: &mut G,
        moves: &mut [G::Move],
        depth: u32,
        (alpha, beta): (Score, Score),
        node: Node,
    ) -> Option<Score> {
        let applies = F::has(&self.config, Enhancement::MultiCut)
            && node.ply > 0
            && depth >= self.params.multi_cut_min_depth
            && beta.abs() < WIN_BOUND;
        if !applies {
            return None;
        }
        self.counters.n_multi_cut_tries += 1;
        let side = game.side_to_move();
        let reduced = depth.saturating_sub(1 + self.params.multi_cut_r);
        let lo = if self.params.multi_cut_full_window == 1 {
            alpha
        } else {
            beta - 1
        };
        let mut fail_highs = 0;
        for i in 0..moves.len().min(self.params.multi_cut_m as usize) {
            let mv = self.ordering.pick(moves, i, node.ply);
            let (undo, mut next) = self.enter::<F>(game, mv, node.ply);
            next.after_null = self.params.multi_cut_no_null == 1;
            let score = self.child::<F>(game, side, reduced, lo, beta, next);
            game.unmake(mv, undo);
            if self.capped {
                return None;
            }
            if score >= beta {
                fail_highs += 1;
                if fail_highs >= self.params.multi_cut_c {
                    self.counters.n_multi_cut_cutoffs += 1;
                    return Some(beta);
                }
            }
        }
        None
    }
}
