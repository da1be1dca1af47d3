//! What each of these rules must do, stated as numbers worked out by hand or by a small
//! reference written here, not as "the parameter changes something": null move's negation,
//! the ply of its reply and no null after a null, null move and multi-cut kept from mate
//! bounds, the table kept between iterations and emptied between searches, only `tt-value`
//! letting an entry cut, q-node counting, an extra turn's ply in quiescence, history on
//! fail-low nodes (the best at alpha too), the depth at which a table entry cuts, the big1
//! schemes' size and tie rules, and which nodes count a beta cut-off.

use super::graph::{node, Graph, Node, NodeValue};
use super::support::{config, iterations, kalah_positions, params, value, Counting};
use crate::game::kalah::Kalah;
use crate::game::{Game, Score, INFINITY};
use crate::search::tt::{Bound, Entry, Table};
use crate::search::{Params, Searcher, TtScheme, WIN_BOUND};
use std::sync::atomic::{AtomicU64, Ordering};

type Eval = <Kalah as Game>::Eval;

fn store_diff() -> Eval {
    Kalah::parse_eval("store-diff").unwrap()
}

fn legal_moves<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

/// The null move hands the move over and searches the reply at depth - 1 - R (here 1): it
/// cuts exactly when the reply's value, negated for the side that passed, reaches beta,
/// returning beta (or with `null-fail-soft=1` that value). Directly below the null move no
/// side passes again: with beta out of reach the reply is plain alpha-beta, which evaluates
/// every reply once (a second null move would have evaluated the position itself and cut).
#[test]
fn null_move_cuts_on_the_negated_reply_and_never_follows_a_null_move() {
    for game in kalah_positions(0..8, 10) {
        let mut passed = game.clone();
        passed.make_null().unwrap();
        let calls = AtomicU64::new(0);
        let counting = Counting(store_diff(), &calls);
        let reply = -value(&passed, config("alphabeta"), Params::default(), counting, 1);
        let reply_evaluations = calls.load(Ordering::Relaxed);
        let at = game.board_string();
        for soft in [0, 1] {
            let p = params(&[
                "null-min-depth=1",
                "null-r=2",
                &format!("null-fail-soft={soft}"),
            ]);
            let mut searcher = Searcher::new(config("alphabeta+null-move"), p, store_diff());
            let mut null_at = |beta| searcher.null_move_at(&mut game.clone(), 4, beta);
            assert_eq!(null_at(reply), Some(reply), "soft {soft} on\n{at}");
            assert_eq!(null_at(reply + 1), None, "soft {soft} on\n{at}");
            let far = if soft == 1 { reply } else { -10_000 };
            assert_eq!(null_at(-10_000), Some(far), "soft {soft} on\n{at}");
        }
        let calls = AtomicU64::new(0);
        let p = params(&["null-min-depth=1", "null-r=2"]);
        let counting = Counting(store_diff(), &calls);
        let mut searcher = Searcher::new(config("alphabeta+null-move"), p, counting);
        assert_eq!(
            searcher.null_move_at(&mut game.clone(), 4, -10_000),
            Some(-10_000)
        );
        assert_eq!(calls.load(Ordering::Relaxed), reply_evaluations, "on\n{at}");
    }
}

/// The null move's reply lies one ply below the node that passed: at a node of ply 1 with
/// beta far above every value, the reply (searched to depth 1, its moves leaves) cuts at its
/// first move and leaves it as a killer at ply 2, and nothing at ply 1, where no move was
/// searched.
#[test]
fn the_null_moves_reply_is_a_ply_deeper() {
    for game in kalah_positions(0..8, 10) {
        let p = params(&["null-min-depth=1", "null-r=2"]);
        let mut searcher = Searcher::new(config("alphabeta+null-move+killers"), p, store_diff());
        assert_eq!(searcher.null_move_at(&mut game.clone(), 4, 10_000), None);
        let at = game.board_string();
        assert_eq!(searcher.killers(1)[0], [None, None], "on\n{at}");
        assert!(searcher.killers(2)[0][0].is_some(), "on\n{at}");
    }
}

