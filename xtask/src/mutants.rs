//! `cargo xtask mutants [OPTIONS] [FILE...] [-- TEST-ARGS...]`: mutation testing of the
//! search and the games with crates.io's `cargo-mutants`, installed with `cargo install
//! --locked cargo-mutants` when it is missing.
//!
//! Without files the scope is `src/search/`; without test arguments each mutant runs the
//! library's unit tests (`cargo test --lib`), the ones meant to catch a broken technique or
//! a broken rule. TEST-ARGS are `cargo test`'s (`--lib -- search:: game::`): cargo's own
//! options build and run each mutant, the ones after a `--` filter the tests.
//!
//! Each mutant is built and tested in Cargo.toml's `mutants` profile unless `--profile
//! NAME` names another: the test profile's checks with the crate at opt-level 1,
//! incremental, and its dependencies at opt-level 3, so that with `--in-place` one mutant
//! costs one incremental rebuild of the crate (see results/2026-11-26-mutants-sample for
//! what each setting cost). `--shard K/N`, `--sharding round-robin|slice`, `--in-place`,
//! `--shuffle`, `--re REGEX`, `--timeout S`, `--baseline skip` (with `--timeout`) and
//! `--output DIR` pass through to
//! cargo-mutants; `--opt-level N` builds the crate itself (not its dependencies, which
//! stay built) at that optimisation level for the run (`--config
//! profile.PROFILE.package.cutoff.opt-level=N`).
//!
//! `--slurm N` runs the same as an array of N Slurm tasks through
//! `deploy/slurm/mutants-submit.sh`: this writes the committed tree (`git archive HEAD`)
//! into the run folder (`--run DIR`, default `target/mutants-run`), lists the whole scope
//! (`src/search/` and `src/game/`) to say what share of it the run covers, submits the
//! array (round-robin shards) and the merge job, and waits for the merge job, which writes the summary (caught,
//! missed, timeout, unviable per file; [`summary`]) into `--out DIR`. Each task's time
//! limit is `--time-limit MINUTES`. With `SLURM_CONF` set the jobs go to that cluster;
//! without, as root, to a private one-node cluster started for the run and stopped after it
//! (`slurm::Cluster`).

pub mod diff;
pub mod summary;

use super::{cargo, run};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// The default scope of a run.
const SCOPE: &str = "src/search/**/*.rs";
/// The scope a run's share is measured against: the search and the games.
const WHOLE_SCOPE: [&str; 2] = ["src/search/**/*.rs", "src/game/**/*.rs"];

/// The default cargo profile of a run (Cargo.toml's `[profile.mutants]`).
const PROFILE: &str = "mutants";

/// The default test arguments: the library's unit tests.
const TEST_ARGS: [&str; 1] = ["--lib"];

/// What `cargo xtask mutants` was asked.
#[derive(Debug, Default, PartialEq)]
struct Options {
    files: Vec<String>,
    test_args: Vec<String>,
    /// Passed to cargo-mutants as they are (`--shard`, `--in-place`, `--re`, `--timeout`).
    passed: Vec<String>,
    /// The cargo profile each mutant is built and tested in (default [`PROFILE`]).
    profile: Option<String>,
    opt_level: Option<u8>,
    slurm: Option<Slurm>,
}

#[derive(Debug, PartialEq)]
struct Slurm {
    shards: usize,
    time_limit_minutes: Option<u32>,
    run: Option<PathBuf>,
    out: Option<PathBuf>,
}

pub fn mutants(args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}\nusage: cargo xtask mutants [--profile NAME] [--shard K/N [--sharding round-robin|slice]] [--in-place] [--shuffle] [--re REGEX] [--timeout S] [--baseline run|skip] [--opt-level N] [--output DIR] [--slurm N [--time-limit MIN] [--run DIR] [--out DIR]] [FILE...] [-- TEST-ARGS...]");
            return ExitCode::from(2);
        }
    };
    if let Err(status) = install() {
        return status;
    }
    match &options.slurm {
        None => run(cargo().arg("mutants").args(mutants_args(&options))),
        Some(slurm) => match on_slurm(&options, slurm) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: mutants --slurm: {message}");
                ExitCode::from(2)
            }
        },
    }
}

