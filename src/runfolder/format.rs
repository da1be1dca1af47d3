//! The typed contents of a run folder: [`Manifest`] (`manifest.json`), [`Record`] (one
//! line of `records.jsonl`) and [`MinimalRecord`] (one line of `minimal.jsonl`), with the one
//! identity of a search, [`SearchId`].
//!
//! Configurations and techniques are held typed ([`Config`], [`Enhancement`], [`Role`]) and
//! written as the same strings as ever, so every committed run stays readable. This module
//! defines the format; reading and writing the files is `files`' business.

use crate::search::{Config, Counters, Enhancement, Params};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The identity of one search in a run: which position, which configuration, which depth.
/// Every record of a run has a different one; they sort by configuration string, depth and
/// position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchId {
    /// The fixture position's id.
    pub position: String,
    /// The configuration.
    pub config: Config,
    /// The depth.
    pub depth: u32,
}

impl SearchId {
    fn sort_key(&self) -> (String, u32, &str) {
        (self.config.to_string(), self.depth, &self.position)
    }
}

impl Ord for SearchId {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.sort_key().cmp(&other.sort_key())
    }
}

impl PartialOrd for SearchId {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for SearchId {
    /// `position g01-m03, alphabeta+id, depth 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "position {}, {}, depth {}",
            self.position, self.config, self.depth
        )
    }
}

/// The minimal tree of one position at one depth, one line of `minimal.jsonl`: the nodes plain
/// alpha-beta visits when every node's moves come best first by their exact values at the
/// remaining depth (`search::minimal`), and the exact root value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinimalRecord {
    /// The fixture position's id.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// Nodes entered, counted as a search's `n_nodes` (no quiescence).
    pub n_nodes: u64,
    /// Nodes at depth 0 or terminal.
    pub n_leaves: u64,
    /// The exact minimax value of the position at the depth, for its side to move.
    pub score: i32,
}

impl MinimalRecord {
    /// The order of `minimal.jsonl`: by depth, then position id.
    pub fn sort_key(&self) -> (u32, &str) {
        (self.depth, &self.position)
    }
}

/// The result of a root search at one depth, as printed with `--json` and recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthResult {
    /// The depth.
    pub depth: u32,
    /// Wall time of the root search up to this depth, in nanoseconds.
    pub ns: u64,
    /// The root value for the side to move.
    pub score: i32,
    /// The best move in the game's notation.
    pub best_move: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Whether the node cap stopped the search: then only `capped` means anything.
    pub capped: bool,
    /// With `ablate --repeat K`: the time of each of the K repeats, in round order (`ns` is
    /// their median). Empty for a single search.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ns_repeats: Vec<u64>,
    /// CPU time of the searching thread over the same span as `ns` (the median of the
    /// repeats, with `--repeat`); absent in records written before it was measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ns: Option<u64>,
    /// With `ablate --repeat K`: the CPU time of each repeat, in round order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cpu_repeats: Vec<u64>,
    /// The node budget ran out during this iteration: the score, move and PV are the last
    /// completed iteration's (written only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exhausted: bool,
    /// With a node budget (`ablate --node-budget`): the deepest iteration the search completed
    /// within it (0: none), so "depth reached under budget B". Absent without a budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_completed: Option<u32>,
    /// The counters, summed over the iterations up to this depth.
    #[serde(flatten)]
    pub counters: Counters,
}

impl DepthResult {
    /// Puts the CPU times in the place of the wall times (`ns`, `ns_repeats`), where the
    /// record has them; nothing otherwise.
    pub fn use_cpu_time(&mut self) {
        if let Some(cpu) = self.cpu_ns {
            self.ns = cpu;
            self.ns_repeats.clone_from(&self.cpu_repeats);
        }
    }
}

/// One line of `records.jsonl`: a root search of one position with one configuration to one
/// depth (with iterative deepening, the counters sum the iterations up to that depth).
///
/// On disk a preset's flags are written out beside its name (`"config": "all", "flags":
/// "alphabeta+id+..."`), so that a preset whose meaning changed later cannot be
/// read back as what it means now: reading such a record is an error that says so.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RecordOnDisk", try_from = "RecordOnDisk")]
pub struct Record {
    /// The fixture position's id.
    pub position: String,
    /// The configuration (written in canonical form).
    pub config: Config,
    /// The result, counters flattened (`n_nodes`, `n_qnodes`, ...), time in `ns`.
    pub result: DepthResult,
}

