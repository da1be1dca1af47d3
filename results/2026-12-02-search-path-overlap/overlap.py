#!/usr/bin/env python3
"""Positions on one another's search path: does it matter for the paired ratios' intervals?

Two positions of a set overlap at depth d when the moves of one are the moves of the other
followed by 1 to d more moves: the deeper one is a node of the shallower one's depth-d tree
(on its move path; transpositions, reached by another move order, are not looked for). The
run's intervals are clustered by the self-play game of each position (`results/checks/
stats.py`, the same computation as `cutoff report`), which covers overlaps inside one game but
treats positions of different games as independent. For every committed run below, at the
depth of its summary table, this script

- counts the overlapping pairs of the positions the run searched (all, and across games),
- recomputes every configuration's paired node ratio to the baseline with its 95% interval
  clustered by game (checked against the run's summary.csv), clustered by connected group
  (positions joined by sharing a game or by overlapping), and clustered by game after
  dropping positions until no two overlap across games (the position in most pairs first,
  ties by id),
- and compares the intervals' widths (on the log scale) and verdicts (interval wholly below
  1, wholly above, or containing 1).

Usage: python3 overlap.py           writes README.md beside this script
       python3 overlap.py --check   fails unless README.md is what it would write
Reads only committed files: the runs' manifest.json, records.jsonl and summary.csv, and the
fixture files they name.
"""
import csv
import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE.parent
ROOT = RESULTS.parent
sys.path.insert(0, str(RESULTS))
from checks.stats import clustered, game_of  # noqa: E402

RUNS = [
    "2026-11-26-mingmang-cammp-1pg",
    "2026-11-26-mingmang-cammp-java-q-count",
    "2026-11-26-kalah-cammp-1pg",
    "2026-11-27-blackwhite-minimax-1pg",
    "2026-11-23-blackwhite-audet",
    "2026-11-23-blackwhite-audet-midgame",
    "2026-11-23-blackwhite-audet-midgame-tt-value",
    "2026-12-02-blackwhite-evals-d8-opening",
    "2026-12-02-blackwhite-evals-d8-midgame",
]


def pairs_of(moves, depth):
    """The pairs (shallow, deep) of position ids where deep's moves extend shallow's by 1 to
    `depth` moves."""
    found = []
    for a, ma in moves.items():
        for b, mb in moves.items():
            extra = len(mb) - len(ma)
            if 1 <= extra <= depth and mb[: len(ma)] == ma:
                found.append((a, b))
    return sorted(found)


def groups_of(ids, pairs):
    """Connected groups of `ids` joined by sharing a game or by a pair: id -> group name."""
    parent = {p: p for p in ids}

    def find(p):
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    def join(a, b):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    by_game = {}
    for p in ids:
        by_game.setdefault(game_of(p), []).append(p)
    for members in by_game.values():
        for p in members[1:]:
            join(members[0], p)
    for a, b in pairs:
        join(a, b)
    return {p: find(p) for p in ids}


def dropped_for(pairs):
    """Positions to drop so that no pair across games is left: the one in most pairs first."""
    left = [(a, b) for a, b in pairs if game_of(a) != game_of(b)]
    dropped = set()
    while left:
        count = {}
        for a, b in left:
            for p in (a, b):
                count[p] = count.get(p, 0) + 1
        worst = min(count, key=lambda p: (-count[p], p))
        dropped.add(worst)
        left = [(a, b) for a, b in left if worst not in (a, b)]
    return dropped


def interval(points):
    mean, half, groups = clustered(points)
    return mean, half, groups


def verdict(mean, half):
    if half is None:
        return "none"
    if mean + half < 0:
        return "below 1"
    if mean - half > 0:
        return "above 1"
    return "contains 1"