/// Null move and multi-cut stay out of a node whose beta is a mate bound (|beta| at least
/// WIN_BOUND) and try a beta just inside it. A beta this low is reached by every probe, so a
/// try cuts.
#[test]
fn null_move_and_multi_cut_never_try_at_a_mate_bound() {
    let p = params(&[
        "null-min-depth=1",
        "multi-cut-r=2",
        "multi-cut-m=4",
        "multi-cut-c=2",
    ]);
    let searcher = |flags: &str| Searcher::new(config(flags), p.clone(), store_diff());
    for game in kalah_positions(0..4, 10) {
        let at = game.board_string();
        for (beta, tried) in [(-WIN_BOUND, false), (1 - WIN_BOUND, true)] {
            let mut null = searcher("alphabeta+null-move");
            let null_cut = null.null_move_at(&mut game.clone(), 4, beta);
            let mut multi = searcher("alphabeta+multi-cut");
            let multi_cut = multi.multi_cut_at(&mut game.clone(), 4, (-WIN_BOUND, beta));
            let tries = (
                null.counters().n_null_tries,
                multi.counters().n_multi_cut_tries,
            );
            let got = (null_cut.is_some(), multi_cut.is_some(), tries);
            let want = u64::from(tried);
            assert_eq!(got, (tried, tried, (want, want)), "beta {beta} on\n{at}");
        }
    }
}

/// The table is emptied when a root search starts and kept from one iteration to the next.
/// With `id-step=1` to depth 2, iteration 1 finds nothing and stores only the root (its
/// children are leaves then); iteration 2 finds the root and nothing else (the children
/// differ from it and from each other); a second search with the same searcher starts empty
/// again. Every node searched to depth 1 or more probes once: the root in iteration 1, the
/// root and its children that are not over in iteration 2.
#[test]
fn the_table_is_kept_between_iterations_and_emptied_between_searches() {
    for game in kalah_positions(0..6, 8) {
        let mut hashes: Vec<u64> = legal_moves(&game)
            .into_iter()
            .map(|mv| {
                let mut child = game.clone();
                child.make(mv);
                child.hash()
            })
            .chain([game.hash()])
            .collect();
        let positions = hashes.len();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), positions, "the premise: distinct positions");
        let p = params(&["id-step=1"]);
        let open_children = legal_moves(&game)
            .into_iter()
            .filter(|&mv| {
                let mut child = game.clone();
                child.make(mv);
                child.outcome().is_none()
            })
            .count() as u64;
        let mut searcher = Searcher::new(config("alphabeta+id+tt-move"), p, store_diff());
        for search in 0..2 {
            let its = searcher.search(&mut game.clone(), 2, &mut |_| {});
            let probes_and_hits: Vec<(u64, u64)> = its
                .iter()
                .map(|it| (it.counters.n_tt_probes, it.counters.n_tt_hits))
                .collect();
            assert_eq!(
                probes_and_hits,
                [(1, 0), (1 + open_children, 1)],
                "search {search} on\n{}",
                game.board_string()
            );
        }
    }
}

/// A table entry's value cuts only under `tt-value`: with `tt-move` alone the table orders
/// moves and never cuts, and the search keeps plain alpha-beta's value; with both, entries
/// found again at their depth (transpositions, later iterations) cut somewhere.
#[test]
fn only_tt_value_lets_a_table_entry_cut() {
    let p = params(&["id-step=1"]);
    let mut cuts_with_value = 0;
    for game in kalah_positions(0..6, 10) {
        let plain = value(
            &game,
            config("alphabeta"),
            Params::default(),
            store_diff(),
            5,
        );
        for (flags, may_cut) in [
            ("alphabeta+id+tt-move", false),
            ("alphabeta+id+tt-value+tt-move", true),
        ] {
            let its = iterations(&game, config(flags), p.clone(), store_diff(), 5);
            let cuts: u64 = its.iter().map(|it| it.counters.n_tt_cutoffs).sum();
            let at = game.board_string();
            assert_eq!(its.last().unwrap().score, plain, "{flags} on\n{at}");
            if may_cut {
                cuts_with_value += cuts;
            } else {
                assert_eq!(cuts, 0, "{flags} on\n{at}");
            }
        }
    }
    assert!(
        cuts_with_value > 0,
        "no entry cut under tt-value: the test shows nothing"
    );
}

/// q-node counting at depth 1 with `q-limit=1`, without pruning (`minimax+quiescence`):
/// after each noisy root move into a position that is not over, quiescence stands pat and
/// expands once, entering one q-node per move there. `q-count=0` counts those entries,
/// `q-count=1` the expansions.
#[test]
fn q_nodes_count_entries_or_expansions_as_the_param_says() {
    let mut noisy = 0;
    for game in kalah_positions(0..12, 12) {
        let (mut entries, mut expansions) = (0, 0);
        for mv in legal_moves(&game) {
            let mut child = game.clone();
            child.make(mv);
            if game.is_noisy(mv) && child.outcome().is_none() {
                expansions += 1;
                entries += legal_moves(&child).len() as u64;
            }
        }
        noisy += expansions;
        for (count, expected) in [(0, entries), (1, expansions)] {
            let p = params(&["q-limit=1", &format!("q-count={count}")]);
            let its = iterations(&game, config("minimax+quiescence"), p, store_diff(), 1);
            let at = game.board_string();
            assert_eq!(
                its[0].counters.n_qnodes, expected,
                "q-count={count} on\n{at}"
            );
        }
    }
    assert!(noisy > 0, "no noisy root move: the test shows nothing");
}

