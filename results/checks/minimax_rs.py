"""Second route to summary.md: recompute every ratio and count from records.jsonl and compare
with the numbers in the summary's tables (to their printed precision). A mismatch fails.

Every folder of the run holding records.jsonl and summary.md.
"""
import json
import statistics
from collections import defaultdict
from pathlib import Path

BEST = 32767
NEGAMAX, ALPHABETA, PLAIN = "minimax-rs-negamax", "alphabeta", "plain"
IDTT, ITER = "alphabeta+id+tt-value+tt-move+pvs", "minimax-rs-iterative"


def peer_value(score):
    if score > BEST - 100:
        return BEST
    if score < -(BEST - 100):
        return -BEST
    return score


def figures(d):
    """Per section (`ab`, `id`), game and depth: the summary's figures, unrounded."""
    recs = [json.loads(line) for line in open(f"{d}/records.jsonl")]
    runs = defaultdict(list)
    for r in recs:
        runs[(r["game"], r["depth"], r["engine"], r["position"])].append(r)
    sums = defaultdict(lambda: [0.0, 0.0])
    for (game, depth, engine, _), rs in runs.items():
        s = sums[(game, depth, engine)]
        s[0] += statistics.median(r["ns"] for r in rs)
        s[1] += statistics.median(r["nodes"] for r in rs)
    same = defaultdict(lambda: [0, 0, 0])
    first = defaultdict(dict)
    for r in recs:
        if r["repeat"] == 0:
            first[(r["game"], r["depth"], r["position"])][r["engine"]] = r
    for (game, depth, _), e in first.items():
        c = same[(game, depth)]
        c[0] += 1
        c[1] += peer_value(e[ALPHABETA]["score"]) == e[NEGAMAX]["score"]
        c[2] += peer_value(e[IDTT]["score"]) == e[ITER]["score"]
        # The bench asserts these; check them again from the records.
        assert (e[ALPHABETA]["nodes"], e[ALPHABETA]["score"]) == (e[PLAIN]["nodes"], e[PLAIN]["score"])

    def pn(game, depth, engine):
        ns, nodes = sums[(game, depth, engine)]
        return ns / nodes

    out = {}
    for game, depth in sorted(same):
        s = lambda e: sums[(game, depth, e)]
        n, agree_nm, agree_it = same[(game, depth)]
        out.setdefault("ab", {}).setdefault(game, {})[str(depth)] = {
            "ours_ns": pn(game, depth, ALPHABETA), "negamax_ns": pn(game, depth, NEGAMAX),
            "ours_over_negamax": pn(game, depth, ALPHABETA) / pn(game, depth, NEGAMAX),
            "plain_ns": pn(game, depth, PLAIN),
            "ours_over_plain": pn(game, depth, ALPHABETA) / pn(game, depth, PLAIN),
            "plain_over_negamax": pn(game, depth, PLAIN) / pn(game, depth, NEGAMAX),
            "ours_nodes": s(ALPHABETA)[1], "negamax_nodes": s(NEGAMAX)[1],
            "negamax_over_ours_time": s(NEGAMAX)[0] / s(ALPHABETA)[0],
            "agree": agree_nm, "n": n}
        out.setdefault("id", {}).setdefault(game, {})[str(depth)] = {
            "ours_ms": s(IDTT)[0] / 1e6, "iter_ms": s(ITER)[0] / 1e6,
            "iter_over_ours_time": s(ITER)[0] / s(IDTT)[0],
            "ours_ns": pn(game, depth, IDTT), "iter_ns": pn(game, depth, ITER),
            "ours_over_iter_ns": pn(game, depth, IDTT) / pn(game, depth, ITER),
            "ours_nodes": s(IDTT)[1], "iter_nodes": s(ITER)[1],
            "iter_over_ours_nodes": s(ITER)[1] / s(IDTT)[1],
            "idtt_over_ab_ns": pn(game, depth, IDTT) / pn(game, depth, ALPHABETA),
            "agree": agree_it, "n": n}
    return out


def table(folder, sub="", section="ab", column="ours_ns", games=None):
    """One column of a summary's section over its (game, depth) rows, for claims: a list
    (`games`: only those games' rows) of floats."""
    rows = figures(Path(folder) / sub)[section]
    return [cells[column] for game in sorted(rows) if games is None or game in games
            for _, cells in sorted(rows[game].items(), key=lambda kv: int(kv[0]))]


def check_one(d):
    """The rows of `d/summary.md` against the figures of `d/records.jsonl`."""
    expected = {}
    for section, rows in figures(d).items():
        for game, depths in rows.items():
            for depth, c in depths.items():
                if section == "ab":
                    cells = [f"{c['ours_ns']:.1f}", f"{c['negamax_ns']:.1f}",
                             f"{c['ours_over_negamax']:.2f}", f"{c['plain_ns']:.1f}",
                             f"{c['ours_over_plain']:.2f}", f"{c['ours_nodes']:.0f}",
                             f"{c['negamax_nodes']:.0f}", f"{c['negamax_over_ours_time']:.2f}"]
                else:
                    cells = [f"{c['ours_ms']:.1f}", f"{c['iter_ms']:.1f}",
                             f"{c['iter_over_ours_time']:.2f}", f"{c['ours_ns']:.1f}",
                             f"{c['iter_ns']:.1f}", f"{c['ours_over_iter_ns']:.2f}",
                             f"{c['ours_nodes']:.0f}", f"{c['iter_nodes']:.0f}"]
                expected[(section, game, depth)] = cells + [f"{c['agree']} of {c['n']}"]
    section, seen, bad = None, 0, 0
    for line in open(f"{d}/summary.md"):
        if line.startswith("## Plain"):
            section = "ab"
        elif line.startswith("## Iterative"):
            section = "id"
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        key = (section, cells[0], cells[1] if len(cells) > 1 else "")
        if key in expected:
            seen += 1
            if cells[2:] != expected[key]:
                bad += 1
                print(f"{d}: mismatch {key}: summary {cells[2:]} vs records {expected[key]}")
    if seen != len(expected):
        print(f"{d}: summary has {seen} of {len(expected)} rows")
        bad += 1
    assert not bad, f"{d}: {bad} rows of summary.md disagree with records.jsonl"
    return seen


def check(run):
    folders = [f.parent for f in sorted(Path(run).glob("**/records.jsonl"))
               if (f.parent / "summary.md").exists()]
    rows = sum(check_one(f) for f in folders)
    return f"{rows} rows of {len(folders)} summaries agree with their records"
