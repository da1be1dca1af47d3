"""Second route to summary.md: rebuilds its table from solves.jsonl and the published values
in fixtures/reference/kalah-solved.json (no cutoff code) and checks that the summary holds
exactly these rows."""
import json
from pathlib import Path

REFERENCE = Path(__file__).resolve().parents[2] / "fixtures/reference/kalah-solved.json"


def solves(run):
    """Each solve of `run` by its options (`6,3,standard`), with the published margin
    (`published`) and whether the exact value equals it (`agrees`); `agree` counts them."""
    published = {c["options"]: c["margin"] for c in json.loads(REFERENCE.read_text())["cases"]}
    table = {}
    for line in Path(run).joinpath("solves.jsonl").read_text().splitlines():
        s = json.loads(line)
        options = s["game"].split(":", 1)[1]
        table[options] = dict(s, published=published[options],
                              agrees=s["exact"] and s["value"] == published[options])
    return {"by_game": table, "agree": sum(s["agrees"] for s in table.values()),
            "n": len(table)}


def check(run):
    rows = []
    for options, s in solves(run)["by_game"].items():
        value = f"{s['value']:+d}" if s["exact"] else f"[{s['lower']:+d}, {s['upper']:+d}]"
        agrees = "yes" if s["agrees"] else "no"
        rows.append(f"| Kalah({options}) | {value} | {s['published']:+d} | {agrees} | "
                    f"{s['best_move']} | {s['nodes']:,} | {s['ms'] / 1000:.1f} |")
    summary = Path(run).joinpath("summary.md").read_text()
    missing = [r for r in rows if r not in summary]
    assert not missing, "rows not in summary.md:\n" + "\n".join(missing)
    return f"{len(rows)} rows agree with summary.md"