fn parse(args: &[String]) -> Result<Options, String> {
    let split = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let (own, test_args) = args.split_at(split);
    let mut options = Options {
        test_args: test_args.iter().skip(1).cloned().collect(),
        ..Options::default()
    };
    let mut slurm = None;
    let (mut time_limit, mut run_dir, mut out) = (None, None, None);
    let mut words = own.iter();
    while let Some(word) = words.next() {
        let mut value = || {
            words
                .next()
                .cloned()
                .ok_or_else(|| format!("{word} needs a value"))
        };
        let number = |v: String| {
            v.parse::<u32>()
                .map_err(|_| format!("{word} takes a number, not `{v}`"))
        };
        match word.as_str() {
            "--in-place" | "--shuffle" => options.passed.push(word.clone()),
            "--shard" | "--sharding" | "--re" | "--timeout" | "--output" | "--baseline" => {
                let v = value()?;
                options.passed.extend([word.clone(), v]);
            }
            "--profile" => options.profile = Some(value()?),
            "--opt-level" => {
                let level = number(value()?)?;
                options.opt_level = Some(
                    u8::try_from(level)
                        .ok()
                        .filter(|l| *l <= 3)
                        .ok_or(format!("--opt-level is 0, 1, 2 or 3, not {level}"))?,
                );
            }
            "--slurm" => slurm = Some(number(value()?)?.max(1) as usize),
            "--time-limit" => time_limit = Some(number(value()?)?),
            "--run" => run_dir = Some(PathBuf::from(value()?)),
            "--out" => out = Some(PathBuf::from(value()?)),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            file => options.files.push(file.to_string()),
        }
    }
    if slurm.is_none() && (time_limit.is_some() || run_dir.is_some() || out.is_some()) {
        return Err("--time-limit, --run and --out go with --slurm".into());
    }
    let sets = |flag: &str| options.passed.iter().any(|p| p == flag);
    if slurm.is_some() && (sets("--shard") || sets("--sharding") || sets("--output")) {
        return Err("--slurm shards the run and places its output itself: no --shard, --sharding or --output".into());
    }
    if sets("--sharding") && !sets("--shard") {
        return Err("--sharding goes with --shard".into());
    }
    options.slurm = slurm.map(|shards| Slurm {
        shards,
        time_limit_minutes: time_limit,
        run: run_dir,
        out,
    });
    Ok(options)
}

/// cargo-mutants' arguments for `options`, after `cargo mutants`.
fn mutants_args(options: &Options) -> Vec<String> {
    let mut args: Vec<String> = options.passed.clone();
    let files: Vec<&str> = match options.files.as_slice() {
        [] => vec![SCOPE],
        files => files.iter().map(String::as_str).collect(),
    };
    for file in files {
        args.extend(["--file".to_string(), file.to_string()]);
    }
    let profile = options.profile.as_deref().unwrap_or(PROFILE);
    args.push(format!("--profile={profile}"));
    if let Some(level) = options.opt_level {
        args.push(format!(
            "--cargo-arg=--config=profile.{profile}.package.cutoff.opt-level={level}"
        ));
    }
    let test_args = match options.test_args.as_slice() {
        [] => TEST_ARGS.map(String::from).to_vec(),
        given => given.to_vec(),
    };
    // cargo-mutants gives its trailing arguments to `cargo test` but not to the build
    // (`cargo test --no-run`), which would then build every test target for each mutant:
    // cargo's own options go to both as `--cargo-arg`, the test binary's after `-- --`.
    let split = test_args.iter().position(|a| a == "--");
    let (cargo_args, binary_args) = test_args.split_at(split.unwrap_or(test_args.len()));
    args.extend(cargo_args.iter().map(|a| format!("--cargo-arg={a}")));
    if !binary_args.is_empty() {
        args.push("--".into());
        args.extend(binary_args.iter().cloned());
    }
    args
}

/// Installs cargo-mutants when it is missing, saying so; the failed install's status.
fn install() -> Result<(), ExitCode> {
    if installed() {
        return Ok(());
    }
    eprintln!("cargo-mutants is missing: cargo install --locked cargo-mutants");
    match run(cargo().args(["install", "--locked", "cargo-mutants"])) {
        status if status == ExitCode::SUCCESS => Ok(()),
        status => Err(status),
    }
}

