//! The table is emptied between searches by a generation bump: entries of an earlier search
//! are empty to probes and to the replacement schemes, the bump wipes the table for real when
//! its counter wraps, and a searcher reused across positions searches each as a fresh one.

use super::support::{config, kalah_positions, mingmang_positions, params};
use crate::game::Game;
use crate::search::params::TtScheme;
use crate::search::tt::{Bound, Entry, Table};
use crate::search::Searcher;

fn entry(key: u64, depth: u8) -> Entry<u8> {
    Entry {
        key,
        mv: Some(1),
        value: 0,
        depth,
        bound: Bound::Exact,
        size: u32::from(depth),
    }
}

/// After a clear, an old deep entry neither answers a probe nor keeps its slot from a new
/// shallow one, nor moves down to the second level as a live entry would.
#[test]
fn a_cleared_entry_is_empty_to_probes_and_to_replacement() {
    for scheme in TtScheme::ALL {
        let mut table = Table::new(0, scheme);
        table.store(entry(1, 9));
        assert!(table.probe(1).is_some(), "{}", scheme.name());
        table.clear();
        assert!(table.probe(1).is_none(), "{}", scheme.name());
        table.store(entry(2, 1));
        assert!(table.probe(2).is_some(), "{}", scheme.name());
        assert!(table.probe(1).is_none(), "{}", scheme.name());
    }
}

/// 600 clears wrap the 8-bit generation twice: an entry never comes back.
#[test]
fn the_generation_wraps_with_a_real_wipe() {
    let mut table = Table::new(2, TtScheme::TwoDeep);
    table.store(entry(1, 5));
    table.store(entry(5, 3));
    for round in 0..600 {
        table.clear();
        assert!(
            table.probe(1).is_none() && table.probe(5).is_none(),
            "after clear {round}"
        );
    }
    table.store(entry(1, 2));
    assert_eq!(table.probe(1).map(|e| e.depth), Some(2));
}

/// One searcher with a small table, searching positions one after another, finds in each
/// exactly what a fresh searcher finds (every counter, score, move and variation).
fn reused_equals_fresh<G: Game>(positions: &[G], depth: u32) {
    for scheme in ["deep", "two-deep", "big1"] {
        let setting = format!("tt-scheme={scheme}");
        let make = || {
            Searcher::new(
                config("alphabeta+id+tt-value+tt-move+pvs+killers+history"),
                params(&["tt-bits=8", &setting]),
                G::DEFAULT_EVAL,
            )
        };
        let mut reused = make();
        for (i, game) in positions.iter().enumerate() {
            let again = reused.search(&mut game.clone(), depth, &mut |_| {});
            let fresh = make().search(&mut game.clone(), depth, &mut |_| {});
            assert_eq!(again, fresh, "{scheme}, position {i}");
        }
    }
}

#[test]
fn a_reused_searcher_searches_as_a_fresh_one() {
    reused_equals_fresh(&kalah_positions(0..6, 6), 8);
    reused_equals_fresh(&mingmang_positions(0..3, 4), 3);
}
