//! Node savings per technique as horizontal bars, at one depth: add-one rows relative to the
//! baseline, leave-one-out rows relative to the full set, bars drawn from 1 on a logarithmic
//! axis (a saving is below 1 for add-one and above 1 for leave-one-out; each panel's axis
//! says so). Technique names sit left of the bars, each value at its bar's end.
//!
//! A row without a ratio (capped, missing, or its reference capped) gets a note instead of a bar.
//! The panel drawing (`panel_chart`, `draw_bars`) is shared with the comparison chart.

use super::axis::{compact, trim, Axis, Ticked};
use super::style::{SeriesStyle, Styles};
use super::{titled, Chart, FONT};
use crate::report::stats::{ratio, Grid, Row};
use crate::report::tables::{nodes_text, sig3, thousands};
use crate::runfolder::Role;
use anyhow::Result;
use plotters::coord::ranged1d::SegmentedCoord;
use plotters::coord::types::RangedCoordi32;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One bar: a label, its ratio or the reason it has none.
pub struct Bar {
    pub label: String,
    pub ratio: Result<f64, String>,
    pub style: SeriesStyle,
}

/// A caption, an axis description and bars, drawn top to bottom.
pub struct Panel {
    pub title: String,
    pub x_desc: String,
    pub bars: Vec<Bar>,
    pub unit: Unit,
    /// Whether each bar's value is written at its end (else the labels carry it).
    pub values: bool,
}

/// What the bars measure, which says how values and ticks read and where bars start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A ratio (`0.42×`), bars from 1 with a line there.
    Ratio,
    /// A node count (`12,345`), bars from the axis' left end.
    Nodes,
    /// Milliseconds (`4.2 ms`), bars from the axis' left end.
    Ms,
}

impl Unit {
    fn value_text(self, value: f64) -> String {
        match self {
            Unit::Ratio => format!("{}×", sig3(value)),
            Unit::Nodes => thousands(value),
            Unit::Ms => format!("{} ms", sig3(value)),
        }
    }

    fn tick_text(self, value: f64) -> String {
        match self {
            Unit::Ratio => format!("{}×", trim(value)),
            Unit::Nodes => compact(value),
            Unit::Ms => trim(value),
        }
    }

    /// Where bars start on `x`, in plot coordinates.
    fn origin(self, x: &Axis) -> f64 {
        match self {
            Unit::Ratio => x.place(1.0).unwrap_or(0.0),
            Unit::Nodes | Unit::Ms => x.spec().range().start,
        }
    }
}

/// Bar panels stacked under one title: the node-savings chart, and a one-depth run's
/// nodes and times (`levels`).
pub struct Stacked {
    pub title: String,
    pub subtitle: String,
    pub panels: Vec<Panel>,
    pub x: Axis,
}

/// The node-savings chart for `grid` at `depth`, or `None` when the plan has neither add-one rows with
/// a baseline nor leave-one-out rows with a full set.
pub fn savings(grid: &Grid, depth: u32, styles: &Styles, subtitle: &str) -> Option<Stacked> {
    let parts = [
        (Part::AddOne, grid.baseline_row()),
        (Part::LeaveOneOut, grid.role(Role::Full)),
    ];
    let panels: Vec<Panel> = parts
        .into_iter()
        .filter_map(|(part, reference)| panel(grid, depth, styles, part, reference?))
        .collect();
    // A panel without a single ratio would be empty: it is dropped and the subtitle says why
    // (unless every panel is, when the chart shows what the table shows).
    let has_bar = |p: &Panel| p.bars.iter().any(|b| b.ratio.is_ok());
    let (panels, empty): (Vec<Panel>, Vec<Panel>) = match panels.iter().any(has_bar) {
        true => panels.into_iter().partition(has_bar),
        false => (panels, Vec::new()),
    };
    if panels.is_empty() {
        return None;
    }
    let dropped: String = empty
        .iter()
        .map(|p| {
            format!(
                " · \"{}\" left out: no ratio (capped searches, see the table)",
                p.title
            )
        })
        .collect();
    let ratios = panels
        .iter()
        .flat_map(|p| p.bars.iter().filter_map(|b| b.ratio.as_ref().ok().copied()));
    // Room for the value labels on both sides of the bars.
    let x = Axis::log(ratios.flat_map(|r| [r / 1.6, r * 1.6]).chain([0.5, 2.0]));
    let title = format!("Node savings per technique at depth {depth}");
    Some(Stacked {
        title,
        subtitle: format!("{subtitle}{dropped}"),
        panels,
        x,
    })
}

