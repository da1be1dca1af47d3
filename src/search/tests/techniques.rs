//! Each pruning and ordering technique does what it promises, checked against a small
//! reference written here: null move (never at the root, never with a mate bound), multi-cut (cuts exactly when
//! C of the first M probes fail high), LMR (reduces the moves the params say, re-searches per
//! `lmr-research`, never when the reduced score only equals alpha), quiescence (stands pat,
//! goes on after captures, or after quiet moves where `q-quiet-every` does not test them,
//! counts every q-ply, stops at `q-limit`), killers and history; and without quiescence no
//! technique searches past the nominal depth.

use super::support::{config, iterations, kalah_positions, mingmang_positions, params, value};
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::{Evaluator, Game, Score, INFINITY, WIN_SCORE};
use crate::search::config::Runtime;
use crate::search::ordering::{At, Ordering, Phase};
use crate::search::{Config, Params, Searcher};
use std::cell::Cell;

type Eval = <Kalah as Game>::Eval;

fn store_diff() -> Eval {
    Kalah::parse_eval("store-diff").unwrap()
}

/// The value of `mv`'s child searched to `depth` (at least 1) by plain alpha-beta, for the
/// side to move at `game`.
fn child_value(game: &Kalah, mv: u8, depth: u32) -> Score {
    let mut child = game.clone();
    child.make(mv);
    let v = value(
        &child,
        config("alphabeta"),
        Params::default(),
        store_diff(),
        depth,
    );
    if child.side_to_move() == game.side_to_move() {
        v
    } else {
        -v
    }
}

/// The null move is tried (and counted as tried) once per call: with `null-r=2` from depth 4
/// its search is at depth 1, below a null move, so no second null move happens inside it. It
/// is counted as a cut-off exactly when it cuts, and not tried at all against a mate bound.
#[test]
fn null_move_never_prunes_against_a_mate_bound() {
    // A mate in 100 plies: within the 128 plies the search tells mates apart by.
    let bound = WIN_SCORE - 100;
    for mut game in kalah_positions(0..6, 8) {
        let at = game.board_string();
        let p = params(&["null-min-depth=1", "null-r=2"]);
        let mut searcher = Searcher::new(config("alphabeta+null-move"), p, store_diff());
        let mut tries_and_cuts = |beta| {
            let cut = searcher.null_move_at(&mut game, 4, beta);
            let c = searcher.counters();
            (cut, c.n_null_tries, c.n_null_cutoffs)
        };
        // Far below any evaluation, the null move cuts; far above, it is tried and fails ...
        assert_eq!(tries_and_cuts(-1_000), (Some(-1_000), 1, 1), "on\n{at}");
        assert_eq!(tries_and_cuts(1_000), (None, 2, 1), "on\n{at}");
        // ... and against a bound that is a mate score, either way, it is not even tried.
        assert_eq!(tries_and_cuts(-bound), (None, 2, 1), "on\n{at}");
        assert_eq!(tries_and_cuts(bound), (None, 2, 1), "on\n{at}");
    }
}

/// The root never tries a null move, not even in an aspiration window whose bound is no
/// mate bound: at depth 1 with `null-min-depth=1` the root is the only node deep enough to
/// try one, and none is tried.
#[test]
fn the_root_never_tries_a_null_move() {
    let p = params(&["null-min-depth=1", "aspiration-window=2"]);
    for game in kalah_positions(0..6, 8) {
        let its = iterations(
            &game,
            config("alphabeta+aspiration+null-move"),
            p.clone(),
            store_diff(),
            1,
        );
        let tries = its.last().unwrap().counters.n_null_tries;
        assert_eq!(tries, 0, "on\n{}", game.board_string());
    }
}

