#!/usr/bin/env python3
"""The tables of README.md from data/*.jsonl (cpu_ab.py's records): per comparison (label)
and game, each round's ratio B / A of CPU time (Kalah: the same searches to depth 10, so time
to depth) and of CPU time per node (Ming Mang's target), then their median, geometric mean,
minimum and maximum over the rounds. A round's A and B are the sums of its two runs each.

  python3 results/2026-12-02-speed/summary.py          print the tables
  python3 results/2026-12-02-speed/summary.py --check  exit 1 unless README.md holds them
"""
import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
BEGIN, END = "<!-- tables: begin -->", "<!-- tables: end -->"


def rounds(records):
    """(label, game) -> round -> side -> [cpu_s, nodes] summed over the round's runs."""
    out = defaultdict(lambda: defaultdict(lambda: {"A": [0.0, 0, 0], "B": [0.0, 0, 0]}))
    order = []
    for r in records:
        key = (r["label"], r["game"])
        if key not in order:
            order.append(key)
        side = out[key][r["round"]][r["side"]]
        side[0] += r["cpu_s"]
        side[1] += r["nodes"]
        side[2] += 1
    # Only whole rounds (ABBA: two runs a side) count.
    for key in out:
        for k in [k for k, sides in out[key].items() if sides["A"][2] + sides["B"][2] < 4]:
            del out[key][k]
    return order, out


def stats(values):
    geo = math.exp(sum(math.log(v) for v in values) / len(values))
    return statistics.median(values), geo, min(values), max(values)


def tables():
    records = []
    for path in sorted((HERE / "data").glob("*.jsonl")):
        records += [json.loads(line) for line in open(path)]
    order, by_key = rounds(records)
    # Builds that search the same trees must agree on every search's node count.
    for r in records:
        if r["label"] == "merge-base vs sow-runs":
            first = next(x for x in records if x["label"] == r["label"] and x["game"] == r["game"])
            assert r["counts"] == first["counts"], f"node counts differ: {r['game']} {r['round']}"
    lines = [
        "| comparison (A vs B) | game | rounds | A CPU s a run | B CPU s a run | nodes A a run | nodes B a run "
        "| B/A CPU: median | geo. mean | min | max | B/A CPU per node: median | geo. mean |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, game in order:
        rs = by_key[(label, game)]
        if not rs:
            continue
        cpu = [rs[k]["B"][0] / rs[k]["A"][0] for k in rs]
        per_node = [(rs[k]["B"][0] / rs[k]["B"][1]) / (rs[k]["A"][0] / rs[k]["A"][1]) for k in rs]
        a_cpu = statistics.median(rs[k]["A"][0] / 2 for k in rs)
        b_cpu = statistics.median(rs[k]["B"][0] / 2 for k in rs)
        first = rs[min(rs)]
        c, n = stats(cpu), stats(per_node)
        lines.append(
            f"| {label} | {game} | {len(rs)} | {a_cpu:.3f} | {b_cpu:.3f} | {first['A'][1] // 2} "
            f"| {first['B'][1] // 2} | {c[0]:.3f} | {c[1]:.3f} | {c[2]:.3f} | {c[3]:.3f} "
            f"| {n[0]:.3f} | {n[1]:.3f} |"
        )
    return "\n".join(lines) + "\n"


def callgrind_table():
    """Instructions of the profiled Kalah search, from data/callgrind-*.txt
    (`callgrind_annotate` heads): the whole process and the lines charged to the sow."""
    rows = {}
    for name in ("merge-base", "sow-runs"):
        text = (HERE / "data" / f"callgrind-{name}.txt").read_text().splitlines()
        count = lambda line: int(line.split()[0].replace(",", ""))
        total = next(count(l) for l in text if l.endswith("PROGRAM TOTALS"))
        sow = sum(count(l) for l in text if "kalah::Position::sow" in l)
        rows[name] = (total, sow)
    (t0, s0), (t1, s1) = rows["merge-base"], rows["sow-runs"]
    return (
        "| build | instructions, whole process | of them in the sow |\n"
        "| --- | ---: | ---: |\n"
        f"| merge-base | {t0:,} | {s0:,} |\n"
        f"| sow-runs | {t1:,} | {s1:,} |\n"
        f"| sow-runs / merge-base | {t1 / t0:.3f} | {s1 / s0:.3f} |\n"
    )


# Issue 44's targets, B / A with A = 0bde094: Kalah's CPU time to depth 10, Ming Mang's CPU
# time per node.
TARGETS = {"kalah": ("CPU time", 0.6), "mingmang": ("CPU time per node", 0.5)}


def targets():
    """One line a comparison against 0bde094 of this branch's build: the median against the
    target."""
    records = []
    for path in sorted((HERE / "data").glob("*.jsonl")):
        records += [json.loads(line) for line in open(path)]
    order, by_key = rounds(records)
    lines = []
    for label, game in order:
        rs = by_key[(label, game)]
        if not label.startswith("0bde094 vs sow-runs") or not rs:
            continue
        what, target = TARGETS[game]
        if game == "kalah":
            values = [rs[k]["B"][0] / rs[k]["A"][0] for k in rs]
        else:
            values = [(rs[k]["B"][0] / rs[k]["B"][1]) / (rs[k]["A"][0] / rs[k]["A"][1]) for k in rs]
        median = statistics.median(values)
        verdict = "met" if median <= target else f"not met ({median / target:.2f} x the target)"
        lines.append(f"- {label}, {game}: {what} sow-runs / 0bde094 {median:.3f} (median of "
                     f"{len(rs)} rounds) against the target of at most {target}: {verdict}.")
    return "\n".join(lines) + "\n"


def text():
    """Everything between README.md's markers."""
    return tables() + "\n" + callgrind_table() + "\n" + targets()


def main(here=HERE, make_text=text):
    """Prints `make_text()`, the tables of the README.md in `here`; `--check` exits 1 unless
    README.md holds them between the markers, `--write` writes them there."""
    text_ = make_text()
    path = here / "README.md"
    if "--write" in sys.argv[1:]:
        head, rest = path.read_text().split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        path.write_text(f"{head}{BEGIN}\n{text_}{END}{tail}")
        return
    if "--check" in sys.argv[1:]:
        inside = path.read_text().split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"
        if inside != text_:
            sys.exit("README.md's tables differ from the data: rerun summary.py")
        print("README.md tables match data/")
        return
    print(text_, end="")


if __name__ == "__main__":
    main()
