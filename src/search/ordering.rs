//! Move ordering: the transposition-table move first (without one, iterative deepening's move
//! from the previous principal variation), then killer moves, then the game's static move
//! score (`candidate-sort`), then the history heuristic, each behind its own flag. Ties keep the game's generation order, so ordering
//! is deterministic. Scratch space is per ply and reused, so ordering never allocates.

use super::config::{Config, Enhancement, Flags};
use crate::game::{Game, Score};

const TT_MOVE_SCORE: i64 = 1 << 40;
const KILLER_SCORE: i64 = 1 << 39;

/// Which search a killer belongs to: quiescence keeps its own killers, so its cutoffs never
/// reorder the main search at the same ply (nor the other way round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The main search.
    Main,
    /// Quiescence below it.
    Quiescence,
}

/// Killer and history tables plus the scratch space for sorting.
///
/// Killers live in slots, one pair per index (the ply, or CAMMP's depth consumed; the
/// searcher chooses). Two schemes fill the main search's pairs: the two newest cutoff moves,
/// newest first; or CAMMP's, where the first is the last cutoff move (overwritten, no shift)
/// and the second the best move of any finished node whose score beat the one stored there.
/// Quiescence always keeps the two newest.
pub struct Ordering<M> {
    /// Two killers per slot, one table per [`Phase`].
    killers: [Vec<[Option<M>; 2]>; 2],
    /// CAMMP's scheme for the main search's killers.
    cammp_killers: bool,
    /// Under CAMMP's scheme, the score of each slot's second killer.
    best_scores: Vec<Score>,
    history: Vec<u64>,
    /// Per move: the table-move and killer score, the static move score, the history score,
    /// the generation index and the move.
    scratch: Vec<(i64, Score, i64, usize, M)>,
}

impl<M: Copy + Eq> Ordering<M> {
    /// Tables for searches up to `max_ply` plies deep, with CAMMP's killer scheme or not.
    pub fn new(max_ply: usize, cammp_killers: bool) -> Self {
        Ordering {
            killers: [vec![[None; 2]; max_ply], vec![[None; 2]; max_ply]],
            cammp_killers,
            best_scores: vec![Score::MIN; max_ply],
            history: Vec::new(),
            scratch: Vec::with_capacity(256),
        }
    }

    /// Empties the tables before a root search; `moves` is the game's move-index space.
    pub fn reset(&mut self, moves: usize) {
        for table in &mut self.killers {
            table.fill([None; 2]);
        }
        self.best_scores.fill(Score::MIN);
        self.history.clear();
        self.history.resize(moves, 0);
    }

    /// Sorts `moves` best first by the flags that are on, `first` (the table's or the previous
    /// iteration's move) before all; leaves them alone when there is nothing to sort by.
    pub fn order<G: Game<Move = M>, F: Flags>(
        &mut self,
        game: &G,
        config: &Config,
        moves: &mut [M],
        first: Option<M>,
        ply: usize,
        phase: Phase,
    ) {
        let killers = F::has(config, Enhancement::Killers);
        let history = F::has(config, Enhancement::History);
        let static_score = F::has(config, Enhancement::CandidateSort);
        if !killers && !history && !static_score {
            // Only `first` to go first: the sort below would move it to the front and keep
            // the rest in generation order.
            if let Some(pos) = first.and_then(|f| moves.iter().position(|&mv| mv == f)) {
                moves[..=pos].rotate_right(1);
            }
            return;
        }
        self.scratch.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let mut score = 0;
            let mut history_score = 0;
            if Some(mv) == first {
                score += TT_MOVE_SCORE;
            }
            if killers {
                let slots = &self.killers[phase as usize][ply];
                if let Some(slot) = slots.iter().position(|&k| k == Some(mv)) {
                    score += KILLER_SCORE >> slot;
                }
            }
            if history {
                history_score =
                    self.history[game.move_index(mv)].min(KILLER_SCORE as u64 / 4) as i64;
            }
            let move_score = if static_score { game.move_score(mv) } else { 0 };
            self.scratch.push((score, move_score, history_score, i, mv));
        }
        self.scratch
            .sort_unstable_by_key(|&(score, move_score, history, i, _)| {
                use std::cmp::Reverse;
                (Reverse(score), Reverse(move_score), Reverse(history), i)
            });
        for (slot, &(.., mv)) in moves.iter_mut().zip(&self.scratch) {
            *slot = mv;
        }
    }

    /// Remembers the cutoff move `mv` as a killer in `slot`.
    pub fn record_killer(&mut self, mv: M, slot: usize, phase: Phase) {
        let slots = &mut self.killers[phase as usize][slot];
        if self.cammp_killers && phase == Phase::Main {
            slots[0] = Some(mv);
        } else if slots[0] != Some(mv) {
            slots[1] = slots[0];
            slots[0] = Some(mv);
        }
    }

    /// Under CAMMP's scheme, makes a finished node's best move `mv` the second killer in
    /// `slot` when its `score` beats the one stored there; nothing otherwise.
    pub fn record_best(&mut self, mv: M, score: Score, slot: usize) {
        if self.cammp_killers && score > self.best_scores[slot] {
            self.best_scores[slot] = score;
            self.killers[Phase::Main as usize][slot][1] = Some(mv);
        }
    }

    /// Credits `mv` with depth squared in the history table.
    pub fn record_history<G: Game<Move = M>>(&mut self, game: &G, mv: M, depth: u32) {
        let idx = game.move_index(mv);
        self.history[idx] = self.history[idx].saturating_add(u64::from(depth * depth));
    }

    /// The history table, for tests.
    #[cfg(test)]
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// The two killers at `ply`, for tests.
    #[cfg(test)]
    pub fn killers(&self, ply: usize, phase: Phase) -> [Option<M>; 2] {
        self.killers[phase as usize][ply]
    }
}
