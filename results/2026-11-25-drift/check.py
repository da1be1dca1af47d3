#!/usr/bin/env python3
"""Second route to the drift tables: searches the first 5 positions of each run again with
`cutoff search --json` (alphabeta and cammp at one depth) and checks that score and best
move equal the committed records the tables are computed from.
Usage (repository root): python3 results/2026-11-25-drift/check.py"""
import json
import subprocess
from pathlib import Path

checked = 0
for run, game, depth in [("results/2026-11-23-mingmang-cammp", "mingmang", 4),
                         ("results/2026-11-23-kalah-cammp", "kalah", 8)]:
    fixture = json.loads(Path(f"fixtures/{game}/opening.json").read_text())
    records = {}
    for line in Path(run, "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        records[(r["position"], r["config"], r["depth"])] = r
    for entry in fixture["positions"][:5]:
        for config in ["alphabeta", "cammp"]:
            out = subprocess.run(["target/release/cutoff", "search", "-g", game, "-m",
                                  ",".join(entry["moves"]), "-c", config, "-d", str(depth),
                                  "--json"], check=True, capture_output=True, text=True)
            last = json.loads(out.stdout.strip().splitlines()[-1])
            rec = records[(entry["id"], config, depth)]
            assert (last["score"], last["best_move"]) == (rec["score"], rec["best_move"]), \
                (run, entry["id"], config, last["score"], rec["score"])
            checked += 1
print(f"check: {checked} searches repeat the records' score and best move")
