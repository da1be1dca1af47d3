//! `cutoff studies`: every run of the study book (`results/studies.toml`) that is missing or
//! was made by another build, resumably and with a line per step, then the book; `--quick`
//! runs a small slice of each, `--check` compares the runs with the committed ones (or the
//! quick slice's committed expectations), times apart, and `--estimate` prints the cost first.

use super::Status;
use crate::cputime::children_ns;
use crate::harness::shard::Shard;
use crate::studies::spec::{self, Spec, Step};
use crate::studies::steps::{
    partial, plan, recorded_seconds, state, step_args, Done, Planned, State, DONE, STEPS_DONE,
};
use crate::studies::{book, verify};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How many differences are named per file.
const SHOWN: usize = 8;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cutoff studies --estimate        the cost of what is missing\n  \
    cutoff studies --quick --check   the quick slice (under 2 minutes) against its expectations\n  \
    cutoff studies --book            rewrite results/README.md, index.html and book.json\n  \
    cutoff studies --only kalah --out /tmp/book --check   regenerate Kalah's runs and compare"
)]
pub struct StudiesArgs {
    /// Only these studies, or runs as STUDY/RUN (repeat; default: every run of all five).
    #[arg(long, value_name = "STUDY[/RUN]")]
    only: Vec<String>,
    /// A small slice of every run (few positions, shallow depths, few games).
    #[arg(long)]
    quick: bool,
    /// Print what would run and its cost as the committed runs record it, then stop.
    #[arg(long)]
    estimate: bool,
    /// Compare the runs with the committed ones (with --quick: with the quick slice's
    /// expectations, --expected), times apart; exit 1 on a difference.
    #[arg(long)]
    check: bool,
    /// With --quick: write the quick slice's records as its committed expectations.
    #[arg(long, requires = "quick", conflicts_with = "check")]
    update: bool,
    /// The quick slice's committed expectations (stripped, sorted records).
    #[arg(long, default_value = "fixtures/expected/studies-quick")]
    expected: PathBuf,
    /// Only write the book from the runs there are.
    #[arg(long, conflicts_with_all = ["quick", "check", "update", "estimate"])]
    book: bool,
    /// The folder with studies.toml and the committed runs.
    #[arg(long, default_value = "results")]
    results: PathBuf,
    /// Where runs and the book are written (default: the results folder; with --quick
    /// target/studies-quick; with --check target/studies-check).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Threads for each ablation, match and tournament (default: each step's own).
    #[arg(long, short)]
    jobs: Option<usize>,
    /// Only the runs of this shard, `i/n` (runs in spec order, dealt round robin).
    #[arg(long, value_parser = Shard::parse)]
    shard: Option<Shard>,
}

pub fn run(args: StudiesArgs) -> Result<Status> {
    let spec = spec::load(&args.results.join(spec::SPEC))?;
    let root = args
        .out
        .clone()
        .unwrap_or_else(|| match (args.quick, args.check) {
            (true, _) => PathBuf::from("target/studies-quick"),
            (false, true) => PathBuf::from("target/studies-check"),
            (false, false) => args.results.clone(),
        });
    if args.book {
        return write_book(&spec, &root);
    }
    let planned = plan(&spec.study, &args.only, &root, args.shard)?;
    let todo = to_do(&planned, args.quick)?;
    print_plan(&planned, &todo, &args)?;
    if args.estimate {
        return Ok(Status::Ok);
    }
    let spent = children_ns();
    for (i, p) in todo.iter().enumerate() {
        eprintln!("[{}/{}] {}/{}", i + 1, todo.len(), p.study.id, p.run.name);
        run_one(p, args.quick, args.jobs)?;
    }
    eprintln!(
        "the runs took {:.1} s of CPU",
        (children_ns() - spent) as f64 / 1e9
    );
    write_book(&spec, &root)?;
    if args.update {
        update_expected(&planned, &root, &args.expected)?;
    }
    match args.check {
        true => check(&planned, &root, &args),
        false => Ok(Status::Ok),
    }
}

