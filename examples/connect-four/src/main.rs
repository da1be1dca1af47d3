//! `connect4`: every command of `cutoff` (`perft`, `search`, `fixtures generate`, `ablate`,
//! `report`, `compare`, `match`, ...) with Connect Four beside the built-in games.

fn main() -> std::process::ExitCode {
    cutoff::cli::run_with(&[cutoff::cli::Entry::of::<connect_four::ConnectFour>()])
}
