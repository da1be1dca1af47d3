//! `ablate --estimate`: what a plan will cost, predicted from a small sample before anything
//! is submitted or written.
//!
//! The sample searches the first [`SAMPLE_POSITIONS`] positions with every configuration at
//! two depths of the plan: the lowest two from [`MIN_SAMPLE_DEPTH`] on (depths 1 and 2 say
//! little about growth), or the deepest two when there are none, or a one-depth plan's depth
//! and the one below. Per configuration, the mean node count grows by the measured effective
//! branching factor per depth, `(mean at d2 / mean at d1)^(1 / (d2 - d1))`; a search costs
//! the sample's time per node plus its time per search outside the search (fresh tables).
//! Every task of the plan (or of its shard) adds its predicted nodes and seconds. It is a
//! rule-of-thumb figure: the growth of shallow depths is not that of the deepest, and
//! positions differ. It writes nothing.

use super::plan::Task;
use super::run::Prepared;
use crate::game::Game;
use std::collections::BTreeMap;
use std::time::Instant;

/// Positions of the sample.
pub const SAMPLE_POSITIONS: usize = 3;
/// The lowest depth worth sampling when the plan has deeper ones.
pub const MIN_SAMPLE_DEPTH: u32 = 3;

/// The prediction for a plan, with what it rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The depths sampled.
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

/// What the sample measured for one configuration: mean nodes at each sampled depth and
/// seconds per node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Growth {
    /// Mean nodes per sampled depth.
    pub mean_nodes: BTreeMap<u32, f64>,
    /// CPU seconds per node over the whole sample, searching.
    pub seconds_per_node: f64,
    /// CPU seconds per search outside the search (allocating and clearing tables).
    pub seconds_per_search: f64,
}

impl Growth {
    /// Predicted nodes at `depth`: the sampled mean when sampled, otherwise grown from the
    /// deepest sampled depth by the effective branching factor (at least 1), capped at
    /// `max_nodes`.
    pub fn nodes(&self, depth: u32, max_nodes: Option<u64>) -> f64 {
        let predicted = self.mean_nodes.get(&depth).copied().unwrap_or_else(|| {
            let (&d1, &n1) = self.mean_nodes.first_key_value().expect("a sampled depth");
            let (&d2, &n2) = self.mean_nodes.last_key_value().expect("a sampled depth");
            let ebf = if d2 > d1 && n1 > 0.0 {
                (n2 / n1).powf(1.0 / f64::from(d2 - d1)).max(1.0)
            } else {
                1.0
            };
            n2 * ebf.powi(depth as i32 - d2 as i32)
        });
        max_nodes.map_or(predicted, |cap| predicted.min(cap as f64))
    }
}

/// The depths to sample for a plan of `depths` (ascending): its lowest two from
/// [`MIN_SAMPLE_DEPTH`], its deepest two, or a single depth and the one below.
pub fn sample_depths(depths: &[u32]) -> Vec<u32> {
    let last_pair = depths.len().saturating_sub(2);
    let from = depths
        .iter()
        .position(|&d| d >= MIN_SAMPLE_DEPTH)
        .unwrap_or(last_pair)
        .min(last_pair);
    match &depths[from..] {
        [d1, d2, ..] => vec![*d1, *d2],
        [d] if *d > 1 => vec![d - 1, *d],
        _ => depths.to_vec(),
    }
}

/// Samples `prepared`'s plan and predicts its cost.
pub fn estimate<G: Game>(prepared: &Prepared<G>) -> Estimate {
    let sample_depths = sample_depths(&prepared.manifest.depths);
    let configs = prepared.manifest.configs.len();
    let positions = prepared.manifest.fixture.positions.min(SAMPLE_POSITIONS);
    let mut growths = vec![Growth::default(); configs];
    let mut sample_searches = 0;
    let mut sample_seconds = 0.0;
    for (config, growth) in growths.iter_mut().enumerate() {
        let (mut nodes_total, mut searching, mut outside) = (0.0, 0.0, 0.0);
        for &depth in &sample_depths {
            let mut nodes_at_depth = 0.0;
            for position in 0..positions {
                let start = Instant::now();
                let record = prepared.search(Task {
                    depth,
                    position,
                    config,
                });
                let (wall, ns) = (start.elapsed().as_secs_f64(), record.result.ns as f64 / 1e9);
                searching += ns;
                outside += (wall - ns).max(0.0);
                nodes_at_depth += record.result.counters.expanded() as f64;
            }
            nodes_total += nodes_at_depth;
            growth
                .mean_nodes
                .insert(depth, nodes_at_depth / positions as f64);
            sample_searches += positions;
        }
        let searches = (positions * sample_depths.len()).max(1) as f64;
        growth.seconds_per_node = searching / nodes_total.max(1.0);
        growth.seconds_per_search = outside / searches;
        sample_seconds += searching + outside;
    }
    Estimate {
        depths: predict(&prepared.tasks, &growths, prepared.manifest.max_nodes),
        sample_depths,
        sample_searches,
        sample_seconds,
    }
}

/// Sums the predicted nodes and seconds of `tasks` by depth.
pub fn predict(tasks: &[Task], growths: &[Growth], max_nodes: Option<u64>) -> Vec<DepthEstimate> {
    let mut by_depth: BTreeMap<u32, DepthEstimate> = BTreeMap::new();
    for task in tasks {
        let growth = &growths[task.config];
        let nodes = growth.nodes(task.depth, max_nodes);
        let entry = by_depth.entry(task.depth).or_insert(DepthEstimate {
            depth: task.depth,
            searches: 0,
            nodes: 0.0,
            seconds: 0.0,
        });
        entry.searches += 1;
        entry.nodes += nodes;
        entry.seconds += nodes * growth.seconds_per_node + growth.seconds_per_search;
    }
    by_depth.into_values().collect()
}

#[cfg(test)]
mod tests;
