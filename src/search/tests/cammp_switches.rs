//! The three `cammp-java` switches that make our search behave as CAMMP's program does,
//! each stated as what it must do: `id-no-pv` (iterative deepening passes no move of the
//! previous variation), `q-no-killers` (quiescence keeps no killers, so it orders by history
//! only) and `tt-size-main` (the big1 schemes measure a subtree without its q-nodes); and
//! `killer-scheme=1`, which keeps a node's killers by the depth consumed since the root.
//! Beside `id-no-pv`, what iterative deepening passes on without it: the whole previous
//! variation first, to the nodes on it only, and its schedule of depths under `id-step`.

use super::support::{config, kalah_positions, mingmang_positions, params, Recording};
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::Game;
use crate::search::Searcher;
use std::sync::Mutex;

fn store_diff() -> <Kalah as Game>::Eval {
    Kalah::parse_eval("store-diff").unwrap()
}

/// Without the table and with no other ordering, iterative deepening searches the root's
/// moves in generation order under `id-no-pv=1`; without it, the previous iteration's best
/// move goes first.
#[test]
fn iterative_deepening_passes_the_previous_best_move_unless_told_not_to() {
    let mut reordered = 0;
    for game in kalah_positions(0..16, 8) {
        let mut generated = Vec::new();
        game.generate_moves(&mut generated);
        for no_pv in [0, 1] {
            let p = params(&["id-step=1", &format!("id-no-pv={no_pv}")]);
            let mut searcher = Searcher::new(config("alphabeta+id"), p, store_diff());
            let its = searcher.search(&mut game.clone(), 3, &mut |_| {});
            let previous = its[its.len() - 2].best_move.unwrap();
            let order = searcher.root_moves();
            if no_pv == 1 {
                assert_eq!(order, generated, "id-no-pv=1 on\n{}", game.board_string());
            } else {
                assert_eq!(order[0], previous, "id-no-pv=0 on\n{}", game.board_string());
                reordered += usize::from(previous != generated[0]);
            }
        }
    }
    assert!(
        reordered > 0,
        "every previous best move was generated first: no test"
    );
}

/// Iterative deepening searches the whole previous principal variation first, not only its
/// root move: each node on it takes the variation's next move first, so (with no other
/// ordering) an iteration's first evaluation is the first move generated one ply past the end
/// of the previous iteration's variation.
#[test]
fn iterative_deepening_searches_the_previous_variation_first() {
    let mut off_first = 0;
    for game in kalah_positions(0..16, 8) {
        let seen = Mutex::new(Vec::new());
        let eval = Recording(store_diff(), &seen);
        let mut searcher = Searcher::new(config("alphabeta+id"), params(&["id-step=1"]), eval);
        let mut ends = Vec::new();
        let its = searcher.search(&mut game.clone(), 3, &mut |_| {
            ends.push(seen.lock().unwrap().len());
        });
        let (pv, mut end) = (&its[1].pv, game.clone());
        for &mv in pv {
            end.make(mv);
        }
        let mut leaf = end.clone();
        leaf.make(generated(&end)[0]);
        if pv.len() != 2 || leaf.outcome().is_some() {
            continue;
        }
        let at = game.board_string();
        assert_eq!(seen.lock().unwrap()[ends[1]], leaf.hash(), "on\n{at}");
        let mut below = game.clone();
        below.make(pv[0]);
        off_first += usize::from(generated(&below)[0] != pv[1]);
    }
    assert!(
        off_first > 0,
        "every variation was generated first: no test"
    );
}

/// A node off the previous variation takes no hint from it, even where its move is the
/// variation's: the last root move searched (not the variation's) leads to a node that, with
/// no other ordering, searches its moves as generated.
#[test]
fn nodes_off_the_previous_variation_take_no_hint() {
    let mut hint_there = 0;
    for game in kalah_positions(0..16, 8) {
        let mut searcher =
            Searcher::new(config("alphabeta+id"), params(&["id-step=1"]), store_diff());
        let its = searcher.search(&mut game.clone(), 3, &mut |_| {});
        let (pv, last) = (&its[1].pv, *searcher.root_moves().last().unwrap());
        let mut child = game.clone();
        child.make(last);
        if last == pv[0] || pv.len() < 2 || child.outcome().is_some() {
            continue;
        }
        let expected = generated(&child);
        let at = game.board_string();
        assert_eq!(searcher.last_moves_at(1), expected, "on\n{at}");
        hint_there += usize::from(expected[1..].contains(&pv[1]));
    }
    assert!(
        hint_there > 0,
        "the variation's move was never there to take: no test"
    );
}

