"""Second route to this run's tables: recomputes, from games.jsonl alone, each match's
wins by colour, pentanomial counts, moves, nodes, depth and time per move and plies per
game, checks the counts against the summary.md that cutoff wrote, and prints the rows that
summary.md (the one of this folder) quotes.

The folder: `2026-11-25-gomoku-ab-vs-mcts`.
"""
import json
import os


def load(run, match):
    with open(os.path.join(run, match, "games.jsonl")) as f:
        return [json.loads(line) for line in f]


def match_stats(run, match):
    """One match's counts from its games: A's wins, draws and losses overall and by colour,
    the pentanomial over pairs, per seat (0: A) the moves and the nodes, depth and
    milliseconds per move, the plies per game (opening included) and A's moves per game."""
    games = load(run, match)
    score = {"overall": [0, 0, 0], "moving first": [0, 0, 0], "moving second": [0, 0, 0]}
    pairs = {}
    moves = {0: [], 1: []}
    plies, a_moves = [], []
    for g in games:
        first = g["game"]  # 0: A moves first
        a_moves.append(sum((first + i) % 2 == 0 for i in range(len(g["moves"]))))
        if g["end"] == "win":
            a_result = 0 if g["winner"] == 0 else 2
        else:
            a_result = 1
        for key in ("overall", "moving first" if first == 0 else "moving second"):
            score[key][a_result] += 1
        pairs.setdefault(g["pair"], []).append({0: 1.0, 1: 0.5, 2: 0.0}[a_result])
        for i, m in enumerate(g["moves"]):
            moves[(first + i) % 2].append(m)
        plies.append(len(g["opening"]) + len(g["moves"]))
    penta = [0] * 5
    for points in pairs.values():
        penta[int(2 * sum(points))] += 1
    mean = lambda ms, key: sum(m[key] for m in ms) / len(ms)
    seats = [{"moves": len(ms), "nodes": mean(ms, "nodes"), "depth": mean(ms, "depth"),
              "ms": mean(ms, "us") / 1000} for ms in (moves[0], moves[1])]
    return {"score": {k: dict(zip(("wins", "draws", "losses"), v)) for k, v in score.items()},
            "penta": penta, "seats": seats, "games": len(games),
            "plies": {"min": min(plies), "max": max(plies), "mean": sum(plies) / len(plies)},
            "a_moves": {"min": min(a_moves), "max": max(a_moves)}}


def stats(run):
    """The figures of this folder: each match's `match_stats` and the `speed` rows by
    position."""
    matches = [m for m in ("match", "match-20000") if os.path.isdir(os.path.join(run, m))]
    return dict({m: match_stats(str(run), m) for m in matches}, speed=speed_rows(str(run)))


def check_match(run, match):
    manifest = json.load(open(os.path.join(run, match, "manifest.json")))
    agents = manifest["spec"]["agents"]
    summary = open(os.path.join(run, match, "summary.md")).read()
    t = match_stats(run, match)
    ok = True
    for key, v in t["score"].items():
        w, d, l = v["wins"], v["draws"], v["losses"]
        n = w + d + l
        row = f"| {key} | {n} | {w} | {d} | {l} | {100.0 * (w + d / 2) / n:.1f}% |"
        found = row in summary
        ok &= found
        print(f"{match}: {row} {'(in summary.md)' if found else 'NOT IN summary.md'}")
    row = f"Pentanomial over pairs (A's points 0, 0.5, 1, 1.5, 2): {t['penta']}"
    found = row in summary
    ok &= found
    print(f"{match}: {row} {'(in summary.md)' if found else 'NOT IN summary.md'}")
    for seat, m in enumerate(t["seats"]):
        row = f"| {agents[seat]} | {m['moves']} |"
        found = row in summary and f"| {m['depth']:.2f} |" in summary
        ok &= found
        print(
            f"{match}: {agents[seat]}: {m['moves']} moves, {m['nodes']:.0f} nodes, depth "
            f"{m['depth']:.2f}, {m['ms']:.0f} ms per move "
            f"{'(in summary.md)' if found else 'NOT IN summary.md'}"
        )
    p = t["plies"]
    print(f"{match}: plies per game (opening included): min {p['min']}, mean {p['mean']:.1f}, "
          f"max {p['max']}")
    return ok


def speed_rows(run):
    """The speed searches by position: CPU seconds (GNU time), playouts and rollout plies
    per CPU-second, rollout plies per playout, tree nodes."""
    rows = [json.loads(line) for line in open(os.path.join(run, "speed-playouts.jsonl"))]
    times = open(os.path.join(run, "speed-playouts-time.txt")).read().split("\n")
    table = {}
    for r, t in zip(rows, [t for t in times if t.startswith("cpu")]):
        cpu = sum(map(float, t.split()[1].split("+")))
        table[t.split("(")[1].rstrip(")")] = {
            "cpu": cpu, "playouts_per_s": r["n_playouts"] / cpu,
            "plies_per_playout": r["n_rollout_plies"] / r["n_playouts"],
            "plies_per_s": r["n_rollout_plies"] / cpu, "tree_nodes": r["n_tree_nodes"]}
    return table


def speed(run):
    """Prints the speed table (`speed_rows`)."""
    for r in speed_rows(run).values():
        print(
            f"speed: {r['cpu']:.2f} CPU s, {r['playouts_per_s']:,.0f} playouts per CPU-second, "
            f"{r['plies_per_playout']:.1f} rollout plies per playout, "
            f"{r['plies_per_s']:,.0f} rollout plies per CPU-second, {r['tree_nodes']} tree nodes"
        )


def check(run):
    run = str(run)
    speed(run)
    matches = [m for m in ("match", "match-20000") if os.path.isdir(os.path.join(run, m))]
    assert all([check_match(run, m) for m in matches]), f"{run}: a count is not in summary.md"
    return f"{len(matches)} matches' counts are in their summary.md"
