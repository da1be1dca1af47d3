"""Second route to the study book: every row of `results/book.json` recomputed from
`results/studies.toml` and the runs' raw files (records.jsonl, games.jsonl, solves.jsonl)
with no cutoff code, and its verdict judged again by the rules the book states."""
import json
import math
import tomllib
from pathlib import Path

from .ablation import subsets
from .claims import paired
from .stats import clustered, game_of

Z = 1.96  # the normal's 97.5% quantile


def wilson(p, n):
    """The 95% Wilson score interval of a share p of n trials."""
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return centre - half, centre + half


def games_under(folder):
    """The games of the match in `folder`, or of every match folder under it (in path
    order), each with its folder's number."""
    if (folder / "games.jsonl").exists():
        files = [folder / "games.jsonl"]
    else:
        files = sorted(folder.rglob("games.jsonl"), key=lambda p: str(p.parent))
    for i, f in enumerate(files):
        for line in f.read_text().splitlines():
            if line.strip():
                yield i, json.loads(line)


def wins(folder, agent, side, decisive=False):
    """The agent's share of won games (of those not drawn, when `decisive`), its interval
    clustered by pair (Wilson over the pairs when every pair is alike), the games and the
    pairs."""
    points = []
    for i, g in games_under(folder):
        if g["end"] == "error":
            continue
        a_first = g["game"] == 0
        is_a, first = {"a": (True, a_first), "b": (False, not a_first),
                       "first-mover": (a_first, True)}[agent]
        a_points = 1.0 if g["end"] == "win" and g["winner"] == 0 else (
            0.5 if g["end"] == "draw" else 0.0)
        if decisive and a_points == 0.5:
            continue
        if side == "all" or (side == "first") == first:
            won = a_points == 1.0 if is_a else a_points == 0.0
            points.append(((i, g["pair"]), 1.0 if won else 0.0))
    if not points:
        return None
    mean, half, pairs = clustered(points)
    interval = wilson(mean, pairs) if half == 0 else (max(mean - half, 0.0), min(mean + half, 1.0))
    return mean, interval, 1.0 / 2, len(points), pairs


def records(folder):
    path = folder / "records.jsonl"
    if not path.exists():
        return []
    return [json.loads(l) for l in path.read_text().splitlines() if l.strip()]


def paired_field(folder, ours):
    """The paired ratio of the records' field `count` (uncapped, non-zero), clustered by game."""
    field, values = ours["count"], {}
    for r in records(folder):
        if field in r and not r.get("capped") and r[field] > 0:
            values[(r["config"], r["depth"], r["position"])] = r[field]
    base_depth = ours.get("base_depth", ours["depth"])
    logs = [(game_of(p), math.log(v / values[(ours["base"], base_depth, p)]))
            for (c, d, p), v in sorted(values.items())
            if c == ours["config"] and d == ours["depth"] and (ours["base"], base_depth, p) in values]
    if not logs:
        return None
    mean, half, games = clustered(logs)
    interval = None if half is None else (math.exp(mean - half), math.exp(mean + half))
    return math.exp(mean), interval, 1.0, len(logs), games


def mean_of(folder, ours):
    """The mean of the records' field over a configuration's positions, clustered by game."""
    points = [(game_of(r["position"]), float(r[ours["field"]])) for r in records(folder)
              if r["config"] == ours["config"] and ours["field"] in r
              and ("depth" not in ours or r["depth"] == ours["depth"])]
    if not points:
        return None
    mean, half, games = clustered(points)
    return mean, None if half is None else (mean - half, mean + half), None, len(points), games


