"""Second route to the study book: every row of `results/book.json` recomputed from
`results/studies.toml` and the runs' raw files (records.jsonl, games.jsonl, solves.jsonl)
with no cutoff code, and its verdict judged again by the rules the book states."""
import json
import math
import tomllib
from pathlib import Path

from .claims import paired
from .stats import clustered

Z = 1.96  # the normal's 97.5% quantile


def wilson(p, n):
    """The 95% Wilson score interval of a share p of n trials."""
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return centre - half, centre + half


def wins(folder, agent, side):
    """The agent's share of won games, its interval clustered by pair (Wilson over the pairs
    when every pair is alike), the games and the pairs."""
    points = []
    for line in (folder / "games.jsonl").read_text().splitlines():
        g = json.loads(line)
        if g["end"] == "error":
            continue
        first = (g["game"] == 0) == (agent == "a")
        if side == "all" or (side == "first") == first:
            a_points = 1.0 if g["end"] == "win" and g["winner"] == 0 else (
                0.5 if g["end"] == "draw" else 0.0)
            won = a_points == 1.0 if agent == "a" else a_points == 0.0
            points.append((g["pair"], 1.0 if won else 0.0))
    mean, half, pairs = clustered(points)
    interval = wilson(mean, pairs) if half == 0 else (max(mean - half, 0.0), min(mean + half, 1.0))
    return mean, interval, 1.0 / 2, len(points), pairs


def measure(root, run, ours):
    folder = root / run["folder"]
    kind = ours["kind"]
    if kind == "paired":
        q = {"run": ".", **{k: ours[k] for k in ("config", "base", "depth", "base_depth") if k in ours}}
        folder = folder / ours.get("sub", ".")
        value = paired({"paired": q}, folder, {})
        low, high = (paired({"paired": q, "part": p}, folder, {}) for p in ("low", "high"))
        n, games = (paired({"paired": q, "part": p}, folder, {}) for p in ("n", "games"))
        return value, (low, high), 1.0, n, games
    if kind == "wins":
        return wins(folder / ours["sub"], ours["agent"], ours["side"])
    rows = [json.loads(l) for l in (folder / ours["file"]).read_text().splitlines() if l]
    value = next(r[ours["field"]] for r in rows if r.get(ours["key"]) == ours["value"])
    return value, None, None, 1, 1


def verdict(paper, paper_interval, ours, apart):
    """The book's rules, as it states them."""
    if paper is None or ours is None or apart:
        return "no-data" if ours is None and not apart else "not-comparable"
    value, interval, neutral = ours[0], ours[1], ours[2]
    if neutral is None:
        return "reproduced" if paper == value else "contradicted"
    low, high = interval
    if low <= paper <= high or (paper_interval and paper_interval[0] <= high
                                and low <= paper_interval[1]):
        return "reproduced"
    same = math.copysign(1, paper - neutral) == math.copysign(1, value - neutral)
    return "same-direction" if same else "contradicted"


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def check(root):
    spec = tomllib.loads((root / "studies.toml").read_text())
    book = json.loads((root / "book.json").read_text())["studies"]
    assert [s["id"] for s in spec["study"]] == [s["id"] for s in book], "studies differ"
    checked = 0
    for study, judged in zip(spec["study"], book):
        runs = {r["name"]: r for r in study["run"]}
        assert len(study.get("row", [])) == len(judged["rows"]), f"{study['id']}: row count"
        for row, got in zip(study.get("row", []), judged["rows"]):
            where = f"{study['id']}: {row['label']}"
            paper = row.get("paper")
            paper = paper[0] / paper[1] if isinstance(paper, list) else paper
            paper_interval = wilson(paper, row["paper_games"]) if "paper_games" in row else None
            ours = measure(root, runs[row["ours"]["run"]], row["ours"])
            expected = verdict(paper, paper_interval, ours, "apart" in row)
            assert got["verdict"] == expected, f"{where}: verdict {got['verdict']}, not {expected}"
            assert close(got["ours"]["value"], ours[0]), f"{where}: ours {got['ours']['value']} != {ours[0]}"
            if ours[1]:
                for a, b in zip(got["ours"]["interval"], ours[1]):
                    assert close(a, b), f"{where}: interval {got['ours']['interval']} != {ours[1]}"
            assert (got["ours"]["n"], got["ours"]["units"]) == (ours[3], ours[4]), f"{where}: n"
            checked += 1
    return f"{checked} rows of book.json agree with the runs"
