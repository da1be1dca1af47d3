#!/usr/bin/env python3
"""Interleaved CPU-time A/B of two cutoff binaries on one game of positions/ (positions.py).

Each round runs `BIN bench --positions DIR --timings FILE` for A, B, B, A (ABBA), DIR holding
only GAME's positions; a run's cost is the process's CPU time (user + system, from
wait4's rusage: the older build records no CPU time of its own), its nodes the sum of the
`nodes` of its timings. Appends one JSON object a line to OUT (label, round, side, game,
cpu_s, nodes, node counts by search) so that summary.py can recompute everything.

Usage (from the repository root):
  python3 results/2026-12-02-speed/cpu_ab.py GAME ROUNDS LABEL BIN_A BIN_B OUT
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def one_game_folder(game, dest):
    """positions/ with every other game's positions removed."""
    src = os.path.join(HERE, "positions")
    for name in os.listdir(src):
        bench = json.load(open(os.path.join(src, name)))
        if name != f"{game}.json":
            bench["positions"] = []
        with open(os.path.join(dest, name), "w") as f:
            json.dump(bench, f)


def run(binary, folder, timings):
    if os.path.exists(timings):
        os.remove(timings)
    proc = subprocess.Popen([binary, "bench", "--positions", folder, "--timings", timings],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        sys.exit(f"{binary} bench failed: status {status}")
    records = [json.loads(line) for line in open(timings)]
    counts = {f"{r['position']} {r['search']}": r["nodes"] for r in records}
    return usage.ru_utime + usage.ru_stime, sum(counts.values()), counts


def main():
    game, rounds, label, bin_a, bin_b, out = sys.argv[1:7]
    work = tempfile.mkdtemp(prefix="cpu-ab-")
    folder = os.path.join(work, "positions")
    os.makedirs(folder)
    one_game_folder(game, folder)
    with open(out, "a") as f:
        for r in range(1, int(rounds) + 1):
            for side in "ABBA":
                binary = bin_a if side == "A" else bin_b
                cpu, nodes, counts = run(binary, folder, os.path.join(work, "t.jsonl"))
                f.write(json.dumps({"label": label, "round": r, "side": side, "game": game,
                                    "cpu_s": round(cpu, 4), "nodes": nodes,
                                    "counts": counts}) + "\n")
                f.flush()
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
