//! `cargo xtask profile --game GAME [--config CONFIG] [--bin CUTOFF] [--out DIR]`: where a
//! game's search spends its instructions, under Valgrind's Callgrind.
//!
//! Every search of `fixtures/bench/GAME.json` with configuration CONFIG (default `cammp`) runs
//! on all of the file's positions, one search at a time, as `cutoff bench --positions` of a
//! folder holding that search alone. Per search, OUT/NAME/ gets `annotate.txt` (functions by
//! their own instructions, callgrind_annotate) and `inclusive.txt` (by instructions
//! including their callees); OUT/summary.json has per search the nodes (`cutoff bench`'s,
//! from its `--timings` records), the instructions less those of a bench of no position at all
//! (start-up), and their ratio. Instructions do not move with the machine's load, so two
//! builds' summaries compare exactly. The raw Callgrind files stay in OUT/raw (large; not for
//! committing). The binary is this tree's release build unless `--bin` names one.

use crate::ab::folders;
use crate::ab::instructions::callgrind;
use crate::records::load_records;
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// What the command line asked for.
#[derive(Debug, PartialEq)]
struct Options {
    game: String,
    config: String,
    bin: Option<PathBuf>,
    out: Option<PathBuf>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        game: String::new(),
        config: "cammp".into(),
        bin: None,
        out: None,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let path = || std::path::absolute(value).map_err(|e| format!("{flag}: `{value}`: {e}"));
        match flag.as_str() {
            "--game" => options.game = value.clone(),
            "--config" => options.config = value.clone(),
            "--bin" => options.bin = Some(path()?),
            "--out" => options.out = Some(path()?),
            other => return Err(format!("profile: unknown option `{other}`")),
        }
    }
    if options.game.is_empty() {
        return Err("profile: --game GAME is required".into());
    }
    Ok(options)
}

pub fn profile(args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(options) => options,
        Err(message) => return crate::usage_error(&message),
    };
    for tool in ["valgrind", "callgrind_annotate"] {
        if !crate::setup::present(tool) {
            eprintln!("error: profile: {tool} is not installed (`cargo xtask setup`)");
            return ExitCode::from(2);
        }
    }
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: profile: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(options: &Options) -> Result<(), String> {
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| crate::target_dir().join("profile").join(&options.game));
    let bin = match &options.bin {
        Some(bin) => bin.clone(),
        None => build()?,
    };
    let bench = read_bench(&options.game)?;
    let searches = chosen(&bench, &options.config)?;
    let raw = out.join("raw");
    fs::create_dir_all(&raw).map_err(|e| format!("{}: {e}", raw.display()))?;
    let mut rows = Vec::new();
    let mut none = None;
    for (i, search) in searches.iter().enumerate() {
        let name = folder_name(i, search);
        let folders = folders::write(&crate::root().join("fixtures/bench"), &raw.join(&name), {
            let search = search.clone();
            move |bench| keep_search(bench, &search)
        })?;
        let start_up = match none {
            Some(n) => n,
            None => *none.insert(callgrind(&bin, &folders.none, &raw.join("none.out"), &[])?),
        };
        let (_, folder) = folders
            .games
            .iter()
            .find(|(game, _)| *game == options.game)
            .ok_or(format!("no bench file for game `{}`", options.game))?;
        eprintln!("profile: {name} under Callgrind");
        let timings = raw.join(format!("{name}.jsonl"));
        let callgrind_out = raw.join(format!("{name}.out"));
        let extra = ["--timings".to_string(), timings.display().to_string()];
        let all = callgrind(&bin, folder, &callgrind_out, &extra)?;
        let dir = out.join(&name);
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        annotate(&callgrind_out, &dir.join("annotate.txt"), false)?;
        annotate(&callgrind_out, &dir.join("inclusive.txt"), true)?;
        rows.push(row(&name, search, &timings, all.saturating_sub(start_up))?);
    }
    let summary = json!({
        "about": "cargo xtask profile: instructions (Callgrind, start-up subtracted) per node of \
                  `cutoff bench` on every position of the game's bench file, one search at a time",
        "game": options.game,
        "config": options.config,
        "binary": bin.display().to_string(),
        "searches": rows,
    });
    let path = out.join("summary.json");
    let text = serde_json::to_string_pretty(&summary).expect("JSON") + "\n";
    fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("{text}");
    eprintln!("profile: wrote {}", out.display());
    Ok(())
}

/// This tree's release binary.
fn build() -> Result<PathBuf, String> {
    eprintln!("profile: building the release binary");
    let status = crate::cargo()
        .args(["build", "--release", "--quiet", "--bin", "cutoff"])
        .current_dir(crate::root())
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build --release failed: {status}"));
    }
    Ok(crate::target_dir().join("release/cutoff"))
}

