#!/usr/bin/env python3
"""Issue 44's target table from records.jsonl (the figures of ../checks/minimax_rs.py, which
also checks summary.md): per game and depth, our ID+TT+PVS time to depth divided by
minimax-rs `IterativeSearch`'s (CPU time, each engine's median over the repeats summed over
the positions; below 1: ours is faster), against the target of at most 1 / 1.5, beside the
same ratio in ../2026-11-26-minimax-rs-rerun (the run before issue 44's speed work).

  python3 results/2026-12-02-minimax-rs-speed2/targets.py          print the table
  python3 results/2026-12-02-minimax-rs-speed2/targets.py --check  exit 1 unless README.md holds it
  python3 results/2026-12-02-minimax-rs-speed2/targets.py --write  write it into README.md
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from checks import minimax_rs  # noqa: E402

BEGIN, END = "<!-- targets: begin -->", "<!-- targets: end -->"
EARLIER = HERE.parent / "2026-11-26-minimax-rs-rerun"
# The earlier run's name in the table (a later folder sets both on this module).
EARLIER_NAME = "2026-11-26 rerun"
TARGET = 1 / 1.5


def ours_over_iterative(folder):
    """Per (game, depth): the ratio, from the first folder holding it of `folder` and its
    subfolders with a records.jsonl (here: Ming Mang depth 6 is in mingmang-6/)."""
    out = {}
    for records in sorted(Path(folder).glob("**/records.jsonl"), key=lambda p: len(p.parts)):
        rows = minimax_rs.figures(records.parent)["id"]
        for game, depths in rows.items():
            for depth, cells in depths.items():
                out.setdefault((game, int(depth)), 1 / cells["iter_over_ours_time"])
    return out


def text():
    now, before = ours_over_iterative(HERE), ours_over_iterative(EARLIER)
    lines = ["| game | depth | ours / IterativeSearch time to depth | target at most 0.667 "
             f"| same ratio, {EARLIER_NAME} | now / then |",
             "| --- | ---: | ---: | --- | ---: | ---: |"]
    met = 0
    for (game, depth), ratio in sorted(now.items()):
        ok = ratio <= TARGET
        met += ok
        verdict = "met" if ok else f"not met ({ratio / TARGET:.2f} x the target)"
        then = before.get((game, depth))
        then_cells = f"{then:.2f} | {ratio / then:.2f}" if then else "- | -"
        lines.append(f"| {game} | {depth} | {ratio:.2f} | {verdict} | {then_cells} |")
    lines.append("")
    lines.append(f"Target met at {met} of {len(now)} depths.")
    return "\n".join(lines) + "\n"


def check(folder=None):
    readme = (Path(folder or HERE) / "README.md").read_text()
    inside = readme.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"
    assert inside == text(), "README.md's target table differs from records.jsonl: rerun targets.py"
    return "target table agrees with records.jsonl"


def write():
    readme = (HERE / "README.md").read_text()
    head, rest = readme.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    (HERE / "README.md").write_text(f"{head}{BEGIN}\n{text()}{END}{tail}")


def main():
    if "--check" in sys.argv[1:]:
        print(check())
    elif "--write" in sys.argv[1:]:
        write()
    else:
        print(text(), end="")


if __name__ == "__main__":
    main()