/// The two parts of a plan that have bars.
#[derive(Clone, Copy)]
enum Part {
    AddOne,
    LeaveOneOut,
}

impl Part {
    fn role(self) -> Role {
        match self {
            Part::AddOne => Role::AddOne,
            Part::LeaveOneOut => Role::LeaveOneOut,
        }
    }

    fn title(self, reference: &str) -> String {
        match self {
            Part::AddOne => format!("Adding one technique to {reference}"),
            Part::LeaveOneOut => format!("Leaving one technique out of {reference}"),
        }
    }

    /// Which side of 1 means the technique saves nodes.
    fn x_desc(self, reference: &str) -> String {
        let saves = match self {
            Part::AddOne => "below 1",
            Part::LeaveOneOut => "above 1",
        };
        format!(
            "mean nodes relative to {reference} (log scale; {saves}: the technique saves nodes)"
        )
    }
}

fn panel(grid: &Grid, depth: u32, styles: &Styles, part: Part, reference: &Row) -> Option<Panel> {
    let bars: Vec<Bar> = grid
        .ranked(depth)
        .into_iter()
        .filter(|row| row.planned.role == part.role())
        .map(|row| Bar {
            label: technique_title(row),
            ratio: ratio(row, reference, depth).ok_or_else(|| match row.nodes(depth).mean() {
                None => nodes_text(row.nodes(depth)),
                Some(_) => format!("no ratio: {} has no mean", reference.planned.label),
            }),
            style: styles.of(row.planned.config),
        })
        .collect();
    let label = &reference.planned.label;
    let panel = Panel {
        title: part.title(label),
        x_desc: part.x_desc(label),
        bars,
        unit: Unit::Ratio,
        values: true,
    };
    (!panel.bars.is_empty()).then_some(panel)
}

/// The technique's title (`killer moves`), or the row's label when it names no technique.
fn technique_title(row: &Row) -> String {
    match row.planned.technique {
        Some(technique) => technique.title().to_string(),
        None => row.planned.label.clone(),
    }
}

impl Chart for Stacked {
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

/// Stacks `panels` top to bottom on `area`, each as high as its bars plus room for its
/// caption and axis, with one label width for all, and calls `draw` with each panel's index
/// and its chart.
pub fn draw_stacked<DB: DrawingBackend>(
    area: DrawingArea<DB, Shift>,
    panels: &[&Panel],
    x: &Axis,
    mut draw: impl FnMut(usize, &Panel, &mut BarChart<DB>) -> Result<()>,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let label_width = label_width(&area, panels.iter().flat_map(|p| &p.bars));
    let weights: Vec<u32> = panels.iter().map(|p| p.bars.len() as u32 + 4).collect();
    let total: u32 = weights.iter().sum();
    let height = area.dim_in_pixel().1;
    let mut rest = area;
    for (k, (panel, weight)) in panels.iter().zip(&weights).enumerate() {
        let (top, bottom) = rest.split_vertically(height * weight / total);
        let mut chart = panel_chart(&top, panel, x, label_width)?;
        draw(k, panel, &mut chart)?;
        rest = bottom;
    }
    Ok(())
}

/// The width the labels of `bars` need left of a panel on `area`.
pub fn label_width<'b, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    bars: impl Iterator<Item = &'b Bar>,
) -> u32
where
    DB::ErrorType: 'static,
{
    let label_font = TextStyle::from((FONT, 16).into_font());
    let widest = bars
        .filter_map(|b| area.estimate_text_size(&b.label, &label_font).ok())
        .map(|(w, _)| w)
        .max();
    widest.unwrap_or(0) + 20
}

/// A bar panel's chart: values on the x axis, a segment per bar on the y axis.
pub type BarChart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<Ticked, SegmentedCoord<RangedCoordi32>>>;

/// The segment of the `k`-th bar of `n`, counted from the top.
pub fn segment(n: usize, k: usize) -> i32 {
    (n - 1 - k) as i32
}

