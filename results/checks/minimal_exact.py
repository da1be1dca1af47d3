"""`2026-12-02-minimal-exact` and `-2`: exact configurations against the minimal tree (issue
44).

Reads the minimal trees (`trees-*.jsonl`, `cutoff minimal --json`) and the configuration
lines (`<game>-<parameter set>.jsonl`, `cutoff minimal --trees ... --json`: each position and
depth with every configuration's nodes, main search summed over its iterations, and root
value). Asserts on the way that every configuration's root value equals the tree's (the
minimax value: plain alpha-beta's, whose own lines are among them as `alphabeta`), that the
lines carry the trees of the trees file, and that the depth-6 file's shallower trees are the
depth-5 file's. `table.md` is the table of nodes / minimal tree (summed over the positions,
configuration's nodes over the trees' nodes) per depth. A later run (`RUNS`) may read the
trees of an earlier folder and show only some of the games."""
import json
from collections import defaultdict
from pathlib import Path

# (title, trees file, configuration files' prefix, depths shown, the issue's depths)
GAMES = [
    ("Kalah(6,4) course rules, `fixtures/kalah/course-midgame-1pg.json`",
     "trees-kalah.jsonl", "kalah-", range(6, 13), (10, 11, 12)),
    ("Ming Mang, `fixtures/mingmang/midgame-1pg.json`",
     "trees-mingmang-d5.jsonl", "mingmang-", range(1, 6), (5,)),
    ("Ming Mang at depth 6, the first positions of `fixtures/mingmang/midgame-1pg.json`",
     "trees-mingmang-d6.jsonl", "d6mingmang-", range(4, 7), (5, 6)),
]
BEST = "alphabeta+id+tt-value+tt-move+killers+history+pvs"
# Per run folder: its games (of GAMES) and the folder of its trees, relative to it.
RUNS = {
    "2026-12-02-minimal-exact": (GAMES, "."),
    "2026-12-02-minimal-exact-2": (GAMES[:1], "../2026-12-02-minimal-exact"),
}
# The Kalah move score (`candidate-sort`) came after the first run.
NEW_FLAG = "candidate-sort"


def lines(path):
    return [json.loads(l) for l in Path(path).read_text().splitlines() if l.strip()]


def trees(path):
    """The trees of a trees file by (position, depth), only depths every position reached
    (a stopped run leaves its last depth partial)."""
    by_key = {(m["position"], m["depth"]): m for m in lines(path)}
    positions = {p for p, _ in by_key}
    depths = {d for _, d in by_key}
    full = {d for d in depths if all((p, d) in by_key for p in positions)}
    last = max(depths)
    done = sorted(p for p in positions if (p, last) in by_key)
    return by_key, sorted(full), done


def game_table(folder, trees_path, prefix, shown):
    """Rows (configuration, parameter set) with the ratio per depth; the trees' sums; the
    positions; how many root values were checked."""
    tree, _, _ = trees(trees_path)
    sums = defaultdict(lambda: defaultdict(int))  # (config, params) -> depth -> nodes
    minimal = defaultdict(lambda: defaultdict(int))  # (config, params) -> depth -> tree nodes
    counted = defaultdict(set)
    checked = 0
    for path in sorted(folder.glob(prefix + "*.jsonl")):
        label = path.stem[len(prefix):]
        for m in lines(path):
            key = (m["position"], m["depth"])
            t = tree[key]
            assert (m["minimal_nodes"], m["score"]) == (t["minimal_nodes"], t["score"]), (path, key)
            for config, nodes, score in zip(m["configs"], m["nodes"], m["scores"]):
                assert score == t["score"], f"{path.name} {key} {config}: {score} != {t['score']}"
                checked += 1
                sums[(config, label)][m["depth"]] += nodes
                minimal[(config, label)][m["depth"]] += t["minimal_nodes"]
                counted[m["depth"]].add(m["position"])
    depths = [d for d in shown if counted[d]]
    tree_sum = {d: sum(t["minimal_nodes"] for (p, dd), t in tree.items()
                       if dd == d and p in counted[d]) for d in depths}
    for row in minimal.values():
        for d in depths:
            assert row[d] == tree_sum[d], "a configuration missed positions"
    ratio = {row: {d: sums[row][d] / tree_sum[d] for d in depths} for row in sums}
    return {"ratio": ratio, "minimal": tree_sum, "depths": depths,
            "positions": {d: len(counted[d]) for d in depths}, "checked": checked}


def best_line(t, rows, what, target):
    """The row of `rows` whose highest ratio at the issue's depths (`target`) is lowest, its
    ratios there and whether each is at most 1.3."""
    best = min(rows, key=lambda r: (max(t["ratio"][r][d] for d in target), r))
    within = all(t["ratio"][best][d] <= 1.3 for d in target)
    name = f"`{best[0].replace(BEST, 'B')}` with parameters `{best[1]}`"
    return (f"{what}: {name}: " + ", ".join(f"d{d} {t['ratio'][best][d]:.2f}" for d in target)
            + f"; at most 1.3 at each: {'yes' if within else 'no'}.")


