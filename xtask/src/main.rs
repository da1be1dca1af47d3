//! `cargo xtask <task>`: orchestration around the `cutoff` binary.
//!
//! Each task shells out through `$CARGO` (default `cargo`) to
//! `cargo run --release --bin cutoff -- ...` from the repository root, so paths are relative
//! to the root. xtask depends on nothing of `src/`, only on `serde_json` (to read what
//! `cutoff` writes) and `rand_chacha` (the seeded bootstrap of `ab`); a new task is one arm of the `match` in `main` and one function.

mod ab;
mod criterion;
mod dirty;
mod docs;
mod icount;
mod mutants;
mod profile;
mod readme;
mod records;
mod setup;
mod slurm;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask <task> [args]

ab, ablate, mutants, mutants-summary, profile and studies refuse to write into a folder git tracks
(such as results/...) from a tree with uncommitted changes unless --allow-dirty is given,
which records the changes in the folder's allow-dirty.txt.

tasks:
  ablate ARGS...   cutoff ablate ARGS... in a release build (e.g. --game mingmang --set opening-1pg
                   --plan add-one+leave-one-out --depths 1..6)
  report DIR ...   cutoff report DIR ...: the tables and charts of a run folder
  studies ARGS...  cutoff studies ARGS... in a release build: the study book (results/README.md):
                   runs what is missing (--estimate first, --quick for a small slice,
                   --check to compare with the committed runs; `cargo xtask studies --help`)
  ab (--base REV | --bins BASE NEW) [--rounds N] [--tolerance PCT] [--icount-tolerance PCT]
     [--no-icount] [--positions DIR] [--out DIR]
                   REV built in target/ab/base (target folder target/ab/target) against this
                   tree (or two cutoff binaries built already): N rounds (default 10) of both
                   builds' `cutoff bench` on DIR's bench files (default fixtures/bench), game
                   by game, back to back; per game the ratio of nodes per second of CPU time
                   with a bootstrap 95% interval, failing when it lies wholly more than PCT
                   (default 7.0, the smallest whole percent at which identical builds
                   passed every run under load: results/2026-11-26-ab-under-load) percent
                   slower;
                   with Valgrind, each game's instructions of a small fixed workload
                   under Callgrind, failing at PCT (default 1) percent
                   more; and any node count that differs fails. Exit 1 on a failure;
                   Markdown and JSON in OUT/summary.md, OUT/summary.json (OUT default
                   target/ab), every run's timings in OUT/rounds, $GITHUB_STEP_SUMMARY
  bench            cutoff bench --check: the node-count signature against fixtures/expected
  bless            cutoff bench --update: rewrite the expected signature (review the diff)
  ci               .ci/run: everything CI runs
  setup [--allow-missing chromium|valgrind]...
                   install the system tools some checks use (Chromium, Valgrind) from
                   Debian's packages when missing (needs root; waits for the dpkg lock),
                   saying what it installs and how long it took; exit 2 when a tool is
                   missing that --allow-missing does not allow (icount builds its
                   gungraun-runner itself, when it first runs)
  criterion [--save-baseline NAME | --baseline NAME] [FILTER]
                   the criterion micro-benchmarks, saving or comparing with a named baseline
  criterion-check NAME [--tolerance PCT] [FILTER]
                   compare with baseline NAME and exit 1 when a benchmark's mean time got
                   slower by more than PCT percent (default 10) at the lower end of
                   criterion's 95% confidence interval
  mutants [--profile NAME] [--shard K/N [--sharding round-robin|slice]] [--in-place] [--shuffle]
          [--re REGEX] [--timeout S] [--baseline run|skip] [--opt-level N] [--output DIR]
          [--slurm N [--time-limit MIN] [--run DIR] [--out DIR]] [FILE...] [-- TEST-ARGS...]
                   cargo-mutants (installed when missing) over FILEs (default src/search/),
                   each mutant tested with TEST-ARGS (default --lib) and built in cargo
                   profile NAME (default `mutants`: the crate at opt-level 1, incremental,
                   its dependencies at 3; `--in-place` then makes a mutant one incremental
                   rebuild); --shard K/N tests the K-th of N shards (`--sharding
                   round-robin`: every N-th mutant, a systematic sample); --opt-level builds
                   the crate (not its dependencies) at that level; --baseline skip (with
                   --timeout) trusts the unmutated tree's tests; --output puts
                   mutants.out in DIR; --slurm N runs N shards
                   as a Slurm array (deploy/slurm/mutants-submit.sh; SLURM_CONF's cluster,
                   else a private one-node cluster as root), each in its own tree in place,
                   and merges them into DIR (default RUN/summary) with mutants-summary
  mutants-summary --out DIR [--run RUN SHARD... | --add SHARD...]
                   merge the shards of a run into DIR (--add: shards run later, into
                   the folder's committed ones) and write DIR/README.md (caught,
                   missed, timeout, unviable per file; the caught share of the viable ones
                   with its Wilson 95% interval; how a one-shard run sampled its scope;
                   verdicts from DIR/verdicts.tsv);
                   exit 1 while a missed mutant has no verdict
  mutants-diff [--base REV] [--max N] [--timeout S] [--out DIR]
                   the mutants on the lines of src/search/ and src/game/ changed since REV
                   (default: the commit .ci/mutants-base names, where the last submission
                   landed; the diff includes changes not committed), built in place and
                   tested against the library's tests of the search, the games and the
                   rules contract; at most N (default 8: a round-robin shard when there
                   are more), each allowed S seconds (default 240); prints caught, missed, timeout and unviable counts and names each
                   missed and timed-out mutant; cargo-mutants' output in DIR (default
                   target/mutants-diff); exit 0 when the mutants ran (a missed one may be
                   equivalent: it is reported, not judged), 2 when they could not
  icount [--check | --update] [--tolerance PCT] [--if-possible]
                   instruction counts of benches/icount.rs under Callgrind (gungraun; the
                   runner is compiled under target/tools when missing, saying so and how
                   long it took) against
                   fixtures/expected/icount.json: exit 1 when one moved by more than PCT
                   (default 1) percent; --update rewrites the baselines; --if-possible
                   skips with a message without valgrind; --inject-slowdown PCT adds PCT% of each
                   bench's nodes again as node-like work (the check must fail)
  profile --game GAME [--config CONFIG] [--bin CUTOFF] [--out DIR]
                   where GAME's searches spend their instructions, under Callgrind: each
                   search of fixtures/bench/GAME.json with CONFIG (default cammp) on all its
                   positions, one at a time; per search OUT/NAME/annotate.txt (self cost)
                   and inclusive.txt (callgrind_annotate), and OUT/summary.json with nodes,
                   instructions (start-up subtracted) and instructions per node. CUTOFF
                   defaults to this tree's release build, OUT to target/profile/GAME
  readme [--check]  write the marked figures (`<!-- claim ID -->`) of README.md and docs/*.md
                   from the stored values of results/readme.json's claims (`python3
                   results/check.py` recomputes those from the runs) and the included
                   tables (`<!-- include PATH -->`); --check exits 1 when a block differs
  docs [--check] [--bin PATH]
                   list (--check: run) the commands of the blocks of README.md and
                   docs/*.md marked `sh docs-check`, each block in a fresh empty folder, with
                   the release build of cutoff (or PATH); exit 1 naming each page, line
                   and command that failed (docs/README.md)
  slurm-test [--if-possible]
                   deploy/slurm against a real one-node Slurm started here (root; installs
                   Debian's slurmctld slurmd slurm-client munge when missing): the merged
                   shards of a Kalah ablation must equal an unsharded run; --if-possible
                   skips with a message without root or apt-get

Paths under target/ above are under $CARGO_TARGET_DIR instead when it is set.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((task, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let passes_through = matches!(task.as_str(), "ablate" | "report" | "studies" | "criterion");
    if !passes_through && rest.iter().any(|a| a == "--help" || a == "-h") {
        return print_help(&task_usage(task));
    }
    let mut rest = rest.to_vec();
    let guard = match dirty::check(task, &mut rest, &root()) {
        Ok(guard) => guard,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let code = run_task(task, &rest);
    if let Some(Err(e)) = guard.map(|guard| guard.record()) {
        eprintln!("error: recording --allow-dirty: {e}");
        return ExitCode::from(2);
    }
    code
}

fn run_task(task: &str, rest: &[String]) -> ExitCode {
    match task {
        "ab" => ab::ab(rest),
        "ablate" => cutoff("ablate", rest),
        "studies" => cutoff("studies", rest),
        "report" if !rest.is_empty() => cutoff("report", rest),
        "report" => usage_error("report needs a run folder"),
        "bench" => cutoff("bench", &["--check".into()]),
        "bless" => cutoff("bench", &["--update".into()]),
        "ci" => run(Command::new("bash").arg(".ci/run")),
        "setup" => setup::setup(rest),
        "criterion" => criterion(rest),
        "criterion-check" => criterion::check(rest),
        "icount" => icount::icount(rest),
        "mutants" => mutants::mutants(rest),
        "profile" => profile::profile(rest),
        "mutants-summary" => mutants::summary::mutants_summary(rest),
        "mutants-diff" => mutants::diff::mutants_diff(rest),
        "slurm-test" => slurm::slurm_test(rest),
        "readme" => readme::readme(rest),
        "docs" => docs::docs(rest),
        "help" | "--help" | "-h" => print_help(USAGE),
        other => usage_error(&format!("unknown task `{other}`")),
    }
}

/// Prints `text` and succeeds; a closed pipe (`| head`) is not an error.
fn print_help(text: &str) -> ExitCode {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    ExitCode::SUCCESS
}

/// The lines of [`USAGE`] about `task` (the whole text for a task it does not list).
fn task_usage(task: &str) -> String {
    let lines: Vec<&str> = USAGE.lines().collect();
    let is_task = |line: &str| line.starts_with("  ") && !line.starts_with("   ");
    let names = |line: &str, task: &str| {
        let first = line.split_whitespace().next();
        is_task(line) && first == Some(task)
    };
    let Some(start) = lines.iter().position(|line| names(line, task)) else {
        return USAGE.to_string();
    };
    let end = lines[start + 1..]
        .iter()
        .position(|line| is_task(line) || line.is_empty())
        .map_or(lines.len(), |n| start + 1 + n);
    let mut text = format!("usage: cargo xtask {}", lines[start].trim_start());
    for line in &lines[start + 1..end] {
        text.push('\n');
        text.push_str(line);
    }
    text
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{USAGE}");
    ExitCode::from(2)
}

/// `$CARGO`, or `cargo`.
fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// Runs `cutoff <command> <args>` in a release build from the repository root and passes
/// its exit code on.
fn cutoff(command: &str, args: &[String]) -> ExitCode {
    let mut cargo = cargo();
    cargo
        .args([
            "run",
            "--release",
            "--quiet",
            "--bin",
            "cutoff",
            "--",
            command,
        ])
        .args(args);
    run(&mut cargo)
}

/// The criterion bench targets (`icount` is gungraun's, run by `xtask icount`).
pub const CRITERION_BENCHES: &[&str] = &["games", "mingmang", "overhead"];

/// `cargo bench -p cutoff --bench games --bench mingmang --bench overhead -- ARGS`: criterion's own `--save-baseline NAME`,
/// `--baseline NAME` and filter arguments pass straight through.
pub fn criterion(args: &[String]) -> ExitCode {
    let mut cargo = cargo();
    cargo
        .args(["bench", "-p", "cutoff"])
        .args(CRITERION_BENCHES.iter().flat_map(|b| ["--bench", b]))
        .arg("--")
        .args(args);
    run(&mut cargo)
}

/// Runs `command` from the repository root and passes its exit code on.
fn run(command: &mut Command) -> ExitCode {
    let status = command.current_dir(root()).status();
    match status {
        Ok(status) => status
            .code()
            .and_then(|c| u8::try_from(c).ok())
            .map_or(ExitCode::FAILURE, ExitCode::from),
        Err(e) => {
            eprintln!("error: running {:?}: {e}", command.get_program());
            ExitCode::from(2)
        }
    }
}

/// Cargo's target folder: `$CARGO_TARGET_DIR` (relative to the repository root, as cargo
/// run from there reads it), or `target` in the root. Every task's scratch space and built
/// binaries are found here.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .filter(|dir| !dir.is_empty())
        .map_or_else(|| root().join("target"), |dir| root().join(dir))
}

/// The repository root: the parent of xtask's own folder.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the repository")
        .to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::task_usage;

    /// `cargo xtask TASK --help` shows that task's lines of the usage: its first line and
    /// every continuation line, not the next task's.
    #[test]
    fn a_task_help_is_its_own_usage() {
        let ab = task_usage("ab");
        assert!(ab.starts_with("usage: cargo xtask ab (--base REV"), "{ab}");
        assert!(ab.contains("--no-icount"), "{ab}");
        assert!(ab.contains("$GITHUB_STEP_SUMMARY"), "{ab}");
        assert!(!ab.contains("cutoff bench --check"), "{ab}");
        let summary = task_usage("mutants-summary");
        assert!(summary.starts_with("usage: cargo xtask mutants-summary --out DIR"));
        assert!(summary.contains("--add SHARD"), "{summary}");
        assert!(!summary.contains("cargo-mutants (installed"), "{summary}");
        assert!(task_usage("nonsense").starts_with("usage: cargo xtask <task>"));
    }
}
