#!/usr/bin/env python3
"""Writes positions/<game>.json, the demo's bench workload: the full `cutoff bench` takes 15 s
of CPU time (12.6 s of it Ming Mang), too long for 13 A/B runs of 10 rounds of two builds in
45 minutes. Per game, from fixtures/bench/<game>.json and main's costs in
workload-timings.jsonl (`cutoff bench --timings` of main): the searches in file order that fit
in TARGET seconds of CPU time together (the cheapest one when none fits), then the positions
repeated (ids suffixed ~2, ~3, ...) as often as still fits. No solver positions."""
import collections
import json
import os

TARGET = 0.5
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def main():
    cost = collections.defaultdict(float)
    for line in open(os.path.join(HERE, "workload-timings.jsonl")):
        record = json.loads(line)
        cost[(record["game"], record["search"])] += record["cpu_ns"] / 1e9
    os.makedirs(os.path.join(HERE, "positions"), exist_ok=True)
    for name in sorted(os.listdir(os.path.join(ROOT, "fixtures", "bench"))):
        game = name.removesuffix(".json")
        bench = json.load(open(os.path.join(ROOT, "fixtures", "bench", name)))
        costs = {k[1]: c for k, c in cost.items() if k[0] == game}
        kept, spent = [], 0.0
        for search, key in zip(bench["searches"], search_keys(bench, costs)):
            if spent + costs[key] <= TARGET:
                kept.append(search)
                spent += costs[key]
        if not kept:
            cheapest = min(zip(bench["searches"], search_keys(bench, costs)),
                           key=lambda s: costs[s[1]])
            kept, spent = [cheapest[0]], costs[cheapest[1]]
        repeats = max(1, int(TARGET // spent))
        bench["searches"] = kept
        bench["positions"] = [dict(p, id=p["id"] + (f"~{r + 1}" if r else ""))
                              for r in range(repeats) for p in bench["positions"]]
        bench.pop("solve", None)
        with open(os.path.join(HERE, "positions", name), "w") as out:
            json.dump(bench, out, indent=1)
            out.write("\n")
        print(f"{game}: {len(kept)} searches, positions x{repeats}, "
              f"{spent * repeats:.2f} s of main's CPU time")


def search_keys(bench, costs):
    """The timings' key of each search of `bench`, in file order: the one key whose config,
    params and depth match (`config[params]@dN`)."""
    keys = []
    for search in bench["searches"]:
        params = search.get("params", [])
        suffix = f"[{','.join(params)}]" if params else ""
        depth = f"@d{search['depth']}" if search["config"] != "solve" else ""
        key = f"{search['config']}{suffix}{depth}"
        if key not in costs:
            matches = [k for k in costs if k.startswith(search["config"]) and k.endswith(depth)
                       and all(p in k for p in params)]
            assert len(matches) == 1, (key, matches)
            key = matches[0]
        keys.append(key)
    return keys


if __name__ == "__main__":
    main()
