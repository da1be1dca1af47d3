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


def check_match(run, match):
    games = load(run, match)
    manifest = json.load(open(os.path.join(run, match, "manifest.json")))
    agents = manifest["spec"]["agents"]
    summary = open(os.path.join(run, match, "summary.md")).read()
    score = {"overall": [0, 0, 0], "moving first": [0, 0, 0], "moving second": [0, 0, 0]}
    pairs = {}
    moves = {0: [], 1: []}
    plies = []
    for g in games:
        first = g["game"]  # 0: A moves first
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
    ok = True
    for key, (w, d, l) in score.items():
        n = w + d + l
        row = f"| {key} | {n} | {w} | {d} | {l} | {100.0 * (w + d / 2) / n:.1f}% |"
        found = row in summary
        ok &= found
        print(f"{match}: {row} {'(in summary.md)' if found else 'NOT IN summary.md'}")
    penta = [0] * 5
    for points in pairs.values():
        penta[int(2 * sum(points))] += 1
    row = f"Pentanomial over pairs (A's points 0, 0.5, 1, 1.5, 2): {penta}"
    found = row in summary
    ok &= found
    print(f"{match}: {row} {'(in summary.md)' if found else 'NOT IN summary.md'}")
    for seat in (0, 1):
        ms = moves[seat]
        nodes = sum(m["nodes"] for m in ms) / len(ms)
        depth = sum(m["depth"] for m in ms) / len(ms)
        millis = sum(m["us"] for m in ms) / len(ms) / 1000
        row = f"| {agents[seat]} | {len(ms)} |"
        found = row in summary and f"| {depth:.2f} |" in summary
        ok &= found
        print(
            f"{match}: {agents[seat]}: {len(ms)} moves, {nodes:.0f} nodes, depth {depth:.2f}, "
            f"{millis:.0f} ms per move {'(in summary.md)' if found else 'NOT IN summary.md'}"
        )
    print(
        f"{match}: plies per game (opening included): min {min(plies)}, "
        f"mean {sum(plies) / len(plies):.1f}, max {max(plies)}"
    )
    return ok


def speed(run):
    """The speed table: playouts and rollout plies per CPU-second from the searches' JSON
    lines and GNU time's CPU seconds."""
    rows = [json.loads(line) for line in open(os.path.join(run, "speed-playouts.jsonl"))]
    times = open(os.path.join(run, "speed-playouts-time.txt")).read().split("\n")
    cpus = [sum(map(float, t.split()[1].split("+"))) for t in times if t.startswith("cpu")]
    for r, cpu in zip(rows, cpus):
        print(
            f"speed: {cpu:.2f} CPU s, {r['n_playouts'] / cpu:,.0f} playouts per CPU-second, "
            f"{r['n_rollout_plies'] / r['n_playouts']:.1f} rollout plies per playout, "
            f"{r['n_rollout_plies'] / cpu:,.0f} rollout plies per CPU-second, "
            f"{r['n_tree_nodes']} tree nodes"
        )



def check(run):
    run = str(run)
    speed(run)
    matches = [m for m in ("match", "match-20000") if os.path.isdir(os.path.join(run, m))]
    assert all([check_match(run, m) for m in matches]), f"{run}: a count is not in summary.md"
    return f"{len(matches)} matches' counts are in their summary.md"
