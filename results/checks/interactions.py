"""What a technique interacts with, from an all-subsets run: the technique's effect on the
nodes (the ratio nodes(S + X) / nodes(S)) over every subset S without it, split by whether
each other technique is in S. Geometric means over positions and subsets; intervals
clustered by the positions' games (stats.clustered)."""
import json
import math
from pathlib import Path

from .stats import clustered, game_of


def nodes_by_set(run, depth):
    """{frozenset of techniques: {position: nodes + q-nodes}} of the run's uncapped searches
    at `depth` (the manifest's configurations name the sets)."""
    manifest = json.loads((Path(run) / "manifest.json").read_text())
    techniques = {c["config"]: frozenset(t for t in c["config"].split("+") if t != "alphabeta")
                  for c in manifest["configs"] if c["config"] != "cammp"}
    # `cammp` names the full set.
    full = frozenset().union(*techniques.values())
    nodes = {}
    for line in (Path(run) / "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        if r["depth"] == depth and not r["capped"]:
            s = full if r["config"] == "cammp" else techniques.get(r["config"])
            assert s is not None, f"unknown configuration {r['config']}"
            nodes.setdefault(s, {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
    return nodes


def effects(run, technique, depth):
    """The technique's effect alone, in the full set, over all subsets, and for each other
    technique T: with T in S over without (`ratio`, [`low`, `high`] at 95%), largest first in
    `ranked`."""
    nodes = nodes_by_set(run, depth)
    x = technique
    logs = {}  # S (without x) -> {position: log ratio}
    for s, by_pos in nodes.items():
        if x in s or (s | {x}) not in nodes:
            continue
        other = nodes[s | {x}]
        logs[s] = {p: math.log(other[p] / by_pos[p]) for p in by_pos if p in other
                   and by_pos[p] > 0 and other[p] > 0}
    everything = frozenset().union(*nodes)
    positions = sorted(set.intersection(*(set(v) for v in logs.values())))

    def mean_ratio(sets):
        per = [(game_of(p), sum(logs[s][p] for s in sets) / len(sets)) for p in positions]
        mean, half, _ = clustered(per)
        return math.exp(mean), half

    table = {"alone": mean_ratio([frozenset()])[0],
             "in_full": mean_ratio([everything - {x}])[0],
             "subsets": len(logs), "positions": len(positions),
             "games": len({game_of(p) for p in positions})}
    table["all_subsets"] = mean_ratio(list(logs))[0]
    by = {}
    for t in sorted(everything - {x}):
        with_t = [s for s in logs if t in s]
        without = [s for s in logs if t not in s]
        per = [(game_of(p), sum(logs[s][p] for s in with_t) / len(with_t)
                - sum(logs[s][p] for s in without) / len(without)) for p in positions]
        mean, half, _ = clustered(per)
        by[t] = {"ratio": math.exp(mean), "low": math.exp(mean - half),
                 "high": math.exp(mean + half)}
    table["by"] = by
    table["ranked"] = sorted(by, key=lambda t: -by[t]["ratio"])
    return table


if __name__ == "__main__":
    import sys
    print(json.dumps(effects(sys.argv[1], sys.argv[2], int(sys.argv[3])), indent=1, default=str))
