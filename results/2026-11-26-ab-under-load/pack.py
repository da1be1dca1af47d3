#!/usr/bin/env python3
"""Packs an ab output folder's rounds/NN-SIDE-GAME.jsonl (every search's cost in every round,
as `cutoff bench --timings` wrote it) into one deterministic rounds.jsonl.gz, each line with its
round and side added, and removes the folder: the raw data, in a tenth of the space."""
import gzip
import json
import os
import shutil
import sys


def main():
    out = sys.argv[1]
    rounds = os.path.join(out, "rounds")
    lines = []
    for name in sorted(os.listdir(rounds)):
        round_, side, _ = name.removesuffix(".jsonl").split("-")
        for line in open(os.path.join(rounds, name)):
            record = json.loads(line)
            lines.append(json.dumps({"round": int(round_), "side": side, **record}))
    with open(os.path.join(out, "rounds.jsonl.gz"), "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as packed:
            packed.write(("\n".join(lines) + "\n").encode())
    shutil.rmtree(rounds)


if __name__ == "__main__":
    main()
