#!/bin/sh
# POPCNT or not: the same source (main at 4625d5e) built for baseline x86-64
# (RUSTFLAGS="-C target-cpu=x86-64") and for x86-64-v2 (.cargo/config.toml), compared by
# `cargo xtask ab` on every game's bench positions: CPU time per node and the instructions of
# each game's small workload. icount-check.txt is `cargo xtask icount --check` of the
# x86-64-v2 build against the baselines the x86-64 build had set (fixtures/expected/icount.json
# before the update). Usage, from the repository root:
#   sh results/2026-11-26-popcnt/run.sh X86_64_BINARY X86_64_V2_BINARY
set -e
nice -n 10 cargo xtask ab --bins "$1" "$2" --rounds 5 --out results/2026-11-26-popcnt/ab
