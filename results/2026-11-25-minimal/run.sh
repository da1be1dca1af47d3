#!/usr/bin/env bash
# The minimal trees (perfect move ordering) of the committed Kalah and Ming Mang CAMMP runs'
# positions, and their nodes / minimal tables. Run from the repository root after
# `cargo build --release`. The Ming Mang depth-5 command was first started with --depth 6
# under `timeout 900`, which ended it after its depth-5 lines (the lines are the same).
set -euo pipefail
out=results/2026-11-25-minimal
cutoff=target/release/cutoff
$cutoff minimal -g kalah --set opening --positions 40 --depth 12 --json > "$out/minimal-kalah.jsonl"
$cutoff minimal -g mingmang --set opening --positions 3 --depth 5 -c alphabeta -c cammp --json \
  > "$out/minimal-mingmang.jsonl"
# Depth 6 (beyond the committed run): the same 3 positions, cammp measured beside them.
$cutoff minimal -g mingmang --set opening --positions 3 --depth 6 -c cammp --json \
  > "$out/minimal-mingmang-d6.jsonl"
python3 results/check.py --write "$out"
# Second route: the Kalah trees again to depth 8 with alphabeta and cammp measured beside
# them; results/check.py asserts those node counts equal the committed records, and the trees repeat.
$cutoff minimal -g kalah --set opening --positions 40 --depth 8 -c alphabeta -c cammp --json \
  > "$out/minimal-kalah-check.jsonl"
python3 results/check.py "$out"
