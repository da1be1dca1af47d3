//! `cargo xtask ab (--base REV | --bins BASE NEW) [--rounds N] [--tolerance PCT]
//! [--icount-tolerance PCT] [--out DIR]`: an interleaved A/B timing of two builds in one
//! job, the way to see a slowdown on a shared, noisy machine, and, when Valgrind is there,
//! their exact instruction counts.
//!
//! REV is checked out in a git worktree at `target/ab/base` (made once, then checked out in
//! place) and built with its own target folder, `target/ab/target`, kept between runs so only
//! what changed is rebuilt; the current tree is built as usual and both binaries are copied
//! to `target/ab/`. Then each round runs, game by game, `cutoff bench --timings` of the base
//! and of the new build back to back on that game's positions alone, the base first in one
//! turn and the new build first in the next (ABBA...), so a slow phase of the machine hits
//! both sides of a game; every run's timings are kept in `OUT/rounds/`. The timing verdict is [`verdict`]'s; the instruction counts
//! are [`instructions`]'s. It exits 1 when a game's timing interval lies wholly below
//! `1 - tolerance`, when a game's instructions grow by the instruction tolerance or more, or
//! when any node count differs, and writes `OUT/summary.md`, `OUT/summary.json` and, when
//! set, `$GITHUB_STEP_SUMMARY`. OUT is `target/ab` unless `--out` says otherwise. The base
//! must have `cutoff bench --timings`. Paths under `target/` are under `$CARGO_TARGET_DIR`
//! when set.

pub(crate) mod folders;
pub(crate) mod instructions;
mod verdict;

use super::records::load_records;
use instructions::Instructions;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use verdict::{Cost, Report, Timings};

/// The default tolerance of the timing verdict, in percent: how far below 1 a game's whole
/// interval must lie to fail. The interval carries the round-to-round noise; the tolerance
/// carries what the interval cannot see: on a loaded machine a game's two sides can stay
/// apart by several percent for a whole run, on identical builds. Set from ten A/B runs of
/// identical builds on a two-core machine with two busy processes beside them and other
/// engineers' builds (results/2026-11-26-ab-under-load): the smallest whole percent that
/// passes all ten. At that load the timings then catch a 20% slowdown in five games of six
/// and 5% in none; the instruction counts catch 5% in all six.
const DEFAULT_TOLERANCE_PCT: f64 = 7.0;

/// The default tolerance of the instruction counts, in percent, as `xtask icount`'s: the same
/// binary counts the same to some parts per million (results/2026-11-26-ab-under-load), so
/// only a change this small is let through.
const DEFAULT_ICOUNT_TOLERANCE_PCT: f64 = 1.0;

