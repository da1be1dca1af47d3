//! The numbers of a report: records grouped into cells (one configuration at one depth, a
//! sample per position), their means with 95% confidence intervals, and effective branching
//! factors.
//!
//! Positions taken from the same self-play game are not independent (consecutive plies of one
//! game have much the same tree), so confidence intervals are cluster-robust by game: the mean
//! over positions with the cluster-robust (CR1) variance, the squared sum of each game's
//! residuals, times G / (G - 1), over n², and Student's t with G - 1 degrees of freedom,
//! G = games. With one position per game this is the ordinary t interval with n - 1 degrees
//! of freedom; with equal numbers of positions per game it is the t interval over the games'
//! means; with one game there is no interval. A position's game is read from its id
//! ([`game_of`]). A cell with any capped record has no mean: a capped search says only that
//! the tree was bigger than the cap. This module formats nothing and reads no file.

pub use crate::runfolder::game_of;
use crate::runfolder::Run;
use crate::runfolder::{PlannedConfig, Role};
use crate::search::{Config, Enhancement};
use statrs::distribution::{ContinuousCDF, StudentsT};
use std::collections::{BTreeMap, BTreeSet};

/// What one record says about one position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Nodes expanded, `n_nodes + n_qnodes`.
    pub nodes: u64,
    /// Calls of the static evaluation (`n_evals`); none in records written before they were
    /// counted.
    pub evals: Option<u64>,
    /// Wall time in nanoseconds (the median of the repeats, with `ablate --repeat`).
    pub ns: u64,
    /// The time of every repeat, in round order (empty without `--repeat`).
    pub ns_repeats: Vec<u64>,
    /// Whether the node cap stopped the search.
    pub capped: bool,
    /// The root value.
    pub score: i32,
    /// The best move in the game's notation (none where the root had no move).
    pub best_move: Option<String>,
}

/// One configuration at one depth: a sample per position id.
#[derive(Debug, Default)]
pub struct Cell {
    /// The samples, by position id.
    pub samples: BTreeMap<String, Sample>,
}

/// A mean over positions with the half-width of its 95% confidence interval, clustered by
/// game (none from a single game).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half the width of the 95% confidence interval.
    pub half_width: Option<f64>,
    /// The number of positions.
    pub n: usize,
    /// The number of games they come from.
    pub games: usize,
}

/// What a table shows for a cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stat {
    /// No record.
    Missing,
    /// `capped` of the cell's `n` records hit the node cap, so it has no mean.
    Capped { capped: usize, n: usize },
    /// The mean of every record.
    Mean(Estimate),
}

impl Stat {
    /// The mean, when the cell has one.
    pub fn mean(&self) -> Option<f64> {
        match self {
            Stat::Mean(e) => Some(e.mean),
            _ => None,
        }
    }

    /// The mean of `values` (position id, value), or `Capped` when any of the samples they
    /// came from was capped.
    fn of(values: &[(&str, f64)], capped: usize, n: usize) -> Stat {
        match (n, capped) {
            (0, _) => Stat::Missing,
            (_, 0) => Stat::Mean(by_game(values)),
            _ => Stat::Capped { capped, n },
        }
    }
}

impl Cell {
    /// Mean nodes expanded.
    pub fn nodes(&self) -> Stat {
        self.stat(|s| s.nodes as f64)
    }

    /// Mean wall time in milliseconds.
    pub fn ms(&self) -> Stat {
        self.stat(|s| s.ns as f64 / 1e6)
    }

    /// Mean evaluation calls over the samples that counted them (`Missing` when none did).
    pub fn evals(&self) -> Stat {
        let counted = self.samples.iter().filter(|(_, s)| s.evals.is_some());
        let values: Vec<(&str, f64)> = (counted.clone())
            .map(|(id, s)| (id.as_str(), s.evals.unwrap_or_default() as f64))
            .collect();
        let capped = counted.filter(|(_, s)| s.capped).count();
        Stat::of(&values, capped, values.len())
    }

    fn stat(&self, value: impl Fn(&Sample) -> f64) -> Stat {
        let values: Vec<(&str, f64)> = (self.samples.iter())
            .map(|(id, s)| (id.as_str(), value(s)))
            .collect();
        let capped = self.samples.values().filter(|s| s.capped).count();
        Stat::of(&values, capped, self.samples.len())
    }

