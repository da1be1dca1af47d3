//! What a long run shows and how it stops: a line saying what runs, an indicatif bar on
//! stderr (the run's [`Watcher`]) and the Ctrl-C flag.
//!
//! The bar stays hidden for the first second (short runs print nothing), and always when
//! stderr is not a terminal or the run is quiet. The first Ctrl-C sets a flag that the run
//! polls (it stops taking new searches and keeps every finished record); a second one exits
//! at once with code 130, which loses only the searches in flight. This module does not
//! decide what to run.
use crate::harness::execute::Watcher;
use crate::harness::plan::depths_text;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long a run goes before its bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// The process-wide Ctrl-C flag; the first call installs the handler.
pub fn interrupt_flag() -> anyhow::Result<&'static AtomicBool> {
    static FLAG: AtomicBool = AtomicBool::new(false);
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    let installed = INSTALLED.get_or_init(|| {
        ctrlc::set_handler(|| {
            if FLAG.swap(true, Ordering::SeqCst) {
                eprintln!("\ninterrupted again: quitting now (finished records are kept)");
                std::process::exit(130);
            }
            eprintln!(
                "\ninterrupted: finishing the searches in progress (Ctrl-C again quits at once)"
            );
        })
        .map_err(|e| e.to_string())
    });
    installed
        .as_ref()
        .map_err(|e| anyhow::anyhow!("installing the Ctrl-C handler: {e}"))?;
    Ok(&FLAG)
}

/// The progress display of the run in `dir` to `depths`.
pub struct Progress {
    dir: PathBuf,
    depths: Vec<u32>,
    quiet: bool,
    bar: ProgressBar,
    start: Instant,
    shown: bool,
    /// What is counted, plural (`searches`).
    unit: &'static str,
}

impl Progress {
    /// A display for the run in `dir`; `quiet` hides it all.
    pub fn new(dir: PathBuf, depths: Vec<u32>, quiet: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        Progress {
            dir,
            depths,
            quiet,
            bar,
            start: Instant::now(),
            shown: false,
            unit: "searches",
        }
        .counting("searches")
    }

    /// The same display counting `unit` (plural) instead of searches.
    pub fn counting(mut self, unit: &'static str) -> Progress {
        let template =
            format!("{{elapsed_precise}} [{{wide_bar}}] {{pos}}/{{len}} {unit}, eta {{eta}}");
        let style = ProgressStyle::with_template(&template).expect("the template is valid");
        self.bar.set_style(style.progress_chars("=> "));
        self.unit = unit;
        self
    }
}

impl Watcher for Progress {
    fn begin(&mut self, total: usize, done_before: usize, jobs: usize) {
        if !self.quiet {
            let plural = |n: usize, word: &str| match n {
                1 => format!("{n} {word}"),
                _ => format!("{n} {word}s"),
            };
            eprintln!(
                "{}: {total} {} at depth{} {} ({done_before} done before), {}",
                self.dir.display(),
                self.unit,
                if self.depths.len() == 1 { "" } else { "s" },
                depths_text(&self.depths),
                plural(jobs, "thread")
            );
        }
        self.bar.set_length(total as u64);
        self.bar.set_position(done_before as u64);
        self.start = Instant::now();
    }

    fn finished(&mut self) {
        self.bar.inc(1);
    }

    /// Shows the bar once the run has lasted a second, on a terminal.
    fn tick(&mut self) {
        let on_terminal = !self.quiet && std::io::stderr().is_terminal();
        if on_terminal && !self.shown && self.start.elapsed() >= SHOW_AFTER {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.reset_eta();
            self.shown = true;
        }
        self.bar.tick();
    }

    fn end(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// How often a [`Ticker`] prints at most.
const TICK_EVERY: Duration = Duration::from_secs(5);

/// Progress lines on stderr for a long command without a bar (`train qlearn`, `minimal`,
/// `solve`): `command: what (N s)`, at most one every few seconds, none in the first few
/// (short commands stay quiet).
pub struct Ticker {
    command: &'static str,
    start: Instant,
    last: Instant,
}

impl Ticker {
    /// A ticker for `command`, starting now.
    pub fn new(command: &'static str) -> Self {
        let now = Instant::now();
        Ticker {
            command,
            start: now,
            last: now,
        }
    }

    /// Prints `what()` when the last line is a while ago.
    pub fn tick(&mut self, what: impl FnOnce() -> String) {
        if self.last.elapsed() < TICK_EVERY {
            return;
        }
        self.last = Instant::now();
        let seconds = self.start.elapsed().as_secs_f64();
        eprintln!("{}: {} ({seconds:.0} s)", self.command, what());
    }
}
