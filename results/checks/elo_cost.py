"""The Ming Mang Elo-cost matches (`2026-11-23-mingmang-elo-cost`) from each match's
games.jsonl alone (no cutoff code): agent A's wins, draws and losses up to the SPRT's stop,
its score and logistic Elo, and each agent's nodes per move; the games and the
wins-draws-losses must be the summary's.
"""
import json
import math
from pathlib import Path



def row(folder):
    wins = draws = losses = 0
    nodes, moves = [0, 0], [0, 0]
    # pairs counted: up to the SPRT's stop (llr.csv's last row); later pairs are recorded only
    last = (folder / "llr.csv").read_text().split()[-1].split(",")
    counted = int(last[0])
    us, depth, points = [0, 0], [0, 0], {}
    for line in (folder / "games.jsonl").read_text().splitlines():
        game = json.loads(line)
        if game["pair"] >= counted:
            continue
        first = game["game"] % 2  # agent A moves first in the first game of a pair
        for i, move in enumerate(game["moves"]):
            agent = (first + i) % 2
            nodes[agent] += move["nodes"]
            moves[agent] += 1
            us[agent] += move["us"]
            depth[agent] += move["depth"]
        a_points = 0.5 if game["end"] != "win" else float(game["winner"] == 0)
        points[game["pair"]] = points.get(game["pair"], 0) + a_points
        if game["end"] != "win":
            draws += 1
        elif game["winner"] == 0:
            wins += 1
        else:
            losses += 1
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    elo = -400 * math.log10(1 / score - 1)
    return {"games": n, "wins": wins, "draws": draws, "losses": losses, "score": score,
            "elo": elo, "nodes_a": nodes[0] / moves[0], "nodes_b": nodes[1] / moves[1],
            "ms_a": us[0] / moves[0] / 1000, "ms_b": us[1] / moves[1] / 1000,
            "depth_a": depth[0] / moves[0], "depth_b": depth[1] / moves[1],
            "pairs": counted, "llr": float(last[1]),
            "split_even": sum(p == 1 for p in points.values())}



def table(run):
    """The matches' rows: `limit/match` -> dict of games, wins, draws, losses, score, elo,
    nodes, ms (wall) and depth per move of A and of B, pairs counted, the last LLR, and the
    pairs whose two games split the points evenly."""
    out = {}
    for kind in ("equal-depth", "equal-time"):
        for folder in sorted((Path(run) / kind).iterdir()):
            out[f"{kind}/{folder.name}"] = row(folder)
    return out


def check(run):
    summary = (Path(run) / "summary.md").read_text()
    rows = table(run)
    for name, r in rows.items():
        cells = f"| {r['games']} | {r['wins']}-{r['draws']}-{r['losses']} |"
        assert cells in summary, f"{run}: {name}: {cells} is not in summary.md"
    return f"{len(rows)} matches' games and wins-draws-losses agree with summary.md"
