//! The bench signature: curated positions of every game searched at fixed depths with fresh
//! tables, node counts summed into one number (Stockfish's `bench`). A change that moves any
//! count must say so and update `fixtures/expected/bench.json`.
//!
//! This module searches and compares counts; it never checks a time, only reports them
//! (for `cargo xtask ab`).

use super::measure::{root_search, SearchSpec};
use crate::game::Game;
use crate::search::{Config, Params, MAX_DEPTH};
use anyhow::{anyhow, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// A curated bench file, `fixtures/bench/<game>.json`: the game, the searches every
/// position gets, the positions, and the plan of the criterion micro-benchmarks.
#[derive(Debug, Deserialize)]
pub struct BenchFile {
    /// The game string of the positions' start.
    pub game: String,
    /// The searches of every position, in order.
    pub searches: Vec<BenchSearch>,
    positions: Vec<BenchPosition>,
    /// What `benches/games.rs` times for this game, from its start position.
    pub micro: MicroPlan,
    /// What `benches/icount.rs` counts instructions of under Callgrind, from the start
    /// position: smaller than `micro` (Callgrind runs about 50 times slower); the first
    /// search is `alphabeta`, the second the game's fullest configuration.
    pub icount: MicroPlan,
}

/// The micro-benchmarks of one game: the criterion ones (`cargo bench --bench games`) or the
/// instruction counts (`cargo xtask icount`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MicroPlan {
    /// The perft depth measured.
    pub perft_depth: u32,
    /// The fixed-depth searches measured.
    pub searches: Vec<BenchSearch>,
}

/// One search of every bench position: a configuration string, a depth and parameter
/// assignments (`name=value`, none for the defaults).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BenchSearch {
    /// The configuration, `preset(+flag|-flag)*`.
    pub config: String,
    /// The fixed depth.
    pub depth: u32,
    /// Parameter assignments on top of the defaults (`name=value`), and profile names.
    #[serde(default)]
    pub params: Vec<String>,
}

impl BenchSearch {
    /// The signature key of this search: `all@d16`, or `all[lmr-min-depth=2]@d16` with
    /// parameters.
    pub fn key(&self) -> String {
        if self.params.is_empty() {
            format!("{}@d{}", self.config, self.depth)
        } else {
            format!("{}[{}]@d{}", self.config, self.params.join(","), self.depth)
        }
    }

    /// The parameters: the profiles named (entries without `=`, e.g. `cammp-java`), then the
    /// assignments, then `extra` assignments.
    fn params(&self, extra: &[String]) -> Result<Params, String> {
        let (assignments, profiles): (Vec<&str>, Vec<&str>) = self
            .params
            .iter()
            .map(String::as_str)
            .partition(|p| p.contains('='));
        Params::default().with_profiles(profiles)?.with_assignments(
            assignments
                .into_iter()
                .chain(extra.iter().map(String::as_str)),
        )
    }

    /// The search spec for game `G` with its default evaluation, weighed by the params; the
    /// error names what does not parse.
    pub fn spec<G: Game>(&self) -> Result<SearchSpec<G>, String> {
        self.spec_with::<G>(&[])
    }

    /// [`BenchSearch::spec`] with `extra` parameter assignments on top of the search's own.
    pub fn spec_with<G: Game>(&self, extra: &[String]) -> Result<SearchSpec<G>, String> {
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return Err(format!("depth {} is not in 1..={MAX_DEPTH}", self.depth));
        }
        let config = Config::parse(&self.config)?;
        config.check_game::<G>()?;
        let params = self.params(extra)?;
        Ok(SearchSpec::<G> {
            config,
            eval: params.eval::<G>(None)?,
            params,
            node_limit: None,
            node_budget: None,
        })
    }
}

#[derive(Debug, Deserialize)]
struct BenchPosition {
    id: String,
    moves: String,
}

impl BenchFile {
    /// Reads and parses a bench file.
    pub fn read(path: &Path) -> Result<BenchFile> {
        let text = super::embedded::read_to_string(path)?;
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }
}

/// Node counts by position id, then by configuration (`all@d12`).
pub type GameCounts = BTreeMap<String, BTreeMap<String, u64>>;

/// The whole signature: node counts by game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Signature {
    /// By game name.
    pub games: BTreeMap<String, GameCounts>,
}

