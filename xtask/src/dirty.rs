//! A committed run comes from a committed tree: the tasks that write measurements (`ab`,
//! `ablate`, `mutants`, `mutants-summary`, `profile`, `studies`) refuse to write into a folder that git
//! would track (inside the repository and not ignored, such as `results/...`) while the
//! work tree has uncommitted changes, which the run could not name. `--allow-dirty` writes
//! anyway and records the changes (`git status --porcelain`) in the folder's
//! `allow-dirty.txt`.
//!
//! The default folders (`target/...`, the default run's `results/*-default-*`) are ignored,
//! so they are never refused. `bless` and `icount --update` rewrite the expected node and
//! instruction counts of the tree as it is: they belong to the commit of the change that
//! moved them, so they are not refused either. Dirty means what the manifests' `git_dirty`
//! means: a tracked file changed (`--untracked-files=no`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The flags of each task that name a folder it writes, and whether a relative folder is
/// relative to the repository root (the tasks that run from there) or to the current folder.
const WRITERS: &[(&str, &[&str], Base)] = &[
    ("ab", &["--out"], Base::Current),
    ("ablate", &["--out"], Base::Root),
    ("mutants", &["--output", "--out", "--run"], Base::Root),
    ("mutants-summary", &["--out"], Base::Root),
    ("profile", &["--out"], Base::Current),
    ("studies", &["--out", "--results"], Base::Root),
];

/// `studies` regenerates the committed runs in `results/` when no flag sends it elsewhere
/// (`--out`) or makes it write nothing there but the book and expectations (`--quick`,
/// `--check`, `--estimate`, `--book`: the book is rendered from the spec and the runs, like
/// `bless`'s signature).
fn default_folder(task: &str, args: &[String]) -> Option<PathBuf> {
    let elsewhere = ["--out", "--quick", "--check", "--estimate", "--book"];
    let named = |a: &String| {
        elsewhere
            .iter()
            .any(|f| a == f || a.starts_with(&format!("{f}=")))
    };
    (task == "studies" && !args.iter().any(named)).then(|| PathBuf::from("results"))
}

#[derive(Clone, Copy)]
enum Base {
    Root,
    Current,
}

/// What a task may write: the committed folders it names and the tree's changes.
pub struct Guard {
    folders: Vec<PathBuf>,
    changes: String,
}

/// For a task that writes runs: takes `--allow-dirty` out of `args` (before a `--`) and
/// refuses, with a one-line error, to write a committed folder from a dirty tree unless it
/// was given. `Ok(None)` for the other tasks and when nothing needs recording.
pub fn check(task: &str, args: &mut Vec<String>, root: &Path) -> Result<Option<Guard>, String> {
    let Some(&(_, flags, base)) = WRITERS.iter().find(|(name, ..)| *name == task) else {
        return Ok(None);
    };
    // The task's own arguments end at a `--` (what follows is passed on untouched).
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let passed_on = args.split_off(end);
    let allowed = args.iter().any(|a| a == "--allow-dirty");
    args.retain(|a| a != "--allow-dirty");
    let mut named = named_folders(args, flags);
    if named.is_empty() {
        named.extend(default_folder(task, args));
    }
    args.extend(passed_on);
    let base = match base {
        Base::Root => root.to_path_buf(),
        Base::Current => std::env::current_dir().map_err(|e| format!("the current folder: {e}"))?,
    };
    let folders: Vec<PathBuf> = named
        .into_iter()
        .map(|folder| base.join(folder))
        .filter(|folder| committed(root, folder))
        .collect();
    let changes = if folders.is_empty() {
        String::new()
    } else {
        git(root, &["status", "--porcelain", "--untracked-files=no"])?
    };
    match (folders.first(), changes.is_empty(), allowed) {
        (None, ..) | (_, true, _) => Ok(None),
        (Some(folder), false, false) => Err(format!(
            "cargo xtask {task} would write a committed run into {} from a tree with \
             uncommitted changes (see `git status`): commit them, or pass --allow-dirty to \
             write anyway and record them",
            folder.display()
        )),
        (Some(_), false, true) => Ok(Some(Guard { folders, changes })),
    }
}

