//! Every list of games written by hand names exactly the registered games
//! (`cutoff::games!`): the bench and perft fixtures, `benches/icount.rs`'s bench groups,
//! the crate docs' codemap, and the README's game strings and table of move sets. A game
//! added to the registry and forgotten in one of them fails here, naming the list.

use cutoff::game::{GameId, GAMES};
use std::collections::BTreeSet;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn registered() -> BTreeSet<String> {
    GAMES.iter().map(|g| g.to_string()).collect()
}

/// The games of the files `<game><suffix>` in `folder`.
fn games_with_files(folder: &str, suffix: &str) -> BTreeSet<String> {
    let entries = std::fs::read_dir(root().join(folder)).unwrap();
    entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(suffix).map(str::to_string))
        .collect()
}

#[test]
fn every_game_has_its_bench_and_perft_files_and_no_other_does() {
    assert_eq!(games_with_files("fixtures/bench", ".json"), registered());
    let perft = games_with_files("fixtures/reference", "-perft.json");
    assert_eq!(perft, registered(), "fixtures/reference/<game>-perft.json");
}

/// `benches/icount.rs` names its benches in attributes (`#[bench::kalah(args = ("kalah"),
/// setup = perft_case)]`), which no macro can write: each setup lists every game once, its
/// bench named after it.
#[test]
fn the_instruction_count_benches_list_every_game() {
    let text = read("benches/icount.rs");
    let mut by_setup: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    for line in text.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("#[bench::") else {
            continue;
        };
        let (name, rest) = rest.split_once("(args = (\"").expect(line);
        let (arg, rest) = rest.split_once("\")").expect(line);
        let setup = rest.trim_start_matches(", setup = ").trim_end_matches(")]");
        assert_eq!(name, arg, "benches/icount.rs: {line}");
        let games = by_setup.entry(setup.to_string()).or_default();
        assert!(games.insert(name.to_string()), "twice: {line}");
    }
    assert_eq!(by_setup.len(), 3, "perft and two searches: {by_setup:?}");
    for (setup, games) in by_setup {
        assert_eq!(games, registered(), "benches/icount.rs, setup {setup}");
    }
}

/// The codemap of `src/lib.rs` names one module per game.
#[test]
fn the_crate_docs_name_every_game_module() {
    let text = read("src/lib.rs");
    let start = text
        .find("One module per game (")
        .expect("the codemap's game list");
    let list = &text[start..start + text[start..].find(';').unwrap()];
    let named: BTreeSet<String> = list
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    assert_eq!(named, registered(), "src/lib.rs: {list}");
}

/// The README's `--game` item writes every game string, and its table of move sets has one
/// row per game whose last column is the game's own flags.
#[test]
fn the_readme_names_every_game_and_its_flags() {
    let text = read("README.md");
    let start = text
        .find("- `--game name[:options]`:")
        .expect("the --game item");
    let item = &text[start..start + text[start..].find("\n- ").unwrap()];
    for game in GAMES {
        assert!(
            item.contains(&format!("`{game}")),
            "README --game lacks {game}: {item}"
        );
    }
    let header = "| game | legal moves (perft) | search moves | game-specific flags |";
    let table = &text[text.find(header).expect("the table of move sets")..];
    let rows: Vec<&str> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert_eq!(rows.len(), GAMES.len(), "README table rows: {rows:?}");
    let mut flags: Vec<String> = rows
        .iter()
        .map(|row| {
            row.trim_end_matches('|')
                .rsplit('|')
                .next()
                .unwrap()
                .trim()
                .to_string()
        })
        .collect();
    let mut expected: Vec<String> = GameId::ALL
        .iter()
        .map(|&id| {
            let techniques = cutoff::dispatch_game!(id, G => <G as cutoff::game::Game>::TECHNIQUES);
            let quoted: Vec<String> = techniques.iter().map(|t| format!("`{t}`")).collect();
            if quoted.is_empty() {
                "none".to_string()
            } else {
                quoted.join(", ")
            }
        })
        .collect();
    flags.sort();
    expected.sort();
    assert_eq!(flags, expected, "README table's flags column");
}

