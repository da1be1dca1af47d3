//! `compare`: a regression gate between two ablation runs of one experiment. Node counts are
//! compared exactly, record by record (`nodes`); times per configuration and depth as the
//! ratio of medians over repeated runs, against a tolerance (`times`). Each side is a run
//! folder or a folder of repeated runs of one spec (`side`). The result is `compare.md` (a
//! verdict per configuration and depth, then every node difference; `text`), a chart of
//! the time ratios, and `compare.html`, the two as one page.
//!
//! Everything is read and checked before anything is written, so an error leaves no partial
//! output. It reads only run folders, searches and times nothing, and leaves the exit code
//! to the CLI.

mod chart;
mod nodes;
mod side;
#[cfg(test)]
mod tests;
mod text;
mod times;

pub use times::{Timing, Tolerance, Verdict};

use super::stats::Grid;
use crate::cputime::Clock;
use crate::runfolder::PlannedConfig;
use crate::runfolder::{time_runs_by, Difference};
use anyhow::{Context, Result};
use nodes::Group;
use side::RunSet;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One configuration at one depth.
#[derive(Debug)]
pub struct Row {
    /// The configuration as the plan lists it.
    pub planned: PlannedConfig,
    /// The depth.
    pub depth: u32,
    /// Both sides' times, when both timed it.
    pub timing: Option<Timing>,
    /// The time verdict.
    pub time: Verdict,
    /// How many positions have a differing record in any compared pair of runs.
    pub changed_positions: usize,
}

/// Two sides compared.
#[derive(Debug)]
pub struct Comparison {
    /// The reference runs.
    pub base: RunSet,
    /// The runs under test.
    pub new: RunSet,
    /// Spec fields in which the sides differ (depths, node cap, parameters).
    pub setup: Vec<Difference>,
    /// A row per planned configuration and depth, in plan order.
    pub rows: Vec<Row>,
    /// The differing records, by pair of runs.
    pub groups: Vec<Group>,
    /// The time tolerance.
    pub tolerance: Tolerance,
    /// The clock the times were read by.
    pub clock: Clock,
}

/// Reads both sides and compares them; fails when a side is missing or corrupt, when
/// repeated runs have different specs, or when the sides are different experiments. Times
/// are read by `clock` (CPU time only when every record of both sides has it).
pub fn compare(base: &Path, new: &Path, tolerance: Tolerance, clock: Clock) -> Result<Comparison> {
    let mut base = side::read_side(base)?;
    let mut new = side::read_side(new)?;
    let runs = base.runs.iter_mut().chain(new.runs.iter_mut());
    let clock = time_runs_by(runs.map(|(_, run)| run), clock);
    let setup = side::setup_differences(&base, &new)?;
    let groups = nodes::compare_nodes(&base, &new);
    let rows = rows(&base, &new, &groups, tolerance);
    Ok(Comparison {
        base,
        new,
        setup,
        rows,
        groups,
        tolerance,
        clock,
    })
}

fn rows(base: &RunSet, new: &RunSet, groups: &[Group], tolerance: Tolerance) -> Vec<Row> {
    let grids =
        |side: &RunSet| -> Vec<Grid> { side.runs.iter().map(|(_, r)| Grid::new(r)).collect() };
    let (base_grids, new_grids) = (grids(base), grids(new));
    let all = base_grids.iter().chain(&new_grids);
    let depths: BTreeSet<u32> = all.flat_map(|g| g.depths.iter().copied()).collect();
    let changed = nodes::changed_positions(groups);
    let mut rows = Vec::new();
    for planned in &base.manifest().configs {
        for &depth in &depths {
            let config = planned.config;
            let timing = times::timing(&base_grids, &new_grids, config, depth);
            rows.push(Row {
                planned: planned.clone(),
                depth,
                timing,
                time: tolerance.verdict(timing.as_ref()),
                changed_positions: changed.get(&(config, depth)).copied().unwrap_or(0),
            });
        }
    }
    rows
}

