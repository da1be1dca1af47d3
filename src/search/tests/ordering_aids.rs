//! The opt-in ordering aids `iid-depth` and `history-malus`: exact (the root value of plain
//! alpha-beta at every position and depth), effective (they change the tree where their
//! conditions hold) and inert where they do not.

use super::support::{config, iterations, kalah_positions, mingmang_positions, params};
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::Game;
use crate::search::Searcher;

const EXACT: &str = "alphabeta+id+tt-value+tt-move+killers+history+pvs";

/// Root value and nodes of `text` with `assignments` on `game` at `depth`.
fn run<G: Game>(game: &G, text: &str, assignments: &[&str], depth: u32) -> (i32, u64) {
    let eval = G::DEFAULT_EVAL;
    let its = iterations(game, config(text), params(assignments), eval, depth);
    let nodes = its.iter().map(|it| it.counters.n_nodes).sum();
    (its.last().unwrap().score, nodes)
}

/// Nodes summed over `games` and depths 1 to `deepest` with `aid` and without it, asserting
/// on the way that every root value with it is plain alpha-beta's.
fn nodes_with_and_without<G: Game>(games: &[G], deepest: u32, aid: &[&str]) -> (u64, u64) {
    let (mut with, mut without) = (0, 0);
    for depth in 1..=deepest {
        for game in games {
            let (plain, _) = run(game, "alphabeta", &[], depth);
            let (score, nodes) = run(game, EXACT, aid, depth);
            assert_eq!(score, plain, "{} {aid:?} depth {depth}", G::NAME);
            with += nodes;
            without += run(game, EXACT, &[], depth).1;
        }
    }
    (with, without)
}

/// Each aid, alone and together, keeps the root value of plain alpha-beta on Kalah and Ming
/// Mang positions at depths 1 to 7 (Ming Mang to 4), and changes the node count summed over
/// the positions.
#[test]
fn the_aids_keep_the_value_and_change_the_tree() {
    let aids: [&[&str]; 3] = [
        &["iid-depth=3"],
        &["history-malus=1"],
        &["iid-depth=3", "history-malus=1"],
    ];
    let kalah = kalah_positions(0..6, 9);
    let mingmang = mingmang_positions(0..3, 14);
    for aid in aids {
        let (k_with, k_without) = nodes_with_and_without(&kalah, 7, aid);
        let (m_with, m_without) = nodes_with_and_without(&mingmang, 4, aid);
        assert_ne!(
            k_with + m_with,
            k_without + m_without,
            "{aid:?} changed nothing"
        );
    }
}

/// Without the flag each aid needs (`tt-move` for `iid-depth`, `history` for
/// `history-malus`), the aid changes nothing; `iid-depth` below 3 acts as 3.
#[test]
fn the_aids_need_their_flags() {
    let game = Kalah::from_options("").unwrap();
    let without_move = "alphabeta+id+tt-value+killers+history+pvs";
    assert_eq!(
        run(&game, without_move, &["iid-depth=3"], 8),
        run(&game, without_move, &[], 8)
    );
    let without_history = "alphabeta+id+tt-value+tt-move+killers+pvs";
    assert_eq!(
        run(&game, without_history, &["history-malus=1"], 8),
        run(&game, without_history, &[], 8)
    );
    assert_eq!(
        run(&game, EXACT, &["iid-depth=1"], 8),
        run(&game, EXACT, &["iid-depth=3"], 8)
    );
}

/// `history-malus=1` takes depth squared off the moves searched before a cutoff move: on Ming
/// Mang some move ends the search with less history than without the malus.
#[test]
fn the_malus_lowers_the_history_of_moves_before_a_cutoff() {
    let game = mingmang_positions(1..2, 12).pop().unwrap();
    let table = |malus: &str| {
        let p = params(&[malus]);
        let mut searcher = Searcher::new(config("alphabeta+history"), p, MingMang::DEFAULT_EVAL);
        searcher.search(&mut game.clone(), 4, &mut |_| {});
        searcher.history().to_vec()
    };
    let (plain, malus) = (table("history-malus=0"), table("history-malus=1"));
    assert!(
        plain.iter().zip(&malus).any(|(p, m)| m < p),
        "no move lost history"
    );
}
