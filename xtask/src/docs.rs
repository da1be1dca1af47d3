//! `cargo xtask docs [--check] [--bin PATH]`: the commands of the pages (README.md and
//! docs/*.md) that a reader copies must run. A fenced block whose info string is
//! `sh docs-check` is marked: each of its lines (a line ending in `\` goes on with the next;
//! `#` starts a comment) is a `cutoff ...` or `cargo run --release [-- ...]` command, run as
//! the release binary. Each block runs in a fresh empty folder, so what its commands write
//! lands there; a path argument that names nothing there but a file of the repository is read
//! from the repository. A comment ending in `docs-check: FLAGS` shrinks the budget: each `--flag
//! value` (or `--flag` alone) of FLAGS replaces the command's own or is added. Without
//! `--check` the task lists the commands as it would run them. docs/README.md documents this.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

const MARK: &str = "docs-check";
const OVERRIDE: &str = "docs-check:";

/// One command of a marked block.
#[derive(Debug, PartialEq)]
struct Line {
    /// The 1-based line of the page where the command starts.
    line: usize,
    /// The command as the page writes it (continuations joined).
    text: String,
    /// The arguments of `cutoff`, overrides applied.
    args: Vec<String>,
}

pub fn docs(args: &[String]) -> ExitCode {
    let mut check = false;
    let mut bin = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match (arg.as_str(), rest.clone().next()) {
            ("--check", _) => check = true,
            ("--bin", Some(path)) => {
                bin = Some(PathBuf::from(path));
                rest.next();
            }
            _ => return crate::usage_error("docs takes [--check] [--bin PATH]"),
        }
    }
    match run(check, bin) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(check: bool, bin: Option<PathBuf>) -> Result<ExitCode, String> {
    let root = crate::root();
    let mut pages = Vec::new();
    for page in crate::readme::pages(&root)? {
        let text =
            fs::read_to_string(root.join(&page)).map_err(|e| format!("reading {page}: {e}"))?;
        let blocks = blocks(&text).map_err(|e| format!("{page}: {e}"))?;
        pages.push((page, blocks));
    }
    if !check {
        for (page, blocks) in &pages {
            for line in blocks.iter().flatten() {
                println!("{page}:{}: cutoff {}", line.line, line.args.join(" "));
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let bin = match bin {
        Some(bin) => bin,
        None => build(&root)?,
    };
    let before = git_status(&root)?;
    let started = Instant::now();
    let (mut ran, mut failed) = (0, Vec::new());
    for (page, blocks) in &pages {
        for block in blocks {
            let folder = scratch()?;
            for line in block {
                ran += 1;
                if let Err(why) = execute(&bin, &root, &folder, line) {
                    eprintln!("docs: {page}:{}: `{}` failed: {why}", line.line, line.text);
                    failed.push(format!("{page}:{}", line.line));
                }
            }
            fs::remove_dir_all(&folder).map_err(|e| format!("removing {folder:?}: {e}"))?;
        }
    }
    if git_status(&root)? != before {
        eprintln!("docs: a command changed the repository's files (git status)");
        failed.push("the repository".into());
    }
    let secs = started.elapsed().as_secs_f64();
    if failed.is_empty() {
        println!("docs: {ran} commands ran in {secs:.1} s, none failed");
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "docs: {} of {ran} failed: {}",
        failed.len(),
        failed.join(", ")
    );
    Ok(ExitCode::FAILURE)
}

/// Runs one command in `folder`, its path arguments resolved; the reason when it fails.
fn execute(bin: &Path, root: &Path, folder: &Path, line: &Line) -> Result<(), String> {
    let args = resolve_all(&line.args, root, folder);
    let started = Instant::now();
    let output = Command::new(bin)
        .args(&args)
        .current_dir(folder)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("starting {bin:?}: {e}"))?;
    let secs = started.elapsed().as_secs_f64();
    if output.status.success() {
        println!("docs: {secs:6.1} s  cutoff {}", line.args.join(" "));
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    Err(format!(
        "{} after {secs:.1} s\n{}",
        output.status,
        tail.join("\n")
    ))
}

/// The arguments with each path resolved (`resolve`) after the subcommand's words.
fn resolve_all(args: &[String], root: &Path, folder: &Path) -> Vec<String> {
    let command_words = args.iter().take_while(|a| is_command_word(a)).count();
    let (command, rest) = args.split_at(command_words);
    let rest = rest.iter().map(|arg| resolve(arg, root, folder));
    command.iter().cloned().chain(rest).collect()
}

/// A word of the subcommand (`fixtures generate`), which is never a path: no flag, no `/`
/// and no `.`.
fn is_command_word(arg: &str) -> bool {
    !arg.starts_with('-') && !arg.contains(['/', '.'])
}

/// A path argument that names nothing in `folder` but something in the repository, as the
/// repository's; any other argument as it is.
fn resolve(arg: &str, root: &Path, folder: &Path) -> String {
    if arg.starts_with('-') || arg.contains('=') || folder.join(arg).exists() {
        return arg.to_string();
    }
    let in_repo = root.join(arg);
    if in_repo.exists() {
        return in_repo.to_string_lossy().into_owned();
    }
    arg.to_string()
}

/// `cargo build --release --bin cutoff`, and the binary's path.
fn build(root: &Path) -> Result<PathBuf, String> {
    let status = crate::cargo()
        .args(["build", "--release", "--bin", "cutoff"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !status.success() {
        return Err("cargo build --release failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    Ok(root.join(target).join("release").join("cutoff"))
}

fn git_status(root: &Path) -> Result<String, String> {
    let output = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(root)
        .output()
        .map_err(|e| format!("running git status: {e}"))?;
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// A fresh empty folder under the system's temporary folder.
fn scratch() -> Result<PathBuf, String> {
    let base = std::env::temp_dir();
    for n in 0.. {
        let folder = base.join(format!("cutoff-docs-{}-{n}", std::process::id()));
        if fs::create_dir(&folder).is_ok() {
            return Ok(folder);
        }
        if n > 1000 {
            break;
        }
    }
    Err(format!("no scratch folder could be made under {base:?}"))
}

/// The commands of every marked block of a page, block by block.
fn blocks(text: &str) -> Result<Vec<Vec<Line>>, String> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<Line>> = None;
    let mut pending: Option<(usize, String)> = None;
    // The open fence's backticks: a fence closes on as many or more, alone on the line.
    let mut fence: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        let ticks = trimmed.len() - trimmed.trim_start_matches('`').len();
        let info = &trimmed[ticks..];
        match fence {
            Some(open) if ticks >= open && info.is_empty() => {
                if let Some((line, _)) = pending {
                    return Err(format!("line {line}: a `\\` continues past the block"));
                }
                blocks.extend(current.take());
                fence = None;
                continue;
            }
            None if ticks >= 3 => {
                if info.split_whitespace().any(|word| word == MARK) {
                    current = Some(Vec::new());
                }
                fence = Some(ticks);
                continue;
            }
            _ => {}
        }
        let Some(block) = current.as_mut() else {
            continue;
        };
        let (start, mut joined) = pending.take().unwrap_or((i + 1, String::new()));
        match raw.trim_end().strip_suffix('\\') {
            Some(head) => {
                joined.push_str(head);
                pending = Some((start, joined));
            }
            None => {
                joined.push_str(raw);
                if let Some(line) = command(start, &joined)? {
                    block.push(line);
                }
            }
        }
    }
    if current.is_some() {
        return Err("a marked block is not closed".into());
    }
    Ok(blocks)
}

/// A marked line as a command: none for a blank or comment line.
fn command(line: usize, text: &str) -> Result<Option<Line>, String> {
    let all = words(text).map_err(|e| format!("line {line}: {e}"))?;
    let (command, comment) = match all.iter().position(|w| w.starts_with('#')) {
        Some(at) => all.split_at(at),
        None => (&all[..], &all[..0]),
    };
    if command.is_empty() {
        return Ok(None);
    }
    let mut args = cutoff_args(command)
        .ok_or_else(|| format!("line {line}: not a `cutoff` or `cargo run --release` command"))?;
    let comment: Vec<&str> = comment.iter().map(String::as_str).collect();
    if let Some((_, flags)) = comment.join(" ").split_once(OVERRIDE) {
        let flags = words(flags).map_err(|e| format!("line {line}: {e}"))?;
        apply(&mut args, &flags).map_err(|e| format!("line {line}: {e}"))?;
    }
    let text = command.join(" ");
    Ok(Some(Line { line, text, args }))
}

/// The arguments of `cutoff` in a command that runs it.
fn cutoff_args(words: &[String]) -> Option<Vec<String>> {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let rest = match words.as_slice() {
        ["cutoff", rest @ ..] => rest,
        ["cargo", "run", "--release"] => &[],
        ["cargo", "run", "--release", "--", rest @ ..] => rest,
        _ => return None,
    };
    Some(rest.iter().map(|w| w.to_string()).collect())
}

/// Each `--flag [value]` of `flags` replaces the value of the same flag in `args`, or is added.
fn apply(args: &mut Vec<String>, flags: &[String]) -> Result<(), String> {
    let mut i = 0;
    while i < flags.len() {
        let flag = &flags[i];
        if !flag.starts_with("--") {
            return Err(format!(
                "an override must be `--flag [value]`, got {flag:?}"
            ));
        }
        let value = flags.get(i + 1).filter(|v| !v.starts_with("--"));
        i += 1 + usize::from(value.is_some());
        match (args.iter().position(|a| a == flag), value) {
            (Some(at), Some(value)) => match args.get(at + 1) {
                Some(old) if !old.starts_with("--") => args[at + 1] = value.clone(),
                _ => args.insert(at + 1, value.clone()),
            },
            (Some(_), None) => {}
            (None, value) => args.extend(std::iter::once(flag).chain(value).cloned()),
        }
    }
    Ok(())
}

/// A line split into words as a shell splits them: whitespace apart, except inside single
/// or double quotes.
fn words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return Err(format!("an unclosed quote in {text:?}"));
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn only_marked_blocks_give_commands_continuations_joined_and_comments_dropped() {
        let page = "Intro.\n\n```sh\ncutoff bench --update x\n```\n\n```sh docs-check\n\
            # a comment line\n\
            cutoff perft --game kalah \\\n    --depth 3   # the start\n\
            \n\
            cargo run --release -- search --game 'kalah:6,4,course' --depth 2\n\
            ```\n";
        let blocks = blocks(page).unwrap();
        assert_eq!(blocks.len(), 1);
        let lines = &blocks[0];
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].line, 9);
        assert_eq!(
            lines[0].args,
            strings(&["perft", "--game", "kalah", "--depth", "3"])
        );
        assert_eq!(lines[0].text, "cutoff perft --game kalah --depth 3");
        assert_eq!(lines[1].line, 12);
        let search = ["search", "--game", "kalah:6,4,course", "--depth", "2"];
        assert_eq!(lines[1].args, strings(&search));
    }

    #[test]
    fn an_override_replaces_a_flags_value_or_adds_the_flag() {
        let line = "cutoff ablate --positions 40 --depths 1..10 --json # docs-check: --positions 2 --depths 1..2 --jobs 1 --json --quiet";
        let line = command(3, line).unwrap().unwrap();
        let want = "ablate --positions 2 --depths 1..2 --json --jobs 1 --quiet";
        assert_eq!(line.args, strings(&want.split(' ').collect::<Vec<_>>()));
        let noted = "cutoff bench --check x # the old commit; docs-check: --check y";
        let noted = command(3, noted).unwrap().unwrap();
        assert_eq!(noted.args, strings(&["bench", "--check", "y"]));
        let plain = command(3, "cutoff bench --check # the signature")
            .unwrap()
            .unwrap();
        assert_eq!(plain.args, strings(&["bench", "--check"]));
        let bad = command(3, "cutoff bench # docs-check: positions 2");
        assert!(bad.unwrap_err().contains("line 3: an override"));
    }

    #[test]
    fn the_default_run_and_other_programs() {
        let default = command(1, "cargo run --release").unwrap().unwrap();
        assert!(default.args.is_empty());
        let other = command(4, "cargo xtask icount --check").unwrap_err();
        assert!(other.contains("line 4: not a `cutoff`"), "{other}");
        assert!(command(5, "cutoff search --game 'kalah").is_err());
    }

    #[test]
    fn a_marked_block_quoted_in_a_longer_fence_is_no_block() {
        let page = "````text\n```\n```sh docs-check\ncutoff bench\n```\n````\n";
        assert!(blocks(page).unwrap().is_empty());
    }

    #[test]
    fn an_unclosed_block_or_continuation_is_an_error() {
        assert!(blocks("```sh docs-check\ncutoff bench\n").is_err());
        let dangling = "```sh docs-check\ncutoff bench \\\n```\n";
        assert!(blocks(dangling).unwrap_err().contains("line 2"));
    }

    #[test]
    fn a_path_of_the_repository_is_read_there_unless_the_folder_has_it() {
        let base = std::env::temp_dir().join(format!("xtask-resolve-{}", std::process::id()));
        let (root, folder) = (base.join("repo"), base.join("scratch"));
        fs::create_dir_all(root.join("runs/a")).unwrap();
        fs::create_dir_all(folder.join("runs/b")).unwrap();
        fs::create_dir_all(root.join("runs/b")).unwrap();
        let in_repo = root.join("runs/a").to_string_lossy().into_owned();
        let resolved = ["runs/a", "runs/b", "runs/c", "--out", "k=runs/a"]
            .map(|arg| resolve(arg, &root, &folder));
        fs::create_dir_all(root.join("results")).unwrap();
        let report = strings(&["results", "report", "runs/a", "--results", "results"]);
        let report = resolve_all(&report, &root, &folder);
        let results = root.join("results").to_string_lossy().into_owned();
        fs::remove_dir_all(&base).unwrap();
        assert_eq!(
            resolved,
            [in_repo.as_str(), "runs/b", "runs/c", "--out", "k=runs/a"]
        );
        let want = [
            "results",
            "report",
            in_repo.as_str(),
            "--results",
            results.as_str(),
        ];
        assert_eq!(report, want);
    }
}