/// The options, validated.
pub(crate) struct Options {
    base: String,
    rounds: usize,
    tolerance: f64,
    icount_tolerance: f64,
    /// Test only: `slowdown-pct` for the new side, to show that a slowdown fails.
    inject_slowdown: Option<u32>,
    /// Two `cutoff` binaries built already (base, new), instead of building REV and this
    /// tree: `--bins BASE NEW`.
    bins: Option<(PathBuf, PathBuf)>,
    /// Where the summaries and the rounds' timings go.
    out: PathBuf,
    /// The folder of bench files both sides search (`cutoff bench --positions`).
    positions: PathBuf,
    /// `--no-icount`: no instruction counts, even with Valgrind there.
    no_icount: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        base: String::new(),
        rounds: 10,
        tolerance: DEFAULT_TOLERANCE_PCT,
        icount_tolerance: DEFAULT_ICOUNT_TOLERANCE_PCT,
        inject_slowdown: None,
        bins: None,
        out: super::target_dir().join("ab"),
        positions: super::root().join("fixtures/bench"),
        no_icount: false,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        // Paths as given from where ab was called; the benches run from the root.
        let path =
            |text: &String| std::path::absolute(text).map_err(|e| format!("{flag}: `{text}`: {e}"));
        let number = |text: &str| {
            text.parse::<f64>()
                .map_err(|_| format!("{flag}: `{text}` is not a number"))
        };
        match flag.as_str() {
            "--base" => options.base = value()?.clone(),
            "--rounds" => options.rounds = number(value()?)? as usize,
            "--tolerance" => options.tolerance = number(value()?)?,
            "--icount-tolerance" => options.icount_tolerance = number(value()?)?,
            "--inject-slowdown" => options.inject_slowdown = Some(number(value()?)? as u32),
            "--out" => options.out = path(value()?)?,
            "--positions" => options.positions = path(value()?)?,
            "--no-icount" => options.no_icount = true,
            "--bins" => {
                let base = path(value()?)?;
                options.bins = Some((base, path(value()?)?));
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    if options.base.is_empty() {
        match &options.bins {
            Some((base, _)) => options.base = base.display().to_string(),
            None => return Err("--base REV (or --bins BASE NEW) is required".into()),
        }
    }
    let percent = |p: f64| (0.0..100.0).contains(&p);
    if options.rounds < 2 || !percent(options.tolerance) || !percent(options.icount_tolerance) {
        return Err("--rounds must be at least 2 and the tolerances percentages below 100".into());
    }
    Ok(options)
}

pub fn ab(args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(options) => options,
        Err(e) => {
            eprintln!(
                "error: {e}\nusage: cargo xtask ab (--base REV | --bins BASE NEW) [--rounds N] \
                 [--tolerance PCT] [--icount-tolerance PCT] [--no-icount] [--positions DIR] \
                 [--out DIR]"
            );
            return ExitCode::from(2);
        }
    };
    match run_ab(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: ab: {e}");
            ExitCode::from(2)
        }
    }
}

/// Builds both sides, counts their instructions, runs the rounds, prints and writes the
/// summaries; whether it passed.
fn run_ab(options: &Options) -> Result<bool, String> {
    let root = super::root();
    let dir = super::target_dir().join("ab");
    let rounds_dir = options.out.join("rounds");
    for folder in [&dir, &rounds_dir] {
        fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    }
    let (base_bin, new_bin) = match &options.bins {
        Some(bins) => bins.clone(),
        None => (
            build_base(&root, &dir, &options.base)?,
            build_new(&root, &dir)?,
        ),
    };
    let mut extra = Vec::new();
    if let Some(pct) = options.inject_slowdown {
        extra = vec!["--param".to_string(), format!("slowdown-pct={pct}")];
    }
    let instructions = match options.no_icount {
        true => Instructions::Skipped,
        false => {
            let bins = (base_bin.as_path(), new_bin.as_path());
            Instructions::measure(bins, &options.positions, &dir.join("icount"), &extra)?
        }
    };
    let games = folders::write(&options.positions, &dir.join("games"), |_| {})?;
    let mut rounds = Vec::new();
    for round in 1..=options.rounds {
        let (mut base, mut new) = (Timings::new(), Timings::new());
        for (turn, (game, folder)) in games.games.iter().enumerate() {
            let file = |side: &str| rounds_dir.join(format!("{round:02}-{side}-{game}.jsonl"));
            let run_base = || bench(&base_bin, &file("base"), folder, &[]);
            let run_new = || bench(&new_bin, &file("new"), folder, &extra);
            let (b, n) = match (round + turn) % 2 {
                1 => (run_base()?, run_new()?),
                _ => {
                    let n = run_new()?;
                    (run_base()?, n)
                }
            };
            base.extend(b);
            new.extend(n);
        }
        eprintln!("ab: round {round}/{} done", options.rounds);
        rounds.push((base, new));
    }
    let report = Report::new(&rounds, instructions);
    let markdown = report.markdown(options, rounds.len());
    print!("{markdown}");
    let write = |name: &str, text: &str| {
        let path = options.out.join(name);
        fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    write("summary.md", &markdown)?;
    write("summary.json", &report.json(options, rounds.len()))?;
    if let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY") {
        let mut text = fs::read_to_string(&path).unwrap_or_default();
        text += &markdown;
        fs::write(&path, text).map_err(|e| format!("$GITHUB_STEP_SUMMARY: {e}"))?;
    }
    Ok(report.passed(options))
}