/// Quiescence stands pat: under alpha-beta an evaluation at or above beta is the value at
/// once, nothing expanded; below beta, or without alpha-beta, the node expands.
#[test]
fn quiescence_stands_pat_at_beta_only_under_alpha_beta() {
    for game in kalah_positions(0..6, 8) {
        let stand = store_diff().evaluate(&game);
        for (cfg, beta, stands_pat) in [
            ("alphabeta+quiescence", stand, true),
            ("alphabeta+quiescence", stand + 1, false),
            ("minimax+quiescence", stand, false),
        ] {
            let mut searcher = Searcher::new(config(cfg), Params::default(), store_diff());
            let value = searcher.quiesce_at(&mut game.clone(), (-INFINITY, beta));
            let expanded = searcher.counters().n_interior;
            assert_eq!(
                (expanded > 0, stands_pat.then_some(value)),
                (!stands_pat, stands_pat.then_some(stand)),
                "{cfg}, beta {beta}, evaluation {stand} on\n{}",
                game.board_string()
            );
        }
    }
}

/// Alpha-beta with quiescence finds plain minimax's quiescence value on Kalah and Ming Mang
/// positions: the windows passed down through quiescence (negated where the side changes)
/// prune nothing that counts. How many values quiescence changed.
fn quiescence_keeps_minimax_values<G: Game>(
    positions: Vec<G>,
    eval: G::Eval,
    depths: &[u32],
) -> usize {
    let mut differ = 0;
    for game in positions {
        for &depth in depths {
            let at = |text| value(&game, config(text), Params::default(), eval, depth);
            let minimax = at("minimax+quiescence");
            for text in ["alphabeta+quiescence", "alphabeta+pvs+quiescence"] {
                assert_eq!(
                    at(text),
                    minimax,
                    "{text} at depth {depth} on\n{}",
                    game.board_string()
                );
            }
            differ += usize::from(minimax != at("minimax"));
        }
    }
    differ
}

#[test]
fn quiescence_under_alpha_beta_finds_the_minimax_value() {
    let mingmang = MingMang::parse_eval("cammp").unwrap();
    let differ =
        quiescence_keeps_minimax_values(kalah_positions(0..12, 8), store_diff(), &[1, 2, 3])
            + quiescence_keeps_minimax_values(mingmang_positions(0..8, 12), mingmang, &[1, 2]);
    assert!(
        differ > 0,
        "quiescence never changed a value: the test shows nothing"
    );
}

/// PVS searches a move after the first in the null window (alpha, alpha + 1) and again in
/// (alpha, beta) exactly when that score lies strictly inside the window: not when it fails
/// low, nor when it reaches beta (a cut either way). At depth 1 the child is a leaf, whose
/// value is its evaluation in any window.
#[test]
fn pvs_searches_again_exactly_inside_the_window() {
    let (mut again, mut at_beta) = (0, 0);
    for game in kalah_positions(0..6, 8) {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let mut child = game.clone();
            child.make(mv);
            let v = match child.side_to_move() == game.side_to_move() {
                true => store_diff().evaluate(&child),
                false => -store_diff().evaluate(&child),
            };
            for alpha in v - 2..=v + 1 {
                for beta in [alpha + 1, alpha + 2, alpha + 3] {
                    let mut searcher =
                        Searcher::new(config("alphabeta+pvs"), Params::default(), store_diff());
                    let score =
                        searcher.later_move_search_at(&mut game.clone(), mv, 1, (alpha, beta));
                    let inside = alpha < v && v < beta;
                    again += u64::from(inside);
                    at_beta += u64::from(v == beta);
                    assert_eq!(
                        (score, searcher.counters().n_pvs_researches),
                        (v, u64::from(inside)),
                        "move {mv}, window ({alpha}, {beta}) on\n{}",
                        game.board_string()
                    );
                }
            }
        }
    }
    assert!(
        again > 0 && at_beta > 0,
        "{again} searched again, {at_beta} at beta"
    );
}

