#!/bin/sh
# The side-by-side run with minimax-rs 0.6: 40 positions of each set, 7 repeats, interleaved.
# From the repository root; writes records.jsonl and summary.md here, then checks the tables.
set -e
dir=results/2026-11-25-minimax-rs
cargo bench -p cutoff --bench peers -- --out "$dir" --repeats 7 --positions 40
python3 results/check.py "$dir"
