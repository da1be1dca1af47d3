#!/usr/bin/env python3
"""The one checker of the committed runs: every number they show recomputed from their raw
files (records.jsonl, games.jsonl, minimal.jsonl, solves.jsonl) by a second route, with no
cutoff code. For each folder under results/:

- a run folder (manifest.json, records.jsonl, summary.csv): its tables (checks/ablation.py:
  means, ratios, paired ratios with intervals clustered by game, minimal-tree ratios, drift,
  the ranking against CAMMP's, Shapley values);
- a folder with its own tables (checks/<module>.py, listed in FOLDERS): those tables;
- a folder with a claims.json: every value of its claims (checks/claims.py), the numbers
  `cutoff report` renders into its analysis.md;
- `results/book.json`: every row of the study book (checks/book.py), from studies.toml and the
  runs' raw files;
- `results/readme.json`: the claims whose stored values `cargo xtask readme` writes into the
  README's marked blocks, their queries relative to results/.

A folder whose analysis.md has no claims.json is listed as not converted (its numbers are
not checked). Exit 1 on any disagreement.

Usage (from the repository root):
  python3 results/check.py [RUN_DIR...]       check every folder, or the ones named
  python3 results/check.py RUN_DIR --depth D  a run folder's tables at depth D
  python3 results/check.py --fill RUN_DIR...  store the computed values in claims.json
                                              (results/ itself: in readme.json)
  python3 results/check.py --write RUN_DIR... write the folder's generated tables
  python3 results/check.py --search RUN_DIR   the drift folder's searches again
"""
import argparse
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checks import ablation, book, claims  # noqa: E402

RESULTS = Path(__file__).resolve().parent
README = "readme.json"

# Folders whose own tables a module of checks/ recomputes (its `check`; `write` where the
# module writes them).
FOLDERS = {
    "2026-11-23-mingmang-elo-cost": "elo_cost",
    "2026-11-25-drift": "drift",
    "2026-11-25-gomoku-ab-vs-mcts": "gomoku",
    "2026-11-25-gothello-matches": "gothello",
    "2026-11-25-kalah-solve": "kalah_solve",
    "2026-11-25-minimal": "minimal",
    "2026-11-25-minimax-rs": "minimax_rs",
    "2026-11-26-minimax-rs-rerun": "minimax_rs",
    "2026-11-27-setup-times": "setup_times",
    "2026-11-28-studies-check": "studies_check",
    "2026-12-02-minimal-exact": "minimal_exact",
    "2026-12-02-minimal-exact-2": "minimal_exact",
    "2026-12-02-minimax-rs-speed2": "minimax_rs_targets",
    "2026-12-02-minimax-rs-speed3": "minimax_rs_targets",
    "2026-12-02-speed": "speed_ab",
    "2026-12-02-speed-3": "speed_ab",
    "2026-12-02-speed-4": "speed_ab",
}


def check_folder(folder, depth=None):
    """Every check of one folder; returns the names of the checks that failed."""
    failed = []

    def run(name, action):
        try:
            said = action()
            print(f"ok   {folder.name}: {name}" + (f": {said}" if said else ""))
        except (AssertionError, KeyError, ValueError, ZeroDivisionError) as e:
            print(f"FAIL {folder.name}: {name}: {type(e).__name__}: {e}")
            failed.append(f"{folder.name}: {name}")

    if (folder / "summary.csv").exists() and (folder / "records.jsonl").exists():
        run("tables", lambda: ablation.check(folder, depth))
    if folder.name in FOLDERS:
        module = importlib.import_module(f"checks.{FOLDERS[folder.name]}")
        run("tables", lambda: module.check(folder))
    if folder == RESULTS:
        run("study book", lambda: book.check(RESULTS))
        run("readme claims", lambda: "{} claims, {} values agree with the data".format(
            *claims.check_file(RESULTS / README)))
    elif (folder / "claims.json").exists():
        run("claims", lambda: "{} claims, {} values agree with the data".format(
            *claims.check_file(folder / "claims.json")))
    elif (folder / "analysis.md").exists():
        print(f"--   {folder.name}: analysis.md has no claims.json: its numbers are not checked")
    return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="*", type=Path)
    parser.add_argument("--depth", type=int)
    parser.add_argument("--fill", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--search", action="store_true")
    args = parser.parse_args()
    folders = args.dirs or [RESULTS, *sorted(p for p in RESULTS.iterdir()
                                             if p.is_dir() and p.name[:1].isdigit())]
    if args.fill:
        for folder in folders:
            file = README if folder.resolve() == RESULTS else "claims.json"
            print(folder, "{} claims, {} values stored".format(
                *claims.check_file(folder / file, fill=True)))
        return 0
    if args.write or args.search:
        for folder in folders:
            name = "drift_search" if args.search else FOLDERS[folder.resolve().name]
            module = importlib.import_module(f"checks.{name}")
            print(folder, (module.check if args.search else module.write)(folder) or "written")
        return 0
    failed = [f for folder in folders for f in check_folder(folder.resolve(), args.depth)]
    for f in failed:
        print(f"failed: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
