//! The default run's answer: CAMMP's published node ratios beside ours, measured twice on
//! the same positions, once under the `cammp-java` profile (every CAMMP search difference)
//! and once under the textbook defaults, each with its paired interval.

use super::stats::{paired_ratio, Grid, Row};
use super::studies::{cammp_baseline_nodes, cammp_depth, matches, CAMMP_NODES, CAMMP_SOURCE};
use super::tables::{markdown_table, paired_text, positions_from_games, sig3};
use crate::runfolder::Role;
use anyhow::{bail, Result};
use std::path::Path;

/// One column of ours: a run folder and the parameters it was run with, in words.
pub struct Column<'a> {
    /// The column's name (`cammp-java`, `textbook`).
    pub name: &'a str,
    /// The run folder.
    pub dir: &'a Path,
}

/// The side-by-side table of the Ming Mang CAMMP runs in `columns` (same game, positions
/// and plan, different parameters), as Markdown with its caption.
pub fn side_by_side(columns: &[Column]) -> Result<String> {
    let mut grids = Vec::new();
    for column in columns {
        let run = crate::runfolder::read_run(column.dir)?;
        if !run.manifest.game.starts_with("mingmang") {
            bail!("{}: not a Ming Mang run", column.dir.display());
        }
        grids.push(Grid::new(&run));
    }
    let Some(first) = grids.first() else {
        bail!("no run to set beside CAMMP's table")
    };
    let depth = cammp_depth(first, first.default_depth());
    let mut header = vec!["CAMMP's row".to_string(), "ours".into(), "CAMMP".into()];
    header.extend(columns.iter().map(|c| format!("ours, {}", c.name)));
    let rows = table_rows(&grids, depth);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let right: Vec<bool> = (0..header.len()).map(|i| i >= 2).collect();
    Ok(format!(
        "Node ratios to alpha-beta at depth {depth} over {}. CAMMP: its published nodes \
         divided by its alpha-beta row's ({CAMMP_SOURCE}). Ours: the geometric mean of the \
         per-position ratios to `alphabeta`, with its 95% interval clustered by game (`+`: \
         the interval lies below 1, fewer nodes; `-`: above 1); {}.\n\n{}",
        positions_from_games(first.positions.len(), first.games()),
        columns_text(columns),
        markdown_table(&header, &right, &rows)
    ))
}

fn columns_text(columns: &[Column]) -> String {
    let each: Vec<String> = columns
        .iter()
        .map(|c| format!("`ours, {}` is the run in `{}`", c.name, c.dir.display()))
        .collect();
    each.join(", ")
}

/// One row per our configuration with a CAMMP counterpart, in CAMMP's order.
fn table_rows(grids: &[Grid], depth: u32) -> Vec<Vec<String>> {
    let cammp_base = cammp_baseline_nodes();
    let first = &grids[0];
    let mut rows = Vec::new();
    for published in CAMMP_NODES.iter().filter(|p| p.role != Role::Baseline) {
        for ours in first.rows.iter().filter(|r| matches(published, r)) {
            let mut row = vec![
                published.label.to_string(),
                ours.planned.label.clone(),
                sig3(published.nodes as f64 / cammp_base),
            ];
            row.extend(grids.iter().map(|g| ratio_cell(g, ours, depth)));
            rows.push(row);
        }
    }
    rows
}

/// The paired ratio of the configuration of `like` in `grid` to its baseline.
fn ratio_cell(grid: &Grid, like: &Row, depth: u32) -> String {
    let row = grid
        .rows
        .iter()
        .find(|r| r.planned.config == like.planned.config);
    let paired = row
        .zip(grid.baseline_row())
        .and_then(|(row, base)| paired_ratio(row, base, depth));
    paired.map_or("—".into(), |p| match p.significance() {
        "" => paired_text(p),
        sign => format!("{} {sign}", paired_text(p)),
    })
}

#[cfg(test)]
mod tests {
    use super::{side_by_side, Column};
    use crate::report::tests::{manifest, records, run_dir, PLAN};

    /// Two runs of the same plan and positions: each configuration with a CAMMP row gets a
    /// line, CAMMP's ratio (published nodes over its alpha-beta's) and each run's paired
    /// ratio to its own baseline, in the columns' order.
    #[test]
    fn each_run_gets_a_column_beside_cammp() {
        let plan_manifest = manifest("mingmang", PLAN, &[4]);
        let first = [
            [100, 200, 300],
            [300, 400, 500],
            [500, 600, 700],
            [30, 30, 30],
            [20, 20, 20],
        ];
        let mut second = first;
        second[1] = [50, 100, 150];
        let a = run_dir(&plan_manifest, &records(PLAN, &[4], &first));
        let b = run_dir(&plan_manifest, &records(PLAN, &[4], &second));
        let columns = [
            Column {
                name: "one",
                dir: &a,
            },
            Column {
                name: "two",
                dir: &b,
            },
        ];
        let table = side_by_side(&columns).unwrap();
        let killers = "| alpha-beta with killer moves | alpha-beta with killer moves | 0.265 | \
                       2.15 [1.02, 4.55] - | 0.500 [0.500, 0.500] + |";
        assert!(table.contains(killers), "{table}");
        assert!(table.contains("| ours, one | ours, two |"), "{table}");
        let lines = table
            .lines()
            .filter(|l| l.starts_with("| all without"))
            .count();
        assert_eq!(lines, 1, "{table}");
    }
}
