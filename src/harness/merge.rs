//! Joining shards: the run folders of `--shard i/n` runs become one run folder.
//!
//! The shards' manifests must agree on everything that defines the run (and on the git
//! revision); the CPU and start time may differ. Duplicate records are kept once, but two
//! records of the same search that disagree on anything but the time are an error (the
//! search is deterministic, so that means a broken build). Shards of different builds are
//! refused unless allowed, and then every build is recorded. Missing searches are listed,
//! not invented, and nothing is written, so that the same command works again once the
//! missing shards have run; merging again into a folder that holds exactly this merge is
//! not an error. This module does not run searches.

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
    /// The searches no shard holds, in plan order (then nothing was written).
    pub missing: Vec<SearchId>,
    /// `out` held this very merge already (nothing was written).
    pub already: bool,
    /// The builds besides the first shard's that made records (with
    /// `--allow-mixed-builds`; recorded in the manifest).
    pub mixed_builds: Vec<String>,
    /// The shards' records files that end in a torn line (an interrupted write, left out).
    pub torn: Vec<PathBuf>,
}

/// Merges the run folders `shards` into the new run folder `out`; shards of different
/// builds only with `allow_mixed_builds`.
pub fn merge(out: &Path, shards: &[PathBuf], allow_mixed_builds: bool) -> Result<Merged> {
    if shards.is_empty() {
        bail!("merge needs at least one shard folder");
    }
    let manifests = shards
        .iter()
        .map(|dir| {
            runfolder::read_manifest(dir)?
                .ok_or_else(|| anyhow!("{} holds no {}", dir.display(), runfolder::MANIFEST))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut manifest = merged_manifest(shards, &manifests)?;
    manifest.mixed_builds = other_builds(shards, &manifests, allow_mixed_builds)?;
    let order = plan_keys(&manifest)?;
    let mut records: BTreeMap<usize, Record> = BTreeMap::new();
    let mut torn = Vec::new();
    for dir in shards {
        let file = runfolder::read_records(dir)?;
        if file.torn_at.is_some() {
            torn.push(dir.join(runfolder::RECORDS));
        }
        for record in file.records {
            add_record(&mut records, &order, record, dir)?;
        }
    }
    let missing = order
        .iter()
        .filter(|(_, i)| !records.contains_key(i))
        .map(|(k, i)| (*i, k.clone()));
    let mut missing: Vec<(usize, SearchId)> = missing.collect();
    missing.sort();
    let mut merged = Merged {
        total: order.len(),
        found: records.len(),
        missing: missing.into_iter().map(|(_, k)| k).collect(),
        already: false,
        mixed_builds: manifest.mixed_builds.clone(),
        torn,
    };
    let records: Vec<Record> = records.into_values().collect();
    if let Some(existing) = runfolder::read_manifest(out)? {
        merged.already = holds_this_merge(out, &existing, &manifest, &records)?;
        if !merged.already {
            bail!(
                "{} already holds a different run; merge into a new folder",
                out.display()
            );
        }
        return Ok(merged);
    }
    if !merged.missing.is_empty() {
        return Ok(merged);
    }
    write_whole(out, &manifest, &records)?;
    Ok(merged)
}

/// Writes the run folder `out` whole or not at all: into a temporary folder beside it,
/// renamed to `out` once every file is written (an interrupt leaves only the temporary one,
/// which the next merge replaces).
fn write_whole(out: &Path, manifest: &Manifest, records: &[Record]) -> Result<()> {
    let name = out.file_name().unwrap_or(out.as_os_str()).to_string_lossy();
    let temp = out.with_file_name(format!(".{name}.merging"));
    let _ = std::fs::remove_dir_all(&temp);
    std::fs::create_dir_all(&temp).with_context(|| format!("creating {}", temp.display()))?;
    runfolder::write_manifest(&temp, manifest)?;
    runfolder::rewrite_records(&temp, records)?;
    if out.exists() {
        // An empty folder made beforehand (a job's output folder): replaced.
        std::fs::remove_dir(out).with_context(|| format!("replacing {}", out.display()))?;
    }
    std::fs::rename(&temp, out)
        .with_context(|| format!("renaming {} to {}", temp.display(), out.display()))
}

/// Whether the run folder `out` (with manifest `existing`) is this merge: the same run and
/// the same searches with the same results.
fn holds_this_merge(
    out: &Path,
    existing: &Manifest,
    manifest: &Manifest,
    records: &[Record],
) -> Result<bool> {
    let builds = |m: &Manifest| (m.build.clone(), m.mixed_builds.clone());
    if !differences(existing, manifest).is_empty() || builds(existing) != builds(manifest) {
        return Ok(false);
    }
    let held = runfolder::read_records(out)?.records;
    Ok(held.len() == records.len() && held.iter().zip(records).all(|(a, b)| same_search(a, b)))
}

/// The builds of the shards other than the first's (and those they mixed in already), an
/// error naming each shard's build unless `allow` is set.
fn other_builds(shards: &[PathBuf], manifests: &[Manifest], allow: bool) -> Result<Vec<String>> {
    let build = |m: &Manifest| m.build.clone().unwrap_or_else(|| "unrecorded".into());
    let first = build(&manifests[0]);
    let mut others: Vec<String> = Vec::new();
    for m in manifests {
        for b in std::iter::once(build(m)).chain(m.mixed_builds.iter().cloned()) {
            if b != first && !others.contains(&b) {
                others.push(b);
            }
        }
    }
    if !others.is_empty() && !allow {
        let each: Vec<String> = shards
            .iter()
            .zip(manifests)
            .map(|(dir, m)| format!("{}: build {}", dir.display(), build(m)))
            .collect();
        bail!(
            "the shards come from different builds ({}); rerun them with one build, or pass \
             --allow-mixed-builds to merge them and record every build",
            each.join(", ")
        );
    }
    Ok(others)
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
