//! Bench folders of one game each: a copy of a folder of bench files (`cutoff bench
//! --positions`) in which every other game's file has no positions, so that one `cutoff
//! bench` searches one game. `ab` times the games one by one (base and new of a game run back
//! to back) and counts each game's instructions apart.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The folders written: `none` (no game has positions) and one per game, in name order.
pub(crate) struct GameFolders {
    pub(crate) none: PathBuf,
    pub(crate) games: Vec<(String, PathBuf)>,
}

/// Writes under `dir` the one-game folders of the bench files in `source`, the kept game's
/// file passed through `keep` first. Solver positions go with the positions.
pub(crate) fn write(
    source: &Path,
    dir: &Path,
    keep: impl Fn(&mut Value),
) -> Result<GameFolders, String> {
    let files = read(source)?;
    let write_folder = |folder: &Path, kept: Option<&str>| -> Result<(), String> {
        fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for (game, bench) in &files {
            let mut bench = bench.clone();
            if kept == Some(game.as_str()) {
                keep(&mut bench);
            } else {
                bench["positions"] = Value::Array(Vec::new());
                if bench.get("solve").is_some() {
                    bench["solve"] = Value::Array(Vec::new());
                }
            }
            let path = folder.join(format!("{game}.json"));
            fs::write(&path, bench.to_string()).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    };
    let none = dir.join("none");
    write_folder(&none, None)?;
    let mut games = Vec::new();
    for game in files.keys() {
        let folder = dir.join(game);
        write_folder(&folder, Some(game))?;
        games.push((game.clone(), folder));
    }
    Ok(GameFolders { none, games })
}

/// Every `<game>.json` of `source`, by game.
fn read(source: &Path) -> Result<BTreeMap<String, Value>, String> {
    let mut files = BTreeMap::new();
    let entries = fs::read_dir(source).map_err(|e| format!("{}: {e}", source.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let bench: Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let game = path.file_stem().unwrap_or_default().to_string_lossy();
            files.insert(game.to_string(), bench);
        }
    }
    if files.is_empty() {
        return Err(format!("{}: no bench file `<game>.json`", source.display()));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_folder_keeps_one_games_positions() {
        let dir = std::env::temp_dir().join(format!("xtask-folders-{}", std::process::id()));
        let source = dir.join("source");
        fs::create_dir_all(&source).unwrap();
        for game in ["kalah", "tictactoe"] {
            let bench =
                r#"{"searches": [], "positions": [{"id": "a"}, {"id": "b"}], "solve": [1]}"#;
            fs::write(source.join(format!("{game}.json")), bench).unwrap();
        }
        let folders = write(&source, &dir.join("out"), |b| b["searches"] = 7.into()).unwrap();
        let load = |folder: &Path, game: &str| -> Value {
            let text = fs::read_to_string(folder.join(format!("{game}.json"))).unwrap();
            serde_json::from_str(&text).unwrap()
        };
        let names: Vec<&str> = folders.games.iter().map(|(g, _)| g.as_str()).collect();
        assert_eq!(names, ["kalah", "tictactoe"]);
        let kalah = &folders.games[0].1;
        assert_eq!(
            load(kalah, "kalah")["positions"].as_array().unwrap().len(),
            2
        );
        assert_eq!(load(kalah, "kalah")["searches"], 7);
        assert_eq!(load(kalah, "tictactoe")["positions"], Value::Array(vec![]));
        assert_eq!(load(kalah, "tictactoe")["solve"], Value::Array(vec![]));
        assert_eq!(
            load(&folders.none, "kalah")["positions"],
            Value::Array(vec![])
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
