//! Move ordering: the transposition-table move first (without one, iterative deepening's move
//! from the previous principal variation), then killer moves, then the game's static move
//! score (`candidate-sort`), then the history heuristic, each behind its own flag. Ties keep the game's generation order, so ordering
//! is deterministic. Scratch space is per ply and reused, so ordering never allocates.
//!
//! [`Ordering::order`] takes each move's criteria when the node starts (the history and
//! killers its children change do not reorder it) and [`Ordering::pick`] hands the moves out
//! best first: the first found while the keys are packed, the next few by picking the
//! smallest key left, the rest by one sort, since most nodes cut off after a move or two and
//! never need the whole order.
//!
//! Each move's criteria and its generation index are packed into one integer whose ascending
//! order is the wanted one, and the integers are sorted: the index makes every key distinct,
//! so the unstable sort's result is the one order the criteria and the ties give. Without
//! static move scores the key fits 64 bits, which the standard sort handles fastest; with
//! them it takes 128. A Ming Mang profile (results/2026-11-26-mingmang-node-cost) found
//! ordering by a sort of five-field tuples at half the instructions of a `cammp` search.

use super::config::{Config, Enhancement, Flags};
use crate::game::{Game, Score};

/// The history score counts up to this much: past it, moves tie on history.
const HISTORY_CAP: u64 = 1 << 37;

/// [`Ordering::pick`] finds this many moves by picking the best left; the rest by a sort.
const LAZY_PICKS: usize = 3;

/// Which node a call to [`Ordering::order`] orders: its killer slot and phase, and its ply
/// (whose scratch holds the keys until its moves are picked).
#[derive(Clone, Copy, Debug)]
pub struct At {
    /// The killer slot.
    pub slot: usize,
    /// Main search or quiescence.
    pub phase: Phase,
    /// The node's ply.
    pub ply: usize,
}

/// One ply's moves being picked: their keys (which width is in `mode`), the moves in
/// generation order (what a key's index names, for the sort), and how many are in their
/// final place.
struct Picks<M> {
    mode: Mode,
    keys: Vec<u64>,
    wide_keys: Vec<u128>,
    by_index: Vec<M>,
    placed: usize,
}

/// How a ply's moves are ordered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Already in order.
    Placed,
    /// By 64-bit keys.
    Narrow,
    /// By 128-bit keys.
    Wide,
}

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
    /// Per ply, the keys of the moves [`Ordering::pick`] hands out.
    picks: Vec<Picks<M>>,
}

/// A sort key: the table-move and killer rank (0 to 6: the table move counts 4, the first
/// killer 2, the second 1), the static move score, the history score and the generation
/// index, packed so that ascending keys are best first.
trait Key: Ord + Copy {
    /// The key; `move_score` must be 0 for 64-bit keys.
    fn pack(rank: u64, move_score: Score, history: u64, index: usize) -> Self;
    /// The generation index it was packed with.
    fn index(self) -> usize;
}

impl Key for u64 {
    /// Rank in bits 61-63, history in bits 23-60, index in bits 0-22.
    fn pack(rank: u64, move_score: Score, history: u64, index: usize) -> u64 {
        debug_assert!(move_score == 0 && index < 1 << 23 && rank < 8);
        (7 - rank) << 61 | (HISTORY_CAP - history) << 23 | index as u64
    }

    fn index(self) -> usize {
        (self & ((1 << 23) - 1)) as usize
    }
}

impl Key for u128 {
    /// Rank in bits 102-104, the move score in bits 70-101, history in bits 32-69, the
    /// index in bits 0-31.
    fn pack(rank: u64, move_score: Score, history: u64, index: usize) -> u128 {
        debug_assert!(index < 1 << 32 && rank < 8);
        // The score's order as an unsigned number, then turned round: higher first.
        let score = u128::from(!((move_score as u32) ^ (1 << 31)));
        u128::from(7 - rank) << 102
            | score << 70
            | u128::from(HISTORY_CAP - history) << 32
            | index as u128
    }

    fn index(self) -> usize {
        (self as u32) as usize
    }
}

