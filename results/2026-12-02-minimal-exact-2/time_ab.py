#!/usr/bin/env python3
"""CPU time to depth 10 on the Kalah course bench positions (results/2026-12-02-speed/
positions/kalah.json, 201 positions), interleaved: `alphabeta+id+tt-value+tt-move+pvs` (A)
against the same with `candidate-sort` (B) and against the best exact configuration of
table.md (C: `+candidate-sort+history+aspiration`, `id-step=4 aspiration-window=1`).

Each round runs one `cutoff bench --positions DIR --timings FILE` process per side in the
order A B C C B A, DIR holding only the Kalah positions with that side's one search; a run's
cost is the searches' CPU time (`cpu_ns` of its timings) and its nodes their `nodes`. Appends
one JSON object a line to time-ab.jsonl (round, side, config, params, nodes, search_cpu_s).
Not rechecked by results/check.py: no table is written from it.

Usage (from the repository root, after `cargo build --release`):
  python3 results/2026-12-02-minimal-exact-2/time_ab.py ROUNDS [BIN]
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
POSITIONS = os.path.join(HERE, "..", "2026-12-02-speed", "positions")
PVS = "alphabeta+id+tt-value+tt-move+pvs"
SIDES = {
    "A": (PVS, []),
    "B": (PVS + "+candidate-sort", []),
    "C": (PVS + "+candidate-sort+history+aspiration", ["id-step=4", "aspiration-window=1"]),
}


def folder(dest, config, params):
    """The bench folder: every game's file, only Kalah's positions, its one search."""
    for name in os.listdir(POSITIONS):
        bench = json.load(open(os.path.join(POSITIONS, name)))
        if name == "kalah.json":
            bench["searches"] = [{"config": config, "depth": 10, "params": params}]
        else:
            bench["positions"] = []
        with open(os.path.join(dest, name), "w") as f:
            json.dump(bench, f)


def main():
    rounds = int(sys.argv[1])
    binary = sys.argv[2] if len(sys.argv) > 2 else "target/release/cutoff"
    with tempfile.TemporaryDirectory() as tmp, open(os.path.join(HERE, "time-ab.jsonl"), "a") as out:
        for side, (config, params) in SIDES.items():
            os.mkdir(os.path.join(tmp, side))
            folder(os.path.join(tmp, side), config, params)
        timings = os.path.join(tmp, "timings.jsonl")
        for r in range(rounds):
            for side in "ABCCBA":
                if os.path.exists(timings):
                    os.remove(timings)
                subprocess.run([binary, "bench", "--positions", os.path.join(tmp, side),
                                "--timings", timings], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                rows = [json.loads(line) for line in open(timings)]
                config, params = SIDES[side]
                record = {"round": r, "side": side, "config": config, "params": params,
                          "nodes": sum(x["nodes"] for x in rows),
                          "search_cpu_s": sum(x["cpu_ns"] for x in rows) / 1e9}
                out.write(json.dumps(record) + "\n")
                print(record, flush=True)


if __name__ == "__main__":
    main()