/// The caption, axes, grid and bar labels of `panel` on `area`, values placed on `x`; the
/// bars themselves are drawn by [`draw_bars`], so a caller can draw behind them.
pub fn panel_chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    panel: &Panel,
    x: &Axis,
    label_width: u32,
) -> Result<BarChart<'a, DB>>
where
    DB::ErrorType: 'static,
{
    let n = panel.bars.len();
    let mut chart = ChartBuilder::on(area)
        .margin(15)
        .margin_right(40)
        .caption(&panel.title, (FONT, 19))
        .x_label_area_size(45)
        .y_label_area_size(label_width)
        .build_cartesian_2d(x.spec(), (0..n as i32 - 1).into_segmented())?;
    let y_label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(i) => {
            let bar = usize::try_from(n as i32 - 1 - i)
                .ok()
                .and_then(|k| panel.bars.get(k));
            bar.map_or(String::new(), |b| b.label.clone())
        }
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        .y_label_formatter(&y_label)
        .x_label_formatter(&|v| panel.unit.tick_text(x.value(*v)))
        .x_desc(&panel.x_desc)
        .axis_desc_style((FONT, 16))
        .label_style((FONT, 16))
        .bold_line_style(RGBColor(200, 200, 200))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()?;
    Ok(chart)
}

/// Draws the bars of `panel` from their unit's origin (each value at its bar's end) and,
/// for ratios, the line at 1.
pub fn draw_bars<DB: DrawingBackend>(
    chart: &mut BarChart<DB>,
    panel: &Panel,
    x: &Axis,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let n = panel.bars.len();
    let plot = chart.plotting_area();
    for (k, bar) in panel.bars.iter().enumerate() {
        for element in bar_elements(bar, segment(n, k), x, panel) {
            plot.draw(&element)?;
        }
    }
    if panel.unit == Unit::Ratio {
        draw_line_at_one(chart, n, x)?;
    }
    Ok(())
}

/// The vertical line at 1 across a bar panel of `n` bars.
pub fn draw_line_at_one<DB: DrawingBackend>(
    chart: &mut BarChart<DB>,
    n: usize,
    x: &Axis,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let one = x.place(1.0).unwrap_or(0.0);
    let ends = [
        (one, SegmentValue::Exact(0)),
        (one, SegmentValue::Exact(n as i32)),
    ];
    chart.draw_series(std::iter::once(PathElement::new(
        ends.to_vec(),
        BLACK.stroke_width(2),
    )))?;
    Ok(())
}

type BarCoord = (f64, SegmentValue<i32>);

/// The bar in row `i` (from the bottom) with its value at its end, or the reason it has none.
fn bar_elements<'a, DB: DrawingBackend + 'a>(
    bar: &Bar,
    i: i32,
    x: &Axis,
    panel: &Panel,
) -> Vec<DynElement<'a, DB, BarCoord>> {
    let origin = panel.unit.origin(x);
    let font = (FONT, 15).into_font().color(&BLACK);
    let at = |x: f64| (x, SegmentValue::CenterOf(i));
    let ratio = match &bar.ratio {
        Err(reason) => {
            let text = Text::new(
                reason.clone(),
                (8, 0),
                font.pos(Pos::new(HPos::Left, VPos::Center)),
            );
            return vec![(EmptyElement::at(at(origin)) + text).into_dyn()];
        }
        Ok(ratio) => *ratio,
    };
    let end = x.place(ratio).unwrap_or(origin);
    let mut rect = Rectangle::new(
        [
            (origin, SegmentValue::Exact(i)),
            (end, SegmentValue::Exact(i + 1)),
        ],
        bar.style.color.filled(),
    );
    rect.set_margin(5, 5, 0, 0);
    if !panel.values {
        return vec![rect.into_dyn()];
    }
    let (h, dx) = if end < origin {
        (HPos::Right, -6)
    } else {
        (HPos::Left, 6)
    };
    let value = Text::new(
        panel.unit.value_text(ratio),
        (dx, 0),
        font.pos(Pos::new(h, VPos::Center)),
    );
    vec![
        rect.into_dyn(),
        (EmptyElement::at(at(end)) + value).into_dyn(),
    ]
}
