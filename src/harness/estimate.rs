//! `ablate --estimate`: what a plan will cost, predicted from a sample before anything is
//! submitted or written.
//!
//! The sample spends at least a minimum of CPU time (`--sample-seconds`, by default
//! [`DEFAULT_SAMPLE_SECONDS`]), shared evenly between the configurations. Each configuration
//! takes its positions in a fixed order ([`sample_order`]: a golden-ratio stride through the
//! set, so that any prefix is spread over it, started at another place for each
//! configuration, so that together they see more of the set) and samples, first, its first
//! [`SAMPLE_POSITIONS`] positions at consecutive depths from [`MIN_SAMPLE_DEPTH`] (or the
//! plan's lowest) up, until its share is spent with at least two depths, or the plan's
//! deepest depth is sampled, or the next depth would take more than [`MAX_OVERSHOOT`] times
//! the share; then, while its share is not spent, more positions at the sampled depths.
//! Every time is CPU time: the searching thread's, in the search and outside it (fresh
//! tables).
//!
//! The prediction ([`predict`], a pure function of what was sampled): a sampled depth of the
//! plan costs what it measured; a deeper one grows the deepest sampled depth's mean nodes by
//! the branching factor measured over the deepest two sampled plies of the same parity (two
//! plies apart, so that the odd and even depths of alpha-beta do not alternate the factor),
//! and costs the deepest sampled depth's CPU time per node (shallow searches pay fixed costs
//! per search that deep ones spread out), plus the CPU time per search outside the search.
//! It writes nothing.

use super::plan::Task;
use super::run::Prepared;
use crate::cputime::thread_ns;
use crate::game::Game;
use std::collections::{BTreeMap, BTreeSet};

/// Positions a configuration's sample searches at every sampled depth before it adds more.
pub const SAMPLE_POSITIONS: usize = 4;
/// The lowest depth worth sampling when the plan has deeper ones.
pub const MIN_SAMPLE_DEPTH: u32 = 3;
/// The CPU time the sample spends at least (unless it has searched all it may), shared
/// evenly between the configurations: the default of `--sample-seconds`.
pub const DEFAULT_SAMPLE_SECONDS: f64 = 5.0;
/// A configuration's sample skips a depth predicted to take more than this many times its
/// share of the sampling time.
pub const MAX_OVERSHOOT: f64 = 4.0;

/// The prediction for a plan, with what it rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The fewest and the most positions a configuration's sample searched.
    pub sample_positions: (usize, usize),
    /// The depths sampled (by any configuration).
    pub sample_depths: Vec<u32>,
    /// Searches in the sample and their CPU time.
    pub sample_searches: usize,
    pub sample_seconds: f64,
    /// Per depth of the plan: searches, predicted nodes and CPU seconds.
    pub depths: Vec<DepthEstimate>,
}

/// The prediction for one depth of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthEstimate {
    pub depth: u32,
    pub searches: usize,
    pub nodes: f64,
    pub seconds: f64,
}

impl Estimate {
    /// Searches of the plan (or shard).
    pub fn searches(&self) -> usize {
        self.depths.iter().map(|d| d.searches).sum()
    }

    /// Predicted CPU seconds of the plan (or shard).
    pub fn seconds(&self) -> f64 {
        self.depths.iter().map(|d| d.seconds).sum()
    }
}

/// What one sampled search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sampled {
    /// Nodes expanded (main and quiescence).
    pub nodes: f64,
    /// CPU seconds searching.
    pub seconds: f64,
    /// CPU seconds outside the search (allocating tables).
    pub outside: f64,
}

/// What a plan is: its positions, configurations, depths, tasks and node cap.
pub struct PlanShape<'a> {
    pub positions: usize,
    pub configs: usize,
    /// Ascending.
    pub depths: &'a [u32],
    pub tasks: &'a [Task],
    pub max_nodes: Option<u64>,
}

/// What the sample measured for one configuration: per sampled depth, the mean nodes and
/// the seconds per node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Growth {
    /// Mean nodes per sampled depth.
    pub mean_nodes: BTreeMap<u32, f64>,
    /// CPU seconds per node searching, per sampled depth.
    pub seconds_per_node: BTreeMap<u32, f64>,
    /// CPU seconds per search outside the search (allocating tables).
    pub seconds_per_search: f64,
}

