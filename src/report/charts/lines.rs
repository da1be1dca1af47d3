//! Line charts over depth, one line per configuration: nodes expanded, time per search,
//! effective branching factor and nodes over the minimal tree's (these two with a line at 1),
//! all on logarithmic axes. A plan with both
//! add-one and leave-one-out rows gets two panels (the baseline with the add-one rows above,
//! the full set with the leave-one-out rows below) on one shared scale, each with its legend
//! in its own column right of the plot, in the CAMMP table's order, so it never hides a line.
//!
//! A missing cell is not drawn. A capped cell of the nodes chart is drawn as a cross at the
//! node cap (its tree is at least that big) and the subtitle says so; other charts leave
//! capped cells out, as their tables show.

use super::axis::{compact, trim, Axis};
use super::style::{draw_legend, legend_width, line_elements, marker, Marker, SeriesStyle, Styles};
use super::{titled, Chart, FONT, SIZE};
use crate::report::stats::{Grid, Row, Stat};
use crate::report::tables::thousands;
use crate::runfolder::Role;
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
    /// Nodes expanded over the minimal tree's, at the depths with minimal trees.
    Minimal,
}

impl Measure {
    /// The measure's statistic for `row` at `depth`.
    pub fn stat(self, grid: &Grid, row: &Row, depth: u32) -> Stat {
        match self {
            Measure::Nodes => row.nodes(depth),
            Measure::Ms => row.ms(depth),
            Measure::Ebf => row.ebf(&grid.depths, depth, grid.id_step),
            Measure::Minimal => grid.minimal_ratio(row, depth),
        }
    }

    /// The depths the chart spans: the branching factor's from the second depth on, the
    /// minimal ratio's where there are minimal trees.
    fn depths(self, grid: &Grid) -> Vec<u32> {
        match self {
            Measure::Minimal => grid.minimal_depths(),
            Measure::Ebf if grid.depths.len() > 1 => grid.depths[1..].to_vec(),
            _ => grid.depths.clone(),
        }
    }

    /// Whether the chart draws a line at 1 (and its axis reaches it).
    fn has_one(self) -> bool {
        matches!(self, Measure::Ebf | Measure::Minimal)
    }

    /// The measure's mean for `row` at `depth`.
    pub fn value(self, grid: &Grid, row: &Row, depth: u32) -> Option<f64> {
        self.stat(grid, row, depth).mean()
    }

    fn y_desc(self) -> &'static str {
        match self {
            Measure::Nodes => "nodes expanded (mean over positions, log scale)",
            Measure::Ms => "time per search (ms, mean over positions, log scale)",
            Measure::Ebf => "effective branching factor per ply (mean over positions, log scale)",
            Measure::Minimal => "nodes expanded / minimal tree (log scale)",
        }
    }

    fn tick(self, value: f64) -> String {
        match self {
            Measure::Nodes => compact(value),
            Measure::Ms if value >= 1000.0 => thousands(value),
            Measure::Ms | Measure::Ebf | Measure::Minimal => trim(value),
        }
    }
}

/// The rows of `grid` in the CAMMP table's order at `depth`, grouped as the charts draw them:
/// the baseline with the add-one rows, then the full set with the leave-one-out rows, when
/// the plan has both groups (other rows join the first); otherwise one group of every row.
/// Each group comes with its caption (empty for a single group).
pub fn groups(grid: &Grid, depth: u32) -> Vec<(String, Vec<&Row>)> {
    let rows = grid.ranked(depth);
    let second = |r: &&Row| matches!(r.planned.role, Role::Full | Role::LeaveOneOut);
    let (below, above): (Vec<&Row>, Vec<&Row>) = rows.iter().copied().partition(second);
    let has = |role| rows.iter().any(|r| r.planned.role == role);
    if !(has(Role::AddOne) && has(Role::LeaveOneOut)) {
        return vec![(String::new(), rows)];
    }
    // A caption names a long label briefly: `all`, not its whole list of flags.
    let label = |role| {
        grid.role(role).map_or(String::new(), |r| {
            let label = &r.planned.label;
            match label.split_once(" (") {
                Some((name, _)) if label.len() > CAPTION_LABEL => name.to_string(),
                _ => label.clone(),
            }
        })
    };
    let base = grid
        .baseline_row()
        .map_or(String::new(), |r| r.planned.label.clone());
    vec![
        (format!("Adding one technique to {base}"), above),
        (
            format!("Leaving one technique out of {}", label(Role::Full)),
            below,
        ),
    ]
}

/// The longest label a panel caption quotes whole, in characters.
const CAPTION_LABEL: usize = 40;

/// One configuration's line.
struct Series {
    label: String,
    style: SeriesStyle,
    points: Vec<(f64, f64)>,
    /// Depths where a search hit the node cap, drawn as a cross at the cap.
    capped: Vec<(f64, f64)>,
}

