//! The architecture's guards, read from the source: each layer imports only the layers
//! below it (`game` < `search` < `engine` < `runfolder` < `harness`, `report` < `matches`
//! < `cli`; `engine` uses only `game` and `search`; `gthd` and `pbrain` use `game`,
//! `search` and `engine` and are used only by `cli`; `solve` uses only `game`), nothing
//! outside `cli` prints, and only `search` and `engine` build a searcher: every move and
//! every measured search goes through the engine. A failure names the file and line.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/<module>`, sorted, or `src/<module>.rs` alone.
fn files(module: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(module);
    if !root.is_dir() {
        return vec![root.with_extension("rs")];
    }
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The lines of `module`'s files that contain any of `needles`, outside comments.
fn offending_lines(module: &str, needles: &[&str]) -> Vec<String> {
    let mut lines = Vec::new();
    for file in files(module) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if needles.iter().any(|n| code.contains(n)) {
                lines.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    lines
}

fn check_imports(module: &str, forbidden: &[&str]) {
    let needles: Vec<String> = forbidden.iter().map(|m| format!("crate::{m}")).collect();
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    let found = offending_lines(module, &needles);
    assert!(
        found.is_empty(),
        "src/{module} must not import {forbidden:?}:\n{}",
        found.join("\n")
    );
}

#[test]
fn layers_import_only_the_layers_below() {
    let above_search = [
        "runfolder",
        "engine",
        "harness",
        "report",
        "matches",
        "gthd",
        "pbrain",
        "cli",
    ];
    check_imports("game", &[&["search"][..], &above_search].concat());
    check_imports("search", &above_search);
    check_imports("runfolder", &above_search[1..]);
    check_imports("harness", &["report", "matches", "gthd", "pbrain", "cli"]);
    check_imports(
        "report",
        &["engine", "harness", "matches", "gthd", "pbrain", "cli"],
    );
    check_imports("matches", &["gthd", "pbrain", "cli"]);
    check_imports(
        "engine",
        &[
            "runfolder",
            "harness",
            "report",
            "matches",
            "gthd",
            "pbrain",
            "cli",
        ],
    );
    check_imports("gthd", &["harness", "report", "matches", "pbrain", "cli"]);
    check_imports(
        "pbrain",
        &["runfolder", "harness", "report", "matches", "cli"],
    );
    check_imports("solve", &[&["search"][..], &above_search].concat());
}

#[test]
fn nothing_outside_the_cli_prints() {
    let prints = ["println!", "eprintln!", "print!(", "eprint!(", "dbg!("];
    for module in [
        "game",
        "search",
        "runfolder",
        "harness",
        "report",
        "matches",
        "gthd",
        "engine",
        "pbrain",
        "solve",
    ] {
        let found = offending_lines(module, &prints);
        assert!(
            found.is_empty(),
            "src/{module} prints (only src/cli may):\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn only_search_and_the_engine_build_a_searcher() {
    let builders = [
        "Searcher::new",
        "Mcts::new",
        "Expectimax::new",
        "search::build",
        "strategy::build",
        "build::<",
    ];
    for module in [
        "runfolder",
        "harness",
        "report",
        "matches",
        "gthd",
        "pbrain",
        "cli",
    ] {
        let found = offending_lines(module, &builders);
        assert!(
            found.is_empty(),
            "src/{module} builds a searcher (only the engine may):\n{}",
            found.join("\n")
        );
    }
}