def measure(root, run, ours):
    folder = root / run["folder"]
    if not folder.exists():
        return None
    kind = ours["kind"]
    if kind == "paired":
        folder = folder / ours.get("sub", ".")
        if "count" in ours:
            return paired_field(folder, ours)
        q = {"run": ".", **{k: ours[k] for k in ("config", "base", "depth", "base_depth") if k in ours}}
        value = paired({"paired": q}, folder, {})
        low, high = (paired({"paired": q, "part": p}, folder, {}) for p in ("low", "high"))
        n, games = (paired({"paired": q, "part": p}, folder, {}) for p in ("n", "games"))
        return value, (low, high), 1.0, n, games
    if kind == "shapley":
        table = subsets(folder, ours["depth"])
        return table["factor"]["shapley"][ours["technique"]], None, 1.0, table["positions"], table["games"]
    if kind == "wins":
        return wins(folder / ours["sub"], ours["agent"], ours["side"], ours.get("decisive", False))
    if kind == "mean":
        return mean_of(folder / ours.get("sub", "."), ours)
    rows = [json.loads(l) for l in (folder / ours["file"]).read_text().splitlines() if l]
    value = next(r[ours["field"]] for r in rows if r.get(ours["key"]) == ours["value"])
    return value, None, None, 1, 1


AT_NEUTRAL = 0.01  # the book's AT_NEUTRAL: a share within 0.01 of even, a ratio within 1% of one


def verdict(paper, paper_interval, ours, row):
    """The book's rules, as it states them."""
    if "beyond" in row:
        return "beyond-the-paper"
    if "apart" in row or paper is None:
        return "not-comparable"
    if ours is None:
        return "no-data"
    value, interval, neutral = ours[0], ours[1], ours[2]
    low, high = interval if interval else (value, value)
    if neutral is None:
        return "reproduced" if low <= paper <= high else "contradicted"
    contains = low <= neutral <= high
    slack = AT_NEUTRAL + 1e-9
    at_neutral = abs(paper - neutral) <= slack if neutral == 0.5 else abs(math.log(paper / neutral)) <= slack
    if at_neutral:
        return "no-effect-in-either" if contains else "effect-where-paper-saw-none"
    overlaps = paper_interval and paper_interval[0] <= high and low <= paper_interval[1]
    if "direction" not in row and (low <= paper <= high or overlaps):
        return "reproduced"
    if contains:
        return "no-measurable-effect"
    return "same-direction" if (paper > neutral) == (low > neutral) else "contradicted"


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def same(where, got, ours):
    """Our value as book.json has it against the one recomputed here."""
    if ours is None:
        assert got is None, f"{where}: book.json has a value, the runs have none"
        return
    assert got is not None, f"{where}: book.json has no value, the runs have {ours[0]}"
    assert close(got["value"], ours[0]), f"{where}: ours {got['value']} != {ours[0]}"
    if ours[1]:
        for a, b in zip(got["interval"], ours[1]):
            assert close(a, b), f"{where}: interval {got['interval']} != {ours[1]}"
    else:
        assert got["interval"] is None, f"{where}: an interval the runs do not give"
    assert (got["n"], got["units"]) == (ours[3], ours[4]), f"{where}: n"


def check(root):
    spec = tomllib.loads((root / "studies.toml").read_text())
    book = json.loads((root / "book.json").read_text())["studies"]
    assert [s["id"] for s in spec["study"]] == [s["id"] for s in book], "studies differ"
    checked = columns = 0
    for study, judged in zip(spec["study"], book):
        runs = {r["name"]: r for r in study["run"]}
        assert len(study.get("row", [])) == len(judged["rows"]), f"{study['id']}: row count"
        for row, got in zip(study.get("row", []), judged["rows"]):
            where = f"{study['id']}: {row['label']}"
            paper = row.get("paper")
            paper = paper[0] / paper[1] if isinstance(paper, list) else paper
            paper_interval = wilson(paper, row["paper_games"]) if "paper_games" in row else None
            ours = measure(root, runs[row["ours"]["run"]], row["ours"])
            expected = verdict(paper, paper_interval, ours, row)
            assert got["verdict"] == expected, f"{where}: verdict {got['verdict']}, not {expected}"
            same(where, got["ours"], ours)
            also = row.get("also", [])
            assert len(also) == len(got["also"]), f"{where}: columns"
            for col, got_col in zip(also, got["also"]):
                same(f"{where}: {col['label']}", got_col["ours"], measure(root, runs[col["ours"]["run"]], col["ours"]))
                columns += 1
            checked += 1
    return f"{checked} rows and {columns} columns of book.json agree with the runs"
