"""Value drift from a committed ablation run's records alone: per configuration and depth,
against plain `alphabeta` (exact: minimax's value at the same depth) on the same position,
the share of positions whose root score differs, the mean absolute score difference, and
the share whose best move differs (a different move of equal value counts too: the records
hold no value per move). Capped searches are left out. `2026-11-25-drift/summary.md` is
these tables of the Kalah and Ming Mang CAMMP runs."""
import json
from collections import defaultdict
from pathlib import Path

RUNS = [("Kalah(6,4) standard", "2026-11-23-kalah-cammp", (4, 8, 12)),
        ("Ming Mang", "2026-11-23-mingmang-cammp", (3, 4, 5))]


def table(run, wanted=()):
    """The drift table of the run folder `run` at the depths `wanted` (all by default)."""
    run = Path(run)
    records = defaultdict(dict)
    for line in run.joinpath("records.jsonl").read_text().splitlines():
        r = json.loads(line)
        records[(r["position"], r["depth"])][r["config"]] = r
    depths = sorted({d for _, d in records})
    if wanted:
        depths = list(wanted)
    configs = sorted({c for k in records for c in records[k]}, key=lambda c: (c != "alphabeta", c))
    header = "| configuration | " + " | ".join(f"d{d}: score differs / mean abs diff / move differs" for d in depths) + " |"
    rows = [header, "| --- |" + " --- |" * len(depths)]
    for c in configs:
        cells = []
        for d in depths:
            pairs = [(k[c], k["alphabeta"]) for (p, dd), k in records.items()
                     if dd == d and c in k and "alphabeta" in k
                     and not k[c]["capped"] and not k["alphabeta"]["capped"]]
            if not pairs:
                cells.append("—")
                continue
            n = len(pairs)
            score = sum(a["score"] != b["score"] for a, b in pairs) / n
            delta = sum(abs(a["score"] - b["score"]) for a, b in pairs) / n
            move = sum(a["best_move"] != b["best_move"] for a, b in pairs) / n
            cells.append(f"{score:.0%} / {delta:.1f} / {move:.0%}")
        rows.append(f"| {c} | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def summary(folder):
    """The drift folder's summary.md."""
    parts = ["# Summary: value drift against exact alpha-beta at the same depth\n",
             "Each cell: share of positions whose root score differs from plain alpha-beta's /",
             "mean absolute score difference (evaluation units) / share whose best move differs.",
             "Written by `results/check.py` (checks/drift.py) from the runs' records.\n"]
    for game, name, depths in RUNS:
        run = Path(folder).parent / name
        n = len({json.loads(l)["position"] for l in (run / "records.jsonl").open()})
        parts.append(f"## {game}, {n} positions (results/{name})\n")
        parts.append(table(run, depths))
    return "\n".join(parts)


def check(folder):
    assert (Path(folder) / "summary.md").read_text() == summary(folder), \
        f"{folder}/summary.md differs from the drift tables of the records (write it with --write)"
    return "summary.md is the drift tables of the records"


def write(folder):
    (Path(folder) / "summary.md").write_text(summary(folder))
