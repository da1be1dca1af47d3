//! `cargo xtask setup`: installs the system tools some checks use beyond cargo, from Debian's
//! packages: Chromium (the HTML report's browser test) and Valgrind (instruction counts).
//! Tools already present are left alone; without root or `apt-get` it says what it could not
//! install, and the checks that need a missing tool skip with a message. It also installs
//! the `gungraun-runner` binary that `xtask icount` needs, with cargo, under `target/tools`.

use std::process::{Command, ExitCode};

/// A tool: the command that shows it is there, and the Debian package that brings it.
const TOOLS: &[(&str, &str)] = &[("chromium", "chromium"), ("valgrind", "valgrind")];

pub fn setup() -> ExitCode {
    if let Err(message) = crate::icount::runner() {
        eprintln!("setup: {message}");
    }
    let missing: Vec<&str> = TOOLS
        .iter()
        .filter(|(command, _)| !present(command))
        .map(|&(_, package)| package)
        .collect();
    if missing.is_empty() {
        println!("setup: every tool is installed ({})", names());
        return ExitCode::SUCCESS;
    }
    if !present("apt-get") || !is_root() {
        eprintln!(
            "setup: cannot install {} (needs root and apt-get); the checks that use them skip",
            missing.join(", ")
        );
        return ExitCode::from(2);
    }
    println!("setup: installing {} with apt-get", missing.join(", "));
    let update = Command::new("apt-get").args(["update", "-q"]).status();
    let install = Command::new("apt-get")
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(&missing)
        .status();
    match (update, install) {
        (Ok(_), Ok(status)) if status.success() => ExitCode::SUCCESS,
        (_, result) => {
            eprintln!(
                "setup: apt-get install {} failed: {result:?}",
                missing.join(" ")
            );
            ExitCode::from(2)
        }
    }
}

fn names() -> String {
    let names: Vec<&str> = TOOLS.iter().map(|(command, _)| *command).collect();
    names.join(", ")
}

/// Whether `command` is on the PATH.
pub fn present(command: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {command}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}
