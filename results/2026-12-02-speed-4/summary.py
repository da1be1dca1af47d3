#!/usr/bin/env python3
"""README.md's tables from data/*.jsonl: ../2026-12-02-speed-3/summary.py's tables, run on
this folder's records with this round's names (its functions read the names below, set on
the loaded module; nothing is copied).

  python3 results/2026-12-02-speed-4/summary.py          print the tables
  python3 results/2026-12-02-speed-4/summary.py --check  exit 1 unless README.md holds them
  python3 results/2026-12-02-speed-4/summary.py --write  write them into README.md
"""
import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("speed3_summary", HERE.parent / "2026-12-02-speed-3" / "summary.py")
step3 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(step3)
step3.HERE = HERE
step3.NEW = "new"
# Builds that search the same trees: every search's node count must agree between A and B.
step3.SAME_TREES = ("main vs new",)
BEGIN, END, text, main = step3.BEGIN, step3.END, step3.text, step3.main

if __name__ == "__main__":
    main()
