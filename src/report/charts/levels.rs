//! A one-depth run's nodes and times as horizontal bars, one per configuration (a line chart
//! over a single depth would be a column of dots): grouped as the line charts group them
//! (add-one with the baseline, leave-one-out with the full set), in the CAMMP table's order,
//! on a logarithmic axis. A configuration without a mean gets a note instead of a bar.

use super::axis::Axis;
use super::bars::{draw_bars, draw_stacked, Bar, Panel, Unit};
use super::lines::{groups, Measure};
use super::style::Styles;
use super::{titled, Chart};
use crate::report::stats::{Grid, Stat};
use crate::report::tables::{ms_text, nodes_text};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The bar chart of one measure at the run's one depth.
pub struct Levels {
    title: String,
    subtitle: String,
    x: Axis,
    panels: Vec<Panel>,
}

impl Levels {
    /// Nodes (`Measure::Nodes`) or times (any other measure) of every row at `depth`.
    pub fn new(
        grid: &Grid,
        depth: u32,
        styles: &Styles,
        (title, subtitle): (&str, &str),
        measure: Measure,
    ) -> Levels {
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
        Levels {
            title: format!("{title} at depth {depth} (log scale)"),
            subtitle: subtitle.to_string(),
            x,
            panels,
        }
    }
}

impl Chart for Levels {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(root, &self.title, &self.subtitle)?;
        let panels: Vec<&Panel> = self.panels.iter().collect();
        draw_stacked(area, &panels, &self.x, |_, panel, chart| {
            draw_bars(chart, panel, &self.x)
        })
    }
}
