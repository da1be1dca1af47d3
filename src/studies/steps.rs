//! From the spec to commands: each step's arguments (the quick slice and `--jobs` applied,
//! `--out` added), whether a run is missing, current or made by another build, and the CPU
//! time its committed files record (for `--estimate`).

use super::spec::{RunSpec, Step, Study};
use crate::harness::provenance::short_build;
use crate::harness::shard::Shard;
use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};

/// The file a finished run gets: which build made it, and whether it is the quick slice.
pub const DONE: &str = "studies-run.json";

/// The file that lists the steps of an unfinished run that are done (one index a line).
pub const STEPS_DONE: &str = ".studies-steps";

/// Where a run is written before it replaces (or becomes) its folder `dir`: `dir.partial`.
pub fn partial(dir: &Path) -> PathBuf {
    let mut name = dir.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// What a finished run records.
#[derive(Debug, Deserialize, PartialEq, Serialize)]
pub struct Done {
    /// The build that made it.
    pub build: String,
    /// Whether it is the quick slice.
    pub quick: bool,
    /// The commands it ran (skipped steps left out).
    pub commands: Vec<Vec<String>>,
}

/// The `--flag value` pairs of a quick slice.
pub fn overrides(quick: &str) -> Result<Vec<(String, String)>> {
    let tokens: Vec<&str> = quick.split_whitespace().collect();
    if tokens.len() % 2 != 0 || tokens.iter().step_by(2).any(|t| !t.starts_with("--")) {
        bail!("a quick slice is `--flag value` pairs or `skip`, not `{quick}`");
    }
    Ok(tokens
        .chunks(2)
        .map(|p| (p[0].to_string(), p[1].to_string()))
        .collect())
}

/// Sets `flag` to `value` in `args`, replacing its value where it is there.
fn set(args: &mut Vec<String>, flag: &str, value: &str) {
    match args.iter().position(|a| a == flag) {
        Some(i) if i + 1 < args.len() => args[i + 1] = value.to_string(),
        _ => args.extend([flag.to_string(), value.to_string()]),
    }
}

/// The commands that take `--jobs`.
const PARALLEL: [&str; 3] = ["ablate", "match", "tournament"];

/// The arguments of `step` for the run in `dir` (`None`: not in the quick slice).
pub fn step_args(
    step: &Step,
    dir: &Path,
    quick: bool,
    jobs: Option<usize>,
) -> Result<Option<Vec<String>>> {
    let run = dir.display().to_string();
    let mut args: Vec<String> = step
        .args
        .split_whitespace()
        .map(|a| a.replace("{run}", &run))
        .collect();
    if quick {
        match step.quick.as_deref() {
            Some("skip") => return Ok(None),
            Some(slice) => {
                for (flag, value) in overrides(slice)? {
                    set(&mut args, &flag, &value.replace("{run}", &run));
                }
            }
            None => {}
        }
    }
    if let Some(jobs) = jobs.filter(|_| PARALLEL.contains(&args[0].as_str())) {
        // `-j N` is `--jobs N`: renamed, so its value is replaced rather than left behind.
        for a in args.iter_mut().filter(|a| *a == "-j") {
            *a = "--jobs".to_string();
        }
        set(&mut args, "--jobs", &jobs.to_string());
    }
    if step.stdout.is_none() {
        let out = match &step.out {
            Some(sub) => dir.join(sub),
            None => dir.to_path_buf(),
        };
        set(&mut args, "--out", &out.display().to_string());
    }
    Ok(Some(args))
}

/// Where a run stands in a results folder.
#[derive(Debug, PartialEq)]
pub enum State {
    /// No folder.
    Missing,
    /// Begun and interrupted: the same command resumes it.
    Unfinished,
    /// Made by this build (and of the asked kind, full or quick).
    Current,
    /// Made by other builds (named), or by an unknown one.
    Other(Vec<String>),
}

/// The state of the run whose folder is `dir`.
pub fn state(dir: &Path, quick: bool) -> Result<State> {
    if partial(dir).exists() {
        return Ok(State::Unfinished);
    }
    if !dir.exists() {
        return Ok(State::Missing);
    }
    let done = crate::runfolder::read_json::<Done>(&dir.join(DONE), "a study run's record")?;
    if done.is_some_and(|d| d.build == short_build() && d.quick == quick) {
        return Ok(State::Current);
    }
    Ok(State::Other(builds(dir)?))
}

/// The builds that made the run in `dir`: the one its record names, else those its
/// manifests name (sorted, each once).
pub fn builds(dir: &Path) -> Result<Vec<String>> {
    let mut builds = Vec::new();
    match crate::runfolder::read_json::<Done>(&dir.join(DONE), "a study run's record")? {
        Some(done) => builds.push(done.build),
        None => manifest_builds(dir, &mut builds)?,
    }
    builds.sort();
    builds.dedup();
    Ok(builds)
}

/// The builds the manifests under `dir` name.
fn manifest_builds(dir: &Path, builds: &mut Vec<String>) -> Result<()> {
    for path in files_under(dir) {
        if path.file_name().is_some_and(|n| n == "manifest.json") {
            let text = fs::read_to_string(&path)?;
            let value: serde_json::Value = serde_json::from_str(&text)?;
            if let Some(build) = value.get("build").and_then(|b| b.as_str()) {
                builds.push(build.to_string());
            }
        }
    }
    Ok(())
}

/// Every file under `dir`, sorted (none when it does not exist).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    crate::harness::source_hash::collect_files(dir, Path::new(""), &mut files);
    let mut files: Vec<PathBuf> = files.into_iter().map(|f| dir.join(f)).collect();
    files.sort();
    files
}