fn generated(game: &Kalah) -> Vec<<Kalah as Game>::Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

/// Iterative deepening with `id-step=s` searches every s-th depth, down from the depth asked
/// for: depth 4 in steps of 2 is 2, 4, and in steps of 3, 1, 4.
#[test]
fn iterative_deepening_steps_down_from_the_depth() {
    let game = Kalah::from_options("").unwrap();
    for (step, depths) in [(1, vec![1, 2, 3, 4]), (2, vec![2, 4]), (3, vec![1, 4])] {
        let p = params(&[&format!("id-step={step}")]);
        let mut searcher = Searcher::new(config("alphabeta+id"), p, store_diff());
        let its = searcher.search(&mut game.clone(), *depths.last().unwrap(), &mut |_| {});
        let searched: Vec<u32> = its.iter().map(|it| it.depth).collect();
        assert_eq!(searched, depths, "id-step={step}");
    }
}

/// Quiescence records a killer at each cutoff, unless `q-no-killers=1`: then its killer
/// slots stay empty at every ply (and the main search's are kept as ever).
#[test]
fn quiescence_keeps_killers_unless_told_not_to() {
    let eval = MingMang::parse_eval("cammp").unwrap();
    let mut recorded = 0;
    for game in mingmang_positions(0..8, 12) {
        for no_killers in [0, 1] {
            let p = params(&[&format!("q-no-killers={no_killers}")]);
            let cfg = config("alphabeta+killers+quiescence");
            let mut searcher = Searcher::new(cfg, p, eval);
            searcher.search(&mut game.clone(), 3, &mut |_| {});
            let q_killers = (0..12)
                .flat_map(|ply| searcher.killers(ply)[1])
                .filter(Option::is_some)
                .count();
            let main_killers = (0..3).flat_map(|ply| searcher.killers(ply)[0]).flatten();
            assert!(main_killers.count() > 0, "no main-search killer");
            if no_killers == 1 {
                assert_eq!(q_killers, 0, "q-no-killers=1 recorded quiescence killers");
            }
            recorded += q_killers;
        }
    }
    assert!(recorded > 0, "quiescence never cut: no test");
}

/// The root's table entry measures the search below it: every node expanded, q-nodes
/// included, by default; the main search's nodes only with `tt-size-main=1`. The root
/// itself is counted before the measure starts, so each is its count less one.
#[test]
fn big1_subtree_sizes_leave_q_nodes_out_only_when_told() {
    let mut q_nodes = 0;
    for game in kalah_positions(0..12, 10) {
        for main in [0, 1] {
            let p = params(&["tt-bits=16", &format!("tt-size-main={main}")]);
            let cfg = config("alphabeta+tt-value+tt-move+quiescence");
            let mut searcher = Searcher::new(cfg, p, store_diff());
            let its = searcher.search(&mut game.clone(), 4, &mut |_| {});
            let c = its[0].counters;
            let size = u64::from(searcher.table_entry(game.hash()).unwrap().size);
            let measured = if main == 1 { c.n_nodes } else { c.expanded() };
            assert_eq!(size, measured - 1, "tt-size-main={main}");
            q_nodes += c.n_qnodes;
        }
    }
    assert!(q_nodes > 0, "no q-node: the sizes could not differ");
}

/// Under `killer-scheme=1` a node's killers live at the depth consumed since the iteration's
/// root, which without reductions is its ply: after a search to depth d, the nodes above the
/// leaves (the root's best move goes to its second killer too) left killers in slots 0 to
/// d - 1, the deepest included, and none elsewhere.
#[test]
fn cammp_killers_live_at_the_depth_consumed() {
    let depth = 4;
    let mut deepest = 0;
    for game in kalah_positions(0..8, 10) {
        let p = params(&["killer-scheme=1"]);
        let mut searcher = Searcher::new(config("alphabeta+killers"), p, store_diff());
        searcher.search(&mut game.clone(), depth, &mut |_| {});
        let slots: Vec<usize> = (0..2 * depth as usize)
            .filter(|&slot| searcher.killers(slot)[0] != [None, None])
            .collect();
        assert!(
            slots.iter().all(|&slot| slot < depth as usize),
            "killers in slots {slots:?} on\n{}",
            game.board_string()
        );
        deepest += usize::from(slots.contains(&(depth as usize - 1)));
    }
    assert!(
        deepest > 0,
        "no node one ply above the leaves cut: the test shows nothing"
    );
}
