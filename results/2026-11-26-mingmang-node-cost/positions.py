#!/usr/bin/env python3
"""Writes positions/: the bench files of fixtures/bench with Ming Mang's searches cut to its
`cammp` ones (all its positions kept) and every other game's positions removed, so that
`cutoff bench --positions positions` (and `cargo xtask ab --positions positions`) times only
Ming Mang's cammp searches. Its `icount` plan (ab's instruction workload: the first position)
becomes cammp at depth 6. Run from the repository root."""
import json
import os

SOURCE, OUT = "fixtures/bench", "results/2026-11-26-mingmang-node-cost/positions"
os.makedirs(OUT, exist_ok=True)
for name in sorted(os.listdir(SOURCE)):
    if not name.endswith(".json"):
        continue
    bench = json.load(open(os.path.join(SOURCE, name)))
    if name == "mingmang.json":
        bench["searches"] = [s for s in bench["searches"] if s["config"] == "cammp"]
        bench["icount"]["searches"] = [{"config": "cammp", "depth": 6}]
    else:
        bench["positions"] = []
        if "solve" in bench:
            bench["solve"] = []
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(bench, f, indent=1)
        f.write("\n")
