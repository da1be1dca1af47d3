//! Reads a run folder: `manifest.json` and `records.jsonl`, as the harness wrote them.
//!
//! Every error names the file (and the line, for records). Records come back sorted, so the
//! order the harness wrote them in (parallel runs finish in any order) never shows in a table.
//! This module checks the records against the manifest; it computes nothing.

use crate::harness::records::{Manifest, Record};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// A run folder's contents.
#[derive(Debug)]
pub struct Run {
    /// The run's spec and provenance.
    pub manifest: Manifest,
    /// Every record, sorted by configuration, position and depth.
    pub records: Vec<Record>,
}

/// Reads `dir/manifest.json` and `dir/records.jsonl`.
pub fn read_run(dir: &Path) -> Result<Run> {
    let manifest = read_manifest(&dir.join("manifest.json"))?;
    let records = read_records(&dir.join("records.jsonl"), &manifest)?;
    Ok(Run { manifest, records })
}

fn read_manifest(path: &Path) -> Result<Manifest> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let manifest: Manifest = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a manifest of a run folder", path.display()))?;
    if manifest.configs.is_empty() {
        bail!("{}: the run plans no configuration", path.display());
    }
    if manifest.depths.is_empty() {
        bail!("{}: the run plans no depth", path.display());
    }
    Ok(manifest)
}

/// The key that makes a record unique within a run, and sorts the records.
type Key = (String, String, u32);

fn read_records(path: &Path, manifest: &Manifest) -> Result<Vec<Record>> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut records: BTreeMap<Key, (usize, Record)> = BTreeMap::new();
    for (idx, line) in text.lines().enumerate() {
        let line_no = idx + 1;
        if line.trim().is_empty() {
            continue;
        }
        let at = || format!("{} line {line_no}", path.display());
        let record: Record =
            serde_json::from_str(line).with_context(|| format!("{}: not a record", at()))?;
        if !manifest.configs.iter().any(|c| c.config == record.config) {
            bail!(
                "{}: configuration `{}` is not in the manifest's plan",
                at(),
                record.config
            );
        }
        let key = (
            record.config.clone(),
            record.position.clone(),
            record.result.depth,
        );
        if let Some((first, _)) = records.get(&key) {
            bail!(
                "{}: position `{}`, configuration `{}`, depth {} repeats line {first}",
                at(),
                key.1,
                key.0,
                key.2
            );
        }
        records.insert(key, (line_no, record));
    }
    Ok(records.into_values().map(|(_, record)| record).collect())
}
