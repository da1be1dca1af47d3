#!/usr/bin/env bash
# Value drift of every configuration of the committed Kalah and Ming Mang CAMMP runs against
# plain alpha-beta at the same depth, from their records alone; then the second route.
# Run from the repository root after `cargo build --release`.
set -euo pipefail
out=results/2026-11-25-drift
python3 results/check.py --write "$out"
python3 results/check.py --search "$out"
