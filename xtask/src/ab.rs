//! `cargo xtask ab --base REV [--rounds N] [--tolerance PCT]`: an interleaved A/B timing of
//! two builds in one job, the way to see a slowdown on a shared, noisy machine.
//!
//! REV is checked out in a git worktree at `target/ab/base` (made once, then checked out in
//! place) and built with its own target folder, `target/ab/target`, kept between runs so only
//! what changed is rebuilt; the
//! current tree is built as usual and both binaries are copied to `target/ab/`. Then each
//! round runs `cutoff bench --timings` of the base, then of the new build (ABAB...), so slow
//! phases of the machine hit both sides. Per game, a round's figure is the ratio of the new
//! build's nodes per second of CPU time (the searching thread's, which other processes on a
//! busy machine inflate far less than wall time; wall time when the base records none) to
//! the base's; the verdict is a bootstrap 95% interval of the geometric mean of those ratios
//! over rounds (seeded ChaCha, so the same timings give the same interval). It exits 1 when
//! a game's interval lies wholly below `1 - tolerance` or when any node count differs, and
//! writes a Markdown summary to `target/ab/summary.md` and to `$GITHUB_STEP_SUMMARY` when
//! set. The base must have `cutoff bench --timings`. Paths under `target/` are under
//! `$CARGO_TARGET_DIR` when set.

use super::records::load_records;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// Bootstrap resamples of the rounds.
const RESAMPLES: usize = 10_000;
/// The bootstrap's seed: the same timings always give the same interval.
const SEED: u64 = 0x0ab0_0ab0;

/// The default tolerance, in percent: how far below 1 a game's whole interval must lie to
/// fail. The interval carries the noise (a false alarm needs the noise to put all of it
/// below); the tolerance keeps a real but negligible change from failing. What a slowdown
/// the interval resolves depends on the machine's noise: the `decision_rule` tests show it on
/// seeded samples of a quiet and of a loaded machine.
const DEFAULT_TOLERANCE_PCT: f64 = 2.0;

