#!/bin/sh
# The minimax-rs 0.6 side by side again, at the issue's depths (Kalah `course` 6 to 14, Ming
# Mang 3 to 6): 12 positions of each set, 3 repeats, interleaved (benches/peers.rs).
# From the repository root; writes records.jsonl and summary.md here, then checks the tables.
set -e
dir=results/2026-11-26-minimax-rs-rerun
nice cargo bench -p cutoff --bench peers -- --out "$dir" --repeats 3 --positions 12 \
    --kalah-depths 6,8,10,12,14 --mingmang-depths 3,4,5,6
python3 results/check.py "$dir"
