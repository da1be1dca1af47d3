"""Second route to summary.md: rebuilds its table from solves.jsonl and the published values
in fixtures/reference/kalah-solved.json (no cutoff code) and checks that the summary holds
exactly these rows."""
import json
from pathlib import Path


def check(run):
    run = Path(run)
    published = {c["options"]: c["margin"] for c in
                 json.loads(Path("fixtures/reference/kalah-solved.json").read_text())["cases"]}
    rows = []
    for line in run.joinpath("solves.jsonl").read_text().splitlines():
        s = json.loads(line)
        options = s["game"].split(":", 1)[1]
        value = f"{s['value']:+d}" if s["exact"] else f"[{s['lower']:+d}, {s['upper']:+d}]"
        agrees = "yes" if s["exact"] and s["value"] == published[options] else "no"
        rows.append(f"| Kalah({options}) | {value} | {published[options]:+d} | {agrees} | "
                    f"{s['best_move']} | {s['nodes']:,} | {s['ms'] / 1000:.1f} |")
    summary = run.joinpath("summary.md").read_text()
    missing = [r for r in rows if r not in summary]
    assert not missing, "rows not in summary.md:\n" + "\n".join(missing)
    return f"{len(rows)} rows agree with summary.md"
