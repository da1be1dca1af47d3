#!/usr/bin/env python3
"""Second route to this run's table: recompute from each match's games.jsonl alone (no cutoff
code) agent A's wins, draws and losses, its score, the Elo point estimate from the score, and
the nodes per move of each agent; print one Markdown row per match.

Usage: python3 results/2026-11-23-mingmang-elo-cost/check.py
"""
import json
import math
from pathlib import Path

HERE = Path(__file__).parent


def row(folder):
    wins = draws = losses = 0
    nodes, moves = [0, 0], [0, 0]
    # pairs counted: up to the SPRT's stop (llr.csv's last row); later pairs are recorded only
    counted = int((folder / "llr.csv").read_text().split()[-1].split(",")[0])
    for line in (folder / "games.jsonl").read_text().splitlines():
        game = json.loads(line)
        if game["pair"] >= counted:
            continue
        first = game["game"] % 2  # agent A moves first in the first game of a pair
        for i, move in enumerate(game["moves"]):
            agent = (first + i) % 2
            nodes[agent] += move["nodes"]
            moves[agent] += 1
        if game["end"] != "win":
            draws += 1
        elif game["winner"] == 0:
            wins += 1
        else:
            losses += 1
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    elo = -400 * math.log10(1 / score - 1)
    per_move = [round(nodes[a] / moves[a]) for a in (0, 1)]
    return f"| {folder.parent.name} | {folder.name} | {n} | {wins} | {draws} | {losses} | {score:.1%} | {elo:+.1f} | {per_move[0]} | {per_move[1]} |"


print("| limit | match | games | wins | draws | losses | score | Elo | nodes/move A | nodes/move B |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for kind in ("equal-depth", "equal-time"):
    for folder in sorted((HERE / kind).iterdir()):
        print(row(folder))
