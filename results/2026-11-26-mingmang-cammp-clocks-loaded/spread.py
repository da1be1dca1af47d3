#!/usr/bin/env python3
"""Wall time against CPU time of this run's searches: per position and configuration, the
median wall time over the median CPU time, and the spread (max / min, and the coefficient of
variation) of each clock over the repeats. Writes spread.md from records.jsonl and
manifest.json: `python3 spread.py`."""
import json
import statistics as st
from pathlib import Path

here = Path(__file__).parent
records = [json.loads(line) for line in open(here / "records.jsonl")]
manifest = json.loads(open(here / "manifest.json").read())


def spread(times):
    return max(times) / min(times), st.pstdev(times) / st.mean(times)


lines = [
    "# Wall time against CPU time under load",
    "",
    f"Load average (1, 5, 15 min) at the start {manifest.get('load_start')}, "
    f"at the end {manifest.get('load_end')}; {manifest['repeat']} repeats per search.",
    "",
    "| configuration | position | wall / CPU (medians) | wall max/min | CPU max/min | wall CV | CPU CV |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
]
summary = {}
for r in records:
    wall, cpu = spread(r["ns_repeats"]), spread(r["cpu_repeats"])
    ratio = r["ns"] / r["cpu_ns"]
    summary.setdefault(r["config"], []).append((ratio, wall, cpu))
    lines.append(
        f"| {r['config']} | {r['position']} | {ratio:.2f} | {wall[0]:.3f} | {cpu[0]:.3f} "
        f"| {wall[1]:.3f} | {cpu[1]:.3f} |"
    )
lines += ["", "| configuration | wall / CPU | wall max/min | CPU max/min | mean wall CV | mean CPU CV |",
          "| --- | ---: | ---: | ---: | ---: | ---: |"]
for config, rows in summary.items():
    ratios = [r[0] for r in rows]
    wmm = [r[1][0] for r in rows]
    cmm = [r[2][0] for r in rows]
    lines.append(
        f"| {config} | {min(ratios):.2f}-{max(ratios):.2f} | {min(wmm):.3f}-{max(wmm):.3f} "
        f"| {min(cmm):.3f}-{max(cmm):.3f} | {st.mean(r[1][1] for r in rows):.3f} "
        f"| {st.mean(r[2][1] for r in rows):.3f} |"
    )
(here / "spread.md").write_text("\n".join(lines) + "\n")
