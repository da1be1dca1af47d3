#!/usr/bin/env python3
"""Value drift from a committed ablation run's records alone: per configuration and depth,
against plain `alphabeta` (exact: minimax's value at the same depth) on the same position,
the share of positions whose root score differs, the mean absolute score difference, and
the share whose best move differs (a different move of equal value counts too: the records
hold no value per move). Capped searches are left out.

Usage: python3 drift.py RUN_DIR [DEPTH...]   (prints a Markdown table)"""
import json
import sys
from collections import defaultdict
from pathlib import Path

run = Path(sys.argv[1])
records = defaultdict(dict)
for line in run.joinpath("records.jsonl").read_text().splitlines():
    r = json.loads(line)
    records[(r["position"], r["depth"])][r["config"]] = r
depths = sorted({d for _, d in records})
if len(sys.argv) > 2:
    depths = [int(d) for d in sys.argv[2:]]
configs = sorted({c for k in records for c in records[k]}, key=lambda c: (c != "alphabeta", c))
header = "| configuration | " + " | ".join(f"d{d}: score differs / mean abs diff / move differs" for d in depths) + " |"
rows = [header, "| --- |" + " --- |" * len(depths)]
for c in configs:
    cells = []
    for d in depths:
        pairs = [(k[c], k["alphabeta"]) for (p, dd), k in records.items()
                 if dd == d and c in k and "alphabeta" in k
                 and not k[c]["capped"] and not k["alphabeta"]["capped"]]
        if not pairs:
            cells.append("—")
            continue
        n = len(pairs)
        score = sum(a["score"] != b["score"] for a, b in pairs) / n
        delta = sum(abs(a["score"] - b["score"]) for a, b in pairs) / n
        move = sum(a["best_move"] != b["best_move"] for a, b in pairs) / n
        cells.append(f"{score:.0%} / {delta:.1f} / {move:.0%}")
    rows.append(f"| {c} | " + " | ".join(cells) + " |")
print("\n".join(rows))
