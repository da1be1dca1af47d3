//! The bench signature: curated positions of every game searched at fixed depths with fresh
//! tables, node counts summed into one number (Stockfish's `bench`). A change that moves any
//! count must say so and update `fixtures/expected/bench.json`.
//!
//! This module searches and compares counts; it never checks a time, only reports them
//! (for `cargo xtask ab`).

use super::measure::{Measurer, SearchSpec};
use crate::cputime::Stopwatch;
use crate::game::kalah::Kalah;
use crate::game::Game;
use crate::search::{Config, Params, MAX_DEPTH};
use crate::solve::{solve, Settings};
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
    /// Positions the exact solver (`cutoff solve`, Kalah only) solves, its node count being
    /// their signature, under the key [`SOLVE_KEY`].
    #[serde(default)]
    pub solve: Vec<SolvePosition>,
}

/// A position of the bench's solver section: small boards, so that each solves at once.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolvePosition {
    id: String,
    /// The game string of its start, e.g. `kalah:4,3,standard`.
    game: String,
    moves: String,
}

/// The signature key of the solver's count: it solves with 1 MiB tables.
pub const SOLVE_KEY: &str = "solve[tt-mb=1,endgame-mb=1]";

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
    /// The node budget (`--node-budget`): the search ends normally once it has expanded
    /// this many nodes.
    #[serde(default)]
    pub node_budget: Option<u64>,
    /// The game string of the positions' start for this search (a rule variant, e.g.
    /// `gomoku:15,exact-five`) instead of the file's.
    #[serde(default)]
    pub game: Option<String>,
}

impl BenchSearch {
    /// The signature key of this search: `all@d16`, or `all[lmr-min-depth=2]@d16` with
    /// parameters, a node budget (`node-budget=N`) or a game string of its own (`game=...`).
    pub fn key(&self) -> String {
        let extras: Vec<String> = (self.params.iter().cloned())
            .chain(self.node_budget.map(|n| format!("node-budget={n}")))
            .chain(self.game.as_ref().map(|g| format!("game={g}")))
            .collect();
        if extras.is_empty() {
            format!("{}@d{}", self.config, self.depth)
        } else {
            format!("{}[{}]@d{}", self.config, extras.join(","), self.depth)
        }
    }

    /// The start of this search's positions: its own game string's, else `file_game`'s.
    fn start<G: Game>(&self, file_game: &str) -> Result<G, String> {
        let text = self.game.as_deref().unwrap_or(file_game);
        let (name, options) = crate::game::split_game_string(text);
        if name != G::NAME {
            return Err(format!("game `{text}` is not {}", G::NAME));
        }
        G::from_options(options)
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
            node_budget: self.node_budget,
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
    let mut searches = bench
        .searches
        .iter()
        .map(|search| {
            let at = |e| anyhow!("{}: search `{}`: {e}", file.display(), search.key());
            let spec = search.spec_with::<G>(extra).map_err(at)?;
            let start = search.start::<G>(&bench.game).map_err(at)?;
            Ok((search.key(), search.depth, Measurer::new(&spec), start))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut counts = GameCounts::new();
    for position in &bench.positions {
        let mut costs = BTreeMap::new();
        for (key, depth, searcher, start) in &mut searches {
            let mut game = start.clone();
            game.play_moves(&position.moves)
                .map_err(|e| anyhow!("{}: position {}: {e}", file.display(), position.id))?;
            let result = searcher
                .search(&game, *depth, &mut |_| {})
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
    for position in &bench.solve {
        let cost = solve_cost::<G>(position)
            .map_err(|e| anyhow!("{}: solve position {}: {e}", file.display(), position.id))?;
        let costs = BTreeMap::from([(SOLVE_KEY.to_string(), cost)]);
        on_position(&position.id, &costs);
        counts.insert(
            position.id.clone(),
            BTreeMap::from([(SOLVE_KEY.into(), cost.nodes)]),
        );
    }
    Ok(counts)
}

/// Solves one position of the solver section of `G`'s bench file, which must be Kalah's.
fn solve_cost<G: Game>(position: &SolvePosition) -> Result<SearchCost, String> {
    if G::NAME != Kalah::NAME {
        return Err(format!("the solver plays kalah, not {}", G::NAME));
    }
    let (name, options) = crate::game::split_game_string(&position.game);
    if name != Kalah::NAME {
        return Err(format!("game `{}` is not kalah", position.game));
    }
    let mut game = Kalah::from_options(options)?;
    game.play_moves(&position.moves)?;
    let settings = Settings {
        tt_mb: 1,
        endgame_mb: 1,
    };
    let mut watch = Stopwatch::start();
    let solution = solve(&game, settings, &mut || false)?;
    watch.pause();
    Ok(SearchCost {
        nodes: solution.nodes,
        ns: watch.wall().as_nanos() as u64,
        cpu_ns: watch.cpu_ns(),
    })
}

#[cfg(test)]
mod tests;