/// Multi-cut probes are searched at depth - 1 - R; it cuts exactly when C of the first M
/// moves' probe values reach beta. Each call is one try, counted as a cut-off when it cuts:
/// the probes, at depth 1, are below `multi-cut-min-depth` (3) and try none of their own.
#[test]
fn multi_cut_cuts_exactly_when_c_of_m_probes_fail_high() {
    let (depth, r, m, c) = (4, 2, 4, 2);
    let p = params(&["multi-cut-r=2", "multi-cut-m=4", "multi-cut-c=2"]);
    let (mut cuts, mut passes) = (0, 0);
    for mut game in kalah_positions(0..10, 10) {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let probes: Vec<Score> = moves
            .iter()
            .take(m)
            .map(|&mv| child_value(&game, mv, depth - 1 - r))
            .collect();
        let mut sorted = probes.clone();
        sorted.sort_unstable();
        for beta in sorted.iter().map(|v| v + 1).chain(sorted.iter().copied()) {
            let expected = probes.iter().filter(|&&v| v >= beta).count() >= c;
            let mut searcher =
                Searcher::new(config("alphabeta+multi-cut"), p.clone(), store_diff());
            let got = searcher.multi_cut_at(&mut game, depth, (-INFINITY, beta));
            let c = searcher.counters();
            assert_eq!(
                (got.is_some(), c.n_multi_cut_tries, c.n_multi_cut_cutoffs),
                (expected, 1, u64::from(expected)),
                "beta {beta}, probes {probes:?}"
            );
            if expected {
                cuts += 1;
            } else {
                passes += 1;
            }
        }
    }
    assert!(cuts > 0 && passes > 0, "{cuts} cuts, {passes} passes");
}

/// `multi-cut-full-window=1` searches the probes in the node's window (alpha, beta), the
/// default in the null window at beta: the probes expand exactly the nodes that alpha-beta
/// expands below each of the first M moves searched in that window, up to the C-th fail
/// high, and cut exactly when C of them fail high.
#[test]
fn multi_cut_probes_search_the_window_the_param_says() {
    let (depth, r, m, c) = (4, 2, 4, 2);
    let mut wider = 0;
    for mut game in kalah_positions(0..10, 10) {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.truncate(m);
        for beta in [-4, 0, 4] {
            let alpha = beta - 30;
            let mut nodes = [0; 2];
            for full in [0, 1] {
                let lo = [beta - 1, alpha][full];
                let (mut expected, mut highs) = (0, 0);
                for &mv in &moves {
                    let mut s = Searcher::new(config("alphabeta"), Params::default(), store_diff());
                    let v = s.move_search_at(&mut game, mv, depth - r, (lo, beta));
                    expected += s.counters().n_nodes;
                    highs += usize::from(v >= beta);
                    if highs == c {
                        break;
                    }
                }
                let p = params(&[
                    &format!("multi-cut-r={r}"),
                    &format!("multi-cut-m={m}"),
                    &format!("multi-cut-c={c}"),
                    &format!("multi-cut-full-window={full}"),
                ]);
                let mut searcher = Searcher::new(config("alphabeta+multi-cut"), p, store_diff());
                let cut = searcher.multi_cut_at(&mut game, depth, (alpha, beta));
                nodes[full] = searcher.counters().n_nodes;
                assert_eq!(
                    (cut.is_some(), nodes[full]),
                    (highs == c, expected),
                    "full window {full}, beta {beta} on\n{}",
                    game.board_string()
                );
            }
            wider += usize::from(nodes[1] > nodes[0]);
        }
    }
    assert!(
        wider > 0,
        "the full window never cost a node more: the test shows nothing"
    );
}

/// `multi-cut-no-null=1` keeps the probes' replies from trying a null move. With the probes
/// one ply deep and null moves from depth 1, only those replies could try one: none does
/// under 1, and some do under 0 (the default).
#[test]
fn multi_cut_probes_reply_without_a_null_move_only_when_told() {
    let tries = |no_null: u32| -> u64 {
        let p = params(&[
            "multi-cut-r=2",
            "multi-cut-m=4",
            "multi-cut-c=2",
            "null-min-depth=1",
            &format!("multi-cut-no-null={no_null}"),
        ]);
        kalah_positions(0..10, 10)
            .into_iter()
            .map(|mut game| {
                let c = config("alphabeta+null-move+multi-cut");
                let mut searcher = Searcher::new(c, p.clone(), store_diff());
                searcher.multi_cut_at(&mut game, 4, (-INFINITY, 0));
                searcher.counters().n_null_tries
            })
            .sum()
    };
    let (told, default) = (tries(1), tries(0));
    assert!(
        told == 0 && default > 0,
        "{told} tries told, {default} by default"
    );
}

