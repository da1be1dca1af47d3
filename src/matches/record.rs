//! A match's run folder: `manifest.json` (the spec and its provenance) and `games.jsonl`
//! (one line per finished game, appended and flushed as games end, in any order).
//!
//! The reader is tolerant of a torn last line (an interrupted write), which resume cuts
//! off; any other unreadable line is an error naming the file and line. Records are sorted
//! by pair and game before anything is computed from them, so their order in the file
//! never shows. This module does not play or summarise.

use crate::runfolder::{read_json, write_json, write_lines, JsonlWriter};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::fs::OpenOptions;
use std::path::Path;

/// The manifest's file name.
pub const MANIFEST: &str = "manifest.json";
/// The records' file name.
pub const GAMES: &str = "games.jsonl";

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Openings {
    /// Uniformly random legal moves from the start, the same for both games of a pair.
    Random {
        /// Plies per opening.
        plies: u32,
    },
    /// The positions of a fixture set, in order, cycled.
    Set {
        /// The set's path.
        path: String,
        /// FNV-1a of the file.
        hash: String,
    },
}

/// When a match stops.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSpec {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
    /// The Elo model of the bounds.
    pub model: EloModel,
}

/// fishtest's Elo models.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EloModel {
    /// Normalized Elo (the t-value statistic).
    Normalized,
    /// Logistic Elo (the expected score).
    Logistic,
}

/// Everything that decides a match's games: equal specs give equal games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSpec {
    /// The canonical game string.
    pub game: String,
    /// Agent A and agent B, canonical strings.
    pub agents: [String; 2],
    /// Games to play (pairs times two); with SPRT, the most games.
    pub games: u32,
    /// The sequential test, when the match stops on its own.
    pub sprt: Option<SprtSpec>,
    /// Where openings come from.
    pub openings: Openings,
    /// The seed of openings and random agents.
    pub seed: u64,
    /// A game reaching this many plies (opening included) is a draw by the ply cap.
    pub max_plies: u32,
    /// The Gomocup time rules of `pbrain:` agents (absent when no agent is one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gomocup: Option<GomocupClock>,
}

/// The Gomocup time rules a match sets for its external brains (`pbrain:` agents): sent
/// with `INFO` and enforced by the manager (the match), which keeps each brain's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GomocupClock {
    /// `timeout_turn`: the most a move may take, ms (0: play fast).
    pub timeout_turn_ms: u64,
    /// `timeout_match`: each brain's time for a whole game, ms (0: unlimited).
    pub timeout_match_ms: u64,
    /// Slack on top of both before a late answer forfeits, ms.
    pub tolerance_ms: u64,
    /// `max_memory`, bytes (0: no limit); sent, not enforced.
    pub max_memory: u64,
}

impl Default for GomocupClock {
    /// The paper's control (15 s a move, 90 s a game) with a second of tolerance.
    fn default() -> GomocupClock {
        GomocupClock {
            timeout_turn_ms: 15_000,
            timeout_match_ms: 90_000,
            tolerance_ms: 1_000,
            max_memory: 0,
        }
    }
}

/// A match folder's manifest: the spec and where the run came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchManifest {
    /// The spec.
    pub spec: MatchSpec,
    /// `cutoff <version>`.
    pub tool: String,
    /// The source hash of the build that started it.
    pub build: String,
    /// The git revision and whether the tree was dirty.
    pub git_revision: String,
    /// Whether tracked files had changes (null when not known).
    pub git_dirty: Option<bool>,
    /// The compiler.
    pub rustc: String,
    /// The CPU and threads.
    pub cpu: String,
    /// The command line.
    pub command_line: Vec<String>,
    /// When it started (UTC).
    pub started: String,
}

/// Which agent: 0 is A (the first of `--agents`), 1 is B.
pub type Seat = usize;

/// Why a game ended without an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The game's rules ended it.
    Rules,
    /// It reached the match's ply cap (a draw).
    PlyCap,
}

/// Why an external brain lost by forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Forfeit {
    /// No answer within its time (the turn timeout or its match clock, plus tolerance).
    Time,
    /// A move off the board or on a taken point.
    IllegalMove,
    /// An answer that is no move (`ERROR`, garbage, a refused `START`).
    BadAnswer,
    /// It exited, crashed or closed its pipes.
    Exited,
}