/// The items of the `Game` trait without a default (types, constants, methods), read from
/// `src/game/mod.rs`.
fn required_game_items() -> Vec<String> {
    let text = read("src/game/mod.rs");
    let start = text.find("pub trait Game:").expect("the Game trait");
    let body = &text[start..];
    let body = &body[..body.find("\n}\n").expect("the trait's end")];
    let mut required = Vec::new();
    for (i, _) in body.match_indices("\n    ") {
        let item = &body[i + 5..];
        let Some(rest) = ["type ", "const ", "fn "]
            .iter()
            .find_map(|kw| item.strip_prefix(kw))
        else {
            continue;
        };
        let name_end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap();
        let end = rest.find([';', '{']).unwrap();
        let declaration = &rest[..end];
        let no_default = rest[end..].starts_with(';') && !declaration.contains(" = ");
        if no_default {
            required.push(rest[..name_end].to_string());
        }
    }
    required
}

/// "Adding a game" in the crate docs names every required item of the trait, marked as such.
#[test]
fn the_crate_docs_list_every_required_game_item() {
    let required = required_game_items();
    assert!(required.len() >= 20, "{required:?}");
    let text = read("src/lib.rs");
    let start = text
        .find("**Required**")
        .expect("the required items in Adding a game");
    let list = &text[start..start + text[start..].find("Optional").unwrap()];
    for item in required {
        assert!(
            list.contains(&format!("`{item}`")),
            "src/lib.rs misses `{item}`"
        );
    }
}

/// cargo-mutants finds files by their `mod` items and cannot see the registry's: the
/// compiled-out declarations in `src/game/mod.rs` show it the games' files, one per game.
#[test]
fn cargo_mutants_sees_every_game_module() {
    let text = read("src/game/mod.rs");
    let mut declared = BTreeSet::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line != "#[cfg(any())]" {
            continue;
        }
        let item = lines.by_ref().find(|l| !l.starts_with("#[")).unwrap();
        let module = item.strip_prefix("mod ").and_then(|m| m.strip_suffix(';'));
        let module = module.unwrap_or_else(|| panic!("src/game/mod.rs: {item}"));
        assert!(declared.insert(module.to_string()), "twice: {module}");
    }
    assert_eq!(
        declared,
        registered(),
        "src/game/mod.rs: the #[cfg(any())] modules"
    );
}

/// `fixtures/expected/icount.json` has a baseline for every bench of every game, so a game
/// added to benches/icount.rs without `cargo xtask icount --update` fails here, not only
/// under Callgrind.
#[test]
fn the_instruction_count_baselines_cover_every_game() {
    let baselines: serde_json::Value =
        serde_json::from_str(&read("fixtures/expected/icount.json")).unwrap();
    let mut by_bench: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    for key in baselines["instructions"].as_object().unwrap().keys() {
        let (bench, game) = key.split_once('/').expect(key);
        by_bench
            .entry(bench.to_string())
            .or_default()
            .insert(game.to_string());
    }
    let benches: Vec<&String> = by_bench.keys().collect();
    assert_eq!(benches, ["all", "alphabeta", "perft_leaves"]);
    for (bench, games) in by_bench {
        assert_eq!(
            games,
            registered(),
            "fixtures/expected/icount.json, {bench}"
        );
    }
}

/// The built-in games come in by the door a user's game takes: the runtime registry lists
/// them first, in the registry's order, each with its `Game` constants.
#[test]
fn the_runtime_registry_lists_the_built_in_games_first() {
    let names: Vec<&str> = GameId::registered().into_iter().map(GameId::name).collect();
    assert_eq!(&names[..GAMES.len()], GAMES);
    for &id in GameId::ALL {
        let info = id.info();
        let techniques = cutoff::dispatch_game!(id, G => <G as cutoff::game::Game>::TECHNIQUES);
        assert_eq!(info.techniques, techniques, "{}", info.name);
        assert_eq!(GameId::parse(info.name), Ok(id));
    }
    let taken = cutoff::game::GameInfo::of::<cutoff::game::kalah::Kalah>();
    let error = cutoff::game::register(&[taken]).unwrap_err();
    assert!(error.contains("`kalah` is registered twice"), "{error}");
}

/// Every crate under `examples/` (a user's game, outside `src/`) is a member of the
/// workspace, so that `cargo test --workspace` and CI build and test it.
#[test]
fn every_example_crate_is_a_workspace_member() {
    let manifest = read("Cargo.toml");
    let entries = std::fs::read_dir(root().join("examples")).unwrap();
    let crates: Vec<String> = entries
        .map(|e| e.unwrap().path())
        .filter(|path| path.join("Cargo.toml").exists())
        .map(|path| {
            format!(
                "\"examples/{}\"",
                path.file_name().unwrap().to_string_lossy()
            )
        })
        .collect();
    assert!(!crates.is_empty(), "examples/connect-four");
    for member in crates {
        assert!(
            manifest.contains(&member),
            "Cargo.toml's members lack {member}"
        );
    }
}
