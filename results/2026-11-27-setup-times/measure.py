#!/usr/bin/env python3
"""Measures the README's two set-up commands as a new user meets them: a clean clone of the
repository at HEAD, a new empty cargo home (every crate downloaded and built afresh) and an
empty target folder. Each command is split into its build and its run, timed apart:

  cargo build --release                          then  cargo run --release
  cargo test --release --workspace --no-run      then  cargo test --release --workspace

CPU time is the user + system time of every process the step started (getrusage of the
children), which a loaded machine does not inflate as it does wall time. One JSON line per
step is appended to times.jsonl beside this script; `python3 results/check.py --write
results/2026-11-27-setup-times` makes times.md from it, and `python3 results/check.py`
checks it.

Usage (from anywhere): python3 measure.py [--work DIR]   (DIR: scratch space, default
/tmp/cutoff-setup-times; it is emptied first)
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
STEPS = [
    ("cargo run --release", "build", ["cargo", "build", "--release"]),
    ("cargo run --release", "run", ["cargo", "run", "--release"]),
    ("cargo test --release --workspace", "build",
     ["cargo", "test", "--release", "--workspace", "--no-run"]),
    ("cargo test --release --workspace", "run", ["cargo", "test", "--release", "--workspace"]),
]


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv, cwd, env, log):
    """Runs argv to completion; its CPU seconds, wall seconds and exit code."""
    cpu, wall = children_cpu(), time.monotonic()
    with open(log, "w") as out:
        code = subprocess.call(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
    return children_cpu() - cpu, time.monotonic() - wall, code


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/cutoff-setup-times"))
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    clone, home = args.work / "clone", args.work / "cargo-home"
    home.mkdir(parents=True)
    subprocess.check_call(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(clone)])
    commit = subprocess.check_output(["git", "rev-parse", "HEAD"], cwd=clone, text=True).strip()
    env = dict(os.environ, CARGO_HOME=str(home))
    env.pop("CARGO_TARGET_DIR", None)
    env["PATH"] = f"{Path.home() / '.cargo' / 'bin'}:{env['PATH']}"
    for i, (command, phase, argv) in enumerate(STEPS):
        load = os.getloadavg()[0]
        cpu, wall, code = timed(argv, clone, env, args.work / f"{i}-{phase}.log")
        line = {"commit": commit, "command": command, "phase": phase, "argv": " ".join(argv),
                "cpu_s": round(cpu, 1), "wall_s": round(wall, 1), "exit": code,
                "cores": os.cpu_count(), "load_at_start": round(load, 2)}
        with open(HERE / "times.jsonl", "a") as out:
            out.write(json.dumps(line) + "\n")
        print(json.dumps(line), flush=True)
        if code != 0:
            raise SystemExit(f"{' '.join(argv)} failed: see {args.work / f'{i}-{phase}.log'}")


if __name__ == "__main__":
    main()