/// Two graphs of nodes 0 to 2: R moves to A, A to the end, a draw; in the first A keeps
/// side 0 to move (as Kalah's extra move would), in the second it is side 1's.
static EXTRA_TURN: [Node; 3] = [node(0, &[1], 0), node(0, &[2], 0), node(1, &[], 0)];
static NEXT_TURN: [Node; 3] = [node(0, &[1], 0), node(1, &[2], 0), node(0, &[], 0)];

/// Every q-move is a ply deeper, an extra turn's too: minimax's quiescence from R at ply 1
/// (q-limit 2, every move searched, "quiet" tested at every second q-ply only) reaches the
/// end at ply 3 in both graphs.
#[test]
fn quiescence_counts_an_extra_turn_as_a_ply() {
    let p = params(&["q-limit=2", "q-all-moves=1", "q-quiet-every=2"]);
    for graph in [&EXTRA_TURN, &NEXT_TURN] {
        let mut searcher = Searcher::new(config("minimax+quiescence"), p.clone(), NodeValue);
        searcher.quiesce_at(&mut Graph::new(graph), (-INFINITY, INFINITY));
        let c = searcher.counters();
        let a_side = graph[1].side;
        assert_eq!((c.sel_depth, c.n_qnodes), (3, 2), "A's side {a_side}");
    }
}

/// Nodes 0 to 8: R moves to A (1) or B (2); A to X (4); B to C (3) keeping side 1 to move
/// (as Kalah's extra move would); C to X. So X lies two plies below R through A and three
/// through B and C. X moves to the leaves 5, 6, 7 (worth 1, 2, 3 for side 0), each of which
/// leads to the pit (8, worth 0).
static TRANSPOSED: [Node; 9] = [
    node(0, &[1, 2], 0),
    node(1, &[4], 0),
    node(1, &[3], 0),
    node(1, &[4], 0),
    node(0, &[5, 6, 7], 0),
    node(1, &[8], 1),
    node(1, &[8], 2),
    node(1, &[8], 3),
    node(0, &[8], 0),
];

/// Searched to depth 4, X is reached at depth 2 through A (worth 0: every leaf leads to the
/// pit, worth 0) and at depth 1 through B and C (worth 3: the best leaf). With
/// `tt-cut-deeper=0` X's depth-2 entry does not cut the depth-1 search: minimax's value 3,
/// in 15 nodes (R; A, X, three leaves and three pits; B, C, X and three leaves). With
/// `tt-cut-deeper=1` it cuts: value 0, 12 nodes.
#[test]
fn a_table_entry_cuts_only_at_its_own_depth_unless_told() {
    let game = Graph::new(&TRANSPOSED);
    let minimax = value(&game, config("minimax"), Params::default(), NodeValue, 4);
    assert_eq!(minimax, 3);
    let search = |assignments: &[&str]| {
        let its = iterations(
            &game,
            config("alphabeta+tt-value"),
            params(assignments),
            NodeValue,
            4,
        );
        let c = its[0].counters;
        (its[0].score, c.n_nodes, c.n_tt_cutoffs)
    };
    assert_eq!(search(&[]), (3, 15, 0));
    assert_eq!(search(&["tt-cut-deeper=1"]), (0, 12, 1));
}

/// Nodes 0 to 9: R moves to A (1) or B (2); A to A1 (3), B to B1 (4); A1 to the leaves 5
/// and 6 (worth 5 and 1 for side 0), B1 to 7 and 8 (worth 2 and `last`); every leaf leads
/// to the pit (9).
const fn fail_low_graph(last: Score) -> [Node; 10] {
    [
        node(0, &[1, 2], 0),
        node(1, &[3], 0),
        node(1, &[4], 0),
        node(0, &[5, 6], 0),
        node(0, &[7, 8], 0),
        node(1, &[9], 5),
        node(1, &[9], 1),
        node(1, &[9], 2),
        node(1, &[9], last),
        node(0, &[9], 0),
    ]
}

/// B1's best (4) below R's alpha (5).
static FAIL_LOW: [Node; 10] = fail_low_graph(4);
/// B1's best (5) equal to R's alpha: a fail low too.
static FAIL_LOW_AT_ALPHA: [Node; 10] = fail_low_graph(5);

