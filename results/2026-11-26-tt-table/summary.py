#!/usr/bin/env python3
"""Tabulates an A/B of table builds (ab.sh): per game and depth, our ID+TT+PVS time to depth
(CPU ms summed over the positions, median over repeats) for each build and round, the
IterativeSearch control of the same runs, and each build's time as a ratio of the reference
build's in the same round (geometric mean and range over rounds).

Usage: summary.py DIR REFERENCE   (DIR holds NAME-ROUND folders of records.jsonl)
"""
import json
import math
import os
import statistics
import sys
from collections import defaultdict

IDTT, ITER = "alphabeta+id+tt-value+tt-move+pvs", "minimax-rs-iterative"


def load(path):
    per = defaultdict(list)
    nodes = defaultdict(list)
    for line in open(path):
        r = json.loads(line)
        per[(r["game"], r["depth"], r["engine"], r["position"])].append(r["ns"])
        nodes[(r["game"], r["depth"], r["engine"], r["position"])].append(r["nodes"])
    ms, n = defaultdict(float), defaultdict(int)
    for key, values in per.items():
        ms[key[:3]] += statistics.median(values) / 1e6
        n[key[:3]] += statistics.median(nodes[key])
    return ms, n


def ratio(runs, build, reference, rnd, key, engine):
    """build's time over reference's in round rnd; "normalised": each over its own run's
    IterativeSearch time first."""
    def t(b, e):
        return runs[(b, rnd)][0][key + (e,)]
    if engine == "normalised":
        return (t(build, IDTT) / t(build, ITER)) / (t(reference, IDTT) / t(reference, ITER))
    return t(build, engine) / t(reference, engine)


def main(d, reference):
    runs = {}
    for name in sorted(os.listdir(d)):
        if os.path.exists(f"{d}/{name}/records.jsonl"):
            build, _, rnd = name.rpartition("-")
            runs[(build, int(rnd))] = load(f"{d}/{name}/records.jsonl")
    builds = sorted({b for b, _ in runs})
    rounds = sorted({r for _, r in runs})
    keys = sorted({k[:2] for ms, _ in runs.values() for k in ms})
    print("Our ID+TT+PVS, CPU ms to depth summed over the positions, per build and round;")
    print("nodes are the first round's.\n")
    head = [f"{b} r{r}" for b in builds for r in rounds]
    print("| game | depth | " + " | ".join(head) + " | " + " | ".join(f"{b} nodes" for b in builds) + " |")
    print("| --- | ---: |" + " ---: |" * (len(head) + len(builds)))
    for g, dep in keys:
        cells = [f"{runs[(b, r)][0][(g, dep, IDTT)]:.1f}" for b in builds for r in rounds]
        nodes = [f"{runs[(b, rounds[0])][1][(g, dep, IDTT)]}" for b in builds]
        print(f"| {g} | {dep} | " + " | ".join(cells) + " | " + " | ".join(nodes) + " |")
    print(f"\nEach build's time over {reference}'s in the same round (below 1: faster than")
    print(f"{reference}): geometric mean [min-max] over rounds; IterativeSearch's own ratio")
    print("(the same engine in both runs) shows the noise between runs.\n")
    others = [b for b in builds if b != reference]
    print("The last columns divide each run's time by its own IterativeSearch time first (the")
    print("load of the moment cancels).\n")
    head = others + [f"IterativeSearch {b}" for b in others] + [f"normalised {b}" for b in others]
    print("| game | depth | " + " | ".join(head) + " |")
    print("| --- | ---: |" + " ---: |" * len(head))
    for g, dep in keys:
        cells = []
        for engine in (IDTT, ITER, "normalised"):
            for b in others:
                ratios = [ratio(runs, b, reference, r, (g, dep), engine) for r in rounds]
                gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
                cells.append(f"{gm:.2f} [{min(ratios):.2f}-{max(ratios):.2f}]")
        print(f"| {g} | {dep} | " + " | ".join(cells) + " |")




def peer_ratios(d):
    """IterativeSearch's time to depth over ours, per arm: [min-max] over rounds (above 1:
    ours is faster)."""
    runs = {}
    for name in sorted(os.listdir(d)):
        if os.path.exists(f"{d}/{name}/records.jsonl"):
            build, _, rnd = name.rpartition("-")
            runs.setdefault(build, []).append(load(f"{d}/{name}/records.jsonl")[0])
    keys = sorted({k[:2] for ms_list in runs.values() for ms in ms_list for k in ms})
    print("\nIterativeSearch's time to depth over ours in the same run, [min-max] over rounds")
    print("(above 1: ours is faster).\n")
    print("| game | depth | " + " | ".join(runs) + " |")
    print("| --- | ---: |" + " ---: |" * len(runs))
    for g, dep in keys:
        cells = []
        for b, ms_list in runs.items():
            r = [ms[(g, dep, ITER)] / ms[(g, dep, IDTT)] for ms in ms_list]
            cells.append(f"{min(r):.2f}-{max(r):.2f}")
        print(f"| {g} | {dep} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
    peer_ratios(sys.argv[1])
