//! Reading and writing a run folder's files: `manifest.json` (written atomically) and
//! `records.jsonl` (appended one flushed line per record, rewritten atomically).
//!
//! Records are read in one of two ways. [`read_records`] is the tolerant reader of a run in
//! progress (resume, merge): a last line without its newline is a torn write, reported so
//! that the caller can drop it. [`read_run`] is the strict reader of a finished run (report,
//! compare): it also checks every record against the plan, refuses duplicates and a torn
//! line (saying how to repair it), and sorts the records. Any unreadable line is an error
//! naming the file and line. This module does not decide which records a run needs.

use super::format::{Manifest, MinimalRecord, Record, SearchId};
use crate::cputime::Clock;
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The provenance and spec of a run.
pub const MANIFEST: &str = "manifest.json";
/// One line per finished search.
pub const RECORDS: &str = "records.jsonl";
/// One line per minimal tree computed (optional).
pub const MINIMAL: &str = "minimal.jsonl";

/// Reads `dir/manifest.json`, or `None` when there is none.
pub fn read_manifest(dir: &Path) -> Result<Option<Manifest>> {
    read_json(&dir.join(MANIFEST), "a manifest of a run folder")
}

/// Writes `dir/manifest.json` through a temporary file and a rename, so it is never half
/// written.
pub fn write_manifest(dir: &Path, manifest: &Manifest) -> Result<()> {
    write_json(&dir.join(MANIFEST), manifest)
}

/// Reads the JSON file `path` (`None` when there is none); an error says the file is not
/// `what`.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<Option<T>> {
    if !path.exists() {
        return Ok(None);
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let value =
        serde_json::from_str(&text).with_context(|| format!("{}: not {what}", path.display()))?;
    Ok(Some(value))
}

/// Writes `value` as pretty JSON to `path`, atomically.
pub fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> Result<()> {
    let text = serde_json::to_string_pretty(value).expect("manifests serialise") + "\n";
    write_atomically(path, text.as_bytes())
}

/// Writes `path` through `path.tmp` and a rename, creating its folder.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let temp = temp_path(path);
    if let Err(e) = std::fs::write(&temp, bytes) {
        // A half-written temporary file (a full disk) is no use to anyone: removed.
        let _ = std::fs::remove_file(&temp);
        return Err(e).with_context(|| format!("writing {}", temp.display()));
    }
    std::fs::rename(&temp, path)
        .with_context(|| format!("renaming {} to {}", temp.display(), path.display()))
}

fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// The records of a run folder in file order, and where a torn last line starts.
pub struct RecordsFile {
    /// Every complete record, in file order.
    pub records: Vec<Record>,
    /// The length of the file up to its last complete line, when a torn line follows it.
    pub torn_at: Option<u64>,
}

/// Reads `dir/records.jsonl` tolerantly (empty when absent; a torn last line is reported in
/// `torn_at`, not read).
pub fn read_records(dir: &Path) -> Result<RecordsFile> {
    let (numbered, torn_at) = read_lines(&dir.join(RECORDS))?;
    let records = numbered.into_iter().map(|(_, record)| record).collect();
    Ok(RecordsFile { records, torn_at })
}

/// Records with the line numbers they were read from.
type Numbered<T = Record> = Vec<(usize, T)>;

/// Every complete line of the JSON-lines file at `path` with its line number, and where a
/// torn last line starts.
fn read_lines<T: serde::de::DeserializeOwned>(path: &Path) -> Result<(Numbered<T>, Option<u64>)> {
    if !path.exists() {
        return Ok((Vec::new(), None));
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let torn_at = (complete < text.len()).then_some(complete as u64);
    let mut records = Vec::new();
    for (i, line) in text[..complete].lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(line)
            .with_context(|| format!("{} line {}: not a record", path.display(), i + 1))?;
        records.push((i + 1, record));
    }
    Ok((records, torn_at))
}

