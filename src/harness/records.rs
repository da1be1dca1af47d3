//! The files of a run folder: `manifest.json` (provenance and the run's spec) and
//! `records.jsonl` (one line per position x configuration x depth). `report` reads only these.

use super::measure::DepthResult;
use serde::{Deserialize, Serialize};

/// One line of `records.jsonl`: a root search of one position with one configuration to one
/// depth (with iterative deepening, the counters sum the iterations up to that depth).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The fixture position's id.
    pub position: String,
    /// The configuration, as written in the run's spec (canonical form).
    pub config: String,
    /// The result, counters flattened (`n_nodes`, `n_qnodes`, ...), time in `ns`.
    #[serde(flatten)]
    pub result: DepthResult,
}

/// A configuration of a run's plan with the label tables and charts give it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlannedConfig {
    /// The configuration in canonical form (as in `Record::config`).
    pub config: String,
    /// The row label, in the CAMMP table's words: `alpha-beta`, `alpha-beta with killer
    /// moves`, `all without null move`, `all (cammp)`, or the configuration itself.
    pub label: String,
    /// Which part of the plan it belongs to: `baseline`, `add-one`, `leave-one-out`, `full`,
    /// `subset` or `listed`.
    pub role: String,
    /// The technique added or left out, for `add-one` and `leave-one-out` rows.
    pub technique: Option<String>,
}

/// The fixture a run used.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FixtureRef {
    /// Path of the fixture file, relative to the repository.
    pub path: String,
    /// The set's name.
    pub set: String,
    /// Hex FNV-1a 64 hash of the file's bytes.
    pub hash: String,
    /// Positions used from it (after any subset rule).
    pub positions: usize,
}

/// `manifest.json`: everything needed to know where a run's numbers came from and to run
/// it again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// `cutoff <version>`.
    pub tool: String,
    /// The git revision of the tree that ran, and whether it had uncommitted changes.
    pub git_revision: String,
    /// Whether the work tree had uncommitted changes.
    pub git_dirty: bool,
    /// `rustc --version` of the compiler that built the tool.
    pub rustc: String,
    /// The CPU model and the number of threads the run used.
    pub cpu: String,
    /// The command line as typed.
    pub command_line: Vec<String>,
    /// When the run started (UTC, RFC 3339).
    pub started: String,
    /// The run's label (the folder name's last part).
    pub label: String,
    /// The game string, canonical.
    pub game: String,
    /// The evaluation's name.
    pub eval: String,
    /// The position set.
    pub fixture: FixtureRef,
    /// `add-one`, `leave-one-out`, `add-one+leave-one-out`, `all-subsets` or `configs`.
    pub plan: String,
    /// The baseline configuration ratios are taken against (normally `alphabeta`).
    pub baseline: String,
    /// The configurations in plan order.
    pub configs: Vec<PlannedConfig>,
    /// The depths searched.
    pub depths: Vec<u32>,
    /// The search parameters.
    pub params: crate::search::Params,
    /// The per-search node cap, if any.
    pub max_nodes: Option<u64>,
    /// The seed of every random choice of the run.
    pub seed: u64,
    /// `i/n` when the run is one shard of a larger one.
    pub shard: Option<String>,
}
