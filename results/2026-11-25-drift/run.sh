#!/usr/bin/env bash
# Value drift of every configuration of the committed Kalah and Ming Mang CAMMP runs against
# plain alpha-beta at the same depth, from their records alone; then the second route.
# Run from the repository root after `cargo build --release`.
set -euo pipefail
out=results/2026-11-25-drift
{
  echo "# Summary: value drift against exact alpha-beta at the same depth"
  echo
  echo "Each cell: share of positions whose root score differs from plain alpha-beta's /"
  echo "mean absolute score difference (evaluation units) / share whose best move differs."
  echo "Written by drift.py from the runs' records."
  echo
  echo "## Kalah(6,4) standard, 40 positions (results/2026-11-23-kalah-cammp)"
  echo
  python3 "$out/drift.py" results/2026-11-23-kalah-cammp 4 8 12
  echo
  echo "## Ming Mang, 40 positions (results/2026-11-23-mingmang-cammp)"
  echo
  python3 "$out/drift.py" results/2026-11-23-mingmang-cammp 3 4 5
} > "$out/summary.md"
python3 "$out/check.py"
