//! What a long run shows and how it stops: an indicatif bar on stderr and the Ctrl-C flag.
//!
//! The bar stays hidden for the first second (short runs print nothing), and always when
//! stderr is not a terminal or the run is quiet. The first Ctrl-C sets a flag that the run
//! polls (it stops taking new searches and keeps every finished record); a second one exits
//! at once with code 130, which loses only the searches in flight. This module does not
//! decide what to run.
#![allow(clippy::print_stderr)]

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
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

/// The run's progress display.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    enabled: bool,
    shown: bool,
}

impl Progress {
    /// A bar over `total` searches, `done` of them finished before; `quiet` hides it.
    pub fn new(total: u64, done: u64, quiet: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {pos}/{len} searches, eta {eta}",
        )
        .expect("the template is valid");
        bar.set_style(style.progress_chars("=> "));
        bar.set_position(done);
        let enabled = !quiet && std::io::stderr().is_terminal();
        Progress {
            bar,
            start: Instant::now(),
            enabled,
            shown: false,
        }
    }

    /// Counts one finished search.
    pub fn inc(&self) {
        self.bar.inc(1);
    }

    /// Shows the bar once the run has lasted a second.
    pub fn tick(&mut self) {
        if self.enabled && !self.shown && self.start.elapsed() >= SHOW_AFTER {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.reset_eta();
            self.shown = true;
        }
        self.bar.tick();
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
