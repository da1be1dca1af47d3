//! The comparison chart (`time-ratio.svg` and `.png`): the time ratio new / base of every
//! configuration at one depth as horizontal bars from 1 on a logarithmic axis, coloured by
//! verdict (red slower, grey within the tolerance, green faster), with the tolerance band
//! shaded behind them; a column right of the bars says whether each configuration's records
//! changed at that depth (a cross and the number of positions). The caption gives the
//! verdict over all depths; the legend sits in its own panel at the right.
//!
//! The bars are the node-savings chart's (`bars`); this file adds the band, the node column
//! and the legend. It draws what the comparison computed and decides nothing.

use super::{Comparison, Row, Tolerance, Verdict};
use crate::report::charts::axis::{trim, Axis};
use crate::report::charts::bars::{
    draw_bars, label_width, panel_chart, segment, Bar, BarChart, Panel, Unit,
};
use crate::report::charts::style::{draw_legend, legend_width, Marker, SeriesStyle};
use crate::report::charts::{register_font, titled, write_chart, Chart, FONT, SIZE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// The chart's file name, without extension.
pub const CHART: &str = "time-ratio";

const SLOWER: RGBColor = RGBColor(214, 39, 40);
const SAME: RGBColor = RGBColor(150, 150, 150);
const FASTER: RGBColor = RGBColor(44, 160, 44);
/// A light blue for the tolerance band.
const BAND: RGBColor = RGBColor(214, 230, 243);
const BAND_EDGE: RGBColor = RGBColor(31, 119, 180);
/// The mark of changed records.
const CHANGED: RGBColor = RGBColor(0, 0, 0);

/// Writes the chart of `comparison` at `depth` into `dir`.
pub fn write(dir: &Path, comparison: &Comparison, depth: u32) -> Result<()> {
    register_font()?;
    write_chart(dir, CHART, &RatioChart::new(comparison, depth))
}

/// The time ratios at one depth.
struct RatioChart {
    title: String,
    subtitle: String,
    panel: Panel,
    /// Changed positions, per bar.
    changed: Vec<usize>,
    /// The tolerance as a fraction.
    tolerance: f64,
    legend: Vec<(String, SeriesStyle)>,
    x: Axis,
}

impl RatioChart {
    fn new(c: &Comparison, depth: u32) -> RatioChart {
        let rows: Vec<&Row> = c.rows.iter().filter(|r| r.depth == depth).collect();
        let bars: Vec<Bar> = rows.iter().map(|row| bar(row)).collect();
        let tolerance = c.tolerance.fraction();
        let ratios = bars.iter().filter_map(|b| b.ratio.as_ref().ok().copied());
        // Room for the value labels on both sides of the bars, and the whole band.
        let bounds = [1.0 - tolerance, 1.0 + tolerance, 0.5, 2.0];
        let x = Axis::log(ratios.flat_map(|r| [r / 2.2, r * 2.2]).chain(bounds));
        let m = c.new.manifest();
        let subtitle = format!(
            "{} · set {} · {} · median over runs of the {} summed over positions",
            m.game,
            m.fixture.set,
            c.runs_text(),
            c.clock.caption()
        );
        let panel = Panel {
            title: format!("Over all depths: {}", c.verdict()),
            x_desc: "time ratio new / base (log scale; above 1: new is slower)".into(),
            bars,
            unit: Unit::Ratio,
            values: true,
        };
        RatioChart {
            title: format!("Time of new against base at depth {depth}"),
            subtitle,
            panel,
            changed: rows.iter().map(|r| r.changed_positions).collect(),
            tolerance,
            legend: legend(c.tolerance),
            x,
        }
    }
}

fn bar(row: &Row) -> Bar {
    let color = match row.time {
        Verdict::Slower => SLOWER,
        Verdict::Faster => FASTER,
        Verdict::Same | Verdict::NotTimed | Verdict::TooShort => SAME,
    };
    let ratio = row.timing.map(|t| t.ratio());
    Bar {
        label: row.planned.label.clone(),
        ratio: ratio.ok_or_else(|| "not timed: no position in every run".to_string()),
        style: swatch(color),
    }
}

/// A legend sample that reads as a patch of `color`.
fn swatch(color: RGBColor) -> SeriesStyle {
    SeriesStyle {
        color,
        dashed: false,
        marker: Marker::Square,
        width: 14,
    }
}

fn legend(tolerance: Tolerance) -> Vec<(String, SeriesStyle)> {
    let (percent, fraction) = (tolerance.text(), tolerance.fraction());
    let (low, high) = (trim(1.0 - fraction), trim(1.0 + fraction));
    vec![
        (format!("slower (above {high}×)"), swatch(SLOWER)),
        (format!("same (within ±{percent})"), swatch(SAME)),
        (format!("faster (below {low}×)"), swatch(FASTER)),
        ("tolerance band".to_string(), swatch(BAND)),
    ]
}

/// The width of the node column, in pixels.
const NODE_COLUMN: u32 = 150;

impl Chart for RatioChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(root, &self.title, &self.subtitle)?;
        let labels: Vec<&str> = self.legend.iter().map(|(l, _)| l.as_str()).collect();
        let legend_w = legend_width(&area, &labels);
        let (plot, legend) = area.split_horizontally(SIZE.0.saturating_sub(legend_w));
        let plot_w = plot.dim_in_pixel().0;
        let (plot, nodes) = plot.split_horizontally(plot_w.saturating_sub(NODE_COLUMN));
        let label_w = label_width(&plot, self.panel.bars.iter());
        let mut chart = panel_chart(&plot, &self.panel, &self.x, label_w)?;
        self.draw_band(&mut chart)?;
        draw_bars(&mut chart, &self.panel, &self.x)?;
        self.draw_node_column(&chart, &nodes)?;
        draw_legend(&legend, &self.legend, 60)
    }
}

