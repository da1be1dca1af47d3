//! Line charts over depth, one line per configuration: nodes expanded, time per search and
//! effective branching factor (with a line at 1), all on logarithmic axes. The legend sits in its own
//! panel right of the plot, in the CAMMP table's order, so it never hides a line.
//!
//! A missing cell is not drawn. A capped cell of the nodes chart is drawn as a cross at the
//! node cap (its tree is at least that big) and the subtitle says so; other charts leave
//! capped cells out, as their tables show.

use super::axis::{compact, trim, Axis};
use super::style::{draw_legend, legend_width, line_elements, marker, Marker, SeriesStyle, Styles};
use super::{titled, Chart, FONT, SIZE};
use crate::report::stats::{Grid, Row, Stat};
use crate::report::tables::thousands;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// What a line chart plots.
#[derive(Clone, Copy, Debug)]
pub enum Measure {
    /// Mean nodes expanded.
    Nodes,
    /// Mean time per search in milliseconds.
    Ms,
    /// Mean effective branching factor per ply.
    Ebf,
}

impl Measure {
    fn value(self, grid: &Grid, row: &Row, depth: u32) -> Option<f64> {
        let stat = match self {
            Measure::Nodes => row.nodes(depth),
            Measure::Ms => row.ms(depth),
            Measure::Ebf => row.ebf(&grid.depths, depth, grid.id_step),
        };
        stat.mean()
    }

    fn y_desc(self) -> &'static str {
        match self {
            Measure::Nodes => "nodes expanded (mean over positions, log scale)",
            Measure::Ms => "time per search (ms, mean over positions, log scale)",
            Measure::Ebf => "effective branching factor per ply (mean over positions, log scale)",
        }
    }

    fn axis(self, values: impl Iterator<Item = f64>) -> Axis {
        match self {
            Measure::Nodes | Measure::Ms | Measure::Ebf => Axis::log(values),
        }
    }

    fn tick(self, value: f64) -> String {
        match self {
            Measure::Nodes => compact(value),
            Measure::Ms if value >= 1000.0 => thousands(value),
            Measure::Ms | Measure::Ebf => trim(value),
        }
    }
}

/// One configuration's line.
struct Series {
    label: String,
    style: SeriesStyle,
    points: Vec<(f64, f64)>,
    /// Depths where a search hit the node cap, drawn as a cross at the cap.
    capped: Vec<(f64, f64)>,
}

/// A line chart of one measure over depth.
pub struct LineChart {
    title: String,
    subtitle: String,
    measure: Measure,
    x: Axis,
    y: Axis,
    series: Vec<Series>,
}

impl LineChart {
    /// The chart of `measure` for every row of `grid`, legend in the order of the rows at
    /// `depth`; `cap` is the run's node cap, where capped cells of the nodes chart are drawn.
    pub fn new(
        grid: &Grid,
        depth: u32,
        styles: &Styles,
        (title, subtitle): (&str, &str),
        measure: Measure,
        cap: Option<u64>,
    ) -> LineChart {
        let rows = grid.ranked(depth);
        let values = |row: &Row| {
            let depths = grid.depths.iter().copied();
            depths
                .filter_map(|d| Some((d, measure.value(grid, row, d)?)))
                .collect::<Vec<_>>()
        };
        let all: Vec<f64> = rows
            .iter()
            .flat_map(|r| values(r))
            .map(|(_, v)| v)
            .collect();
        // The branching factor's axis reaches 1, where a line marks "no growth".
        let one = matches!(measure, Measure::Ebf).then_some(1.0);
        // Capped cells of the nodes chart sit at the cap, where they are known to reach.
        let capped_at = |row: &Row| -> Vec<(u32, f64)> {
            let (Measure::Nodes, Some(cap)) = (measure, cap) else {
                return Vec::new();
            };
            let depths = grid.depths.iter().copied();
            let capped = depths.filter(|&d| matches!(row.nodes(d), Stat::Capped { .. }));
            capped.map(|d| (d, cap as f64)).collect()
        };
        let caps = rows.iter().flat_map(|r| capped_at(r)).map(|(_, v)| v);
        let y = measure.axis(all.into_iter().chain(one).chain(caps));
        let series: Vec<Series> = rows
            .iter()
            .map(|row| Series {
                label: row.planned.label.clone(),
                style: styles.of(row.planned.config),
                points: values(row)
                    .into_iter()
                    .filter_map(|(d, v)| Some((f64::from(d), y.place(v)?)))
                    .collect(),
                capped: capped_at(row)
                    .into_iter()
                    .filter_map(|(d, v)| Some((f64::from(d), y.place(v)?)))
                    .collect(),
            })
            .collect();
        let title = format!("{title} (log scale)");
        let any_capped = series.iter().any(|s| !s.capped.is_empty());
        let subtitle = match any_capped {
            true => format!("{subtitle} · × at the top: some searches hit the node cap"),
            false => subtitle.to_string(),
        };
        // The branching factor starts at the second depth.
        let skip = usize::from(matches!(measure, Measure::Ebf) && grid.depths.len() > 1);
        let x = Axis::whole(&grid.depths[skip..]);
        LineChart {
            title,
            subtitle,
            measure,
            x,
            y,
            series,
        }
    }
}

impl Chart for LineChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(root, &self.title, &self.subtitle)?;
        let labels: Vec<&str> = self.series.iter().map(|s| s.label.as_str()).collect();
        let legend_w = legend_width(&area, &labels);
        let (plot, legend) = area.split_horizontally(SIZE.0.saturating_sub(legend_w));
        let mut chart = ChartBuilder::on(&plot)
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(90)
            .build_cartesian_2d(self.x.spec(), self.y.spec())?;
        let tick = |y: &f64| self.measure.tick(self.y.value(*y));
        chart
            .configure_mesh()
            .x_desc("depth (plies)")
            .y_desc(self.measure.y_desc())
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&tick)
            .axis_desc_style((FONT, 18))
            .label_style((FONT, 15))
            .bold_line_style(RGBColor(200, 200, 200))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        let plot = chart.plotting_area();
        if let (Measure::Ebf, Some(one)) = (self.measure, self.y.place(1.0)) {
            let (lo, hi) = (self.x.spec().range().start, self.x.spec().range().end);
            let line = PathElement::new(vec![(lo, one), (hi, one)], BLACK.stroke_width(2));
            plot.draw(&line)?;
        }
        for series in &self.series {
            plot.draw(&line_elements(series.points.clone(), &series.style))?;
            for &point in &series.points {
                plot.draw(&marker(point, &series.style, 10))?;
            }
            let cross = SeriesStyle {
                marker: Marker::Cross,
                ..series.style
            };
            for &point in &series.capped {
                plot.draw(&marker(point, &cross, 14))?;
            }
        }
        let entries: Vec<(String, SeriesStyle)> = self
            .series
            .iter()
            .map(|s| (s.label.clone(), s.style))
            .collect();
        draw_legend(&legend, &entries, 30)
    }
}
