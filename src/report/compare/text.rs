//! The text of a comparison (`compare.md`, also printed): what was compared and how, a
//! verdict per configuration and depth, every node difference, and the verdict line
//! `compare: PASS` or `compare: FAIL (...)` last.
//!
//! Configurations are written as their configuration strings, the records' identities.
//! This module formats what the comparison computed; it decides no verdict.

use super::chart::CHART;
use super::nodes::{Change, Found, Sides};
use super::side::RunSet;
use super::{Comparison, Row};
use crate::report::tables::{markdown_table, sig3, thousands};
use crate::runfolder::describe;
use crate::runfolder::SearchId;

/// The whole text.
pub fn markdown(c: &Comparison) -> String {
    let last = format!("compare: {}\n", verdict(c));
    let sections = [header(c), verdict_table(c), differences(c), last];
    sections.join("\n")
}

fn header(c: &Comparison) -> String {
    let m = c.new.manifest();
    let configs: Vec<String> = m
        .configs
        .iter()
        .map(|p| format!("`{}`", p.config))
        .collect();
    let mut lines = vec![
        side_line("base", &c.base),
        side_line("new", &c.new),
        format!(
            "game `{}`, evaluation `{}`, fixture `{}` (set `{}`, FNV-1a 64 `{}`)",
            m.game, m.eval, m.fixture.path, m.fixture.set, m.fixture.hash
        ),
        format!("configurations {}", configs.join(", ")),
    ];
    if !c.setup.is_empty() {
        lines.push(format!(
            "the sides' specs differ beyond the code (node changes are to be expected): {}",
            describe(&c.setup, ("in base", "in new"))
        ));
    }
    lines.push(format!(
        "time ({}): per run, the time summed over the positions every run of both sides \
         recorded; the median over each side's runs; ratio = new / base; beyond ±{} it is \
         slower or faster",
        c.clock.caption(),
        c.tolerance.text()
    ));
    lines.extend(noise_notes(c));
    let list: String = lines.iter().map(|l| format!("- {l}\n")).collect();
    let title = format!(
        "# Comparison: `{}` against `{}`\n\n",
        c.new.dir.display(),
        c.base.dir.display()
    );
    title + &list
}

fn side_line(name: &str, side: &RunSet) -> String {
    let runs: Vec<String> = side.runs.iter().map(|(n, _)| format!("`{n}`")).collect();
    let builds: Vec<String> = side.builds().iter().map(|b| format!("`{b}`")).collect();
    format!(
        "{name} `{}`: {} ({}), {} {}",
        side.dir.display(),
        count(runs.len(), "run"),
        runs.join(", "),
        if builds.len() == 1 { "build" } else { "builds" },
        builds.join(", ")
    )
}

/// Says when a side's median is a single measurement, or the mean of two.
fn noise_notes(c: &Comparison) -> Vec<String> {
    let runs = (c.base.runs.len(), c.new.runs.len());
    let single = match runs {
        (1, 1) => Some("one run per side: each time is a single measurement"),
        (1, _) => Some("the base has one run: its time is a single measurement"),
        (_, 1) => Some("the new side has one run: its time is a single measurement"),
        _ => None,
    };
    let single = single.map(|who| {
        format!(
            "{who}, so timing noise is not controlled; give folders of repeated runs for medians"
        )
    });
    let two = (runs.0 == 2 || runs.1 == 2).then(|| {
        "the median of two runs is their mean, so one outlier moves it; with three or more \
         runs per side it does not"
            .to_string()
    });
    single.into_iter().chain(two).collect()
}

fn verdict_table(c: &Comparison) -> String {
    let header = [
        "configuration",
        "depth",
        "positions",
        "base ms",
        "new ms",
        "ratio",
        "95% interval",
        "runs (base, new)",
        "time",
        "nodes",
    ];
    let right = [
        false, true, true, true, true, true, true, true, false, false,
    ];
    let rows: Vec<Vec<String>> = c.rows.iter().map(verdict_row).collect();
    let chart = match c.chart_depth() {
        Some(depth) => format!("\n![time ratio new / base at depth {depth}]({CHART}.svg)\n"),
        None => String::new(),
    };
    format!(
        "## Verdict per configuration and depth\n\nms: the median over runs (and repeats \
         within runs) of the time summed over the positions counted, with the fastest and \
         slowest in brackets. The interval is the Hodges-Lehmann 95% interval of the ratio; a \
         row is slower or faster only when the whole interval lies beyond the tolerance.\n\n\
         {}{chart}",
        markdown_table(&header, &right, &rows)
    )
}

/// `12.3 [11.9–13.0]`: a median and its fastest and slowest measurement.
fn ms_spread(median: f64, (low, high): (f64, f64)) -> String {
    if low == high {
        return sig3(median);
    }
    format!("{} [{}–{}]", sig3(median), sig3(low), sig3(high))
}