    fn complete(&self, positions: &BTreeSet<String>) -> bool {
        self.samples.len() == positions.len() && self.samples.values().all(|s| !s.capped)
    }
}

/// The effective branching factor per ply from depth `prev` to depth `depth`: the mean over
/// the positions in both cells of `(N(depth) / N(prev))^(1 / (depth - prev))`, N = nodes
/// expanded.
pub fn ebf(prev: (u32, &Cell), cell: (u32, &Cell)) -> Stat {
    let plies = f64::from(cell.0 - prev.0);
    let mut values = Vec::new();
    let mut capped = 0;
    let mut n = 0;
    for (position, sample) in &cell.1.samples {
        let Some(before) = prev.1.samples.get(position) else {
            continue;
        };
        n += 1;
        if sample.capped || before.capped {
            capped += 1;
        } else if before.nodes > 0 {
            let ratio = sample.nodes as f64 / before.nodes as f64;
            values.push((position.as_str(), ratio.powf(1.0 / plies)));
        }
    }
    Stat::of(&values, capped, n)
}

/// The mean of `values` (not empty), each a position of its own game, with the ordinary
/// Student's t 95% confidence interval (n - 1 degrees of freedom): the naive interval the
/// tests hold the clustered one against.
#[cfg(test)]
pub fn estimate(values: &[f64]) -> Estimate {
    let points: Vec<(usize, f64)> = values.iter().copied().enumerate().collect();
    clustered(&points)
}

/// The mean of `values` (position id, value; not empty) with its 95% interval clustered by
/// the positions' games ([`game_of`]).
pub fn by_game(values: &[(&str, f64)]) -> Estimate {
    let points: Vec<(&str, f64)> = values.iter().map(|&(id, v)| (game_of(id), v)).collect();
    clustered(&points)
}

/// The mean of `points` (cluster, value; not empty) with the cluster-robust 95% interval
/// described in the module's header.
pub fn clustered<K: Ord + Copy>(points: &[(K, f64)]) -> Estimate {
    let n = points.len();
    let mean = points.iter().map(|p| p.1).sum::<f64>() / n as f64;
    let mut residuals: BTreeMap<K, f64> = BTreeMap::new();
    for &(cluster, value) in points {
        *residuals.entry(cluster).or_default() += value - mean;
    }
    let games = residuals.len();
    let half_width = (games > 1).then(|| {
        let g = games as f64;
        let squares = residuals.values().map(|r| r * r).sum::<f64>();
        let var = g / (g - 1.0) * squares / (n as f64).powi(2);
        t_95(games - 1) * var.sqrt()
    });
    Estimate {
        mean,
        half_width,
        n,
        games,
    }
}

/// The two-sided 95% quantile of Student's t with `df` (at least 1) degrees of freedom,
/// exact (statrs' inverse CDF).
pub fn t_95(df: usize) -> f64 {
    let t = StudentsT::new(0.0, 1.0, df as f64).expect("df is at least 1");
    t.inverse_cdf(0.975)
}

/// The paired estimate of how many nodes `row` expands relative to `to`: the geometric mean
/// of the per-position ratios over the positions both searched without hitting the cap,
/// with its 95% interval (Student's t on the logarithms, clustered by game).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedRatio {
    /// The geometric mean of the per-position ratios.
    pub ratio: f64,
    /// The 95% interval's ends (none for positions of a single game).
    pub interval: Option<(f64, f64)>,
    /// The positions compared.
    pub n: usize,
    /// The games they come from.
    pub games: usize,
}

impl PairedRatio {
    /// `+` when the whole interval lies below 1 (the technique saves nodes), `-` when above
    /// (it costs nodes), nothing when it contains 1 or there is none.
    pub fn significance(&self) -> &'static str {
        match self.interval {
            Some((_, high)) if high < 1.0 => "+",
            Some((low, _)) if low > 1.0 => "-",
            _ => "",
        }
    }
}

/// What a paired ratio compares: nodes expanded (`n_nodes + n_qnodes`) or calls of the
/// static evaluation (`n_evals`; positions whose records did not count them are left out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Nodes expanded.
    Nodes,
    /// Evaluation calls.
    Evals,
}

impl Metric {
    /// The sample's figure, if its record has it.
    pub fn of(self, sample: &Sample) -> Option<u64> {
        match self {
            Metric::Nodes => Some(sample.nodes),
            Metric::Evals => sample.evals,
        }
    }
}

