//! `cargo xtask mutants [FILE...] [-- TEST-ARGS...]`: mutation testing of the search with
//! crates.io's `cargo-mutants`, installed with `cargo install --locked cargo-mutants` when it
//! is missing.
//!
//! Without files the scope is `src/search/` (the games' make/unmake/hash are a later step);
//! without test arguments each mutant runs the library's search tests (`cargo test --lib
//! search::`), the ones that are meant to catch a broken technique. The outcome lands in
//! `mutants.out/` (caught, missed, timeout, unviable), which cargo-mutants prints at the end.

use super::{cargo, run};
use std::process::ExitCode;

/// The default scope.
const SCOPE: &str = "src/search/**/*.rs";

/// The default test arguments: the search's unit tests only.
const TEST_ARGS: [&str; 2] = ["--lib", "search::"];

pub fn mutants(args: &[String]) -> ExitCode {
    if !installed() {
        eprintln!("cargo-mutants is missing: cargo install --locked cargo-mutants");
        let status = run(cargo().args(["install", "--locked", "cargo-mutants"]));
        if status != ExitCode::SUCCESS {
            return status;
        }
    }
    let split = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let (files, test_args) = args.split_at(split);
    let mut command = cargo();
    command.arg("mutants");
    if files.is_empty() {
        command.args(["--file", SCOPE]);
    }
    for file in files {
        command.args(["--file", file]);
    }
    command.arg("--");
    match test_args.split_first() {
        Some((_, rest)) => command.args(rest),
        None => command.args(TEST_ARGS),
    };
    run(&mut command)
}

fn installed() -> bool {
    cargo()
        .args(["mutants", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}