impl Growth {
    /// The effective branching factor per ply (at least 1), measured between the deepest
    /// sampled depth and the deepest one at least two plies below it (else the shallowest).
    pub fn branching(&self) -> f64 {
        let Some((&d2, &n2)) = self.mean_nodes.last_key_value() else {
            return 1.0;
        };
        let below = self.mean_nodes.range(..d2.saturating_sub(1)).next_back();
        let Some((&d1, &n1)) = below.or(self.mean_nodes.first_key_value()) else {
            return 1.0;
        };
        if d2 > d1 && n1 > 0.0 {
            (n2 / n1).powf(1.0 / f64::from(d2 - d1)).max(1.0)
        } else {
            1.0
        }
    }

    /// Predicted nodes at `depth`: the sampled mean when sampled, otherwise grown (or shrunk)
    /// from the deepest sampled depth by [`Growth::branching`], capped at `max_nodes`.
    pub fn nodes(&self, depth: u32, max_nodes: Option<u64>) -> f64 {
        let predicted = self.mean_nodes.get(&depth).copied().unwrap_or_else(|| {
            let (&d2, &n2) = self.mean_nodes.last_key_value().expect("a sampled depth");
            n2 * self.branching().powi(depth as i32 - d2 as i32)
        });
        max_nodes.map_or(predicted, |cap| predicted.min(cap as f64))
    }

    /// Predicted CPU seconds of one search at `depth`: its nodes at the sampled depth's time
    /// per node (the deepest sampled depth's for an unsampled one), plus the time outside.
    pub fn seconds(&self, depth: u32, max_nodes: Option<u64>) -> f64 {
        let per_node = self
            .seconds_per_node
            .get(&depth)
            .or(self.seconds_per_node.last_key_value().map(|(_, s)| s))
            .copied()
            .unwrap_or(0.0);
        self.nodes(depth, max_nodes) * per_node + self.seconds_per_search
    }
}

/// The depths a configuration's sample may visit, in order: consecutive depths from
/// [`MIN_SAMPLE_DEPTH`] (lower when the plan's deepest is lower, and at least one below a
/// deepest depth above 1) to the plan's deepest.
pub fn candidate_depths(depths: &[u32]) -> Vec<u32> {
    let Some(&deepest) = depths.last() else {
        return Vec::new();
    };
    let lowest = depths[0]
        .max(MIN_SAMPLE_DEPTH)
        .min(deepest.saturating_sub(1).max(1));
    (lowest..=deepest).collect()
}

/// Positions a configuration's sample starts with: [`SAMPLE_POSITIONS`], fewer when many
/// configurations would make even two depths of the sample cost much of the plan (one at
/// least).
pub fn sample_positions(positions: usize, configs: usize) -> usize {
    let by_configs = (4 * SAMPLE_POSITIONS).div_ceil(configs.max(1));
    positions.min(SAMPLE_POSITIONS).min(by_configs).max(1)
}