/// Fail-soft alpha-beta with late move reductions as the params say: moves from index
/// `after` on, at depth `min_depth` or more, not at the root, not captures, reduced by `r`;
/// with `research` a reduced move that beats alpha is searched again at full depth (one that
/// only equals alpha is not). It counts its reductions and re-searches.
struct Lmr {
    after: usize,
    r: u32,
    min_depth: u32,
    research: bool,
    reductions: Cell<u64>,
    researches: Cell<u64>,
    /// Reduced moves whose reduced score equals alpha: not searched again.
    ties: Cell<u64>,
}

impl Lmr {
    fn search(
        &self,
        game: &mut Kalah,
        depth: u32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        if let Some(score) = game.terminal_score(ply) {
            return score;
        }
        if depth == 0 {
            return store_diff().evaluate(game);
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let side = game.side_to_move();
        let mut best = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let reduce =
                ply > 0 && i >= self.after && depth >= self.min_depth && !game.is_noisy(mv);
            let reduce = if reduce { self.r.min(depth - 1) } else { 0 };
            let undo = game.make(mv);
            let child = |d: u32, game: &mut Kalah| {
                if game.side_to_move() == side {
                    self.search(game, d, alpha, beta, ply + 1)
                } else {
                    -self.search(game, d, -beta, -alpha, ply + 1)
                }
            };
            let mut score = child(depth - 1 - reduce, game);
            if reduce > 0 {
                self.reductions.set(self.reductions.get() + 1);
                self.ties.set(self.ties.get() + u64::from(score == alpha));
            }
            if reduce > 0 && self.research && score > alpha {
                self.researches.set(self.researches.get() + 1);
                score = child(depth - 1, game);
            }
            game.unmake(mv, undo);
            best = best.max(score);
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
        best
    }
}

#[test]
fn lmr_reduces_the_moves_the_params_say_and_researches_as_told() {
    let mut ties = 0;
    for (after, r, min_depth) in [(1, 1, 2), (2, 2, 3), (3, 1, 2)] {
        for research in [false, true] {
            let lmr = Lmr {
                after,
                r,
                min_depth,
                research,
                reductions: Cell::new(0),
                researches: Cell::new(0),
                ties: Cell::new(0),
            };
            let p = params(&[
                &format!("lmr-after={after}"),
                &format!("lmr-r={r}"),
                &format!("lmr-min-depth={min_depth}"),
                &format!("lmr-research={}", u32::from(research)),
            ]);
            for game in kalah_positions(0..6, 10) {
                lmr.reductions.set(0);
                lmr.researches.set(0);
                let expected = lmr.search(&mut game.clone(), 6, -INFINITY, INFINITY, 0);
                let its = iterations(&game, config("alphabeta+lmr"), p.clone(), store_diff(), 6);
                let got = its.last().unwrap();
                let counts = (got.counters.n_lmr_reductions, got.counters.n_lmr_researches);
                assert_eq!(
                    (got.score, counts),
                    (expected, (lmr.reductions.get(), lmr.researches.get())),
                    "{after},{r},{min_depth},{research} on\n{}",
                    game.board_string()
                );
            }
            if research {
                ties += lmr.ties.get();
            }
        }
    }
    assert!(
        ties > 0,
        "no reduced score equalled alpha: the test shows nothing"
    );
}

/// Quiescence as the params say, by plain minimax: `limit` is `q-limit`, `captures_only`
/// `q-all-moves=0` and `quiet_every` `q-quiet-every`; `deepest` is the deepest ply of a node
/// visited, a main-search node or a q-node, every move (an extra turn too) a ply.
struct Quiescence {
    limit: u32,
    captures_only: bool,
    quiet_every: u32,
    deepest: Cell<usize>,
}

impl Quiescence {
    /// Minimax to `depth`, with quiescence at the depth-0 nodes reached by a capture.
    fn value(&self, game: &mut Kalah, depth: u32, ply: usize, after_capture: bool) -> Score {
        self.deepest.set(self.deepest.get().max(ply));
        if let Some(score) = game.terminal_score(ply) {
            return score;
        }
        match (depth, after_capture) {
            (0, true) => self.quiesce(game, ply, 0),
            (0, false) => store_diff().evaluate(game),
            _ => best_child(game, false, |game, noisy| {
                self.value(game, depth - 1, ply + 1, noisy)
            })
            .unwrap_or_else(|| store_diff().evaluate(game)),
        }
    }