impl<M: Copy + Eq> Ordering<M> {
    /// Tables for searches up to `max_ply` plies deep, with CAMMP's killer scheme or not.
    pub fn new(max_ply: usize, cammp_killers: bool) -> Self {
        Ordering {
            killers: [vec![[None; 2]; max_ply], vec![[None; 2]; max_ply]],
            cammp_killers,
            best_scores: vec![Score::MIN; max_ply],
            history: Vec::new(),
            picks: (0..max_ply)
                .map(|_| Picks {
                    mode: Mode::Placed,
                    keys: Vec::new(),
                    wide_keys: Vec::new(),
                    by_index: Vec::new(),
                    placed: 0,
                })
                .collect(),
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

    /// Takes the criteria of `moves` at node `at` by the flags that are on, `first` (the
    /// table's or the previous iteration's move) before all, for [`Ordering::pick`] to hand
    /// them out best first; `moves` stay in generation order when there is nothing to sort by.
    pub fn order<G: Game<Move = M>, F: Flags>(
        &mut self,
        game: &G,
        config: &Config,
        moves: &mut [M],
        first: Option<M>,
        at: At,
    ) {
        let killers = F::has(config, Enhancement::Killers);
        let history = F::has(config, Enhancement::History);
        let static_score = F::has(config, Enhancement::CandidateSort);
        let picks = &mut self.picks[at.ply];
        picks.placed = 0;
        picks.mode = Mode::Placed;
        if !killers && !history && !static_score {
            // Only `first` to go first: sorting would move it to the front and keep the rest
            // in generation order.
            if let Some(pos) = first.and_then(|f| moves.iter().position(|&mv| mv == f)) {
                moves[..=pos].rotate_right(1);
            }
            return;
        }
        let slots = match killers {
            true => self.killers[at.phase as usize][at.slot],
            false => [None; 2],
        };
        let history_table = &self.history;
        let criteria = |mv: M| {
            let history_score = match history {
                true => history_table[game.move_index(mv)].min(HISTORY_CAP),
                false => 0,
            };
            let move_score = if static_score { game.move_score(mv) } else { 0 };
            (move_score, history_score)
        };
        let ranked = [first, slots[0], slots[1]];
        let by_index = &mut picks.by_index;
        let sorts = match static_score {
            true => fill_keys(&mut picks.wide_keys, by_index, moves, ranked, criteria),
            false => fill_keys(&mut picks.keys, by_index, moves, ranked, criteria),
        };
        if sorts && moves.len() > 1 {
            // The first move is in its place already.
            picks.placed = 1;
            picks.mode = [Mode::Narrow, Mode::Wide][usize::from(static_score)];
        }
    }

    /// The `i`-th best of `moves`, ordered at `ply` by [`Ordering::order`] and picked from
    /// the first in turn (picking one again is free); moves up to the `i`-th are then in
    /// their place in `moves`.
    #[inline]
    pub fn pick(&mut self, moves: &mut [M], i: usize, ply: usize) -> M {
        let picks = &mut self.picks[ply];
        // The plain case first and alone: moves in place (nothing to order by, or all
        // placed) cost one test, as a loop over the moves would.
        if picks.mode != Mode::Placed && i >= picks.placed {
            Self::place_next(picks, moves, i);
        }
        moves[i]
    }

    /// Whether the moves at `ply` wait to be picked: `false` when they are in their order
    /// already (nothing to order by), so a loop may read them as they are.
    pub fn lazy(&self, ply: usize) -> bool {
        self.picks[ply].mode != Mode::Placed
    }

    /// Puts the `i`-th best move in its place (and possibly more); the mode becomes
    /// `Placed` once every move is.
    #[inline(never)]
    fn place_next(picks: &mut Picks<M>, moves: &mut [M], i: usize) {
        debug_assert_eq!(i, picks.placed, "moves are picked in turn");
        picks.placed = match picks.mode {
            Mode::Placed => moves.len(),
            Mode::Narrow => place(&mut picks.keys, &picks.by_index, moves, i),
            Mode::Wide => place(&mut picks.wide_keys, &picks.by_index, moves, i),
        };
        if picks.placed >= moves.len() {
            picks.mode = Mode::Placed;
        }
    }

    /// Hands out the moves at `ply` in the order they are in (for a search of moves that
    /// [`Ordering::order`] has not seen), for tests.
    #[cfg(test)]
    pub fn keep_order(&mut self, ply: usize) {
        self.picks[ply].mode = Mode::Placed;
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

    /// Takes depth squared off `mv`'s history, down to 0 at least (`history-malus`).
    pub fn penalise_history<G: Game<Move = M>>(&mut self, game: &G, mv: M, depth: u32) {
        let idx = game.move_index(mv);
        self.history[idx] = self.history[idx].saturating_sub(u64::from(depth * depth));
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

/// The rank of `mv` among `ranked` (the table move, the first and the second killer): 4 for
/// the table move, 2 for the first killer, 1 for the second (a move that is both killers
/// ranks 3: as with 2, only the table move comes before it).
fn rank<M: Copy + Eq>(mv: M, [first, killer_1, killer_2]: [Option<M>; 3]) -> u64 {
    let is = |known: Option<M>| u64::from(known == Some(mv));
    4 * is(first) + 2 * is(killer_1) + is(killer_2)
}

/// Packs into `keys` the keys of type `K` of every move: its rank among `ranked` (the table
/// move and the killers), its static move score and history score from `criteria`, and its
/// generation index. When some move has a criterion to sort by, keeps the moves in generation
/// order in `by_index`, puts the best move (and its key) first in `moves` and says so;
/// otherwise keys and moves stay in generation order.
///
/// The moves are packed unranked, then the few in `ranked` found and packed again: most
/// moves are none of them, and a quiescence node (no table move, no killers) finds none.
fn fill_keys<M: Copy + Eq, K: Key>(
    keys: &mut Vec<K>,
    by_index: &mut Vec<M>,
    moves: &mut [M],
    ranked: [Option<M>; 3],
    criteria: impl Fn(M) -> (Score, u64),
) -> bool {
    let mut sorts = false;
    keys.clear();
    keys.extend(moves.iter().enumerate().map(|(i, &mv)| {
        let (move_score, history) = criteria(mv);
        sorts |= history != 0 || move_score != 0;
        K::pack(0, move_score, history, i)
    }));
    for mv in ranked.into_iter().flatten() {
        if let Some(i) = moves.iter().position(|&m| m == mv) {
            let (move_score, history) = criteria(mv);
            keys[i] = K::pack(rank(mv, ranked), move_score, history, i);
            sorts = true;
        }
    }
    if !sorts {
        return false;
    }
    by_index.clear();
    by_index.extend_from_slice(moves);
    // Every key is distinct, and a key's index is still its place.
    let best = keys.iter().min().map_or(0, |key| key.index());
    keys.swap(0, best);
    moves.swap(0, best);
    true
}

/// Puts the `i`-th best move in its place (`i` > 0: the first is placed by [`fill_keys`]),
/// `keys[j]` being the key of `moves[j]` from `i` on: within the first [`LAZY_PICKS`] by
/// swapping the smallest key left (and its move) to `i`, past them by sorting the rest and
/// reading their moves from `by_index` (the moves in generation order). How many moves are
/// then in their place.
fn place<M: Copy, K: Key>(keys: &mut [K], by_index: &[M], moves: &mut [M], i: usize) -> usize {
    if i < LAZY_PICKS {
        let best = i + smallest(&keys[i..]);
        keys.swap(i, best);
        moves.swap(i, best);
        return i + 1;
    }
    keys[i..].sort_unstable();
    for (slot, key) in moves[i..].iter_mut().zip(&keys[i..]) {
        *slot = by_index[key.index()];
    }
    moves.len()
}

/// Where the smallest of `keys` (not empty) is: the best key so far kept in a register, not
/// read back from the slice each step.
fn smallest<K: Key>(keys: &[K]) -> usize {
    let (mut best, mut best_key) = (0, keys[0]);
    for (j, &key) in keys.iter().enumerate().skip(1) {
        if key < best_key {
            (best, best_key) = (j, key);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every move of `moves` picked in turn by their keys from `ranked` (the table move and
    /// the killers) and `criteria`, as [`Ordering::pick`] does (in generation order when no
    /// move has a criterion).
    fn pick_all<K: Key>(
        moves: &mut [usize],
        ranked: [Option<usize>; 3],
        criteria: impl Fn(usize) -> (Score, u64),
    ) -> Vec<usize> {
        let (mut keys, mut by_index) = (Vec::new(), Vec::new());
        if !fill_keys::<usize, K>(&mut keys, &mut by_index, moves, ranked, criteria) {
            return moves.to_vec();
        }
        let mut placed = 1;
        (0..moves.len())
            .map(|i| {
                if i >= placed {
                    placed = place(&mut keys, &by_index, moves, i);
                }
                moves[i]
            })
            .collect()
    }

    /// Moves told apart by one criterion alone (the table move and the killers, or every
    /// move with a history score, or with a static score) are sorted too.
    #[test]
    fn moves_told_apart_by_one_criterion_alone_are_sorted() {
        let values = [2, 4, 1];
        let none = |_: usize| (0, 0);
        let by_history = |i: usize| (0, values[i]);
        let by_score = |i: usize| (values[i] as Score, 0);
        let killers = [None, Some(2), Some(1)];
        assert_eq!(pick_all::<u64>(&mut [0, 1, 2], killers, none), [2, 1, 0]);
        assert_eq!(pick_all::<u128>(&mut [0, 1, 2], killers, none), [2, 1, 0]);
        let table = [Some(1), None, None];
        assert_eq!(pick_all::<u64>(&mut [0, 1, 2], table, none), [1, 0, 2]);
        let unranked = [None; 3];
        assert_eq!(
            pick_all::<u64>(&mut [0, 1, 2], unranked, by_history),
            [1, 0, 2]
        );
        assert_eq!(
            pick_all::<u128>(&mut [0, 1, 2], unranked, by_score),
            [1, 0, 2]
        );
        assert_eq!(pick_all::<u64>(&mut [0, 1, 2], unranked, none), [0, 1, 2]);
    }

    /// Packed keys picked in turn (the first while packing, the next few lazily, the rest
    /// sorted) come exactly in the order of the criteria: rank (the table move 4, the first
    /// killer 2, else the second 1), static move score and history (capped) highest first,
    /// then the generation index lowest first; 64-bit keys without move scores, 128-bit keys
    /// with them, many ties included, the table move and the killers the same move at times.
    #[test]
    fn packed_keys_sort_as_the_criteria() {
        let mut rng = ChaCha8Rng::seed_from_u64(27);
        for round in 0..300 {
            let wide = round % 2 == 1;
            let n = rng.gen_range(1..120);
            let criteria: Vec<(Score, u64)> = (0..n)
                .map(|_| {
                    let score = if wide { rng.gen_range(-3..3) * 1000 } else { 0 };
                    let history = [0, 1, 9, HISTORY_CAP, HISTORY_CAP + 5][rng.gen_range(0..5)];
                    (score, history)
                })
                .collect();
            // Out of range (n + 2): a table move or killer that is not among the moves.
            let ranked = [(); 3].map(|_| rng.gen_bool(0.6).then(|| rng.gen_range(0..n + 3)));
            let [first, killer_1, killer_2] = ranked;
            let rank = |i: usize| {
                let killer = match Some(i) {
                    k if k == killer_1 => 2,
                    k if k == killer_2 => 1,
                    _ => 0,
                };
                4 * u64::from(Some(i) == first) + killer
            };
            let mut expected: Vec<usize> = (0..n).collect();
            expected.sort_by_key(|&i| {
                let (score, history) = criteria[i];
                use std::cmp::Reverse;
                (
                    Reverse(rank(i)),
                    Reverse(score),
                    Reverse(history.min(HISTORY_CAP)),
                    i,
                )
            });
            let mut moves: Vec<usize> = (0..n).collect();
            let key = |i: usize| {
                let (score, history) = criteria.get(i).copied().unwrap_or_default();
                (score, history.min(HISTORY_CAP))
            };
            let picked = match wide {
                true => pick_all::<u128>(&mut moves, ranked, key),
                false => pick_all::<u64>(&mut moves, ranked, key),
            };
            let context = format!("round {round}: {ranked:?} {criteria:?}");
            assert_eq!(picked, expected, "{context}");
            assert_eq!(moves, expected, "{context}: moves in place");
        }
    }
}
