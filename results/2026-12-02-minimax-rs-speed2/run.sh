#!/bin/sh
# The minimax-rs 0.6 side by side of ../2026-11-26-minimax-rs-rerun again (same bench, same
# options: Kalah `course` 6 to 14, Ming Mang 3 to 6, 12 positions of each set, 3 repeats,
# interleaved), with branch speed2's build (issue 44). Ming Mang depth 6 (nearly all of the
# run's time: its plain alpha-beta engines search about a billion nodes a repeat) is its own
# invocation, in mingmang-6/ (with Kalah depth 6 again, which the bench cannot leave out),
# so that the other depths are kept if it does not finish in the time there is.
# From the repository root; writes records.jsonl and summary.md here and in mingmang-6/,
# then the README's target table and the checks.
set -e
dir=results/2026-12-02-minimax-rs-speed2
peers() { cargo bench -p cutoff --bench peers -- --repeats 3 --positions 12 "$@"; }
peers --out "$dir" --kalah-depths 6,8,10,12,14 --mingmang-depths 3,4,5
peers --out "$dir/mingmang-6" --kalah-depths 6 --mingmang-depths 6
python3 "$dir/targets.py" --write
python3 results/check.py "$dir"
