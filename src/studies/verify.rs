//! The deterministic part of a run: its JSON-lines files with every time field taken out,
//! each line keyed by what it is (position, configuration, depth; pair and game; the solved
//! game), and the differences between two such trees named by run, file and key.

use super::steps::files_under;
use anyhow::{Context, Result};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// Fields that hold a time (wall or CPU), at any depth of a line: `ablate --repeat` records
/// every repeat's time beside their median.
const TIMES: [&str; 8] = [
    "ns",
    "cpu_ns",
    "us",
    "cpu_us",
    "ms",
    "cpu_ms",
    "ns_repeats",
    "cpu_repeats",
];

/// The fields that say what a line is, in the order they are named.
const KEYS: [&str; 6] = ["position", "config", "depth", "pair", "game", "options"];

/// A line without its times.
pub fn strip(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|k, _| !TIMES.contains(&k.as_str()));
            map.values_mut().for_each(strip);
        }
        Value::Array(items) => items.iter_mut().for_each(strip),
        _ => {}
    }
}

/// What a line is: its key fields, as `name value` pairs.
fn key_of(value: &Value) -> String {
    let Value::Object(map) = value else {
        return value.to_string();
    };
    let parts: Vec<String> = KEYS
        .iter()
        .filter_map(|k| map.get(*k).map(|v| format!("{k} {}", plain(v))))
        .collect();
    parts.join(", ")
}

fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The stripped lines of a JSON-lines text by key, each key's lines in file order (a key of
/// more than one line is a duplicate: [`compare_file`] reports it).
pub fn keyed(text: &str) -> Result<BTreeMap<String, Vec<Value>>> {
    let mut lines: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let mut value: Value =
            serde_json::from_str(line).with_context(|| format!("line {} is not JSON", i + 1))?;
        strip(&mut value);
        lines.entry(key_of(&value)).or_default().push(value);
    }
    Ok(lines)
}

/// The stripped lines again as text, sorted by key: the form the quick slice's expectations
/// are committed in.
pub fn canonical(text: &str) -> Result<String> {
    let mut out = String::new();
    for value in keyed(text)?.values().flatten() {
        out.push_str(&value.to_string());
        out.push('\n');
    }
    Ok(out)
}

/// The JSON-lines files under `dir`, relative to it.
pub fn jsonl_files(dir: &Path) -> Result<Vec<String>> {
    Ok(files_under(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .filter_map(|p| p.strip_prefix(dir).ok().map(|r| r.display().to_string()))
        .collect())
}

/// How a file of a run differs from the reference: one line per difference (at most `limit`
/// named, then a count). Every key is compared: one committed and not made now, one made
/// now and not committed, a key on more than one line of either (a duplicate), and a line
/// whose fields differ.
pub fn compare_file(reference: &str, now: &str, limit: usize) -> Result<Vec<String>> {
    let (a, b) = (keyed(reference)?, keyed(now)?);
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut found = Vec::new();
    for key in keys {
        let (x, y) = (
            a.get(key).map_or(&[][..], Vec::as_slice),
            b.get(key).map_or(&[][..], Vec::as_slice),
        );
        for (lines, made) in [(x, "committed"), (y, "made now")] {
            if lines.len() > 1 {
                found.push(format!("{key}: {made} {} times (a duplicate)", lines.len()));
            }
        }
        match (x.first(), y.first()) {
            (Some(_), None) => found.push(format!("{key}: committed, not made now")),
            (None, Some(_)) => found.push(format!("{key}: made now, not committed")),
            (Some(v), Some(w)) if v != w => found.push(format!("{key}: {}", fields(v, w))),
            _ => {}
        }
    }
    if found.len() > limit {
        let more = found.len() - limit;
        found.truncate(limit);
        found.push(format!("... and {more} more"));
    }
    Ok(found)
}

/// The fields two lines differ in, `name committed -> now`; inside lists and objects, the
/// path to the first difference (`moves.0.nodes 1001 -> 1000`).
fn fields(a: &Value, b: &Value) -> String {
    let empty = Map::new();
    let (a, b) = (
        a.as_object().unwrap_or(&empty),
        b.as_object().unwrap_or(&empty),
    );
    let mut out = String::new();
    let mut names: Vec<&String> = a.keys().chain(b.keys()).collect();
    names.sort();
    names.dedup();
    for name in names {
        let (x, y) = (a.get(name), b.get(name));
        if x != y {
            let _ = write!(out, "{}{}", sep(&out), first_difference(name.clone(), x, y));
        }
    }
    out
}

/// Where two values first differ, as `path committed -> now`.
fn first_difference(path: String, a: Option<&Value>, b: Option<&Value>) -> String {
    let inner = |key: String, x: Option<&Value>, y: Option<&Value>| {
        (x != y).then(|| first_difference(format!("{path}.{key}"), x, y))
    };
    let found = match (a, b) {
        (Some(Value::Array(x)), Some(Value::Array(y))) if x.len() == y.len() => {
            (0..x.len()).find_map(|i| inner(i.to_string(), x.get(i), y.get(i)))
        }
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.into_iter()
                .find_map(|k| inner(k.clone(), x.get(k), y.get(k)))
        }
        _ => None,
    };
    found.unwrap_or_else(|| {
        let show = |v: Option<&Value>| v.map_or("(none)".to_string(), short);
        format!("{path} {} -> {}", show(a), show(b))
    })
}

fn sep(out: &str) -> &'static str {
    if out.is_empty() {
        ""
    } else {
        "; "
    }
}

/// A value short enough for a line.
fn short(value: &Value) -> String {
    let text = plain(value);
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}

/// Reads a file as text.
pub fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}