fn installed() -> bool {
    cargo()
        .args(["mutants", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The run folder with the tree, the scope's list, the jobs submitted and waited for.
fn on_slurm(options: &Options, slurm: &Slurm) -> Result<(), String> {
    let root = super::root();
    let run_dir = absolute(
        slurm
            .run
            .clone()
            .unwrap_or_else(|| super::target_dir().join("mutants-run")),
    );
    let out = absolute(slurm.out.clone().unwrap_or_else(|| run_dir.join("summary")));
    if run_dir.exists() {
        std::fs::remove_dir_all(&run_dir)
            .map_err(|e| format!("clearing {}: {e}", run_dir.display()))?;
    }
    std::fs::create_dir_all(&run_dir).map_err(|e| format!("{}: {e}", run_dir.display()))?;
    write_tree(&root, &run_dir)?;
    let command: Vec<String> = std::env::args().skip(1).map(|a| shell_word(&a)).collect();
    std::fs::write(
        run_dir.join("command"),
        format!("cargo xtask {}\n", command.join(" ")),
    )
    .map_err(|e| e.to_string())?;
    list_scope(&root, &run_dir)?;
    let cluster = match std::env::var_os("SLURM_CONF") {
        Some(conf) => Cluster::Given(PathBuf::from(conf)),
        None => Cluster::Private(super::slurm::Cluster::start(
            &super::target_dir().join("mutants-slurm"),
        )?),
    };
    let printed = output(
        Command::new("bash")
            .arg(root.join("deploy/slurm/mutants-submit.sh"))
            .arg(slurm.shards.to_string())
            .arg(&run_dir)
            .arg(&out)
            .args(["--sharding", "round-robin"])
            .args(mutants_args(options))
            .env("SLURM_CONF", cluster.conf())
            .env("MUTANTS_SEED_TARGET", super::target_dir())
            .env("MUTANTS_NICE", "19")
            .env("XTASK", std::env::current_exe().map_err(|e| e.to_string())?)
            .envs(
                slurm
                    .time_limit_minutes
                    .map(|m| ("SBATCH_TIMELIMIT", m.to_string())),
            ),
    )?;
    print!("{printed}");
    let merge = printed
        .split_once("merge job ")
        .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next())
        .filter(|id| !id.is_empty())
        .ok_or_else(|| format!("no merge job id in: {printed}"))?;
    let limit = slurm.time_limit_minutes.unwrap_or(24 * 60) + 40;
    super::slurm::wait_for_job(
        cluster.conf(),
        merge,
        Duration::from_secs(60 * u64::from(limit)),
    )
    .map_err(|e| e.to_string())?;
    let readme = out.join("README.md");
    if !readme.exists() {
        return Err(format!(
            "the merge job ended without {}: see {}/merge-{merge}.out",
            readme.display(),
            run_dir.display()
        ));
    }
    println!("summary: {}", readme.display());
    Ok(())
}

/// A cluster named by `SLURM_CONF`, or the private one this run started.
enum Cluster {
    Given(PathBuf),
    Private(super::slurm::Cluster),
}

impl Cluster {
    fn conf(&self) -> &Path {
        match self {
            Cluster::Given(conf) => conf,
            Cluster::Private(cluster) => &cluster.conf,
        }
    }
}

/// `word` as a shell reads it back: quoted when it holds anything but plain characters.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

fn absolute(path: PathBuf) -> PathBuf {
    if path.is_absolute() {
        path
    } else {
        super::root().join(path)
    }
}

/// `source.tar`: the committed tree (`git archive HEAD`), and `commit`, its id. Changes not
/// committed are not mutated: say so.
fn write_tree(root: &Path, run_dir: &Path) -> Result<(), String> {
    let status = output(
        Command::new("git")
            .args(["status", "--porcelain"])
            .current_dir(root),
    )?;
    if !status.trim().is_empty() {
        eprintln!("note: the run mutates HEAD; changes not committed are left out:\n{status}");
    }
    let commit = output(
        Command::new("git")
            .args(["rev-parse", "HEAD"])
            .current_dir(root),
    )?;
    std::fs::write(run_dir.join("commit"), &commit).map_err(|e| e.to_string())?;
    output(
        Command::new("git")
            .args(["archive", "--format=tar", "-o"])
            .arg(run_dir.join("source.tar"))
            .arg("HEAD")
            .current_dir(root),
    )
    .map(drop)
}

/// `scope.json`: every mutant of the whole scope (`cargo mutants --list --json`), for the
/// share of it the run tested.
fn list_scope(root: &Path, run_dir: &Path) -> Result<(), String> {
    let mut command = cargo();
    command.args(["mutants", "--list", "--json"]);
    for file in WHOLE_SCOPE {
        command.args(["--file", file]);
    }
    let listed = output(command.current_dir(root))?;
    std::fs::write(run_dir.join("scope.json"), listed).map_err(|e| e.to_string())
}

/// Runs `command`; its stdout, or an error with its stderr.
fn output(command: &mut Command) -> Result<String, String> {
    let out = command
        .output()
        .map_err(|e| format!("running {:?}: {e}", command.get_program()))?;
    if !out.status.success() {
        return Err(format!(
            "{command:?} failed: {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &str) -> Vec<String> {
        words.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_default_run_mutates_the_search_against_the_library_tests() {
        let options = parse(&[]).unwrap();
        assert_eq!(
            mutants_args(&options),
            args("--file src/search/**/*.rs --profile=mutants --cargo-arg=--lib")
        );
    }

    #[test]
    fn options_pass_through_and_the_opt_level_is_the_crates_own_in_the_profile() {
        let options = parse(&args(
            "--in-place --shard 1/4 --sharding round-robin --profile test --opt-level 1 --output o src/game/kalah.rs -- --lib -- game::",
        ))
        .unwrap();
        assert_eq!(
            mutants_args(&options),
            args("--in-place --shard 1/4 --sharding round-robin --output o --file src/game/kalah.rs --profile=test --cargo-arg=--config=profile.test.package.cutoff.opt-level=1 --cargo-arg=--lib -- -- game::")
        );
    }

    #[test]
    fn slurm_options_need_slurm_and_slurm_shards_itself() {
        let options = parse(&args("--slurm 2 --time-limit 70 --out x")).unwrap();
        let slurm = options.slurm.unwrap();
        assert_eq!((slurm.shards, slurm.time_limit_minutes), (2, Some(70)));
        assert!(parse(&args("--time-limit 70")).is_err());
        assert!(parse(&args("--slurm 2 --shard 0/2")).is_err());
        assert!(parse(&args("--slurm 2 --output o")).is_err());
        assert!(parse(&args("--sharding slice")).is_err());
        assert!(parse(&args("--opt-level 4")).is_err());
        assert!(parse(&args("--bogus")).is_err());
    }
}
