#!/usr/bin/env python3
"""The tables of README.md from data/*.jsonl, records of ../2026-12-02-speed/cpu_ab.py (its
rounds and statistics reused from that folder's summary.py): per comparison (label) and game,
each round's ratio B / A of CPU time (Kalah: the same searches to depth 10, so time to depth)
and of CPU time per node (Ming Mang's target), their median, geometric mean, minimum and
maximum; then the instructions of each game's workload under Callgrind (data/callgrind-*.txt);
then issue 44's targets against this branch's build.

  python3 results/2026-12-02-speed-3/summary.py          print the tables
  python3 results/2026-12-02-speed-3/summary.py --check  exit 1 unless README.md holds them
  python3 results/2026-12-02-speed-3/summary.py --write  write them into README.md
"""
import importlib.util
import json
import statistics
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("speed_summary", HERE.parent / "2026-12-02-speed" / "summary.py")
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)
BEGIN, END = base.BEGIN, base.END

# Builds that search the same trees: every search's node count must agree between A and B.
SAME_TREES = ("main vs speed2",)
# Issue 44's targets, B / A with A = 0bde094.
TARGETS = base.TARGETS
NEW = "speed2"


def records():
    out = []
    for path in sorted((HERE / "data").glob("*.jsonl")):
        out += [json.loads(line) for line in open(path)]
    return out


def check_same_trees(recs):
    for r in recs:
        if r["label"].startswith(SAME_TREES):
            first = next(x for x in recs if x["label"] == r["label"] and x["game"] == r["game"])
            assert r["counts"] == first["counts"], f"node counts differ: {r['label']} {r['game']} {r['round']}"


def ratios(rs, game_or_kind):
    """Per round B / A: CPU time ("cpu") or CPU time per node ("per_node")."""
    if game_or_kind == "cpu":
        return [rs[k]["B"][0] / rs[k]["A"][0] for k in rs]
    return [(rs[k]["B"][0] / rs[k]["B"][1]) / (rs[k]["A"][0] / rs[k]["A"][1]) for k in rs]


def tables():
    recs = records()
    check_same_trees(recs)
    order, by_key = base.rounds(recs)
    lines = [
        "| comparison (A vs B) | game | rounds | A CPU s a run | B CPU s a run | nodes A a run | nodes B a run "
        "| B/A CPU: median | geo. mean | min | max | B/A CPU per node: median | geo. mean |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, game in order:
        rs = by_key[(label, game)]
        if not rs:
            continue
        c, n = base.stats(ratios(rs, "cpu")), base.stats(ratios(rs, "per_node"))
        a_cpu = statistics.median(rs[k]["A"][0] / 2 for k in rs)
        b_cpu = statistics.median(rs[k]["B"][0] / 2 for k in rs)
        first = rs[min(rs)]
        lines.append(
            f"| {label} | {game} | {len(rs)} | {a_cpu:.3f} | {b_cpu:.3f} | {first['A'][1] // 2} "
            f"| {first['B'][1] // 2} | {c[0]:.3f} | {c[1]:.3f} | {c[2]:.3f} | {c[3]:.3f} "
            f"| {n[0]:.3f} | {n[1]:.3f} |"
        )
    return "\n".join(lines) + "\n"


def callgrind_table():
    """Instructions of each game's whole bench process (data/callgrind-BUILD-GAME.txt, the
    heads of `callgrind_annotate`), main against this branch."""
    def total(name):
        text = (HERE / "data" / f"callgrind-{name}.txt").read_text().splitlines()
        line = next(l for l in text if l.endswith("PROGRAM TOTALS"))
        return int(line.split()[0].replace(",", ""))
    lines = [f"| game | instructions, main | instructions, {NEW} | {NEW} / main |",
             "| --- | ---: | ---: | ---: |"]
    for game in ("kalah", "mingmang"):
        a, b = total(f"main-{game}"), total(f"{NEW}-{game}")
        lines.append(f"| {game} | {a:,} | {b:,} | {b / a:.3f} |")
    return "\n".join(lines) + "\n"


def targets():
    """Each comparison of this branch's build against 0bde094: the median against the target."""
    order, by_key = base.rounds(records())
    lines = []
    for label, game in order:
        rs = by_key[(label, game)]
        if not label.startswith(f"0bde094 vs {NEW}") or not rs:
            continue
        what, target = TARGETS[game]
        median = statistics.median(ratios(rs, "cpu" if game == "kalah" else "per_node"))
        verdict = "met" if median <= target else f"not met ({median / target:.3f} x the target)"
        lines.append(f"- {label}, {game}: {what} {NEW} / 0bde094 {median:.3f} (median of "
                     f"{len(rs)} rounds) against the target of at most {target}: {verdict}.")
    return "\n".join(lines) + "\n"


def text():
    """Everything between README.md's markers."""
    return tables() + "\n" + callgrind_table() + "\n" + targets()


def main():
    base.main(HERE, text)


if __name__ == "__main__":
    main()
