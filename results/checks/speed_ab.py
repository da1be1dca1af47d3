"""The CPU-time A/B tables of a folder measured by its cpu_ab.py (2026-12-02-speed): the
table between README.md's `tables` markers recomputed from data/*.jsonl by the folder's
summary.py, which reads nothing but those records."""
import importlib.util
from pathlib import Path


def check(folder):
    spec = importlib.util.spec_from_file_location("speed_summary", Path(folder, "summary.py"))
    summary = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(summary)
    readme = Path(folder, "README.md").read_text()
    inside = readme.split(summary.BEGIN, 1)[1].split(summary.END, 1)[0].strip("\n") + "\n"
    expected = summary.text()
    assert inside == expected, "README.md's tables differ from data/: rerun summary.py"
    return "tables agree with data/"