/// A line chart of one measure over depth, in one or two panels.
pub struct LineChart {
    title: String,
    subtitle: String,
    measure: Measure,
    x: Axis,
    y: Axis,
    panels: Vec<(String, Vec<Series>)>,
}

/// Where a line chart's values come from: the grid, the depth the rows are ordered at, their
/// styles and the run's node cap (where capped cells of the nodes chart are drawn).
pub struct Source<'a> {
    pub grid: &'a Grid,
    pub depth: u32,
    pub styles: &'a Styles,
    pub cap: Option<u64>,
}

impl Source<'_> {
    fn values(&self, measure: Measure, row: &Row) -> Vec<(u32, f64)> {
        let depths = self.grid.depths.iter().copied();
        depths
            .filter_map(|d| Some((d, measure.value(self.grid, row, d)?)))
            .collect()
    }

    /// The depths where `row` hit the cap, at the cap (nodes chart only).
    fn capped(&self, measure: Measure, row: &Row) -> Vec<(u32, f64)> {
        let (Measure::Nodes, Some(cap)) = (measure, self.cap) else {
            return Vec::new();
        };
        let depths = self.grid.depths.iter().copied();
        let capped = depths.filter(|&d| matches!(row.nodes(d), Stat::Capped { .. }));
        capped.map(|d| (d, cap as f64)).collect()
    }
}

fn placed(points: Vec<(u32, f64)>, y: &Axis) -> Vec<(f64, f64)> {
    let place = |(d, v): (u32, f64)| Some((f64::from(d), y.place(v)?));
    points.into_iter().filter_map(place).collect()
}

impl LineChart {
    /// The chart of `measure` for every row of the source's grid.
    pub fn new(source: &Source, (title, subtitle): (&str, &str), measure: Measure) -> LineChart {
        let groups = groups(source.grid, source.depth);
        let rows = groups.iter().flat_map(|(_, rows)| rows.iter());
        let all = rows.clone().flat_map(|r| {
            let capped = source.capped(measure, r);
            source.values(measure, r).into_iter().chain(capped)
        });
        // The axis reaches 1, where a line marks "no growth" or "the minimal tree".
        let one = measure.has_one().then_some(1.0);
        let y = Axis::log(all.map(|(_, v)| v).chain(one));
        let series = |row: &&Row| Series {
            label: row.planned.label.clone(),
            style: source.styles.of(row.planned.config),
            points: placed(source.values(measure, row), &y),
            capped: placed(source.capped(measure, row), &y),
        };
        let panels: Vec<(String, Vec<Series>)> = groups
            .iter()
            .map(|(caption, rows)| (caption.clone(), rows.iter().map(series).collect()))
            .collect();
        let any_capped = panels
            .iter()
            .flat_map(|p| &p.1)
            .any(|s| !s.capped.is_empty());
        let subtitle = match any_capped {
            true => format!("{subtitle} · × at the top: some searches hit the node cap"),
            false => subtitle.to_string(),
        };
        LineChart {
            title: format!("{title} (log scale)"),
            subtitle,
            measure,
            x: Axis::whole(&measure.depths(source.grid)),
            y,
            panels,
        }
    }

    /// Draws one panel on `area`, its legend `legend_w` pixels wide on the right.
    fn draw_panel<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        (caption, series): &(String, Vec<Series>),
        legend_w: u32,
    ) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let (plot, legend) = area.split_horizontally(SIZE.0.saturating_sub(legend_w));
        let mut chart = ChartBuilder::on(&plot)
            .margin(20)
            .caption(caption, (FONT, 19))
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
        if let (true, Some(one)) = (self.measure.has_one(), self.y.place(1.0)) {
            let (lo, hi) = (self.x.spec().range().start, self.x.spec().range().end);
            let line = PathElement::new(vec![(lo, one), (hi, one)], BLACK.stroke_width(2));
            plot.draw(&line)?;
        }
        for series in series {
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
        let entries: Vec<(String, SeriesStyle)> =
            series.iter().map(|s| (s.label.clone(), s.style)).collect();
        draw_legend(&legend, &entries, 50)
    }
}

impl Chart for LineChart {
    fn size(&self) -> (u32, u32) {
        (SIZE.0, SIZE.1 * (1 + self.panels.len() as u32) / 2)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(root, &self.title, &self.subtitle)?;
        // One legend width for every panel, so that their depth axes line up.
        let series = self.panels.iter().flat_map(|(_, series)| series);
        let labels: Vec<&str> = series.map(|s| s.label.as_str()).collect();
        let legend_w = legend_width(&area, &labels);
        let areas = area.split_evenly((self.panels.len(), 1));
        for (area, panel) in areas.iter().zip(&self.panels) {
            self.draw_panel(area, panel, legend_w)?;
        }
        Ok(())
    }
}
