//! Node savings against depth, as small multiples: one panel per technique, each with the
//! nodes searched with the technique relative to without it at every depth (the paired
//! geometric mean over positions, on a shared logarithmic axis with a line at 1) and its 95%
//! interval as a band. The add-one line (solid, circles) adds the technique to the
//! baseline; the leave-one-out line (dashed, triangles) compares the full set with the full
//! set without it. Below 1 the technique saves nodes, in both.
//!
//! It draws what `stats::paired_ratio` computed; positions that hit the node cap at a depth
//! are not in that depth's ratio, as in the tables.

use super::axis::{trim, Axis};
use super::style::{line_elements, marker, SeriesStyle, Styles};
use super::{titled, Chart, FONT, SIZE};
use crate::report::stats::{paired_ratio, Grid, PairedRatio, Row};
use crate::runfolder::Role;
use crate::search::Enhancement;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One line of a panel: its style and the paired ratio at each depth that has one.
struct Line {
    style: SeriesStyle,
    points: Vec<(u32, PairedRatio)>,
}

/// One technique's panel.
struct Panel {
    title: String,
    lines: Vec<Line>,
}

/// The small multiples, ready to draw.
pub struct DepthSavings {
    subtitle: String,
    x: Axis,
    y: Axis,
    panels: Vec<Panel>,
}

impl DepthSavings {
    /// The chart of every technique with an add-one or leave-one-out row in `grid`, or
    /// `None` when there is none, or only one depth to draw.
    pub fn new(grid: &Grid, styles: &Styles, subtitle: &str) -> Option<DepthSavings> {
        if grid.depths.len() < 2 {
            return None;
        }
        let (base, full) = (grid.baseline_row(), grid.role(Role::Full));
        let mut techniques: Vec<Enhancement> = Vec::new();
        for row in &grid.rows {
            match row.planned.technique {
                Some(t) if !techniques.contains(&t) => techniques.push(t),
                _ => {}
            }
        }
        let panels: Vec<Panel> = techniques
            .into_iter()
            .map(|t| panel(grid, styles, t, (base, full)))
            .filter(|p| p.lines.iter().any(|l| !l.points.is_empty()))
            .collect();
        if panels.is_empty() {
            return None;
        }
        let ends = panels.iter().flat_map(|p| &p.lines).flat_map(|l| &l.points);
        let values = ends.flat_map(|(_, r)| {
            let (lo, hi) = r.interval.unwrap_or((r.ratio, r.ratio));
            [lo, hi, r.ratio]
        });
        let y = Axis::log(values.chain([1.0]));
        let has = |role| grid.rows.iter().any(|r| r.planned.role == role);
        let mut kinds = Vec::new();
        if let (Some(base), true) = (base, has(Role::AddOne)) {
            let label = short(&base.planned.label, "the baseline");
            kinds.push(format!("solid line, circles: added to {label}"));
        }
        if let (Some(full), true) = (full, has(Role::LeaveOneOut)) {
            let label = short(&full.planned.label, "the full set");
            kinds.push(format!("dashed line, triangles: left out of {label}"));
        }
        let subtitle = format!(
            "{subtitle}\nnodes with the technique ÷ without it (paired geometric mean over \
             positions, log scale; below 1: it saves nodes) against depth in plies; band: 95% \
             interval\n{}",
            kinds.join("; ")
        );
        Some(DepthSavings {
            subtitle,
            x: Axis::whole(&grid.depths),
            y,
            panels,
        })
    }

    fn draw_panel<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        panel: &Panel,
    ) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let mut chart = ChartBuilder::on(area)
            .margin(10)
            .caption(&panel.title, (FONT, 17))
            .x_label_area_size(28)
            .y_label_area_size(52)
            .build_cartesian_2d(self.x.spec(), self.y.spec())?;
        chart
            .configure_mesh()
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{}×", trim(self.y.value(*y))))
            .label_style((FONT, 13))
            .bold_line_style(RGBColor(200, 200, 200))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        let plot = chart.plotting_area();
        let (lo, hi) = (self.x.spec().range().start, self.x.spec().range().end);
        plot.draw(&PathElement::new(
            vec![(lo, 0.0), (hi, 0.0)],
            BLACK.stroke_width(2),
        ))?;
        for line in &panel.lines {
            self.draw_line(plot, line)?;
        }
        Ok(())
    }

    fn draw_line<DB: DrawingBackend>(
        &self,
        plot: &DrawingArea<
            DB,
            plotters::coord::cartesian::Cartesian2d<super::axis::Ticked, super::axis::Ticked>,
        >,
        line: &Line,
    ) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let at = |d: u32, v: f64| Some((f64::from(d), self.y.place(v)?));
        let band: Vec<(f64, f64)> = {
            let lower = line
                .points
                .iter()
                .filter_map(|(d, r)| at(*d, r.interval?.0));
            let upper = line
                .points
                .iter()
                .rev()
                .filter_map(|(d, r)| at(*d, r.interval?.1));
            lower.chain(upper).collect()
        };
        if band.len() >= 4 {
            plot.draw(&Polygon::new(band, line.style.color.mix(0.18).filled()))?;
        }
        let points: Vec<(f64, f64)> = line
            .points
            .iter()
            .filter_map(|(d, r)| at(*d, r.ratio))
            .collect();
        plot.draw(&line_elements(points.clone(), &line.style))?;
        for point in points {
            plot.draw(&marker(point, &line.style, 9))?;
        }
        Ok(())
    }
}

/// `label`, or `instead` when it is too long for a subtitle line.
fn short<'a>(label: &'a str, instead: &'a str) -> &'a str {
    if label.chars().count() <= 40 {
        label
    } else {
        instead
    }
}

/// The panel of technique `t`: its add-one row against the baseline and the full set
/// against its leave-one-out row.
fn panel(
    grid: &Grid,
    styles: &Styles,
    t: Enhancement,
    (base, full): (Option<&Row>, Option<&Row>),
) -> Panel {
    let find = |role| {
        grid.rows
            .iter()
            .find(|r| r.planned.role == role && r.planned.technique == Some(t))
    };
    let pairs = [
        (find(Role::AddOne), find(Role::AddOne), base),
        (find(Role::LeaveOneOut), full, find(Role::LeaveOneOut)),
    ];
    let lines = pairs
        .into_iter()
        .filter_map(|(own, with, without)| {
            let (own, with, without) = (own?, with?, without?);
            let points = grid
                .depths
                .iter()
                .filter_map(|&d| Some((d, paired_ratio(with, without, d)?)))
                .collect();
            Some(Line {
                style: styles.of(own.planned.config),
                points,
            })
        })
        .collect();
    Panel {
        title: t.title().to_string(),
        lines,
    }
}

impl Chart for DepthSavings {
    fn size(&self) -> (u32, u32) {
        let rows = self.panels.len().div_ceil(self.columns()) as u32;
        (SIZE.0, 130 + 300 * rows)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = "Node savings per technique against depth";
        let area = titled(root, title, &self.subtitle)?;
        let columns = self.columns();
        let rows = self.panels.len().div_ceil(columns);
        let areas = area.split_evenly((rows, columns));
        for (area, panel) in areas.iter().zip(&self.panels) {
            self.draw_panel(area, panel)?;
        }
        Ok(())
    }
}

impl DepthSavings {
    fn columns(&self) -> usize {
        self.panels.len().clamp(1, 4)
    }
}