/// The paired ratio of `row` to `to` at `depth`, when they share an uncapped position.
pub fn paired_ratio(row: &Row, to: &Row, depth: u32) -> Option<PairedRatio> {
    paired_ratio_across(row, depth, to, depth)
}

/// The paired ratio of `row` at `depth` to `to` at `base_depth` (what one configuration
/// costs a ply deeper than another, say), when they share an uncapped position.
pub fn paired_ratio_across(
    row: &Row,
    depth: u32,
    to: &Row,
    base_depth: u32,
) -> Option<PairedRatio> {
    paired_ratio_by(Metric::Nodes, (row, depth), (to, base_depth))
}

/// The paired ratio in `metric` of `row` at its depth to `to` at its own, when they share an
/// uncapped position with the figure.
pub fn paired_ratio_by(
    metric: Metric,
    (row, depth): (&Row, u32),
    (to, base_depth): (&Row, u32),
) -> Option<PairedRatio> {
    let logs: Vec<(&str, f64)> = position_ratios_by(metric, (row, depth), (to, base_depth))
        .into_iter()
        .map(|(id, r)| (id, r.ln()))
        .collect();
    if logs.is_empty() {
        return None;
    }
    let e = by_game(&logs);
    Some(PairedRatio {
        ratio: e.mean.exp(),
        interval: e
            .half_width
            .map(|h| ((e.mean - h).exp(), (e.mean + h).exp())),
        n: e.n,
        games: e.games,
    })
}

/// The node ratio of `row` to `to` at `depth` on each position both searched without
/// hitting the cap and with a non-empty tree, with the position's id, in the order of the
/// ids.
pub fn position_ratios<'a>(row: &'a Row, to: &'a Row, depth: u32) -> Vec<(&'a str, f64)> {
    position_ratios_by(Metric::Nodes, (row, depth), (to, depth))
}

/// The ratio in `metric` of `row` at its depth to `to` at its own on each position both
/// searched without hitting the cap, with the figure, not 0 in either, by position id.
pub fn position_ratios_by<'a>(
    metric: Metric,
    (row, depth): (&'a Row, u32),
    (to, base_depth): (&'a Row, u32),
) -> Vec<(&'a str, f64)> {
    let (Some(cell), Some(base)) = (row.cells.get(&depth), to.cells.get(&base_depth)) else {
        return Vec::new();
    };
    common(cell, base)
        .filter_map(|(id, s, b)| Some((id, metric.of(s)?, metric.of(b)?)))
        .filter(|&(_, s, b)| s > 0 && b > 0)
        .map(|(id, s, b)| (id, s as f64 / b as f64))
        .collect()
}

/// The samples of the positions both cells searched without hitting the cap, with the
/// positions' ids.
pub fn common<'a>(
    cell: &'a Cell,
    base: &'a Cell,
) -> impl Iterator<Item = (&'a str, &'a Sample, &'a Sample)> {
    let pairs = cell.samples.iter();
    pairs
        .filter_map(|(position, s)| Some((position.as_str(), s, base.samples.get(position)?)))
        .filter(|(_, s, b)| !s.capped && !b.capped)
}

/// One planned configuration and its cells by depth.
#[derive(Debug)]
pub struct Row {
    /// The configuration as the plan lists it.
    pub planned: PlannedConfig,
    /// Its cells, by depth.
    pub cells: BTreeMap<u32, Cell>,
}

impl Row {
    /// Mean nodes expanded at `depth`.
    pub fn nodes(&self, depth: u32) -> Stat {
        self.cells.get(&depth).map_or(Stat::Missing, Cell::nodes)
    }

    /// Mean time in milliseconds at `depth`.
    pub fn ms(&self, depth: u32) -> Stat {
        self.cells.get(&depth).map_or(Stat::Missing, Cell::ms)
    }

    /// Mean evaluation calls at `depth` (see [`Cell::evals`]).
    pub fn evals(&self, depth: u32) -> Stat {
        self.cells.get(&depth).map_or(Stat::Missing, Cell::evals)
    }

