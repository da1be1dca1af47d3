#!/bin/sh
# Interleaved A/B of table variants in the minimax-rs side by side (benches/peers.rs): for
# each round, every arm runs the side by side once (40 positions per set, 1 repeat), the arms'
# order rotating with the round. Usage (from the repository root):
#   sh results/2026-11-26-tt-table/ab.sh OUT ROUNDS 'NAME=COMMAND' ...
# where COMMAND runs a peers binary (environment and extra arguments included); each run
# lands in OUT/NAME-ROUND, and summary.py tabulates them.
set -e
out=$1 rounds=$2
shift 2
n=$#
round=1
while [ "$round" -le "$rounds" ]; do
    k=0
    while [ "$k" -lt "$n" ]; do
        i=$(( (k + round) % n + 1 ))
        eval "arm=\${$i}"
        name=${arm%%=*} command=${arm#*=}
        nice sh -c "$command --out '$out/$name-$round' --repeats 1 --positions 40" > /dev/null
        k=$((k + 1))
    done
    round=$((round + 1))
done
