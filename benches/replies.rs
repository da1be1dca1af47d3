//! Reply times under a clock (`cargo bench --bench replies`): the engine that `pbrain`,
//! `gthd` and `cutoff match` play with, asked for a move in 200 midgame positions of
//! Gomoku, Gothello and Kalah with each game's protocol configuration, under a time per
//! move of 100 ms and of 1000 ms, as a manager's `timeout_turn` sets it: the allowance is
//! [`allowance`] of that time (less a tenth and the safety margin). Each reply's wall time
//! is what the manager sees; the summary gives, per game and time, the median, the 99th
//! percentile and the maximum reply over the time per move, and how many replies went over.
//!
//! Arguments (after `--`): `--out DIR` writes `DIR/records.jsonl` (one line per reply) and
//! `DIR/summary.md`; `--positions N` per game (default 200); `--limits MS,MS` (default
//! 100,1000); `--test` runs 3 positions per game at 100 ms as a check. Positions are
//! self-play games' plies generated here with a fixed seed (one position per game, at a
//! ply in the game's midgame), so the run needs no fixture file.

use cutoff::engine::{allowance, Engine, Limit, Spec};
use cutoff::game::gomoku::Gomoku;
use cutoff::game::gothello::Gothello;
use cutoff::game::kalah::Kalah;
use cutoff::game::Game;
use cutoff::harness::fixtures::{generate, GenerateSpec};
use cutoff::search::{Config, Params};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One reply.
#[derive(Serialize)]
struct Reply {
    game: &'static str,
    config: String,
    params: String,
    limit_ms: u64,
    allowance_ms: f64,
    position: String,
    reply_ms: f64,
    nodes: u64,
    depth: u32,
}

struct Options {
    out: Option<PathBuf>,
    positions: u32,
    limits: Vec<u64>,
}

fn options() -> Options {
    let mut options = Options {
        out: None,
        positions: 200,
        limits: vec![100, 1000],
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => options.out = args.next().map(PathBuf::from),
            "--positions" => {
                options.positions = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--positions N")
            }
            "--limits" => {
                let list = args.next().expect("--limits MS,MS");
                options.limits = list
                    .split(',')
                    .map(|ms| ms.parse().expect("a number of ms"))
                    .collect();
            }
            "--test" => {
                options.positions = 3;
                options.limits = vec![100];
            }
            _ => {} // cargo bench passes --bench
        }
    }
    options
}

/// What each game plays with over its protocol (or, for Kalah, in `cutoff match`).
struct Setup<G: Game> {
    name: &'static str,
    start: G,
    config: &'static str,
    params: &'static [&'static str],
    eval: Option<&'static str>,
    /// The midgame ply of the positions.
    ply: u32,
}

fn replies<G: Game>(setup: &Setup<G>, options: &Options, out: &mut Vec<Reply>) {
    let mut params = Params::default();
    for assignment in setup.params {
        let (name, value) = assignment.split_once('=').expect("name=value");
        params.set(name, value).expect("a valid param");
    }
    let spec = Spec::<G> {
        config: Config::parse(setup.config).expect("a configuration"),
        eval: params.eval::<G>(setup.eval).expect("an evaluation"),
        params,
    };
    let set = generate(
        &setup.start,
        &GenerateSpec {
            set: "replies".into(),
            games: options.positions,
            plies: 1,
            skip: setup.ply,
            from_end: false,
            per_game: 1,
            seed: 1,
        },
    );
    for &limit_ms in &options.limits {
        let time = allowance(Some(Duration::from_millis(limit_ms)), None, 1).expect("a time");
        for position in &set.positions {
            let mut game = setup.start.clone();
            game.play_moves(&position.moves.join(","))
                .expect("a legal line");
            if game.outcome().is_some() {
                continue;
            }
            // A new engine per position, as a protocol client starts; its limit is the
            // allowance alone.
            let mut engine = Engine::new(&spec, Limit::TimeMs(limit_ms)).expect("an engine");
            let start = Instant::now();
            let choice = engine.choose(&game, Some(time), &[]).expect("a move");
            let reply = start.elapsed();
            out.push(Reply {
                game: setup.name,
                config: setup.config.into(),
                params: setup.params.join(","),
                limit_ms,
                allowance_ms: time.as_secs_f64() * 1e3,
                position: position.id.clone(),
                reply_ms: reply.as_secs_f64() * 1e3,
                nodes: choice.nodes,
                depth: choice.depth,
            });
        }
    }
}

