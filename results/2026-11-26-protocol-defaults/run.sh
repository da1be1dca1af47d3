#!/bin/sh
# The matches behind the protocol clients' defaults (src/gthd/mod.rs, src/pbrain/mod.rs):
# Gothello's default (alphabeta+id+tt-value+tt-move, eval eye, tie-seed=1, id-step=1) against
# random at depths 1 to 6, and against the earlier default (alphabeta, eval number, first of
# equal moves) and the same search with number or without the tie-break at depth 3; Gomoku's
# default against plain alpha-beta with candidate sorting, 100 ms a move.
# Run from the repository root: sh results/2026-11-26-protocol-defaults/run.sh
set -eu
OUT=results/2026-11-26-protocol-defaults
cargo build --release --bin cutoff
C=target/release/cutoff
G="match --game gothello --games 200 --opening-plies 2 --seed 1 --jobs 2 --quiet"
DEFAULT="alphabeta+id+tt-value+tt-move"
TIES="tie-seed=1,id-step=1"
for D in 1 2 3 4 5 6; do
  $C $G --agents "$DEFAULT:depth=$D,$TIES,eval=eye,random" --out $OUT/gothello-vs-random-d$D
done
$C $G --agents "$DEFAULT:depth=3,$TIES,eval=eye,alphabeta:depth=3,eval=number" --out $OUT/gothello-vs-old-default-d3
$C $G --agents "$DEFAULT:depth=3,$TIES,eval=eye,$DEFAULT:depth=3,$TIES,eval=number" --out $OUT/gothello-eye-vs-number-d3
$C $G --agents "$DEFAULT:depth=3,$TIES,eval=eye,$DEFAULT:depth=3,id-step=1,eval=eye" --out $OUT/gothello-ties-vs-first-d3
$C match --game gomoku --games 20 --opening-plies 2 --seed 1 --jobs 2 --quiet \
  --agents "alphabeta+threat-space+candidate-sort+greedy:time-ms=100,tie-seed=1,alphabeta+candidate-sort:time-ms=100" \
  --out $OUT/gomoku-default-vs-candidate-sort
# Gomoku over more games: the default against candidate sorting alone and against
# threat-space with candidate sorting (no greedy), 100 ms a move each.
GM="match --game gomoku --games 200 --opening-plies 2 --seed 2 --jobs 2 --quiet"
GDEF="alphabeta+threat-space+candidate-sort+greedy:time-ms=100,tie-seed=1"
$C $GM --agents "$GDEF,alphabeta+candidate-sort:time-ms=100" --out $OUT/gomoku-default-vs-candidate-sort-200
$C $GM --agents "$GDEF,alphabeta+threat-space+candidate-sort:time-ms=100" --out $OUT/gomoku-default-vs-no-greedy-200
