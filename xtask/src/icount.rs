//! `cargo xtask icount`: instruction counts of `benches/icount.rs` under Callgrind (gungraun)
//! against the committed baselines in `fixtures/expected/icount.json`.
//!
//! Instruction counts do not move with the machine's load, so a tolerance of 1% holds on a
//! shared two-core runner where wall-clock comparisons need 5% or more. The task installs the
//! `gungraun-runner` binary of the version in `Cargo.lock` under `target/tools` when it is
//! missing; Valgrind comes from `cargo xtask setup`.

use crate::{cargo, root};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const BASELINES: &str = "fixtures/expected/icount.json";

/// What the command line asked for.
#[derive(Debug, PartialEq)]
struct Options {
    update: bool,
    tolerance_pct: f64,
    inject_slowdown: Option<u32>,
    if_possible: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        update: false,
        tolerance_pct: 1.0,
        inject_slowdown: None,
        if_possible: false,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--check" => options.update = false,
            "--update" => options.update = true,
            "--if-possible" => options.if_possible = true,
            "--tolerance" => options.tolerance_pct = number(value()?)?,
            "--inject-slowdown" => options.inject_slowdown = Some(number(value()?)? as u32),
            other => return Err(format!("icount: unknown argument `{other}`")),
        }
    }
    Ok(options)
}

fn number(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .ok_or(format!("`{text}` is not a non-negative number"))
}

