//! Ours against the published study: a log-log scatter of node ratios, the study's on the x
//! axis and ours on the y axis, one point per configuration both measured (coloured and
//! shaped as in every chart, labelled with the technique), and the diagonal where the two
//! agree. Points above the diagonal: the configuration saves less here than in the study.
//!
//! Only the CAMMP table (Ming Mang) has node ratios to set ours against; `studies` matches
//! the rows and computes both ratios, this module only draws them.

use super::axis::{trim, Axis};
use super::labels::{labelled_point, Labels};
use super::style::{SeriesStyle, Styles};
use super::{titled, Chart, FONT, SIZE};
use crate::report::stats::{Grid, Row};
use crate::report::studies::{cammp_depth, cammp_pairs, CAMMP_NODES};
use crate::runfolder::{Manifest, Role};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One configuration: its label, style and both ratios.
struct Point {
    label: String,
    style: SeriesStyle,
    published: f64,
    ours: f64,
}

/// The scatter, ready to draw.
pub struct Published {
    subtitle: String,
    axis: Axis,
    points: Vec<Point>,
}

impl Published {
    /// The chart of a Ming Mang run with at least two configurations CAMMP measured, or
    /// `None`.
    pub fn new(
        manifest: &Manifest,
        grid: &Grid,
        depth: u32,
        styles: &Styles,
        subtitle: &str,
    ) -> Option<Published> {
        let pairs = cammp_pairs(manifest, grid, depth);
        if pairs.len() < 2 {
            return None;
        }
        let points: Vec<Point> = pairs
            .iter()
            .map(|p| Point {
                label: point_label(p.ours),
                style: styles.of(p.ours.planned.config),
                published: p.published_ratio,
                ours: p.our_ratio,
            })
            .collect();
        let values = points.iter().flat_map(|p| [p.published, p.ours]);
        let axis = Axis::log(values.chain([1.0]));
        let base = grid
            .baseline_row()
            .map_or("the baseline", |r| r.planned.label.as_str());
        let subtitle = format!(
            "{subtitle} · depth {}\nmean nodes relative to the baseline (CAMMP: its alpha-beta \
             row, {} nodes; ours: {base})\n+: added to the baseline, −: left out of the full \
             set; on the diagonal the two agree; above it, the technique saves less here",
            cammp_depth(grid, depth),
            CAMMP_NODES[1].nodes,
        );
        Some(Published {
            subtitle,
            axis,
            points,
        })
    }
}

impl Chart for Published {
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

impl Published {
    /// Draws the chart; returns where its labels went.
    pub(super) fn draw_labelled<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<Labels>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(
            root,
            "Node ratios: ours against CAMMP (log-log)",
            &self.subtitle,
        )?;
        let tick = |v: &f64| format!("{}×", trim(self.axis.value(*v)));
        let mut chart = ChartBuilder::on(&area)
            .margin(30)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(self.axis.spec(), self.axis.spec())?;
        chart
            .configure_mesh()
            .x_desc("CAMMP: nodes relative to its alpha-beta (log scale)")
            .y_desc("ours: nodes relative to our baseline (log scale)")
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .axis_desc_style((FONT, 18))
            .label_style((FONT, 15))
            .bold_line_style(RGBColor(200, 200, 200))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        let plot = chart.plotting_area();
        let range = self.axis.spec().range();
        let diagonal = vec![(range.start, range.start), (range.end, range.end)];
        plot.draw(&PathElement::new(diagonal, BLACK.stroke_width(2)))?;
        let mut labels = Labels::new(plot);
        for point in &self.points {
            let (Some(x), Some(y)) = (
                self.axis.place(point.published),
                self.axis.place(point.ours),
            ) else {
                continue;
            };
            let label = (&point.style, point.label.as_str());
            labelled_point(plot, (x, y), label, false, &mut labels)?;
        }
        labels.note_unlabelled(plot)?;
        Ok(labels)
    }
}

/// A scatter point's label: `+technique` for a technique added to the baseline,
/// `−technique` for one left out of the full set, else the row's label.
pub(super) fn point_label(row: &Row) -> String {
    let planned = &row.planned;
    match (planned.technique, planned.role) {
        (Some(t), Role::LeaveOneOut) => format!("−{}", t.name()),
        (Some(t), _) => format!("+{}", t.name()),
        (None, _) => planned.label.clone(),
    }
}