/// Alpha-beta to depth 3: A1 is worth 5 (its move 0), so R's alpha is 5 when B1 is searched
/// in (5, inf); B1's best, 4 (or 5, equal to alpha) by its move 1, fails low. History credits
/// depth squared to the best move of A1 (1), A (4), B (4, its cut) and R (9), all move 0:
/// 18. B1's fail-low move 1 is credited only with `history-all=1`.
#[test]
fn history_credits_a_fail_low_node_only_when_told() {
    for graph in [&FAIL_LOW, &FAIL_LOW_AT_ALPHA] {
        let game = Graph::new(graph);
        for (all, expected) in [(0, [18, 0, 0, 0]), (1, [18, 1, 0, 0])] {
            let p = params(&[&format!("history-all={all}")]);
            let mut searcher = Searcher::new(config("alphabeta+history"), p, NodeValue);
            let its = searcher.search(&mut game.clone(), 3, &mut |_| {});
            assert_eq!((its[0].score, its[0].best_move), (5, Some(0)));
            let b1 = graph[8].value;
            assert_eq!(searcher.history(), expected, "history-all={all}, B1 {b1}");
        }
    }
}

/// The big1 schemes keep the entry of the bigger subtree, strict or not; on a tie in subtree
/// size they replace (the newer entry is as valuable), and with `tt-big-strict=1` (CAMMP)
/// they keep the old one. Under two-big1 the entry kept in the first slot is the one a
/// third, smaller entry cannot displace.
#[test]
fn big1_schemes_keep_the_bigger_subtree_and_replace_on_a_tie_unless_strict() {
    let entry = |key: u64, size: u32| Entry {
        key,
        mv: Some(1u8),
        value: 0,
        depth: 1,
        bound: Bound::Exact,
        size,
    };
    for strict in [false, true] {
        let mut sized = Table::new(0, TtScheme::Big1).strict_big(strict);
        for e in [entry(1, 10), entry(2, 11), entry(3, 9)] {
            sized.store(e);
        }
        let kept = [1, 2, 3].map(|key| sized.probe(key).is_some());
        assert_eq!(kept, [false, true, false], "big1 by size, strict {strict}");
        let mut one = Table::new(0, TtScheme::Big1).strict_big(strict);
        one.store(entry(1, 10));
        one.store(entry(2, 10));
        let kept = (one.probe(1).is_some(), one.probe(2).is_some());
        assert_eq!(kept, (strict, !strict), "big1, strict {strict}");
        let mut two = Table::new(0, TtScheme::TwoBig1).strict_big(strict);
        for e in [entry(1, 10), entry(2, 10), entry(3, 1)] {
            two.store(e);
        }
        let kept = [1, 2, 3].map(|key| two.probe(key).is_some());
        assert_eq!(kept, [strict, !strict, true], "two-big1, strict {strict}");
    }
}

/// Three root moves, each answered by two leaves (values for side 0): the first reply node
/// (3, 5) is searched whole and gives alpha 3; the second's first leaf, 1, already refutes
/// it, a cut-off on its first move; the third (4, 9) stays below its beta and becomes the
/// best. Plain alpha-beta at depth 2: value 4, 9 nodes, exactly one beta cut-off, a
/// first-move one.
static ONE_CUT: [Node; 10] = [
    Node {
        side: 0,
        next: &[1, 2, 3],
        value: 0,
    },
    Node {
        side: 1,
        next: &[4, 5],
        value: 0,
    },
    Node {
        side: 1,
        next: &[6, 7],
        value: 0,
    },
    Node {
        side: 1,
        next: &[8, 9],
        value: 0,
    },
    Node {
        side: 0,
        next: &[0],
        value: 3,
    },
    Node {
        side: 0,
        next: &[0],
        value: 5,
    },
    Node {
        side: 0,
        next: &[0],
        value: 1,
    },
    Node {
        side: 0,
        next: &[0],
        value: 9,
    },
    Node {
        side: 0,
        next: &[0],
        value: 4,
    },
    Node {
        side: 0,
        next: &[0],
        value: 9,
    },
];

/// The beta cut-off counter counts the one node of [`ONE_CUT`] that stops early.
#[test]
fn beta_cutoffs_are_counted_where_a_node_stops_early() {
    let its = iterations(
        &Graph::new(&ONE_CUT),
        config("alphabeta"),
        Params::default(),
        NodeValue,
        2,
    );
    let last = its.last().unwrap();
    let c = &last.counters;
    assert_eq!(
        (
            last.score,
            c.n_nodes,
            c.n_beta_cutoffs,
            c.n_first_move_cutoffs
        ),
        (4, 9, 1, 1)
    );
}
