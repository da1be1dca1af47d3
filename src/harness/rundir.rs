//! The files of a run folder on disk: reading and atomically writing `manifest.json`,
//! reading, appending to and rewriting `records.jsonl`, and comparing two runs' specs.
//!
//! Appends write one whole line per record and flush it, so an interrupted run keeps every
//! finished record; a final line without its newline is a torn write and is dropped on
//! resume. Any other unreadable line is an error naming the file and line. This module does
//! not decide which records a run needs.

use super::records::{Manifest, Record};
use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The provenance and spec of a run.
pub const MANIFEST: &str = "manifest.json";
/// One line per finished search.
pub const RECORDS: &str = "records.jsonl";

/// The manifest fields that define what a run computes; the others (revision, compiler, CPU,
/// command line, start time) only say where it ran.
const SPEC_FIELDS: [&str; 12] = [
    "label",
    "game",
    "eval",
    "fixture",
    "plan",
    "baseline",
    "configs",
    "depths",
    "params",
    "max_nodes",
    "seed",
    "shard",
];

/// A search's identity in a run: position id, configuration, depth.
pub type Key = (String, String, u32);

/// The identity of the search `record` holds.
pub fn record_key(record: &Record) -> Key {
    (
        record.position.clone(),
        record.config.clone(),
        record.result.depth,
    )
}

/// Reads `dir/manifest.json`, or `None` when there is none.
pub fn read_manifest(dir: &Path) -> Result<Option<Manifest>> {
    let path = dir.join(MANIFEST);
    if !path.exists() {
        return Ok(None);
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let manifest = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a valid manifest", path.display()))?;
    Ok(Some(manifest))
}

/// Writes `dir/manifest.json` through a temporary file and a rename, so it is never half
/// written.
pub fn write_manifest(dir: &Path, manifest: &Manifest) -> Result<()> {
    let text = serde_json::to_string_pretty(manifest).expect("manifests serialise") + "\n";
    write_atomically(&dir.join(MANIFEST), text.as_bytes())
}

/// Writes `path` through `path.tmp` and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let temp = temp_path(path);
    std::fs::write(&temp, bytes).with_context(|| format!("writing {}", temp.display()))?;
    std::fs::rename(&temp, path)
        .with_context(|| format!("renaming {} to {}", temp.display(), path.display()))
}

fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// The records of a run folder, and whether its last line was torn (no newline).
pub struct RecordsFile {
    /// Every complete record, in file order.
    pub records: Vec<Record>,
    /// The length of the file up to its last complete line, when a torn line follows it.
    pub torn_at: Option<u64>,
}

/// Reads `dir/records.jsonl` (empty when absent).
pub fn read_records(dir: &Path) -> Result<RecordsFile> {
    let path = dir.join(RECORDS);
    if !path.exists() {
        return Ok(RecordsFile {
            records: Vec::new(),
            torn_at: None,
        });
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let torn_at = (complete < text.len()).then_some(complete as u64);
    let mut records = Vec::new();
    for (i, line) in text[..complete].lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(line)
            .with_context(|| format!("{} line {} is not a valid record", path.display(), i + 1))?;
        records.push(record);
    }
    Ok(RecordsFile { records, torn_at })
}

/// Cuts a torn last line off `dir/records.jsonl`.
pub fn drop_torn_line(dir: &Path, torn_at: u64) -> Result<()> {
    let path = dir.join(RECORDS);
    let file = OpenOptions::new()
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    file.set_len(torn_at)
        .with_context(|| format!("truncating {}", path.display()))
}

/// Appends records to `records.jsonl`, one flushed line each.
pub struct RecordWriter {
    file: File,
    path: PathBuf,
}

impl RecordWriter {
    /// Opens `dir/records.jsonl` for appending, creating it.
    pub fn open(dir: &Path) -> Result<RecordWriter> {
        let path = dir.join(RECORDS);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        Ok(RecordWriter { file, path })
    }

    /// Writes one record as one line and flushes it.
    pub fn write(&mut self, record: &Record) -> Result<()> {
        let line = serde_json::to_string(record).expect("records serialise") + "\n";
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .with_context(|| format!("appending to {}", self.path.display()))
    }
}

/// Replaces `dir/records.jsonl` with `records`, atomically.
pub fn rewrite_records(dir: &Path, records: &[Record]) -> Result<()> {
    let mut text = String::new();
    for record in records {
        text += &serde_json::to_string(record).expect("records serialise");
        text.push('\n');
    }
    write_atomically(&dir.join(RECORDS), text.as_bytes())
}

/// The spec fields in which `old` and `new` differ, each as `field: <old> <sides.0>, <new>
/// <sides.1>`, e.g. `depths: [1] there, [1,2] now`.
pub fn spec_differences(old: &Manifest, new: &Manifest, sides: (&str, &str)) -> Vec<String> {
    let (old, new) = (to_value(old), to_value(new));
    SPEC_FIELDS
        .iter()
        .filter(|&&field| old[field] != new[field])
        .map(|&field| difference(field, &old[field], &new[field], sides))
        .collect()
}

/// One difference in words, narrowed to the first differing entry of lists and objects.
fn difference(path: &str, old: &Value, new: &Value, sides: (&str, &str)) -> String {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            if let Some(key) = a.keys().chain(b.keys()).find(|k| a.get(*k) != b.get(*k)) {
                let null = Value::Null;
                return difference(
                    &format!("{path}.{key}"),
                    a.get(key).unwrap_or(&null),
                    b.get(key).unwrap_or(&null),
                    sides,
                );
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() != b.len() && old.to_string().len() > 80 => {
            return format!(
                "{path}: {} entries {}, {} {}",
                a.len(),
                sides.0,
                b.len(),
                sides.1
            );
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i]) {
                return difference(&format!("{path}[{i}]"), &a[i], &b[i], sides);
            }
        }
        _ => {}
    }
    format!(
        "{path}: {} {}, {} {}",
        shorten(old),
        sides.0,
        shorten(new),
        sides.1
    )
}

/// Fails, listing the differences, when `existing` (from `dir`) has another spec than `new`.
pub fn check_same_spec(dir: &Path, existing: &Manifest, new: &Manifest) -> Result<()> {
    let differences = spec_differences(existing, new, ("there", "now"));
    if !differences.is_empty() {
        bail!(
            "{} holds a run with a different spec ({}); choose another --out or --label",
            dir.display(),
            differences.join("; ")
        );
    }
    Ok(())
}

fn to_value(manifest: &Manifest) -> Value {
    serde_json::to_value(manifest).expect("manifests serialise")
}

fn shorten(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= 80 {
        return text;
    }
    text.chars().take(77).collect::<String>() + "..."
}
