#!/bin/sh
# Ming Mang's node cost before and after lazy move picking; all three binaries are x86-64-v2
# release builds of cutoff: BASELINE the (main at 4625d5e, before the packed-key
# change 5541263), BEFORE main at 33069ab, AFTER this branch's change.
# Usage, from the repository root: sh results/2026-11-26-mingmang-lazy-pick/run.sh BASELINE BEFORE AFTER
set -e
d=results/2026-11-26-mingmang-lazy-pick
# Ming Mang's 16 bench positions with its two cammp searches (that folder's positions.py).
positions=results/2026-11-26-mingmang-node-cost/positions
summary=results/2026-11-26-mingmang-node-cost/summary.py
for side in before after; do
    bin=$2
    [ $side = after ] && bin=$3
    nice -n 10 cargo xtask profile --game mingmang --bin "$bin" --out $d/profile-$side
    rm -r $d/profile-$side/raw
done
nice -n 10 cargo xtask ab --bins "$2" "$3" --positions $positions --rounds 4 --no-icount --out $d/ab
nice -n 10 cargo xtask ab --bins "$1" "$3" --positions $positions --rounds 4 --no-icount --out $d/ab-baseline
python3 $summary $d profile-before profile-after ab
# Against the baseline: its profile is the one committed with the packed-key change.
mkdir -p $d/cumulative
python3 $summary $d/cumulative ../../2026-11-26-mingmang-node-cost/profile-before ../profile-after ../ab-baseline
gzip -9 $d/ab/rounds/*.jsonl $d/ab-baseline/rounds/*.jsonl
