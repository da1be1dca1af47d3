#!/usr/bin/env bash
# The best exact configuration against the minimal tree (issue 44): Kalah course rules
# (fixtures/kalah/course-midgame-1pg.json, 200 positions, depths 1-12) and Ming Mang
# (fixtures/mingmang/midgame-1pg.json: 200 positions to depth 5, the first 40 to depth 6).
# Run from the repository root after `cargo build --release`; CUTOFF overrides the binary.
# The trees are computed once (trees-*.jsonl); every configuration line reads them back with
# `--trees` and carries its nodes (main search, summed over the iterations) and root value.
# `results/check.py --write` then writes table.md (checks/minimal_exact.py).
set -euo pipefail
out=results/2026-12-02-minimal-exact
cutoff=${CUTOFF:-target/release/cutoff}
kalah=(-g kalah:6,4,course --set course-midgame-1pg)
mingmang=(-g mingmang --set midgame-1pg)
B=alphabeta+id+tt-value+tt-move+killers+history+pvs

if [ "${1:-}" != "--configs-only" ]; then
  $cutoff minimal "${kalah[@]}" --depth 12 --json > "$out/trees-kalah.jsonl"
  $cutoff minimal "${mingmang[@]}" --depth 5 --json > "$out/trees-mingmang-d5.jsonl"
  # Depth 6 for the first positions only (about 3 min of wall time each on a loaded
  # machine); the run was stopped after the positions whose depth-6 line is in the file.
  $cutoff minimal "${mingmang[@]}" --positions 40 --depth 6 --json > "$out/trees-mingmang-d6.jsonl" || true
fi

# One file per parameter set: game, trees, depth, positions, name, then parameters and configurations.
measure() {
  local game=$1 trees=$2 depth=$3 positions=$4 name=$5; shift 5
  local params=() configs=()
  for a in "$@"; do
    case $a in *=*) params+=(-p "$a");; *) configs+=(-c "$a");; esac
  done
  local pos=()
  [ "$positions" != all ] && pos=(--positions "$positions")
  local g; if [ "$game" = kalah ]; then g=("${kalah[@]}"); else g=("${mingmang[@]}"); fi
  $cutoff minimal "${g[@]}" "${pos[@]}" --depth "$depth" --trees "$out/$trees" --json \
    "${params[@]}" "${configs[@]}" > "$out/${PREFIX:-$game-}$name.jsonl"
}

for game in kalah mingmang; do
  if [ $game = kalah ]; then t=(trees-kalah.jsonl 12 all); else t=(trees-mingmang-d5.jsonl 5 all); fi
  measure $game "${t[@]}" defaults alphabeta alphabeta+id+tt-value+tt-move \
    alphabeta+id+tt-value+tt-move+pvs alphabeta+id+tt-value+tt-move+killers+pvs \
    alphabeta+id+tt-value+tt-move+history+pvs $B $B+aspiration
  measure $game "${t[@]}" aspiration-window-2 $B+aspiration aspiration-window=2
  measure $game "${t[@]}" id-step-1 $B id-step=1
  measure $game "${t[@]}" id-step-3 $B id-step=3
  measure $game "${t[@]}" tt-bits-20 $B tt-bits=20
  measure $game "${t[@]}" iid-depth-3 $B iid-depth=3
  measure $game "${t[@]}" iid-depth-5 $B iid-depth=5
  measure $game "${t[@]}" history-malus $B history-malus=1
  measure $game "${t[@]}" combined $B+aspiration aspiration-window=2 id-step=3 history-malus=1
done

# Ming Mang depth 6: the positions whose depth-6 tree is in trees-mingmang-d6.jsonl.
n=$(grep -c '"depth":6,' "$out/trees-mingmang-d6.jsonl")
for set in "defaults alphabeta $B alphabeta+id+tt-value+tt-move+history+pvs" "combined $B+aspiration aspiration-window=2 id-step=3 history-malus=1" \
           "iid-depth-3 $B iid-depth=3" "history-malus $B history-malus=1"; do
  read -r name rest <<< "$set"
  PREFIX=d6mingmang- measure mingmang trees-mingmang-d6.jsonl 6 "$n" "$name" $rest
done
python3 results/check.py --write "$out"
python3 results/check.py "$out"
