//! `fixtures/README.md`'s tables of position sets against the files: every set is listed
//! once, with its true number of positions and a command whose flags are the ones its
//! generator recorded; a one-position-per-game set is remade byte for byte by its command.

use serde_json::Value;
use std::collections::BTreeSet;
use std::fs;
use std::process::Command;

const README: &str = "fixtures/README.md";
/// The folders of `fixtures/` that hold no position sets.
const NOT_SETS: &[&str] = &["bench", "expected", "reference"];

/// The README's rows: (`game/set`, positions, command).
fn rows() -> Vec<(String, usize, String)> {
    let text = fs::read_to_string(README).unwrap();
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let name = cells.first()?.strip_prefix("| `")?.strip_suffix('`')?;
            let n = cells.get(1)?.parse().ok()?;
            let command = cells.get(2)?.strip_prefix('`')?.strip_suffix("` |")?;
            Some((name.to_string(), n, command.to_string()))
        })
        .collect()
}

fn sets_on_disk() -> BTreeSet<String> {
    let mut sets = BTreeSet::new();
    for game in fs::read_dir("fixtures").unwrap() {
        let game = game.unwrap().path();
        let name = game.file_name().unwrap().to_string_lossy().into_owned();
        if !game.is_dir() || NOT_SETS.contains(&name.as_str()) {
            continue;
        }
        for file in fs::read_dir(&game).unwrap() {
            let stem = file.unwrap().path();
            sets.insert(format!(
                "{name}/{}",
                stem.file_stem().unwrap().to_string_lossy()
            ));
        }
    }
    sets
}

/// The value of `--flag` in `command`, or `default`.
fn flag<'a>(command: &'a str, name: &str, default: &'a str) -> &'a str {
    let words: Vec<&str> = command.split_whitespace().collect();
    let at = words.iter().position(|w| *w == name);
    at.map_or(default, |i| words.get(i + 1).copied().unwrap_or(""))
}

#[test]
fn the_readme_lists_every_set_with_its_count_and_generator() {
    let rows = rows();
    let listed: Vec<&String> = rows.iter().map(|r| &r.0).collect();
    let unique: BTreeSet<String> = listed.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        unique.len(),
        listed.len(),
        "a set is listed twice in {README}"
    );
    assert_eq!(
        unique,
        sets_on_disk(),
        "{README} and fixtures/ list different sets"
    );
    for (name, n, command) in &rows {
        let file: Value =
            serde_json::from_str(&fs::read_to_string(format!("fixtures/{name}.json")).unwrap())
                .unwrap();
        assert_eq!(
            file["positions"].as_array().unwrap().len(),
            *n,
            "{name}: positions"
        );
        let generator = &file["generator"];
        let set = name.split('/').nth(1).unwrap();
        assert_eq!(flag(command, "--set", ""), set, "{name}: --set");
        for (key, default) in [("games", ""), ("plies", ""), ("seed", ""), ("skip", "0")] {
            let recorded = generator[key].to_string();
            assert_eq!(
                flag(command, &format!("--{key}"), default),
                recorded,
                "{name}: {key}"
            );
        }
        let from_end = command.split_whitespace().any(|w| w == "--from-end");
        assert_eq!(
            Value::Bool(from_end),
            generator["from_end"],
            "{name}: --from-end"
        );
        if !generator["per_game"].is_null() {
            let per_game = flag(command, "--per-game", "1");
            assert_eq!(
                per_game,
                generator["per_game"].to_string(),
                "{name}: --per-game"
            );
        }
    }
}

#[test]
fn a_one_position_per_game_set_is_remade_by_its_command() {
    let (name, _, command) = rows()
        .into_iter()
        .find(|r| r.0 == "kalah/endgame-1pg")
        .expect("kalah/endgame-1pg is listed");
    let out = std::env::temp_dir().join(format!("cutoff-it-{}-fixture.json", std::process::id()));
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let status = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .arg("--out")
        .arg(&out)
        .arg("--force")
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let made = fs::read_to_string(&out).unwrap();
    let _ = fs::remove_file(&out);
    assert!(
        made == fs::read_to_string(format!("fixtures/{name}.json")).unwrap(),
        "{command} no longer makes fixtures/{name}.json"
    );
}
