//! Running a match: the folder (a new one, or one with the same spec resumed), the
//! openings, the worker threads that play pairs, and the stop (the games planned, an SPRT
//! decision, or an interrupt).
//!
//! Every random choice is a `ChaCha8Rng` seeded from the spec's seed with a stream per use:
//! the opening of pair p uses stream p, the random agents of game g of pair p stream
//! 2^32 + 2p + g. So a game's moves depend on the seed, pair and game alone, never on which
//! thread played it or when. Workers take pairs in order; an SPRT is judged on pairs in
//! order, so it stops at the same pair with any number of threads (pairs played past that
//! point are dropped from the games file, so it holds the same pairs with any number of
//! threads).

use super::agent::{Agent, AgentSpec, Player};
use super::play::{play, Seats};
use super::record::{
    read_games, read_manifest, rewrite_games, write_manifest, GameRecord, GameWriter,
    MatchManifest, MatchSpec, Openings,
};
use super::stats::Verdict;
use super::summary::{markdown, pair_of, summarise, MatchSummary, SprtTracker};
use crate::game::Game;
use crate::harness::provenance;
use crate::runfolder::write_atomically;
use anyhow::{anyhow, bail, Context, Result};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Tries at drawing a random opening that does not end the game.
const OPENING_TRIES: u32 = 1000;

/// A match ready to run.
pub struct MatchRun<'a, G: Game> {
    /// The spec (recorded in the manifest).
    pub spec: &'a MatchSpec,
    /// The agents, parsed.
    pub agents: &'a [AgentSpec; 2],
    /// The start position.
    pub start: &'a G,
    /// For `Openings::Set`: the openings' moves, cycled by pair.
    pub set: &'a [Vec<String>],
    /// Worker threads.
    pub jobs: usize,
}

/// What a run did.
pub struct RunOutcome {
    /// Every recorded game, sorted by pair and game.
    pub games: Vec<GameRecord>,
    /// Games played by this run.
    pub played_now: usize,
    /// Whether an interrupt stopped it before the end.
    pub interrupted: bool,
}

/// Prepares `dir`: writes the manifest of a new run, or checks that the run there has the
/// same spec.
pub fn prepare_folder(dir: &Path, spec: &MatchSpec, jobs: usize) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    if let Some(found) = read_manifest(dir)? {
        if &found.spec != spec {
            bail!(
                "{} holds a match with another spec ({}); use another --out",
                dir.display(),
                spec_difference(&found.spec, spec)
            );
        }
        return Ok(());
    }
    let (git_revision, git_dirty) = provenance::git_revision();
    let manifest = MatchManifest {
        spec: spec.clone(),
        tool: provenance::tool(),
        build: provenance::SOURCE_HASH.into(),
        git_revision,
        git_dirty,
        rustc: provenance::RUSTC_VERSION.into(),
        cpu: provenance::cpu(jobs),
        command_line: provenance::command_line(),
        started: provenance::now_utc().1,
    };
    write_manifest(dir, &manifest)
}

/// The first field in which two specs differ, in words.
fn spec_difference(old: &MatchSpec, new: &MatchSpec) -> String {
    let as_json = |s: &MatchSpec| serde_json::to_value(s).expect("specs serialise");
    let (old, new) = (as_json(old), as_json(new));
    let fields = old.as_object().expect("an object");
    fields
        .iter()
        .find(|(k, v)| new.get(k.as_str()) != Some(v))
        .map_or("?".into(), |(k, v)| {
            format!(
                "{k}: {v} there, {} here",
                new.get(k.as_str()).unwrap_or(&v.clone())
            )
        })
}

