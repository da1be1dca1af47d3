#!/bin/sh
# Gomoku 15x15: alpha-beta with the study's Gomoku techniques against MCTS with the study's
# heuristic rollouts. Release build of the commit that added this folder, one thread.
set -e
cargo build --release
DIR=results/2026-11-25-gomoku-ab-vs-mcts
# Time per move of each agent on one 15x15 midgame position (midgame set, g01-m11):
./target/release/cutoff search --game gomoku --moves h8,h7,i9,i6,g8,g7,f7,f8,h9,i10,g9 \
  --config mcts --depth 1 --json > $DIR/speed-mcts.jsonl
./target/release/cutoff search --game gomoku --moves h8,h7,i9,i6,g8,g7,f7,f8,h9,i10,g9 \
  --config alphabeta+threat-space+candidate-sort+greedy --depth 9 --json > $DIR/speed-ab.jsonl
# The match: 24 games, 12 openings of the opening set, each played with both colours.
time ./target/release/cutoff match --game gomoku \
  --agents alphabeta+threat-space+candidate-sort+greedy:depth=9,mcts:playouts=2000 \
  --openings opening --games 24 --seed 1 --jobs 1 --quiet --out $DIR/match
# Playouts per CPU-second: 20,000 playouts on three positions of the midgame set, user+sys
# CPU seconds from GNU time (stderr, kept in speed-playouts-time.txt).
for moves in h8,h7,i9,i6,g8,g7,f7,f8,h9,i10,g9 \
    h8,g7,i7,j6,h6,h7,g5,f4,g9,j8,i6,f10,g3,j7,j9,j5,j4,i3,f3,i8,g4,e11,g2,k4,l5,f1 \
    h8,g7,i7,j6,f7,i5,g8,h4,g3,k7,l8,f8,h6,h9,g6,j8; do
  /usr/bin/time -f "cpu %U+%S s, wall %e s" ./target/release/cutoff search --game gomoku \
    --moves $moves --config mcts --param playouts=20000 --depth 1 --json
done > $DIR/speed-playouts.jsonl 2> $DIR/speed-playouts-time.txt
# MCTS with ten times the playouts (about ten times alpha-beta's time per move), 4 games:
time ./target/release/cutoff match --game gomoku \
  --agents alphabeta+threat-space+candidate-sort+greedy:depth=9,mcts:playouts=20000 \
  --openings opening --games 4 --seed 1 --jobs 1 --quiet --out $DIR/match-20000
