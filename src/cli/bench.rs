//! `cutoff bench`: the node-count signature of every game, checked against or written to
//! `fixtures/expected/bench.json`. Which searches each game gets is data, in
//! `fixtures/bench/<game>.json`.

use super::common::ClockArgs;
use super::Status;
use crate::dispatch_game;
use crate::game::GameId;
use crate::harness::bench::{bench_game, BenchFile, SearchCost, Signature};
use anyhow::{Context, Result};
use clap::Args;
use std::collections::BTreeMap;
use std::path::PathBuf;

const EXPECTED: &str = "fixtures/expected/bench.json";

#[derive(Args)]
pub struct BenchArgs {
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = EXPECTED,
          help = format!("Compare with the expected signature (FILE, {EXPECTED} when not given); \
                          exit 1 with a per-position diff on any change"))]
    check: Option<PathBuf>,
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = EXPECTED, conflicts_with = "check",
          help = format!("Write the signature to FILE ({EXPECTED} when not given) after a change \
                          that moves node counts"))]
    update: Option<PathBuf>,
    /// Folder of the bench files `<game>.json`: each holds the searches and the curated
    /// positions of its game.
    #[arg(long, default_value = "fixtures/bench")]
    positions: PathBuf,
    /// With --check: print only the verdict, as one JSON object (matches, bench, expected,
    /// differences), for CI systems.
    #[arg(long, requires = "check")]
    json: bool,
    /// Also write every search's cost to FILE, one JSON object a line (game, position,
    /// search, nodes, ns, cpu_ns), for `cargo xtask ab`.
    #[arg(long, value_name = "FILE")]
    timings: Option<PathBuf>,
    /// A parameter assignment on top of every search's own (test only: `cargo xtask ab
    /// --inject-slowdown` passes slowdown-pct here).
    #[arg(
        long = "param",
        value_name = "NAME=VALUE",
        hide = true,
        conflicts_with = "update"
    )]
    params: Vec<String>,
    #[command(flatten)]
    clock: ClockArgs,
}

pub fn run(args: BenchArgs) -> Result<Status> {
    let expected = args.check.as_deref().map(Signature::read).transpose()?;
    let mut signature = Signature::default();
    let mut timings = String::new();
    for &id in GameId::ALL {
        let game = id.name();
        let file = args.positions.join(format!("{game}.json"));
        let bench = BenchFile::read(&file)?;
        let mut spent = 0;
        let mut print = |id: &str, costs: &BTreeMap<String, SearchCost>| {
            let cells: Vec<String> = costs
                .iter()
                .map(|(c, cost)| format!("{c} {:>12}", cost.nodes))
                .collect();
            if !args.json {
                println!("{game:<9} {id:<20} {}", cells.join("  "));
            }
            for (search, cost) in costs {
                spent += args.clock.clock.pick(cost.ns, Some(cost.cpu_ns));
                let line = serde_json::json!({
                    "game": game, "position": id, "search": search,
                    "nodes": cost.nodes, "ns": cost.ns, "cpu_ns": cost.cpu_ns,
                });
                timings += &format!("{line}\n");
            }
        };
        let counts =
            dispatch_game!(id, G => bench_game::<G>(&bench, &file, &args.params, &mut print)?);
        let (nodes, seconds) = (Signature::game_total(&counts), spent as f64 / 1e9);
        let line = format!(
            "{game}: {nodes} nodes in {seconds:.1} s of {}, {:.0} knodes/s",
            args.clock.clock.caption(),
            nodes as f64 / seconds.max(1e-9) / 1e3
        );
        match args.json {
            false => println!("{line}"),
            // The verdict alone goes to stdout; the progress, a line per game, to stderr.
            true => eprintln!("{line}"),
        }
        signature.games.insert(game.to_string(), counts);
    }
    if !args.json || args.check.is_none() {
        println!("Bench: {}", signature.total());
    }
    if let Some(path) = &args.timings {
        std::fs::write(path, timings).with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.update {
        signature.write(path)?;
        println!("wrote {}", path.display());
    }
    let (Some(expected), Some(path)) = (expected, &args.check) else {
        return Ok(Status::Ok);
    };
    let diff = expected.diff(&signature);
    if args.json {
        let verdict = serde_json::json!({
            "matches": diff.is_empty(),
            "bench": signature.total(),
            "expected": expected.total(),
            "differences": diff,
        });
        println!("{verdict}");
        return Ok(if diff.is_empty() {
            Status::Ok
        } else {
            Status::CheckFailed
        });
    }
    if diff.is_empty() {
        println!("bench signature matches {}", path.display());
        return Ok(Status::Ok);
    }
    println!(
        "bench signature differs from {} ({} counts):",
        path.display(),
        diff.len()
    );
    for line in &diff {
        println!("  {line}");
    }
    println!(
        "expected Bench: {}, got Bench: {}",
        expected.total(),
        signature.total()
    );
    println!("if the change is intended, run `cutoff bench --update` and say so in the commit");
    Ok(Status::CheckFailed)
}
