//! Perft against independent counts: each [`PerftCase`] replayed from the start position of
//! its `options` (the game's defaults when empty), with perft at every listed depth and
//! `divide` where the case gives it (shakmaty's perft suites). The built-in games read theirs
//! from `fixtures/reference/<game>-perft.json` ([`read_perft_file`]).
//!
//! Counts above [`QUICK_LIMIT`] leaves run only when `RUN_SLOW_TESTS` is set, so the same
//! cases serve the quick suite and the deep one. `CUTOFF_REFERENCE_DIR` reads the built-in
//! files from another folder. Fields of the files other than `id`, `options`, `moves`,
//! `perft`, `divide_depth` and `divide` are the games' own tests' business.

use crate::game::perft::{divide, perft};
use crate::game::Game;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// Perft counts above this many leaves run only with `RUN_SLOW_TESTS`.
pub const QUICK_LIMIT: u64 = 30_000_000;

/// One position and its perft counts from an independent program or a published table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerftCase {
    /// A name for messages, e.g. `start`.
    pub id: String,
    /// The game string's options of the case's start position (`""`: the defaults).
    pub options: String,
    /// Moves from that start, comma-separated in the game's notation.
    pub moves: String,
    /// `perft[i]` is perft(i + 1).
    pub perft: Vec<u64>,
    /// Perft split by root move at a depth: each move's notation and its count.
    pub divide: Option<(u32, BTreeMap<String, u64>)>,
}

impl PerftCase {
    /// The case `id`: perft(1), perft(2), ... = `perft` after `moves` from the default start.
    pub fn new(id: &str, moves: &str, perft: &[u64]) -> PerftCase {
        PerftCase {
            id: id.to_string(),
            moves: moves.to_string(),
            perft: perft.to_vec(),
            ..PerftCase::default()
        }
    }
}

#[derive(Deserialize)]
struct ReferenceFile {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    /// Moves from the start, as strings or (Kalah's houses) numbers.
    moves: Vec<serde_json::Value>,
    perft: Vec<u64>,
    divide_depth: Option<u32>,
    divide: Option<BTreeMap<String, u64>>,
    #[serde(default)]
    options: String,
}

impl From<Case> for PerftCase {
    fn from(case: Case) -> PerftCase {
        let text = |m: &serde_json::Value| m.as_str().map_or_else(|| m.to_string(), str::to_string);
        let moves = case.moves.iter().map(text).collect::<Vec<_>>().join(",");
        PerftCase {
            id: case.id,
            options: case.options,
            moves,
            perft: case.perft,
            divide: case.divide_depth.zip(case.divide),
        }
    }
}

/// The cases of a perft file (`{"cases": [{"id", "moves", "perft", "options"?,
/// "divide_depth"?, "divide"?}]}`, the form of `fixtures/reference/`); panics with the path
/// on an unreadable or malformed file, as a test should.
pub fn read_perft_file(path: &Path) -> Vec<PerftCase> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let file: ReferenceFile =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()));
    file.cases.into_iter().map(PerftCase::from).collect()
}

/// The reference cases of built-in game `G`: `fixtures/reference/<game>-perft.json`.
#[cfg(test)]
pub(crate) fn builtin<G: Game>() -> Vec<PerftCase> {
    let dir = std::env::var_os("CUTOFF_REFERENCE_DIR").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/reference"),
        std::path::PathBuf::from,
    );
    read_perft_file(&dir.join(format!("{}-perft.json", G::NAME)))
}

/// Replays every case: perft at each depth whose count is at most [`QUICK_LIMIT`] (all with
/// `RUN_SLOW_TESTS` set), and `divide` where given. Panics on the first count that differs,
/// and when no case or no count is checked.
pub fn check_perft<G: Game>(cases: &[PerftCase]) {
    assert!(!cases.is_empty(), "{}: no perft case", G::NAME);
    let limit = match std::env::var_os("RUN_SLOW_TESTS") {
        Some(_) => u64::MAX,
        None => QUICK_LIMIT,
    };
    for case in cases {
        check_case::<G>(case, limit);
    }
}

fn check_case<G: Game>(case: &PerftCase, limit: u64) {
    let id = format!("{} {}", G::NAME, case.id);
    let mut game = G::from_options(&case.options)
        .unwrap_or_else(|e| panic!("{id}: options `{}`: {e}", case.options));
    game.play_moves(&case.moves)
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    let mut checked = 0;
    for (depth, &expected) in (1..).zip(&case.perft) {
        if expected <= limit {
            assert_eq!(perft(&mut game, depth), expected, "{id}: perft({depth})");
            checked += 1;
        }
    }
    assert!(checked > 0, "{id}: no perft count below the quick limit");
    let Some((depth, expected)) = &case.divide else {
        return;
    };
    if case
        .perft
        .get(*depth as usize - 1)
        .is_some_and(|&n| n <= limit)
    {
        let divided: BTreeMap<String, u64> = divide(&mut game, *depth)
            .into_iter()
            .map(|(mv, n)| (game.format_move(mv), n))
            .collect();
        assert_eq!(&divided, expected, "{id}: divide({depth})");
    }
}
