#!/usr/bin/env python3
"""Issue 44's target table from records.jsonl: ../2026-12-02-minimax-rs-speed2/targets.py
run on this folder (its functions read the names set below on the loaded module; nothing is
copied), beside the same ratio in that folder.

  python3 results/2026-12-02-minimax-rs-speed3/targets.py          print the table
  python3 results/2026-12-02-minimax-rs-speed3/targets.py --check  exit 1 unless README.md holds it
  python3 results/2026-12-02-minimax-rs-speed3/targets.py --write  write it into README.md
"""
import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("speed2_targets", HERE.parent / "2026-12-02-minimax-rs-speed2" / "targets.py")
step2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(step2)
step2.HERE = HERE
step2.EARLIER = HERE.parent / "2026-12-02-minimax-rs-speed2"
step2.EARLIER_NAME = "2026-12-02 speed2 run"
BEGIN, END, text, write, check = step2.BEGIN, step2.END, step2.text, step2.write, step2.check

if __name__ == "__main__":
    step2.main()
