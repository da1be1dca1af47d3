//! Joining shards: the run folders of `--shard i/n` runs become one run folder.
//!
//! The shards' manifests must agree on everything that defines the run (and on the git
//! revision); the CPU and start time may differ. Duplicate records are kept once, but two
//! records of the same search that disagree on anything but the time are an error (the
//! search is deterministic, so that means a broken build). Missing searches are listed, not
//! invented. This module does not run searches.

use super::fixtures::{fnv1a64, FixtureFile};
use super::plan::tasks;
use crate::runfolder::{self, describe, differences, Manifest, Record, SearchId};
use anyhow::{anyhow, bail, Context, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a merge produced.
#[derive(Debug)]
pub struct Merged {
    /// The searches of the whole run.
    pub total: usize,
    /// Distinct searches found in the shards.
    pub found: usize,
    /// The searches no shard holds, in plan order.
    pub missing: Vec<SearchId>,
}

/// Merges the run folders `shards` into the new run folder `out`.
pub fn merge(out: &Path, shards: &[PathBuf]) -> Result<Merged> {
    if shards.is_empty() {
        bail!("merge needs at least one shard folder");
    }
    if runfolder::read_manifest(out)?.is_some() {
        bail!(
            "{} already holds a run; merge into a new folder",
            out.display()
        );
    }
    let manifests = shards
        .iter()
        .map(|dir| {
            runfolder::read_manifest(dir)?
                .ok_or_else(|| anyhow!("{} holds no {}", dir.display(), runfolder::MANIFEST))
        })
        .collect::<Result<Vec<_>>>()?;
    let manifest = merged_manifest(shards, &manifests)?;
    let order = plan_keys(&manifest)?;
    let mut records: BTreeMap<usize, Record> = BTreeMap::new();
    for dir in shards {
        for record in runfolder::read_records(dir)?.records {
            add_record(&mut records, &order, record, dir)?;
        }
    }
    let missing = order
        .iter()
        .filter(|(_, i)| !records.contains_key(i))
        .map(|(k, i)| (*i, k.clone()));
    let mut missing: Vec<(usize, SearchId)> = missing.collect();
    missing.sort();
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    runfolder::write_manifest(out, &manifest)?;
    runfolder::rewrite_records(out, &records.values().cloned().collect::<Vec<_>>())?;
    Ok(Merged {
        total: order.len(),
        found: records.len(),
        missing: missing.into_iter().map(|(_, k)| k).collect(),
    })
}

/// The first shard's manifest without its shard field, once every other agrees with it.
fn merged_manifest(shards: &[PathBuf], manifests: &[Manifest]) -> Result<Manifest> {
    let unsharded = |m: &Manifest| Manifest {
        shard: None,
        ..m.clone()
    };
    let first = unsharded(&manifests[0]);
    for (dir, manifest) in shards.iter().zip(manifests).skip(1) {
        let other = unsharded(manifest);
        let spec = differences(&first, &other);
        let mut differences = Vec::new();
        if !spec.is_empty() {
            differences.push(describe(&spec, ("in the first", "here")));
        }
        if other.git_revision != first.git_revision {
            differences.push(format!(
                "git revision: {} in the first, {} here",
                first.git_revision, other.git_revision
            ));
        }
        if !differences.is_empty() {
            bail!(
                "{} is not a shard of the same run as the first, {}: {}",
                dir.display(),
                shards[0].display(),
                differences.join("; ")
            );
        }
    }
    let mut cpus: Vec<&str> = manifests.iter().map(|m| m.cpu.as_str()).collect();
    cpus.dedup();
    let started = manifests
        .iter()
        .map(|m| m.started.clone())
        .min()
        .unwrap_or_default();
    Ok(Manifest {
        cpu: cpus.join(" | "),
        started,
        ..first
    })
}

/// Every search of the run with its place in plan order; the position ids come from the
/// fixture file, which must still have the hash the run recorded.
fn plan_keys(manifest: &Manifest) -> Result<BTreeMap<SearchId, usize>> {
    let path = Path::new(&manifest.fixture.path);
    let bytes = super::embedded::read(path).context("reading the run's fixture")?;
    if fnv1a64(&bytes) != manifest.fixture.hash {
        bail!(
            "fixture {} has changed since the run (hash {} recorded)",
            path.display(),
            manifest.fixture.hash
        );
    }
    let file: FixtureFile = serde_json::from_slice(&bytes)
        .with_context(|| format!("reading fixture {}", path.display()))?;
    let ids: Vec<&str> = file
        .positions
        .iter()
        .take(manifest.fixture.positions)
        .map(|p| p.id.as_str())
        .collect();
    let all = tasks(ids.len(), manifest.configs.len(), &manifest.depths);
    Ok(all
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            let id = SearchId {
                position: ids[t.position].to_string(),
                config: manifest.configs[t.config].config,
                depth: t.depth,
            };
            (id, i)
        })
        .collect())
}

fn add_record(
    records: &mut BTreeMap<usize, Record>,
    order: &BTreeMap<SearchId, usize>,
    record: Record,
    dir: &Path,
) -> Result<()> {
    let id = record.id();
    let Some(&place) = order.get(&id) else {
        bail!(
            "{} holds a search outside the run's plan ({id})",
            dir.display()
        );
    };
    match records.get(&place) {
        None => {
            records.insert(place, record);
        }
        Some(kept) if same_search(kept, &record) => {}
        Some(kept) => bail!(
            "shards disagree on {id}: {} nodes vs {} in {}",
            kept.result.counters.expanded(),
            record.result.counters.expanded(),
            dir.display()
        ),
    }
    Ok(())
}

/// Whether two records of one search agree on everything but the times.
pub fn same_search(a: &Record, b: &Record) -> bool {
    let mut b = b.clone();
    b.result.ns = a.result.ns;
    b.result.ns_repeats.clone_from(&a.result.ns_repeats);
    b.result.cpu_ns = a.result.cpu_ns;
    b.result.cpu_repeats.clone_from(&a.result.cpu_repeats);
    *a == b
}
