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
