#!/usr/bin/env python3
"""Writes positions/: bench files that time only issue 44's two targets, for
`cargo xtask ab --positions`:

- kalah.json: Kalah course (`kalah:6,4,course`), `alphabeta+id+tt-value+tt-move+pvs` to depth
  10, on the coordinator's profiled position (moves 4,2,3,6,5,1,2,3,1,4,3) and the first
  KALAH_POSITIONS positions of fixtures/kalah/course-midgame-1pg.json (one a self-play game);
- mingmang.json: Ming Mang `cammp --params cammp-java` to depth 6 on the 16 positions of
  fixtures/bench/mingmang.json;
- every other game's file with no positions.

Each file's `icount` plan (ab's instruction workload, from the start) is the same search.
Run from the repository root."""
import json
import os

SOURCE, OUT = "fixtures/bench", "results/2026-12-02-speed/positions"
KALAH_POSITIONS = 200
KALAH_SEARCH = {"config": "alphabeta+id+tt-value+tt-move+pvs", "depth": 10}
MINGMANG_SEARCH = {"config": "cammp", "depth": 6, "params": ["cammp-java"]}


def kalah(bench):
    bench["game"] = "kalah:6,4,course"
    bench["about"] = "Kalah course: the profiled position and course-midgame-1pg positions."
    sample = json.load(open("fixtures/kalah/course-midgame-1pg.json"))
    bench["positions"] = [
        {"id": "profiled", "phase": "opening", "moves": "4,2,3,6,5,1,2,3,1,4,3",
         "note": "the position of issue 44's first profile"}
    ] + [
        {"id": p["id"], "phase": "middlegame", "moves": ",".join(p["moves"]),
         "note": "fixtures/kalah/course-midgame-1pg.json"}
        for p in sample["positions"][:KALAH_POSITIONS]
    ]
    bench["searches"] = [KALAH_SEARCH]
    bench["icount"]["searches"] = [{"config": KALAH_SEARCH["config"], "depth": 8}]
    bench["solve"] = []


def mingmang(bench):
    bench["searches"] = [MINGMANG_SEARCH]
    bench["icount"]["searches"] = [MINGMANG_SEARCH]


os.makedirs(OUT, exist_ok=True)
for name in sorted(os.listdir(SOURCE)):
    if not name.endswith(".json"):
        continue
    bench = json.load(open(os.path.join(SOURCE, name)))
    if name == "kalah.json":
        kalah(bench)
    elif name == "mingmang.json":
        mingmang(bench)
    else:
        # No positions, and no searches that the older build (0bde094) cannot read.
        bench["positions"] = []
        bench["searches"] = [KALAH_SEARCH]
        bench["icount"]["searches"] = [KALAH_SEARCH]
        if "solve" in bench:
            bench["solve"] = []
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(bench, f, indent=1)
        f.write("\n")
