//! The instruction counts of `ab`: both builds run a small fixed bench workload under
//! Valgrind's Callgrind, once per game. Counts do not move with the machine's load (the same
//! binary counts the same to some parts per million, clock reads and the like), so they see a slowdown that timings on
//! a busy machine cannot resolve. A game's workload is its bench file's `icount` searches
//! (the small plan `benches/icount.rs` counts too) on the file's first position, and its
//! count that of a `cutoff bench` of that less that of a bench of no position at all, so
//! start-up (reading the files, parsing options) does not dilute the ratio.

use super::folders::{self, GameFolders};
use crate::root;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

/// What the instruction counts found.
pub(super) enum Instructions {
    /// Valgrind is not installed: not judged, and the summary says so.
    Missing,
    /// `--no-icount`: not judged, and the summary says so.
    Skipped,
    /// Per game, the (base, new) instructions of its workload's searches.
    Counted(BTreeMap<String, (u64, u64)>),
}

impl Instructions {
    /// Counts both builds' workloads, made from the bench files in `positions`, in `dir`
    /// (scratch space); `extra` is passed to the new side's bench as to its timed runs.
    pub(super) fn measure(
        (base, new): (&Path, &Path),
        positions: &Path,
        dir: &Path,
        extra: &[String],
    ) -> Result<Instructions, String> {
        if !crate::setup::present("valgrind") {
            eprintln!("ab: valgrind is not installed: instruction counts are not judged");
            return Ok(Instructions::Missing);
        }
        let workloads = workloads(positions, dir)?;
        eprintln!("ab: counting instructions under Callgrind (base, then new)");
        let base = counts(base, &workloads, &dir.join("base"), &[])?;
        let mut new = counts(new, &workloads, &dir.join("new"), extra)?;
        let pairs = base
            .into_iter()
            .map(|(game, b)| {
                let n = new.remove(&game).unwrap_or(0);
                (game, (b, n))
            })
            .collect();
        Ok(Instructions::Counted(pairs))
    }
}

/// Whether `new` instructions are `tolerance` (a fraction) or more above `base`'s.
pub(super) fn slower(base: u64, new: u64, tolerance: f64) -> bool {
    new as f64 >= base as f64 * (1.0 + tolerance)
}

/// The bench folders counted, written under `dir`: `none` (no game has positions) and one
/// per game (its `icount` searches on its first position, no solver positions).
fn workloads(source: &Path, dir: &Path) -> Result<GameFolders, String> {
    folders::write(source, &dir.join("workload"), |bench| {
        let positions = bench["positions"].as_array().cloned().unwrap_or_default();
        bench["positions"] = positions.into_iter().take(1).collect();
        if bench["icount"]["searches"].is_array() {
            bench["searches"] = bench["icount"]["searches"].clone();
        }
        if bench.get("solve").is_some() {
            bench["solve"] = Value::Array(Vec::new());
        }
    })
}

/// Per game, the instructions of `bin`'s searches of its workload.
fn counts(
    bin: &Path,
    workloads: &GameFolders,
    out: &Path,
    extra: &[String],
) -> Result<BTreeMap<String, u64>, String> {
    fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let none = callgrind(bin, &workloads.none, &out.join("none.out"), extra)?;
    workloads
        .games
        .iter()
        .map(|(game, folder)| {
            let all = callgrind(bin, folder, &out.join(format!("{game}.out")), extra)?;
            Ok((game.clone(), all.saturating_sub(none)))
        })
        .collect()
}

/// The instructions `bin bench --positions FOLDER EXTRA...` executes, from Callgrind's
/// output file `out`.
pub(crate) fn callgrind(
    bin: &Path,
    folder: &Path,
    out: &Path,
    extra: &[String],
) -> Result<u64, String> {
    let status = Command::new("valgrind")
        .args(["--tool=callgrind", "--quiet"])
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(bin)
        .args(["bench", "--positions"])
        .arg(folder)
        .args(extra)
        .current_dir(root())
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("running valgrind: {e}"))?;
    if !status.success() {
        return Err(format!(
            "valgrind --tool=callgrind {} bench --positions {} failed: {status}",
            bin.display(),
            folder.display()
        ));
    }
    let text = fs::read_to_string(out).map_err(|e| format!("{}: {e}", out.display()))?;
    total(&text).ok_or(format!("no instruction total in {}", out.display()))
}

/// The `totals:` (or `summary:`) line's first figure in a Callgrind output file: the
/// instructions executed, the only event collected by default.
fn total(callgrind_out: &str) -> Option<u64> {
    callgrind_out
        .lines()
        .find_map(|line| {
            line.strip_prefix("totals:")
                .or_else(|| line.strip_prefix("summary:"))
        })
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_total_is_read_from_callgrind_output() {
        let out = "version: 1\ncreator: callgrind-3.22.0\nevents: Ir\nfn=(1) main\n5 12\n\
                   totals: 123456789\n";
        assert_eq!(total(out), Some(123_456_789));
        assert_eq!(total("summary: 42\n"), Some(42));
        assert_eq!(total("events: Ir\n"), None);
    }

    #[test]
    fn instructions_at_the_tolerance_or_more_are_slower() {
        assert!(slower(1000, 1010, 0.01));
        assert!(!slower(1000, 1009, 0.01));
        assert!(!slower(1000, 900, 0.01));
    }
}
