//! The committed fixture files built into the binary (see `build.rs`): position sets, bench
//! files and the expected signature, so that `cutoff` finds them from any folder and when
//! installed. A file on disk at the same path always wins, so an edited or new set is used
//! as it is. This module reads files; it decides nothing about them.

use anyhow::{bail, Context, Result};
use std::path::{Component, Path};

include!(concat!(env!("OUT_DIR"), "/embedded_fixtures.rs"));

/// The embedded file at `path` (relative, `fixtures/...`), if any.
pub fn embedded(path: &Path) -> Option<&'static [u8]> {
    let parts: Vec<String> = path
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let name = parts.join("/");
    EMBEDDED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
}

/// The names of the position sets built in for `game` (`fixtures/<game>/<set>.json`),
/// sorted.
pub fn sets(game: &str) -> Vec<&'static str> {
    let prefix = format!("fixtures/{game}/");
    let mut sets: Vec<&'static str> = EMBEDDED
        .iter()
        .filter_map(|(name, _)| name.strip_prefix(prefix.as_str())?.strip_suffix(".json"))
        .collect();
    sets.sort_unstable();
    sets
}

/// The bytes of `path`: the file on disk, else the embedded copy.
pub fn read(path: &Path) -> Result<Vec<u8>> {
    if path.exists() || path.is_absolute() {
        return std::fs::read(path).with_context(|| format!("reading {}", path.display()));
    }
    match embedded(path) {
        Some(bytes) => Ok(bytes.to_vec()),
        None => bail!(
            "reading {}: no such file here, and no committed file of that name is built in",
            path.display()
        ),
    }
}

/// The text of `path`: the file on disk, else the embedded copy.
pub fn read_to_string(path: &Path) -> Result<String> {
    let bytes = read(path)?;
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_sets_are_built_in_and_the_disk_wins() {
        let set = Path::new("fixtures/mingmang/opening.json");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let on_disk = std::fs::read(root.join(set)).unwrap();
        assert_eq!(embedded(set), Some(&on_disk[..]));
        assert_eq!(
            embedded(Path::new("./fixtures/mingmang/opening.json")),
            Some(&on_disk[..])
        );
        assert!(embedded(Path::new("fixtures/expected/bench.json")).is_some());
        assert!(embedded(Path::new("fixtures/reference/kalah-perft.json")).is_none());
        let error = format!("{:#}", read(Path::new("fixtures/none.json")).unwrap_err());
        assert!(error.contains("no committed file of that name"), "{error}");
    }
}