/// A [`Record`] as written: with the configuration's flags spelled out (absent in records
/// written before they were).
#[derive(Serialize, Deserialize)]
struct RecordOnDisk {
    position: String,
    config: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flags: Option<String>,
    #[serde(flatten)]
    result: DepthResult,
}

impl From<Record> for RecordOnDisk {
    fn from(record: Record) -> RecordOnDisk {
        RecordOnDisk {
            position: record.position,
            config: record.config.to_string(),
            flags: Some(record.config.expanded()).filter(|f| *f != record.config.to_string()),
            result: record.result,
        }
    }
}

impl TryFrom<RecordOnDisk> for Record {
    type Error = String;
    fn try_from(disk: RecordOnDisk) -> Result<Record, String> {
        let config = Config::parse(&disk.config)?;
        if let Some(flags) = &disk.flags {
            if Config::parse(flags)? != config {
                return Err(format!(
                    "`{}` was `{flags}` when this record was written, but is `{}` now: \
                     read the run with the build that wrote it (its manifest names it)",
                    disk.config,
                    config.expanded()
                ));
            }
        }
        Ok(Record {
            position: disk.position,
            config,
            result: disk.result,
        })
    }
}

impl Record {
    /// The search this record holds.
    pub fn id(&self) -> SearchId {
        SearchId {
            position: self.position.clone(),
            config: self.config,
            depth: self.result.depth,
        }
    }
}

/// Which part of a plan a configuration belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The configuration ratios are taken against.
    Baseline,
    /// The baseline plus one technique.
    AddOne,
    /// The full configuration without one technique.
    LeaveOneOut,
    /// The full configuration.
    Full,
    /// One subset of an all-subsets plan.
    Subset,
    /// A configuration listed by hand.
    Listed,
}

impl Role {
    /// The role's name in manifests and CSV files.
    pub fn name(self) -> &'static str {
        match self {
            Role::Baseline => "baseline",
            Role::AddOne => "add-one",
            Role::LeaveOneOut => "leave-one-out",
            Role::Full => "full",
            Role::Subset => "subset",
            Role::Listed => "listed",
        }
    }
}

/// A configuration of a run's plan with the label tables and charts give it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlannedConfig {
    /// The configuration (as in `Record::config`).
    pub config: Config,
    /// The row label, in the CAMMP table's words: `alpha-beta`, `alpha-beta with killer
    /// moves`, `all without null move`, `all (cammp)`, or the configuration itself.
    pub label: String,
    /// Which part of the plan it belongs to.
    pub role: Role,
    /// The technique added or left out, for add-one and leave-one-out rows.
    pub technique: Option<Enhancement>,
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
    /// The git revision of the tree that ran.
    pub git_revision: String,
    /// Whether the work tree had uncommitted changes (null when not known: the binary ran
    /// outside the work tree it was built from).
    pub git_dirty: Option<bool>,
    /// The hash of the source the tool was built from (absent in runs made before it was
    /// recorded): records of one run all come from one build unless `mixed_builds` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<String>,
    /// Other builds that added records to this run (`ablate --allow-mixed-builds`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mixed_builds: Vec<String>,
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
    pub baseline: Config,
    /// The configurations in plan order.
    pub configs: Vec<PlannedConfig>,
    /// The depths searched.
    pub depths: Vec<u32>,
    /// The search parameters.
    pub params: Params,
    /// The per-search node cap, if any.
    pub max_nodes: Option<u64>,
    /// The per-search node budget, if any (`ablate --node-budget`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_budget: Option<u64>,
    /// How many times each search ran (`ablate --repeat`); 1 when absent.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub repeat: u32,
    /// The seed of every random choice of the run.
    pub seed: u64,
    /// `i/n` when the run is one shard of a larger one.
    pub shard: Option<String>,
    /// The machine's 1-, 5- and 15-minute load averages when the run started (absent in
    /// runs made before it was recorded, and off Linux): above the number of threads, other
    /// work competed with the searches and wall times are inflated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_start: Option<[f64; 3]>,
    /// The load averages when the run's last search finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_end: Option<[f64; 3]>,
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

impl Manifest {
    /// The number of searches the run plans: positions x configurations x depths.
    pub fn searches(&self) -> usize {
        self.fixture.positions * self.configs.len() * self.depths.len()
    }

    /// The planned configuration `config`, if the plan has it.
    pub fn planned(&self, config: Config) -> Option<&PlannedConfig> {
        self.configs.iter().find(|c| c.config == config)
    }
}
