//! CPU time beside wall time: what a search cost its own thread, which a busy machine does not
//! inflate the way it inflates wall time (another process running on the same core stretches
//! the wall clock, not the thread's CPU clock).
//!
//! [`thread_ns`] is the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), [`process_ns`]
//! the whole process's (`CLOCK_PROCESS_CPUTIME_ID`), [`Stopwatch`] measures wall and thread
//! CPU time together, and [`Clock`] names which of the two a table or a comparison reads.
//! A leaf: it imports nothing of the crate.

use std::time::{Duration, Instant};

/// Reads a POSIX clock in nanoseconds (0 if the system refuses, which Linux does not for
/// these clocks).
fn read(clock: libc::clockid_t) -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; clock_gettime writes only into it.
    let status = unsafe { libc::clock_gettime(clock, &mut now) };
    if status != 0 {
        return 0;
    }
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

/// The calling thread's CPU time so far, in nanoseconds.
pub fn thread_ns() -> u64 {
    read(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// The process's CPU time so far (every thread, user and system), in nanoseconds.
pub fn process_ns() -> u64 {
    read(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// The CPU time (user and system) of the finished children this process has waited for, in
/// nanoseconds: what the commands it ran cost.
pub fn children_ns() -> u64 {
    // SAFETY: an all-zero rusage is valid; getrusage writes only into it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
        return 0;
    }
    let ns = |t: libc::timeval| t.tv_sec as u64 * 1_000_000_000 + t.tv_usec as u64 * 1_000;
    ns(usage.ru_utime) + ns(usage.ru_stime)
}

/// Wall and thread CPU time together, paused and resumed: the time accumulates only while it
/// runs. Read it from the thread that runs it.
#[derive(Clone, Debug)]
pub struct Stopwatch {
    wall: Duration,
    cpu_ns: u64,
    /// When it was last resumed (wall, thread CPU), or `None` while paused.
    running: Option<(Instant, u64)>,
}

impl Stopwatch {
    /// A stopwatch at zero, running.
    pub fn start() -> Self {
        Stopwatch {
            wall: Duration::ZERO,
            cpu_ns: 0,
            running: Some((Instant::now(), thread_ns())),
        }
    }

    /// A stopwatch at zero, paused.
    pub fn paused() -> Self {
        Stopwatch {
            wall: Duration::ZERO,
            cpu_ns: 0,
            running: None,
        }
    }

    /// Wall time since it was last resumed (zero while paused).
    pub fn lap(&self) -> Duration {
        self.running
            .map_or(Duration::ZERO, |(wall, _)| wall.elapsed())
    }

    /// Stops the clocks, keeping what they measured; nothing if paused already.
    pub fn pause(&mut self) {
        if let Some((wall, cpu)) = self.running.take() {
            // CPU time is read inside the wall span (after it starts, before it ends), so a
            // span's CPU time never exceeds its wall time.
            self.cpu_ns += thread_ns().saturating_sub(cpu);
            self.wall += wall.elapsed();
        }
    }

    /// Starts the clocks again from what they measured; nothing if running already.
    pub fn resume(&mut self) {
        if self.running.is_none() {
            self.running = Some((Instant::now(), thread_ns()));
        }
    }

    /// Wall time so far.
    pub fn wall(&self) -> Duration {
        match self.running {
            Some((wall, _)) => self.wall + wall.elapsed(),
            None => self.wall,
        }
    }

    /// Thread CPU time so far, in nanoseconds.
    pub fn cpu_ns(&self) -> u64 {
        match self.running {
            Some((_, cpu)) => self.cpu_ns + thread_ns().saturating_sub(cpu),
            None => self.cpu_ns,
        }
    }
}

/// Which clock a table, chart or comparison reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// The searching thread's CPU time: what a busy machine inflates least (the default).
    #[default]
    Cpu,
    /// Wall time, as a user waits for it.
    Wall,
}

impl Clock {
    /// `cpu` or `wall`.
    pub fn name(self) -> &'static str {
        match self {
            Clock::Cpu => "cpu",
            Clock::Wall => "wall",
        }
    }

    /// How a caption says it: `CPU time` or `wall time`.
    pub fn caption(self) -> &'static str {
        match self {
            Clock::Cpu => "CPU time",
            Clock::Wall => "wall time",
        }
    }

    /// The time this clock reads from a record holding both: CPU time falls back to wall time
    /// when the record has none (records written before CPU time was measured).
    pub fn pick(self, wall_ns: u64, cpu_ns: Option<u64>) -> u64 {
        match (self, cpu_ns) {
            (Clock::Cpu, Some(cpu)) => cpu,
            _ => wall_ns,
        }
    }
}

impl std::str::FromStr for Clock {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "cpu" => Ok(Clock::Cpu),
            "wall" => Ok(Clock::Wall),
            other => Err(format!("unknown clock `{other}` (clocks: cpu, wall)")),
        }
    }
}

/// The 1-, 5- and 15-minute load averages of `/proc/loadavg`, as written there (`None` where
/// the file is missing or unreadable, as off Linux).
pub fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    parse_loadavg(&text)
}

fn parse_loadavg(text: &str) -> Option<[f64; 3]> {
    let mut fields = text.split_whitespace().map(str::parse::<f64>);
    let mut next = || fields.next()?.ok();
    Some([next()?, next()?, next()?])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spins until the thread has used `ns` of CPU.
    fn burn(ns: u64) {
        let until = thread_ns() + ns;
        while thread_ns() < until {
            std::hint::spin_loop();
        }
    }

    #[test]
    fn the_thread_clock_counts_work_and_not_sleep() {
        let mut watch = Stopwatch::start();
        burn(20_000_000);
        std::thread::sleep(Duration::from_millis(60));
        watch.pause();
        assert!(watch.cpu_ns() >= 20_000_000, "{}", watch.cpu_ns());
        // Sleep adds wall time and (almost) no CPU time.
        assert!(watch.wall().as_nanos() as u64 >= watch.cpu_ns() + 50_000_000);
    }

    #[test]
    fn a_paused_stopwatch_measures_nothing() {
        let mut watch = Stopwatch::start();
        burn(5_000_000);
        watch.pause();
        let (wall, cpu) = (watch.wall(), watch.cpu_ns());
        burn(20_000_000);
        assert_eq!((watch.wall(), watch.cpu_ns()), (wall, cpu));
        watch.resume();
        burn(5_000_000);
        assert!(watch.cpu_ns() >= cpu + 5_000_000);
    }

    #[test]
    fn another_threads_work_is_not_this_threads_but_is_the_processs() {
        let (thread, process) = (thread_ns(), process_ns());
        std::thread::spawn(|| burn(30_000_000)).join().unwrap();
        assert!(thread_ns() - thread < 30_000_000);
        assert!(process_ns() - process >= 30_000_000);
    }

    #[test]
    fn clocks_parse_and_cpu_falls_back_to_wall() {
        assert_eq!("cpu".parse(), Ok(Clock::Cpu));
        assert_eq!("wall".parse(), Ok(Clock::Wall));
        assert!("both".parse::<Clock>().is_err());
        assert_eq!(Clock::Cpu.pick(9, Some(4)), 4);
        assert_eq!(Clock::Cpu.pick(9, None), 9);
        assert_eq!(Clock::Wall.pick(9, Some(4)), 9);
    }

    #[test]
    fn load_averages_are_the_first_three_fields() {
        assert_eq!(
            parse_loadavg("0.52 1.10 2.00 3/412 9911\n"),
            Some([0.52, 1.10, 2.0])
        );
        assert_eq!(parse_loadavg("0.52 x"), None);
    }
}
