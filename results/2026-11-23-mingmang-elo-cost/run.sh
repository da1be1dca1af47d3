#!/bin/sh
# Elo cost of each inexact CAMMP technique on Ming Mang, by SPRT: agent A is `cammp` with the
# technique removed, agent B is `cammp`; at equal depth (4, at most 400 games) and at equal time
# (10 ms a move, at most 200 games: each game takes about 200 moves).
# Usage: sh results/2026-11-23-mingmang-elo-cost/run.sh [CUTOFF_BINARY]  (resumes when re-run)
set -e
bin=${1:-target/release/cutoff}
out=results/2026-11-23-mingmang-elo-cost
for limit in depth=4 time-ms=10; do
  case $limit in depth*) kind=equal-depth games=400 ;; *) kind=equal-time games=200 ;; esac
  for t in lmr null-move multi-cut quiescence; do
    "$bin" match --game mingmang --agents "cammp-$t:$limit,cammp:$limit" \
      --sprt elo0=0,elo1=20,alpha=0.05,beta=0.05 --games $games --opening-plies 8 \
      --seed 1 --jobs 1 --quiet --out "$out/$kind/without-$t" > /dev/null
  done
done