/// The `q`-quantile of sorted `values` (nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The 1-, 5- and 15-minute load averages (`/proc/loadavg`), or `unknown`.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or("unknown".into(), |text| {
        text.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

fn summary(replies: &[Reply], load: [&str; 2]) -> String {
    let mut text = format!(
        "# Reply times under a time per move\n\nWritten by `cargo bench --bench replies`. \
         Reply: the wall time of the engine's `choose` for one move; allowance: the time \
         per move less a tenth and the safety margin. Over: replies longer than the time \
         per move. Load average (1, 5, 15 min) at the start: {}; at the end: {} (the \
         machine has {} hardware threads).\n\n| game | config | time per move (ms) | \
         allowance (ms) | replies | median (ms) | p99 (ms) | max (ms) | max / time per \
         move | over |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
        load[0],
        load[1],
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    let mut keys: Vec<(&str, u64)> = replies.iter().map(|r| (r.game, r.limit_ms)).collect();
    keys.dedup();
    for (game, limit) in keys {
        let rows: Vec<&Reply> = replies
            .iter()
            .filter(|r| r.game == game && r.limit_ms == limit)
            .collect();
        let mut times: Vec<f64> = rows.iter().map(|r| r.reply_ms).collect();
        times.sort_by(f64::total_cmp);
        let max = *times.last().expect("replies");
        let over = times.iter().filter(|&&t| t > limit as f64).count();
        let config = match rows[0].params.as_str() {
            "" => rows[0].config.clone(),
            params => format!("{} ({params})", rows[0].config),
        };
        text += &format!(
            "| {game} | {config} | {limit} | {:.1} | {} | {:.1} | {:.1} | {:.1} | {:.3} | {over} |\n",
            rows[0].allowance_ms,
            times.len(),
            quantile(&times, 0.5),
            quantile(&times, 0.99),
            max,
            max / limit as f64,
        );
    }
    text
}

fn main() {
    let options = options();
    let start_load = load_average();
    let mut out = Vec::new();
    replies(
        &Setup {
            name: "gomoku",
            start: Gomoku::from_options("").expect("gomoku"),
            config: "alphabeta+threat-space+candidate-sort+greedy",
            params: &[],
            eval: None,
            ply: 12,
        },
        &options,
        &mut out,
    );
    replies(
        &Setup {
            name: "gothello",
            start: Gothello::new(),
            config: cutoff::gthd::DEFAULT_CONFIG,
            params: cutoff::gthd::DEFAULT_PARAMS,
            eval: Some(cutoff::gthd::DEFAULT_EVAL),
            ply: 6,
        },
        &options,
        &mut out,
    );
    replies(
        &Setup {
            name: "kalah",
            start: Kalah::from_options("").expect("kalah"),
            config: "cammp",
            params: &[],
            eval: None,
            ply: 12,
        },
        &options,
        &mut out,
    );
    let text = summary(&out, [&start_load, &load_average()]);
    #[allow(clippy::print_stdout)]
    {
        print!("{text}");
    }
    if let Some(dir) = options.out {
        std::fs::create_dir_all(&dir).expect("creating --out");
        let mut records = std::fs::File::create(dir.join("records.jsonl")).expect("records.jsonl");
        for reply in &out {
            writeln!(records, "{}", serde_json::to_string(reply).expect("json")).expect("writing");
        }
        std::fs::write(dir.join("summary.md"), text).expect("summary.md");
    }
}
