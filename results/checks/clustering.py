"""How much the interval clustered by game widens the naive one (every position taken as
independent) on a run's paired ratios: the same log ratios, two half-widths."""
import json
import math
import statistics

from .stats import clustered, game_of, t_95


def widening(run, depth=4, base="alphabeta"):
    """Per configuration, the clustered 95% half-width of its log paired ratio to `base` over
    the naive one (Student's t, n - 1 degrees of freedom); with their `min`, `median` and
    `max`, the positions `n` and the `games` they come from."""
    nodes = {}
    for line in (run / "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        if r["depth"] == depth and not r["capped"]:
            nodes.setdefault(r["config"], {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
    theirs, ratios = nodes[base], {}
    games = len({game_of(p) for p in theirs})
    for config, mine in sorted(nodes.items()):
        logs = [(game_of(p), math.log(mine[p] / theirs[p])) for p in sorted(mine)
                if p in theirs and mine[p] > 0 and theirs[p] > 0]
        _, half, _ = clustered(logs)
        values = [v for _, v in logs]
        naive = t_95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
        if config != base and half is not None and naive > 0:
            ratios[config] = half / naive
    spread = sorted(ratios.values())
    return {"by_config": ratios, "min": spread[0], "median": statistics.median(spread),
            "max": spread[-1], "configs": len(spread), "n": len(theirs), "games": games}
