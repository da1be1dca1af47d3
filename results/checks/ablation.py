"""Second route to a run folder's tables: recompute from records.jsonl alone (no cutoff
code) the mean nodes expanded and the ratio to the baseline per configuration at one depth,
check them against summary.csv, and rank the add-one and leave-one-out rows against the
CAMMP paper's ranking with Kendall's tau; for an all-subsets run, the Shapley values. At
every depth, from records.jsonl and minimal.jsonl: nodes over the minimal tree and the value
drift against an exact baseline, checked against per-depth.csv (and summary.csv at its
depth). The paired ratios and their 95% intervals, clustered by the self-play game of each
position (the `gNN` of an id `gNN-mNN`; any other id is a game of its own), against
summary.csv.
"""
import csv
import json
import math
from pathlib import Path

from .stats import clustered, game_of

# The CAMMP paper's table (nodes at depth 4): technique -> nodes; "tt" = transposition tables.
CAMMP_ADD_ONE = {"quiescence": 550477, "null-move": 237897, "multi-cut": 218994, "tt": 166481,
                 "lmr": 146167, "killers": 64636, "history": 44851}
CAMMP_LEAVE_ONE_OUT = {"lmr": 21395, "multi-cut": 16329, "quiescence": 9078, "history": 8996,
                       "null-move": 6739, "tt": 6278, "killers": 5870}
CAMMP_BASE = 243820
CAMMP_ALL = 5859  # "all (CAMMP)"


def kendall_tau(xs, ys):
    """Kendall's tau-a of two paired lists (no ties expected)."""
    n, s = len(xs), 0
    for i in range(n):
        for j in range(i + 1, n):
            a, b = xs[i] - xs[j], ys[i] - ys[j]
            s += (a * b > 0) - (a * b < 0)
    return s / (n * (n - 1) / 2)


def paired_ratios(rows, depth, base, nodes_of):
    """The paired ratios of summary.csv (geometric mean and clustered interval) against
    the baseline, recomputed; returns how many agree."""
    checked = 0
    for row in rows:
        if not row["paired_ratio"] or row["config"] == base:
            continue
        mine, theirs = nodes_of(row["config"]), nodes_of(base)
        logs = [(game_of(p), math.log(mine[p] / theirs[p])) for p in sorted(mine)
                if p in theirs and mine[p] > 0 and theirs[p] > 0]
        mean, half, games = clustered(logs)
        assert abs(float(row["paired_ratio"]) - math.exp(mean)) < 1e-5, row["config"]
        assert int(row["paired_games"]) == games, row["config"]
        if half is None:
            assert not row["paired_ci95_low"], row["config"]
        else:
            for name, want in (("paired_ci95_low", mean - half), ("paired_ci95_high", mean + half)):
                assert abs(float(row[name]) - math.exp(want)) < 1e-5, (row["config"], name)
        checked += 1
    return checked


def subset_values(manifest, nodes):
    """An all-subsets run's mean ln(nodes) by technique set over the positions every
    configuration searched uncapped, the techniques, and those positions."""
    from math import log
    base = manifest["baseline"]
    flags = lambda c: set() if c == "alphabeta" else set(c.split("+")[1:])
    configs = [p["config"] for p in manifest["configs"]]
    names = {"cammp": "id tt-value tt-move quiescence null-move killers multi-cut history lmr"}
    sets = {c: frozenset(names[c].split()) if c in names else frozenset(flags(c)) for c in configs}
    techniques = sorted(set().union(*sets.values()) - flags(base))
    common = set.intersection(*(set(nodes[c]) for c in configs))
    value = {sets[c]: sum(log(nodes[c][p]) for p in common) / len(common) for c in configs}
    return value, techniques, common


