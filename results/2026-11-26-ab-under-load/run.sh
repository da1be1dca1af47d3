#!/bin/sh
# Reproduces this run folder: `cargo xtask ab` on a machine loaded with two busy processes,
# on identical builds of main and on main against main + demo-spin.patch (an extra loop in
# every game's move generator) at three calibrated slowdowns; then README.md from the data.
#
#   results/2026-11-26-ab-under-load/run.sh            build both, calibrate, run, README
#   MAIN_BIN=... SPIN_BIN=... run.sh                   the two binaries built already
#   SKIP_CALIBRATION=1 run.sh                          keep calibration.json's spin counts
#   LEVEL_RUNS=2 run.sh                                two A/B runs a slowdown level, not one
#   ROUNDS=10 run.sh                                   rounds an A/B run (default 7: a round
#                                                      took 25 s here, under load, and 13 runs
#                                                      of 10 would pass the 45-minute budget)
#
# Builds in a git worktree of `commit` at $DEMO_TREE (default /tmp/cutoff-ab-demo) with the
# target folder $DEMO_TARGET (default target/ab-demo/target); binaries go to target/ab-demo/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
commit=$(cat "$here/commit")
bins="$root/target/ab-demo"
mkdir -p "$bins"

build() { # build NAME [PATCH]: main at `commit`, with PATCH applied when given
    tree=${DEMO_TREE:-/tmp/cutoff-ab-demo}
    [ -e "$tree/.git" ] || git -C "$root" worktree add --detach "$tree" "$commit"
    git -C "$tree" checkout --quiet --force --detach "$commit"
    [ $# -lt 2 ] || git -C "$tree" apply "$2"
    (cd "$tree" && CARGO_TARGET_DIR=${DEMO_TARGET:-$bins/target} \
        nice cargo build --release --quiet --bin cutoff)
    cp "${DEMO_TARGET:-$bins/target}/release/cutoff" "$bins/cutoff-$1"
    git -C "$tree" checkout --quiet --force "$commit"
}
main=${MAIN_BIN:-}
spin=${SPIN_BIN:-}
if [ -z "$main" ]; then build main; main="$bins/cutoff-main"; fi
if [ -z "$spin" ]; then build spin "$here/demo-spin.patch"; spin="$bins/cutoff-spin"; fi

# The demo's smaller bench workload (see workload.py), then the spin counts, on the machine
# as it is (no busy processes of ours).
python3 "$here/workload.py"
[ -n "${SKIP_CALIBRATION:-}" ] || python3 "$here/calibrate.py" "$main" "$spin" "$here/calibration.json"

yes >/dev/null & busy1=$!
yes >/dev/null & busy2=$!
trap 'kill $busy1 $busy2' EXIT
cut -d' ' -f1-3 /proc/loadavg > "$here/load-start.txt"
date -u +%s > "$here/time-start.txt"

ab() { # ab OUT ARGS...: one A/B run into OUT; exit 1 (a failed verdict) is data, 2 an error
    out=$1; shift
    rm -rf "${here:?}/$out"
    status=0
    (cd "$root" && cargo xtask ab --rounds "${ROUNDS:-7}" --positions "$here/positions" \
        --out "$here/$out" "$@") \
        > /dev/null || status=$?
    [ "$status" -le 1 ] || exit "$status"
    echo "$status" > "$here/$out/exit-code"
    python3 "$here/pack.py" "$here/$out"
}
# Identical builds: main against itself, ten times; instructions counted in the first only
# (the same binary counts the same instructions), to keep within the time budget.
for i in 01 02 03 04 05 06 07 08 09 10; do
    flags=""
    [ "$i" = 01 ] || flags="--no-icount"
    ab "identical-$i" --bins "$main" "$main" $flags
done
# main against the patched build at each calibrated slowdown: the counts, from
# calibration.json, go to the patched side in CUTOFF_DEMO_SPIN_<GAME> (main reads none).
spin_vars() {
    python3 -c "import json, sys
counts = json.load(open(sys.argv[1]))['counts'][sys.argv[2]]
print(' '.join(f'CUTOFF_DEMO_SPIN_{g.upper()}={n}' for g, n in sorted(counts.items())))" \
        "$here/calibration.json" "$1"
}
# LEVEL_RUNS runs a level (default 1: the 45-minute budget; instructions counted in the
# first), all levels once before any second.
for run in $(seq 1 "${LEVEL_RUNS:-1}"); do
    for level in 5 10 20; do
        flags=""
        [ "$run" = 1 ] || flags="--no-icount"
        # shellcheck disable=SC2046 # one word per assignment
        (export $(spin_vars "$level") && ab "slow-$level-$run" --bins "$main" "$spin" $flags) ||
            exit 2
    done
done
cut -d' ' -f1-3 /proc/loadavg > "$here/load-end.txt"
date -u +%s > "$here/time-end.txt"
python3 "$here/readme.py" > "$here/README.md"
