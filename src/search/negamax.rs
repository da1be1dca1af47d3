//! The one negamax behind every configuration: each enhancement is a runtime flag gating one
//! small decision, and the empty set is plain minimax.
//!
//! Scores are negated only where the side to move changes (Kalah's extra move keeps it).
//! Nothing here allocates per node: move lists and scores live in per-ply buffers made once,
//! and the principal variation in a triangular table. The search never prints, reads a clock
//! or touches files; callers time iterations through the callback.
//!
//! This file holds the root, iterative deepening and the move loop; the submodules hold the
//! table's probe and store (`table`), null move, multi-cut and LMR (`pruning`) and
//! quiescence (`quiescence`); `probes` lets tests call the parts alone. Iterative deepening hands the previous iteration's principal
//! variation on: along it, its move is tried first where the table offers none.

use super::config::{Config, Enhancement, Fixed, Flags, Runtime};
use super::ordering::{At, Ordering, Phase};
use super::params::Params;
use super::stats::{Counters, Iteration};
use super::strategy::{Stop, STOP_EVERY};
use super::tt::Table;
use crate::game::{Evaluator, Forced, Game, GameParams, Score, INFINITY, WIN_SCORE};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod ordering_aids;
#[cfg(test)]
mod probes;
mod pruning;
mod quiescence;
mod table;

/// The deepest nominal depth a search accepts.
pub const MAX_DEPTH: u32 = 64;
/// Plies below the root, quiescence included, that the buffers hold.
const MAX_PLY: usize = MAX_DEPTH as usize + 64;
/// Scores beyond this are wins or losses at a known distance.
pub(crate) const WIN_BOUND: Score = WIN_SCORE - MAX_PLY as Score;
/// The configurations with a compiled fast path (see [`Flags`]): `alphabeta` and
/// `alphabeta+id+tt-value+tt-move+pvs`.
const ALPHABETA: u32 = Config::from_flags(&[Enhancement::Ab]).bits();
const ID_TT_PVS: u32 = Config::from_flags(&[
    Enhancement::Ab,
    Enhancement::Id,
    Enhancement::TtValue,
    Enhancement::TtMove,
    Enhancement::Pvs,
])
.bits();

/// A reusable negamax searcher for one game, configuration, parameter set and evaluation.
pub struct Searcher<G: Game, E: Evaluator<G>> {
    config: Config,
    params: Params,
    eval: E,
    tt: Option<Table<G::Move>>,
    ordering: Ordering<G::Move>,
    moves: Vec<Vec<G::Move>>,
    pv: Vec<G::Move>,
    pv_len: Vec<usize>,
    counters: Counters,
    /// Nodes expanded by the earlier iterations of this root search.
    spent: u64,
    /// The nominal depth of the iteration running.
    iteration_depth: u32,
    node_limit: u64,
    /// The smaller of the node limit and the budget, for the per-node test.
    node_cap: u64,
    /// Nodes left before the stop is asked again.
    stop_countdown: u32,
    /// Whether the presets' compiled fast paths are used (the default).
    fast_paths: bool,
    /// Asked every `STOP_EVERY` nodes whether to stop as the node cap does (a clock), for
    /// the duration of one root search.
    stop: Option<Box<dyn Stop>>,
    /// The node budget (`u64::MAX`: none).
    node_budget: u64,
    /// The search is unwinding: the cap or the budget ran out.
    capped: bool,
    /// The budget, not the cap, ran out.
    exhausted: bool,
    /// The previous iteration's principal variation, tried first along its path when the
    /// table offers no move.
    prev_pv: Vec<G::Move>,
    /// The parameters the game's own hooks read.
    game_params: GameParams,
    /// The only root move to search, when `threat-space` found the opponent's single win.
    root_only: Option<G::Move>,
    /// `greedy`'s scratch: move score, generation index and move.
    greedy_scratch: Vec<(Score, usize, G::Move)>,
}