impl RatioChart {
    /// The tolerance band across every bar, with its edges.
    fn draw_band<DB: DrawingBackend>(&self, chart: &mut BarChart<DB>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let place = |r: f64| self.x.place(r).unwrap_or(0.0);
        let (low, high) = (place(1.0 - self.tolerance), place(1.0 + self.tolerance));
        let (bottom, top) = (
            SegmentValue::Exact(0),
            SegmentValue::Exact(self.panel.bars.len() as i32),
        );
        let fill = Rectangle::new([(low, bottom.clone()), (high, top.clone())], BAND.filled());
        chart.draw_series(std::iter::once(fill))?;
        let edges = [low, high]
            .map(|x| PathElement::new(vec![(x, bottom.clone()), (x, top.clone())], BAND_EDGE));
        chart.draw_series(edges)?;
        Ok(())
    }

    /// The node column on `column`, level with the bars of `chart`: a header, then `same`
    /// or a cross and how many positions' records changed.
    fn draw_node_column<DB: DrawingBackend>(
        &self,
        chart: &BarChart<DB>,
        column: &DrawingArea<DB, Shift>,
    ) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let n = self.panel.bars.len();
        let top = column.get_base_pixel().1;
        // The pixel row of a y coordinate of the chart, within the column.
        let row = |y: SegmentValue<i32>| chart.backend_coord(&(0.0, y)).1 - top;
        let left = Pos::new(HPos::Left, VPos::Center);
        let header = (FONT, 16).into_font().color(&BLACK).pos(left);
        let header_y = row(SegmentValue::Exact(n as i32)) - 14;
        column.draw(&Text::new("node counts", (12, header_y), header))?;
        for (k, &changed) in self.changed.iter().enumerate() {
            let y = row(SegmentValue::CenterOf(segment(n, k)));
            let element = match changed {
                0 => (EmptyElement::at((12, y)) + text("same", SAME, left)).into_dyn(),
                _ => {
                    let plural = if changed == 1 { "" } else { "s" };
                    let label = format!("{changed} position{plural} changed");
                    let cross = Cross::new((6, 0), 5, CHANGED.stroke_width(2));
                    (EmptyElement::at((12, y)) + cross + text(&label, CHANGED, left)).into_dyn()
                }
            };
            column.draw(&element)?;
        }
        Ok(())
    }
}

/// `label` in the chart's font and `color`, 20 pixels right of its anchor.
fn text<'a>(label: &str, color: RGBColor, pos: Pos) -> Text<'a, (i32, i32), String> {
    let style = (FONT, 15).into_font().color(&color).pos(pos);
    Text::new(label.to_string(), (20, 0), style)
}
