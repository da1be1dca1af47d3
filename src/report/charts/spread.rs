//! The spread of the node ratio over positions at one depth, beside the means of the
//! node-savings chart: for each technique a dot per position (its nodes relative to the
//! same reference as the bars: the baseline for add-one rows, the full set for leave-one-out
//! rows), spread a little up and down so equal ratios stay visible, and the paired geometric
//! mean as a black tick with its 95% interval as a black line. A wide strip says the mean
//! hides positions where the technique costs nodes.
//!
//! Positions that hit the node cap have no ratio and are not drawn, as in the tables.

use super::axis::Axis;
use super::bars::{draw_line_at_one, draw_stacked, segment, Bar, BarChart, Panel, Unit};
use super::style::Styles;
use super::{titled, Chart};
use crate::report::stats::{paired_ratio, position_ratios, Grid, Row};
use crate::runfolder::Role;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One panel: its bars (labels and geometric means) and each row's per-position ratios.
struct Strips {
    panel: Panel,
    ratios: Vec<Vec<f64>>,
    intervals: Vec<Option<(f64, f64)>>,
}

/// The strip plot, ready to draw.
pub struct Spread {
    title: String,
    subtitle: String,
    x: Axis,
    strips: Vec<Strips>,
}

impl Spread {
    /// The chart of `grid` at `depth`, or `None` when the plan has no add-one rows with a
    /// baseline nor leave-one-out rows with a full set.
    pub fn new(grid: &Grid, depth: u32, styles: &Styles, subtitle: &str) -> Option<Spread> {
        let parts = [
            (Role::AddOne, grid.baseline_row(), "Adding one technique to"),
            (
                Role::LeaveOneOut,
                grid.role(Role::Full),
                "Leaving one technique out of",
            ),
        ];
        let strips: Vec<Strips> = parts
            .into_iter()
            .filter_map(|(role, reference, caption)| {
                let reference = reference?;
                let rows: Vec<&Row> = grid
                    .ranked(depth)
                    .into_iter()
                    .filter(|r| r.planned.role == role)
                    .collect();
                (!rows.is_empty()).then(|| strips(&rows, reference, depth, styles, caption))
            })
            .collect();
        if strips.is_empty() {
            return None;
        }
        let all = strips
            .iter()
            .flat_map(|s| s.ratios.iter().flatten().copied());
        let x = Axis::log(all.chain([1.0]));
        Some(Spread {
            title: format!("Node ratio per position at depth {depth}"),
            subtitle: format!(
                "{subtitle}\na dot per position; black tick and line: paired geometric mean and \
                 its 95% interval; positions that hit the node cap are left out"
            ),
            x,
            strips,
        })
    }
}

fn strips(rows: &[&Row], reference: &Row, depth: u32, styles: &Styles, caption: &str) -> Strips {
    let paired: Vec<_> = rows
        .iter()
        .map(|r| paired_ratio(r, reference, depth))
        .collect();
    let bars = rows
        .iter()
        .zip(&paired)
        .map(|(row, p)| Bar {
            label: row
                .planned
                .technique
                .map_or(row.planned.label.clone(), |t| t.title().to_string()),
            ratio: p
                .map(|p| p.ratio)
                .ok_or_else(|| "no position to compare".to_string()),
            style: styles.of(row.planned.config),
        })
        .collect();
    let label = &reference.planned.label;
    Strips {
        panel: Panel {
            title: format!("{caption} {label}"),
            x_desc: format!("nodes relative to {label} on each position (log scale)"),
            bars,
            unit: Unit::Ratio,
            values: false,
        },
        ratios: rows
            .iter()
            .map(|r| {
                let ratios = position_ratios(r, reference, depth);
                ratios.into_iter().map(|(_, ratio)| ratio).collect()
            })
            .collect(),
        intervals: paired.iter().map(|p| p.and_then(|p| p.interval)).collect(),
    }
}

/// A small vertical offset, in pixels, for the `j`-th dot of a strip: a fixed pattern, so
/// the chart is the same on every run.
fn jitter(j: usize) -> i32 {
    ((j * 7) % 11) as i32 - 5
}

impl Strips {
    fn draw<DB: DrawingBackend>(&self, chart: &mut BarChart<DB>, x: &Axis) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let n = self.panel.bars.len();
        draw_line_at_one(chart, n, x)?;
        let plot = chart.plotting_area();
        for (k, bar) in self.panel.bars.iter().enumerate() {
            let row = SegmentValue::CenterOf(segment(n, k));
            let dot = bar.style.color.mix(0.55).filled();
            for (j, &ratio) in self.ratios[k].iter().enumerate() {
                let Some(at) = x.place(ratio) else { continue };
                plot.draw(
                    &(EmptyElement::at((at, row.clone())) + Circle::new((0, jitter(j)), 4, dot)),
                )?;
            }
            if let Some((lo, hi)) = self.intervals[k] {
                let ends = [lo, hi].map(|v| (x.place(v).unwrap_or(0.0), row.clone()));
                plot.draw(&PathElement::new(ends.to_vec(), BLACK.stroke_width(2)))?;
            }
            if let Ok(mean) = bar.ratio {
                let tick = PathElement::new(vec![(0, -11), (0, 11)], BLACK.stroke_width(3));
                plot.draw(&(EmptyElement::at((x.place(mean).unwrap_or(0.0), row.clone())) + tick))?;
            }
        }
        Ok(())
    }
}

impl Chart for Spread {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(root, &self.title, &self.subtitle)?;
        let panels: Vec<&Panel> = self.strips.iter().map(|s| &s.panel).collect();
        draw_stacked(area, &panels, &self.x, |k, _, chart| {
            self.strips[k].draw(chart, &self.x)
        })
    }
}
