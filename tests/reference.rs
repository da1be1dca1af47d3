//! Perft against the independent reference data in `fixtures/reference/` (OpenSpiel for
//! Kalah; `CUTOFF_REFERENCE_DIR` points elsewhere): the files are read as they are, so new cases are picked up without code changes.
//! Depths whose count exceeds `QUICK_LIMIT` run only when `RUN_SLOW_TESTS` is set.

use cutoff::game::kalah::Kalah;
use cutoff::game::perft::{divide, perft};
use cutoff::game::Game;
use serde_json::Value;
use std::path::PathBuf;

const QUICK_LIMIT: u64 = 30_000_000;

fn reference(name: &str) -> Value {
    let dir = std::env::var_os("CUTOFF_REFERENCE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/reference"));
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()))
}

fn move_list(case: &Value) -> String {
    let moves = case["moves"].as_array().expect("moves is a list");
    moves
        .iter()
        .map(|m| m.as_str().map_or_else(|| m.to_string(), str::to_string))
        .collect::<Vec<_>>()
        .join(",")
}

/// Replays every case and checks every perft depth (and the divide, where given).
fn check_file<G: Game>(file: &str, options: &str) -> usize {
    let slow = std::env::var_os("RUN_SLOW_TESTS").is_some();
    let data = reference(file);
    let mut checked = 0;
    for case in data["cases"].as_array().expect("cases") {
        let id = case["id"].as_str().unwrap();
        let mut game = G::from_options(options).unwrap();
        game.play_moves(&move_list(case))
            .unwrap_or_else(|e| panic!("{file} {id}: {e}"));
        for (i, expected) in case["perft"].as_array().unwrap().iter().enumerate() {
            let expected = expected.as_u64().unwrap();
            if expected > QUICK_LIMIT && !slow {
                continue;
            }
            assert_eq!(
                perft(&mut game, i as u32 + 1),
                expected,
                "{file} {id} perft({})",
                i + 1
            );
            checked += 1;
        }
        if let (Some(depth), Some(expected)) =
            (case["divide_depth"].as_u64(), case["divide"].as_object())
        {
            if slow || depth <= 6 {
                for (mv, n) in divide(&mut game, depth as u32) {
                    let key = game.format_move(mv);
                    assert_eq!(Some(n), expected[&key].as_u64(), "{file} {id} divide {key}");
                }
            }
        }
    }
    checked
}

#[test]
fn kalah_matches_openspiel() {
    let checked = check_file::<Kalah>("kalah-perft.json", "6,4,standard");
    assert!(checked >= 13 * 6, "only {checked} perft counts checked");
}

#[test]
fn kalah_reference_positions_match_the_board() {
    for case in reference("kalah-perft.json")["cases"].as_array().unwrap() {
        let mut game = Kalah::from_options("").unwrap();
        game.play_moves(&move_list(case)).unwrap();
        let board: Vec<u32> = case["openspiel_board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(game.store_seeds(1), board[0], "{}", case["id"]);
        assert_eq!(game.store_seeds(0), board[7], "{}", case["id"]);
        assert_eq!(
            u64::from(game.side_to_move()),
            case["to_move"].as_u64().unwrap(),
            "{}",
            case["id"]
        );
    }
}

/// The first player's margin under perfect play (reference/README.md, "Solved Kalah values"),
/// found by searching to the end of the game.
#[test]
fn kalah_solved_values() {
    use cutoff::harness::measure::{root_search, SearchSpec};
    use cutoff::search::{Config, Params};
    let slow = std::env::var_os("RUN_SLOW_TESTS").is_some();
    let cases: &[(&str, i32)] = if slow {
        &[
            ("6,1,standard", 2),
            ("6,1,empty-capture", 2),
            ("6,2,standard", 6),
            ("6,2,empty-capture", 10),
        ]
    } else {
        &[("6,1,standard", 2), ("6,1,empty-capture", 2)]
    };
    for &(options, margin) in cases {
        let game = Kalah::from_options(options).unwrap();
        let spec = SearchSpec::<Kalah> {
            config: Config::parse("alphabeta+id+tt-value+tt-move+killers+history+pvs").unwrap(),
            params: Params::default()
                .with_assignments(["tt-bits=22", "id-step=4", "tt-cut-deeper=1"])
                .unwrap(),
            eval: Kalah::parse_eval("store-diff").unwrap(),
            node_limit: None,
        };
        let last = root_search(&game, &spec, 40, &mut |_| {}).pop().unwrap();
        assert_eq!(last.score, margin, "Kalah({options})");
    }
}
