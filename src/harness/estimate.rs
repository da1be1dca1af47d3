//! `ablate --estimate`: what a plan will cost, predicted from a sample before anything is
//! submitted or written.
//!
//! The sample searches, configuration by configuration, positions spread evenly over the set
//! (the sets are ordered by game and ply, so the first few are alike) at consecutive depths from [`MIN_SAMPLE_DEPTH`] (or the plan's lowest) up, until the
//! configuration's sample has taken its share of [`MIN_SAMPLE_SECONDS`] with at least two
//! depths, or the plan's deepest depth is sampled, or the next depth would take more than
//! [`MAX_OVERSHOOT`] times the share. A sampled depth of the plan costs what it measured;
//! a deeper one grows the deepest sampled depth's mean nodes by the branching factor measured
//! over the deepest two sampled plies of the same parity (two plies apart, so that the odd
//! and even depths of alpha-beta do not alternate the factor), and costs the deepest sampled
//! depth's time per node (shallow searches pay fixed costs per search that deep ones spread
//! out) plus the time per search outside the search. It writes nothing.

use super::plan::Task;
use super::run::Prepared;
use crate::game::Game;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// Most positions a sampled depth searches.
pub const SAMPLE_POSITIONS: usize = 8;
/// The lowest depth worth sampling when the plan has deeper ones.
pub const MIN_SAMPLE_DEPTH: u32 = 3;
/// The CPU time the sample aims at, shared evenly between the configurations.
pub const MIN_SAMPLE_SECONDS: f64 = 5.0;
/// A configuration's sample skips a depth predicted to take more than this many times its
/// share of [`MIN_SAMPLE_SECONDS`].
pub const MAX_OVERSHOOT: f64 = 4.0;

/// The prediction for a plan, with what it rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The positions each sampled depth searched.
    pub sample_positions: usize,
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
    /// Seconds outside the search (allocating tables).
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

/// Positions per sampled depth: [`SAMPLE_POSITIONS`], fewer when many configurations would
/// make even one depth of the sample cost as much as the plan's (one at least).
pub fn sample_positions(positions: usize, configs: usize) -> usize {
    let by_configs = (4 * SAMPLE_POSITIONS).div_ceil(configs.max(1));
    positions.min(SAMPLE_POSITIONS).min(by_configs).max(1)
}

/// Samples `plan` through `measure` (one search of a task) and predicts its cost.
pub fn estimate_with(plan: &PlanShape, measure: &mut dyn FnMut(Task) -> Sampled) -> Estimate {
    let positions = sample_positions(plan.positions, plan.configs);
    let candidates = candidate_depths(plan.depths);
    let share = MIN_SAMPLE_SECONDS / plan.configs.max(1) as f64;
    let mut growths = vec![Growth::default(); plan.configs];
    let (mut sample_searches, mut sample_seconds) = (0, 0.0);
    let mut sampled_depths = BTreeSet::new();
    for (config, growth) in growths.iter_mut().enumerate() {
        let (mut spent, mut outside) = (0.0, 0.0);
        for &depth in &candidates {
            let enough = growth.mean_nodes.len() >= 2 && spent >= share;
            let too_costly = growth.mean_nodes.len() >= 2
                && positions as f64 * growth.seconds(depth, plan.max_nodes) > MAX_OVERSHOOT * share;
            if enough || too_costly {
                break;
            }
            let mut at_depth = Sampled::default();
            for position in spread(positions, plan.positions) {
                let one = measure(Task {
                    depth,
                    position,
                    config,
                });
                at_depth.nodes += one.nodes;
                at_depth.seconds += one.seconds;
                outside += one.outside;
            }
            spent += at_depth.seconds;
            sample_searches += positions;
            sampled_depths.insert(depth);
            let n = positions as f64;
            growth.mean_nodes.insert(depth, at_depth.nodes / n);
            let per_node = at_depth.seconds / at_depth.nodes.max(1.0);
            growth.seconds_per_node.insert(depth, per_node);
        }
        growth.seconds_per_search = outside / (growth.mean_nodes.len() * positions).max(1) as f64;
        sample_seconds += spent + outside;
    }
    Estimate {
        depths: predict(plan.tasks, &growths, plan.max_nodes),
        sample_positions: positions,
        sample_depths: sampled_depths.into_iter().collect(),
        sample_searches,
        sample_seconds,
    }
}

/// `k` of `positions` indices spread evenly from the first.
fn spread(k: usize, positions: usize) -> impl Iterator<Item = usize> {
    (0..k).map(move |i| i * positions / k)
}

/// Samples `prepared`'s plan and predicts its cost.
pub fn estimate<G: Game>(prepared: &Prepared<G>) -> Estimate {
    let manifest = &prepared.manifest;
    let plan = PlanShape {
        positions: manifest.fixture.positions,
        configs: manifest.configs.len(),
        depths: &manifest.depths,
        tasks: &prepared.tasks,
        max_nodes: manifest.max_nodes,
    };
    estimate_with(&plan, &mut |task| {
        let start = Instant::now();
        let record = prepared.search(task);
        let (wall, ns) = (start.elapsed().as_secs_f64(), record.result.ns as f64 / 1e9);
        Sampled {
            nodes: record.result.counters.expanded() as f64,
            seconds: ns,
            outside: (wall - ns).max(0.0),
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
