//! Markdown tables of a run: the CAMMP-format table (one row per configuration at one depth),
//! nodes, time and effective branching factor per depth, and the number formats they share.
//!
//! A cell with any capped record prints `capped (k/n)`, never a number. This module only
//! formats what `stats` computed; it writes no file.

use super::stats::{ratio, Grid, Row, Stat};

/// What the CAMMP-format table's columns mean, printed above it.
pub const CI_NOTE: &str = "95% CI: Student's t interval of the mean over positions \
    (n - 1 degrees of freedom), written as ± its half-width";

/// What the branching-factor table shows, printed above it.
pub const EBF_NOTE: &str = "Effective branching factor per ply from the previous depth d' \
    to depth d: the mean over positions of (N(d) / N(d'))^(1 / (d - d')), N = nodes expanded";

/// A whole number with thousands separators: `1234567.4` -> `1,234,567`.
pub fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x.abs());
    let mut out = String::new();
    for (idx, ch) in digits.chars().enumerate() {
        if idx > 0 && (digits.len() - idx) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if x < 0.0 && digits != "0" {
        out.insert(0, '-');
    }
    out
}

/// A number to three significant figures (thousands separators from 1,000 on).
pub fn sig3(x: f64) -> String {
    match x.abs() {
        a if a >= 1000.0 => thousands(x),
        a if a >= 100.0 => format!("{x:.0}"),
        a if a >= 10.0 => format!("{x:.1}"),
        a if a >= 1.0 => format!("{x:.2}"),
        _ => format!("{x:.3}"),
    }
}

/// A cell's mean in `format`, or why it has none: `capped (k/n)` or `—`.
fn stat_text(stat: Stat, format: fn(f64) -> String) -> String {
    match stat {
        Stat::Mean(e) => format(e.mean),
        Stat::Capped { capped, n } => format!("capped ({capped}/{n})"),
        Stat::Missing => "—".into(),
    }
}

/// Mean nodes expanded, or why there is none.
pub fn nodes_text(stat: Stat) -> String {
    stat_text(stat, thousands)
}

/// Mean milliseconds, or why there is none.
pub fn ms_text(stat: Stat) -> String {
    stat_text(stat, sig3)
}

fn ebf_text(stat: Stat) -> String {
    stat_text(stat, |x| format!("{x:.2}"))
}

/// A Markdown table; `right[i]` aligns column i to the right.
pub fn markdown_table(header: &[&str], right: &[bool], rows: &[Vec<String>]) -> String {
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let cells: Vec<&str> = cells.collect();
        format!("| {} |\n", cells.join(" | "))
    };
    let rule: Vec<&str> = right
        .iter()
        .map(|&r| if r { "---:" } else { "---" })
        .collect();
    let mut out = line(&mut header.iter().copied());
    out += &line(&mut rule.iter().copied());
    for row in rows {
        out += &line(&mut row.iter().map(String::as_str));
    }
    out
}

/// The CAMMP-format table at `depth`: configuration, mean nodes expanded, its 95% CI, n and
/// the ratio to the baseline, rows by descending nodes; with a caption saying so.
pub fn cammp_table(grid: &Grid, depth: u32) -> String {
    let base = grid.baseline_row();
    let base_label = base.map_or(grid.baseline.to_string(), |b| b.planned.label.clone());
    let rows: Vec<Vec<String>> = grid
        .ranked(depth)
        .into_iter()
        .map(|row| cammp_row(row, base, depth))
        .collect();
    let ratio_header = format!("ratio to {base_label}");
    let header = [
        "configuration",
        "nodes expanded",
        "95% CI",
        "n",
        &ratio_header,
    ];
    format!(
        "Mean nodes expanded (n_nodes + n_qnodes) at depth {depth}. {CI_NOTE}; n = positions.\n\n{}",
        markdown_table(&header, &[false, true, true, true, true], &rows)
    )
}

fn cammp_row(row: &Row, base: Option<&Row>, depth: u32) -> Vec<String> {
    let stat = row.nodes(depth);
    let (ci, n) = match stat {
        Stat::Mean(e) => {
            let half = e
                .half_width
                .map_or("—".into(), |h| format!("± {}", thousands(h)));
            (half, e.n)
        }
        Stat::Capped { n, .. } => (String::new(), n),
        Stat::Missing => (String::new(), 0),
    };
    let ratio = base
        .and_then(|b| ratio(row, b, depth))
        .map_or("—".into(), sig3);
    vec![
        row.planned.label.clone(),
        nodes_text(stat),
        ci,
        n.to_string(),
        ratio,
    ]
}

/// A table with a row per configuration (in the CAMMP order at `depth`) and a column per
/// depth, each cell `cell(row, depth)`.
fn per_depth_table(
    grid: &Grid,
    depth: u32,
    depths: &[u32],
    cell: impl Fn(&Row, u32) -> String,
) -> String {
    let header: Vec<String> = std::iter::once("configuration".to_string())
        .chain(depths.iter().map(|d| format!("depth {d}")))
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let right: Vec<bool> = header.iter().enumerate().map(|(i, _)| i > 0).collect();
    let rows: Vec<Vec<String>> = grid
        .ranked(depth)
        .into_iter()
        .map(|row| {
            let cells = depths.iter().map(|&d| cell(row, d));
            std::iter::once(row.planned.label.clone())
                .chain(cells)
                .collect()
        })
        .collect();
    markdown_table(&header, &right, &rows)
}

/// Mean nodes expanded per depth.
pub fn nodes_per_depth(grid: &Grid, depth: u32) -> String {
    per_depth_table(grid, depth, &grid.depths, |row, d| nodes_text(row.nodes(d)))
}

/// Mean time per depth, in milliseconds.
pub fn ms_per_depth(grid: &Grid, depth: u32) -> String {
    per_depth_table(grid, depth, &grid.depths, |row, d| ms_text(row.ms(d)))
}

/// Effective branching factor per depth (from the second depth on).
pub fn ebf_per_depth(grid: &Grid, depth: u32) -> String {
    let depths = &grid.depths[1.min(grid.depths.len())..];
    per_depth_table(grid, depth, depths, |row, d| {
        ebf_text(row.ebf(&grid.depths, d))
    })
}
