//! The `cutoff` binary: everything is in the library's `cli` module.

fn main() -> std::process::ExitCode {
    cutoff::cli::main()
}
