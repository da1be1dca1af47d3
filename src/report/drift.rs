//! Value drift: how far each configuration's root values and best moves stray from an exact
//! search of the same depth. The reference is the run's baseline row when its configuration
//! is exact on the run's game (`values::is_exact`); a run whose baseline is not exact has
//! no reference and says so in one line.
//!
//! Each comparison is over the positions both searched without hitting the node cap. A best
//! move counts as different whenever the move differs, even when the two moves have the same
//! value: the records hold no value per move. This module counts and formats; it reads no
//! file.

use super::stats::{common, paired_ratio, Grid, Row};
use super::tables::{markdown_table, per_depth_table, sig3};
use super::values::is_exact;
use crate::runfolder::Manifest;

/// One configuration against the reference at one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Drift {
    /// Positions compared.
    pub n: usize,
    /// Positions whose root score differs from the reference's.
    pub score_differs: usize,
    /// Positions whose best move differs from the reference's.
    pub move_differs: usize,
    /// The sum of the absolute score differences.
    pub sum_abs: u64,
    /// The largest absolute score difference.
    pub max_abs: u64,
}

impl Drift {
    /// The share of positions whose score differs, 0 to 1.
    pub fn score_share(&self) -> f64 {
        self.score_differs as f64 / self.n as f64
    }

    /// The share of positions whose best move differs, 0 to 1.
    pub fn move_share(&self) -> f64 {
        self.move_differs as f64 / self.n as f64
    }

    /// The mean absolute score difference.
    pub fn mean_abs(&self) -> f64 {
        self.sum_abs as f64 / self.n as f64
    }
}

/// `row` against `reference` at `depth`, when they share an uncapped position.
pub fn drift(row: &Row, reference: &Row, depth: u32) -> Option<Drift> {
    let (cell, base) = (row.cells.get(&depth)?, reference.cells.get(&depth)?);
    let mut d = Drift::default();
    for (_, s, b) in common(cell, base) {
        let diff = u64::from(s.score.abs_diff(b.score));
        d.n += 1;
        d.score_differs += usize::from(diff != 0);
        d.move_differs += usize::from(s.best_move != b.best_move);
        d.sum_abs += diff;
        d.max_abs = d.max_abs.max(diff);
    }
    (d.n > 0).then_some(d)
}

/// The reference row: the baseline row when its configuration is exact; otherwise why
/// there is none.
pub fn reference<'a>(grid: &'a Grid, manifest: &Manifest) -> Result<&'a Row, String> {
    let Some(base) = grid.baseline_row() else {
        return Err(format!(
            "the plan has no row of the baseline `{}`",
            grid.baseline
        ));
    };
    match is_exact(base.planned.config, manifest) {
        true => Ok(base),
        false => Err(format!(
            "the baseline `{}` is not exact on `{}`, so no row gives the exact values to \
             compare with",
            grid.baseline, manifest.game
        )),
    }
}

/// A share as a percentage: `0%`, `<1%`, `33%`.
pub fn percent(share: f64) -> String {
    match share * 100.0 {
        p if p > 0.0 && p < 0.5 => "<1%".to_string(),
        p => format!("{p:.0}%"),
    }
}

/// The "Value drift" section: the table at `depth` and the shares per depth; or one line
/// saying why there is none.
pub fn section(grid: &Grid, manifest: &Manifest, depth: u32) -> String {
    let reference = match reference(grid, manifest) {
        Ok(row) => row,
        Err(why) => return format!("## Value drift\n\nNo value drift: {why}.\n"),
    };
    let label = &reference.planned.label;
    let rows: Vec<Vec<String>> = grid
        .ranked(depth)
        .into_iter()
        .map(|row| at_depth(row, reference, depth))
        .collect();
    let ratio_header = format!("paired ratio to {label}");
    let header = [
        "configuration",
        &ratio_header,
        "score differs",
        "mean abs diff",
        "max abs diff",
        "move differs",
        "n",
    ];
    let right = [false, true, true, true, true, true, true];
    let per_depth = per_depth_table(grid, depth, &grid.depths, |row, d| {
        drift(row, reference, d).map_or("—".into(), |x| {
            format!("{} / {}", percent(x.score_share()), percent(x.move_share()))
        })
    });
    format!(
        "## Value drift\n\nRoot scores and best moves against {label} (`{}`), which is exact: \
         the minimax value at the same depth. Over the positions both searched without \
         hitting the node cap (n): the share whose root score differs, the mean and largest \
         absolute score difference, and the share whose best move differs (a different move \
         of equal value counts too: the records hold no value per move). Exact techniques \
         show 0% score drift; their moves may still differ among equal-valued ones. Paired \
         ratio: nodes expanded, as in the table above.\n\nAt depth {depth}:\n\n{}\n\
         Per depth, score differs / move differs:\n\n{per_depth}",
        grid.baseline,
        markdown_table(&header, &right, &rows)
    )
}

/// A row of the table at `depth`.
fn at_depth(row: &Row, reference: &Row, depth: u32) -> Vec<String> {
    let paired = (row.planned.config != reference.planned.config)
        .then(|| paired_ratio(row, reference, depth))
        .flatten();
    let mut cells = vec![
        row.planned.label.clone(),
        paired.map_or("—".into(), |p| sig3(p.ratio)),
    ];
    match drift(row, reference, depth) {
        Some(d) => cells.extend([
            percent(d.score_share()),
            format!("{:.2}", d.mean_abs()),
            d.max_abs.to_string(),
            percent(d.move_share()),
            d.n.to_string(),
        ]),
        None => cells.extend(["—", "—", "—", "—", "0"].map(String::from)),
    }
    cells
}
