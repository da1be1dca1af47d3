#!/usr/bin/env python3
"""Depth reached under a node budget, with and without the transposition table.

For each run folder given (an `ablate --node-budget B` run of Black & White), reads
records.jsonl and writes the folder's README.md: the command from manifest.json, the budget
and what it is in CPU seconds at the speed of the companion depth-8 run (nodes expanded over
the searching thread's CPU time, each configuration's own), and per configuration the depth
each position completed within the budget (the record's `depth_completed`), with the
per-position difference to the run's baseline (no table).

Usage: python3 depths.py RUN [RUN...] [--check]   (--check: fail unless README.md is current)
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE.parent
# The commit these runs were built from: their manifests name its source hash (`build`) but
# not the revision when the tree held other new run folders, uncommitted, at the start.
BUILT_AT = "9ec8a5d1790f50976a985934aa46961176951902"
SPEED_RUN = {"opening": "2026-12-02-blackwhite-evals-d8-opening",
             "midgame": "2026-12-02-blackwhite-evals-d8-midgame"}


def speeds(run):
    """Nodes expanded per CPU second of each configuration over the whole run."""
    nodes, cpu = {}, {}
    for line in (RESULTS / run / "records.jsonl").open():
        r = json.loads(line)
        nodes[r["config"]] = nodes.get(r["config"], 0) + r["n_nodes"] + r["n_qnodes"]
        cpu[r["config"]] = cpu.get(r["config"], 0) + r["cpu_ns"]
    return {c: nodes[c] / (cpu[c] / 1e9) for c in nodes}


def render(folder):
    manifest = json.loads((folder / "manifest.json").read_text())
    budget = manifest["node_budget"]
    base = manifest["baseline"]
    reached = {}
    for line in (folder / "records.jsonl").open():
        r = json.loads(line)
        reached.setdefault(r["config"], {})[r["position"]] = r["depth_completed"]
    configs = [c["config"] for c in manifest["configs"]]
    positions = sorted(reached[base])
    games = sorted({p.split("-")[0] for p in positions})
    speed_run = SPEED_RUN[manifest["fixture"]["set"]]
    speed = speeds(speed_run)
    cmd = " ".join(["cutoff"] + manifest["command_line"][1:])
    lines = [
        f"# Black & White: depth reached under a budget of {budget:,} nodes a move "
        f"(`{manifest['fixture']['set']}`)",
        "",
        "The McGill study reached ply 9 without its transposition table and ply 10 with it "
        "in 7 seconds a move on a 1 GHz Athlon; it gives no speed in nodes, so the time "
        "limit cannot be converted. Here the deterministic stand-in: iterative deepening one "
        "ply at a time (`id-step=1`, the table kept between iterations, fresh for every "
        "position) ends once the search has expanded the budget, and the record's "
        "`depth_completed` is the deepest iteration completed within it. Written by "
        "`python3 results/2026-12-02-blackwhite-budget-opening/depths.py` from "
        "`records.jsonl` (every number below).",
        "",
        f"Command (run after `cargo build --release` at `{BUILT_AT}`, build "
        f"`{manifest['build']}`):",
        "",
        f"```\n{cmd}\n```",
        "",
        f"{len(positions)} positions from {len(games)} self-play games of set "
        f"`{manifest['fixture']['set']}`. The budget in our CPU time, at each configuration's "
        f"speed in `{speed_run}` (nodes expanded over the searching thread's CPU seconds, "
        "on a loaded machine):",
        "",
    ]
    lines.append(f"- budget {budget:,} nodes:")
    for c in configs:
        if c in speed:
            lines.append(f"  - `{c}`: {speed[c] / 1e6:.2f} M nodes a second, so "
                         f"{budget / speed[c]:.2f} s; 7 s of our CPU would be "
                         f"{7 * speed[c]:,.0f} nodes")
    lines += ["", "| configuration | mean depth completed | positions at each depth | "
              "deeper / same / shallower than without the table | mean difference |",
              "| --- | ---: | --- | ---: | ---: |"]
    for c in configs:
        d = reached[c]
        hist = {}
        for p in positions:
            hist[d[p]] = hist.get(d[p], 0) + 1
        spread = ", ".join(f"{k}: {v}" for k, v in sorted(hist.items()))
        diff = [d[p] - reached[base][p] for p in positions]
        counts = (sum(x > 0 for x in diff), sum(x == 0 for x in diff), sum(x < 0 for x in diff))
        lines.append(f"| `{c}` | {sum(d[p] for p in positions) / len(positions):.2f} | "
                     f"{spread} | {counts[0]} / {counts[1]} / {counts[2]} | "
                     f"{sum(diff) / len(diff):+.2f} |")
    lines += ["", "Per position (depth completed):", "",
              "| position | " + " | ".join(f"`{c}`" for c in configs) + " |",
              "| --- |" + " ---: |" * len(configs)]
    for p in positions:
        lines.append(f"| {p} | " + " | ".join(str(reached[c][p]) for c in configs) + " |")
    lines.append("")
    return "\n".join(lines)


def main():
    check = "--check" in sys.argv[1:]
    for arg in [a for a in sys.argv[1:] if a != "--check"]:
        folder = Path(arg)
        text, readme = render(folder), folder / "README.md"
        if check:
            if not readme.exists() or readme.read_text() != text:
                sys.exit(f"{readme} is not what depths.py writes: run it again")
            print(f"{readme}: up to date")
        else:
            readme.write_text(text)
            print(f"wrote {readme}")


if __name__ == "__main__":
    main()
