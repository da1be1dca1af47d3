"""A second route to the drift tables' inputs (`check.py --search`): searches the first 5
positions of the Kalah and Ming Mang CAMMP runs again with `cutoff search --json`
(alphabeta and cammp at one depth; `target/release/cutoff` must be built) and checks that
score and best move equal the committed records the tables are computed from."""
import json
import subprocess
from pathlib import Path


def check(folder):
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
    return f"{checked} searches repeat the records' score and best move"
