#!/usr/bin/env python3
"""Calibrates the demo patch's spin counts with CPU time: per game, how many iterations of the
extra loop in the move generator slow `cutoff bench` by 5%, 10% and 20% of the CPU time main
spends on that game.

Usage: calibrate.py MAIN SPIN OUT.json. Runs, alternately for ROUNDS rounds, `MAIN bench`, `SPIN
bench` with no spin and `SPIN bench` with PROBE spins in every game, keeps every run's per-game
CPU time in OUT.json with the medians, and fits each game's cost per spin from them (the slope
between no spin and PROBE spins). A level's count is the level times main's CPU time over the
slope; the call of the loop itself (its cost at 0 spins) is left out, too small to tell apart
from the noise of CPU time here; the instruction counts of the A/B runs show what it adds.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

GAMES = ["blackwhite", "gomoku", "gothello", "kalah", "mingmang", "tictactoe"]
LEVELS = [5, 10, 20]
ROUNDS = 5
HERE = os.path.dirname(os.path.abspath(__file__))
# Spins a game in the probe: about half of main's CPU time added, so that the slope stands
# well above the noise (set from a first calibration at 200 everywhere, in which Gomoku's
# search-move generator, called far less often a node, moved by less than the noise).
PROBE = {"blackwhite": 600, "gomoku": 12000, "gothello": 250, "kalah": 200, "mingmang": 1500,
         "tictactoe": 120}


def spin_env(counts):
    env = dict(os.environ)
    for game, count in counts.items():
        env["CUTOFF_DEMO_SPIN_" + game.upper()] = str(count)
    return env


def bench_cpu(binary, env, root):
    """Per game, the CPU seconds of its searches in one `bench --timings` run."""
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as timings:
        subprocess.run([binary, "bench", "--timings", timings.name, "--positions",
                        os.path.join(HERE, "positions")], cwd=root, env=env,
                       stdout=subprocess.DEVNULL, check=True)
        cpu = {game: 0.0 for game in GAMES}
        for line in open(timings.name):
            record = json.loads(line)
            cpu[record["game"]] += record["cpu_ns"] / 1e9
    return cpu


def main():
    main_bin, spin_bin, out = (os.path.abspath(arg) for arg in sys.argv[1:4])
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                          text=True, check=True, cwd=os.path.dirname(os.path.abspath(out))).stdout.strip()
    sides = {
        "main": (main_bin, spin_env({})),
        "spin0": (spin_bin, spin_env({g: 0 for g in GAMES})),
        "probe": (spin_bin, spin_env(PROBE)),
    }
    runs = {side: [] for side in sides}
    for round_ in range(ROUNDS):
        for side, (binary, env) in sides.items():
            runs[side].append(bench_cpu(binary, env, root))
        print(f"calibrate: round {round_ + 1}/{ROUNDS}", file=sys.stderr)
    median = {side: {g: statistics.median(r[g] for r in rs) for g in GAMES}
              for side, rs in runs.items()}
    counts = {}
    for level in LEVELS:
        counts[str(level)] = {}
        for g in GAMES:
            slope = (median["probe"][g] - median["spin0"][g]) / PROBE[g]
            counts[str(level)][g] = max(1, round(level / 100 * median["main"][g] / slope))
    json.dump({"probe": PROBE, "rounds": ROUNDS, "runs": runs, "median_cpu_s": median,
               "counts": counts}, open(out, "w"), indent=1, sort_keys=True)
    print(json.dumps(counts, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
