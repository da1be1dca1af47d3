#!/bin/sh
# Reproduces this folder: for each plan, `cutoff ablate ... --estimate` twice at the default
# --sample-seconds and once at 1 s, then the plan itself on one thread (its records and
# manifest kept in PLAN/run/), every command under /usr/bin/time (user and system CPU
# seconds, wall seconds); then README.md from the outputs (ratio.py).
#
#   results/2026-11-26-estimate/run.sh              every plan, then README.md
#   CUTOFF=path/to/cutoff run.sh                    another binary (default target/release)
#   PLANS="kalah-d8" run.sh                         only these plans (README.md reads all)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
bin=${CUTOFF:-$root/target/release/cutoff}
cd "$root"

args() { # the ablate arguments of plan $1
    case $1 in
    kalah-d8) echo --game kalah --set opening-1pg --plan add-one --depths 1..8 --positions 10 ;;
    kalah-d12) echo --game kalah --set opening-1pg --plan add-one --depths 1..12 --positions 40 ;;
    mingmang-d5) echo --game mingmang --set opening-1pg --plan add-one --depths 1..5 --positions 20 ;;
    gothello-d9) echo --game gothello --set opening --plan add-one --depths 1..9 --positions 10 ;;
    *) echo "unknown plan $1" >&2; exit 2 ;;
    esac
}

timed() { # timed OUT-PREFIX COMMAND...: stdout to OUT-PREFIX.txt, times to OUT-PREFIX.time
    out=$1; shift
    /usr/bin/time -f '%U %S %e' -o "$out.time" nice -n 10 "$@" > "$out.txt"
}

git rev-parse HEAD > "$here/commit"
for plan in ${PLANS:-kalah-d8 kalah-d12 mingmang-d5 gothello-d9}; do
    dir="$here/$plan"
    mkdir -p "$dir"
    args "$plan" > "$dir/args"
    # shellcheck disable=SC2046 # the arguments split on purpose
    set -- $(args "$plan") --jobs 1
    timed "$dir/estimate-1" "$bin" ablate "$@" --estimate
    timed "$dir/estimate-2" "$bin" ablate "$@" --estimate
    timed "$dir/estimate-s1" "$bin" ablate "$@" --estimate --sample-seconds 1
    rm -rf "$dir/run"
    timed "$dir/run" "$bin" ablate "$@" --quiet --out "$dir/run"
    # The records and the manifest are the measurement; the report is not needed here.
    find "$dir/run" -mindepth 1 -not -name records.jsonl -not -name manifest.json -delete
done
python3 "$here/ratio.py"
