"""Tables of nodes / minimal tree from the minimal-tree lines (cutoff minimal --json) and a
committed ablation run's records.jsonl: per configuration and depth, the sum of the
configuration's n_nodes over the positions that have a minimal tree, divided by the sum of
their minimal trees. Checks on the way that every node count the minimal command measured
itself (its `nodes` field) equals the committed record's, a second route to the
configurations' side of the ratio. `2026-11-25-minimal/kalah.md` and `mingmang.md` are
these tables."""
import json
from collections import defaultdict
from pathlib import Path

TABLES = [("kalah.md", "minimal-kalah.jsonl", "2026-11-23-kalah-cammp"),
          ("mingmang.md", "minimal-mingmang.jsonl", "2026-11-23-mingmang-cammp")]


def ratios(minimal_path, run):
    """The minimal-tree lines at `minimal_path` against the run folder `run`: the minimal
    trees' node sum per depth (`minimal`), each configuration's n_nodes over it per depth
    (`ratio`, None where a search hit the cap), the positions per depth (`positions`), how
    many lines (`lines`) and how many node counts the minimal command re-measured (`checked`),
    and the mean root moves (`root_moves`, the depth-1 trees' leaves per position)."""
    minimal_path, run = Path(minimal_path), Path(run)
    minimal = {}
    checked = 0
    lines = [json.loads(l) for l in minimal_path.read_text().splitlines() if l.strip()]
    records = defaultdict(dict)
    for l in run.joinpath("records.jsonl").read_text().splitlines():
        r = json.loads(l)
        records[(r["position"], r["depth"])][r["config"]] = r
    for m in lines:
        key = (m["position"], m["depth"])
        minimal[key] = m["minimal_nodes"]
        for config, nodes in zip(m.get("configs", []), m.get("nodes", [])):
            rec = records[key].get(config)
            if rec is not None:
                assert rec["n_nodes"] == nodes, (key, config, rec["n_nodes"], nodes)
                checked += 1
    configs = sorted({c for k in minimal for c in records[k]},
                     key=lambda c: (c != "alphabeta", c))
    depths = sorted({d for _, d in minimal})
    positions = {d: sorted(p for p, dd in minimal if dd == d) for d in depths}
    ratio = {}
    for c in configs:
        for d in depths:
            keys = [(p, d) for p in positions[d]]
            ok = all(c in records[k] and not records[k][c]["capped"] for k in keys)
            ratio.setdefault(c, {})[d] = (sum(records[k][c]["n_nodes"] for k in keys)
                                          / sum(minimal[k] for k in keys)) if ok else None
    roots = [m["minimal_leaves"] for m in lines if m["depth"] == 1]
    return {"minimal": {d: sum(minimal[(p, d)] for p in positions[d]) for d in depths},
            "ratio": ratio, "positions": {d: len(positions[d]) for d in depths},
            "lines": len(lines), "checked": checked, "root_moves": sum(roots) / len(roots)}


def named(folder, name):
    """`ratios` of the table `name` (`kalah.md`, `mingmang.md`) of this folder."""
    _, lines, run = next(t for t in TABLES if t[0] == name)
    return ratios(Path(folder) / lines, Path(folder).parent / run)


def measured(folder, lines, depth):
    """From minimal-tree lines that measured one configuration beside the tree: its nodes
    and the trees' at `depth` (sums), their ratio, and the lowest and highest ratio of a
    position."""
    rows = [json.loads(l) for l in Path(folder, lines).read_text().splitlines() if l.strip()]
    rows = [m for m in rows if m["depth"] == depth]
    per = [m["nodes"][0] / m["minimal_nodes"] for m in rows]
    nodes, trees = sum(m["nodes"][0] for m in rows), sum(m["minimal_nodes"] for m in rows)
    return {"nodes": nodes, "minimal": trees, "ratio": nodes / trees, "low": min(per),
            "high": max(per)}


def table(minimal_path, run):
    """The table of the minimal-tree lines at `minimal_path` against the run folder `run`."""
    t = ratios(minimal_path, run)
    depths = list(t["minimal"])
    rows = ["| configuration | " + " | ".join(f"d{d}" for d in depths) + " |",
            "| --- |" + " --- |" * len(depths)]
    rows.append("| minimal tree (nodes) | " + " | ".join(
        f"{t['minimal'][d]:,}" for d in depths) + " |")
    for c, by_depth in t["ratio"].items():
        cells = ["—" if by_depth[d] is None else f"{by_depth[d]:.2f}" for d in depths]
        rows.append(f"| {c} | " + " | ".join(cells) + " |")
    return "\n".join(rows) + (f"\n\n{t['lines']} minimal trees; positions per depth: "
          + ", ".join(f"d{d} {t['positions'][d]}" for d in depths)
          + f"; {t['checked']} node counts re-measured by cutoff minimal equal the records\n")


def check(folder):
    folder = Path(folder)
    for name, lines, run in TABLES:
        want = table(folder / lines, folder.parent / run)
        assert (folder / name).read_text() == want, f"{folder}/{name} differs from its table"
    table(folder / "minimal-kalah-check.jsonl", folder.parent / TABLES[0][2])
    return f"{len(TABLES)} tables are those of the minimal trees and records"


def write(folder):
    folder = Path(folder)
    for name, lines, run in TABLES:
        (folder / name).write_text(table(folder / lines, folder.parent / run))