/// Plays the games `dir` still lacks, appending each as it ends and calling `on_game`.
pub fn run_match<G: Game>(
    dir: &Path,
    run: &MatchRun<'_, G>,
    interrupt: &AtomicBool,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<RunOutcome> {
    let mut games = read_games(dir)?;
    let before = games.clone();
    let pairs = run.spec.games / 2;
    let mut tracker = run.spec.sprt.map(SprtTracker::new);
    if let Some(t) = &mut tracker {
        t.advance(|p| pair_of(&games, p));
    }
    let decided =
        |t: &Option<SprtTracker>| t.as_ref().is_some_and(|t| t.verdict != Verdict::Continue);
    let todo: Vec<u32> = if decided(&tracker) {
        Vec::new()
    } else {
        (0..pairs)
            .filter(|&p| pair_of(&games, p).is_none())
            .collect()
    };
    let workers = (0..run.jobs.clamp(1, todo.len().max(1)))
        .map(|_| build_agents(run))
        .collect::<Result<Vec<_>>>()?;
    let mut writer = GameWriter::open(dir)?;
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let mut played_now = 0;
    std::thread::scope(|scope| -> Result<()> {
        let (send, receive) = mpsc::channel::<Result<GameRecord, anyhow::Error>>();
        for mut agents in workers {
            let send = send.clone();
            let (todo, next, halt, before) = (&todo, &next, &halt, &before);
            scope.spawn(move || {
                while !halt.load(Ordering::Relaxed) && !interrupt.load(Ordering::Relaxed) {
                    let Some(&pair) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    for record in play_pair(run, &mut agents, pair, before) {
                        if send.send(record).is_err() {
                            return;
                        }
                    }
                }
            });
        }
        drop(send);
        for record in receive {
            let record = record.inspect_err(|_| halt.store(true, Ordering::Relaxed))?;
            if decided(&tracker) {
                // A pair a worker began before it saw the SPRT's stop: keeping it would make
                // the games file depend on thread timing (the summary never counts it).
                continue;
            }
            writer
                .write(&record)
                .inspect_err(|_| halt.store(true, Ordering::Relaxed))?;
            on_game(&record);
            played_now += 1;
            let at = games.partition_point(|g| (g.pair, g.game) < (record.pair, record.game));
            games.insert(at, record);
            if let Some(t) = &mut tracker {
                t.advance(|p| pair_of(&games, p));
                if t.verdict != Verdict::Continue {
                    halt.store(true, Ordering::Relaxed);
                }
            }
        }
        Ok(())
    })?;
    drop(writer);
    if let Some(t) = tracker.as_ref().filter(|t| t.verdict != Verdict::Continue) {
        trim_past_the_stop(dir, &mut games, t.next_pair)?;
    }
    let finished = decided(&tracker) || (0..pairs).all(|p| pair_of(&games, p).is_some());
    Ok(RunOutcome {
        games,
        played_now,
        interrupted: !finished,
    })
}

/// Drops the games of pairs from `counted` on, which the SPRT stopped before (a worker
/// finished them while an earlier pair was still being played), and rewrites the games file
/// without them: which pairs it holds must not depend on thread timing.
fn trim_past_the_stop(dir: &Path, games: &mut Vec<GameRecord>, counted: u32) -> Result<()> {
    if games.iter().all(|g| g.pair < counted) {
        return Ok(());
    }
    games.retain(|g| g.pair < counted);
    rewrite_games(dir, games)
}

/// A worker's own agents, A and B (external brains under the spec's clock).
fn build_agents<G: Game>(run: &MatchRun<'_, G>) -> Result<[Agent<G>; 2]> {
    let clock = run.spec.gomocup.unwrap_or_default();
    Ok([
        Agent::with_clock(&run.agents[0], run.start, clock)?,
        Agent::with_clock(&run.agents[1], run.start, clock)?,
    ])
}

/// Plays the games of `pair` that `done` lacks: A first, then B first.
fn play_pair<G: Game>(
    run: &MatchRun<'_, G>,
    agents: &mut [Agent<G>; 2],
    pair: u32,
    done: &[GameRecord],
) -> Vec<Result<GameRecord>> {
    let opening = match opening(run, pair) {
        Ok(opening) => opening,
        Err(e) => return vec![Err(e)],
    };
    let mut position = run.start.clone();
    if let Err(e) = position.play_moves(&opening.join(",")) {
        return vec![Err(anyhow!("pair {pair}: opening: {e}"))];
    }
    let budgets = [run.agents[0].budget(), run.agents[1].budget()];
    let [a, b] = agents;
    let mut records = Vec::new();
    for game in 0..2u32 {
        if done.iter().any(|g| (g.pair, g.game) == (pair, game)) {
            continue;
        }
        let mut rng = stream_rng(
            run.spec.seed,
            (1 << 32) + 2 * u64::from(pair) + u64::from(game),
        );
        let mut seats = Seats {
            agents: [&mut *a as &mut dyn Player<G>, &mut *b],
            budgets,
        };
        let plies = (opening.as_slice(), run.spec.max_plies);
        let (moves, end) = play(&position, &mut seats, game as usize, plies, &mut rng);
        records.push(Ok(GameRecord {
            pair,
            game,
            opening: opening.clone(),
            moves,
            end,
        }));
    }
    records
}

fn stream_rng(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// The opening of `pair`: random plies from the start (redrawn while they end the game), or
/// the set's position `pair mod len`.
fn opening<G: Game>(run: &MatchRun<'_, G>, pair: u32) -> Result<Vec<String>> {
    match &run.spec.openings {
        Openings::Set { .. } => Ok(run.set[pair as usize % run.set.len()].clone()),
        Openings::Random { plies } => {
            let mut rng = stream_rng(run.spec.seed, u64::from(pair));
            (0..OPENING_TRIES)
                .find_map(|_| random_line(run.start, *plies, &mut rng))
                .ok_or_else(|| {
                    anyhow!("no opening of {plies} random plies that leaves the game open")
                })
        }
    }
}

/// `plies` random moves from `start` that leave the game open, in notation.
fn random_line<G: Game>(start: &G, plies: u32, rng: &mut ChaCha8Rng) -> Option<Vec<String>> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut line = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.generate_moves(&mut moves);
        let mv = *moves.choose(rng)?;
        line.push(game.format_move(mv));
        game.make(mv);
    }
    game.outcome().is_none().then_some(line)
}