    /// The quiescence node at q-ply `qdepth`: standing pat, or at most `limit` q-plies in,
    /// the better of that and each move's (each capture's) value. Every q-ply counts, an
    /// extra turn's too; a child goes on after a capture, or after a quiet move at a q-ply
    /// where "quiet" is not tested (not a multiple of `quiet_every`).
    fn quiesce(&self, game: &mut Kalah, ply: usize, qdepth: u32) -> Score {
        let stand = store_diff().evaluate(game);
        if qdepth >= self.limit {
            return stand;
        }
        let child = qdepth + 1;
        let best = best_child(game, self.captures_only, |game, noisy| {
            self.deepest.set(self.deepest.get().max(ply + 1));
            match game.terminal_score(ply + 1) {
                Some(score) => score,
                None if !noisy && child % self.quiet_every == 0 => store_diff().evaluate(game),
                None => self.quiesce(game, ply + 1, child),
            }
        });
        best.map_or(stand, |best| best.max(stand))
    }
}

/// The best for the side to move at `game` of its moves' values (only its captures' with
/// `captures_only`), `value` scoring each child, told whether the move captured, for the
/// child's side to move; `None` without such a move.
fn best_child(
    game: &mut Kalah,
    captures_only: bool,
    value: impl Fn(&mut Kalah, bool) -> Score,
) -> Option<Score> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    if captures_only {
        moves.retain(|&mv| game.is_noisy(mv));
    }
    let side = game.side_to_move();
    moves
        .iter()
        .map(|&mv| {
            let noisy = game.is_noisy(mv);
            let undo = game.make(mv);
            let v = value(game, noisy);
            let v = if game.side_to_move() == side { v } else { -v };
            game.unmake(mv, undo);
            v
        })
        .max()
}

#[test]
fn quiescence_stands_pat_and_stops_at_its_limit() {
    let q = config("alphabeta+quiescence");
    let (mut deeper, mut quiet_every_matters) = (false, false);
    for game in kalah_positions(0..10, 12) {
        for depth in [1, 3] {
            // q-limit=0: quiescence stands pat at once, alpha-beta's value, no q-node.
            let none = iterations(&game, q, params(&["q-limit=0"]), store_diff(), depth);
            let plain = value(
                &game,
                config("alphabeta"),
                Params::default(),
                store_diff(),
                depth,
            );
            assert_eq!((none[0].score, none[0].counters.n_qnodes), (plain, 0));
            // Past the first q-ply, quiescence goes on after captures and stops after quiet
            // moves, at every q-ply or (q-quiet-every=2) every second one.
            for limit in 1..=3 {
                for (all_moves, quiet_every) in [(0, 1), (1, 1), (0, 2), (1, 2)] {
                    let p = params(&[
                        &format!("q-limit={limit}"),
                        &format!("q-all-moves={all_moves}"),
                        &format!("q-quiet-every={quiet_every}"),
                    ]);
                    let its = iterations(&game, q, p.clone(), store_diff(), depth);
                    let model = |quiet_every| Quiescence {
                        limit,
                        captures_only: all_moves == 0,
                        quiet_every,
                        deepest: Cell::new(0),
                    };
                    let expected = model(quiet_every).value(&mut game.clone(), depth, 0, false);
                    assert_eq!(
                        its[0].score,
                        expected,
                        "depth {depth}, q-limit {limit}, q-all-moves {all_moves}, \
                         q-quiet-every {quiet_every} on\n{}",
                        game.board_string()
                    );
                    assert!(its[0].counters.sel_depth <= u64::from(depth + limit));
                    // Minimax visits every node the model does: the same deepest ply.
                    let all = model(quiet_every);
                    all.value(&mut game.clone(), depth, 0, false);
                    let minimax = config("minimax+quiescence");
                    let its = iterations(&game, minimax, p, store_diff(), depth);
                    assert_eq!(
                        its[0].counters.sel_depth,
                        all.deepest.get() as u64,
                        "minimax's selective depth: depth {depth}, q-limit {limit}, \
                         q-all-moves {all_moves}, q-quiet-every {quiet_every} on\n{}",
                        game.board_string()
                    );
                    deeper |= its[0].counters.sel_depth > u64::from(depth + 1);
                    quiet_every_matters |= quiet_every == 2
                        && expected != model(1).value(&mut game.clone(), depth, 0, false);
                }
            }
        }
    }
    assert!(
        deeper && quiet_every_matters,
        "no capture followed a capture, or q-quiet-every changed no value: the test shows \
         nothing"
    );
}