impl Forfeit {
    /// The cause in words, as recorded.
    pub fn name(self) -> &'static str {
        match self {
            Forfeit::Time => "time",
            Forfeit::IllegalMove => "illegal-move",
            Forfeit::BadAnswer => "bad-answer",
            Forfeit::Exited => "exited",
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "end", rename_all = "kebab-case")]
pub enum End {
    /// An agent won.
    Win {
        /// The winner.
        winner: Seat,
        /// Why the game ended.
        reason: Reason,
    },
    /// Nobody won.
    Draw {
        /// Why the game ended.
        reason: Reason,
    },
    /// An external brain lost by forfeit (its opponent wins; counted as a loss).
    Forfeit {
        /// The agent that forfeited.
        loser: Seat,
        /// Why.
        cause: Forfeit,
        /// What happened, in words.
        message: String,
    },
    /// An agent failed (an illegal move, a panic, a timeout): counted apart.
    Error {
        /// The agent that failed.
        agent: Seat,
        /// What happened.
        message: String,
    },
}

/// One move of a game and its cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Nodes expanded to choose it.
    pub nodes: u64,
    /// The depth of the search that chose it.
    pub depth: u32,
    /// Wall time to choose it, in microseconds (not reproducible; kept out of summaries).
    pub us: u64,
    /// The choosing thread's CPU time, in microseconds (absent in games recorded before it
    /// was measured).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_us: Option<u64>,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The pair (opening) index.
    pub pair: u32,
    /// 0: agent A moves first; 1: agent B moves first.
    pub game: u32,
    /// The opening's moves, played before the agents.
    pub opening: Vec<String>,
    /// The agents' moves.
    pub moves: Vec<MoveRecord>,
    /// How it ended.
    #[serde(flatten)]
    pub end: End,
}

impl GameRecord {
    /// The points of agent A (1, 0.5 or 0; a forfeit loses); `None` for an error.
    pub fn score_a(&self) -> Option<f64> {
        match self.end {
            End::Win { winner, .. } => Some(if winner == 0 { 1.0 } else { 0.0 }),
            End::Forfeit { loser, .. } => Some(if loser == 0 { 0.0 } else { 1.0 }),
            End::Draw { .. } => Some(0.5),
            End::Error { .. } => None,
        }
    }

    /// The seat that moved first.
    pub fn first(&self) -> Seat {
        self.game as Seat
    }
}

/// Reads `dir/manifest.json`, or `None` when there is none.
pub fn read_manifest(dir: &Path) -> Result<Option<MatchManifest>> {
    read_json(&dir.join(MANIFEST), "the manifest of a match")
}

/// Writes `dir/manifest.json` atomically.
pub fn write_manifest(dir: &Path, manifest: &MatchManifest) -> Result<()> {
    write_json(&dir.join(MANIFEST), manifest)
}

/// Reads `dir/games.jsonl` (empty when absent), cutting off a torn last line; the records
/// are sorted by pair and game, and a game recorded twice is an error.
pub fn read_games(dir: &Path) -> Result<Vec<GameRecord>> {
    let path = dir.join(GAMES);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    if complete < text.len() {
        let file = OpenOptions::new()
            .write(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        file.set_len(complete as u64)
            .with_context(|| format!("cutting the torn line off {}", path.display()))?;
    }
    let mut games: Vec<GameRecord> = Vec::new();
    for (i, line) in text[..complete].lines().enumerate() {
        let record = serde_json::from_str(line)
            .with_context(|| format!("{} line {}: not a game record", path.display(), i + 1))?;
        games.push(record);
    }
    games.sort_by_key(|g| (g.pair, g.game));
    if let Some(w) = games
        .windows(2)
        .find(|w| (w[0].pair, w[0].game) == (w[1].pair, w[1].game))
    {
        bail!(
            "{}: pair {} game {} is recorded twice",
            path.display(),
            w[0].pair,
            w[0].game
        );
    }
    Ok(games)
}

/// Replaces `dir/games.jsonl` with `games`, atomically.
pub fn rewrite_games(dir: &Path, games: &[GameRecord]) -> Result<()> {
    write_lines(&dir.join(GAMES), games)
}

/// Appends game records to `games.jsonl`, one flushed line each.
pub type GameWriter = JsonlWriter<GameRecord>;

impl GameWriter {
    /// Opens `dir/games.jsonl` for appending, creating it.
    pub fn open(dir: &Path) -> Result<GameWriter> {
        JsonlWriter::append_to(dir.join(GAMES))
    }
}
