#!/bin/sh
# The minimax-rs 0.6 side by side of ../2026-12-02-minimax-rs-speed2 again (same bench, same
# options: Kalah `course` 6 to 14, Ming Mang 3 to 5, 12 positions of each set, 3 repeats,
# interleaved) on this round's build (issue 44). Ming Mang depth 6 (a billion nodes a repeat
# for the plain alpha-beta engines) is left out: its figure stays the earlier folder's.
# From the repository root; writes records.jsonl and summary.md here, then the README's
# target table and the checks.
set -e
dir=results/2026-12-02-minimax-rs-speed3
cargo bench -p cutoff --bench peers -- --repeats 3 --positions 12 --out "$dir" \
    --kalah-depths 6,8,10,12,14 --mingmang-depths 3,4,5
python3 "$dir/targets.py" --write
python3 results/check.py "$dir"
