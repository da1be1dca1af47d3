#!/bin/sh
# Issue 44's CPU-time A/B runs, third step: 0bde094 (the turn-3 start) and main before this
# branch against this branch's build, interleaved (ABBA), CPU time of whole `cutoff bench`
# processes, with the positions and scripts of ../2026-12-02-speed (called, not copied).
#
#   sh results/2026-12-02-speed-3/run.sh BASE_BIN MAIN_BIN NEW_BIN
#
# BASE_BIN: `cargo build --release --bin cutoff` at 0bde094; MAIN_BIN: main at 9c1ded4 (this
# branch's start); NEW_BIN: this branch. Run from the repository root; appends to data/.
# A later folder runs this script with OUT (its folder) and NEW (its build's name in the
# labels and files).
set -e
base=$1 main=$2 new=$3
d=${OUT:-results/2026-12-02-speed-3}
name=${NEW:-speed2}
speed=results/2026-12-02-speed
python3 $speed/positions.py
ab() { nice -n 5 python3 $speed/cpu_ab.py "$1" "$2" "$3" "$4" "$5" "$d/data/$6.jsonl"; }
for run in 1 2; do
    suffix=""; [ $run = 2 ] && suffix=" (repeat)"
    ab kalah 8 "0bde094 vs $name$suffix" "$base" "$new" $run-base
    ab mingmang 6 "0bde094 vs $name$suffix" "$base" "$new" $run-base
    ab kalah 8 "main vs $name$suffix" "$main" "$new" $run-step
    ab mingmang 6 "main vs $name$suffix" "$main" "$new" $run-step
done
# Instructions of each game's whole bench (data/callgrind-BUILD-GAME.txt: the first 30 lines
# of the annotation), main and this branch.
work=$(mktemp -d)
for game in kalah mingmang; do
    python3 - "$game" "$work/$game" <<'PY'
import importlib.util, os, sys
spec = importlib.util.spec_from_file_location("cpu_ab", "results/2026-12-02-speed/cpu_ab.py")
cpu_ab = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cpu_ab)
os.makedirs(sys.argv[2])
cpu_ab.one_game_folder(sys.argv[1], sys.argv[2])
PY
    for build in main $name; do
        bin=$main; [ $build = $name ] && bin=$new
        valgrind --tool=callgrind --callgrind-out-file="$work/$build-$game.cg" "$bin" bench \
            --positions "$work/$game" --timings "$work/t.jsonl" >/dev/null 2>&1
        callgrind_annotate "$work/$build-$game.cg" | sed -n 1,30p | sed "s#$bin#cutoff#g" \
            > "$d/data/callgrind-$build-$game.txt"
    done
done
rm -rf "$work"
python3 $d/summary.py --write
