//! Aspiration windows: the root is searched in (centre - w, centre + w), `w` being
//! `aspiration-window`, and searched again with the failed side opened to infinity exactly
//! when the value leaves that window, below it or above it; the value is alpha-beta's either
//! way. The centre is the root's evaluation, or with iterative deepening the previous
//! iteration's value.

use super::support::{config, iterations, kalah_positions, params, value};
use crate::game::kalah::Kalah;
use crate::game::{Evaluator, Game, Score};
use crate::search::Params;

/// How often the value fell below the window, rose above it and stayed inside.
#[derive(Default)]
struct Seen {
    below: u32,
    above: u32,
    inside: u32,
}

impl Seen {
    /// The re-searches expected with value `exact` in the window `centre` +- `window`,
    /// recording the case.
    fn researches(&mut self, exact: Score, centre: Score, window: Score) -> u64 {
        if exact <= centre - window {
            self.below += 1;
        } else if exact >= centre + window {
            self.above += 1;
        } else {
            self.inside += 1;
            return 0;
        }
        1
    }
}

#[test]
fn aspiration_researches_exactly_when_the_value_leaves_the_window() {
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let mut seen = Seen::default();
    for game in kalah_positions(0..12, 10) {
        let exact = |depth| value(&game, config("alphabeta"), Params::default(), eval, depth);
        for window in [1, 3, 8] {
            let p = params(&[&format!("aspiration-window={window}"), "id-step=1"]);
            // Alone, one iteration whose window is centred on the root's evaluation.
            for depth in [2, 5] {
                let its = iterations(
                    &game,
                    config("alphabeta+aspiration"),
                    p.clone(),
                    eval,
                    depth,
                );
                let expected = seen.researches(exact(depth), eval.evaluate(&game), window);
                let got = &its.last().unwrap();
                assert_eq!(
                    (got.score, got.counters.n_aspiration_researches),
                    (exact(depth), expected),
                    "window {window}, depth {depth} on\n{}",
                    game.board_string()
                );
            }
            // With iterative deepening, each iteration's window is centred on the last value.
            let its = iterations(&game, config("alphabeta+id+aspiration"), p, eval, 5);
            for pair in its.windows(2) {
                let (last, got) = (&pair[0], &pair[1]);
                let expected = seen.researches(exact(got.depth), last.score, window);
                assert_eq!(
                    (got.score, got.counters.n_aspiration_researches),
                    (exact(got.depth), expected),
                    "window {window}, depth {} after {} on\n{}",
                    got.depth,
                    last.score,
                    game.board_string()
                );
            }
        }
    }
    let Seen {
        below,
        above,
        inside,
    } = seen;
    assert!(
        below > 0 && above > 0 && inside > 0,
        "{below} below, {above} above, {inside} inside: the test shows too little"
    );
}
