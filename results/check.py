#!/usr/bin/env python3
"""Second route to a run's tables: recompute from records.jsonl alone (no cutoff code) the
mean nodes expanded and the ratio to the baseline per configuration at one depth, check them
against summary.csv, and rank the add-one and leave-one-out rows against the CAMMP paper's
ranking with Kendall's tau; for an all-subsets run, the Shapley values.

Usage: python3 results/check.py RUN_DIR [DEPTH]   (DEPTH: the summary's depth by default)
"""
import csv
import json
import sys
from pathlib import Path

# The CAMMP paper's table (nodes at depth 4): technique -> nodes; "tt" = transposition tables.
CAMMP_ADD_ONE = {"quiescence": 550477, "null-move": 237897, "multi-cut": 218994, "tt": 166481,
                 "lmr": 146167, "killers": 64636, "history": 44851}
CAMMP_LEAVE_ONE_OUT = {"lmr": 21395, "multi-cut": 16329, "quiescence": 9078, "history": 8996,
                       "null-move": 6739, "tt": 6278, "killers": 5870}
CAMMP_BASE = 243820


def kendall_tau(xs, ys):
    """Kendall's tau-a of two paired lists (no ties expected)."""
    n, s = len(xs), 0
    for i in range(n):
        for j in range(i + 1, n):
            a, b = xs[i] - xs[j], ys[i] - ys[j]
            s += (a * b > 0) - (a * b < 0)
    return s / (n * (n - 1) / 2)


def shapley(manifest, nodes):
    """Shapley values on ln(nodes) from an all-subsets run's records (every configuration's
    uncapped positions in common), printed by technique."""
    from math import factorial, log
    base = manifest["baseline"]
    flags = lambda c: set() if c == "alphabeta" else set(c.split("+")[1:])
    configs = [p["config"] for p in manifest["configs"]]
    names = {"cammp": "id tt-value tt-move quiescence null-move killers multi-cut history lmr"}
    sets = {c: frozenset(names[c].split()) if c in names else frozenset(flags(c)) for c in configs}
    techniques = sorted(set().union(*sets.values()) - flags(base))
    common = set.intersection(*(set(nodes[c]) for c in configs))
    value = {sets[c]: sum(log(nodes[c][p]) for p in common) / len(common) for c in configs}
    k = len(techniques)
    print(f"\nShapley values on ln(nodes), {len(common)} positions, {len(configs)} configurations:")
    for t in techniques:
        phi = 0.0
        for s, v in value.items():
            if t not in s:
                n = len(s)
                phi += factorial(n) * factorial(k - n - 1) / factorial(k) * (value[s | {t}] - v)
        print(f"  {t:12} {phi:+.3f}")


def main():
    run = Path(sys.argv[1])
    manifest = json.loads((run / "manifest.json").read_text())
    rows = list(csv.DictReader((run / "summary.csv").open()))
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else int(rows[0]["depth"])
    nodes = {}
    for line in (run / "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        if r["depth"] == depth and not r["capped"]:
            nodes.setdefault(r["config"], {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
    base = manifest["baseline"]
    mean = {c: sum(v.values()) / len(v) for c, v in nodes.items()}
    checked = 0
    if len(sys.argv) <= 2 or int(rows[0]["depth"]) == depth:
        for row in rows:
            c = row["config"]
            if row["mean_nodes"]:
                assert abs(float(row["mean_nodes"]) - mean[c]) < 1e-3 * max(1, mean[c]), c
                common = set(nodes[c]) & set(nodes[base])
                ratio = sum(nodes[c][p] for p in common) / sum(nodes[base][p] for p in common)
                assert abs(float(row["ratio_to_baseline"]) - ratio) < 1e-5, c
                checked += 1
    print(f"{run.name} depth {depth}: {checked} rows of summary.csv agree with records.jsonl")
    if manifest["plan"] == "all-subsets":
        shapley(manifest, nodes)
        return
    for role, paper in (("add-one", CAMMP_ADD_ONE), ("leave-one-out", CAMMP_LEAVE_ONE_OUT)):
        ours = {p["technique"]: p["config"] for p in manifest["configs"] if p["role"] == role}
        if not ours:
            continue
        print(f"\n{role} (ratio to {base}; CAMMP's to its alpha-beta):")
        paired = []
        for technique, paper_nodes in sorted(paper.items(), key=lambda kv: -kv[1]):
            names = ["tt-value", "tt-move"] if technique == "tt" else [technique]
            for name in names:
                if name in ours and ours[name] in mean:
                    ratio = mean[ours[name]] / mean[base]
                    print(f"  {name:12} ours {ratio:8.3f}   CAMMP {paper_nodes / CAMMP_BASE:6.3f}")
                    if technique != "tt":
                        paired.append((paper_nodes, ratio))
        if len(paired) > 2:
            tau = kendall_tau([p for p, _ in paired], [o for _, o in paired])
            print(f"  Kendall's tau over the {len(paired)} one-to-one techniques: {tau:+.3f}")


if __name__ == "__main__":
    main()
