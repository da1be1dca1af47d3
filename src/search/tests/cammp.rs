//! Every CAMMP difference is a parameter (issue 9 item 2): the `cammp-java` profile sets them,
//! each changes the search, and the table's window narrowing keeps the value.

use super::support::{config, iterations, kalah_positions, params, value};
use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::Game;
use crate::search::params::PROFILES;
use crate::search::{Counters, Params};

fn counters<G: Game>(game: &G, text: &str, p: Params, eval: G::Eval, depth: u32) -> Counters {
    let mut sum = Counters::default();
    for it in iterations(game, config(text), p, eval, depth) {
        sum += it.counters;
    }
    sum
}

#[test]
fn profiles_apply_before_single_params() {
    let p = Params::default()
        .with_profiles(["cammp-java"])
        .and_then(|p| p.with_assignments(["null-fail-soft=0"]))
        .unwrap();
    assert_eq!((p.tt_narrow, p.killer_scheme, p.q_quiet_every), (1, 1, 2));
    assert_eq!(p.null_fail_soft, 0);
    let err = Params::default().with_profiles(["cammp"]).unwrap_err();
    assert!(err.contains("unknown params profile `cammp`"), "{err}");
}

/// Each assignment of every profile changes the counters of `all` on Ming Mang or Kalah: no
/// CAMMP parameter is inert.
#[test]
fn every_cammp_parameter_changes_the_search() {
    let ming_mang = super::support::mingmang_positions(3..4, 10).pop().unwrap();
    let ming_mang_eval = MingMang::parse_eval("cammp").unwrap();
    let kalah = Kalah::from_options("").unwrap();
    let kalah_eval = Kalah::parse_eval("store-diff").unwrap();
    // A tiny table, so that replacement decisions happen, and null moves down to depth 1,
    // so that they happen below multi-cut's probes.
    let base = ["tt-bits=2", "null-min-depth=1"];
    let both = |assignment: Option<&str>| {
        let p = params(&[base[0], base[1], assignment.unwrap_or("tt-bits=2")]);
        (
            counters(&ming_mang, "all", p.clone(), ming_mang_eval, 6),
            counters(&kalah, "all", p, kalah_eval, 9),
        )
    };
    let plain = both(None);
    for profile in PROFILES {
        for &assignment in profile.assignments {
            let (ming_mang, kalah) = both(Some(assignment));
            assert!(
                ming_mang != plain.0 || kalah != plain.1,
                "{assignment} changed nothing"
            );
        }
    }
}

/// Narrowing the window with a bound from the table keeps alpha-beta's root value in Kalah,
/// whose hash decides everything: `tt-narrow` stays exact.
#[test]
fn table_window_narrowing_keeps_the_value() {
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let narrow = params(&[
        "tt-narrow=1",
        "tt-probe-leaves=1",
        "id-step=1",
        "tt-bits=10",
    ]);
    let tt = config("alphabeta+id+tt-value+tt-move+pvs+aspiration");
    assert!(tt.is_exact_with(&narrow, true));
    for game in kalah_positions(0..16, 12) {
        for depth in [5, 8] {
            let expected = value(&game, config("alphabeta"), Params::default(), eval, depth);
            let got = value(&game, tt, narrow.clone(), eval, depth);
            assert_eq!(got, expected, "depth {depth} on\n{}", game.board_string());
        }
    }
}
