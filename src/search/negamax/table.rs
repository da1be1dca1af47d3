//! The negamax's use of the transposition table: probing for a move and a settling bound,
//! storing results, and mate scores stored relative to the node.

use super::{Node, Searcher, WIN_BOUND};
use crate::game::{Evaluator, Game, Score};
use crate::search::config::{Config, Enhancement, Flags};
use crate::search::tt::{Bound, Entry};

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// Probes the table: the stored move (with `tt-move`) and, with `tt-value`, a score when
    /// the stored bound settles this node; with `tt-narrow=1` a bound that does not settle it
    /// narrows `window` (alpha, beta) instead.
    pub(super) fn probe<F: Flags>(
        &mut self,
        game: &G,
        depth: u32,
        window: &mut (Score, Score),
        node: Node,
    ) -> (Option<G::Move>, Option<Score>) {
        if !uses_table::<F>(&self.config) {
            return (None, None);
        }
        let Some(tt) = &self.tt else {
            return (None, None);
        };
        self.counters.n_tt_probes += 1;
        let Some(entry) = tt.probe(game.hash()) else {
            return (None, None);
        };
        self.counters.n_tt_hits += 1;
        let tt_move = if F::has(&self.config, Enhancement::TtMove) {
            entry.mv
        } else {
            None
        };
        let deep_enough = u32::from(entry.depth) == depth
            || (self.params.tt_cut_deeper == 1 && u32::from(entry.depth) > depth);
        if !F::has(&self.config, Enhancement::TtValue) || node.ply == 0 || !deep_enough {
            return (tt_move, None);
        }
        let value = from_tt(entry.value, node.ply);
        let (alpha, beta) = *window;
        let cuts = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        };
        if !cuts && self.params.tt_narrow == 1 {
            match entry.bound {
                Bound::Lower => window.0 = alpha.max(value),
                Bound::Upper => window.1 = beta.min(value),
                Bound::Exact => {}
            }
        }
        if cuts {
            self.counters.n_tt_cutoffs += 1;
            return (tt_move, Some(value));
        }
        (tt_move, None)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn store<F: Flags>(
        &mut self,
        game: &G,
        depth: u32,
        best: Score,
        alpha: Score,
        beta: Score,
        mv: Option<G::Move>,
        size: u64,
        ply: usize,
    ) {
        if !uses_table::<F>(&self.config) {
            return;
        }
        let ab = F::has(&self.config, Enhancement::Ab);
        let Some(tt) = &mut self.tt else { return };
        let bound = if !ab {
            Bound::Exact
        } else if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        tt.store(Entry {
            key: game.hash(),
            mv,
            value: to_tt(best, ply),
            depth: depth as u8,
            bound,
            size: size.min(u64::from(u32::MAX)) as u32,
        });
    }
}

/// Whether a TT flag is on, that is whether the searcher has a table (known at compile time
/// on the fast paths).
pub(super) fn uses_table<F: Flags>(config: &Config) -> bool {
    F::has(config, Enhancement::TtValue) || F::has(config, Enhancement::TtMove)
}

/// Mate scores are stored relative to the node, so they stay right at any ply.
fn to_tt(score: Score, ply: usize) -> Score {
    if score >= WIN_BOUND {
        score + ply as Score
    } else if score <= -WIN_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn from_tt(score: Score, ply: usize) -> Score {
    if score >= WIN_BOUND {
        score - ply as Score
    } else if score <= -WIN_BOUND {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::{from_tt, to_tt, WIN_BOUND};
    use crate::game::{Score, WIN_SCORE};

    /// A mate is stored as its distance from the node that stores it, winning or losing, and
    /// read back as the same distance from the node that reads it, at whatever ply.
    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mate = |plies: usize| WIN_SCORE - plies as Score;
        for (ply, below) in [(1, 0), (3, 2), (7, 5), (20, 1)] {
            // Found `below` plies under a node at `ply`: scored from the root, `ply + below`.
            let (win, loss) = (mate(ply + below), -mate(ply + below));
            assert_eq!(to_tt(win, ply), mate(below));
            assert_eq!(to_tt(loss, ply), -mate(below));
            for read in [0, ply, 9] {
                assert_eq!(from_tt(to_tt(win, ply), read), mate(read + below));
                assert_eq!(from_tt(to_tt(loss, ply), read), -mate(read + below));
            }
        }
        for score in [0, 17, -17, WIN_BOUND - 1, 1 - WIN_BOUND] {
            assert_eq!((to_tt(score, 5), from_tt(score, 5)), (score, score));
        }
    }
}
