//! One side of a comparison read from disk: a run folder, or a folder whose subfolders are
//! repeated runs of one spec; and the spec fields in which two runs differ.
//!
//! Repeated runs must agree on every spec field but those that only name a run (label, plan,
//! seed, ...): [`crate::runfolder::differences`] lists them. The two sides must agree on the
//! fields that define the experiment (game, evaluation, fixture, configurations) and may
//! differ in the setup (positions, depths, node cap, parameters): the comparison notes those.
//! Provenance (revision, compiler, CPU, start time) is never compared. This module reads and
//! checks manifests; it compares no record.

use crate::runfolder::Manifest;
use crate::runfolder::{describe, differences, read_run, Difference, FieldKind, Run};
use anyhow::{bail, Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

/// Subfolders whose names start with this hold comparisons, not runs: a folder of repeated
/// runs may hold its own comparison output.
pub const OUT_PREFIX: &str = "compare-vs-";

/// A run folder, or a folder of repeated runs of one spec.
#[derive(Debug)]
pub struct RunSet {
    /// The folder as given.
    pub dir: PathBuf,
    /// The runs with their names (the folder's own name for a single run), sorted by name.
    pub runs: Vec<(String, Run)>,
}

impl RunSet {
    /// The first run's manifest (every run of a side has the same spec).
    pub fn manifest(&self) -> &Manifest {
        &self.runs[0].1.manifest
    }

    /// The builds that made the side's records, each once, in the order of its runs (the
    /// source hash and git revision, `unrecorded` for runs made before builds were).
    pub fn builds(&self) -> Vec<String> {
        let mut builds: Vec<String> = Vec::new();
        for (_, run) in &self.runs {
            let m = &run.manifest;
            let first = m.build.as_deref().unwrap_or("unrecorded");
            let all = std::iter::once(first).chain(m.mixed_builds.iter().map(String::as_str));
            for build in all {
                let build = format!("{build} (git {})", m.git_revision);
                if !builds.contains(&build) {
                    builds.push(build);
                }
            }
        }
        builds
    }
}

/// Reads the run folder `dir`, or every run folder directly inside `dir`, and checks that
/// repeated runs have one spec.
pub fn read_side(dir: &Path) -> Result<RunSet> {
    if !dir.is_dir() {
        bail!("{}: no such folder", dir.display());
    }
    let folders = if dir.join("manifest.json").exists() {
        vec![dir.to_path_buf()]
    } else {
        run_folders(dir)?
    };
    let mut runs = Vec::new();
    for folder in folders {
        runs.push((folder_name(&folder)?, read_run(&folder)?));
    }
    let (first_name, first) = &runs[0];
    for (name, run) in &runs[1..] {
        let mut differences = differences(&first.manifest, &run.manifest);
        differences.retain(|d| d.kind != FieldKind::Identity);
        if !differences.is_empty() {
            bail!(
                "{}: runs `{first_name}` and `{name}` are not repeats of one spec ({})",
                dir.display(),
                describe(
                    &differences,
                    (&format!("in {first_name}"), &format!("in {name}"))
                )
            );
        }
    }
    Ok(RunSet {
        dir: dir.to_path_buf(),
        runs,
    })
}

/// The subfolders of a folder of repeated runs, sorted; each must be a run folder.
fn run_folders(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    let mut folders = Vec::new();
    for entry in entries {
        let path = entry
            .with_context(|| format!("reading {}", dir.display()))?
            .path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() && !name.starts_with(OUT_PREFIX) {
            folders.push(path);
        }
    }
    folders.sort();
    if folders.is_empty() {
        bail!(
            "{}: not a run folder (no manifest.json) and no run folders inside",
            dir.display()
        );
    }
    if let Some(stray) = folders.iter().find(|f| !f.join("manifest.json").exists()) {
        bail!(
            "{}: not a run folder (no manifest.json), so {} cannot be a folder of repeated runs",
            stray.display(),
            dir.display()
        );
    }
    Ok(folders)
}

/// The last component of `dir`'s absolute path.
pub fn folder_name(dir: &Path) -> Result<String> {
    let absolute = fs::canonicalize(dir).with_context(|| format!("resolving {}", dir.display()))?;
    let name = absolute.file_name().unwrap_or(absolute.as_os_str());
    Ok(name.to_string_lossy().into_owned())
}

/// Fails when the sides are runs of different experiments; otherwise returns the spec
/// fields in which they differ (depths, node cap, parameters).
pub fn setup_differences(base: &RunSet, new: &RunSet) -> Result<Vec<Difference>> {
    let mut all = differences(base.manifest(), new.manifest());
    all.retain(|d| d.kind != FieldKind::Identity);
    let (experiment, setup): (Vec<Difference>, Vec<Difference>) = all
        .into_iter()
        .partition(|d| d.kind == FieldKind::Experiment);
    if !experiment.is_empty() {
        bail!(
            "{} and {} are runs of different experiments ({})",
            base.dir.display(),
            new.dir.display(),
            describe(&experiment, ("in base", "in new"))
        );
    }
    Ok(setup)
}