impl Comparison {
    /// Searches both runs of a compared pair hold with different results.
    pub fn n_node_changes(&self) -> usize {
        self.changes().filter(|c| c.sides.both()).count()
    }

    /// Searches only one run of a compared pair holds (a shard against a whole run, an
    /// interrupted run): not compared, and the gate fails on them too.
    pub fn n_one_side_only(&self) -> usize {
        self.changes().filter(|c| !c.sides.both()).count()
    }

    fn changes(&self) -> impl Iterator<Item = &nodes::Change> {
        self.groups.iter().flat_map(|g| &g.changes)
    }

    /// Rows slower beyond the tolerance.
    pub fn n_time_regressions(&self) -> usize {
        let slower = self.rows.iter().filter(|r| r.time == Verdict::Slower);
        slower.count()
    }

    /// Whether the gate passes: no node change, no search on one side only and no time
    /// regression.
    pub fn passed(&self) -> bool {
        self.changes().next().is_none() && self.n_time_regressions() == 0
    }

    /// The depth of the chart: the deepest at which every configuration was timed, failing
    /// that the deepest at which any was; none when nothing was timed.
    pub fn chart_depth(&self) -> Option<u32> {
        let depths: BTreeSet<u32> = self.rows.iter().map(|r| r.depth).collect();
        let timed = |d: u32| {
            let rows = self.rows.iter().filter(move |r| r.depth == d);
            rows.map(|r| r.timing.is_some())
        };
        let deepest = |pred: &dyn Fn(u32) -> bool| depths.iter().copied().rfind(|&d| pred(d));
        deepest(&|d| timed(d).all(|t| t)).or_else(|| deepest(&|d| timed(d).any(|t| t)))
    }

    /// How many runs each side has: `base: 1 run, new: 3 runs`.
    pub fn runs_text(&self) -> String {
        let (base, new) = (self.base.runs.len(), self.new.runs.len());
        format!(
            "base: {}, new: {}",
            text::count(base, "run"),
            text::count(new, "run")
        )
    }

    /// What the user should know before trusting the verdict, one line each: the sides'
    /// specs differ in their setup (node changes are then expected), or a side's runs come
    /// from more than one build (its median mixes them). Builds that differ between the
    /// sides are what a comparison is for, and warn of nothing.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if !self.setup.is_empty() {
            warnings.push(format!(
                "the sides' specs differ beyond the code ({}): node changes are to be expected",
                crate::runfolder::describe(&self.setup, ("in base", "in new"))
            ));
        }
        for side in [&self.base, &self.new] {
            let builds = side.builds();
            if builds.len() > 1 {
                warnings.push(format!(
                    "{}: its runs come from {} builds ({}), so its times mix them",
                    side.dir.display(),
                    builds.len(),
                    builds.join(", ")
                ));
            }
        }
        warnings
    }

    /// `PASS` or `FAIL (k node changes, m time regressions beyond 10%)`.
    pub fn verdict(&self) -> String {
        text::verdict(self)
    }

    /// `compare.md`: the verdict table, every node difference and the verdict line.
    pub fn markdown(&self) -> String {
        text::markdown(self)
    }

    /// Writes `compare.md`, the chart and `compare.html` (the two as one page) into `out`
    /// (created if needed).
    pub fn write(&self, out: &Path) -> Result<()> {
        std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
        let markdown = self.markdown();
        super::write(&out.join("compare.md"), &markdown)?;
        if let Some(depth) = self.chart_depth() {
            chart::write(out, self, depth)?;
        }
        let title = format!("Comparison: {}", self.verdict());
        let page = super::html::page(out, &markdown, &title, &["compare.md"])?;
        super::write(&out.join("compare.html"), &page)
    }
}

/// The default output folder: `NEW_DIR/compare-vs-<base folder name>`.
pub fn default_out(base: &Path, new: &Path) -> Result<PathBuf> {
    let name = side::folder_name(base)?;
    Ok(new.join(format!("{}{name}", side::OUT_PREFIX)))
}
