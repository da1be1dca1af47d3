//! Markdown tables of a run: the CAMMP-format table (one row per configuration at one depth),
//! nodes, time and effective branching factor per depth, and the number formats they share.
//!
//! A cell with any capped record prints `capped (k/n)`, never a number. This module only
//! formats what `stats` computed; it writes no file.

use super::stats::{
    paired_ratio, paired_ratio_by, ratio, Estimate, Grid, Metric, PairedRatio, Row, Stat,
};

/// What the CAMMP-format table's columns mean, printed above it.
pub const CI_NOTE: &str = "95% CI: Student's t interval of the mean over positions, \
    clustered by the self-play game each position comes from (positions of one game are not \
    independent: cluster-robust variance, games - 1 degrees of freedom; none when every \
    position comes from one game), written as ± its half-width, the mean rounded to the \
    digits the interval supports";

/// What the paired columns show, printed below the CAMMP-format table.
pub const PAIRED_NOTE: &str = "Ratio: of the mean nodes over the positions both \
    configurations completed (CAMMP's format). Paired ratio: the geometric mean of the \
    per-position ratios over the same positions, with its 95% interval (Student's t on the \
    logarithms, clustered by game like the CI); `+` marks an interval wholly below 1 (fewer nodes at 95%), `-` one wholly \
    above 1";

/// What the branching-factor table shows, printed above it.
pub const EBF_NOTE: &str = "Effective branching factor per ply from depth d' to depth d: \
    the mean over positions of (N(d) / N(d'))^(1 / (d - d')), N = nodes expanded; d' is the \
    previous depth, or for configurations with iterative deepening d minus the id-step (both \
    depths then end the same sequence of iterations, so odd and even depths do not zigzag)";

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
pub(super) fn stat_text(stat: Stat, format: fn(f64) -> String) -> String {
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
        .map(|row| cammp_row(row, base, depth, grid.positions.len()))
        .collect();
    let ratio_header = format!("ratio to {base_label}");
    let header = [
        "configuration",
        "nodes expanded",
        "95% CI",
        "n",
        "games",
        &ratio_header,
        "paired ratio [95% CI]",
        "",
    ];
    let right = [false, true, true, true, true, true, true, false];
    format!(
        "Mean nodes expanded (n_nodes + n_qnodes) at depth {depth} over {}. {CI_NOTE}; n = \
         positions, games = the self-play games they come from.\n\n{}\n{PAIRED_NOTE}.\n",
        positions_from_games(grid.positions.len(), grid.games()),
        markdown_table(&header, &right, &rows)
    )
}

fn cammp_row(row: &Row, base: Option<&Row>, depth: u32, positions: usize) -> Vec<String> {
    let stat = row.nodes(depth);
    let (mean, ci, n, games) = match stat {
        Stat::Mean(e) => {
            let (mean, half) = rounded(e);
            let half = half.map_or("—".into(), |h| format!("± {h}"));
            (mean, half, e.n, e.games.to_string())
        }
        Stat::Capped { n, .. } => (nodes_text(stat), String::new(), n, String::new()),
        Stat::Missing => (nodes_text(stat), String::new(), 0, String::new()),
    };
    let ratio = base
        .and_then(|b| ratio(row, b, depth))
        .map_or("—".into(), sig3);
    let paired = base
        .filter(|b| b.planned.config != row.planned.config)
        .and_then(|b| paired_ratio(row, b, depth));
    vec![
        row.planned.label.clone(),
        mean,
        ci,
        k_of_n(n, positions),
        games,
        ratio,
        paired.map_or("—".into(), paired_text),
        paired.map_or("", |p| p.significance()).to_string(),
    ]
}