impl Signature {
    /// Reads a signature file.
    pub fn read(path: &Path) -> Result<Signature> {
        let text = super::embedded::read_to_string(path)?;
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }

    /// Writes the signature to `path` (atomically: a failed write leaves the old file).
    pub fn write(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string_pretty(self).expect("signatures serialise") + "\n";
        crate::runfolder::write_atomically(path, text.as_bytes())
    }

    /// The total of one game's counts.
    pub fn game_total(counts: &GameCounts) -> u64 {
        counts.values().flat_map(|c| c.values()).sum()
    }

    /// The grand total, the `Bench:` number.
    pub fn total(&self) -> u64 {
        self.games.values().map(Self::game_total).sum()
    }

    /// Every difference between `expected` (self) and `actual`, one line each.
    pub fn diff(&self, actual: &Signature) -> Vec<String> {
        let mut lines = Vec::new();
        let games: std::collections::BTreeSet<&String> =
            self.games.keys().chain(actual.games.keys()).collect();
        for game in games {
            let (old, new) = (self.games.get(game), actual.games.get(game));
            let empty = GameCounts::new();
            let (old, new) = (old.unwrap_or(&empty), new.unwrap_or(&empty));
            let positions: std::collections::BTreeSet<&String> =
                old.keys().chain(new.keys()).collect();
            for position in positions {
                let none = BTreeMap::new();
                let (o, n) = (
                    old.get(position).unwrap_or(&none),
                    new.get(position).unwrap_or(&none),
                );
                let configs: std::collections::BTreeSet<&String> =
                    o.keys().chain(n.keys()).collect();
                for config in configs {
                    let (a, b) = (o.get(config), n.get(config));
                    if a != b {
                        lines.push(format!(
                            "{game} {position} {config}: expected {}, got {}{}",
                            show(a),
                            show(b),
                            delta(a, b)
                        ));
                    }
                }
            }
        }
        lines
    }
}

fn show(n: Option<&u64>) -> String {
    n.map_or("nothing".into(), u64::to_string)
}

fn delta(a: Option<&u64>, b: Option<&u64>) -> String {
    match (a, b) {
        (Some(&a), Some(&b)) => format!(" ({:+})", b as i64 - a as i64),
        _ => String::new(),
    }
}

/// What one bench search cost: its nodes, wall time and CPU time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchCost {
    /// Nodes expanded (`n_nodes + n_qnodes`), the signature's count.
    pub nodes: u64,
    /// Wall time of the search in nanoseconds.
    pub ns: u64,
    /// The searching thread's CPU time in nanoseconds.
    pub cpu_ns: u64,
}

/// Benches game `G` on the positions of `bench` (read from `file`, which errors name), with
/// `extra` parameter assignments on top of every search's (none for the signature), calling
/// `on_position` after each with the cost of each search by key.
pub fn bench_game<G: Game>(
    bench: &BenchFile,
    file: &Path,
    extra: &[String],
    on_position: &mut dyn FnMut(&str, &BTreeMap<String, SearchCost>),
) -> Result<GameCounts> {
    let (_, options) = crate::game::split_game_string(&bench.game);
    let start = G::from_options(options).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let searches = bench
        .searches
        .iter()
        .map(|search| {
            let spec = search
                .spec_with::<G>(extra)
                .map_err(|e| anyhow!("{}: search `{}`: {e}", file.display(), search.key()))?;
            Ok((search.key(), search.depth, spec))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut counts = GameCounts::new();
    for position in &bench.positions {
        let mut game = start.clone();
        game.play_moves(&position.moves)
            .map_err(|e| anyhow!("{}: position {}: {e}", file.display(), position.id))?;
        let mut costs = BTreeMap::new();
        for (key, depth, spec) in &searches {
            let result = root_search(&game, spec, *depth, &mut |_| {})
                .pop()
                .expect("one result");
            let nodes = result.counters.expanded();
            costs.insert(
                key.clone(),
                SearchCost {
                    nodes,
                    ns: result.ns,
                    cpu_ns: result.cpu_ns.unwrap_or(result.ns),
                },
            );
        }
        on_position(&position.id, &costs);
        let nodes = costs.into_iter().map(|(key, c)| (key, c.nodes)).collect();
        counts.insert(position.id.clone(), nodes);
    }
    Ok(counts)
}

#[cfg(test)]
mod tests;
