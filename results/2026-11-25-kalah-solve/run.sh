#!/usr/bin/env bash
# Solves Kalah(6,1) to (6,3) under both rule sets and tries Kalah(6,4) standard with a
# 10-minute limit, one JSON line each into solves.jsonl. Run from the repository root after
# `cargo build --release`.
set -euo pipefail
out=results/2026-11-25-kalah-solve
: > "$out/solves.jsonl"
for game in 6,1,standard 6,1,empty-capture 6,2,standard 6,2,empty-capture 6,3,standard 6,3,empty-capture; do
  target/release/cutoff solve --game "kalah:$game" --tt-mb 1024 --json >> "$out/solves.jsonl"
done
target/release/cutoff solve --game kalah:6,4,standard --tt-mb 4096 --time-limit-s 600 --json >> "$out/solves.jsonl"
