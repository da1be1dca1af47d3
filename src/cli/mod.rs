//! The command line: clap definitions, validation into specs, and the exit codes (0 ok, 1 a
//! check failed, 2 an error). Every subcommand has its own file with its arguments and run
//! function; this file only lists them.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod ablate;
mod bench;
mod common;
mod compare;
mod fixtures;
mod gthd;
mod help;
mod match_;
mod merge;
mod minimal;
mod pbrain;
mod perft;
mod progress;
mod registry;
mod report;
mod search;
mod solve;
mod studies;
mod tournament;
mod train;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
pub use registry::Entry;
use std::process::ExitCode;

/// How a command that ran without error ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything as expected: exit code 0.
    Ok,
    /// A check failed (a signature or comparison differed): exit code 1.
    CheckFailed,
}

/// cutoff: a benchmarking and ablation suite for game-tree search.
#[derive(Parser)]
#[command(
    name = "cutoff",
    version,
    about,
    long_about = None,
    after_help = "With no command, cutoff runs the default study: the CAMMP ablation on Ming \
    Mang (40 opening positions from 40 games, add-one and leave-one-out at depth 4) under \
    `--params cammp-java` and under the textbook defaults, printing CAMMP's published ratios \
    beside both and writing the runs to results/<date>-mingmang-default-<build>/."
)]
struct Cli {
    /// With no command, cutoff runs the default study (see `cutoff ablate --help`).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the legal move sequences of each length from a position.
    Perft(perft::PerftArgs),
    /// Search a position to a fixed depth and print the counters of each depth.
    Search(search::SearchCommandArgs),
    /// Generate position sets by seeded self-play.
    #[command(subcommand)]
    Fixtures(fixtures::FixturesCommand),
    /// Run an ablation: a game, a position set, a plan and a depth range into records,
    /// tables and charts.
    Ablate(ablate::AblateArgs),
    /// Search curated positions of every game at fixed depths: the node-count signature.
    Bench(bench::BenchArgs),
    /// Join the records of shards into one run folder.
    Merge(merge::MergeArgs),
    /// Write the tables and charts of a run folder.
    Report(report::ReportArgs),
    /// Compare two runs: node counts exactly, times against a tolerance (exit 1 on a change).
    Compare(compare::CompareArgs),
    /// Two agents play paired games: wins, draws, losses, Elo, LOS and an optional SPRT.
    Match(match_::MatchArgs),
    /// A round robin of agents: a score matrix, CSV and a heatmap.
    Tournament(tournament::TournamentArgs),
    /// Train an agent's model.
    #[command(subcommand)]
    Train(train::TrainCommand),
    /// Play one game of Gothello on a Gthd referee's server (exit 1 when we lose on time).
    #[command(after_help = concat!(
        "Defaults: --config ", "alphabeta+id+tt-value+tt-move", ", --eval eye, ",
        "--param tie-seed=1 --param id-step=1 (the strongest measured: results/gothello-defaults)."
    ))]
    Gthd(gthd::GthdArgs),
    /// Play Gomoku as a Gomocup brain over stdin and stdout (Piskvork's protocol).
    #[command(after_help = concat!(
        "Defaults: --config ", "alphabeta+threat-space+candidate-sort+greedy", ", ",
        "--param tie-seed=1, --time-ms 5000 per move within the manager's clock."
    ))]
    Pbrain(pbrain::PbrainArgs),
    /// The minimal tree (perfect move ordering) at each depth, beside configurations' nodes.
    Minimal(minimal::MinimalArgs),
    /// Solve a Kalah position exactly: the final store margin under perfect play.
    Solve(solve::SolveArgs),
    /// Regenerate, check and publish the five seed studies (results/studies.toml): the book.
    Studies(studies::StudiesArgs),
}

/// Parses the command line, runs the command and turns the result into an exit code: the
/// `cutoff` binary, with the built-in games.
pub fn main() -> ExitCode {
    run_with(&[])
}

/// [`main`] with `games` beside the built-in ones: every command (`perft`, `search`,
/// `fixtures generate`, `ablate`, `report`, `compare`, `match`, ...) takes their names in
/// `--game`, and the help lists them. A user's binary is one line:
///
/// ```no_run
/// # use cutoff::game::tictactoe::TicTacToe as MyGame;
/// fn main() -> std::process::ExitCode {
///     cutoff::cli::run_with(&[cutoff::cli::Entry::of::<MyGame>()])
/// }
/// ```
pub fn run_with(games: &[Entry]) -> ExitCode {
    restore_sigpipe();
    output_failure_is_an_error();
    if let Err(e) = registry::register(games) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let matches = help::with_registry_help(Cli::command()).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        None => ablate::run_default(),
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Search(args)) => search::run(args),
        Some(Command::Fixtures(command)) => fixtures::run(command),
        Some(Command::Ablate(args)) => ablate::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Merge(args)) => merge::run(args),
        Some(Command::Report(args)) => report::run(args),
        Some(Command::Compare(args)) => compare::run(args),
        Some(Command::Match(args)) => match_::run(args),
        Some(Command::Tournament(args)) => tournament::run(args),
        Some(Command::Train(command)) => train::run(command),
        Some(Command::Gthd(args)) => gthd::run(args),
        Some(Command::Pbrain(args)) => pbrain::run(args),
        Some(Command::Minimal(args)) => minimal::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Studies(args)) => studies::run(args),
    };
    match result {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::CheckFailed) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`cutoff search ... | head`) would
/// panic; with the default action the process ends quietly instead, like any Unix filter.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_DFL at start-up, before any thread
    // exists, has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// `println!` panics when stdout cannot be written (redirected to a file on a full disk):
/// that panic becomes the one-line error and exit code 2 of any other error, not a
/// backtrace and code 101.
fn output_failure_is_an_error() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = (payload.downcast_ref::<String>().map(String::as_str))
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to std") {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: {message}");
            std::process::exit(2);
        }
        default(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// clap's own consistency checks of every command and argument (unique names and
    /// groups, valid defaults), which otherwise run only when a debug build parses.
    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
