//! Perft against independent implementations: every case of
//! `fixtures/reference/<game>-perft.json` replayed from the start position of its `options`
//! (the game's defaults when it has none), with
//! perft at every listed depth and `divide` where the file gives it (shakmaty's perft suites).
//!
//! Counts above [`QUICK_LIMIT`] leaves run only when `RUN_SLOW_TESTS` is set, so the same
//! file serves the quick suite and the deep one. `CUTOFF_REFERENCE_DIR` reads the files from
//! another folder. Fields other than `id`, `options`, `moves`, `perft`, `divide_depth` and
//! `divide` are the games' own tests' business.

use crate::game::perft::{divide, perft};
use crate::game::Game;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Perft counts above this many leaves run only with `RUN_SLOW_TESTS`.
const QUICK_LIMIT: u64 = 30_000_000;

#[derive(Deserialize)]
struct ReferenceFile {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    /// Moves from the start, as strings or (Kalah's houses) numbers.
    moves: Vec<serde_json::Value>,
    /// `perft[i]` is perft(i + 1).
    perft: Vec<u64>,
    divide_depth: Option<u32>,
    divide: Option<BTreeMap<String, u64>>,
    /// The game string's options of the case's start position (`""`, the defaults, when
    /// absent).
    #[serde(default)]
    options: String,
}

impl Case {
    fn move_list(&self) -> String {
        let text = |m: &serde_json::Value| m.as_str().map_or_else(|| m.to_string(), str::to_string);
        self.moves.iter().map(text).collect::<Vec<_>>().join(",")
    }
}

/// The reference file of `G`.
fn path<G: Game>() -> PathBuf {
    let dir = std::env::var_os("CUTOFF_REFERENCE_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/reference"),
        PathBuf::from,
    );
    dir.join(format!("{}-perft.json", G::NAME))
}

/// Replays every case of `G`'s reference file.
pub(super) fn check<G: Game>() {
    let path = path::<G>();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {} (every game has one): {e}", path.display()));
    let file: ReferenceFile =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()));
    assert!(!file.cases.is_empty(), "{} has no case", path.display());
    let limit = match std::env::var_os("RUN_SLOW_TESTS") {
        Some(_) => u64::MAX,
        None => QUICK_LIMIT,
    };
    for case in &file.cases {
        check_case::<G>(case, limit);
    }
}

fn check_case<G: Game>(case: &Case, limit: u64) {
    let id = format!("{} {}", G::NAME, case.id);
    let mut game = G::from_options(&case.options)
        .unwrap_or_else(|e| panic!("{id}: options `{}`: {e}", case.options));
    game.play_moves(&case.move_list())
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    let mut checked = 0;
    for (depth, &expected) in (1..).zip(&case.perft) {
        if expected <= limit {
            assert_eq!(perft(&mut game, depth), expected, "{id}: perft({depth})");
            checked += 1;
        }
    }
    assert!(checked > 0, "{id}: no perft count below the quick limit");
    let (Some(depth), Some(expected)) = (case.divide_depth, &case.divide) else {
        return;
    };
    if case
        .perft
        .get(depth as usize - 1)
        .is_some_and(|&n| n <= limit)
    {
        let divided: BTreeMap<String, u64> = divide(&mut game, depth)
            .into_iter()
            .map(|(mv, n)| (game.format_move(mv), n))
            .collect();
        assert_eq!(&divided, expected, "{id}: divide({depth})");
    }
}
