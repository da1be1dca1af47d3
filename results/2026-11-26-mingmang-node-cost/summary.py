#!/usr/bin/env python3
"""summary.md of a before/after comparison of Ming Mang's node cost: instructions per node
from two `cargo xtask profile` summaries (Callgrind, exact), CPU time per node from a
`cargo xtask ab` run (its rounds' `cutoff bench --timings` records and its summary.json).

Usage (from the repository root):
  summary.py DIR BEFORE AFTER AB   (folders under DIR; writes DIR/summary.md)"""
import glob
import gzip
import json
import os
import statistics
import sys
from collections import defaultdict


def profile_rows(path):
    return {row["name"]: row for row in json.load(open(path))["searches"]}


def cpu_per_node(ab):
    """{(side, search): [ns per node of each round]}, the search's nodes and CPU time summed
    over the positions."""
    out = defaultdict(list)
    for path in sorted(glob.glob(f"{ab}/rounds/*-mingmang.jsonl*")):
        side = os.path.basename(path).split("-")[1]
        cpu, nodes = defaultdict(int), defaultdict(int)
        for line in (gzip.open(path, "rt") if path.endswith(".gz") else open(path)):
            r = json.loads(line)
            for key in (r["search"], "both searches"):
                cpu[key] += r["cpu_ns"]
                nodes[key] += r["nodes"]
        for key in cpu:
            out[(side, key)].append(cpu[key] / nodes[key])
    return out


def main(d, before, after, ab):
    b, a = profile_rows(f"{d}/{before}/summary.json"), profile_rows(f"{d}/{after}/summary.json")
    lines = [f"# Ming Mang node cost: {before} against {after}", ""]
    lines += ["Instructions per node under Callgrind (`cargo xtask profile --game mingmang`, "
              "start-up subtracted), every bench position:", ""]
    lines += ["| search | nodes before | nodes after | instructions/node before | after | after/before |",
              "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for name in b:
        x, y = b[name], a[name]
        lines.append(f"| {name} | {x['nodes']} | {y['nodes']} | {x['instructions_per_node']:.0f} | "
                     f"{y['instructions_per_node']:.0f} | "
                     f"{y['instructions_per_node'] / x['instructions_per_node']:.3f} |")
    per = cpu_per_node(f"{d}/{ab}")
    rounds = len(per[("base", "both searches")])
    lines += ["", f"CPU time per node (`cargo xtask ab`, {rounds} interleaved rounds; per round "
              "the search's CPU time over its nodes, summed over the positions):", ""]
    lines += ["| search | ns/node before (median) | after (median) | after/before per round: median | min | max |",
              "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for search in sorted({k for _, k in per}):
        base, new = per[("base", search)], per[("new", search)]
        ratios = [n / x for x, n in zip(base, new)]
        lines.append(f"| {search} | {statistics.median(base):.0f} | {statistics.median(new):.0f} | "
                     f"{statistics.median(ratios):.3f} | {min(ratios):.3f} | {max(ratios):.3f} |")
    summary = json.load(open(f"{d}/{ab}/summary.json"))
    for g in summary["games"]:
        if g["game"] == "mingmang":
            lines += ["", f"ab's verdict on all of it: new/base nodes per CPU second "
                      f"{g['ratio']:.3f} [{g['low']:.3f}, {g['high']:.3f}] (95% bootstrap), so CPU per "
                      f"node after/before {1 / g['ratio']:.3f} [{1 / g['high']:.3f}, {1 / g['low']:.3f}]."]
    text = "\n".join(lines) + "\n"
    open(f"{d}/summary.md", "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main(*sys.argv[1:])