/// A finished run folder's contents, checked.
#[derive(Debug)]
pub struct Run {
    /// The run's spec and provenance.
    pub manifest: Manifest,
    /// Every record, sorted by [`SearchId`].
    pub records: Vec<Record>,
    /// The minimal trees computed (`minimal.jsonl`, empty without it), sorted by depth and
    /// position.
    pub minimal: Vec<MinimalRecord>,
}

/// Reads the times of `runs` by `clock` and returns the clock they now are: CPU time only
/// when every record of every run has it (then `ns` and `ns_repeats` hold the CPU times),
/// else wall time, untouched (runs recorded before CPU time was measured, or `Clock::Wall`
/// asked for). One clock for all, so runs compared are compared by the same clock.
pub fn time_runs_by<'a>(runs: impl IntoIterator<Item = &'a mut Run>, clock: Clock) -> Clock {
    let mut runs: Vec<&mut Run> = runs.into_iter().collect();
    let records = |runs: &[&mut Run]| -> bool {
        runs.iter()
            .flat_map(|run| &run.records)
            .all(|r| r.result.cpu_ns.is_some())
    };
    if clock == Clock::Wall || !records(&runs) {
        return Clock::Wall;
    }
    for record in runs.iter_mut().flat_map(|run| &mut run.records) {
        record.result.use_cpu_time();
    }
    Clock::Cpu
}

/// Reads `dir` strictly: a manifest that plans something, and records that are all complete,
/// in the plan, and each of another search.
pub fn read_run(dir: &Path) -> Result<Run> {
    let manifest = read_manifest(dir)?
        .with_context(|| format!("{}: not a run folder (no {MANIFEST})", dir.display()))?;
    let at = dir.join(MANIFEST);
    if manifest.configs.is_empty() {
        bail!("{}: the run plans no configuration", at.display());
    }
    if manifest.depths.is_empty() {
        bail!("{}: the run plans no depth", at.display());
    }
    let path = dir.join(RECORDS);
    if !path.exists() {
        bail!("{}: no such file (the run has not started)", path.display());
    }
    let (records, torn_at) = read_lines(&path)?;
    if torn_at.is_some() {
        bail!(
            "{} ends in a torn line (a write cut off by an interrupt or a crash); finish the \
             run with the command that made it (`{}`), which drops the line and redoes that \
             search, or drop the line with `cutoff report {} --repair`",
            path.display(),
            manifest.command_line.join(" "),
            dir.display()
        );
    }
    let records = checked(&path, &manifest, records)?;
    let minimal = read_minimal_checked(dir, &manifest)?;
    Ok(Run {
        manifest,
        records,
        minimal,
    })
}

/// Reads `dir/minimal.jsonl` tolerantly, for adding to it: every complete line (none when
/// the file is absent), and where a torn last line starts.
pub fn read_minimal(dir: &Path) -> Result<(Vec<MinimalRecord>, Option<u64>)> {
    let (numbered, torn_at) = read_lines(&dir.join(MINIMAL))?;
    Ok((numbered.into_iter().map(|(_, m)| m).collect(), torn_at))
}

/// Reads `dir/minimal.jsonl` strictly: no torn line, every tree of a planned depth, none
/// repeated; sorted by depth and position.
fn read_minimal_checked(dir: &Path, manifest: &Manifest) -> Result<Vec<MinimalRecord>> {
    let path = dir.join(MINIMAL);
    let (lines, torn_at) = read_lines::<MinimalRecord>(&path)?;
    if torn_at.is_some() {
        bail!(
            "{} ends in a torn line; run `cutoff minimal --run {}` again, which drops it and \
             computes that tree again",
            path.display(),
            dir.display()
        );
    }
    let mut sorted: BTreeMap<(u32, String), usize> = BTreeMap::new();
    let mut trees = Vec::new();
    for (line, tree) in lines {
        if !manifest.depths.contains(&tree.depth) {
            bail!(
                "{} line {line}: depth {} is not in the manifest's plan",
                path.display(),
                tree.depth
            );
        }
        let key = (tree.depth, tree.position.clone());
        if let Some(first) = sorted.insert(key, line) {
            bail!(
                "{} line {line}: the minimal tree of position {} at depth {} repeats line {first}",
                path.display(),
                tree.position,
                tree.depth
            );
        }
        trees.push(tree);
    }
    trees.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    Ok(trees)
}