fn verdict_row(row: &Row) -> Vec<String> {
    let dash = || "—".to_string();
    let timing = row.timing.as_ref();
    let nodes = match row.changed_positions {
        0 => "same".to_string(),
        n => format!("{} changed", count(n, "position")),
    };
    vec![
        format!("`{}`", row.planned.config),
        row.depth.to_string(),
        timing.map_or(0, |t| t.positions).to_string(),
        timing.map_or_else(dash, |t| ms_spread(t.base_ms, t.spread.0)),
        timing.map_or_else(dash, |t| ms_spread(t.new_ms, t.spread.1)),
        timing.map_or_else(dash, |t| format!("{:.3}", t.ratio())),
        timing.map_or_else(dash, |t| {
            format!("[{:.3}, {:.3}]", t.interval.0, t.interval.1)
        }),
        timing.map_or_else(dash, |t| format!("{}, {}", t.n.0, t.n.1)),
        row.time.name().to_string(),
        nodes,
    ]
}

fn differences(c: &Comparison) -> String {
    if c.groups.is_empty() {
        return "## Node differences\n\nNone: every record has the same nodes expanded, \
                node cap, score and best move in every run.\n"
            .to_string();
    }
    let mut out = format!("## Node differences ({})\n", c.n_node_changes());
    for group in &c.groups {
        out += &format!("\n### {} ({})\n\n", group.title, group.changes.len());
        for change in &group.changes {
            out += &format!("- {}\n", change_text(change, &group.names));
        }
    }
    out
}

/// One differing record: `` `cammp` depth 4, position `g01-m05`: nodes 1,234 → 1,300 ``.
fn change_text(change: &Change, names: &(String, String)) -> String {
    let SearchId {
        position,
        config,
        depth,
    } = &change.id;
    let only = |name: &str, o: &Found| format!("only in {name} ({} nodes)", nodes(o));
    let what = match &change.sides {
        Sides::Both(a, b) => both_text(a, b, names),
        Sides::First(a) => only(&names.0, a),
        Sides::Second(b) => only(&names.1, b),
    };
    format!("`{config}` depth {depth}, position `{position}`: {what}")
}

fn both_text(a: &Found, b: &Found, names: &(String, String)) -> String {
    let capped = |(x, x_name): (&Found, &str), (y, y_name): (&Found, &str)| {
        let (x_nodes, y_nodes) = (nodes(x), nodes(y));
        format!("capped in {x_name} at {x_nodes} nodes, not in {y_name} ({y_nodes} nodes)")
    };
    let (first, second) = ((a, names.0.as_str()), (b, names.1.as_str()));
    let mut parts = vec![match (a.capped, b.capped) {
        (true, false) => capped(first, second),
        (false, true) => capped(second, first),
        _ if a.nodes == b.nodes => format!("nodes {} on both", nodes(a)),
        _ => format!(
            "nodes {} → {} ({})",
            nodes(a),
            nodes(b),
            delta(a.nodes, b.nodes)
        ),
    }];
    if a.score != b.score {
        parts.push(format!("score {} → {}", a.score, b.score));
    }
    if a.best_move != b.best_move {
        let text = |m: &Option<String>| m.clone().unwrap_or_else(|| "none".into());
        parts.push(format!(
            "best move {} → {}",
            text(&a.best_move),
            text(&b.best_move)
        ));
    }
    parts.join("; ")
}

fn nodes(found: &Found) -> String {
    thousands(found.nodes as f64)
}

/// `+66, +5.3%`.
fn delta(from: u64, to: u64) -> String {
    let diff = to as f64 - from as f64;
    let sign = if diff > 0.0 { "+" } else { "" };
    let percent = match from {
        0 => String::new(),
        _ => format!(", {sign}{:.1}%", 100.0 * diff / from as f64),
    };
    format!("{sign}{}{percent}", thousands(diff))
}

/// `PASS` or `FAIL (k node changes, m time regressions beyond 10%)`, with `j searches on
/// one side only` when some are.
pub fn verdict(c: &Comparison) -> String {
    if c.passed() {
        return "PASS".into();
    }
    let one_side = match c.n_one_side_only() {
        0 => String::new(),
        1 => "1 search on one side only, ".into(),
        n => format!("{n} searches on one side only, "),
    };
    format!(
        "FAIL ({}, {one_side}{} beyond {})",
        count(c.n_node_changes(), "node change"),
        count(c.n_time_regressions(), "time regression"),
        c.tolerance.text()
    )
}

/// `1 run`, `3 runs`.
pub fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        _ => format!("{n} {noun}s"),
    }
}
