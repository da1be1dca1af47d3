"""The claims of a folder's `claims.json`: every number of its `analysis.md` is a placeholder
whose value a query over the committed files computes. `cutoff report` renders the stored
values into `analysis.md`; this module recomputes each from the query and fails on a value
that differs (or, with `fill`, stores the computed values).

A claims file is `{"claims": [CLAIM, ...]}`; a CLAIM is `{"text": "... {name} ...",
"values": {name: VALUE}}`, optionally with `"conjecture": "what would test it"`. A VALUE is
`{"query": QUERY, "format": SPEC, "value": "rendered"}` (SPEC a Python format spec, default
`""`), or a cited figure `{"cite": "where it is published", "value": "..."}`, which has no
query. A QUERY is one of:

- `{"file": F, "where": {...}, "agg": A, "field": X}`: the rows of F (a `.jsonl` or `.csv`,
  or a `.json` file as one row; a path relative to the folder; `../` reaches other runs) whose fields equal `where`'s (a
  list: any of them; `{"ne": v}`, `{"lt": v}`, `{"ge": v}`: comparisons), aggregated by A
  (`count`, `sum`, `mean`, `min`, `max`, `distinct`: how many values, `games`: how many
  self-play games the position ids X come from, `one`: the single row's) over field X (a
  list of fields: their sum per row; a dotted path `a.b` reads a nested field).
- `{"pairs": {"file": F, "key": [..], "a": {...}, "b": {...}, "where": {...}},
  "agg": "differ" | "same" | "count" | "mean_ratio" | "geo_ratio" | "mean_abs_diff" |
  "max_abs_diff",
  "field": X}`: rows of `a` matched to rows of `b` on the `key` fields; `differ` counts the
  pairs whose X differ.
- `{"paired": {"run": DIR, "config": C, "base": B, "depth": D}, "part": "ratio" | "low" |
  "high" | "games" | "n"}`: the paired geometric-mean ratio of the nodes (q-nodes
  included) of C over B and its interval clustered by game (as summary.csv has it).
- `{"in": F, "regex": R}`: the first group of R's first match in the text of F (a file
  cutoff generates from the data, such as a match's summary.md), as a number where it is one.
- `{"op": "div" | "mul" | "sub" | "add" | "neg" | "abs", "args": [QUERY, ...]}`, `min` and
  `max` of one QUERY giving a list, `list` of its QUERYs, and
  `{"const": number}` (a unit, such as 100 for a percentage; not a measured figure).
- `{"fn": "module.function", "args": {...}, "key": [...]}`: a table computed by a function
  of the checks (a dict or list indexed by `key`) from the folder (or from `"run": DIR`
  relative to it).
"""
import csv
import importlib
import json
import math
import re
from pathlib import Path

from .stats import clustered, game_of

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def load_rows(path, cache):
    """The rows of a `.jsonl` or `.csv` file (CSV fields that parse as numbers are numbers)."""
    path = path.resolve()
    if path not in cache:
        text = path.read_text()
        if path.suffix == ".csv":
            cache[path] = [{k: number(v) for k, v in row.items()}
                           for row in csv.DictReader(text.splitlines())]
        elif path.suffix == ".json":
            cache[path] = [json.loads(text)]
        else:
            cache[path] = [json.loads(line) for line in text.splitlines() if line.strip()]
    return cache[path]


def number(text):
    """`text` as an int or float where it is one, else `text`."""
    for kind in (int, float):
        try:
            return kind(text)
        except (TypeError, ValueError):
            pass
    return text


def field(row, name):
    """A row's field: a dotted path reads nested objects; a list sums its fields."""
    if isinstance(name, list):
        return sum(field(row, n) for n in name)
    value = row
    for part in name.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def matches(row, where):
    """Whether `row` satisfies every condition of `where`."""
    for name, want in where.items():
        have = field(row, name)
        if isinstance(want, list):
            ok = have in want
        elif isinstance(want, dict):
            (op, v), = want.items()
            ok = {"ne": have != v, "lt": have < v, "le": have <= v, "gt": have > v,
                  "ge": have >= v}[op]
        else:
            ok = have == want
        if not ok:
            return False
    return True


def aggregate(values, agg):
    values = list(values)
    if agg == "count":
        return len(values)
    if agg == "distinct":
        return len(set(values))
    if agg == "games":
        return len({game_of(v) for v in values})
    if not values:
        raise AssertionError("no rows match the query")
    if agg == "one":
        assert len(values) == 1, f"{len(values)} rows match a query that wants one"
        return values[0]
    return {"sum": sum, "min": min, "max": max,
            "mean": lambda v: sum(v) / len(v)}[agg](values)


