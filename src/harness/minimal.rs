//! The minimal trees of a run folder: for each of its positions and depths, what plain
//! alpha-beta visits with perfect move ordering (`search::minimal`), appended to the
//! folder's `minimal.jsonl` one flushed line per tree, so that the report can set every
//! configuration's nodes beside the least alpha-beta could do.
//!
//! The positions, game, evaluation and parameters are the run's own (from its manifest and
//! its fixture, whose hash must still match). Trees already in the file are kept and not
//! computed again, so an interrupted computation resumes; once every tree asked for is in,
//! the file is rewritten sorted by depth and position, so its bytes do not depend on the
//! number of threads. The records of the run are not touched.

use super::execute::{on_workers, Watcher};
use super::fixtures::load_fixture;
use super::run::select_positions;
use crate::game::Game;
use crate::runfolder::{self, JsonlWriter, Manifest, MinimalRecord, MINIMAL};
use crate::search::minimal::minimal_tree;
use anyhow::{anyhow, bail, Context, Result};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Which trees to compute for a run folder.
#[derive(Clone, Debug)]
pub struct MinimalSpec {
    /// The run's planned depths up to this one (every planned depth when `None`).
    pub max_depth: Option<u32>,
    /// The run's first this many positions (all when `None`).
    pub positions: Option<usize>,
    /// Worker threads.
    pub jobs: usize,
}

/// How a computation of minimal trees ended.
#[derive(Debug, PartialEq, Eq)]
pub struct MinimalEnd {
    /// The trees asked for.
    pub total: usize,
    /// Those already in the file before.
    pub done_before: usize,
    /// Those computed now.
    pub done_now: usize,
    /// Whether the file ended in a torn line (a write cut off), which was dropped and its
    /// tree computed again.
    pub dropped_torn_line: bool,
}

impl MinimalEnd {
    /// Whether Ctrl-C stopped it before every tree was in.
    pub fn interrupted(&self) -> bool {
        self.done_before + self.done_now < self.total
    }
}

/// Computes the minimal trees `spec` asks for of the run in `dir` (game `G`, which must be
/// the manifest's), adding them to `dir/minimal.jsonl`.
pub fn add_minimal_trees<G: Game>(
    dir: &Path,
    spec: &MinimalSpec,
    watcher: &mut dyn Watcher,
    stop: &AtomicBool,
) -> Result<MinimalEnd> {
    let manifest = runfolder::read_manifest(dir)?
        .with_context(|| format!("{}: not a run folder (no manifest)", dir.display()))?;
    let positions = run_positions::<G>(&manifest, spec.positions)?;
    let depths = chosen_depths(&manifest, spec.max_depth)?;
    let path = dir.join(MINIMAL);
    let _lock = runfolder::lock_folder(dir)?;
    let (mut trees, torn_at) = runfolder::read_minimal(dir)?;
    if let Some(len) = torn_at {
        runfolder::truncate(&path, len)?;
    }
    let have: BTreeSet<(u32, String)> = trees
        .iter()
        .map(|t| (t.depth, t.position.clone()))
        .collect();
    let wanted: Vec<(u32, &(String, G))> = depths
        .iter()
        .flat_map(|&d| positions.iter().map(move |p| (d, p)))
        .collect();
    let pending: Vec<&(u32, &(String, G))> = wanted
        .iter()
        .filter(|(d, (id, _))| !have.contains(&(*d, id.clone())))
        .collect();
    let eval = manifest
        .params
        .eval::<G>(Some(&manifest.eval))
        .map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    let params = &manifest.params;
    let done_before = wanted.len() - pending.len();
    watcher.begin(
        wanted.len(),
        done_before,
        spec.jobs.min(pending.len()).max(1),
    );
    let mut writer = JsonlWriter::<MinimalRecord>::append_to(path)?;
    let tree = |&&(depth, (id, game)): &&(u32, &(String, G))| {
        let tree = minimal_tree(game, depth, eval, params);
        MinimalRecord {
            position: id.clone(),
            depth,
            n_nodes: tree.n_nodes,
            n_leaves: tree.n_leaves,
            score: tree.score,
        }
    };
    let mut done_now = 0;
    let outcome = on_workers(&pending, spec.jobs, stop, watcher, tree, |record| {
        writer.write(&record)?;
        trees.push(record);
        done_now += 1;
        Ok(true)
    });
    watcher.end();
    outcome?;
    let end = MinimalEnd {
        total: wanted.len(),
        done_before,
        done_now,
        dropped_torn_line: torn_at.is_some(),
    };
    if !end.interrupted() {
        runfolder::rewrite_minimal(dir, trees)?;
    }
    Ok(end)
}

/// The run's positions from its fixture, checked against the manifest's hash, the first
/// `first` of them when given.
fn run_positions<G: Game>(manifest: &Manifest, first: Option<usize>) -> Result<Vec<(String, G)>> {
    let fixture_ref = &manifest.fixture;
    let path = Path::new(&fixture_ref.path);
    let fixture = load_fixture::<G>(path)?;
    if fixture.hash != fixture_ref.hash {
        bail!(
            "{}: its hash is {}, the run's manifest says {}: the positions are not the run's",
            path.display(),
            fixture.hash,
            fixture_ref.hash
        );
    }
    let mut positions = fixture.positions;
    positions.truncate(fixture_ref.positions);
    select_positions(positions, first, path)
}

/// The run's planned depths up to `max` (all when `None`); an error when none is.
fn chosen_depths(manifest: &Manifest, max: Option<u32>) -> Result<Vec<u32>> {
    let depths: Vec<u32> = manifest
        .depths
        .iter()
        .copied()
        .filter(|&d| max.is_none_or(|m| d <= m))
        .collect();
    if depths.is_empty() {
        bail!(
            "--depth {}: the run's depths are {:?}",
            max.unwrap_or(0),
            manifest.depths
        );
    }
    Ok(depths)
}