/// The seconds the JSON-lines files under `dir` record: searches' `cpu_ns` (their wall `ns`
/// where older records lack it), games' moves' `cpu_us` (else `us`), solves' `ms` (a solve
/// records wall time only), or `None` when they record none.
pub fn recorded_seconds(dir: &Path) -> Result<Option<f64>> {
    let mut total = None;
    for path in files_under(dir) {
        if path.extension().is_some_and(|e| e == "jsonl") {
            for line in fs::read_to_string(&path)?.lines() {
                let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
                    continue;
                };
                if let Some(s) = line_seconds(&value) {
                    *total.get_or_insert(0.0) += s;
                }
            }
        }
    }
    Ok(total)
}

/// The first of `names` that `value` has, as a number.
fn first_of(value: &serde_json::Value, names: [&str; 2]) -> Option<f64> {
    names
        .iter()
        .find_map(|n| value.get(*n).and_then(|v| v.as_f64()))
}

fn line_seconds(value: &serde_json::Value) -> Option<f64> {
    if let Some(ns) = first_of(value, ["cpu_ns", "ns"]) {
        return Some(ns / 1e9);
    }
    if let Some(ms) = value.get("ms").and_then(|v| v.as_f64()) {
        return Some(ms / 1e3);
    }
    let moves = value.get("moves")?.as_array()?;
    let us: f64 = moves
        .iter()
        .filter_map(|m| first_of(m, ["cpu_us", "us"]))
        .sum();
    (us > 0.0).then_some(us / 1e6)
}

/// One run to do: its study, its spec and its folder.
pub struct Planned<'a> {
    /// The study.
    pub study: &'a Study,
    /// The run.
    pub run: &'a RunSpec,
    /// Its folder in the results folder being written.
    pub dir: PathBuf,
}

/// Whether `only` (studies `STUDY` or runs `STUDY/RUN`; empty: everything) takes `run` of
/// `study`.
fn taken(only: &[String], study: &Study, run: &RunSpec) -> bool {
    only.is_empty()
        || only
            .iter()
            .any(|o| *o == study.id || *o == format!("{}/{}", study.id, run.name))
}

/// The runs of `studies` that `only` names (all when empty) in `root`, the shard's share of
/// them when sharded (runs in spec order, dealt round robin). A run that needs what the
/// repository cannot ship (`needs`) is never planned: the book prints its commands.
pub fn plan<'a>(
    studies: &'a [Study],
    only: &[String],
    root: &Path,
    shard: Option<Shard>,
) -> Result<Vec<Planned<'a>>> {
    for o in only {
        if !studies
            .iter()
            .any(|s| s.run.iter().any(|r| taken(std::slice::from_ref(o), s, r)))
        {
            let names: Vec<String> = studies
                .iter()
                .flat_map(|s| {
                    std::iter::once(s.id.clone())
                        .chain(s.run.iter().map(|r| format!("{}/{}", s.id, r.name)))
                })
                .collect();
            bail!(
                "no study or run is named `{o}`; there are {}",
                names.join(", ")
            );
        }
    }
    for study in studies {
        for run in study.run.iter().filter(|r| r.needs.is_some()) {
            let name = format!("{}/{}", study.id, run.name);
            if only.contains(&name) {
                bail!(
                    "`{name}` needs {}: `cutoff studies` does not run it (the book lists its commands)",
                    run.needs.as_deref().unwrap_or_default()
                );
            }
        }
    }
    let all = studies.iter().flat_map(|study| {
        study
            .run
            .iter()
            .filter(|run| run.needs.is_none() && taken(only, study, run))
            .map(move |run| Planned {
                study,
                run,
                dir: root.join(&run.folder),
            })
    });
    Ok(match shard {
        Some(shard) => all
            .enumerate()
            .filter(|(i, _)| shard.takes(*i))
            .map(|(_, p)| p)
            .collect(),
        None => all.collect(),
    })
}
