//! Time for the engine: a [`Clock`] to read (the wall clock, or in tests a clock that
//! advances with the nodes searched), the [`Deadline`] that a timed search asks inside the
//! search, and [`allowance`], the time one move may take under a protocol's clock.

use crate::search::Stop;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Milliseconds kept back from every allowance computed by [`allowance`], on top of a
/// tenth, for reading and writing the move and the stop's latency (the search asks its
/// deadline every `STOP_EVERY` nodes).
pub const SAFETY_MS: u64 = 30;

/// Where a search's time comes from.
pub trait Clock: Send + Sync {
    /// A timer started now.
    fn start(&self) -> Box<dyn Timer>;
}

/// A running timer.
pub trait Timer: Send {
    /// The time since the timer started; `nodes` is how many nodes the search has expanded
    /// since then (the wall clock ignores it, a test clock advances by it).
    fn elapsed(&mut self, nodes: u64) -> Duration;
}

/// The wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wall;

impl Clock for Wall {
    fn start(&self) -> Box<dyn Timer> {
        Box::new(WallTimer(Instant::now()))
    }
}

struct WallTimer(Instant);

impl Timer for WallTimer {
    fn elapsed(&mut self, _nodes: u64) -> Duration {
        self.0.elapsed()
    }
}

/// A clock for tests: time is the nodes searched times a fixed cost per node, so that
/// where a deadline stops a search is a node count.
#[derive(Clone, Copy, Debug)]
pub struct PerNode(pub Duration);

impl Clock for PerNode {
    fn start(&self) -> Box<dyn Timer> {
        Box::new(*self)
    }
}

impl Timer for PerNode {
    fn elapsed(&mut self, nodes: u64) -> Duration {
        self.0
            .saturating_mul(u32::try_from(nodes).unwrap_or(u32::MAX))
    }
}

/// The deadline of one move: asked inside the search whether the time is up, and between
/// iterations whether the next can finish in the time left, judged by the growth of the
/// iterations so far. It never stops a search before its first iteration has completed
/// (`needs_iteration`), so that there is always a move; but an abort flag raised from
/// outside (a protocol's `END`) stops it at once.
pub struct Deadline {
    timer: Box<dyn Timer>,
    allowance: Duration,
    armed: bool,
    abort: Option<Arc<AtomicBool>>,
    /// When the last two completed iterations ended.
    ends: [Option<Duration>; 2],
}

/// The largest factor by which the next iteration is expected to outgrow the last.
const MAX_GROWTH: u32 = 16;

impl Deadline {
    /// A deadline `allowance` from now on `clock`; with `needs_iteration`, armed only once
    /// the search asks whether to start its second iteration.
    pub fn new(clock: &dyn Clock, allowance: Duration, needs_iteration: bool) -> Deadline {
        Deadline {
            timer: clock.start(),
            allowance,
            armed: !needs_iteration,
            abort: None,
            ends: [None, None],
        }
    }

    /// The same deadline, also stopping the search at once when `abort` is raised.
    pub fn with_abort(mut self, abort: Option<Arc<AtomicBool>>) -> Deadline {
        self.abort = abort;
        self
    }

    fn aborted(&self) -> bool {
        self.abort
            .as_ref()
            .is_some_and(|a| a.load(Ordering::Relaxed))
    }

    /// The time the next iteration is expected to take after iterations ending at `ends`
    /// (the last one at `now`): the last one's, times its growth over the one before.
    fn predicted(&self, now: Duration) -> Option<Duration> {
        let last = now.saturating_sub(self.ends[1].unwrap_or_default());
        let before = self.ends[1]?.saturating_sub(self.ends[0].unwrap_or_default());
        let growth =
            (last.as_secs_f64() / before.as_secs_f64().max(1e-9)).clamp(1.0, f64::from(MAX_GROWTH));
        Some(last.mul_f64(growth))
    }
}

impl Stop for Deadline {
    fn now(&mut self, nodes: u64) -> bool {
        self.aborted() || (self.armed && self.timer.elapsed(nodes) >= self.allowance)
    }

    fn another(&mut self, nodes: u64, _completed: usize) -> bool {
        self.armed = true;
        let now = self.timer.elapsed(nodes);
        let go_on = !self.aborted()
            && now < self.allowance
            && self
                .predicted(now)
                .is_none_or(|next| now + next <= self.allowance);
        self.ends = [self.ends[1], Some(now)];
        go_on
    }
}

/// The time one move may take: the smaller of the time per move (`turn`) and the match time
/// `left` shared over `moves_left` moves, each less a tenth and [`SAFETY_MS`]; `None`
/// without either clock.
pub fn allowance(
    turn: Option<Duration>,
    left: Option<Duration>,
    moves_left: u32,
) -> Option<Duration> {
    let keep = |time: Duration| time.saturating_sub(time / 10 + Duration::from_millis(SAFETY_MS));
    let share = left.map(|left| left / moves_left.max(1));
    turn.into_iter().chain(share).map(keep).min()
}