/// Writes the match's `summary.md` (deterministic), `timing.md` (the agents' time per move,
/// which is not) and, with an SPRT, `llr.csv` (the LLR after each pair); returns the summary.
pub fn write_match_report(
    dir: &Path,
    spec: &MatchSpec,
    games: &[GameRecord],
) -> Result<MatchSummary> {
    let summary = summarise(spec, games);
    write_atomically(&dir.join("summary.md"), markdown(&summary).as_bytes())?;
    write_atomically(&dir.join("timing.md"), timing(spec, games).as_bytes())?;
    if let Some(sprt) = &summary.sprt {
        let mut csv = String::from("pairs,llr\n");
        for (pairs, llr) in &sprt.trace {
            csv += &format!("{pairs},{llr:.6}\n");
        }
        write_atomically(&dir.join("llr.csv"), csv.as_bytes())?;
    }
    Ok(summary)
}

/// Writes the summary of the match folder `dir` again from its manifest and games (the
/// same files a resumed match writes at its end), and returns it.
pub fn rewrite_match_report(dir: &Path) -> Result<MatchSummary> {
    let manifest = read_manifest(dir)?
        .ok_or_else(|| anyhow!("{}: a match folder has a manifest.json", dir.display()))?;
    let games = read_games(dir)?;
    if games.is_empty() {
        bail!("{}: the match has no games yet", dir.display());
    }
    write_match_report(dir, &manifest.spec, &games)
}

/// The agents' mean CPU and wall time per move over every recorded game, and their longest
/// and 99th-percentile wall times, as Markdown (CPU time `-` where a game was recorded
/// before it was measured); with external brains, the allowance their replies are held to.
pub fn timing(spec: &MatchSpec, games: &[GameRecord]) -> String {
    let mut walls: [Vec<u64>; 2] = Default::default();
    let mut cpu_us = [Some(0u64); 2];
    for game in games {
        for (i, mv) in game.moves.iter().enumerate() {
            let seat = (game.first() + i) % 2;
            walls[seat].push(mv.us);
            cpu_us[seat] = cpu_us[seat].zip(mv.cpu_us).map(|(sum, us)| sum + us);
        }
    }
    let mut out = String::from(
        "# Time per move\n\nThe choosing thread's CPU time and wall time, measured on this \
         machine (not reproducible, unlike the summary; wall time counts whatever else the \
         machine ran, CPU time far less).",
    );
    if let Some(clock) = &spec.gomocup {
        out += &format!(
            " External brains' replies are held to {} ms a move plus {} ms of tolerance \
             (and to what is left of their {} ms a game; 0: no limit).",
            clock.timeout_turn_ms, clock.tolerance_ms, clock.timeout_match_ms
        );
    }
    out += "\n\n| agent | moves | CPU ms per move | wall ms per move | wall ms, 99th percentile \
            | wall ms, longest |\n| --- | ---: | ---: | ---: | ---: | ---: |\n";
    for (seat, wall) in walls.iter_mut().enumerate() {
        wall.sort_unstable();
        let moves = wall.len();
        let per_move = |us: u64| us as f64 / 1000.0 / moves.max(1) as f64;
        let ms =
            |us: Option<&u64>| us.map_or("-".into(), |us| format!("{:.3}", *us as f64 / 1000.0));
        let cpu = cpu_us[seat].map_or("-".into(), |us| format!("{:.3}", per_move(us)));
        // Nearest rank: the smallest time at least 99% of the moves took no longer than.
        let p99 = wall.get((moves * 99).div_ceil(100).max(1) - 1);
        out += &format!(
            "| {} | {moves} | {cpu} | {:.3} | {} | {} |\n",
            spec.agents[seat],
            per_move(wall.iter().sum()),
            ms(p99),
            ms(wall.last()),
        );
    }
    out
}