fn read_bench(game: &str) -> Result<Value, String> {
    let path = crate::root().join(format!("fixtures/bench/{game}.json"));
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The bench file's searches with configuration `config`.
fn chosen(bench: &Value, config: &str) -> Result<Vec<Value>, String> {
    let searches: Vec<Value> = bench["searches"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|search| search["config"] == config)
        .cloned()
        .collect();
    if searches.is_empty() {
        return Err(format!(
            "the bench file has no search with config `{config}`"
        ));
    }
    Ok(searches)
}

/// A bench file with `search` its only search (every position kept) and no solver positions.
fn keep_search(bench: &mut Value, search: &Value) {
    bench["searches"] = Value::Array(vec![search.clone()]);
    if bench.get("solve").is_some() {
        bench["solve"] = Value::Array(Vec::new());
    }
}

/// `1-cammp-d6`, `2-cammp-cammp-java-d6`: a folder name for search number `i`.
fn folder_name(i: usize, search: &Value) -> String {
    let mut name = format!(
        "{}-{}",
        i + 1,
        search["config"].as_str().unwrap_or("search")
    );
    for param in search["params"].as_array().into_iter().flatten() {
        name.push('-');
        name.push_str(&param.as_str().unwrap_or_default().replace('=', ""));
    }
    name + &format!("-d{}", search["depth"])
}

/// The summary row of one search: its nodes from the timings records, its instructions.
fn row(name: &str, search: &Value, timings: &Path, instructions: u64) -> Result<Value, String> {
    let records = load_records(timings)?;
    let nodes: u64 = records.iter().filter_map(|r| r["nodes"].as_u64()).sum();
    if nodes == 0 {
        return Err(format!("{}: no nodes searched", timings.display()));
    }
    Ok(json!({
        "name": name,
        "search": search,
        "positions": records.len(),
        "nodes": nodes,
        "instructions": instructions,
        "instructions_per_node": instructions as f64 / nodes as f64,
    }))
}

/// callgrind_annotate's report of `callgrind_out` into `to`, inclusive or self cost.
fn annotate(callgrind_out: &Path, to: &Path, inclusive: bool) -> Result<(), String> {
    let output = Command::new("callgrind_annotate")
        .arg(format!(
            "--inclusive={}",
            if inclusive { "yes" } else { "no" }
        ))
        .arg("--threshold=99")
        .arg(callgrind_out)
        .output()
        .map_err(|e| format!("running callgrind_annotate: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "callgrind_annotate {} failed: {}",
            callgrind_out.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    fs::write(to, &output.stdout).map_err(|e| format!("{}: {e}", to.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_need_a_game_and_reject_unknown_ones() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let options = parse(&args(&["--game", "mingmang"])).unwrap();
        assert_eq!(
            (options.game.as_str(), options.config.as_str()),
            ("mingmang", "cammp")
        );
        assert!(parse(&args(&["--config", "all"])).is_err());
        assert!(parse(&args(&["--game", "kalah", "--fast", "1"])).is_err());
        assert!(parse(&args(&["--game"])).is_err());
    }

    #[test]
    fn the_searches_of_one_config_are_chosen_and_kept_one_at_a_time() {
        let mut bench = json!({
            "game": "mingmang",
            "searches": [
                {"config": "all", "depth": 8},
                {"config": "cammp", "depth": 6},
                {"config": "cammp", "depth": 6, "params": ["cammp-java", "q-limit=2"]},
            ],
            "positions": [{"id": "start"}],
        });
        let searches = chosen(&bench, "cammp").unwrap();
        assert_eq!(searches.len(), 2);
        assert_eq!(folder_name(0, &searches[0]), "1-cammp-d6");
        assert_eq!(
            folder_name(1, &searches[1]),
            "2-cammp-cammp-java-q-limit2-d6"
        );
        assert!(chosen(&bench, "mcts").is_err());
        bench["solve"] = json!([{"id": "end"}]);
        keep_search(&mut bench, &searches[1]);
        assert_eq!(bench["searches"], json!([searches[1]]));
        assert_eq!(bench["solve"], json!([]));
        assert_eq!(bench["positions"], json!([{"id": "start"}]));
    }

    #[test]
    fn a_row_divides_the_instructions_by_the_nodes_of_every_position() {
        let dir = std::env::temp_dir().join(format!("xtask-profile-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let timings = dir.join("t.jsonl");
        fs::write(&timings, "{\"nodes\": 300}\n{\"nodes\": 100}\n").unwrap();
        let row = row("1-cammp-d6", &json!({"config": "cammp"}), &timings, 2000).unwrap();
        assert_eq!(row["nodes"], 400);
        assert_eq!(row["positions"], 2);
        assert_eq!(row["instructions_per_node"], 5.0);
        fs::write(&timings, "").unwrap();
        assert!(super::row("x", &json!({}), &timings, 1).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