/// Replaces `dir/minimal.jsonl` with `trees` sorted by depth and position, atomically.
pub fn rewrite_minimal(dir: &Path, mut trees: Vec<MinimalRecord>) -> Result<()> {
    trees.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    write_lines(&dir.join(MINIMAL), &trees)
}

/// The records sorted by identity, once each checked against the plan.
fn checked(path: &Path, manifest: &Manifest, records: Numbered) -> Result<Vec<Record>> {
    let mut sorted: BTreeMap<SearchId, (usize, Record)> = BTreeMap::new();
    for (line, record) in records {
        let at = || format!("{} line {line}", path.display());
        if manifest.planned(record.config).is_none() {
            bail!(
                "{}: configuration `{}` is not in the manifest's plan",
                at(),
                record.config
            );
        }
        if !manifest.depths.contains(&record.result.depth) {
            bail!(
                "{}: depth {} is not in the manifest's plan",
                at(),
                record.result.depth
            );
        }
        let id = record.id();
        if let Some((first, _)) = sorted.get(&id) {
            bail!(
                "{}: {id} repeats line {first} (two runs writing into this folder at once?); \
                 run the command that made it again (`{}`): it keeps one record per search",
                at(),
                manifest.command_line.join(" ")
            );
        }
        sorted.insert(id, (line, record));
    }
    Ok(sorted.into_values().map(|(_, record)| record).collect())
}

/// Cuts a torn last line off `dir/records.jsonl`; returns whether there was one.
pub fn drop_torn_line(dir: &Path) -> Result<bool> {
    match read_records(dir)?.torn_at {
        Some(torn_at) => truncate(&dir.join(RECORDS), torn_at).map(|()| true),
        None => Ok(false),
    }
}

/// Cuts the file at `path` to `len` bytes.
pub fn truncate(path: &Path, len: u64) -> Result<()> {
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    file.set_len(len)
        .with_context(|| format!("truncating {}", path.display()))
}

/// Appends values to a JSON-lines file (`records.jsonl`, a match's `games.jsonl`), one
/// flushed line each, so an interrupted run loses at most the line being written.
pub struct JsonlWriter<T> {
    file: File,
    path: PathBuf,
    kind: std::marker::PhantomData<fn(&T)>,
}

impl<T: serde::Serialize> JsonlWriter<T> {
    /// Opens `path` for appending, creating it.
    pub fn append_to(path: PathBuf) -> Result<JsonlWriter<T>> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        Ok(JsonlWriter {
            file,
            path,
            kind: std::marker::PhantomData,
        })
    }

    /// Writes one value as one line and flushes it.
    pub fn write(&mut self, value: &T) -> Result<()> {
        let line = serde_json::to_string(value).expect("records serialise") + "\n";
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .with_context(|| format!("appending to {}", self.path.display()))
    }
}

/// Appends records to `records.jsonl`.
pub type RecordWriter = JsonlWriter<Record>;

impl RecordWriter {
    /// Opens `dir/records.jsonl` for appending, creating it.
    pub fn open(dir: &Path) -> Result<RecordWriter> {
        JsonlWriter::append_to(dir.join(RECORDS))
    }
}

/// Replaces `dir/records.jsonl` with `records`, atomically.
pub fn rewrite_records(dir: &Path, records: &[Record]) -> Result<()> {
    write_lines(&dir.join(RECORDS), records)
}

/// Replaces the JSON-lines file at `path` with a line per value, atomically.
pub fn write_lines<T: serde::Serialize>(path: &Path, values: &[T]) -> Result<()> {
    let mut text = String::new();
    for value in values {
        text += &serde_json::to_string(value).expect("records serialise");
        text.push('\n');
    }
    write_atomically(path, text.as_bytes())
}