    /// The effective branching factor to `depth` from `step` plies before it, or from the
    /// depth before it in `depths` when that one was not searched (`Missing` at the first
    /// depth). Configurations with iterative deepening step by the run's `id-step`, so that
    /// both depths end with the same sequence of iterations and odd and even depths do not
    /// zigzag.
    pub fn ebf(&self, depths: &[u32], depth: u32, id_step: u32) -> Stat {
        let step = match self.planned.config.has(Enhancement::Id) {
            true => id_step.max(1),
            false => 1,
        };
        let idx = depths.iter().position(|&d| d == depth).unwrap_or(0);
        let before = idx.checked_sub(1).and_then(|i| depths.get(i)).copied();
        let prev = match depth.checked_sub(step) {
            Some(p) if depths.contains(&p) && p > 0 => Some(p),
            _ => before,
        };
        let Some(prev) = prev else {
            return Stat::Missing;
        };
        match (self.cells.get(&prev), self.cells.get(&depth)) {
            (Some(before), Some(cell)) => ebf((prev, before), (depth, cell)),
            _ => Stat::Missing,
        }
    }
}

/// Every cell of a run.
#[derive(Debug)]
pub struct Grid {
    /// The depths planned or recorded, ascending.
    pub depths: Vec<u32>,
    /// Every position id recorded.
    pub positions: BTreeSet<String>,
    /// A row per planned configuration, in plan order.
    pub rows: Vec<Row>,
    /// The configuration ratios are taken against.
    pub baseline: Config,
    /// The run's iterative-deepening step (the branching factor of ID rows spans it).
    pub id_step: u32,
    /// The minimal trees' node counts (`minimal.jsonl`), by depth and position id.
    pub minimal: BTreeMap<u32, BTreeMap<String, u64>>,
}

impl Grid {
    /// Groups a run's records into cells.
    pub fn new(run: &Run) -> Grid {
        let mut rows: Vec<Row> = run
            .manifest
            .configs
            .iter()
            .map(|planned| Row {
                planned: planned.clone(),
                cells: BTreeMap::new(),
            })
            .collect();
        let mut depths: BTreeSet<u32> = run.manifest.depths.iter().copied().collect();
        let mut positions = BTreeSet::new();
        for record in &run.records {
            let result = &record.result;
            let sample = Sample {
                nodes: result.counters.expanded(),
                evals: result.counters.evals(),
                ns: result.ns,
                ns_repeats: result.ns_repeats.clone(),
                capped: result.capped,
                score: result.score,
                best_move: result.best_move.clone(),
            };
            let row = rows.iter_mut().find(|r| r.planned.config == record.config);
            let row = row.expect("the loader checks every record's configuration");
            let cell = row.cells.entry(result.depth).or_default();
            cell.samples.insert(record.position.clone(), sample);
            depths.insert(result.depth);
            positions.insert(record.position.clone());
        }
        let baseline = run.manifest.baseline;
        let mut minimal: BTreeMap<u32, BTreeMap<String, u64>> = BTreeMap::new();
        for tree in &run.minimal {
            let trees = minimal.entry(tree.depth).or_default();
            trees.insert(tree.position.clone(), tree.n_nodes);
        }
        Grid {
            depths: depths.into_iter().collect(),
            positions,
            rows,
            baseline,
            id_step: run.manifest.params.id_step,
            minimal,
        }
    }

    /// How many self-play games the recorded positions come from.
    pub fn games(&self) -> usize {
        games(self.positions.iter().map(String::as_str))
    }

    /// The depths with at least one minimal tree, ascending.
    pub fn minimal_depths(&self) -> Vec<u32> {
        self.minimal.keys().copied().collect()
    }

    /// The mean size of the minimal trees at `depth`, over the positions that have one.
    pub fn minimal_mean(&self, depth: u32) -> Stat {
        let values: Vec<(&str, f64)> = self.minimal.get(&depth).map_or(Vec::new(), |trees| {
            trees
                .iter()
                .map(|(id, &n)| (id.as_str(), n as f64))
                .collect()
        });
        Stat::of(&values, 0, values.len())
    }

