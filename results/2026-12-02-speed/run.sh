#!/bin/sh
# Issue 44's CPU-time A/B runs: 0bde094 (the turn-3 start) against a build of this branch,
# interleaved (ABBA), CPU time of whole `cutoff bench` processes (cpu_ab.py).
#
#   sh results/2026-12-02-speed/run.sh BASE_BIN MERGE_BASE_BIN NEW_BIN
#
# BASE_BIN: `cargo build --release --bin cutoff` at 0bde094 (its own .cargo/config.toml, no
# x86-64-v2); MERGE_BASE_BIN: this branch before its speed commits (main 7ac9149 + evals
# 8329e55); NEW_BIN: this branch. Run from the repository root; appends to data/.
set -e
d=results/2026-12-02-speed
python3 $d/positions.py
ab() { nice -n 5 python3 $d/cpu_ab.py "$1" "$2" "$3" "$4" "$5" "$d/data/$6.jsonl"; }
ab kalah 8 "0bde094 vs merge-base" "$1" "$2" 1-merge-base
ab mingmang 4 "0bde094 vs merge-base" "$1" "$2" 1-merge-base
ab kalah 8 "0bde094 vs sow-runs" "$1" "$3" 2-sow-runs
ab mingmang 4 "0bde094 vs sow-runs" "$1" "$3" 2-sow-runs
ab kalah 8 "merge-base vs sow-runs" "$2" "$3" 3-step
ab mingmang 4 "merge-base vs sow-runs" "$2" "$3" 3-step
# The same two comparisons again, later (the "(repeat)" rows).
for g in kalah mingmang; do
    r=8; [ $g = mingmang ] && r=4
    ab $g $r "0bde094 vs merge-base (repeat)" "$1" "$2" 4-repeat
    ab $g $r "0bde094 vs sow-runs (repeat)" "$1" "$3" 4-repeat
done
# Instructions of the profiled search (data/callgrind-*.txt: the first 45 lines of the annotation).
for pair in "merge-base $2" "sow-runs $3"; do
    set -- $pair
    valgrind --tool=callgrind --callgrind-out-file=/tmp/speed-$1.cg "$2" search \
        --game kalah:6,4,course --moves 4,2,3,6,5,1,2,3,1,4,3 \
        --config alphabeta+id+tt-value+tt-move+pvs --depth 10 >/dev/null
    callgrind_annotate /tmp/speed-$1.cg | sed -n 1,45p | sed "s#$2#cutoff#g" > $d/data/callgrind-$1.txt
done
python3 $d/summary.py