def evaluate(query, folder, cache):
    """The value of `query` over the files of `folder`."""
    if "const" in query:
        return query["const"]
    if "op" in query:
        args = [evaluate(q, folder, cache) for q in query["args"]]
        return {"div": lambda a, b: a / b, "mul": lambda a, b: a * b,
                "sub": lambda a, b: a - b, "add": lambda a, b: a + b,
                "neg": lambda a: -a, "abs": abs, "min": min, "max": max,
                "list": lambda *a: list(a)}[query["op"]](*args)
    if "file" in query:
        rows = [r for r in load_rows(folder / query["file"], cache)
                if matches(r, query.get("where", {}))]
        agg = query.get("agg", "one")
        return aggregate((field(r, query["field"]) for r in rows) if agg != "count" else rows,
                         agg)
    if "pairs" in query:
        return pairs(query, folder, cache)
    if "regex" in query:
        found = re.search(query["regex"], (folder / query["in"]).read_text())
        assert found, f"{query['regex']!r} is not in {query['in']}"
        return number(found.group(1))
    if "paired" in query:
        return paired(query, folder, cache)
    if "fn" in query:
        table = computed(query, folder, cache)
        for k in query.get("key", []):
            table = table[k]
        return table
    raise AssertionError(f"unknown query {query}")


def computed(query, folder, cache):
    """The table of a `fn` query, computed once per function, folder and arguments."""
    run = (folder / query.get("run", ".")).resolve()
    args = query.get("args", {})
    key = ("fn", query["fn"], run, json.dumps(args, sort_keys=True))
    if key not in cache:
        module, name = query["fn"].rsplit(".", 1)
        cache[key] = getattr(importlib.import_module(f"checks.{module}"), name)(run, **args)
    return cache[key]


def pairs(query, folder, cache):
    """Rows of `a` matched with rows of `b` on the key fields, compared on one field."""
    spec = query["pairs"]
    rows = [r for r in load_rows(folder / spec["file"], cache)
            if matches(r, spec.get("where", {}))]
    key = lambda r: tuple(field(r, k) for k in spec["key"])
    b = {key(r): r for r in rows if matches(r, spec["b"])}
    matched = [(r, b[key(r)]) for r in rows if matches(r, spec["a"]) and key(r) in b]
    agg, name = query["agg"], query.get("field")
    if agg == "count":
        return len(matched)
    x = [(field(r, name), field(s, name)) for r, s in matched]
    if agg == "differ":
        return sum(u != v for u, v in x)
    if agg == "same":
        return sum(u == v for u, v in x)
    if agg == "mean_abs_diff":
        return sum(abs(u - v) for u, v in x) / len(x)
    if agg == "max_abs_diff":
        return max(abs(u - v) for u, v in x)
    if agg == "mean_ratio":
        return sum(u for u, _ in x) / sum(v for _, v in x)
    if agg == "geo_ratio":
        return math.exp(sum(math.log(u / v) for u, v in x) / len(x))
    raise AssertionError(f"unknown pairs aggregate {agg}")


def paired(query, folder, cache):
    """The paired ratio of summary.csv recomputed from the records (uncapped searches); the
    base at `base_depth` when the query gives one."""
    spec = query["paired"]
    rows = load_rows(folder / spec.get("run", ".") / "records.jsonl", cache)
    nodes = {}
    for r in rows:
        if not r["capped"]:
            nodes.setdefault((r["config"], r["depth"]), {})[r["position"]] = r["n_nodes"] + r["n_qnodes"]
    mine = nodes.get((spec["config"], spec["depth"]), {})
    theirs = nodes.get((spec["base"], spec.get("base_depth", spec["depth"])), {})
    logs = [(game_of(p), math.log(mine[p] / theirs[p])) for p in sorted(mine) if p in theirs]
    assert logs, f"no positions in common: {spec}"
    mean, half, games = clustered(logs)
    part = query.get("part", "ratio")
    if part in ("low", "high"):
        assert half is not None, f"one game: no interval for {spec}"
        return math.exp(mean - half if part == "low" else mean + half)
    return {"ratio": math.exp(mean), "games": games, "n": len(logs)}[part]


def render(value, spec):
    """A computed value in the claim's format (`%` specs show percentages)."""
    return format(value, spec)


def text_numbers(text):
    """The digits of a claim's literal text outside code spans (hand-typed numbers)."""
    outside = re.sub(r"`[^`]*`", "", PLACEHOLDER.sub("", text))
    return re.findall(r"(?<![A-Za-z])[0-9][0-9.,]*", outside)


def check_file(path, fill=False):
    """Recomputes every value of the claims file at `path`; returns (claims, values checked).
    With `fill`, writes the computed values into the file instead of comparing."""
    path = Path(path)
    folder, cache = path.parent, {}
    data = json.loads(path.read_text())
    n_values, wrong = 0, []
    for i, claim in enumerate(data["claims"]):
        text, values = claim["text"], claim.get("values", {})
        used = set(PLACEHOLDER.findall(text))
        assert used == set(values), f"{path} claim {i}: placeholders {sorted(used)} but " \
            f"values {sorted(values)}"
        hand = text_numbers(text)
        assert not hand, f"{path} claim {i}: hand-typed numbers {hand} in {text[:60]!r}"
        for name, value in values.items():
            if "cite" in value:
                continue
            got = render(evaluate(value["query"], folder, cache), value.get("format", ""))
            n_values += 1
            if fill:
                value["value"] = got
            elif got != value["value"]:
                wrong.append(f"{path} claim {i} {{{name}}}: the data give {got}, the claim "
                             f"says {value['value']}")
    if fill:
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    assert not wrong, "\n".join(wrong)
    return len(data["claims"]), n_values