fn write_book(spec: &Spec, root: &Path) -> Result<Status> {
    let judged = book::write(spec, root)?;
    let rows: usize = judged.iter().map(|s| s.rows.len()).sum();
    eprintln!(
        "the book ({rows} rows) is in {}",
        root.join("index.html").display()
    );
    Ok(Status::Ok)
}

/// The planned runs that are not current.
fn to_do<'a, 'b>(planned: &'b [Planned<'a>], quick: bool) -> Result<Vec<&'b Planned<'a>>> {
    let mut todo = Vec::new();
    for p in planned {
        if state(&p.dir, quick)? != State::Current {
            todo.push(p);
        }
    }
    Ok(todo)
}

/// Each planned run's state, and the CPU time of those to do as the committed runs record it.
fn print_plan(planned: &[Planned], todo: &[&Planned], args: &StudiesArgs) -> Result<()> {
    let mut known = 0.0;
    let mut unknown = Vec::new();
    for p in planned {
        let st = state(&p.dir, args.quick)?;
        let doing = todo.iter().any(|t| std::ptr::eq(*t, p));
        let committed = recorded_seconds(&args.results.join(&p.run.folder))?;
        let cost = match (doing, committed, args.quick) {
            (false, _, _) => String::new(),
            (true, _, true) => " (a quick slice)".to_string(),
            (true, Some(s), false) => {
                known += s;
                format!(" (the committed run records {s:.0} s)")
            }
            (true, None, false) => {
                unknown.push(format!("{}/{}", p.study.id, p.run.name));
                " (no recorded CPU time)".to_string()
            }
        };
        eprintln!("{}/{}: {}{cost}", p.study.id, p.run.name, describe(&st));
    }
    if !args.quick && !todo.is_empty() {
        eprintln!(
            "to run: {} of {} runs, {:.1} hours as the committed runs record it (CPU time where \
             they have it, else wall time of their searches and moves){}",
            todo.len(),
            planned.len(),
            known / 3600.0,
            match unknown.is_empty() {
                true => String::new(),
                false => format!(
                    ", plus {} without a record ({})",
                    unknown.len(),
                    unknown.join(", ")
                ),
            }
        );
    }
    Ok(())
}

fn describe(state: &State) -> String {
    match state {
        State::Missing => "missing".into(),
        State::Unfinished => "unfinished: resumes".into(),
        State::Current => "made by this build: kept".into(),
        State::Other(b) if b.is_empty() => "made by an unrecorded build: runs again".into(),
        State::Other(b) => format!("made by build {}: runs again", b.join(", ")),
    }
}

/// Runs the steps of one run into `DIR.partial` (skipping those done before an interruption),
/// then moves its files over the run's folder and records the build.
fn run_one(p: &Planned, quick: bool, jobs: Option<usize>) -> Result<()> {
    let work = partial(&p.dir);
    fs::create_dir_all(&work).with_context(|| format!("creating {}", work.display()))?;
    let marks = work.join(STEPS_DONE);
    let done: Vec<usize> = fs::read_to_string(&marks)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.parse().ok())
        .collect();
    let mut commands = Vec::new();
    for (i, step) in p.run.step.iter().enumerate() {
        let Some(args) = step_args(step, &work, quick, jobs)? else {
            continue;
        };
        commands.push(args.clone());
        if done.contains(&i) {
            continue;
        }
        eprintln!("  cutoff {}", args.join(" "));
        run_step(step, &args, &work)?;
        let mut file = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&marks)?;
        writeln!(file, "{i}")?;
    }
    fs::remove_file(&marks)?;
    let record = Done {
        build: crate::harness::provenance::short_build().to_string(),
        quick,
        commands,
    };
    crate::runfolder::write_json(&work.join(DONE), &record)?;
    install(&work, &p.dir)
}

