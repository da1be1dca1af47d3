"""The Gothello match table by colour, from each match's games.jsonl alone.

For every match folder under RUN_DIR it splits agent A's games by the colour it played
(black moves first from the empty board; the opening's plies alternate the side, so after
an even opening the agent moving first plays black), counts wins, draws and losses, and
checks the counts against the "moving first" / "moving second" rows of the folder's own
summary.md (written by cutoff): a second route to the same numbers. The table must be the
run's summary.md. Intervals are Wilson's 95% score intervals; Elo is the logistic Elo of the
score, -400 log10(1/s - 1), with a normal interval from the per-game variance.
"""

import json
import math
import re
from pathlib import Path

# The study's table (STUDIES.md, Gothello, Portland State CS441): 10 games each.
STUDY = [
    ("1", "number-liberties", "black", "number", "on", 0.9),
    ("2", "number", "black", "number", "off", 0.7),
    ("3", "eye", "black", "eye", "off", 0.8),
    ("4", "number-liberties", "white", "number", "on", 0.8),
    ("5", "number", "white", "number", "off", 0.4),
    ("6", "eye", "white", "eye", "off", 0.2),
]
STUDY_GAMES = 10
EXTRA = [
    ("-", "eye-liberties", "black", "eye", "on", None),
    ("-", "eye-liberties", "white", "eye", "on", None),
    ("-", "eye-study-sum", "black", "eye, stone-score=2", "off", None),
    ("-", "eye-study-sum", "white", "eye, stone-score=2", "off", None),
]
SECTIONS = [
    ("", "2-ply openings (the main table)", STUDY + EXTRA),
    ("openings-4/", "4-ply openings", STUDY),
    ("opponent-liberties/", "2-ply openings, the opponent breaking ties by liberties", STUDY),
]


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def elo(points, n):
    """Logistic Elo of a score with a 95% interval from the per-game variance; the half-width
    is nan when the score's interval reaches 0 or 100% (that end of the Elo interval is
    unbounded, so no symmetric interval and no difference can be given)."""
    s = points / n
    if s <= 0 or s >= 1:
        return (math.copysign(math.inf, s - 0.5), math.nan)
    e = -400 * math.log10(1 / s - 1)
    score_half = 1.96 * math.sqrt(s * (1 - s) / n)
    if s - score_half <= 0 or s + score_half >= 1:
        return (e, math.nan)
    # Delta method: dElo/ds = 400 / (ln 10 s (1 - s)).
    return (e, 1.96 * 400 / (math.log(10) * s * (1 - s)) * math.sqrt(s * (1 - s) / n))


def elo_text(e, half):
    """`+513.3 ± 49.6`, or the estimate with the reason there is no interval."""
    if math.isfinite(half):
        return f"{e:+.1f} ± {half:.1f}"
    if math.isfinite(e):
        return f"{e:+.1f} (no interval: the score's interval reaches 0 or 100%)"
    return f"{e:+.1f} (a score of 0 or 100%)"


