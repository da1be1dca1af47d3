//! Root values: an exact configuration (every flag exact with the run's parameters, on the
//! run's game) must return alpha-beta's root value at every position and depth. This section
//! counts the positions where it does not, so a run shows at once whether a technique marked
//! exact really was. Non-exact techniques (quiescence, null move, multi-cut, LMR) change
//! values by design and are left out, and so is `tt-value` where it is not exact: with
//! `tt-cut-deeper=1`, and in games whose hash leaves out what decides the legal moves (Ming
//! Mang's repetition history, where a table value can be wrong for another path:
//! graph-history interaction). It formats counts; it reads no file.

use super::drift::drift;
use super::stats::{Grid, Row};
use super::tables::markdown_table;
use crate::game::{split_game_string, GameId};
use crate::runfolder::Manifest;
use crate::search::Config;

/// The Markdown section, or nothing when the run has no exact configuration besides the
/// baseline.
pub fn section(grid: &Grid, manifest: &Manifest) -> String {
    let exact = |c: Config| is_exact(c, manifest);
    let Some(baseline) = grid.rows.iter().find(|r| r.planned.config == grid.baseline) else {
        return String::new();
    };
    let exact: Vec<&Row> = grid
        .rows
        .iter()
        .filter(|r| r.planned.config != grid.baseline && exact(r.planned.config))
        .collect();
    if exact.is_empty() {
        return String::new();
    }
    let mut header = vec!["configuration".to_string()];
    header.extend(grid.depths.iter().map(|d| format!("depth {d}")));
    let mut differing = 0;
    let rows: Vec<Vec<String>> = exact
        .iter()
        .map(|row| {
            let mut cells = vec![row.planned.label.clone()];
            for &depth in &grid.depths {
                let (compared, differ) = count(baseline, row, depth);
                differing += differ;
                cells.push(format!("{differ} / {compared}"));
            }
            cells
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let right: Vec<bool> = header.iter().map(|h| *h != "configuration").collect();
    let verdict = match differing {
        0 => "Every exact configuration returned alpha-beta's root value at every position and depth.".to_string(),
        n => format!("{n} root values differ from alpha-beta's: a technique marked exact changed the value there."),
    };
    format!(
        "## Root values of exact configurations\n\nPositions where the root value differs from \
         `{}`'s, of the positions both searched without hitting the node cap. {verdict}\n\n{}",
        grid.baseline,
        markdown_table(&header, &right, &rows)
    )
}

/// Whether `config` is exact with the run's parameters on the run's game (`tt-value` only
/// where the game's hash is complete and the table cuts at the depth needed).
pub fn is_exact(config: Config, manifest: &Manifest) -> bool {
    let (name, _) = split_game_string(&manifest.game);
    let complete = GameId::parse(name).is_ok_and(|id| id.info().hash_is_complete);
    config.is_exact_with(&manifest.params, complete)
}

/// Positions compared at `depth` (uncapped on both sides) and how many of them differ.
fn count(baseline: &Row, row: &Row, depth: u32) -> (usize, usize) {
    drift(row, baseline, depth).map_or((0, 0), |d| (d.n, d.score_differs))
}
