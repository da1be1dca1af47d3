//! One side of a comparison read from disk: a run folder, or a folder whose subfolders are
//! repeated runs of one spec; and the spec fields in which two runs differ.
//!
//! Repeated runs must agree on every spec field below. The two sides must agree on the
//! fields that define the experiment (game, evaluation, fixture, configurations) and may
//! differ in the others (depths, node cap, parameters): the comparison notes those. The
//! provenance fields (revision, compiler, CPU, start time, label, seed) are never compared.
//! This module reads and checks manifests; it compares no record.

use crate::harness::records::Manifest;
use crate::report::load::{read_run, Run};
use crate::report::params;
use anyhow::{bail, Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

/// Subfolders whose names start with this hold comparisons, not runs: a folder of repeated
/// runs may hold its own comparison output.
pub const OUT_PREFIX: &str = "compare-vs-";

/// The spec fields that define the experiment: the two sides must agree on them.
const EXPERIMENT: [&str; 4] = ["game", "evaluation", "fixture hash", "configurations"];

/// A run folder, or a folder of repeated runs of one spec.
#[derive(Debug)]
pub struct Side {
    /// The folder as given.
    pub dir: PathBuf,
    /// The runs with their names (the folder's own name for a single run), sorted by name.
    pub runs: Vec<(String, Run)>,
}

impl Side {
    /// The first run's manifest (every run of a side has the same spec).
    pub fn manifest(&self) -> &Manifest {
        &self.runs[0].1.manifest
    }
}

/// Reads the run folder `dir`, or every run folder directly inside `dir`, and checks that
/// repeated runs have one spec.
pub fn read_side(dir: &Path) -> Result<Side> {
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
        let differences = differences(&first.manifest, &run.manifest);
        if !differences.is_empty() {
            bail!(
                "{}: runs `{first_name}` and `{name}` are not repeats of one spec ({})",
                dir.display(),
                describe(&differences, first_name, name)
            );
        }
    }
    Ok(Side {
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

/// A spec field in which two runs differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// The field (`game`, `param tt-bits`, ...).
    pub field: String,
    /// Its value in the first run.
    pub first: String,
    /// Its value in the second run.
    pub second: String,
}

/// The compared spec fields of `m` as text, game first, parameters last.
fn spec(m: &Manifest) -> Vec<(String, String)> {
    let configs: Vec<&str> = m.configs.iter().map(|c| c.config.as_str()).collect();
    let depths: Vec<String> = m.depths.iter().map(u32::to_string).collect();
    let max_nodes = m.max_nodes.map_or("none".to_string(), |n| n.to_string());
    let fields = [
        ("game", m.game.clone()),
        ("evaluation", m.eval.clone()),
        ("fixture hash", m.fixture.hash.clone()),
        ("configurations", configs.join(",")),
        ("depths", depths.join(",")),
        ("max nodes", max_nodes),
    ];
    let fields = fields.into_iter().map(|(f, v)| (f.to_string(), v));
    let params = params(m)
        .into_iter()
        .map(|(name, value)| (format!("param {name}"), value));
    fields.chain(params).collect()
}

/// Every compared spec field in which `first` and `second` differ, game first.
pub fn differences(first: &Manifest, second: &Manifest) -> Vec<Difference> {
    // Both specs have the same fields (the parameters are one struct), in the same order.
    let pairs = spec(first).into_iter().zip(spec(second));
    pairs
        .filter(|((_, a), (_, b))| a != b)
        .map(|((field, first), (_, second))| Difference {
            field,
            first,
            second,
        })
        .collect()
}

/// The differences in words: `game: kalah in base, mingmang in new; ...`.
pub fn describe(differences: &[Difference], first: &str, second: &str) -> String {
    let parts: Vec<String> = differences
        .iter()
        .map(|d| {
            format!(
                "{}: {} in {first}, {} in {second}",
                d.field, d.first, d.second
            )
        })
        .collect();
    parts.join("; ")
}

/// Fails when the sides are runs of different experiments; otherwise returns the spec
/// fields in which they differ (depths, node cap, parameters).
pub fn setup_differences(base: &Side, new: &Side) -> Result<Vec<Difference>> {
    let all = differences(base.manifest(), new.manifest());
    let (experiment, setup): (Vec<Difference>, Vec<Difference>) = all
        .into_iter()
        .partition(|d| EXPERIMENT.contains(&d.field.as_str()));
    if !experiment.is_empty() {
        bail!(
            "{} and {} are runs of different experiments ({})",
            base.dir.display(),
            new.dir.display(),
            describe(&experiment, "base", "new")
        );
    }
    Ok(setup)
}
