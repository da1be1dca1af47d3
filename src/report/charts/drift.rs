//! Savings against drift: a scatter at one depth, a point per configuration, the share of
//! positions whose root score differs from the exact reference's on the x axis (0 to 100%)
//! and the paired node ratio to the reference on a log y axis, with a line at 1 (no saving).
//! Exact techniques sit at x = 0; the best trade-offs lie low and to the left. Points are
//! coloured, shaped and labelled as in every chart.
//!
//! `drift` and `stats` compute both numbers; this module only draws them.

use super::axis::{trim, Axis};
use super::labels::{labelled_point, Labels};
use super::published::point_label;
use super::style::{SeriesStyle, Styles};
use super::{titled, Chart, FONT, SIZE};
use crate::report::drift::drift;
use crate::report::stats::{paired_ratio, Grid, Row};
use crate::search::Enhancement;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One configuration: its label, style, score drift in percent and paired node ratio.
struct Point {
    label: String,
    style: SeriesStyle,
    drift: f64,
    ratio: f64,
}

/// The scatter, ready to draw.
pub struct SavingsDrift {
    subtitle: String,
    y: Axis,
    points: Vec<Point>,
}

impl SavingsDrift {
    /// The chart of every row with a paired ratio and a drift against `reference` at
    /// `depth` (the reference itself at 0% and 1), or `None` when fewer than two rows have
    /// both.
    pub fn new(
        grid: &Grid,
        reference: &Row,
        depth: u32,
        styles: &Styles,
        subtitle: &str,
    ) -> Option<SavingsDrift> {
        let point = |row: &Row| {
            let d = drift(row, reference, depth)?;
            Some(Point {
                label: point_label(row),
                style: styles.of(row.planned.config),
                drift: 100.0 * d.score_share(),
                ratio: paired_ratio(row, reference, depth)?.ratio,
            })
        };
        // Quiescence scores the position after the captures: a different horizon, whose
        // root values differ from the fixed-depth ones by design, not by error.
        let horizon = |row: &Row| {
            let q = |r: &Row| r.planned.config.has(Enhancement::Quiescence);
            q(row) && !q(reference)
        };
        let rows = grid.ranked(depth);
        let other_horizon = rows.iter().filter(|r| horizon(r)).count();
        let points: Vec<Point> = rows
            .into_iter()
            .filter(|r| !horizon(r))
            .filter_map(point)
            .collect();
        if points.len() < 2 {
            return None;
        }
        let left_out = match other_horizon {
            0 => String::new(),
            k => format!(
                "\n{k} configurations with quiescence search left out: they score the position \
                 after the captures, a different horizon, so their drift is not an error"
            ),
        };
        let y = Axis::log(points.iter().map(|p| p.ratio).chain([1.0]));
        let subtitle = format!(
            "{subtitle} · depth {depth}\nagainst {}, exact: x, the positions whose root score \
             differs; y, the geometric mean of the per-position node ratios\n+: added to the \
             baseline, −: left out of the full set; exact techniques sit at 0%, the best \
             trade-offs low and to the left{left_out}",
            reference.planned.label
        );
        Some(SavingsDrift {
            subtitle,
            y,
            points,
        })
    }
}

impl Chart for SavingsDrift {
    fn size(&self) -> (u32, u32) {
        (SIZE.0, SIZE.0)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.draw_labelled(root).map(|_| ())
    }
}

impl SavingsDrift {
    /// Draws the chart; returns where its labels went.
    pub(super) fn draw_labelled<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<Labels>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(root, "Node savings against value drift", &self.subtitle)?;
        let x = Axis::percent();
        let mut chart = ChartBuilder::on(&area)
            .margin(30)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(x.spec(), self.y.spec())?;
        chart
            .configure_mesh()
            .x_desc("positions whose root score differs from the exact search (%)")
            .y_desc("nodes relative to the exact reference (paired, log scale)")
            .x_label_formatter(&|v| format!("{v:.0}%"))
            .y_label_formatter(&|v| format!("{}×", trim(self.y.value(*v))))
            .axis_desc_style((FONT, 18))
            .label_style((FONT, 15))
            .bold_line_style(RGBColor(200, 200, 200))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        let plot = chart.plotting_area();
        if let Some(one) = self.y.place(1.0) {
            let range = x.spec().range();
            let line = vec![(range.start, one), (range.end, one)];
            plot.draw(&PathElement::new(line, BLACK.stroke_width(2)))?;
        }
        let mut labels = Labels::new(plot);
        for point in &self.points {
            let Some(y) = self.y.place(point.ratio) else {
                continue;
            };
            // Labels of points right of the middle go left of them where there is room.
            let left = point.drift > 50.0;
            let label = (&point.style, point.label.as_str());
            labelled_point(plot, (point.drift, y), label, left, &mut labels)?;
        }
        labels.note_unlabelled(plot)?;
        Ok(labels)
    }
}
