#!/usr/bin/env python3
"""Second route to summary.md: recompute every ratio and count from records.jsonl and compare
with the numbers in the summary's tables (to their printed precision). Exit 1 on a mismatch.

Usage: check.py DIR   (DIR holds records.jsonl and summary.md)
"""
import json
import statistics
import sys
from collections import defaultdict

BEST = 32767
NEGAMAX, ALPHABETA, PLAIN = "minimax-rs-negamax", "alphabeta", "plain"
IDTT, ITER = "alphabeta+id+tt-value+tt-move+pvs", "minimax-rs-iterative"


def peer_value(score):
    if score > BEST - 100:
        return BEST
    if score < -(BEST - 100):
        return -BEST
    return score


def main(d):
    recs = [json.loads(line) for line in open(f"{d}/records.jsonl")]
    runs = defaultdict(list)
    for r in recs:
        runs[(r["game"], r["depth"], r["engine"], r["position"])].append(r)
    sums = defaultdict(lambda: [0.0, 0.0])
    for (game, depth, engine, _), rs in runs.items():
        s = sums[(game, depth, engine)]
        s[0] += statistics.median(r["ns"] for r in rs)
        s[1] += statistics.median(r["nodes"] for r in rs)
    same = defaultdict(lambda: [0, 0, 0])
    first = defaultdict(dict)
    for r in recs:
        if r["repeat"] == 0:
            first[(r["game"], r["depth"], r["position"])][r["engine"]] = r
    for (game, depth, _), e in first.items():
        c = same[(game, depth)]
        c[0] += 1
        c[1] += peer_value(e[ALPHABETA]["score"]) == e[NEGAMAX]["score"]
        c[2] += peer_value(e[IDTT]["score"]) == e[ITER]["score"]
        # The bench asserts these; check them again from the records.
        assert (e[ALPHABETA]["nodes"], e[ALPHABETA]["score"]) == (e[PLAIN]["nodes"], e[PLAIN]["score"])

    def pn(game, depth, engine):
        ns, nodes = sums[(game, depth, engine)]
        return ns / nodes

    expected = {}
    for game, depth in sorted(same):
        s = lambda e: sums[(game, depth, e)]
        n, agree_nm, agree_it = same[(game, depth)]
        expected[("ab", game, str(depth))] = [
            f"{pn(game, depth, ALPHABETA):.1f}", f"{pn(game, depth, NEGAMAX):.1f}",
            f"{pn(game, depth, ALPHABETA) / pn(game, depth, NEGAMAX):.2f}",
            f"{pn(game, depth, PLAIN):.1f}",
            f"{pn(game, depth, ALPHABETA) / pn(game, depth, PLAIN):.2f}",
            f"{s(ALPHABETA)[1]:.0f}", f"{s(NEGAMAX)[1]:.0f}",
            f"{s(NEGAMAX)[0] / s(ALPHABETA)[0]:.2f}", f"{agree_nm} of {n}"]
        expected[("id", game, str(depth))] = [
            f"{s(IDTT)[0] / 1e6:.1f}", f"{s(ITER)[0] / 1e6:.1f}",
            f"{s(ITER)[0] / s(IDTT)[0]:.2f}",
            f"{pn(game, depth, IDTT):.1f}", f"{pn(game, depth, ITER):.1f}",
            f"{pn(game, depth, IDTT) / pn(game, depth, ITER):.2f}",
            f"{s(IDTT)[1]:.0f}", f"{s(ITER)[1]:.0f}", f"{agree_it} of {n}"]
    section, seen, bad = None, 0, 0
    for line in open(f"{d}/summary.md"):
        if line.startswith("## Plain"):
            section = "ab"
        elif line.startswith("## Iterative"):
            section = "id"
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        key = (section, cells[0], cells[1] if len(cells) > 1 else "")
        if key in expected:
            seen += 1
            if cells[2:] != expected[key]:
                bad += 1
                print(f"mismatch {key}: summary {cells[2:]} vs records {expected[key]}")
    if seen != len(expected):
        print(f"summary has {seen} of {len(expected)} rows")
        bad += 1
    print(f"{seen} rows checked, {bad} mismatches; {len(recs)} records")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(sys.argv[1])