/// What kind of node the search is in, passed down the tree.
#[derive(Clone, Copy)]
struct Node {
    ply: usize,
    /// The move into this node was a null move.
    after_null: bool,
    /// The move into this node was noisy (quiescence follows it).
    after_noisy: bool,
    /// Every move from the root to this node follows the previous iteration's PV.
    on_pv: bool,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher; the transposition table is allocated only when a TT flag is on.
    pub fn new(config: Config, params: Params, eval: E) -> Self {
        let cammp_killers = params.killer_scheme == 1;
        let use_tt = config.has(Enhancement::TtValue) || config.has(Enhancement::TtMove);
        let tt = use_tt.then(|| {
            Table::new(params.tt_bits, params.tt_scheme).strict_big(params.tt_big_strict == 1)
        });
        Searcher {
            game_params: params.game_params(),
            config,
            params,
            eval,
            tt,
            ordering: Ordering::new(MAX_PLY, cammp_killers),
            moves: (0..MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            pv: vec![G::Move::default(); MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY],
            counters: Counters::default(),
            spent: 0,
            iteration_depth: 0,
            node_limit: u64::MAX,
            node_cap: u64::MAX,
            stop_countdown: 1,
            fast_paths: true,
            node_budget: u64::MAX,
            stop: None,
            capped: false,
            exhausted: false,
            prev_pv: Vec::new(),
            root_only: None,
            greedy_scratch: Vec::with_capacity(256),
        }
    }

    /// Stops a root search once it has expanded `limit` nodes (main and quiescence, summed
    /// over its iterations); the iteration that hits the cap is reported as capped.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit.unwrap_or(u64::MAX);
    }

