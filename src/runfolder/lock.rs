//! One writer per folder: the lock file `.lock` that a process writing into a run folder
//! holds, so that a second `cutoff` on the same `--out` is refused at once instead of
//! appending the same searches beside the first.
//!
//! The lock is the operating system's advisory lock on the open file (`flock(2)`; none off
//! Unix), not the file's existence: the kernel frees it when its process
//! ends in any way, `kill -9` included, so a stale `.lock` left by a killed run never blocks
//! the resume. The file holds one line naming its holder (pid and command), which the
//! refusal quotes. The holder removes the file when it is done (while still holding the
//! lock; a process that opened the old file meanwhile sees it is gone and takes a new one).

use anyhow::{bail, Context, Result};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The lock file's name in a folder.
pub const LOCK: &str = ".lock";

/// The lock of a folder, held until dropped.
#[derive(Debug)]
pub struct FolderLock {
    file: File,
    path: PathBuf,
}

/// Takes the lock of the folder `dir` (which must exist) for this process, or fails at once
/// with one line naming the folder and the process that holds it.
pub fn lock_folder(dir: &Path) -> Result<FolderLock> {
    let path = dir.join(LOCK);
    loop {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        match try_lock(&file) {
            Ok(true) => {}
            Ok(false) => bail!(
                "{} is in use by another cutoff ({}); wait for it to end or stop it (its lock \
                 ends with it, even after kill -9), or choose another folder",
                dir.display(),
                holder(&path)
            ),
            Err(e) => return Err(e).with_context(|| format!("locking {}", path.display())),
        }
        // The holder may have removed the file between our open and our lock: then ours
        // is a lock on a file no one else will open, and a new one is needed.
        if still_at(&file, &path) {
            return write_holder(FolderLock { file, path });
        }
    }
}

/// Takes the exclusive lock of `file` without waiting: `false` when another open file of
/// it holds the lock.
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock(2) on the descriptor `file` owns and keeps open for the call.
    match unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } {
        0 => Ok(true),
        _ => match std::io::Error::last_os_error() {
            e if e.kind() == std::io::ErrorKind::WouldBlock => Ok(false),
            e => Err(e),
        },
    }
}

/// Off Unix there is no lock (`File::try_lock` is newer than the supported Rust): every
/// process takes it.
#[cfg(not(unix))]
fn try_lock(_: &File) -> std::io::Result<bool> {
    Ok(true)
}

/// Who holds the lock at `path`, as its holder wrote it.
fn holder(path: &Path) -> String {
    match std::fs::read_to_string(path) {
        Ok(text) if !text.trim().is_empty() => text.lines().next().unwrap_or("").to_string(),
        _ => "a process that has not yet written its name".to_string(),
    }
}

/// Writes this process's line into the lock file.
fn write_holder(mut lock: FolderLock) -> Result<FolderLock> {
    let mut args: Vec<String> = std::env::args().take(2).collect();
    if let Some(program) = args.first_mut() {
        let name = Path::new(program.as_str())
            .file_name()
            .map(|n| n.to_string_lossy());
        *program = name.map_or(program.clone(), |n| n.into_owned());
    }
    let line = format!("pid {}, `{}`\n", std::process::id(), args.join(" "));
    let written = (lock.file.set_len(0))
        .and_then(|()| lock.file.write_all(line.as_bytes()))
        .and_then(|()| lock.file.flush());
    written.with_context(|| format!("writing {}", lock.path.display()))?;
    Ok(lock)
}

/// Whether the open `file` is still the file at `path`.
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => (open.dev(), open.ino()) == (named.dev(), named.ino()),
        _ => false,
    }
}

/// Whether the open `file` is still the file at `path` (elsewhere the file is not removed
/// while open, so it is).
#[cfg(not(unix))]
fn still_at(_: &File, path: &Path) -> bool {
    path.exists()
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Removed while still locked; the lock ends when the file closes, after this.
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cutoff-lock-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_second_lock_is_refused_naming_the_holder_and_a_released_one_is_taken() {
        let dir = temp("twice");
        let first = lock_folder(&dir).unwrap();
        let error = format!("{:#}", lock_folder(&dir).unwrap_err());
        let pid = format!("pid {}", std::process::id());
        assert!(error.contains(&dir.display().to_string()), "{error}");
        assert!(error.contains(&pid), "{error}");
        assert_eq!(error.lines().count(), 1, "{error}");
        drop(first);
        assert!(!dir.join(LOCK).exists(), "the lock file is removed");
        let again = lock_folder(&dir).unwrap();
        drop(again);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_stale_lock_file_does_not_block() {
        let dir = temp("stale");
        std::fs::write(dir.join(LOCK), "pid 999999999, `cutoff ablate`\n").unwrap();
        let lock = lock_folder(&dir).unwrap();
        let text = std::fs::read_to_string(dir.join(LOCK)).unwrap();
        assert!(
            text.starts_with(&format!("pid {},", std::process::id())),
            "{text}"
        );
        assert_eq!(text.lines().count(), 1, "{text}");
        drop(lock);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
