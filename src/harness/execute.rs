//! Executing a prepared run: the missing searches on worker threads, each with fresh tables
//! (so node counts do not depend on threads, shards or resumes), records appended as they
//! finish, and the file rewritten in plan order once the shard is complete. The folder is
//! locked for the run ([`runfolder::lock_folder`]): a second process is refused at once.
//!
//! With `repeat` K > 1, each search runs K times, interleaved: the searches of one position
//! and depth run round by round, each round starting with another configuration, so that no
//! configuration always runs first (on a warm or a cold cache). A record is written once all
//! K rounds are done: its `ns` is the median, `ns_repeats` every time in round order (and
//! `cpu_ns`, `cpu_repeats` the same of the CPU times); the
//! rounds must agree on everything else (the search is deterministic). This module decides
//! nothing about what to run (that is `run::prepare`) and prints nothing.

use super::plan::Task;
use super::run::Prepared;
use crate::game::Game;
use crate::runfolder::{self, Manifest, Record};
use anyhow::{anyhow, bail, Context, Result};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Whoever watches a run: a progress display, or nothing.
pub trait Watcher {
    /// The run starts: `total` searches in this shard, `done_before` of them already
    /// recorded, on `jobs` threads.
    fn begin(&mut self, total: usize, done_before: usize, jobs: usize);
    /// One more search is recorded.
    fn finished(&mut self);
    /// Called about every 100 ms while the run waits for a search.
    fn tick(&mut self);
    /// The run has stopped (finished, interrupted or failed).
    fn end(&mut self);
}

/// Watches nothing.
impl Watcher for () {
    fn begin(&mut self, _: usize, _: usize, _: usize) {}
    fn finished(&mut self) {}
    fn tick(&mut self) {}
    fn end(&mut self) {}
}

/// How `execute` ended.
#[derive(Debug, PartialEq, Eq)]
pub struct RunEnd {
    /// This shard's searches.
    pub total: usize,
    /// Searches already recorded before this run.
    pub done_before: usize,
    /// Searches this run finished.
    pub done_now: usize,
    /// Whether Ctrl-C stopped the run early.
    pub interrupted: bool,
    /// Wall time of this run.
    pub elapsed: Duration,
}

/// Runs the missing searches of `prepared`, stopping early when `stop` is set.
pub fn execute<G: Game>(
    prepared: &Prepared<G>,
    watcher: &mut dyn Watcher,
    stop: &AtomicBool,
) -> Result<RunEnd> {
    std::fs::create_dir_all(&prepared.dir)
        .with_context(|| format!("creating {}", prepared.dir.display()))?;
    let _lock = runfolder::lock_folder(&prepared.dir)?;
    let pending = pending_under_lock(prepared)?;
    if prepared.resuming {
        runfolder::drop_torn_line(&prepared.dir)?;
    }
    if !prepared.resuming || prepared.manifest_changed {
        runfolder::write_manifest(&prepared.dir, &prepared.manifest)?;
    }
    let total = prepared.tasks.len();
    let done_before = total - pending.len();
    let start = Instant::now();
    watcher.begin(total, done_before, prepared.jobs);
    let done_now = run_pending(prepared, &pending, watcher, stop);
    watcher.end();
    let done_now = done_now?;
    let interrupted = done_before + done_now < total;
    if !interrupted {
        sort_records(prepared)?;
        let manifest = Manifest {
            load_end: crate::cputime::load_average(),
            ..prepared.manifest.clone()
        };
        runfolder::write_manifest(&prepared.dir, &manifest)?;
    }
    Ok(RunEnd {
        total,
        done_before,
        done_now,
        interrupted,
        elapsed: start.elapsed(),
    })
}

/// The searches still to run, read again once the folder is locked: another process may
/// have written into it between `prepare` and the lock (then it ended, or the lock would
/// have been refused).
fn pending_under_lock<G: Game>(prepared: &Prepared<G>) -> Result<Vec<Task>> {
    if prepared.resuming {
        return Ok(prepared.still_pending()?.0);
    }
    if runfolder::read_manifest(&prepared.dir)?.is_some() {
        bail!(
            "{} became a run folder while this run was being prepared (another cutoff started \
             in it); run the command again",
            prepared.dir.display()
        );
    }
    Ok(prepared.pending.clone())
}

/// One timed search: a task in one round.
#[derive(Clone, Copy, Debug)]
struct Round {
    task: Task,
    round: usize,
}

/// The pending tasks, each `repeat` times: per position and depth, round by round, each
/// round's configurations rotated by the round number.
fn schedule(pending: &[Task], repeat: usize) -> Vec<Round> {
    let mut groups: Vec<Vec<Task>> = Vec::new();
    for &task in pending {
        match groups.last_mut() {
            Some(group) if (group[0].depth, group[0].position) == (task.depth, task.position) => {
                group.push(task)
            }
            _ => groups.push(vec![task]),
        }
    }
    let mut order = Vec::with_capacity(pending.len() * repeat);
    for group in groups {
        for round in 0..repeat {
            let shift = round % group.len();
            let rotated = group[shift..].iter().chain(&group[..shift]);
            order.extend(rotated.map(|&task| Round { task, round }));
        }
    }
    order
}

/// The rounds of each search finished so far.
type Rounds = BTreeMap<Task, Vec<(usize, Record)>>;

