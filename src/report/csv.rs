//! The tables as CSV for other tools: `summary.csv` (the CAMMP-format table) and
//! `per-depth.csv` (every configuration at every depth, long format).
//!
//! Both go on with the ratio to the minimal tree and the value drift against an exact
//! baseline (`minimal_ratio`, `score_drift`, `mean_abs_score_diff`, `move_drift`; shares from
//! 0 to 1), and end with the evaluation calls (`mean_evals`, `evals_ci95_half_width`, and in
//! `summary.csv` the paired ratio of evaluation calls to the baseline's,
//! `evals_paired_ratio` with its interval and `evals_paired_n`), empty when unknown (records
//! written before `n_evals` was counted).
//!
//! Capped and missing cells leave their mean columns empty and say so in `n_capped` and `n`;
//! numbers are written plainly (no thousands separators, no rounding beyond 3 decimals).
//! This module builds strings; `mod.rs` writes them.

use super::drift::drift;
use super::stats::{paired_ratio, paired_ratio_by, ratio, Grid, Metric, Row, Stat};

/// `n`, `games` (the self-play games of the positions), `n_capped`, mean and 95% half-width
/// (clustered by game) of a cell.
fn stat_fields(stat: Stat) -> [String; 5] {
    let number = |x: f64| format!("{x:.3}");
    match stat {
        Stat::Mean(e) => [
            e.n.to_string(),
            e.games.to_string(),
            "0".into(),
            number(e.mean),
            e.half_width.map_or(String::new(), number),
        ],
        Stat::Capped { capped, n } => [
            n.to_string(),
            String::new(),
            capped.to_string(),
            String::new(),
            String::new(),
        ],
        Stat::Missing => [
            "0".into(),
            "0".into(),
            "0".into(),
            String::new(),
            String::new(),
        ],
    }
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn line(fields: &[String]) -> String {
    let fields: Vec<String> = fields.iter().map(|f| field(f)).collect();
    fields.join(",") + "\n"
}

fn config_fields(row: &Row) -> [String; 4] {
    let planned = &row.planned;
    [
        planned.config.to_string(),
        planned.label.clone(),
        planned.role.name().to_string(),
        planned
            .technique
            .map_or(String::new(), |t| t.name().to_string()),
    ]
}

/// `minimal_ratio`, `score_drift`, `mean_abs_score_diff` and `move_drift` of `row` at
/// `depth` (drift against `reference`, the exact baseline row), empty where unknown.
fn limit_fields(grid: &Grid, row: &Row, depth: u32, reference: Option<&Row>) -> [String; 4] {
    let number = |x: f64, places: usize| format!("{x:.places$}");
    let minimal = grid.minimal_ratio(row, depth).mean();
    let drift = reference.and_then(|r| drift(row, r, depth));
    [
        minimal.map_or(String::new(), |x| number(x, 6)),
        drift.map_or(String::new(), |d| number(d.score_share(), 6)),
        drift.map_or(String::new(), |d| number(d.mean_abs(), 3)),
        drift.map_or(String::new(), |d| number(d.move_share(), 6)),
    ]
}

/// `mean_evals` and `evals_ci95_half_width` of `row` at `depth`.
fn evals_fields(row: &Row, depth: u32) -> [String; 2] {
    let [_, _, _, mean, half] = stat_fields(row.evals(depth));
    [mean, half]
}

/// The paired ratio of `row`'s evaluation calls to `base`'s at `depth`: ratio, interval, n.
fn evals_paired_fields(row: &Row, base: Option<&Row>, depth: u32) -> [String; 4] {
    let paired = base.and_then(|b| paired_ratio_by(Metric::Evals, (row, depth), (b, depth)));
    let interval = paired.and_then(|p| p.interval);
    let number = |x: Option<f64>| x.map_or(String::new(), |r| format!("{r:.6}"));
    [
        number(paired.map(|p| p.ratio)),
        number(interval.map(|i| i.0)),
        number(interval.map(|i| i.1)),
        paired.map_or(String::new(), |p| p.n.to_string()),
    ]
}

/// `summary.csv`: a line per configuration at `depth`, in the CAMMP table's order.
pub fn summary(grid: &Grid, depth: u32, reference: Option<&Row>) -> String {
    let base = grid.baseline_row();
    let mut out = "rank,config,label,role,technique,depth,n,games,n_capped,mean_nodes,ci95_half_width,ratio_to_baseline,paired_ratio,paired_ci95_low,paired_ci95_high,paired_n,paired_games,minimal_ratio,score_drift,mean_abs_score_diff,move_drift,mean_evals,evals_ci95_half_width,evals_paired_ratio,evals_paired_ci95_low,evals_paired_ci95_high,evals_paired_n\n".to_string();
    let number = |x: Option<f64>| x.map_or(String::new(), |r| format!("{r:.6}"));
    for (rank, row) in grid.ranked(depth).into_iter().enumerate() {
        let ratio = base.and_then(|b| ratio(row, b, depth));
        let paired = base.and_then(|b| paired_ratio(row, b, depth));
        let interval = paired.and_then(|p| p.interval);
        let fields = [
            vec![(rank + 1).to_string()],
            config_fields(row).to_vec(),
            vec![depth.to_string()],
            stat_fields(row.nodes(depth)).to_vec(),
            vec![number(ratio), number(paired.map(|p| p.ratio))],
            vec![number(interval.map(|i| i.0)), number(interval.map(|i| i.1))],
            vec![
                paired.map_or(String::new(), |p| p.n.to_string()),
                paired.map_or(String::new(), |p| p.games.to_string()),
            ],
            limit_fields(grid, row, depth, reference).to_vec(),
            evals_fields(row, depth).to_vec(),
            evals_paired_fields(row, base, depth).to_vec(),
        ];
        out += &line(&fields.concat());
    }
    out
}

/// `per-depth.csv`: a line per configuration and depth (configurations in the CAMMP
/// table's order at `depth`, depths ascending), with nodes, time, branching factor, the
/// ratio to the minimal tree and the value drift.
pub fn per_depth(grid: &Grid, depth: u32, reference: Option<&Row>) -> String {
    let mut out = "config,label,role,technique,depth,n,games,n_capped,mean_nodes,ci95_half_width,mean_ms,ms_ci95_half_width,ebf,minimal_ratio,score_drift,mean_abs_score_diff,move_drift,mean_evals,evals_ci95_half_width\n".to_string();
    for row in grid.ranked(depth) {
        for &d in &grid.depths {
            let [_, _, _, ms, ms_half] = stat_fields(row.ms(d));
            let ebf = row.ebf(&grid.depths, d, grid.id_step).mean();
            let fields = [
                config_fields(row).to_vec(),
                vec![d.to_string()],
                stat_fields(row.nodes(d)).to_vec(),
                vec![
                    ms,
                    ms_half,
                    ebf.map_or(String::new(), |x| format!("{x:.4}")),
                ],
                limit_fields(grid, row, d, reference).to_vec(),
                evals_fields(row, d).to_vec(),
            ];
            out += &line(&fields.concat());
        }
    }
    out
}
