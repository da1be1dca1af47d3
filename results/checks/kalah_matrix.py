"""The Kalah round robin's cells (results/2026-11-23-kalah-matrix) counted from its games:
for each agent moving first (row) against each moving second (column), the wins of the
first and of the second mover and the draws, per 100 games (a self-play cell's 200 games
halved). In `pairs/AA-vs-BB`, `games.jsonl`'s `winner` is the agent (0: AA, 1: BB), and
agent AA moves first in game 0 of a pair, BB in game 1."""
import json
from pathlib import Path


def cells(folder):
    """{"cells": {row: {column: {"first", "second", "draws"}}}, "draws_min", "draws_max",
    "self_first": [the first mover's wins in each self-play cell]}, rows and columns
    numbered from 1 as the pair folders are."""
    table = {}
    for pair in sorted((Path(folder) / "pairs").iterdir()):
        a, b = (int(x) for x in pair.name.split("-vs-"))
        games = [json.loads(line) for line in (pair / "games.jsonl").read_text().splitlines()
                 if line.strip()]
        seats = [(a, b, [0]), (b, a, [1])] if a != b else [(a, a, [0, 1])]
        for row, column, first in seats:
            mine = [g for g in games if g["game"] in first]
            won = lambda second: 100 * sum(
                g["end"] == "win" and (g["winner"] == g["game"]) != second for g in mine
            ) / len(mine)
            table.setdefault(row, {})[column] = {
                "first": won(False), "second": won(True),
                "draws": 100 * sum(g["end"] == "draw" for g in mine) / len(mine)}
    draws = [c["draws"] for r in table.values() for c in r.values()]
    return {"cells": table, "draws_min": min(draws), "draws_max": max(draws),
            "self_first": [table[i][i]["first"] for i in sorted(table)]}