/// Runs the pending tasks on worker threads; this thread writes the records as they come.
fn run_pending<G: Game>(
    prepared: &Prepared<G>,
    pending: &[Task],
    watcher: &mut dyn Watcher,
    stop: &AtomicBool,
) -> Result<usize> {
    let repeat = prepared.manifest.repeat.max(1) as usize;
    let order = schedule(pending, repeat);
    let mut writer = runfolder::RecordWriter::open(&prepared.dir)?;
    let mut rounds = Rounds::new();
    let mut written = 0;
    let search = |round: &Round| (*round, prepared.search(round.task));
    on_workers(
        &order,
        prepared.jobs,
        stop,
        watcher,
        search,
        |(round, record)| {
            let finished = add_round(&mut rounds, round, record, repeat)?;
            let Some(record) = finished else {
                return Ok(false);
            };
            writer.write(&record).map_err(|e| {
                anyhow!(
                    "{e:#}; the searches recorded before it are kept in {}, and the same \
                     command resumes the run",
                    prepared.dir.display()
                )
            })?;
            written += 1;
            Ok(true)
        },
    )?;
    Ok(written)
}

/// Runs `work` on every item of `items`, in order, on up to `jobs` worker threads, and
/// hands each result to `keep` on this thread as it comes; `keep` returns whether a unit of
/// progress is done (told to `watcher`). Stops taking new items once `stop` is set or
/// `keep` fails (the items in flight finish first).
pub(super) fn on_workers<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    stop: &AtomicBool,
    watcher: &mut dyn Watcher,
    work: impl Fn(&T) -> R + Sync,
    mut keep: impl FnMut(R) -> Result<bool>,
) -> Result<()> {
    let halt = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let jobs = jobs.min(items.len()).max(1);
    let (sender, receiver) = mpsc::channel::<R>();
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (halt, next, work) = (&halt, &next, &work);
            scope.spawn(move || {
                while !halt.load(Ordering::SeqCst) {
                    let Some(item) = items.get(next.fetch_add(1, Ordering::SeqCst)) else {
                        break;
                    };
                    if sender.send(work(item)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        loop {
            if stop.load(Ordering::SeqCst) {
                halt.store(true, Ordering::SeqCst);
            }
            match receiver.recv_timeout(Duration::from_millis(100)) {
                Ok(result) => {
                    // Any error stops the workers before the scope waits for them.
                    let progressed =
                        keep(result).inspect_err(|_| halt.store(true, Ordering::SeqCst))?;
                    if progressed {
                        watcher.finished();
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
            }
            watcher.tick();
        }
    })
}

/// Adds one round's record; returns the search's record once all its rounds are in.
fn add_round(
    rounds: &mut Rounds,
    round: Round,
    record: Record,
    repeat: usize,
) -> Result<Option<Record>> {
    let done = rounds.entry(round.task).or_default();
    done.push((round.round, record));
    if done.len() < repeat {
        return Ok(None);
    }
    let done = rounds.remove(&round.task).expect("just filled");
    combine(done).map(Some)
}

/// One record from the rounds of one search: the median time, every time in round order.
fn combine(mut rounds: Vec<(usize, Record)>) -> Result<Record> {
    rounds.sort_by_key(|(round, _)| *round);
    let mut record = rounds[0].1.clone();
    if rounds.len() == 1 {
        return Ok(record);
    }
    for (_, other) in &rounds[1..] {
        if !super::merge::same_search(&record, other) {
            bail!(
                "{} gave different results in two rounds: the search is not deterministic",
                record.id()
            );
        }
    }
    let times: Vec<u64> = rounds.iter().map(|(_, r)| r.result.ns).collect();
    record.result.ns = median(&times);
    record.result.ns_repeats = times;
    let cpu: Option<Vec<u64>> = rounds.iter().map(|(_, r)| r.result.cpu_ns).collect();
    if let Some(cpu) = cpu {
        record.result.cpu_ns = Some(median(&cpu));
        record.result.cpu_repeats = cpu;
    }
    Ok(record)
}

/// The median of `times` (the mean of the middle two for an even count).
fn median(times: &[u64]) -> u64 {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let mid = sorted.len() / 2;
    match sorted.len() % 2 {
        1 => sorted[mid],
        _ => (sorted[mid - 1] + sorted[mid]) / 2,
    }
}

/// Rewrites `records.jsonl` in plan order, one record per task.
fn sort_records<G: Game>(prepared: &Prepared<G>) -> Result<()> {
    let order = prepared.plan_order();
    let mut records: BTreeMap<usize, Record> = BTreeMap::new();
    for record in runfolder::read_records(&prepared.dir)?.records {
        if let Some(&place) = order.get(&record.id()) {
            records.entry(place).or_insert(record);
        }
    }
    runfolder::rewrite_records(&prepared.dir, &records.into_values().collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_rotate_which_configuration_runs_first() {
        let task = |position, config| Task {
            depth: 1,
            position,
            config,
        };
        let pending = [task(0, 0), task(0, 1), task(0, 2), task(1, 0)];
        let order: Vec<(usize, usize, usize)> = schedule(&pending, 3)
            .iter()
            .map(|t| (t.task.position, t.task.config, t.round))
            .collect();
        let expected = [
            (0, 0, 0),
            (0, 1, 0),
            (0, 2, 0),
            (0, 1, 1),
            (0, 2, 1),
            (0, 0, 1),
            (0, 2, 2),
            (0, 0, 2),
            (0, 1, 2),
            (1, 0, 0),
            (1, 0, 1),
            (1, 0, 2),
        ];
        assert_eq!(order, expected);
    }
}
