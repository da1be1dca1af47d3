//! Kalah against the reference data in `fixtures/reference/` beyond perft (which the rules
//! contract checks for every game): the replayed boards match OpenSpiel's, and searches to
//! the end find the solved values. `CUTOFF_REFERENCE_DIR` reads the files from elsewhere.

use cutoff::game::kalah::Kalah;
use cutoff::game::Game;
use serde_json::Value;
use std::path::PathBuf;

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
            node_budget: None,
        };
        let last = root_search(&game, &spec, 40, &mut |_| {}).pop().unwrap();
        assert_eq!(last.score, margin, "Kalah({options})");
    }
}