def games(folder):
    lines = (folder / "games.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def by_colour(folder):
    """Agent A's [wins, draws, losses, errors] as black and as white, and as first and second mover."""
    colour = {"black": [0, 0, 0, 0], "white": [0, 0, 0, 0]}
    mover = {"first": [0, 0, 0, 0], "second": [0, 0, 0, 0]}
    for g in games(folder):
        first_is_a = g["game"] == 0
        first_is_black = len(g["opening"]) % 2 == 0
        a_black = first_is_a == first_is_black
        if g["end"] == "win":
            k = 0 if g["winner"] == 0 else 2
        elif g["end"] == "draw":
            k = 1
        else:
            k = 3
        colour["black" if a_black else "white"][k] += 1
        mover["first" if first_is_a else "second"][k] += 1
    return colour, mover


def check_summary(folder, mover):
    """The moving first/second rows of cutoff's summary.md must equal our counts."""
    text = (folder / "summary.md").read_text()
    for row, key in (("moving first", "first"), ("moving second", "second")):
        m = re.search(r"\| " + row + r" \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|", text)
        if not m:
            raise AssertionError(f"{folder}: no `{row}` row in summary.md")
        games_, wins, draws, losses = map(int, m.groups())
        w, d, l, _ = mover[key]
        if (wins, draws, losses, games_) != (w, d, l, w + d + l):
            raise AssertionError(f"{folder}: {row}: summary.md says {m.groups()}, games.jsonl {mover[key]}")


def cell(folder, colour_name):
    colour, mover = by_colour(folder)
    check_summary(folder, mover)
    w, d, l, errors = colour[colour_name]
    if errors:
        raise AssertionError(f"{folder}: {errors} games in error")
    return w, d, l


def row_text(num, name, colour, evaluation, tie, study, w, d, l):
    n = w + d + l
    lo, hi = wilson(w, n)
    study_text = "-"
    if study is not None:
        slo, shi = wilson(round(study * STUDY_GAMES), STUDY_GAMES)
        study_text = f"{study:.1f} [{slo:.2f}, {shi:.2f}]"
    return (
        f"| {num} | {colour} | {evaluation} | {tie} | {study_text} | {n} | {w} | {d} | {l} | "
        f"{w / n:.3f} [{lo:.3f}, {hi:.3f}] | {(w + d / 2) / n:.3f} |"
    )


def table(run):
    """The run's summary.md, from the games."""
    run = Path(run)
    out = [
        "# Gothello matches: minimax with a 1000-node budget against negamax depth 3\n",
        "Written by `results/check.py` (checks/gothello.py) from each match's `games.jsonl` (and checked against the match's own",
        "`summary.md`); the study's numbers (STUDIES.md, 10 games a row) beside ours, with Wilson 95%",
        "intervals. Minimax is `alphabeta+id+tt-value+tt-move[+liberties]:node-budget=1000,id-step=1`,",
        "negamax `alphabeta:depth=3` (first best move in generation order on ties), both with the",
        "`number` evaluation unless the row says otherwise. See `README.md` and `analysis.md`.\n",
    ]
    for prefix, title, rows in SECTIONS:
        out.append(f"## Minimax (1000-node budget) against negamax depth 3: {title}\n")
        out.append(
            "| # | minimax plays | evaluation | liberties tie-break | study win rate (10 games) "
            "[95%] | games | wins | draws | losses | our win rate [95%] | our score |"
        )
        out.append("| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: |")
        for num, name, colour, evaluation, tie, study in rows:
            folder = run / (prefix + name)
            if not folder.exists():
                continue
            w, d, l = cell(folder, colour)
            out.append(row_text(num, name, colour, evaluation, tie, study, w, d, l))
        out.append("")
    out.append("## Elo of the liberties tie-break\n")
    out.append("| measurement | games | score of tie-break on | Elo (logistic) [95%] |")
    out.append("| --- | ---: | ---: | --- |")
    head = run / "liberties-on-vs-off"
    colour, mover = by_colour(head)
    check_summary(head, mover)
    w = colour["black"][0] + colour["white"][0]
    d = colour["black"][1] + colour["white"][1]
    n = w + d + colour["black"][2] + colour["white"][2]
    e, half = elo(w + d / 2, n)
    out.append(f"| head to head, number evaluation | {n} | {(w + d / 2) / n:.3f} | {elo_text(e, half)} |")
    indirect = (
        ("negamax depth 3, number", "number-liberties", "number"),
        ("negamax depth 3, eye", "eye-liberties", "eye"),
        ("negamax depth 3 breaking ties by liberties, number", "opponent-liberties/number-liberties", "opponent-liberties/number"),
        ("negamax depth 3, number, 4-ply openings", "openings-4/number-liberties", "openings-4/number"),
    )
    for against, on, off in indirect:
        scores = []
        for name in (on, off):
            colour, mover = by_colour(run / name)
            check_summary(run / name, mover)
            wins = colour["black"][0] + colour["white"][0]
            draws = colour["black"][1] + colour["white"][1]
            total = wins + draws + colour["black"][2] + colour["white"][2]
            scores.append(elo(wins + draws / 2, total))
        (e_on, h_on), (e_off, h_off) = scores
        difference = f"{e_on - e_off:+.1f} ± {math.hypot(h_on, h_off):.1f}"
        if not (math.isfinite(h_on) and math.isfinite(h_off)):
            difference = "not measurable (an Elo interval unbounded on one side)"
        out.append(
            f"| against {against}: on {e_on:+.1f}, off {e_off:+.1f} | 2 x 400 | - | "
            f"{difference} |"
        )
    return "\n".join(out) + "\n"


def check(run):
    want = table(run)
    assert (Path(run) / "summary.md").read_text() == want, \
        f"{run}/summary.md differs from the table of games.jsonl (write it with --write)"
    return "summary.md is the table of the games"


def write(run):
    (Path(run) / "summary.md").write_text(table(run))


def score(folder):
    """Agent A's points (a draw is half) and games over both colours."""
    counts = by_colour(folder)[0].values()
    return sum(w + d / 2 for w, d, _, _ in counts), sum(w + d + l for w, d, l, _ in counts)


def figures(run):
    """The table's figures as data: `rows[section][num]` (section "2", "4" or "lib"; num the
    study's row number or `name/colour` for the extra rows) with `wins`, `n`, `rate`, `lo`,
    `hi`; `study[num]` with `rate`, `lo`, `hi`; `head` (the head-to-head score and logistic
    Elo with its half-width) and `indirect[name]` (the tie-break's Elo on, off, and their
    difference where both intervals are bounded, else None)."""
    run = Path(run)
    rows = {}
    for (prefix, _, entries), key in zip(SECTIONS, ("2", "4", "lib")):
        for num, name, colour, _, _, _ in entries:
            w, d, l = cell(run / (prefix + name), colour)
            lo, hi = wilson(w, w + d + l)
            rows.setdefault(key, {})[num if num != "-" else f"{name}/{colour}"] = {
                "wins": w, "n": w + d + l, "rate": w / (w + d + l), "lo": lo, "hi": hi}
    study = {}
    for num, _, _, _, _, rate in STUDY:
        lo, hi = wilson(round(rate * STUDY_GAMES), STUDY_GAMES)
        study[num] = {"rate": rate, "lo": lo, "hi": hi, "wins": round(rate * STUDY_GAMES)}
    points, n = score(run / "liberties-on-vs-off")
    e, half = elo(points, n)
    indirect = {}
    for on, off in (("number-liberties", "number"), ("eye-liberties", "eye"),
                    ("opponent-liberties/number-liberties", "opponent-liberties/number"),
                    ("openings-4/number-liberties", "openings-4/number")):
        (e_on, h_on), (e_off, h_off) = (elo(*score(run / name)) for name in (on, off))
        bounded = math.isfinite(h_on) and math.isfinite(h_off)
        indirect[on] = {"on": e_on, "off": e_off, "diff": e_on - e_off if bounded else None,
                        "half": math.hypot(h_on, h_off) if bounded else None}
    return {"rows": rows, "study": study, "indirect": indirect,
            "head": {"n": n, "score": points / n, "elo": e, "half": half}}