/// REV in a worktree at `target/ab/base`, built into `target/ab/target`; its binary copied to
/// `target/ab/cutoff-base`.
fn build_base(root: &Path, dir: &Path, rev: &str) -> Result<PathBuf, String> {
    let tree = dir.join("base");
    // Resolved here: in the base's worktree, `HEAD` would name the base itself.
    let commit = resolve(root, rev)?;
    if tree.join(".git").exists() {
        // Checking out in place keeps unchanged files' times, so cargo rebuilds only what
        // changed since the last base.
        git(
            &tree,
            &["checkout", "--quiet", "--force", "--detach", &commit],
        )?;
    } else {
        let tree_text = tree.display().to_string();
        git(root, &["worktree", "prune"])?;
        git(root, &["worktree", "add", "--detach", &tree_text, &commit])?;
    }
    eprintln!(
        "ab: building {rev} in {} (target folder {})",
        tree.display(),
        dir.join("target").display()
    );
    run(super::cargo()
        .args(["build", "--release", "--quiet", "--bin", "cutoff"])
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .current_dir(&tree))?;
    copy(&dir.join("target/release/cutoff"), &dir.join("cutoff-base"))
}

/// The current tree's release binary, copied to `target/ab/cutoff-new`.
fn build_new(root: &Path, dir: &Path) -> Result<PathBuf, String> {
    eprintln!("ab: building the current tree");
    run(super::cargo()
        .args(["build", "--release", "--quiet", "--bin", "cutoff"])
        .current_dir(root))?;
    copy(
        &super::target_dir().join("release/cutoff"),
        &dir.join("cutoff-new"),
    )
}

fn copy(from: &Path, to: &Path) -> Result<PathBuf, String> {
    fs::copy(from, to)
        .map_err(|e| format!("copying {} to {}: {e}", from.display(), to.display()))?;
    Ok(to.to_path_buf())
}

/// The commit `rev` names in the repository at `root`.
fn resolve(root: &Path, rev: &str) -> Result<String, String> {
    let out = Command::new("git")
        .args(["rev-parse", "--verify", &format!("{rev}^{{commit}}")])
        .current_dir(root)
        .output()
        .map_err(|e| format!("running git: {e}"))?;
    if !out.status.success() {
        return Err(format!("`{rev}` is not a commit here"));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn git(root: &Path, args: &[&str]) -> Result<(), String> {
    run(Command::new("git")
        .args(args)
        .current_dir(root)
        .stdout(Stdio::null()))
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("running {:?}: {e}", command.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{command:?} failed: {status}"))
    }
}

/// `bin bench --timings FILE --positions POSITIONS EXTRA...` from the repository root, read
/// back.
fn bench(bin: &Path, file: &Path, positions: &Path, extra: &[String]) -> Result<Timings, String> {
    run(Command::new(bin)
        .args(["bench", "--timings"])
        .arg(file)
        .arg("--positions")
        .arg(positions)
        .args(extra)
        .current_dir(super::root())
        .stdout(Stdio::null()))
    .map_err(|e| format!("{e} (a base without `cutoff bench --timings` cannot be compared)"))?;
    let field =
        |v: &serde_json::Value, name: &str| v[name].as_str().unwrap_or_default().to_string();
    Ok(load_records(file)?
        .into_iter()
        .map(|v| {
            let key = (
                field(&v, "game"),
                field(&v, "position"),
                field(&v, "search"),
            );
            let cost = Cost {
                nodes: v["nodes"].as_u64().unwrap_or(0),
                ns: v["ns"].as_u64().unwrap_or(0),
                cpu_ns: v["cpu_ns"].as_u64(),
            };
            (key, cost)
        })
        .collect())
}
