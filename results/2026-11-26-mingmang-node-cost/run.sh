#!/bin/sh
# Ming Mang's node cost before and after, both binaries x86-64-v2 release builds of cutoff
# (BEFORE: main at 4625d5e with .cargo/config.toml's x86-64-v2; AFTER: this branch's change).
# Usage, from the repository root: sh results/2026-11-26-mingmang-node-cost/run.sh BEFORE AFTER
set -e
d=results/2026-11-26-mingmang-node-cost
python3 $d/positions.py
for side in before after; do
    bin=$1
    [ $side = after ] && bin=$2
    nice -n 10 cargo xtask profile --game mingmang --bin "$bin" --out $d/profile-$side
    rm -r $d/profile-$side/raw
done
nice -n 10 cargo xtask ab --bins "$1" "$2" --positions $d/positions --rounds 4 --no-icount --out $d/ab
python3 $d/summary.py $d profile-before profile-after ab
gzip -9 $d/ab/rounds/*.jsonl