/// The order in which configuration `config` samples the `positions` of the set: index
/// `i * stride mod positions` for `i` from 0, the stride the integer nearest `positions / φ`
/// (raised to the first one coprime with `positions`, so that every position comes once),
/// rotated by `config * first` so that the configurations start on different positions.
pub fn sample_order(positions: usize, config: usize, first: usize) -> Vec<usize> {
    let golden = (1.0 + 5f64.sqrt()) / 2.0;
    let mut stride = ((positions as f64 / golden).round() as usize).max(1);
    while gcd(stride, positions) != 1 {
        stride += 1;
    }
    let mut order: Vec<usize> = (0..positions).map(|i| i * stride % positions).collect();
    order.rotate_left((config * first) % positions.max(1));
    order
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// One configuration's sample: per sampled depth, the nodes and CPU seconds summed over its
/// positions (the same positions at every depth), and the CPU seconds outside the searches.
#[derive(Clone, Debug, Default)]
struct ConfigSample {
    positions: usize,
    sums: BTreeMap<u32, Sampled>,
    outside: f64,
    searches: usize,
}

impl ConfigSample {
    fn add(&mut self, depth: u32, one: Sampled) {
        let sum = self.sums.entry(depth).or_default();
        sum.nodes += one.nodes;
        sum.seconds += one.seconds;
        self.outside += one.outside;
        self.searches += 1;
    }

    /// CPU seconds spent, in the searches and outside them.
    fn spent(&self) -> f64 {
        self.sums.values().map(|s| s.seconds).sum::<f64>() + self.outside
    }

    fn growth(&self) -> Growth {
        let n = self.positions.max(1) as f64;
        Growth {
            mean_nodes: self.sums.iter().map(|(&d, s)| (d, s.nodes / n)).collect(),
            seconds_per_node: self
                .sums
                .iter()
                .map(|(&d, s)| (d, s.seconds / s.nodes.max(1.0)))
                .collect(),
            seconds_per_search: self.outside / self.searches.max(1) as f64,
        }
    }
}

/// Samples configuration `config` of `plan` until it has spent `share` CPU seconds (see the
/// module's documentation).
fn sample_config(
    plan: &PlanShape,
    config: usize,
    share: f64,
    measure: &mut dyn FnMut(Task) -> Sampled,
) -> ConfigSample {
    let first = sample_positions(plan.positions, plan.configs);
    let order = sample_order(plan.positions, config, first);
    let mut sample = ConfigSample {
        positions: first,
        ..ConfigSample::default()
    };
    for depth in candidate_depths(plan.depths) {
        if sample.sums.len() >= 2 {
            let next = first as f64 * sample.growth().seconds(depth, plan.max_nodes);
            if sample.spent() >= share || next > MAX_OVERSHOOT * share {
                break;
            }
        }
        for &position in &order[..first] {
            let one = measure(Task {
                depth,
                position,
                config,
            });
            sample.add(depth, one);
        }
    }
    let depths: Vec<u32> = sample.sums.keys().copied().collect();
    for &position in &order[first..] {
        if sample.spent() >= share {
            break;
        }
        for &depth in &depths {
            let one = measure(Task {
                depth,
                position,
                config,
            });
            sample.add(depth, one);
        }
        sample.positions += 1;
    }
    sample
}

/// Samples `plan` through `measure` (one search of a task), spending at least
/// `sample_seconds` of CPU time unless every configuration has searched all it may, and
/// predicts the plan's cost.
pub fn estimate_with(
    plan: &PlanShape,
    sample_seconds: f64,
    measure: &mut dyn FnMut(Task) -> Sampled,
) -> Estimate {
    let share = sample_seconds / plan.configs.max(1) as f64;
    let samples: Vec<ConfigSample> = (0..plan.configs)
        .map(|config| sample_config(plan, config, share, measure))
        .collect();
    let growths: Vec<Growth> = samples.iter().map(ConfigSample::growth).collect();
    let counts = samples.iter().map(|s| s.positions);
    let sample_depths: BTreeSet<u32> = samples
        .iter()
        .flat_map(|s| s.sums.keys())
        .copied()
        .collect();
    Estimate {
        depths: predict(plan.tasks, &growths, plan.max_nodes),
        sample_positions: (counts.clone().min().unwrap_or(0), counts.max().unwrap_or(0)),
        sample_depths: sample_depths.into_iter().collect(),
        sample_searches: samples.iter().map(|s| s.searches).sum(),
        sample_seconds: samples.iter().map(ConfigSample::spent).sum(),
    }
}

/// Samples `prepared`'s plan for at least `sample_seconds` of CPU time and predicts its cost.
pub fn estimate<G: Game>(prepared: &Prepared<G>, sample_seconds: f64) -> Estimate {
    let manifest = &prepared.manifest;
    let plan = PlanShape {
        positions: manifest.fixture.positions,
        configs: manifest.configs.len(),
        depths: &manifest.depths,
        tasks: &prepared.tasks,
        max_nodes: manifest.max_nodes,
    };
    estimate_with(&plan, sample_seconds, &mut |task| {
        let start = thread_ns();
        let record = prepared.search(task);
        let total = thread_ns().saturating_sub(start) as f64 / 1e9;
        let result = &record.result;
        let searching = result.cpu_ns.unwrap_or(result.ns) as f64 / 1e9;
        Sampled {
            nodes: result.counters.expanded() as f64,
            seconds: searching,
            outside: (total - searching).max(0.0),
        }
    })
}

/// Sums the predicted nodes and seconds of `tasks` by depth.
pub fn predict(tasks: &[Task], growths: &[Growth], max_nodes: Option<u64>) -> Vec<DepthEstimate> {
    let mut by_depth: BTreeMap<u32, DepthEstimate> = BTreeMap::new();
    for task in tasks {
        let growth = &growths[task.config];
        let entry = by_depth.entry(task.depth).or_insert(DepthEstimate {
            depth: task.depth,
            searches: 0,
            nodes: 0.0,
            seconds: 0.0,
        });
        entry.searches += 1;
        entry.nodes += growth.nodes(task.depth, max_nodes);
        entry.seconds += growth.seconds(task.depth, max_nodes);
    }
    by_depth.into_values().collect()
}

#[cfg(test)]
mod tests;