/// Kalah's six opening moves ordered at ply 0 by `text`, `first` and the killers of `slot`,
/// ready to be picked.
fn order(ordering: &mut Ordering<u8>, text: &str, first: Option<u8>, slot: usize) -> Vec<u8> {
    let game = Kalah::from_options("").unwrap();
    let mut moves: Vec<u8> = (1..=6).collect();
    let config = Config::parse(text).unwrap();
    let at = At {
        slot,
        phase: Phase::Main,
        ply: 0,
    };
    ordering.order::<_, Runtime>(&game, &config, &mut moves, first, at);
    moves
}

/// The moves `order` readies, picked in turn.
fn ordered(ordering: &mut Ordering<u8>, text: &str, first: Option<u8>, slot: usize) -> Vec<u8> {
    let mut moves = order(ordering, text, first, slot);
    (0..moves.len())
        .map(|i| ordering.pick(&mut moves, i, 0))
        .collect()
}

/// The main loop picks again from the first move the moves multi-cut's probes picked: a
/// move picked again is the one picked before, the ones after it come in the same order,
/// and every move is picked in turn (`place_next` asserts it in test builds).
#[test]
fn moves_picked_again_come_back_in_the_same_order() {
    let mut ordering = Ordering::new(8, false);
    ordering.reset(12);
    ordering.record_killer(4, 2, Phase::Main);
    ordering.record_killer(6, 2, Phase::Main);
    let expected = [2, 6, 4, 1, 3, 5];
    for probes in 0..=expected.len() {
        let mut moves = order(&mut ordering, "alphabeta+killers", Some(2), 2);
        let mut picked: Vec<u8> = (0..probes)
            .map(|i| ordering.pick(&mut moves, i, 0))
            .collect();
        assert_eq!(picked, expected[..probes], "the {probes} probes");
        picked = (0..moves.len())
            .map(|i| ordering.pick(&mut moves, i, 0))
            .collect();
        assert_eq!(picked, expected, "picked again after {probes} probes");
    }
}

#[test]
fn killers_come_after_the_table_move_newest_first() {
    let mut ordering = Ordering::new(8, false);
    ordering.reset(12);
    ordering.record_killer(4, 2, Phase::Main);
    ordering.record_killer(6, 2, Phase::Main);
    ordering.record_killer(5, 3, Phase::Quiescence);
    assert_eq!(
        ordered(&mut ordering, "alphabeta+killers", Some(2), 2),
        [2, 6, 4, 1, 3, 5]
    );
    assert_eq!(
        ordered(&mut ordering, "alphabeta+killers", None, 3),
        [1, 2, 3, 4, 5, 6]
    );
    assert_eq!(
        ordered(&mut ordering, "alphabeta", None, 2),
        [1, 2, 3, 4, 5, 6]
    );
    // CAMMP's slots: the last cutoff move overwrites the first, the best-scoring move of a
    // finished node takes the second only when its score is higher.
    let mut cammp = Ordering::new(8, true);
    cammp.reset(12);
    cammp.record_killer(4, 2, Phase::Main);
    cammp.record_killer(6, 2, Phase::Main);
    let killers = "alphabeta+killers";
    assert_eq!(ordered(&mut cammp, killers, None, 2), [6, 1, 2, 3, 4, 5]);
    cammp.record_best(3, 10, 2);
    cammp.record_best(5, 7, 2);
    cammp.record_best(1, 10, 2);
    assert_eq!(ordered(&mut cammp, killers, None, 2), [6, 3, 1, 2, 4, 5]);
    // Quiescence keeps the two newest under either scheme.
    cammp.record_killer(4, 2, Phase::Quiescence);
    cammp.record_killer(5, 2, Phase::Quiescence);
    assert_eq!(cammp.killers(2, Phase::Quiescence), [Some(5), Some(4)]);
}