    /// How many nodes `row` expands at `depth` relative to the minimal tree: the sum of its
    /// nodes expanded over the positions that have a minimal tree at `depth` (and a record of
    /// `row`) over the sum of their minimal trees, with `n` those positions. `Capped` when
    /// any of those searches hit the cap; `Missing` without a minimal tree or a record.
    pub fn minimal_ratio(&self, row: &Row, depth: u32) -> Stat {
        let (Some(trees), Some(cell)) = (self.minimal.get(&depth), row.cells.get(&depth)) else {
            return Stat::Missing;
        };
        let pairs: Vec<(&str, &Sample, u64)> = trees
            .iter()
            .filter_map(|(id, &tree)| Some((id.as_str(), cell.samples.get(id)?, tree)))
            .collect();
        let capped = pairs.iter().filter(|(_, s, _)| s.capped).count();
        let (nodes, trees) = pairs
            .iter()
            .fold((0, 0), |(a, b), (_, s, tree)| (a + s.nodes, b + tree));
        match (pairs.len(), capped) {
            (0, _) => Stat::Missing,
            (n, 0) if trees > 0 => Stat::Mean(Estimate {
                mean: nodes as f64 / trees as f64,
                half_width: None,
                n,
                games: games(pairs.iter().map(|(id, ..)| *id)),
            }),
            (_, 0) => Stat::Missing,
            (n, capped) => Stat::Capped { capped, n },
        }
    }

    /// The number of records in the grid.
    pub fn n_records(&self) -> usize {
        let cells = self.rows.iter().flat_map(|r| r.cells.values());
        cells.map(|c| c.samples.len()).sum()
    }

    /// The depth tables and ratios default to: the largest depth at which every
    /// configuration has an uncapped record of every position; failing that, the largest
    /// depth with records and no capped cell; failing that, the first depth.
    pub fn default_depth(&self) -> u32 {
        let complete = |d: &u32| {
            let cells = self.rows.iter().map(|r| r.cells.get(d));
            cells
                .clone()
                .all(|c| c.is_some_and(|c| c.complete(&self.positions)))
        };
        let uncapped = |d: &u32| {
            let stats = self.rows.iter().map(|r| r.nodes(*d));
            stats.clone().any(|s| s != Stat::Missing)
                && stats.clone().all(|s| !matches!(s, Stat::Capped { .. }))
        };
        let last = |pred: &dyn Fn(&u32) -> bool| self.depths.iter().copied().rfind(pred);
        last(&complete)
            .or_else(|| last(&uncapped))
            .unwrap_or(self.depths[0])
    }

    /// The first row whose plan role is `role`.
    pub fn role(&self, role: Role) -> Option<&Row> {
        self.rows.iter().find(|r| r.planned.role == role)
    }

    /// The baseline row, if the plan has it.
    pub fn baseline_row(&self) -> Option<&Row> {
        self.rows.iter().find(|r| r.planned.config == self.baseline)
    }

    /// The rows in the CAMMP table's order at `depth`: capped rows first (their trees are
    /// the biggest), then by mean nodes descending, rows without records last; ties by label.
    pub fn ranked(&self, depth: u32) -> Vec<&Row> {
        let mut rows: Vec<&Row> = self.rows.iter().collect();
        rows.sort_by(|a, b| {
            let key = |r: &Row| match r.nodes(depth) {
                Stat::Capped { capped, n } => (0, -(capped as f64 / n as f64)),
                Stat::Mean(e) => (1, -e.mean),
                Stat::Missing => (2, 0.0),
            };
            let (ka, kb) = (key(a), key(b));
            ka.0.cmp(&kb.0)
                .then(ka.1.total_cmp(&kb.1))
                .then_with(|| a.planned.label.cmp(&b.planned.label))
        });
        rows
    }
}

/// How many games `ids` (position ids) come from.
pub fn games<'a>(ids: impl Iterator<Item = &'a str>) -> usize {
    ids.map(game_of).collect::<BTreeSet<&str>>().len()
}

/// The ratio of `row`'s mean nodes to `to`'s at `depth` (CAMMP's format), when both have a
/// mean, over the positions both searched (so an incomplete row is compared on its own
/// positions, never on another set).
pub fn ratio(row: &Row, to: &Row, depth: u32) -> Option<f64> {
    row.nodes(depth).mean()?;
    to.nodes(depth).mean()?;
    let (cell, base) = (row.cells.get(&depth)?, to.cells.get(&depth)?);
    let (sum, base_sum) = common(cell, base).fold((0.0, 0.0), |(a, b), (_, s, t)| {
        (a + s.nodes as f64, b + t.nodes as f64)
    });
    (base_sum > 0.0).then(|| sum / base_sum)
}
