//! `cargo xtask mutants-diff [--base REV] [--max N] [--timeout S] [--out DIR]`: the mutants
//! on the lines changed since REV in the mutation scope (`src/search/`, `src/game/`), each
//! built in place and tested against the library's unit tests, as CI runs it on each
//! change: a new line no test can tell from its mutant is reported by name.
//!
//! REV defaults to the commit `.ci/mutants-base` names: the commit the last submission
//! landed on, so that the diff is the change under test. The diff is taken against the
//! working tree (`git diff REV`), so changes not yet committed count. When the diff holds
//! more than N mutants (default [`MAX_MUTANTS`]), a round-robin shard of them is tested
//! (every k-th, a systematic sample), and the report says how many of how many; `--max`
//! with a large N tests them all (hours for a large change: `cargo xtask mutants --slurm`
//! shards such a run).
//!
//! It reports and does not judge: a missed mutant may be equivalent (see the verdicts of
//! results/2026-11-26-mutants-full), so the exit code is 0 whenever the mutants ran, and 2
//! when they could not (no such commit, cargo-mutants failing to start). cargo-mutants is
//! installed first when it is missing (`cargo install --locked cargo-mutants`).

use super::summary::read_shard;
use super::{mutants_args, Options, WHOLE_SCOPE};
use crate::{cargo, root};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// At most this many mutants a run: on this round's diff, 8 mutants took 3 minutes on two
/// cores after the `mutants` profile's dependencies were built (cargo-mutants' own summary,
/// "8 mutants tested in 3m"); a first run builds those dependencies too.
pub const MAX_MUTANTS: usize = 8;
/// Seconds a mutant's tests may take before it counts as a timeout.
const TIMEOUT_S: u32 = 240;
/// The tests each mutant runs: the library's tests of the search, the games and the rules
/// contract, less the contract's exact-subset checks against plain minimax (110 s of
/// Gomoku alone in the mutation profile; the full run's verdicts name what they catch).
const TEST_ARGS: [&str; 7] = [
    "--lib",
    "--",
    "search::",
    "game::",
    "contract::",
    "--skip",
    "exact_subsets_keep_the_minimax_value",
];
/// The file naming the default base revision.
const BASE_FILE: &str = ".ci/mutants-base";
/// The folders of the scope, as `git diff` takes them.
const SCOPE_DIRS: [&str; 2] = ["src/search", "src/game"];

#[derive(Debug, PartialEq)]
struct DiffOptions {
    base: Option<String>,
    max: usize,
    timeout_s: u32,
    out: Option<PathBuf>,
}

pub fn mutants_diff(args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(options) => options,
        Err(message) => return crate::usage_error(&message),
    };
    if let Err(status) = super::install() {
        return status;
    }
    match run(&options) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: mutants-diff: {message}");
            ExitCode::from(2)
        }
    }
}