    /// Stops a root search once it has expanded `budget` nodes (the Gothello study's
    /// "maximum number of states visited"), counted as the cap is; unlike the cap, the
    /// search then ends normally with the move and score of its last completed iteration
    /// (meant with iterative deepening; see [`Iteration::exhausted`]).
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.node_budget = budget.unwrap_or(u64::MAX);
    }

    /// Uses the compiled fast paths of `alphabeta` and `alphabeta+id+tt-value+tt-move+pvs`
    /// (`true`, the default) or the general path for every configuration: the same nodes,
    /// moves and scores, for tests and benchmarks of the fast paths.
    pub fn set_fast_paths(&mut self, on: bool) {
        self.fast_paths = on;
    }

    /// The depths iterative deepening visits on the way to `depth`: every `id_step`-th,
    /// ending at `depth` (CAMMP's even depths with the default step of 2).
    pub fn schedule(&self, depth: u32) -> Vec<u32> {
        if !self.config.has(Enhancement::Id) {
            return vec![depth];
        }
        self.deepening(depth)
    }

    /// The depths of [`Searcher::schedule`], or every depth up to `depth` without `id`.
    fn deepening(&self, depth: u32) -> Vec<u32> {
        if !self.config.has(Enhancement::Id) {
            return (1..=depth).collect();
        }
        let step = self.params.id_step.max(1);
        let mut depths: Vec<u32> = (0..)
            .map(|k| depth.saturating_sub(k * step))
            .take_while(|&d| d > 0)
            .collect();
        depths.dedup();
        depths.reverse();
        depths
    }

    /// Searches `game` to `depth` with fresh tables, calling `on_iteration` after each
    /// iteration; returns every iteration, the last at `depth`.
    pub fn search(
        &mut self,
        game: &mut G,
        depth: u32,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.search_within(game, depth, false, None, on_iteration)
    }

    /// [`Searcher::search`], deepening one depth at a time even without `id` if `deepen`
    /// (with the tables kept between iterations), and asking `stop`, if given, every
    /// `STOP_EVERY` nodes whether to stop and after each iteration whether to go on.
    pub(super) fn search_within(
        &mut self,
        game: &mut G,
        depth: u32,
        deepen: bool,
        stop: Option<Box<dyn Stop>>,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.stop = stop;
        let schedule = match deepen {
            true => self.deepening(depth),
            false => self.schedule(depth),
        };
        let iterations = self.iterate(game, &schedule, on_iteration);
        self.stop = None;
        iterations
    }

    /// The iterations of `schedule` from fresh tables.
    fn iterate(
        &mut self,
        game: &mut G,
        schedule: &[u32],
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        let depth = *schedule.last().expect("a depth");
        assert!(
            (1..=MAX_DEPTH).contains(&depth),
            "depth {depth} out of 1..={MAX_DEPTH}"
        );
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.ordering.reset(game.move_index_space());
        self.capped = false;
        self.exhausted = false;
        self.spent = 0;
        self.node_cap = self.node_limit.min(self.node_budget);
        self.stop_countdown = 1;
        self.prev_pv.clear();
        let (settled, mut threat_nodes) = self.threat_space(game);
        let mut iterations: Vec<Iteration<G::Move>> = Vec::new();
        let mut guess = None;
        for &d in schedule {
            if !iterations.is_empty() && !self.go_on(iterations.len()) {
                break;
            }
            self.counters = Counters::default();
            self.counters.n_nodes += std::mem::take(&mut threat_nodes);
            self.iteration_depth = d;
            let score = match settled {
                Some((mv, score)) => self.settle(mv, score),
                None => self.root_any(game, d, guess),
            };
            self.spent += self.counters.expanded();
            let mut iteration = Iteration {
                depth: d,
                counters: self.counters,
                score,
                best_move: (self.pv_len[0] > 0).then(|| self.pv[0]),
                pv: self.pv[..self.pv_len[0]].to_vec(),
                capped: self.capped && !self.exhausted,
                exhausted: self.exhausted,
            };
            // A spent budget keeps the last completed iteration's answer.
            if let (true, Some(last)) = (self.exhausted, iterations.last()) {
                (iteration.score, iteration.best_move) = (last.score, last.best_move);
                iteration.pv.clone_from(&last.pv);
            }
            on_iteration(&iteration);
            iterations.push(iteration);
            guess = Some(score);
            if self.capped {
                break;
            }
            self.prev_pv.clear();
            self.prev_pv.extend_from_slice(&self.pv[..self.pv_len[0]]);
        }
        iterations
    }

    /// `threat-space` before the iterations: the game's threat search settles the root (a
    /// move and its value) or leaves one move to search, or nothing. Returns the settled
    /// move and value and the positions the threat search visited.
    fn threat_space(&mut self, game: &mut G) -> (Option<(G::Move, Score)>, u64) {
        self.root_only = None;
        if !self.config.has(Enhancement::ThreatSpace) || game.terminal_score(0).is_some() {
            return (None, 0);
        }
        let mut n_nodes = 0;
        let settled = match game.threat_search(&self.game_params, &mut n_nodes) {
            Some(Forced::Settled(mv, score)) => Some((mv, score)),
            Some(Forced::Only(mv)) => {
                self.root_only = Some(mv);
                None
            }
            None => None,
        };
        (settled, n_nodes)
    }

    /// An iteration that the threat search settled: the root is one node, its value the
    /// threat search's, its principal variation the one move.
    fn settle(&mut self, mv: G::Move, score: Score) -> Score {
        self.counters.n_nodes += 1;
        self.pv[0] = mv;
        self.pv_len[0] = 1;
        score
    }

    /// The node's moves: the game's search moves, only the threat search's move at the root
    /// when it left one, and the `greedy-width` best by move score under `greedy`.
    fn node_moves<F: Flags>(&mut self, game: &G, moves: &mut Vec<G::Move>, ply: usize) {
        moves.clear();
        game.generate_search_moves(&self.game_params, moves);
        let threats = F::has(&self.config, Enhancement::ThreatSpace);
        if let (true, 0, Some(only)) = (threats, ply, self.root_only) {
            moves.retain(|&mv| mv == only);
        }
        if ply == 0 && self.params.tie_seed != 0 {
            let seed = u64::from(self.params.tie_seed) ^ game.hash();
            moves.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        }
        if F::has(&self.config, Enhancement::Greedy) {
            self.keep_best(game, moves);
        }
    }

    /// `greedy`: keeps the `greedy-width` moves with the best move score (ties by generation
    /// order), in generation order, so that ordering stays the other flags' business.
    fn keep_best(&mut self, game: &G, moves: &mut Vec<G::Move>) {
        let width = self.params.greedy_width as usize;
        if moves.len() <= width {
            return;
        }
        let scratch = &mut self.greedy_scratch;
        scratch.clear();
        scratch.extend(
            moves
                .iter()
                .enumerate()
                .map(|(i, &mv)| (game.move_score(mv), i, mv)),
        );
        scratch.sort_unstable_by_key(|&(score, i, _)| (std::cmp::Reverse(score), i));
        scratch.truncate(width);
        scratch.sort_unstable_by_key(|&(_, i, _)| i);
        moves.clear();
        moves.extend(scratch.iter().map(|&(.., mv)| mv));
    }

    /// The configuration's fast path (its flag bits), if it has one and fast paths are on.
    fn fast_path(&self) -> Option<u32> {
        let bits = self.config.bits();
        (self.fast_paths && matches!(bits, ALPHABETA | ID_TT_PVS)).then_some(bits)
    }

    /// One iteration at the root through the configuration's fast path if it has one.
    fn root_any(&mut self, game: &mut G, depth: u32, guess: Option<Score>) -> Score {
        match self.fast_path() {
            Some(ALPHABETA) => self.root::<Fixed<ALPHABETA>>(game, depth, guess),
            Some(ID_TT_PVS) => self.root::<Fixed<ID_TT_PVS>>(game, depth, guess),
            _ => self.root::<Runtime>(game, depth, guess),
        }
    }

    /// One iteration at the root, inside an aspiration window when that flag is on.
    fn root<F: Flags>(&mut self, game: &mut G, depth: u32, guess: Option<Score>) -> Score {
        let root = Node {
            ply: 0,
            after_null: false,
            after_noisy: false,
            on_pv: true,
        };
        if !F::has(&self.config, Enhancement::Aspiration) || game.terminal_score(0).is_some() {
            return self.negamax::<F>(game, depth, -INFINITY, INFINITY, root);
        }
        let center = guess.unwrap_or_else(|| {
            self.counters.n_evals += 1;
            self.eval.evaluate(game)
        });
        let delta = self.params.aspiration_window as Score;
        let (mut alpha, mut beta) = (center.saturating_sub(delta), center.saturating_add(delta));
        loop {
            debug_assert!(alpha < beta, "aspiration window ({alpha}, {beta}) is empty");
            let score = self.negamax::<F>(game, depth, alpha, beta, root);
            if self.capped {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                alpha = -INFINITY;
            } else if score >= beta && beta < INFINITY {
                beta = INFINITY;
            } else {
                return score;
            }
            self.counters.n_aspiration_researches += 1;
        }
    }

    /// Whether the stop, if any, lets another iteration start after `completed`.
    fn go_on(&mut self, completed: usize) -> bool {
        let spent = self.spent;
        self.stop
            .as_mut()
            .is_none_or(|stop| stop.another(spent, completed))
    }

    /// Whether the search must unwind before counting the node it is entering: the node cap
    /// or budget is spent (tested at every node, so that a capped search has expanded
    /// exactly the cap), or the stop says so (asked every `STOP_EVERY` nodes).
    fn out_of_nodes(&mut self) -> bool {
        self.stop_countdown -= 1;
        let stopped = self.stop_countdown == 0 && {
            self.stop_countdown = STOP_EVERY;
            let used = self.spent + self.counters.expanded();
            self.stop.as_mut().is_some_and(|s| s.now(used))
        };
        if stopped {
            self.capped = true;
            self.exhausted = false;
            return true;
        }
        self.no_room()
    }

    /// Whether the node cap or budget leaves no room for one more expanded node (marking
    /// the search capped or its budget spent). Asked by `out_of_nodes` and before
    /// `q-count=1` counts an expanding q-node.
    fn no_room(&mut self) -> bool {
        if self.spent + self.counters.expanded() >= self.node_cap {
            self.capped = true;
            self.exhausted = self.node_budget < self.node_limit;
        }
        self.capped
    }

    /// Searches the child reached by the move just made, negating only when the side to
    /// move has changed.
    #[allow(clippy::too_many_arguments)]
    fn child<F: Flags>(
        &mut self,
        game: &mut G,
        side: u8,
        depth: u32,
        alpha: Score,
        beta: Score,
        node: Node,
    ) -> Score {
        if game.side_to_move() == side {
            self.negamax::<F>(game, depth, alpha, beta, node)
        } else {
            -self.negamax::<F>(game, depth, -beta, -alpha, node)
        }
    }

    fn negamax<F: Flags>(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: Score,
        beta: Score,
        node: Node,
    ) -> Score {
        self.pv_len[node.ply] = 0;
        if self.out_of_nodes() {
            return 0;
        }
        self.counters.n_nodes += 1;
        self.counters.sel_depth = self.counters.sel_depth.max(node.ply as u64);
        if let Some(score) = game.terminal_score(node.ply) {
            return score;
        }
        let mut window = (alpha, beta);
        if depth == 0 || node.ply + 1 >= MAX_PLY {
            if depth == 0 && self.params.tt_probe_leaves == 1 {
                if let (_, Some(score)) = self.probe::<F>(game, depth, &mut window, node) {
                    return score;
                }
            }
            return self.leaf::<F>(game, window.0, window.1, node);
        }
        // Only the table measures subtrees: plain searches skip the count.
        let nodes_before = match table::uses_table::<F>(&self.config) {
            true => self.subtree_nodes(),
            false => 0,
        };
        let (mut tt_move, tt_answer) = self.probe::<F>(game, depth, &mut window, node);
        if let Some(score) = tt_answer {
            return score;
        }
        if tt_move.is_none() && self.params.iid_depth > 0 {
            tt_move = self.iid_move::<F>(game, depth, window, node);
            if self.capped {
                return 0;
            }
        }
        self.expand::<F>(game, depth, window, node, tt_move, nodes_before)
    }

    /// The rest of an interior node once the table has not settled it: null move, the moves
    /// in order, multi-cut, the move loop, the history, killers and table updates.
    fn expand<F: Flags>(
        &mut self,
        game: &mut G,
        depth: u32,
        (mut alpha, beta): (Score, Score),
        node: Node,
        tt_move: Option<G::Move>,
        nodes_before: u64,
    ) -> Score {
        let ab = F::has(&self.config, Enhancement::Ab);
        let is_root = node.ply == 0;
        if let Some(score) = self.try_null_move::<F>(game, depth, beta, node) {
            return score;
        }
        let mut moves = std::mem::take(&mut self.moves[node.ply]);
        self.node_moves::<F>(game, &mut moves, node.ply);
        if moves.is_empty() {
            self.moves[node.ply] = moves;
            return self.leaf::<F>(game, alpha, beta, node);
        }
        self.counters.n_interior += 1;
        let first = tt_move.or_else(|| self.pv_move::<F>(node));
        let slot = self.killer_slot(depth, node);
        let at = At {
            slot,
            phase: Phase::Main,
            ply: node.ply,
        };
        self.ordering
            .order::<G, F>(game, &self.config, &mut moves, first, at);
        if let Some(score) = self.try_multi_cut::<F>(game, &mut moves, depth, (alpha, beta), node) {
            self.moves[node.ply] = moves;
            return score;
        }
        let side = game.side_to_move();
        let alpha_orig = alpha;
        let tie_break = is_root && F::has(&self.config, Enhancement::Liberties);
        let (mut best, mut best_tie) = (-INFINITY, 0);
        let mut best_move = None;
        let lazy = self.ordering.lazy(node.ply);
        for i in 0..moves.len() {
            let mv = match lazy {
                true => self.ordering.pick(&mut moves, i, node.ply),
                false => moves[i],
            };
            let reduce = self.late_move_reduction::<F>(game, mv, i, depth, is_root);
            let (undo, mut next) = self.enter::<F>(game, mv, node.ply);
            next.on_pv = F::has(&self.config, Enhancement::Id)
                && node.on_pv
                && self.prev_pv.get(node.ply) == Some(&mv);
            let score = match tie_break {
                true => self.search_tie::<F>(game, side, depth, alpha, beta, next),
                false => self.search_move::<F>(game, side, depth, reduce, i, alpha, beta, next),
            };
            let tie = if tie_break {
                game.root_tie_break(side)
            } else {
                0
            };
            game.unmake(mv, undo);
            if self.capped {
                self.moves[node.ply] = moves;
                return 0;
            }
            // A tie is real only where both scores are exact: at or above the window.
            let wins_tie = tie_break && score == best && score >= alpha_orig && tie > best_tie;
            if score > best || wins_tie {
                (best, best_tie) = (score, tie);
                best_move = Some(mv);
                if score > alpha || wins_tie {
                    if ab {
                        alpha = score;
                    }
                    self.update_pv(node.ply, mv);
                }
            }
            if ab && score >= beta {
                self.counters.n_beta_cutoffs += 1;
                if i == 0 {
                    self.counters.n_first_move_cutoffs += 1;
                }
                if F::has(&self.config, Enhancement::Killers) {
                    self.ordering.record_killer(mv, slot, Phase::Main);
                }
                self.history_malus::<F>(game, &moves, i, depth);
                break;
            }
        }
        self.moves[node.ply] = moves;
        if let Some(mv) = best_move {
            self.record_best_move::<F>(game, mv, best, alpha_orig, depth, slot);
        }
        let size = match table::uses_table::<F>(&self.config) {
            true => self.subtree_nodes() - nodes_before,
            false => 0,
        };
        self.store::<F>(
            game, depth, best, alpha_orig, beta, best_move, size, node.ply,
        );
        best
    }

    /// A finished node's best move for the move-ordering tables that are on: CAMMP's second
    /// killer and the history (credited when the move beat alpha, or always with
    /// `history-all=1`).
    fn record_best_move<F: Flags>(
        &mut self,
        game: &G,
        mv: G::Move,
        best: Score,
        alpha_orig: Score,
        depth: u32,
        slot: usize,
    ) {
        if F::has(&self.config, Enhancement::Killers) {
            self.ordering.record_best(mv, best, slot);
        }
        if F::has(&self.config, Enhancement::History)
            && (best > alpha_orig || self.params.history_all == 1)
        {
            self.ordering.record_history(game, mv, depth);
        }
    }

    /// Makes `mv` at `ply`: the undo and the child node, which knows whether quiescence must
    /// follow the move.
    fn enter<F: Flags>(&self, game: &mut G, mv: G::Move, ply: usize) -> (G::Undo, Node) {
        let (undo, noisy) = match F::has(&self.config, Enhancement::Quiescence) {
            true => game.make_noisy(mv),
            false => (game.make(mv), false),
        };
        if let (true, Some(tt)) = (table::uses_table::<F>(&self.config), &self.tt) {
            tt.prefetch(game.hash());
        }
        let next = Node {
            ply: ply + 1,
            after_null: false,
            after_noisy: noisy,
            on_pv: false,
        };
        (undo, next)
    }

    /// Searches one move's subtree: full window for the first move (or without PVS), else a
    /// null window with a re-search; late moves may be reduced first.
    ///
    /// A reduced move's value is its reduced search's unless `lmr-research=1` and it beat
    /// alpha, in which case it is searched again at full depth. The PVS re-search keeps the
    /// depth the move ended at, so `lmr-research` means the same with and without `pvs`:
    /// with 0 a reduced move is never searched at full depth and a reduced fail high stands
    /// (it may raise alpha or cut), in both.
    #[allow(clippy::too_many_arguments)]
    fn search_move<F: Flags>(
        &mut self,
        game: &mut G,
        side: u8,
        depth: u32,
        reduce: u32,
        index: usize,
        alpha: Score,
        beta: Score,
        next: Node,
    ) -> Score {
        let pvs = F::has(&self.config, Enhancement::Pvs) && index > 0;
        let (lo, hi) = if pvs {
            (alpha, alpha + 1)
        } else {
            (alpha, beta)
        };
        let mut child_depth = depth - 1 - reduce;
        if reduce > 0 {
            self.counters.n_lmr_reductions += 1;
        }
        let mut score = self.child::<F>(game, side, child_depth, lo, hi, next);
        if reduce > 0 && score > alpha && self.params.lmr_research == 1 && !self.capped {
            self.counters.n_lmr_researches += 1;
            child_depth = depth - 1;
            score = self.child::<F>(game, side, child_depth, lo, hi, next);
        }
        if pvs && score > alpha && score < beta && !self.capped {
            self.counters.n_pvs_researches += 1;
            score = self.child::<F>(game, side, child_depth, alpha, beta, next);
        }
        score
    }

    /// A root move under `liberties`: searched first in the window (alpha - 1, alpha + 1),
    /// which tells a score below alpha from one exactly at alpha (a tie with the best so far,
    /// which the tie-break then judges) and from one above; only a move above alpha is
    /// searched again, in (alpha, beta). While alpha is -infinity (the first move, and every
    /// move of plain minimax) the move is searched as usual. Seeing ties costs nodes: every
    /// move that ties is searched exactly.
    #[allow(clippy::too_many_arguments)]
    fn search_tie<F: Flags>(
        &mut self,
        game: &mut G,
        side: u8,
        depth: u32,
        alpha: Score,
        beta: Score,
        next: Node,
    ) -> Score {
        if alpha == -INFINITY {
            return self.search_move::<F>(game, side, depth, 0, 0, alpha, beta, next);
        }
        let high = (alpha + 1).min(beta);
        let score = self.child::<F>(game, side, depth - 1, alpha - 1, high, next);
        if score >= high && high < beta && !self.capped {
            return self.child::<F>(game, side, depth - 1, alpha, beta, next);
        }
        score
    }

    /// Where a node's killers live: its ply, or with `killer-scheme=1` (CAMMP) the depth
    /// consumed since the root of this iteration.
    fn killer_slot(&self, depth: u32, node: Node) -> usize {
        if self.params.killer_scheme == 1 {
            (self.iteration_depth - depth) as usize
        } else {
            node.ply
        }
    }

    /// The previous iteration's move at `node` when the node lies on its principal variation
    /// (iterative deepening's hint when the table has no move).
    /// `id-no-pv=1` (CAMMP) passes none.
    fn pv_move<F: Flags>(&self, node: Node) -> Option<G::Move> {
        if !F::has(&self.config, Enhancement::Id) || self.params.id_no_pv == 1 {
            return None;
        }
        node.on_pv.then(|| self.prev_pv.get(node.ply).copied())?
    }

    /// The node count that measures a subtree for the big1 schemes: every node expanded, or
    /// with `tt-size-main=1` (CAMMP) the main search's only.
    fn subtree_nodes(&self) -> u64 {
        if self.params.tt_size_main == 1 {
            self.counters.n_nodes
        } else {
            self.counters.expanded()
        }
    }

    /// `mv` and the child's principal variation become this node's; inlined, and the copy
    /// skipped where the child has none (below most nodes the children are leaves).
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child_len = self.pv_len[ply + 1];
        let (row, rest) = self.pv[ply * MAX_PLY..].split_at_mut(MAX_PLY);
        row[0] = mv;
        if child_len > 0 {
            row[1..=child_len].copy_from_slice(&rest[0..child_len]);
        }
        self.pv_len[ply] = child_len + 1;
    }
}