def subsets(folder, depth=4, nodes=None):
    """An all-subsets run's Shapley values on ln(nodes) (`shapley`), its add-one and
    leave-one-out effects (`add_one`, `leave_one_out`, on ln(nodes)), the pairwise Shapley
    interactions (`interaction`, keyed `a|b` in sorted order), each effect's rank (`rank`,
    1 = saves most), each effect as a factor on nodes (`factor`), how many positions
    (`positions`) and from how many games (`games`)."""
    from math import factorial
    if nodes is None:
        manifest = json.loads((Path(folder) / "manifest.json").read_text())
        nodes = {}
        for line in (Path(folder) / "records.jsonl").read_text().splitlines():
            r = json.loads(line)
            if r["depth"] == depth and not r["capped"]:
                nodes.setdefault(r["config"], {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
        nodes = (manifest, nodes)
    value, techniques, common = subset_values(*nodes)
    k, full = len(techniques), frozenset(techniques)
    weight = lambda size, others: factorial(size) * factorial(others - size - 1) / factorial(others)
    shapley = {t: sum(weight(len(s), k) * (value[s | {t}] - v) for s, v in value.items()
                      if t not in s) for t in techniques}
    interaction = {}
    for i, a in enumerate(techniques):
        for b in techniques[i + 1:]:
            interaction[f"{a}|{b}"] = sum(
                weight(len(s), k - 1) * (value[s | {a, b}] - value[s | {a}] - value[s | {b}] + v)
                for s, v in value.items() if a not in s and b not in s)
    table = {"shapley": shapley, "interaction": interaction, "positions": len(common),
             "games": len({game_of(p) for p in common}),
             "add_one": {t: value[frozenset([t])] - value[frozenset()] for t in techniques},
             "leave_one_out": {t: value[full] - value[full - {t}] for t in techniques}}
    order = lambda name: sorted(table[name], key=table[name].get)
    table["rank"] = {name: {t: i + 1 for i, t in enumerate(order(name))}
                     for name in ("shapley", "add_one", "leave_one_out")}
    table["factor"] = {name: {t: math.exp(v) for t, v in table[name].items()}
                       for name in ("shapley", "add_one", "leave_one_out")}
    return table


def shapley(manifest, nodes):
    """Prints an all-subsets run's Shapley values on ln(nodes) by technique."""
    table = subsets(None, nodes=(manifest, nodes))
    print(f"\nShapley values on ln(nodes), {table['positions']} positions, "
          f"{len(manifest['configs'])} configurations:")
    for t, phi in table["shapley"].items():
        print(f"  {t:12} {phi:+.3f}")


# Techniques that change root values by design; tt-value too where the game's hash is not
# complete (Game::HASH_IS_COMPLETE) or the table cuts deeper.
INEXACT = {"quiescence", "null-move", "multi-cut", "lmr", "threat-space", "greedy"}
INCOMPLETE_HASH = {"mingmang", "blackwhite"}
PRESET_FLAGS = {"alphabeta": {"ab"}, "minimax": set(),
                "cammp": {"ab", "id", "tt-value", "tt-move", "quiescence", "null-move",
                          "killers", "multi-cut", "history", "lmr"}}


FLAGS = ["ab", "id", "tt-value", "tt-move", "killers", "history", "pvs", "aspiration",
         "quiescence", "null-move", "multi-cut", "lmr", "threat-space", "candidate-sort",
         "greedy", "liberties"]


def is_exact(config, manifest):
    """Whether `config` keeps the root value: a negamax preset whose flags are all exact."""
    preset = next((p for p in [*PRESET_FLAGS, "all"] if config.split("+")[0].startswith(p)), None)
    if preset is None:
        return False
    game_specific = {"threat-space", "candidate-sort", "greedy", "liberties"}
    flags = set(FLAGS) - game_specific if preset == "all" else set(PRESET_FLAGS[preset])
    rest = config[len(preset):]
    while rest:
        sign, rest = rest[0], rest[1:]
        name = max((f for f in FLAGS if rest.startswith(f) and rest[len(f):][:1] in "+-"),
                   key=len)
        flags = flags | {name} if sign == "+" else flags - {name}
        rest = rest[len(name):]
    game = manifest["game"].split(":")[0]
    tt_exact = game not in INCOMPLETE_HASH and manifest["params"].get("tt-cut-deeper", 0) == 0
    return not (flags & INEXACT) and ("tt-value" not in flags or tt_exact)


def close(field, value, tol):
    """Whether a CSV field holds `value` (None: empty) within `tol`."""
    if value is None:
        return field == ""
    return field != "" and abs(float(field) - value) <= tol


def limits(run, manifest, summary_rows):
    """Nodes over the minimal tree and the value drift per configuration and depth,
    recomputed from the records and minimal.jsonl, against per-depth.csv and summary.csv."""
    records = {}
    for line in (run / "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        records[(r["config"], r["depth"], r["position"])] = r
    trees = {}
    path = run / "minimal.jsonl"
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                m = json.loads(line)
                trees.setdefault(m["depth"], {})[m["position"]] = m["n_nodes"]
    base = manifest["baseline"]
    exact = is_exact(base, manifest)

    def expected(config, depth):
        found = [(records[(config, depth, p)], n) for p, n in trees.get(depth, {}).items()
                 if (config, depth, p) in records]
        ratio = None
        if found and not any(r["capped"] for r, _ in found):
            ratio = sum(r["n_nodes"] + r["n_qnodes"] for r, _ in found) / sum(n for _, n in found)
        pairs = [(r, records[(base, depth, p)]) for (c, d, p), r in records.items()
                 if c == config and d == depth and (base, depth, p) in records
                 and not r["capped"] and not records[(base, depth, p)]["capped"]]
        drift = [None] * 3
        if exact and pairs:
            n = len(pairs)
            drift = [sum(a["score"] != b["score"] for a, b in pairs) / n,
                     sum(abs(a["score"] - b["score"]) for a, b in pairs) / n,
                     sum(a["best_move"] != b["best_move"] for a, b in pairs) / n]
        return [ratio] + drift

    def agree(row, depth):
        want = expected(row["config"], depth)
        names = ["minimal_ratio", "score_drift", "mean_abs_score_diff", "move_drift"]
        for name, value, tol in zip(names, want, [1e-5, 1e-5, 1e-3, 1e-5]):
            assert close(row[name], value, tol), (row["config"], depth, name, row[name], value)
        return sum(v is not None for v in want)

    checked = sum(agree(row, int(row["depth"]))
                  for row in csv.DictReader((run / "per-depth.csv").open()))
    checked += sum(agree(row, int(row["depth"])) for row in summary_rows)
    drift = "against " + base if exact else f"none: {base} is not exact"
    print(f"{run.name}: {checked} minimal-tree ratios and drift figures of per-depth.csv and "
          f"summary.csv agree with records.jsonl and minimal.jsonl ({len(trees)} depths with "
          f"minimal trees; drift {drift})")


def check(run, depth_arg=None):
    """Checks the run folder `run` at `depth_arg` (the summary's depth by default); an
    AssertionError names the first disagreement."""
    run = Path(run)
    manifest = json.loads((run / "manifest.json").read_text())
    rows = list(csv.DictReader((run / "summary.csv").open()))
    depth = depth_arg if depth_arg is not None else int(rows[0]["depth"])
    nodes, capped, uncapped = {}, set(), {}
    for line in (run / "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        if r["depth"] == depth and r["capped"]:
            capped.add(r["config"])
        elif r["depth"] == depth:
            nodes.setdefault(r["config"], {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
        if r["depth"] == depth and not r["capped"]:
            uncapped.setdefault(r["config"], {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
    base = manifest["baseline"]
    mean = {c: sum(v.values()) / len(v) for c, v in nodes.items() if c not in capped}
    checked = 0
    if int(rows[0]["depth"]) == depth:
        for row in rows:
            c = row["config"]
            if row["mean_nodes"]:
                assert abs(float(row["mean_nodes"]) - mean[c]) < 1e-3 * max(1, mean[c]), c
                checked += 1
                if base in capped:  # a capped baseline has no mean, so no ratio
                    assert not row["ratio_to_baseline"], c
                    continue
                common = set(nodes[c]) & set(nodes[base])
                ratio = sum(nodes[c][p] for p in common) / sum(nodes[base][p] for p in common)
                assert abs(float(row["ratio_to_baseline"]) - ratio) < 1e-5, c
    print(f"{run.name} depth {depth}: {checked} rows of summary.csv agree with records.jsonl")
    if int(rows[0]["depth"]) == depth:
        count = paired_ratios(rows, depth, base, lambda c: uncapped.get(c, {}))
        print(f"{run.name} depth {depth}: {count} paired ratios and their clustered intervals "
              "agree with records.jsonl")
    if "minimal_ratio" in rows[0]:
        limits(run, manifest, rows)
    if manifest["plan"] == "all-subsets":
        shapley(manifest, nodes)
        return
    if base not in mean:
        print(f"no ranking against CAMMP at depth {depth}: {base} hit the node cap")
        return
    for role, half in against_cammp(run, depth=depth, nodes=(manifest, mean)).items():
        if role == "all":
            continue
        print(f"\n{role} (ratio to {base}; CAMMP's to its alpha-beta):")
        for name, ratio in half["ours"].items():
            print(f"  {name:12} ours {ratio:8.3f}   CAMMP {half['paper'][name]:6.3f}")
        if half["n"] > 2:
            print(f"  Kendall's tau over the {half['n']} one-to-one techniques: {half['tau']:+.3f}")


def mean_nodes(run, depth):
    """A run's manifest and its mean nodes (q-nodes included) per uncapped configuration."""
    manifest = json.loads((run / "manifest.json").read_text())
    nodes, capped = {}, set()
    for line in (run / "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        if r["depth"] == depth:
            nodes.setdefault(r["config"], []).append(r["n_nodes"] + r["n_qnodes"])
            if r["capped"]:
                capped.add(r["config"])
    return manifest, {c: sum(v) / len(v) for c, v in nodes.items() if c not in capped}


def against_cammp(folder, run=".", depth=4, nodes=None):
    """A run's add-one and leave-one-out rows against the CAMMP paper's, per half: our ratio
    to the baseline (`ours`) and CAMMP's (`paper`) by technique in CAMMP's order (our two
    table rows both against its one), ours over CAMMP's (`over`; `over_min`, `over_max`
    span the one-to-one rows but quiescence's), and Kendall's tau over the `n` one-to-one
    techniques (`tau`; `tau_tt`: with one of our table rows in CAMMP's table row); `all`
    holds the full configuration's `ours` and `paper`."""
    manifest, mean = nodes or mean_nodes(Path(folder) / run, depth)
    base = manifest["baseline"]
    halves = {}
    for role, paper in (("add-one", CAMMP_ADD_ONE), ("leave-one-out", CAMMP_LEAVE_ONE_OUT)):
        ours = {p["technique"]: p["config"] for p in manifest["configs"] if p["role"] == role}
        if not ours:
            continue
        half = {"ours": {}, "paper": {}, "over": {}}
        paired = []
        for technique, paper_nodes in sorted(paper.items(), key=lambda kv: -kv[1]):
            names = ["tt-value", "tt-move"] if technique == "tt" else [technique]
            for name in (n for n in names if n in ours and ours[n] in mean):
                ratio, theirs = mean[ours[name]] / mean[base], paper_nodes / CAMMP_BASE
                half["ours"][name], half["paper"][name] = ratio, theirs
                half["over"][name] = ratio / theirs
                if technique != "tt":
                    paired.append((paper_nodes, ratio))
        half["tau_tt"] = {name: kendall_tau(*zip(*paired, (paper["tt"], half["ours"][name])))
                          for name in ("tt-value", "tt-move") if name in half["ours"] and paired}
        rest = [v for t, v in half["over"].items() if t != "quiescence"]
        half.update(n=len(paired), over_min=min(rest, default=None),
                    over_max=max(rest, default=None),
                    tau=kendall_tau([p for p, _ in paired], [o for _, o in paired])
                    if len(paired) > 1 else None)
        halves[role] = half
    full = next((p["config"] for p in manifest["configs"] if p["role"] == "full"), None)
    if full in mean:
        halves["all"] = {"ours": mean[full] / mean[base], "paper": CAMMP_ALL / CAMMP_BASE}
    return halves
