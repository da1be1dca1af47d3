#!/bin/sh
# The Gothello match table (STUDIES.md, Portland State CS441): iterative-deepening minimax
# with a 1000-node budget (evaluation number or eye, liberties tie-break on or off) against
# plain negamax depth 3, both colours; the Elo of the tie-break; and what it costs in nodes.
# Run from the repository root: sh results/2026-11-25-gothello-matches/run.sh
set -eu
OUT=results/2026-11-25-gothello-matches
cargo build --release
C=target/release/cutoff
# The study's minimax: alpha-beta, a transposition table cleared each move, iterative
# deepening one ply at a time until 1000 states are spent (the last completed iteration's move).
MINIMAX="alphabeta+id+tt-value+tt-move"
BUDGET="node-budget=1000,id-step=1"
# The course's negamax at depth 3 (alpha-beta plays the same moves as plain negamax: the
# first best in generation order).
NEGAMAX="alphabeta:depth=3"
MATCH="match --game gothello --games 400 --opening-plies 2 --seed 1 --jobs 2 --quiet"

$C $MATCH --agents "$MINIMAX+liberties:$BUDGET,$NEGAMAX" --out $OUT/number-liberties
$C $MATCH --agents "$MINIMAX:$BUDGET,$NEGAMAX" --out $OUT/number
$C $MATCH --agents "$MINIMAX:$BUDGET,eval=eye,$NEGAMAX" --out $OUT/eye
# Not in the study: eye with the tie-break.
$C $MATCH --agents "$MINIMAX+liberties:$BUDGET,eval=eye,$NEGAMAX" --out $OUT/eye-liberties
# Not in the study: eye as the study program computed it (game.py adds the stone difference
# once more than RULES.md: stone-score=2 is that sum).
$C $MATCH --agents "$MINIMAX:$BUDGET,eval=eye,stone-score=2,$NEGAMAX" --out $OUT/eye-study-sum
# The tie-break's Elo, head to head (number evaluation).
$C match --game gothello --games 1000 --opening-plies 2 --seed 2 --jobs 2 --quiet \
  --agents "$MINIMAX+liberties:$BUDGET,$MINIMAX:$BUDGET" --out $OUT/liberties-on-vs-off
# Sensitivity: the three study matches again from 4-ply openings.
for cell in number-liberties number eye; do
  case $cell in
    number-liberties) A="$MINIMAX+liberties:$BUDGET" ;;
    number) A="$MINIMAX:$BUDGET" ;;
    eye) A="$MINIMAX:$BUDGET,eval=eye" ;;
  esac
  $C match --game gothello --games 400 --opening-plies 4 --seed 1 --jobs 2 --quiet \
    --agents "$A,$NEGAMAX" --out $OUT/openings-4/$cell
done
# Sensitivity: an opponent that breaks its ties by liberties instead of taking the first
# best move in generation order (a1, b1, ...; the course's player broke ties at random).
for cell in number-liberties number eye; do
  case $cell in
    number-liberties) A="$MINIMAX+liberties:$BUDGET" ;;
    number) A="$MINIMAX:$BUDGET" ;;
    eye) A="$MINIMAX:$BUDGET,eval=eye" ;;
  esac
  $C $MATCH --agents "$A,alphabeta+liberties:depth=3" --out $OUT/opponent-liberties/$cell
done
# What the tie-break costs: nodes at fixed depths with and without it.
$C ablate --game gothello --set opening --positions 40 --depths 1..8 \
  --plan configs=alphabeta,alphabeta+liberties,$MINIMAX,$MINIMAX+liberties \
  --label liberties-cost --out $OUT/liberties-cost -q
# The table by colour from games.jsonl, checked against each match's own summary.
python3 results/check.py --write $OUT
