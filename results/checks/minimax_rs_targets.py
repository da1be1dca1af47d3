"""A minimax-rs side-by-side folder with issue 44's target table: summary.md against
records.jsonl (minimax_rs.py), and the README's table between its `targets` markers
recomputed by the folder's targets.py."""
import importlib.util
from pathlib import Path

from checks import minimax_rs


def check(folder):
    said = minimax_rs.check(folder)
    spec = importlib.util.spec_from_file_location("minimax_targets", Path(folder, "targets.py"))
    targets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(targets)
    return f"{said}; {targets.check(folder)}"