pub fn icount(args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(options) => options,
        Err(message) => return crate::usage_error(&message),
    };
    if !crate::setup::present("valgrind") {
        let message = "icount: valgrind is not installed (`cargo xtask setup` installs it)";
        if options.if_possible {
            println!("{message}: skipped");
            return ExitCode::SUCCESS;
        }
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    match measure(&options).and_then(|counts| judge(&options, &counts)) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs the benches under Callgrind: instructions by bench name (`alphabeta/kalah`).
fn measure(options: &Options) -> Result<BTreeMap<String, u64>, String> {
    let runner = runner()?;
    let mut bench = cargo();
    bench
        .args(["bench", "-p", "cutoff", "--bench", "icount", "--"])
        .args(["--output-format=json", "--nosummary"])
        .env("GUNGRAUN_RUNNER", &runner)
        .current_dir(root());
    if let Some(pct) = options.inject_slowdown {
        bench.env("CUTOFF_ICOUNT_SLOWDOWN", pct.to_string());
    }
    let output = bench
        .output()
        .map_err(|e| format!("running cargo bench: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo bench --bench icount failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    parse_counts(&String::from_utf8_lossy(&output.stdout))
}

/// The instruction count of every bench in gungraun's JSON lines.
fn parse_counts(stdout: &str) -> Result<BTreeMap<String, u64>, String> {
    let mut counts = BTreeMap::new();
    for line in stdout.lines().filter(|line| line.starts_with('{')) {
        let summary: Value =
            serde_json::from_str(line).map_err(|e| format!("gungraun's JSON line: {e}"))?;
        let (name, instructions) = bench_count(&summary)
            .ok_or_else(|| format!("no instruction count in gungraun's line {line}"))?;
        counts.insert(name, instructions);
    }
    if counts.is_empty() {
        return Err("gungraun printed no benchmark".into());
    }
    Ok(counts)
}

/// `function/id` and the Callgrind `Ir` (instructions executed) of one benchmark's summary
/// (gungraun's summary format version 7: `profiles[0].data.total.metrics.Ir.values.new`).
fn bench_count(summary: &Value) -> Option<(String, u64)> {
    let function = summary["function_name"].as_str()?;
    let id = summary["id"].as_str()?;
    let total = &summary["profiles"][0]["data"]["total"];
    let ir = total["metrics"]["Ir"]["values"]["new"].as_u64()?;
    Some((format!("{function}/{id}"), ir))
}

fn judge(options: &Options, counts: &BTreeMap<String, u64>) -> Result<ExitCode, String> {
    let path = root().join(BASELINES);
    if options.update {
        write_baselines(&path, counts)?;
        println!("icount: wrote {} baselines to {BASELINES}", counts.len());
        return Ok(ExitCode::SUCCESS);
    }
    let expected = read_baselines(&path)?;
    let report = compare(&expected, counts, options.tolerance_pct);
    print!("{}", report.text);
    Ok(if report.failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A comparison's table and verdict.
struct Report {
    text: String,
    failed: bool,
}

/// Each bench's change against its baseline; fails on a change beyond `tolerance_pct` either
/// way (a big speed-up also means the baselines need `--update`), a missing or a new bench.
fn compare(expected: &BTreeMap<String, u64>, got: &BTreeMap<String, u64>, tol: f64) -> Report {
    let mut text =
        "| bench | baseline | now | change |\n| --- | ---: | ---: | ---: |\n".to_string();
    let mut failed = false;
    let names: std::collections::BTreeSet<&String> = expected.keys().chain(got.keys()).collect();
    for name in names {
        let row = match (expected.get(name), got.get(name)) {
            (Some(&old), Some(&new)) => {
                let change = (new as f64 / old as f64 - 1.0) * 100.0;
                let over = change.abs() > tol;
                failed |= over;
                let mark = if over { " **over**" } else { "" };
                format!("| {name} | {old} | {new} | {change:+.3}%{mark} |")
            }
            (Some(old), None) => {
                failed = true;
                format!("| {name} | {old} | missing | **missing** |")
            }
            (None, Some(new)) => {
                failed = true;
                format!("| {name} | none | {new} | **new: run --update** |")
            }
            (None, None) => unreachable!("the name comes from one of the two"),
        };
        text.push_str(&row);
        text.push('\n');
    }
    let verdict = if failed { "FAILED" } else { "passed" };
    text.push_str(&format!(
        "\nicount: {verdict} (tolerance {tol}% of instructions, baselines {BASELINES})\n"
    ));
    Report { text, failed }
}

fn read_baselines(path: &Path) -> Result<BTreeMap<String, u64>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("reading {}: {e} (make it with --update)", path.display()))?;
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("parsing {}: {e}", path.display()))?;
    value["instructions"]
        .as_object()
        .ok_or(format!("{} has no `instructions` object", path.display()))?
        .iter()
        .map(|(name, n)| {
            n.as_u64()
                .map(|n| (name.clone(), n))
                .ok_or(format!("{}: `{name}` is not a count", path.display()))
        })
        .collect()
}

fn write_baselines(path: &Path, counts: &BTreeMap<String, u64>) -> Result<(), String> {
    let instructions: Map<String, Value> = counts
        .iter()
        .map(|(name, &n)| (name.clone(), Value::from(n)))
        .collect();
    let file = serde_json::json!({
        "about": "Callgrind instruction counts of benches/icount.rs (cargo xtask icount --update)",
        "instructions": instructions,
    });
    let text = serde_json::to_string_pretty(&file).expect("JSON") + "\n";
    std::fs::write(path, text).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The `gungraun-runner` binary of the library's version, installed under the target folder's `tools`
/// when missing (the two must match).
pub fn runner() -> Result<PathBuf, String> {
    let version = locked_version(&root().join("Cargo.lock"), "gungraun")?;
    let tools = crate::target_dir().join("tools");
    let binary = tools.join("bin/gungraun-runner");
    if runner_version(&binary).as_deref() == Some(version.as_str()) {
        return Ok(binary);
    }
    let started = std::time::Instant::now();
    eprintln!(
        "icount: compiling gungraun-runner {version} from source into {} (once per target \
         folder, unoptimised, before the first count: many minutes on a loaded two-core \
         machine; cargo's progress follows)",
        tools.display()
    );
    // `--debug`: the runner only starts Valgrind and reads its output files, so an
    // optimised build buys nothing but a longer compile.
    let status = cargo()
        .args(["install", "--locked", "--debug", "--version", &version])
        .arg("--root")
        .arg(&tools)
        .arg("gungraun-runner")
        .status()
        .map_err(|e| format!("running cargo install: {e}"))?;
    if !status.success() {
        return Err(format!("cargo install gungraun-runner {version} failed"));
    }
    eprintln!(
        "icount: gungraun-runner {version} compiled in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(binary)
}

/// `gungraun-runner --version`'s version number, if the binary runs.
fn runner_version(binary: &Path) -> Option<String> {
    let output = Command::new(binary).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.split_whitespace().last().map(str::to_string)
}

/// The version of package `name` in a `Cargo.lock`.
fn locked_version(lock: &Path, name: &str) -> Result<String, String> {
    let text =
        std::fs::read_to_string(lock).map_err(|e| format!("reading {}: {e}", lock.display()))?;
    let header = format!("name = \"{name}\"\nversion = \"");
    let start = text
        .find(&header)
        .ok_or(format!("{name} is not in {}", lock.display()))?
        + header.len();
    let end = text[start..].find('"').ok_or("a broken Cargo.lock")?;
    Ok(text[start..start + end].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(pairs: &[(&str, u64)]) -> BTreeMap<String, u64> {
        pairs.iter().map(|&(n, c)| (n.to_string(), c)).collect()
    }

    #[test]
    fn a_change_within_the_tolerance_passes_and_beyond_fails() {
        let base = counts(&[("alphabeta/kalah", 1_000_000), ("perft_leaves/kalah", 500)]);
        let within = counts(&[("alphabeta/kalah", 1_009_000), ("perft_leaves/kalah", 500)]);
        assert!(!compare(&base, &within, 1.0).failed);
        let slower = counts(&[("alphabeta/kalah", 1_030_000), ("perft_leaves/kalah", 500)]);
        let report = compare(&base, &slower, 1.0);
        assert!(report.failed);
        assert!(report
            .text
            .contains("| alphabeta/kalah | 1000000 | 1030000 | +3.000% **over** |"));
    }

    #[test]
    fn a_missing_or_new_bench_fails() {
        let base = counts(&[("alphabeta/kalah", 100)]);
        assert!(compare(&base, &counts(&[]), 1.0).failed);
        let more = counts(&[("alphabeta/kalah", 100), ("all/kalah", 7)]);
        assert!(compare(&base, &more, 1.0)
            .text
            .contains("new: run --update"));
    }

    #[test]
    fn the_instruction_count_is_read_from_a_gungraun_summary_line() {
        let line = r#"{"function_name":"alphabeta","id":"kalah","profiles":[{"data":{"parts":[],
            "total":{"metrics":{"Dr":{"values":{"new":5}},"Ir":{"values":{"new":2694047}}}}}}]}"#;
        let counts = parse_counts(&line.replace('\n', "")).unwrap();
        assert_eq!(counts["alphabeta/kalah"], 2694047);
        assert!(parse_counts(r#"{"function_name":"all","id":"kalah"}"#).is_err());
        assert!(parse_counts("no benchmarks").is_err());
    }

    #[test]
    fn options_parse_and_reject_unknown_arguments() {
        let args: Vec<String> = ["--update", "--tolerance", "0.5"]
            .map(String::from)
            .to_vec();
        let options = parse(&args).unwrap();
        assert!(options.update);
        assert_eq!(options.tolerance_pct, 0.5);
        assert!(parse(&["--fast".to_string()]).is_err());
    }

    #[test]
    fn the_locked_version_is_read_from_cargo_lock() {
        let dir = std::env::temp_dir().join(format!("icount-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lock = dir.join("Cargo.lock");
        std::fs::write(
            &lock,
            "[[package]]\nname = \"gungraun\"\nversion = \"0.20.0\"\n",
        )
        .unwrap();
        assert_eq!(locked_version(&lock, "gungraun").unwrap(), "0.20.0");
        assert!(locked_version(&lock, "criterion").is_err());
    }
}
