//! A one-depth run's nodes and times as horizontal bars, one per configuration (a line chart
//! over a single depth would be a column of dots): grouped as the line charts group them
//! (add-one with the baseline, leave-one-out with the full set), in the CAMMP table's order,
//! on a logarithmic axis. A configuration without a mean gets a note instead of a bar.

use super::axis::Axis;
use super::bars::{Bar, Panel, Stacked, Unit};
use super::lines::{groups, Measure};
use super::style::Styles;
use crate::report::stats::{Grid, Stat};
use crate::report::tables::{ms_text, nodes_text};

/// Nodes (`Measure::Nodes`) or times (any other measure) of every row at `depth`.
pub fn levels(
    grid: &Grid,
    depth: u32,
    styles: &Styles,
    (title, subtitle): (&str, &str),
    measure: Measure,
) -> Stacked {
    let (unit, x_desc): (Unit, &str) = match measure {
        Measure::Nodes => (
            Unit::Nodes,
            "nodes expanded (mean over positions, log scale)",
        ),
        _ => (
            Unit::Ms,
            "time per search (ms, mean over positions, log scale)",
        ),
    };
    let text = |stat: Stat| match measure {
        Measure::Nodes => nodes_text(stat),
        _ => ms_text(stat),
    };
    let panels: Vec<Panel> = groups(grid, depth)
        .into_iter()
        .map(|(caption, rows)| Panel {
            title: caption,
            x_desc: x_desc.to_string(),
            bars: rows
                .iter()
                .map(|row| {
                    let stat = measure.stat(grid, row, depth);
                    Bar {
                        label: row.planned.label.clone(),
                        ratio: stat.mean().ok_or_else(|| text(stat)),
                        style: styles.of(row.planned.config),
                    }
                })
                .collect(),
            unit,
            values: true,
        })
        .collect();
    let values = panels
        .iter()
        .flat_map(|p| p.bars.iter().filter_map(|b| b.ratio.as_ref().ok().copied()));
    // Room for the value labels right of the longest bar.
    let x = Axis::log(values.flat_map(|v| [v / 1.6, v * 1.6]));
    Stacked {
        title: format!("{title} at depth {depth} (log scale)"),
        subtitle: subtitle.to_string(),
        x,
        panels,
    }
}
