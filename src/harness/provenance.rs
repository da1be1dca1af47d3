//! Where a run's numbers came from: the git revision and dirty flag, the compiler, the CPU,
//! the command line and the time, as recorded in `manifest.json`.
//!
//! Each fact is read once when a run starts; a fact that cannot be read is written as
//! `unknown` rather than failing the run. This module does not decide what a run is.

use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// The rustc that built this binary (captured by `build.rs` from `$RUSTC --version`).
pub const RUSTC_VERSION: &str = env!("CUTOFF_RUSTC_VERSION");

/// The hash of the source this binary was built from (every file under `src/`,
/// `Cargo.toml`, `Cargo.lock`, `build.rs`; see `build.rs`): the build identity in manifests.
pub const SOURCE_HASH: &str = env!("CUTOFF_SOURCE_HASH");

/// The short build identity in default folder names: the source hash's first 8 digits.
pub fn short_build() -> &'static str {
    &SOURCE_HASH[..8]
}

/// `cutoff <version>`.
pub fn tool() -> String {
    format!("cutoff {}", env!("CARGO_PKG_VERSION"))
}

/// The git revision of the work tree this binary was built from, and whether its tracked
/// files have uncommitted changes: read from the current folder's work tree, and only when
/// that tree's source is this binary's ([`SOURCE_HASH`]). Anywhere else (outside a work
/// tree, in another repository, in a tree edited since the build) neither can be known:
/// `unknown` and `None`.
pub fn git_revision() -> (String, Option<bool>) {
    let unknown = || ("unknown".to_string(), None);
    let Some(top) = git(&["rev-parse", "--show-toplevel"]) else {
        return unknown();
    };
    if super::source_hash::source_hash(std::path::Path::new(&top)) != SOURCE_HASH {
        return unknown();
    }
    let Some(revision) = git(&["rev-parse", "HEAD"]) else {
        return unknown();
    };
    let status = git(&["status", "--porcelain", "--untracked-files=no"]);
    (revision, status.map(|s| !s.is_empty()))
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The CPU model from `/proc/cpuinfo` and the number of worker threads.
pub fn cpu(threads: usize) -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{model}, {cores} hardware threads, {threads} used")
}

/// The command line as typed (program name first); an argument that is not UTF-8 (a path
/// can be any bytes) is kept with its invalid bytes replaced, not refused.
pub fn command_line() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// The current time, UTC: `(YYYY-MM-DD, RFC 3339 timestamp)`.
pub fn now_utc() -> (String, String) {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_from_days((seconds / 86_400) as i64);
    let rest = seconds % 86_400;
    let date = format!("{year:04}-{month:02}-{day:02}");
    let stamp = format!(
        "{date}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    );
    (date, stamp)
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
