#!/usr/bin/env bash
# The best exact configuration against the minimal tree with Kalah's move score
# (`candidate-sort`, src/game/kalah/order.rs), issue 44: Kalah course rules
# (fixtures/kalah/course-midgame-1pg.json, 200 positions, depths 1-12), the minimal trees of
# ../2026-12-02-minimal-exact read from there with `--trees`. Run from the repository root
# after `cargo build --release`; CUTOFF overrides the binary. Every line carries each
# configuration's nodes (main search, summed over the iterations) and root value;
# `results/check.py --write` then writes table.md (checks/minimal_exact.py), asserting that
# every root value equals the minimax value.
set -euo pipefail
out=results/2026-12-02-minimal-exact-2
trees=results/2026-12-02-minimal-exact/trees-kalah.jsonl
cutoff=${CUTOFF:-target/release/cutoff}
B=alphabeta+id+tt-value+tt-move+killers+history+pvs
P=alphabeta+id+tt-value+tt-move+pvs
S=$P+candidate-sort

# One file per parameter set: name, then parameters and configurations.
measure() {
  local name=$1; shift
  local params=() configs=()
  for a in "$@"; do
    case $a in *=*) params+=(-p "$a");; *) configs+=(-c "$a");; esac
  done
  $cutoff minimal -g kalah:6,4,course --set course-midgame-1pg --depth 12 --trees "$trees" \
    --json "${params[@]}" "${configs[@]}" > "$out/kalah-$name.jsonl"
}

measure defaults alphabeta $P $S $S+history $S+killers $B $B+candidate-sort
# The first run's best (its `combined` parameters), beside the new ones.
measure combined $B+aspiration $S+history+aspiration aspiration-window=2 id-step=3 history-malus=1
measure id-step-3 $S+history id-step=3
measure id-step-4 $S+history id-step=4
measure id-step-5 $S+history id-step=5
measure window-1 $S+history+aspiration aspiration-window=1
measure id-step-4-window-1 $S+history+aspiration id-step=4 aspiration-window=1
measure id-step-4-window-2 $S+history+aspiration id-step=4 aspiration-window=2
python3 results/check.py --write "$out"
python3 results/check.py "$out"