fn parse(args: &[String]) -> Result<DiffOptions, String> {
    let mut options = DiffOptions {
        base: None,
        max: MAX_MUTANTS,
        timeout_s: TIMEOUT_S,
        out: None,
    };
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let value = words
            .next()
            .ok_or_else(|| format!("{word} needs a value"))?;
        let number = || {
            value
                .parse::<u32>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or(format!("{word} takes a number above 0, not `{value}`"))
        };
        match word.as_str() {
            "--base" => options.base = Some(value.clone()),
            "--max" => options.max = number()? as usize,
            "--timeout" => options.timeout_s = number()?,
            "--out" => options.out = Some(PathBuf::from(value)),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

fn run(options: &DiffOptions) -> Result<String, String> {
    let root = root();
    let base = match &options.base {
        Some(base) => base.clone(),
        None => base_from_file(&root.join(BASE_FILE))?,
    };
    let commit = git(&root, &["rev-parse", "--verify", &format!("{base}^{{commit}}")])
        .map_err(|_| format!("the base `{base}` is no commit of this clone (a shallow clone or a source archive has no history to diff against): give --base REV"))?;
    let commit = commit.trim().to_string();
    let short = &commit[..commit.len().min(10)];
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| crate::target_dir().join("mutants-diff"));
    if out.exists() {
        std::fs::remove_dir_all(&out).map_err(|e| format!("clearing {}: {e}", out.display()))?;
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut diff_args = vec!["diff", "--no-color", commit.as_str(), "--"];
    diff_args.extend(SCOPE_DIRS);
    let diff = git(&root, &diff_args)?;
    if diff.trim().is_empty() {
        return Ok(format!(
            "mutants on the diff since {short}: no line of {} changed",
            SCOPE_DIRS.join(" or ")
        ));
    }
    let patch = out.join("diff.patch");
    std::fs::write(&patch, &diff).map_err(|e| format!("{}: {e}", patch.display()))?;
    let listed = list(&root, &patch)?;
    let shards = listed.div_ceil(options.max).max(1);
    if listed > 0 {
        test(&root, &patch, &out, shards, options.timeout_s)?;
    }
    let tested = match listed {
        0 => Vec::new(),
        _ => read_shard(&out)?.0,
    };
    Ok(report(short, listed, shards, &tested))
}

/// The revision `.ci/mutants-base` names: its first line that is not a comment.
fn base_from_file(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .ok_or_else(|| format!("{} names no revision", path.display()))
}

/// The arguments the mutants of `patch` are listed and tested with, before any of its own.
fn scope_options(patch: &Path, passed: &[&str]) -> Options {
    let mut given: Vec<String> = vec!["--in-diff".into(), patch.display().to_string()];
    given.extend(passed.iter().map(|s| s.to_string()));
    Options {
        files: WHOLE_SCOPE.map(String::from).to_vec(),
        passed: given,
        test_args: TEST_ARGS.map(String::from).to_vec(),
        ..Options::default()
    }
}

/// How many mutants lie on the changed lines.
fn list(root: &Path, patch: &Path) -> Result<usize, String> {
    let mut args = vec!["mutants".to_string(), "--list".into(), "--json".into()];
    args.extend(mutants_args(&scope_options(patch, &[])));
    let out = cargo()
        .args(&args)
        .current_dir(root)
        .output()
        .map_err(|e| format!("running cargo mutants: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo mutants --list failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let listed: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cargo mutants --list --json: {e}"))?;
    Ok(listed.as_array().map_or(0, Vec::len))
}

/// Builds and tests the mutants (shard 0 of `shards`, round-robin), into `out/mutants.out`.
/// cargo-mutants exits non-zero when a mutant is missed or times out: that is the report's,
/// not an error; an error is a run that wrote no outcomes.
fn test(root: &Path, patch: &Path, out: &Path, shards: usize, timeout: u32) -> Result<(), String> {
    let shard = format!("0/{shards}");
    let timeout = timeout.to_string();
    let out_arg = out.display().to_string();
    let mut passed = vec!["--in-place", "--baseline", "skip", "--timeout", &timeout];
    passed.extend(["--output", &out_arg]);
    if shards > 1 {
        passed.extend(["--shard", &shard, "--sharding", "round-robin"]);
    }
    let status = cargo()
        .arg("mutants")
        .args(mutants_args(&scope_options(patch, &passed)))
        .current_dir(root)
        .status()
        .map_err(|e| format!("running cargo mutants: {e}"))?;
    if !out.join("mutants.out/outcomes.json").exists() {
        return Err(format!("cargo mutants ({status}) wrote no outcomes"));
    }
    Ok(())
}

/// The report: counts by outcome and every missed or timed-out mutant by name.
fn report(base: &str, listed: usize, shards: usize, tested: &[Value]) -> String {
    let count = |o: &str| tested.iter().filter(|m| m["outcome"] == o).count();
    let sample = match shards {
        1 => String::from("all of them"),
        k => format!("one in {k}, round-robin shard 0/{k}"),
    };
    let mut text = format!(
        "mutants on the diff since {base}: {listed} on changed lines of {}; tested {} ({sample}): caught {}, missed {}, timeout {}, unviable {}",
        SCOPE_DIRS.join(" and "),
        tested.len(),
        count("caught"),
        count("missed"),
        count("timeout"),
        count("unviable"),
    );
    for outcome in ["missed", "timeout"] {
        for mutant in tested.iter().filter(|m| m["outcome"] == outcome) {
            let name = mutant["name"].as_str().unwrap_or("?");
            text.push_str(&format!("\n  {outcome}: {name}"));
        }
    }
    text
}

fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    super::output(Command::new("git").args(args).current_dir(root))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn args(words: &str) -> Vec<String> {
        words.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_default_to_the_base_file_and_eight_mutants() {
        let options = parse(&[]).unwrap();
        assert_eq!(
            (options.base, options.max, options.timeout_s),
            (None, 8, 240)
        );
        let options = parse(&args("--base abc --max 5 --timeout 60 --out o")).unwrap();
        assert_eq!(options.base.as_deref(), Some("abc"));
        assert_eq!((options.max, options.timeout_s), (5, 60));
        assert!(parse(&args("--max 0")).is_err());
        assert!(parse(&args("--max")).is_err());
        assert!(parse(&args("--bogus 1")).is_err());
    }

    #[test]
    fn the_mutants_are_those_of_the_diff_in_the_whole_scope_against_the_library_tests() {
        let patch = Path::new("out/diff.patch");
        let passed = ["--in-place", "--shard", "0/3", "--sharding", "round-robin"];
        assert_eq!(
            mutants_args(&scope_options(patch, &passed)),
            args("--in-diff out/diff.patch --in-place --shard 0/3 --sharding round-robin --file src/search/**/*.rs --file src/game/**/*.rs --profile=mutants --cargo-arg=--lib -- -- search:: game:: contract:: --skip exact_subsets_keep_the_minimax_value")
        );
    }

    #[test]
    fn the_base_file_names_its_first_line_that_is_no_comment() {
        let dir = std::env::temp_dir().join(format!("mutants-base-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("base");
        std::fs::write(&file, "# the last landing\n\n9c1ded4\nother\n").unwrap();
        assert_eq!(base_from_file(&file).unwrap(), "9c1ded4");
        std::fs::write(&file, "# nothing\n").unwrap();
        assert!(base_from_file(&file).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_report_counts_outcomes_and_names_what_no_test_caught() {
        let tested = [
            json!({"name": "a.rs:1:1: replace f with g", "outcome": "missed"}),
            json!({"name": "a.rs:2:1: replace + with -", "outcome": "caught"}),
            json!({"name": "a.rs:3:1: replace < with <=", "outcome": "timeout"}),
            json!({"name": "a.rs:4:1: replace h", "outcome": "unviable"}),
        ];
        let text = report("9c1ded4", 12, 3, &tested);
        assert_eq!(
            text,
            "mutants on the diff since 9c1ded4: 12 on changed lines of src/search and src/game; tested 4 (one in 3, round-robin shard 0/3): caught 1, missed 1, timeout 1, unviable 1\n  missed: a.rs:1:1: replace f with g\n  timeout: a.rs:3:1: replace < with <="
        );
        assert!(
            report("b", 2, 1, &tested[1..2]).contains("tested 1 (all of them): caught 1, missed 0")
        );
    }
}