def summary(t, depths, target):
    """The best rows at the issue's depths (`target`), of all and, when the new flag is
    among them, without it; what each change bought: its nodes over `B`'s with today's
    parameters."""
    at = ", ".join(f"d{d}" for d in target)
    out = ["", best_line(t, list(t["ratio"]), f"Best exact at the issue's depths ({at})", target)]
    old = [r for r in t["ratio"] if NEW_FLAG not in r[0]]
    if len(old) < len(t["ratio"]):
        out += ["", best_line(t, old, f"Best exact without `{NEW_FLAG}` (the flags of the "
                              "first run)", target)]
    out += ["", "What each change bought (nodes / nodes of `B` with today's parameters, below 1 "
           "saves):", "",
           "| configuration | parameters | " + " | ".join(f"d{d}" for d in depths) + " |",
           "| --- | --- |" + " --- |" * len(depths)]
    base = t["ratio"][(BEST, "defaults")]
    # With id-step 2 a search to d repeats the search to d - 2 as its earlier iterations (the
    # same tables from the same start), so their difference is its last iteration alone.
    last = [d for d in target if d - 2 in depths]
    if last:
        out[1:1] = ["`B`'s last iteration alone (nodes to d minus nodes to d - 2, which "
                    "are its earlier iterations) / minimal tree: " + ", ".join(
                        f"d{d} {base[d] - base[d - 2] * t['minimal'][d - 2] / t['minimal'][d]:.2f}"
                        for d in last) + ".", ""]
    for row in sorted(t["ratio"], key=lambda r: (r[1], r[0])):
        if row == (BEST, "defaults") or row[0] == "alphabeta":
            continue
        cells = [f"{t['ratio'][row][d] / base[d]:.3f}" for d in depths]
        out.append(f"| {row[0].replace(BEST, 'B')} | {row[1]} | " + " | ".join(cells) + " |")
    return out


def render(folder):
    folder = Path(folder)
    out = ["# Nodes / minimal tree of exact configurations", "",
           "Each cell: the configuration's nodes (main search, `n_nodes` summed over its "
           "iterative-deepening iterations, no quiescence) summed over the positions, divided "
           "by the sum of their minimal trees (`cutoff minimal`: plain alpha-beta with every "
           "node's moves in perfect order). Every root value equals the minimax value (plain "
           "alpha-beta's). Parameter set `defaults` is today's parameters; the others change "
           f"the parameters named. `B` = `{BEST}`. Written by `results/check.py` "
           "(`checks/minimal_exact.py`).", ""]
    games, trees_dir = RUNS[folder.name]
    if trees_dir != ".":
        out += [f"The minimal trees are those of `{trees_dir}`, read from there.", ""]
    for title, trees_file, prefix, shown, target in games:
        t = game_table(folder, folder / trees_dir / trees_file, prefix, shown)
        if not t["depths"]:
            continue
        depths = t["depths"]
        out += [f"## {title}", "",
                "| configuration | parameters | " + " | ".join(f"d{d}" for d in depths) + " |",
                "| --- | --- |" + " --- |" * len(depths),
                "| minimal tree (nodes) | | " + " | ".join(
                    f"{t['minimal'][d]:,}" for d in depths) + " |"]
        rows = sorted(t["ratio"], key=lambda r: (r[1] != "defaults", r[1], r[0] != "alphabeta",
                                                 len(r[0]), r[0]))
        for config, label in rows:
            name = config.replace(BEST, "B")
            cells = [f"{t['ratio'][(config, label)][d]:.2f}" for d in depths]
            out.append(f"| {name} | {label} | " + " | ".join(cells) + " |")
        out += summary(t, depths, target)
        out += ["", "Positions (one per game, so as many games) per depth: " + ", ".join(
            f"d{d} {t['positions'][d]}" for d in depths)
            + f"; {t['checked']:,} root values equal the minimax value.", ""]
    return "\n".join(out)


def check(folder):
    folder = Path(folder)
    games, trees_dir = RUNS[folder.name]
    assert (folder / "table.md").read_text() == render(folder), "table.md differs from its table"
    if GAMES[2] not in games:
        return "table.md is that of the lines"
    d5, _, _ = trees(folder / "trees-mingmang-d5.jsonl")
    d6, _, done = trees(folder / "trees-mingmang-d6.jsonl")
    same = 0
    for key, m in d6.items():
        if key in d5:
            assert (m["minimal_nodes"], m["score"]) == (d5[key]["minimal_nodes"], d5[key]["score"]), key
            same += 1
    return f"table.md is that of the lines; {same} depth-6 run trees repeat the depth-5 run's"


def write(folder):
    (Path(folder) / "table.md").write_text(render(folder))
