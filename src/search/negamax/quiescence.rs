//! Quiescence: below a depth-0 node reached by a noisy move, stand pat on the evaluation and
//! search on while moves stay noisy, at most `q-limit` plies. It keeps its own killers.
//!
//! Two parameters give CAMMP's variant: `q-quiet-every=2` tests "quiet" only at every second
//! q-ply (so the reply to a capture and the next move are searched whatever they are), and
//! `q-count=1` counts only the q-nodes that expand, the depth-0 node's own expansion
//! included (see `stats.rs` for the default counting); `q-no-killers=1` records no killers
//! here, so quiescence orders by the history heuristic only, as CAMMP's does.

use super::{Node, Searcher, MAX_PLY};
use crate::game::{Evaluator, Game, Score};
use crate::search::config::{Enhancement, Flags};
use crate::search::ordering::{At, Phase};

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A node at depth 0: a static evaluation, or quiescence after a noisy move.
    pub(super) fn leaf<F: Flags>(
        &mut self,
        game: &mut G,
        alpha: Score,
        beta: Score,
        node: Node,
    ) -> Score {
        if F::has(&self.config, Enhancement::Quiescence) && node.after_noisy {
            return self.quiesce::<F>(game, alpha, beta, node.ply, 0);
        }
        self.counters.n_leaves += 1;
        self.counters.n_evals += 1;
        self.eval.evaluate(game)
    }

    /// Quiescence below a noisy move: stand pat on the evaluation, then search every move
    /// (or only the noisy ones), going on only after noisy moves, at most `q-limit` plies.
    pub(super) fn quiesce<F: Flags>(
        &mut self,
        game: &mut G,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        qdepth: u32,
    ) -> Score {
        let ab = F::has(&self.config, Enhancement::Ab);
        self.counters.n_leaves += 1;
        self.counters.n_evals += 1;
        let stand = self.eval.evaluate(game);
        if qdepth >= self.params.q_limit || ply + 1 >= MAX_PLY || (ab && stand >= beta) {
            return stand;
        }
        let mut best = stand;
        if ab {
            alpha = alpha.max(stand);
        }
        if self.params.q_count == 1 && self.no_room() {
            return 0;
        }
        self.counters.n_interior += 1;
        if self.params.q_count == 1 {
            self.counters.n_qnodes += 1;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        let only_noisy = self.params.q_all_moves == 0;
        if only_noisy {
            game.generate_noisy_moves(&self.game_params, &mut moves);
        } else {
            game.generate_search_moves(&self.game_params, &mut moves);
        }
        let at = At {
            slot: ply,
            phase: Phase::Quiescence,
            ply,
        };
        self.ordering
            .order::<G, F>(game, &self.config, &mut moves, None, at);
        let side = game.side_to_move();
        for i in 0..moves.len() {
            let mv = self.ordering.pick(&mut moves, i, ply);
            let (undo, noisy) = match only_noisy {
                true => (game.make(mv), true),
                false => game.make_noisy(mv),
            };
            let score = if game.side_to_move() == side {
                self.qnode::<F>(game, alpha, beta, ply + 1, qdepth + 1, noisy)
            } else {
                -self.qnode::<F>(game, -beta, -alpha, ply + 1, qdepth + 1, noisy)
            };
            game.unmake(mv, undo);
            if self.capped {
                break;
            }
            best = best.max(score);
            if ab {
                alpha = alpha.max(score);
                if score >= beta {
                    if F::has(&self.config, Enhancement::Killers) && self.params.q_no_killers == 0 {
                        self.ordering.record_killer(mv, ply, Phase::Quiescence);
                    }
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        best
    }

    /// One quiescence node: it goes on after a noisy move, or at a q-ply where "quiet" is not
    /// tested.
    fn qnode<F: Flags>(
        &mut self,
        game: &mut G,
        alpha: Score,
        beta: Score,
        ply: usize,
        qdepth: u32,
        after_noisy: bool,
    ) -> Score {
        if self.out_of_nodes() {
            return 0;
        }
        if self.params.q_count == 0 {
            self.counters.n_qnodes += 1;
        }
        self.counters.sel_depth = self.counters.sel_depth.max(ply as u64);
        if let Some(score) = game.terminal_score(ply) {
            return score;
        }
        if !after_noisy && qdepth % self.params.q_quiet_every == 0 {
            self.counters.n_leaves += 1;
            self.counters.n_evals += 1;
            return self.eval.evaluate(game);
        }
        self.quiesce::<F>(game, alpha, beta, ply, qdepth)
    }
}