def analyse(name):
    run = RESULTS / name
    manifest = json.loads((run / "manifest.json").read_text())
    fixture = json.loads((ROOT / manifest["fixture"]["path"]).read_text())
    rows = list(csv.DictReader((run / "summary.csv").open()))
    depth = int(rows[0]["depth"])
    nodes = {}
    for line in (run / "records.jsonl").open():
        r = json.loads(line)
        if r["depth"] == depth and not r["capped"]:
            nodes.setdefault(r["config"], {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
    searched = set().union(*(set(v) for v in nodes.values()))
    moves = {p["id"]: p["moves"] for p in fixture["positions"] if p["id"] in searched}
    pairs = pairs_of(moves, depth)
    whole = pairs_of({p["id"]: p["moves"] for p in fixture["positions"]}, depth)
    across = [(a, b) for a, b in pairs if game_of(a) != game_of(b)]
    group = groups_of(sorted(moves), pairs)
    dropped = dropped_for(pairs)
    base = manifest["baseline"]
    out = {"name": name, "set": manifest["fixture"]["set"], "game": manifest["game"],
           "depth": depth, "positions": len(moves), "pairs": len(pairs),
           "set_positions": len(fixture["positions"]), "set_pairs": len(whole),
           "across": len(across), "games": len({game_of(p) for p in moves}),
           "groups": len(set(group.values())), "dropped": len(dropped), "configs": []}
    for row in rows:
        config = row["config"]
        if config == base or not row["paired_ratio"] or config not in nodes:
            continue
        mine, theirs = nodes[config], nodes[base]
        logs = [(p, math.log(mine[p] / theirs[p])) for p in sorted(mine)
                if p in theirs and mine[p] > 0 and theirs[p] > 0]
        by_game = interval([(game_of(p), v) for p, v in logs])
        assert abs(math.exp(by_game[0]) - float(row["paired_ratio"])) < 1e-5, (name, config)
        if by_game[1] is not None:
            low = math.exp(by_game[0] - by_game[1])
            assert abs(low - float(row["paired_ci95_low"])) < 1e-5, (name, config)
        by_group = interval([(group[p], v) for p, v in logs])
        kept = interval([(game_of(p), v) for p, v in logs if p not in dropped])
        out["configs"].append({"config": config, "game": by_game, "group": by_group,
                               "kept": kept})
    return out


def fmt(est):
    mean, half, _ = est
    if half is None:
        return f"{math.exp(mean):.3g} (no interval)"
    return f"{math.exp(mean):.3g} [{math.exp(mean - half):.3g}, {math.exp(mean + half):.3g}]"


def width_ratio(a, b):
    """b's interval width over a's (both on the log scale), None without both."""
    if a[1] is None or b[1] is None or a[1] == 0:
        return None
    return b[1] / a[1]


def median(xs):
    xs = sorted(xs)
    if not xs:
        return None
    m = len(xs) // 2
    return xs[m] if len(xs) % 2 else (xs[m - 1] + xs[m]) / 2


def finding(results):
    """The conclusion, its numbers from `results`."""
    def mw(r, how):
        return median([w for c in r["configs"]
                       if (w := width_ratio(c["game"], c[how])) is not None])

    def changed(r, how):
        return sum(verdict(*c["game"][:2]) != verdict(*c[how][:2]) for c in r["configs"])

    one = [r for r in results if r["set"].endswith("-1pg")]
    many = [r for r in results if not r["set"].endswith("-1pg") and r["across"] > 0]
    clean = [r for r in results if not r["set"].endswith("-1pg") and r["across"] == 0]
    text = ["## Finding", ""]
    if one:
        widest = max(mw(r, "group") for r in one)
        verdicts = sum(changed(r, "group") + changed(r, "kept") for r in one)
        text.append(
            f"One position per game ({len(one)} runs: "
            + ", ".join(sorted({f"{r['game'].split(':')[0]} `{r['set']}`" for r in one}))
            + f"): the median interval clustered by connected group is at most {widest:.2f} "
            f"times the by-game one, and {verdicts} verdicts change by grouping or dropping. "
            + ("The overlap does not widen these intervals: for these sets it does not matter, "
               "and no set is redrawn." if widest <= 1 and verdicts == 0 else
               "The overlap matters for these sets."))
    for r in many:
        text.append(
            "")
        text.append(
            f"`{r['name']}` (`{r['set']}`, {r['games']} games): {r['across']} overlapping pairs "
            f"across games join the games into {r['groups']} groups, so a by-group interval "
            f"has {r['groups'] - 1} degree(s) of freedom; its median width is "
            f"{mw(r, 'group'):.2f} times the by-game one, and {changed(r, 'group')} of "
            f"{len(r['configs'])} verdicts change (dropping {r['dropped']} positions instead: "
            f"{mw(r, 'kept'):.2f} times, {changed(r, 'kept')} change).")
    if many:
        text += ["", "On the sets with several positions per game and overlaps across games, the "
                 "by-game intervals count games as independent that share subtrees: they may be "
                 "too narrow (the by-group widths above). Sets without overlap across games: "
                 + ", ".join(sorted({f"`{r['set']}` ({r['game']})" for r in clean}))
                 + "; the one-position-per-game sets above show the overlap does not matter "
                 "there. No new set was drawn: the existing midgame and `opening-1pg` sets are "
                 "the ones to prefer for Black & White's intervals."]
    return "\n".join(text)


def render(results):
    lines = [
        "# Positions on one another's search path: do they matter for the intervals?",
        "",
        "Written by `python3 results/2026-12-02-search-path-overlap/overlap.py` from the "
        "committed runs' records, summaries and fixtures (every number below; `--check` "
        "verifies this file). How the overlap is defined and what is recomputed: the "
        "script's docstring. In short: two positions overlap at depth d when one's moves "
        "extend the other's by 1 to d moves; the runs' intervals are clustered by self-play "
        "game; here they are recomputed clustered by *connected group* (positions joined by "
        "a game or an overlap) and, clustered by game, after *dropping* positions until no "
        "two of different games overlap. Widths are of the interval on the log scale, as a "
        "ratio to the by-game interval's.",
        "",
        "| run | set | depth | pairs in the whole set | positions | games "
        "| overlapping pairs (across games) | groups | dropped | median width by group / by game | median width dropped / by game "
        "| verdicts changed by grouping | verdicts changed by dropping |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    total_changed = [0, 0, 0]
    widest = []
    changes = []
    for r in results:
        wg = [w for c in r["configs"] if (w := width_ratio(c["game"], c["group"])) is not None]
        wk = [w for c in r["configs"] if (w := width_ratio(c["game"], c["kept"])) is not None]
        ch_g = sum(verdict(*c["game"][:2]) != verdict(*c["group"][:2]) for c in r["configs"])
        ch_k = sum(verdict(*c["game"][:2]) != verdict(*c["kept"][:2]) for c in r["configs"])
        for c in r["configs"]:
            for how in ("group", "kept"):
                was, now = verdict(*c["game"][:2]), verdict(*c[how][:2])
                if was != now:
                    changes.append(f"`{r['name']}` {c['config']} "
                                   f"({'by group' if how == 'group' else 'dropped'}): "
                                   f"interval {was} by game, {now} ({r['groups']} groups)")
        total_changed[0] += ch_g
        total_changed[1] += ch_k
        total_changed[2] += len(r["configs"])
        widest += wg
        m = lambda xs: "—" if median(xs) is None else f"{median(xs):.2f}"
        lines.append(
            f"| `{r['name']}` | {r['game']} `{r['set']}` | {r['depth']} | "
            f"{r['set_pairs']} in {r['set_positions']} | {r['positions']} | "
            f"{r['games']} | {r['pairs']} ({r['across']}) | {r['groups']} | {r['dropped']} | "
            f"{m(wg)} | {m(wk)} | {ch_g} of {len(r['configs'])} | {ch_k} of {len(r['configs'])} |")
    lines += [
        "",
        f"Over the {total_changed[2]} configurations of these runs, grouping by overlap changes "
        f"the verdict of {total_changed[0]} and dropping the overlapping positions that of "
        f"{total_changed[1]}; the widest interval by group is "
        f"{max(widest):.2f} times the by-game one (median {median(widest):.2f}).",
        "",
        "Verdicts that change: " + ("; ".join(changes) if changes else "none") + ".",
        "",
        finding(results),
        "",
        "## Every configuration",
        "",
        "Paired node ratio to the run's baseline, geometric mean [95% interval]: clustered by "
        "game (as committed), by connected group, and by game after dropping.",
        "",
    ]
    for r in results:
        lines += [f"### `{r['name']}` (depth {r['depth']})", "",
                  "| configuration | by game | by group | dropped |", "| --- | --- | --- | --- |"]
        for c in r["configs"]:
            lines.append(f"| {c['config']} | {fmt(c['game'])} | {fmt(c['group'])} | "
                         f"{fmt(c['kept'])} |")
        lines.append("")
    return "\n".join(lines)


def main():
    text = render([analyse(n) for n in RUNS])
    readme = HERE / "README.md"
    if "--check" in sys.argv[1:]:
        if readme.read_text() != text:
            sys.exit(f"{readme} is not what overlap.py writes: run it again")
        print(f"{readme.name}: up to date")
    else:
        readme.write_text(text)
        print(f"wrote {readme}")


if __name__ == "__main__":
    main()
