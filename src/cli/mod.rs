//! The command line: clap definitions, validation into specs, and the exit codes (0 ok, 1 a
//! check failed, 2 an error). Every subcommand has its own file with its arguments and run
//! function; this file only lists them.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod common;
mod perft;
mod search;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub use common::{load_position, GameArgs, SearchArgs as SearchSpecArgs};

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
#[command(name = "cutoff", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the legal move sequences of each length from a position.
    Perft(perft::PerftArgs),
    /// Search a position to a fixed depth and print the counters of each depth.
    Search(search::SearchArgs),
}

/// Parses the command line, runs the command and turns the result into an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Search(args) => search::run(args),
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