impl Guard {
    /// Records the changes the run was made with in each folder that exists (after the
    /// task, which may have refused a folder it did not make itself).
    pub fn record(&self) -> Result<(), String> {
        let text = format!(
            "Written with cargo xtask --allow-dirty from a tree with these uncommitted changes \
             (git status --porcelain --untracked-files=no):\n{}",
            self.changes
        );
        for folder in self.folders.iter().filter(|f| f.is_dir()) {
            let path = folder.join("allow-dirty.txt");
            std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// The values of `flags` in `args` (`--out DIR` or `--out=DIR`).
fn named_folders(args: &[String], flags: &[&str]) -> Vec<PathBuf> {
    let mut folders = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        for flag in flags {
            if arg == flag {
                folders.extend(args.get(i + 1).map(PathBuf::from));
            } else if let Some(value) = arg.strip_prefix(&format!("{flag}=")) {
                folders.push(PathBuf::from(value));
            }
        }
    }
    folders
}

/// Whether git would track what is written into `folder`: inside the work tree at `root`
/// and not ignored.
fn committed(root: &Path, folder: &Path) -> bool {
    // A file inside, as the folder may not exist yet; outside the work tree git exits 128.
    let probe = folder.join("records.jsonl");
    let status = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["check-ignore", "-q"])
        .arg(&probe)
        .stderr(std::process::Stdio::null())
        .status();
    matches!(status.map(|s| s.code()), Ok(Some(1)))
}

fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .map_err(|e| format!("git {}: {e}", args.join(" ")))?;
    if !out.status.success() {
        return Err(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    /// A repository with one committed file and `results/*-default-*/` ignored.
    fn repository(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-dirty-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(".gitignore"), "results/*-default-*/\ntarget/\n").unwrap();
        std::fs::write(dir.join("code.rs"), "fn main() {}\n").unwrap();
        for args in [
            &["init", "-q"][..],
            &["add", "."],
            &[
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "commit",
                "-qm",
                "start",
            ],
        ] {
            git(&dir, args).unwrap();
        }
        dir
    }

    /// From a dirty tree a committed folder is refused, an ignored one is not, and
    /// `--allow-dirty` writes and records the changes; from a clean tree nothing is refused.
    #[test]
    fn a_committed_run_from_a_dirty_tree_needs_allow_dirty() {
        let root = repository("guard");
        let mut clean = strings(&["--game", "kalah", "--out", "results/run"]);
        assert!(check("ablate", &mut clean, &root).unwrap().is_none());
        std::fs::write(root.join("code.rs"), "fn main() { edited() }\n").unwrap();
        let mut args = clean.clone();
        let error = check("ablate", &mut args, &root).err().expect("refused");
        assert!(error.contains("results/run"), "{error}");
        assert!(
            error.contains("`git status`") && error.contains("--allow-dirty"),
            "{error}"
        );
        for (task, words) in [
            (
                "ablate",
                &["--out", "results/2026-11-26-kalah-default-0123abcd"][..],
            ),
            ("ablate", &["--game", "kalah"]),
            ("ab", &["--base", "HEAD", "--out", "/tmp/elsewhere"]),
            ("bench", &["--out", "results/run"]),
            ("studies", &["--quick"]),
            ("studies", &["--check", "--only", "kalah"]),
            ("studies", &["--book"]),
        ] {
            let mut args = strings(words);
            assert!(
                check(task, &mut args, &root).unwrap().is_none(),
                "{task} {words:?}"
            );
        }
        let mut studies = strings(&["--only", "kalah"]);
        let error = check("studies", &mut studies, &root)
            .err()
            .expect("refused");
        assert!(error.contains("results"), "{error}");
        let mut args = strings(&["--out=results/run", "--allow-dirty", "--", "--allow-dirty"]);
        let guard = check("mutants-summary", &mut args, &root)
            .unwrap()
            .expect("allowed");
        assert_eq!(args, strings(&["--out=results/run", "--", "--allow-dirty"]));
        std::fs::create_dir_all(root.join("results/run")).unwrap();
        guard.record().unwrap();
        let recorded = std::fs::read_to_string(root.join("results/run/allow-dirty.txt")).unwrap();
        assert!(recorded.contains(" M code.rs"), "{recorded}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