/// The evaluation calls at `depth` (`n_evals`): mean, 95% CI and the paired ratio to the
/// baseline, a row per configuration in the CAMMP table's order; empty when no record of
/// the depth counted them (runs written before they were).
pub fn evals_section(grid: &Grid, depth: u32) -> String {
    let ranked = grid.ranked(depth);
    if !ranked
        .iter()
        .any(|r| matches!(r.evals(depth), Stat::Mean(_)))
    {
        return String::new();
    }
    let base = grid.baseline_row();
    let rows: Vec<Vec<String>> = (ranked.into_iter())
        .map(|row| {
            let stat = row.evals(depth);
            let (mean, ci) = match stat {
                Stat::Mean(e) => {
                    let (mean, half) = rounded(e);
                    (mean, half.map_or("—".into(), |h| format!("± {h}")))
                }
                _ => (nodes_text(stat), String::new()),
            };
            let paired = base
                .filter(|b| b.planned.config != row.planned.config)
                .and_then(|b| paired_ratio_by(Metric::Evals, (row, depth), (b, depth)));
            vec![
                row.planned.label.clone(),
                mean,
                ci,
                paired.map_or("—".into(), paired_text),
            ]
        })
        .collect();
    let header = [
        "configuration",
        "evaluation calls",
        "95% CI",
        "paired ratio [95% CI]",
    ];
    format!(
        "## Evaluation calls at depth {depth}

Mean calls of the static evaluation          (`n_evals`: at leaves, in quiescence, and the aspiration window's centre) at depth          {depth}, CI as above; paired ratio to the baseline's calls on the same positions,          as for nodes.

{}",
        markdown_table(&header, &[false, true, true, true], &rows)
    )
}

/// `40 positions from 5 games`.
pub fn positions_from_games(positions: usize, games: usize) -> String {
    let plural = |k: usize, word: &str| match k {
        1 => format!("1 {word}"),
        k => format!("{k} {word}s"),
    };
    format!(
        "{} from {}",
        plural(positions, "position"),
        plural(games, "game")
    )
}

/// `k of n` when a row has fewer positions than the run, else `n`.
pub fn k_of_n(k: usize, n: usize) -> String {
    match k < n {
        true => format!("{k} of {n}"),
        false => k.to_string(),
    }
}

/// A mean and its half-width rounded to the digits the interval supports: the half-width
/// to two significant figures, the mean to the same place.
pub fn rounded(e: Estimate) -> (String, Option<String>) {
    let Some(half) = e.half_width.filter(|h| *h > 0.0) else {
        return (thousands(e.mean), e.half_width.map(thousands));
    };
    let place = 10f64.powi(half.log10().floor() as i32 - 1);
    if place < 1.0 {
        let decimals = (-place.log10()).round() as usize;
        return (
            format!("{:.*}", decimals, e.mean),
            Some(format!("{half:.decimals$}")),
        );
    }
    let round = |x: f64| (x / place).round() * place;
    (thousands(round(e.mean)), Some(thousands(round(half))))
}

/// `0.443 [0.41, 0.48]`.
pub(super) fn paired_text(p: PairedRatio) -> String {
    match p.interval {
        Some((low, high)) => format!("{} [{}, {}]", sig3(p.ratio), sig3(low), sig3(high)),
        None => sig3(p.ratio),
    }
}

/// A table with a row per configuration (in the CAMMP order at `depth`) and a column per
/// depth, each cell `cell(row, depth)`.
pub(super) fn per_depth_table(
    grid: &Grid,
    depth: u32,
    depths: &[u32],
    cell: impl Fn(&Row, u32) -> String,
) -> String {
    per_depth_table_after(grid, depth, depths, Vec::new(), cell)
}

/// [`per_depth_table`] with the rows `lead` (a label and a cell per depth) above the
/// configurations'.
pub(super) fn per_depth_table_after(
    grid: &Grid,
    depth: u32,
    depths: &[u32],
    lead: Vec<Vec<String>>,
    cell: impl Fn(&Row, u32) -> String,
) -> String {
    let header: Vec<String> = std::iter::once("configuration".to_string())
        .chain(depths.iter().map(|d| format!("depth {d}")))
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let right: Vec<bool> = header.iter().enumerate().map(|(i, _)| i > 0).collect();
    let mut rows = lead;
    rows.extend(grid.ranked(depth).into_iter().map(|row| {
        let cells = depths.iter().map(|&d| cell(row, d));
        std::iter::once(row.planned.label.clone())
            .chain(cells)
            .collect()
    }));
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
        ebf_text(row.ebf(&grid.depths, d, grid.id_step))
    })
}