/// The options, validated.
struct Options {
    base: String,
    rounds: usize,
    tolerance: f64,
    /// Test only: `slowdown-pct` for the new side, to show that a slowdown fails.
    inject_slowdown: Option<u32>,
    /// Two `cutoff` binaries built already (base, new), instead of building REV and this
    /// tree: `--bins BASE NEW`.
    bins: Option<(PathBuf, PathBuf)>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        base: String::new(),
        rounds: 10,
        tolerance: DEFAULT_TOLERANCE_PCT,
        inject_slowdown: None,
        bins: None,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let number = |text: &str| {
            text.parse::<f64>()
                .map_err(|_| format!("{flag}: `{text}` is not a number"))
        };
        match flag.as_str() {
            "--base" => options.base = value()?.clone(),
            "--rounds" => options.rounds = number(value()?)? as usize,
            "--tolerance" => options.tolerance = number(value()?)?,
            "--inject-slowdown" => options.inject_slowdown = Some(number(value()?)? as u32),
            "--bins" => {
                let base = PathBuf::from(value()?);
                options.bins = Some((base, PathBuf::from(value()?)));
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
    if options.rounds < 2 || !(0.0..100.0).contains(&options.tolerance) {
        return Err("--rounds must be at least 2 and --tolerance a percentage below 100".into());
    }
    Ok(options)
}

pub fn ab(args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(options) => options,
        Err(e) => {
            eprintln!(
                "error: {e}\nusage: cargo xtask ab (--base REV | --bins BASE NEW) [--rounds N] \
                 [--tolerance PCT]"
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

/// Builds both sides, runs the rounds, prints and writes the summary; whether it passed.
fn run_ab(options: &Options) -> Result<bool, String> {
    let root = super::root();
    let dir = super::target_dir().join("ab");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
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
    let mut rounds = Vec::new();
    for round in 1..=options.rounds {
        let base = bench(&base_bin, &dir.join("base.jsonl"), &[])?;
        let new = bench(&new_bin, &dir.join("new.jsonl"), &extra)?;
        eprintln!("ab: round {round}/{} done", options.rounds);
        rounds.push((base, new));
    }
    let report = Report::new(&rounds);
    let markdown = report.markdown(options, rounds.len());
    print!("{markdown}");
    let summary = dir.join("summary.md");
    fs::write(&summary, &markdown).map_err(|e| format!("{}: {e}", summary.display()))?;
    if let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY") {
        let mut text = fs::read_to_string(&path).unwrap_or_default();
        text += &markdown;
        fs::write(&path, text).map_err(|e| format!("$GITHUB_STEP_SUMMARY: {e}"))?;
    }
    Ok(report.passed(options.tolerance / 100.0))
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

/// What one bench search cost.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cost {
    nodes: u64,
    /// Wall time.
    ns: u64,
    /// The searching thread's CPU time (none from a base that did not record it).
    cpu_ns: Option<u64>,
}

/// One bench run: (game, position, search) to its cost.
type Timings = BTreeMap<(String, String, String), Cost>;

/// `bin bench --timings FILE EXTRA...` from the repository root, read back.
fn bench(bin: &Path, file: &Path, extra: &[String]) -> Result<Timings, String> {
    run(Command::new(bin)
        .args(["bench", "--timings"])
        .arg(file)
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

/// Per game: the ratio per round and its bootstrap interval; every node difference.
struct Report {
    games: Vec<GameVerdict>,
    node_changes: Vec<String>,
    searches: usize,
    /// Whether the times are CPU times (every search of every run has one), else wall.
    cpu: bool,
}

struct GameVerdict {
    game: String,
    /// Medians over rounds.
    base_knps: f64,
    new_knps: f64,
    /// Geometric mean of the per-round ratios new/base, and its 95% interval.
    ratio: f64,
    interval: (f64, f64),
}

impl Report {
    fn new(rounds: &[(Timings, Timings)]) -> Report {
        let mut games: Vec<String> = rounds[0].0.keys().map(|k| k.0.clone()).collect();
        games.dedup();
        let cpu = rounds
            .iter()
            .flat_map(|(b, n)| b.values().chain(n.values()))
            .all(|c| c.cpu_ns.is_some());
        let knps = |timings: &Timings, game: &str| knps(timings, game, cpu);
        let games = games
            .into_iter()
            .map(|game| {
                let pairs: Vec<(f64, f64)> = rounds
                    .iter()
                    .map(|(b, n)| (knps(b, &game), knps(n, &game)))
                    .collect();
                let logs: Vec<f64> = pairs.iter().map(|(b, n)| (n / b).ln()).collect();
                GameVerdict {
                    base_knps: median(pairs.iter().map(|p| p.0).collect()),
                    new_knps: median(pairs.iter().map(|p| p.1).collect()),
                    ratio: mean(&logs).exp(),
                    interval: bootstrap(&logs),
                    game,
                }
            })
            .collect();
        Report {
            games,
            node_changes: node_changes(rounds),
            searches: rounds[0].0.len(),
            cpu,
        }
    }

    fn passed(&self, tolerance: f64) -> bool {
        self.node_changes.is_empty() && self.games.iter().all(|g| !g.slower(tolerance))
    }

    fn markdown(&self, options: &Options, rounds: usize) -> String {
        let tolerance = options.tolerance / 100.0;
        let mut md = format!(
            "## A/B timing: `{}` (base) against this tree (new)\n\n{rounds} rounds, base then \
             new, of `cutoff bench` ({} searches). Ratio: new/base nodes per second of {}, \
             the geometric mean over rounds with a bootstrap 95% interval; a game fails when \
             the whole interval is more than {}% slower.\n\n\
             | game | base knodes/s | new knodes/s | ratio [95% CI] | verdict |\n\
             | --- | ---: | ---: | ---: | --- |\n",
            options.base,
            self.searches,
            match self.cpu {
                true => "CPU time (the searching thread's)",
                false => "wall time (the base records no CPU time)",
            },
            options.tolerance
        );
        for g in &self.games {
            let verdict = if g.slower(tolerance) {
                "**slower**"
            } else if g.interval.0 > 1.0 + tolerance {
                "faster"
            } else {
                "same within tolerance"
            };
            let _ = writeln!(
                md,
                "| {} | {:.0} | {:.0} | {:.3} [{:.3}, {:.3}] | {verdict} |",
                g.game, g.base_knps, g.new_knps, g.ratio, g.interval.0, g.interval.1
            );
        }
        if let Some(pct) = options.inject_slowdown {
            let _ = writeln!(
                md,
                "\nThe new side ran with the test-only `slowdown-pct={pct}`."
            );
        }
        if self.node_changes.is_empty() {
            md += "\nNode counts: identical in every round.\n";
        } else {
            let _ = writeln!(md, "\nNode counts differ ({}):\n", self.node_changes.len());
            for line in self.node_changes.iter().take(20) {
                let _ = writeln!(md, "- {line}");
            }
        }
        let verdict = if self.passed(tolerance) {
            "passed"
        } else {
            "FAILED"
        };
        let _ = writeln!(md, "\n**ab {verdict}**");
        md
    }
}

impl GameVerdict {
    /// The whole interval lies below `1 - tolerance`.
    fn slower(&self, tolerance: f64) -> bool {
        self.interval.1 < 1.0 - tolerance
    }
}

/// Nodes per millisecond (knodes/s) of `game`'s searches in one bench run, of CPU time when
/// `cpu` (and every search has it), else of wall time.
fn knps(timings: &Timings, game: &str, cpu: bool) -> f64 {
    let (nodes, ns) = timings
        .iter()
        .filter(|(k, _)| k.0 == game)
        .fold((0, 0), |(n, s), (_, c)| {
            let ns = match (cpu, c.cpu_ns) {
                (true, Some(cpu_ns)) => cpu_ns,
                _ => c.ns,
            };
            (n + c.nodes, s + ns)
        });
    nodes as f64 / ns.max(1) as f64 * 1e6
}

/// Every search whose nodes differ from the first base run's, in any run of either side.
fn node_changes(rounds: &[(Timings, Timings)]) -> Vec<String> {
    let reference = &rounds[0].0;
    let mut changes = Vec::new();
    for (side, run) in rounds.iter().flat_map(|(b, n)| [("base", b), ("new", n)]) {
        for (key, want) in reference {
            let got = run.get(key).map(|c| c.nodes);
            if got != Some(want.nodes) && changes.len() < 1000 {
                let line = format!(
                    "{} {} {}: {} nodes, {side} {got:?}",
                    key.0, key.1, key.2, want.nodes
                );
                if !changes.contains(&line) {
                    changes.push(line);
                }
            }
        }
        if run.len() != reference.len() {
            changes.push(format!(
                "{side} ran {} searches, not {}",
                run.len(),
                reference.len()
            ));
        }
    }
    changes.dedup();
    changes
}

/// The 95% percentile interval of the mean of `logs` over seeded bootstrap resamples, back on
/// the ratio scale.
fn bootstrap(logs: &[f64]) -> (f64, f64) {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut means: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let sum: f64 = (0..logs.len())
                .map(|_| logs[rng.gen_range(0..logs.len())])
                .sum();
            sum / logs.len() as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    let at = |q: f64| means[((RESAMPLES - 1) as f64 * q).round() as usize].exp();
    (at(0.025), at(0.975))
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bootstrap_brackets_the_mean_and_is_seeded() {
        let logs: Vec<f64> = [1.0, 0.98, 1.03, 0.97, 1.01]
            .iter()
            .map(|r: &f64| r.ln())
            .collect();
        let (lo, hi) = bootstrap(&logs);
        let ratio = mean(&logs).exp();
        assert!(
            lo < ratio && ratio < hi && lo > 0.97 && hi < 1.03,
            "{lo} {ratio} {hi}"
        );
        assert_eq!(bootstrap(&logs), (lo, hi));
    }

    #[test]
    fn a_slowdown_beyond_the_tolerance_fails() {
        let verdict = |interval| GameVerdict {
            game: "kalah".into(),
            base_knps: 1.0,
            new_knps: 1.0,
            ratio: 1.0,
            interval,
        };
        assert!(verdict((0.90, 0.94)).slower(0.05));
        assert!(!verdict((0.90, 0.96)).slower(0.05));
        assert!(!verdict((1.06, 1.10)).slower(0.05));
    }

    #[test]
    fn node_differences_are_listed() {
        let run = |nodes| -> Timings {
            let cost = Cost {
                nodes,
                ns: 1000,
                cpu_ns: Some(900),
            };
            [(
                ("kalah".to_string(), "p1".to_string(), "ab@d4".to_string()),
                cost,
            )]
            .into()
        };
        assert!(node_changes(&[(run(10), run(10)), (run(10), run(10))]).is_empty());
        let changes = node_changes(&[(run(10), run(10)), (run(10), run(11))]);
        assert_eq!(changes, ["kalah p1 ab@d4: 10 nodes, new Some(11)"]);
    }

    /// Seeded synthetic bench runs: `rounds` rounds of six games, a search each, whose
    /// new-side time is `slowdown` times the base's; every time drawn with a log-normal noise
    /// of `sigma` (CPU time's spread round to round), plus a busy machine's wall-time
    /// inflation of up to 3x that CPU time does not see.
    fn synthetic(seed: u64, rounds: usize, slowdown: f64, sigma: f64) -> Vec<(Timings, Timings)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut noise = move |scale: f64| -> (u64, u64) {
            // Box-Muller: a standard normal from two uniforms.
            let (u, v): (f64, f64) = (rng.gen_range(1e-12..1.0), rng.gen_range(0.0..1.0));
            let normal = (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos();
            let cpu = 1e8 * scale * (sigma * normal).exp();
            (cpu as u64, (cpu * rng.gen_range(1.0..3.0)) as u64)
        };
        let mut run = |scale: f64| -> Timings {
            [
                "blackwhite",
                "gomoku",
                "gothello",
                "kalah",
                "mingmang",
                "tictactoe",
            ]
            .iter()
            .map(|game| {
                let (cpu_ns, ns) = noise(scale);
                let key = (game.to_string(), "p1".to_string(), "ab@d6".to_string());
                let cost = Cost {
                    nodes: 1_000_000,
                    ns,
                    cpu_ns: Some(cpu_ns),
                };
                (key, cost)
            })
            .collect()
        };
        (0..rounds).map(|_| (run(1.0), run(slowdown))).collect()
    }

    /// How many of ten seeded A/B runs of 10 rounds pass at `tolerance_pct`.
    fn passes(slowdown: f64, sigma: f64, tolerance_pct: f64) -> usize {
        let tolerance = tolerance_pct / 100.0;
        (0..10)
            .filter(|&seed| Report::new(&synthetic(seed, 10, slowdown, sigma)).passed(tolerance))
            .count()
    }

    #[test]
    fn decision_rule_passes_identical_builds_and_fails_a_five_percent_slowdown() {
        // A 2% spread of CPU time per round (a quiet machine), the default tolerance.
        let (sigma, tolerance) = (0.02, DEFAULT_TOLERANCE_PCT);
        assert_eq!(passes(1.0, sigma, tolerance), 10, "identical builds");
        assert_eq!(passes(1.05, sigma, tolerance), 0, "a 5% slowdown");
        // A 10% spread, as three `cutoff bench` runs of one binary showed per game at a load
        // average of 13 on two cores: the default tolerance gives false alarms, 5% none, but
        // then a 5% slowdown mostly passes and only 20% fails every time.
        let loaded = 0.10;
        assert!(
            passes(1.0, loaded, tolerance) < 10,
            "a false alarm at 2%, loaded"
        );
        assert_eq!(passes(1.0, loaded, 5.0), 10, "identical builds, loaded");
        assert!(passes(1.05, loaded, 5.0) > 5, "5% hides in the noise");
        assert_eq!(passes(1.25, loaded, 5.0), 0, "a 20% slowdown, loaded");
        // Wall time, inflated up to 3x at random, cannot tell them apart.
        let wall_only = |slowdown| {
            let rounds: Vec<(Timings, Timings)> = synthetic(1, 10, slowdown, sigma)
                .into_iter()
                .map(|(b, n)| {
                    let strip = |t: Timings| -> Timings {
                        t.into_iter()
                            .map(|(k, c)| (k, Cost { cpu_ns: None, ..c }))
                            .collect()
                    };
                    (strip(b), strip(n))
                })
                .collect();
            Report::new(&rounds)
        };
        let report = wall_only(1.05);
        assert!(!report.cpu);
        let widths: Vec<f64> = report
            .games
            .iter()
            .map(|g| g.interval.1 - g.interval.0)
            .collect();
        assert!(widths.iter().all(|&w| w > 0.2), "{widths:?}");
    }
}
