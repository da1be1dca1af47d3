"""The set-up times table (times.md) of a folder measured by its measure.py: per README
command, the CPU and wall minutes of its build and of its run, from the last line of each
(command, phase) in times.jsonl, and their sums over both commands. The README includes
times.md."""
import json
from pathlib import Path

PHASES = ("build", "run")


def table(folder):
    """times.md's text, computed from times.jsonl."""
    lines = [json.loads(l) for l in Path(folder, "times.jsonl").read_text().splitlines() if l]
    last = {(l["command"], l["phase"]): l for l in lines}
    commits = {l["commit"] for l in last.values()}
    assert len(commits) == 1, f"the steps were measured on several commits: {sorted(commits)}"
    assert all(l["exit"] == 0 for l in last.values()), "a measured step failed"
    commands = list(dict.fromkeys(command for command, _ in last))
    assert all((c, p) in last for c in commands for p in PHASES), "a step was not measured"
    cores = {l["cores"] for l in last.values()}
    loads = sorted(l["load_at_start"] for l in last.values())

    def row(name, picked):
        cells = [sum(l[f"{what}_s"] for l in picked if l["phase"] == phase) / 60
                 for phase in PHASES for what in ("cpu", "wall")]
        return f"| {name} | " + " | ".join(f"{c:.1f}" for c in cells) + " |"

    out = ["| command | build CPU (min) | build wall (min) | run CPU (min) | run wall (min) |",
           "| --- | ---: | ---: | ---: | ---: |"]
    out += [row(f"`{c}`", [last[(c, p)] for p in PHASES]) for c in commands]
    out.append(row("both, in this order", list(last.values())))
    out.append("")
    out.append(f"Measured on {', '.join(map(str, sorted(cores)))} cores, commit "
               f"{next(iter(commits))[:8]}, with a new cargo home and an empty target folder "
               f"(`measure.py`); other work shared the machine (load average {loads[0]} to "
               f"{loads[-1]} as the steps began), so read CPU rather than wall time.")
    return "\n".join(out) + "\n"


def check(folder):
    """times.md is the table of times.jsonl."""
    want = table(folder)
    assert Path(folder, "times.md").read_text() == want, "times.md differs from times.jsonl's"
    return "times.md agrees with times.jsonl"


def write(folder):
    Path(folder, "times.md").write_text(table(folder))