/// Runs one step, its standard output appended to its file when it has one.
fn run_step(step: &Step, args: &[String], work: &Path) -> Result<()> {
    let exe = std::env::current_exe().context("finding this program")?;
    let mut command = Command::new(exe);
    command.args(args);
    let output = match &step.stdout {
        Some(file) => {
            let out = command.output().context("starting cutoff")?;
            std::io::stderr().write_all(&out.stderr)?;
            if out.status.success() {
                let path = work.join(file);
                let mut f = fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&path)?;
                f.write_all(&out.stdout)?;
            }
            out.status
        }
        // The step's tables are in its folder; progress and errors come on stderr.
        None => command
            .stdout(std::process::Stdio::null())
            .status()
            .context("starting cutoff")?,
    };
    if !output.success() {
        bail!(
            "`cutoff {}` failed ({output}); the steps done so far are kept: the same command resumes",
            args.join(" ")
        );
    }
    Ok(())
}

/// Moves every file of `work` into `dir` (replacing files of the same name, keeping the
/// others) and removes `work`.
fn install(work: &Path, dir: &Path) -> Result<()> {
    for file in crate::studies::steps::files_under(work) {
        let to = dir.join(file.strip_prefix(work)?);
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::rename(&file, &to)
            .with_context(|| format!("moving {} to {}", file.display(), to.display()))?;
    }
    fs::remove_dir_all(work).with_context(|| format!("removing {}", work.display()))
}

/// The JSON-lines files of a run that `--check` compares: all but those of timed steps that
/// ran in this mode.
fn compared_files(p: &Planned, dir: &Path, quick: bool) -> Result<Vec<String>> {
    let mut timed = Vec::new();
    for step in &p.run.step {
        if step.timed.is_some() && (!quick || step.quick.as_deref() != Some("skip")) {
            timed.extend(step.out.iter().chain(&step.stdout).cloned());
        }
    }
    Ok(verify::jsonl_files(dir)?
        .into_iter()
        .filter(|f| {
            !timed
                .iter()
                .any(|t| f == t || f.starts_with(&format!("{t}/")))
        })
        .collect())
}

/// Compares every run in `root` with the reference; names each difference.
fn check(planned: &[Planned], root: &Path, args: &StudiesArgs) -> Result<Status> {
    let reference = match args.quick {
        true => args.expected.clone(),
        false => args.results.clone(),
    };
    if reference == root {
        bail!(
            "--check compares runs made elsewhere with {}: give another --out",
            reference.display()
        );
    }
    let (mut failed, mut compared) = (0, 0);
    for p in planned {
        let now = root.join(&p.run.folder);
        let committed = reference.join(&p.run.folder);
        let files = compared_files(p, &now, args.quick)?;
        compared += files.len();
        for file in &files {
            let path = committed.join(file);
            let differences = match path.exists() {
                true => verify::compare_file(
                    &verify::read(&path)?,
                    &verify::read(&now.join(file))?,
                    SHOWN,
                )?,
                false => vec!["made now, not committed".to_string()],
            };
            for d in &differences {
                println!("{}/{}: {file}: {d}", p.study.id, p.run.name);
            }
            failed += usize::from(!differences.is_empty());
        }
        if args.quick {
            for file in compared_files(p, &committed, true)? {
                if !files.contains(&file) {
                    println!(
                        "{}/{}: {file}: committed, not made now",
                        p.study.id, p.run.name
                    );
                    failed += 1;
                }
            }
        }
    }
    match failed {
        0 => {
            println!(
                "studies: {} runs, {compared} files compared: every compared record matches {}",
                planned.len(),
                reference.display()
            );
            Ok(Status::Ok)
        }
        n => {
            println!("studies: {n} files differ from {}", reference.display());
            Ok(Status::CheckFailed)
        }
    }
}

/// Writes the quick slice's compared files, stripped and sorted, as its expectations.
fn update_expected(planned: &[Planned], root: &Path, expected: &Path) -> Result<()> {
    for p in planned {
        let from = root.join(&p.run.folder);
        let to = expected.join(&p.run.folder);
        if to.exists() {
            fs::remove_dir_all(&to)?;
        }
        for file in compared_files(p, &from, true)? {
            let target = to.join(&file);
            fs::create_dir_all(target.parent().expect("a file has a folder"))?;
            fs::write(
                &target,
                verify::canonical(&verify::read(&from.join(&file))?)?,
            )?;
        }
    }
    eprintln!(
        "wrote the quick slice's expectations into {}",
        expected.display()
    );
    Ok(())
}
