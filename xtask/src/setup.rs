//! `cargo xtask setup [--allow-missing TOOL]...`: installs the system tools some checks use
//! beyond cargo, from Debian's packages: Chromium (the HTML report's browser test) and
//! Valgrind (instruction counts). The `gungraun-runner` binary that `xtask icount` needs is
//! not built here but by `icount` itself when it first runs (minutes of compiling that a
//! setup up front would spend before any check). Tools already present are left alone. It
//! says what it installs and how long each step took, waits for another apt-get's dpkg lock instead of failing, and fails (exit 2) when a
//! tool cannot be installed, unless `--allow-missing TOOL` lets it be missing (then the
//! checks that need it must be skipped by name: `.ci/run --allow-skip`).

use std::process::{Command, ExitCode};
use std::time::Instant;

/// A tool: its name (and Debian package), and the commands any of which shows it is there
/// (the browser test takes any of these browsers).
const TOOLS: &[(&str, &[&str])] = &[
    (
        "chromium",
        &["chromium", "chromium-browser", "google-chrome"],
    ),
    ("valgrind", &["valgrind"]),
];

/// Whether a tool is installed: any of its commands is on the PATH.
fn installed(commands: &[&str]) -> bool {
    commands.iter().any(|c| present(c))
}

/// How long apt-get waits for another's dpkg lock (an unattended upgrade, a parallel setup)
/// before failing, in seconds.
const DPKG_LOCK_TIMEOUT_S: u32 = 600;

pub fn setup(args: &[String]) -> ExitCode {
    let allowed = match parse(args) {
        Ok(allowed) => allowed,
        Err(message) => return crate::usage_error(&message),
    };
    let started = Instant::now();
    let missing: Vec<&str> = TOOLS
        .iter()
        .filter(|(_, commands)| !installed(commands))
        .map(|&(tool, _)| tool)
        .collect();
    let apt = match missing.is_empty() {
        true => {
            println!("setup: {} already installed", names());
            Ok(())
        }
        false => install(&missing),
    };
    if let Err(message) = apt {
        eprintln!("setup: {message}");
    }
    let mut failed = false;
    for &(tool, commands) in TOOLS {
        if installed(commands) {
            continue;
        }
        match allowed.iter().any(|a| a == tool) {
            true => println!("setup: {tool} is missing (allowed by --allow-missing {tool})"),
            false => {
                eprintln!("setup: error: {tool} is missing and could not be installed");
                failed = true;
            }
        }
    }
    println!(
        "setup: {} in {:.0} s",
        if failed { "FAILED" } else { "done" },
        started.elapsed().as_secs_f64()
    );
    match failed {
        true => ExitCode::from(2),
        false => ExitCode::SUCCESS,
    }
}

/// The tools `--allow-missing` names.
fn parse(args: &[String]) -> Result<Vec<String>, String> {
    let mut allowed = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--allow-missing", Some(tool)) if TOOLS.iter().any(|(t, _)| t == tool) => {
                allowed.push(tool.clone())
            }
            ("--allow-missing", Some(tool)) => {
                return Err(format!("setup: unknown tool `{tool}` (tools: {})", names()))
            }
            _ => return Err(format!("setup: unknown argument `{arg}`")),
        }
    }
    Ok(allowed)
}

/// `apt-get update` and `apt-get install` of `packages`, saying so.
fn install(packages: &[&str]) -> Result<(), String> {
    if !present("apt-get") || !is_root() {
        return Err(format!(
            "cannot install {} (needs root and apt-get)",
            packages.join(", ")
        ));
    }
    let started = Instant::now();
    println!(
        "setup: installing {} with apt-get (waiting up to {DPKG_LOCK_TIMEOUT_S} s for the dpkg \
         lock)",
        packages.join(", ")
    );
    // A failed update may still leave lists the install can use: only the install decides.
    if !apt_get()
        .args(["update", "-q"])
        .status()
        .is_ok_and(|s| s.success())
    {
        eprintln!("setup: apt-get update failed; trying the install with the lists there are");
    }
    let install = apt_get()
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(packages)
        .status();
    match install {
        Ok(status) if status.success() => {
            println!(
                "setup: installed {} in {:.0} s",
                packages.join(", "),
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        result => Err(format!(
            "apt-get install {} failed: {result:?}",
            packages.join(" ")
        )),
    }
}

/// `apt-get` that waits for the dpkg lock and asks nothing.
pub fn apt_get() -> Command {
    let mut command = Command::new("apt-get");
    command
        .args(["-o", &format!("DPkg::Lock::Timeout={DPKG_LOCK_TIMEOUT_S}")])
        .env("DEBIAN_FRONTEND", "noninteractive");
    command
}

fn names() -> String {
    let names: Vec<&str> = TOOLS.iter().map(|(tool, _)| *tool).collect();
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
