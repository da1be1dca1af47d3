#!/bin/sh
# Issue 44's CPU-time A/B runs, fourth step: 0bde094 (the turn-3 start) and main at 61524e4
# (where this round's speed work starts) against this round's build, named `new`: the runs of
# ../2026-12-02-speed-3/run.sh (called, not copied: interleaved ABBA rounds of whole
# `cutoff bench` processes, CPU time, then each game's instructions under Callgrind), written
# here.
#
#   sh results/2026-12-02-speed-4/run.sh BASE_BIN MAIN_BIN NEW_BIN
#
# BASE_BIN: `cargo build --release --bin cutoff` at 0bde094; MAIN_BIN: the same at 61524e4;
# NEW_BIN: at the commit README.md names. Run from the repository root; appends to data/.
OUT=results/2026-12-02-speed-4 NEW=new exec sh results/2026-12-02-speed-3/run.sh "$@"