#[test]
fn history_credits_depth_squared() {
    let game = Kalah::from_options("").unwrap();
    let mut ordering = Ordering::new(8, false);
    ordering.reset(12);
    ordering.record_history(&game, 3, 3);
    ordering.record_history(&game, 5, 2);
    ordering.record_history(&game, 5, 2);
    // 9 against 8: a linear credit (3 against 4) would put 5 first.
    assert_eq!(
        ordered(&mut ordering, "alphabeta+history", None, 0),
        [3, 5, 1, 2, 4, 6]
    );
    // However much history a move gathers, a killer still goes before it.
    for _ in 0..200 {
        ordering.record_history(&game, 1, 65_535);
    }
    ordering.record_killer(6, 0, Phase::Main);
    let both = "alphabeta+killers+history";
    assert_eq!(ordered(&mut ordering, both, None, 0), [6, 1, 3, 5, 2, 4]);
}

/// `history-malus` takes depth squared off a move's history, and stops at 0.
#[test]
fn the_history_malus_takes_depth_squared_off_down_to_zero() {
    let game = Kalah::from_options("").unwrap();
    let mut ordering = Ordering::new(8, false);
    ordering.reset(12);
    ordering.record_history(&game, 3, 4);
    ordering.record_history(&game, 5, 3);
    // 16 - 9 = 7 against 9: 5 goes first (a malus of 2 x 3 would leave 3 ahead with 10).
    ordering.penalise_history(&game, 3, 3);
    assert_eq!(
        ordered(&mut ordering, "alphabeta+history", None, 0),
        [5, 3, 1, 2, 4, 6]
    );
    // 9 - 16 stops at 0: 5 falls back among the moves without history.
    ordering.penalise_history(&game, 5, 4);
    assert_eq!(
        ordered(&mut ordering, "alphabeta+history", None, 0),
        [3, 1, 2, 4, 5, 6]
    );
}

/// At depth 1 the root is the only interior node: its best move alone is credited, with 1.
#[test]
fn history_credits_the_best_move() {
    for game in kalah_positions(0..8, 6) {
        let mut searcher =
            Searcher::new(config("alphabeta+history"), Params::default(), store_diff());
        let its = searcher.search(&mut game.clone(), 1, &mut |_| {});
        let best = game.move_index(its[0].best_move.unwrap());
        let credited: Vec<(usize, u64)> = searcher
            .history()
            .iter()
            .enumerate()
            .filter(|(_, &h)| h > 0)
            .map(|(i, &h)| (i, h))
            .collect();
        assert_eq!(credited, [(best, 1)], "on\n{}", game.board_string());
    }
}

/// Without quiescence no search goes past its nominal depth: every move costs at least one
/// ply of depth (a reduced move searched again goes back to `depth - 1`, never deeper; a
/// null move or a multi-cut probe is searched shallower still), so the deepest ply reached is
/// at most the depth. A node cap far above these searches' size stops one that breaks this
/// from running on.
#[test]
fn without_quiescence_no_technique_searches_past_the_depth() {
    let configs = [
        "alphabeta+lmr",
        "alphabeta+pvs+lmr",
        "alphabeta+id+tt-value+tt-move+killers+history+null-move+multi-cut+lmr+pvs+aspiration",
    ];
    let mut researches = 0;
    for cfg in configs {
        for research in ["lmr-research=0", "lmr-research=1"] {
            let p = params(&["lmr-after=1", "lmr-r=1", "lmr-min-depth=2", research]);
            for game in kalah_positions(0..4, 10) {
                let depth = 5;
                let mut searcher = Searcher::new(config(cfg), p.clone(), store_diff());
                searcher.set_node_limit(Some(1_000_000));
                let its = searcher.search(&mut game.clone(), depth, &mut |_| {});
                let deepest = its.iter().map(|it| it.counters.sel_depth).max().unwrap();
                researches += its
                    .iter()
                    .map(|it| it.counters.n_lmr_researches)
                    .sum::<u64>();
                assert!(
                    deepest <= u64::from(depth) && !its.last().unwrap().capped,
                    "{cfg}, {research}: ply {deepest} reached at depth {depth} on\n{}",
                    game.board_string()
                );
            }
        }
    }
    assert!(
        researches > 0,
        "no reduced move was searched again: the test shows nothing"
    );
}
