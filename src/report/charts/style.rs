//! How each configuration looks in every chart: a colour per technique (the same in the
//! add-one and the leave-one-out series, so the two read together), solid lines with circles
//! for add-one, dashed lines with triangles for leave-one-out, black for the baseline and the
//! full set; and the legend panel that lists them.
//!
//! The palette is chosen for contrast on white; nothing here depends on the numbers.

use super::super::stats::Grid;
use super::FONT;
use crate::runfolder::Role;
use crate::search::{Config, Enhancement};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::BTreeMap;

/// Tableau-like colours with good contrast on white, then darker ones.
const PALETTE: [RGBColor; 13] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(57, 59, 121),
    RGBColor(99, 121, 57),
    RGBColor(123, 65, 115),
    RGBColor(132, 60, 57),
];

/// A marker shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Circle,
    Triangle,
    Square,
    Diamond,
    Cross,
}

const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Diamond,
    Marker::Cross,
];

/// How one configuration's series is drawn.
#[derive(Clone, Copy, Debug)]
pub struct SeriesStyle {
    pub color: RGBColor,
    pub dashed: bool,
    pub marker: Marker,
    pub width: u32,
}

impl SeriesStyle {
    /// The stroke.
    pub fn stroke(&self) -> ShapeStyle {
        self.color.stroke_width(self.width)
    }
}

/// The style of every configuration, by configuration string.
pub struct Styles {
    by_config: BTreeMap<Config, SeriesStyle>,
}

impl Styles {
    /// Styles for the rows of `grid`: techniques get colours in order of first appearance
    /// in the plan; rows without a technique other than the baseline and the full set get
    /// the following colours and cycle through the markers.
    pub fn new(grid: &Grid) -> Styles {
        let mut colors: BTreeMap<Enhancement, RGBColor> = BTreeMap::new();
        let mut next = 0;
        let mut by_config = BTreeMap::new();
        for row in &grid.rows {
            let planned = &row.planned;
            let mut take = || {
                next += 1;
                PALETTE[(next - 1) % PALETTE.len()]
            };
            let style = match (planned.role, planned.technique) {
                _ if planned.config == grid.baseline => black(false, Marker::Square),
                (Role::Full, _) => black(true, Marker::Diamond),
                (role, Some(t)) => {
                    let color = *colors.entry(t).or_insert_with(&mut take);
                    let leave_out = role == Role::LeaveOneOut;
                    let marker = if leave_out {
                        Marker::Triangle
                    } else {
                        Marker::Circle
                    };
                    SeriesStyle {
                        color,
                        dashed: leave_out,
                        marker,
                        width: 2,
                    }
                }
                (_, None) => {
                    let color = take();
                    SeriesStyle {
                        color,
                        dashed: false,
                        marker: MARKERS[(next - 1) % MARKERS.len()],
                        width: 2,
                    }
                }
            };
            by_config.insert(planned.config, style);
        }
        Styles { by_config }
    }

    /// The style of `config` (a planned configuration).
    pub fn of(&self, config: Config) -> SeriesStyle {
        self.by_config[&config]
    }
}

fn black(dashed: bool, marker: Marker) -> SeriesStyle {
    SeriesStyle {
        color: RGBColor(0, 0, 0),
        dashed,
        marker,
        width: 3,
    }
}

/// A marker of `style` centred on `at`, `size` pixels across.
pub fn marker<'a, DB: DrawingBackend + 'a, C: Clone + 'a>(
    at: C,
    style: &SeriesStyle,
    size: i32,
) -> DynElement<'a, DB, C> {
    let fill = style.color.filled();
    let half = size / 2;
    let shape = EmptyElement::at(at);
    match style.marker {
        Marker::Circle => (shape + Circle::new((0, 0), half, fill)).into_dyn(),
        Marker::Triangle => (shape + TriangleMarker::new((0, 0), half + 1, fill)).into_dyn(),
        Marker::Square => (shape + Rectangle::new([(-half, -half), (half, half)], fill)).into_dyn(),
        Marker::Diamond => {
            let points = vec![(0, -half - 1), (half + 1, 0), (0, half + 1), (-half - 1, 0)];
            (shape + Polygon::new(points, fill)).into_dyn()
        }
        Marker::Cross => (shape + Cross::new((0, 0), half, style.color.stroke_width(2))).into_dyn(),
    }
}

/// A line of `style` through `points` (pixel or chart coordinates).
pub fn line_elements<'a, DB: DrawingBackend + 'a, C: Clone + 'a>(
    points: Vec<C>,
    style: &SeriesStyle,
) -> DynElement<'a, DB, C> {
    if style.dashed {
        DashedPathElement::new(points, 10, 6, style.stroke()).into_dyn()
    } else {
        PathElement::new(points, style.stroke()).into_dyn()
    }
}

/// The font size of legend entries.
const LEGEND_FONT: u32 = 15;

/// The widest a legend column may be, in pixels: the plot keeps the rest of the chart's
/// width, however long the labels (longer ones wrap, see [`wrap`]).
pub const LEGEND_MAX_WIDTH: u32 = 440;

/// Where a legend's label starts, right of its line sample, in pixels.
const LABEL_X: i32 = 58;

/// The width of the legend column for `labels`: the widest label and its line sample, at
/// most [`LEGEND_MAX_WIDTH`].
pub fn legend_width<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, labels: &[&str]) -> u32
where
    DB::ErrorType: 'static,
{
    let font = TextStyle::from((FONT, LEGEND_FONT).into_font());
    let widest = labels
        .iter()
        .filter_map(|l| area.estimate_text_size(l, &font).ok())
        .map(|(w, _)| w)
        .max();
    (widest.unwrap_or(0) + 70).min(LEGEND_MAX_WIDTH)
}

/// `label` in lines no wider than `width` pixels (as `measure` says): broken after a `+`, a
/// space or a `(`, and a word wider than a line cut where it must.
pub fn wrap(label: &str, width: u32, measure: &dyn Fn(&str) -> u32) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut piece = String::new();
    for ch in label.chars() {
        piece.push(ch);
        if matches!(ch, '+' | ' ' | '(') {
            pieces.push(std::mem::take(&mut piece));
        }
    }
    pieces.push(piece);
    let mut lines = vec![String::new()];
    for piece in pieces.into_iter().filter(|p| !p.is_empty()) {
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() || measure(format!("{line}{piece}").trim_end()) <= width {
            line.push_str(&piece);
        } else {
            lines.push(piece);
        }
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// Draws a legend (a line sample with its marker, then the label, wrapped to the area's
/// width) for `entries`, from the top of `area`.
pub fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(String, SeriesStyle)],
    top: i32,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let font = (FONT, LEGEND_FONT).into_font().color(&BLACK);
    let (row_height, line_height) = (26, 19);
    let width = area.dim_in_pixel().0.saturating_sub(LABEL_X as u32 + 4);
    let measure = |text: &str| {
        let size = area.estimate_text_size(text, &TextStyle::from((FONT, LEGEND_FONT).into_font()));
        size.map_or(0, |(w, _)| w)
    };
    let mut y = top;
    for (label, style) in entries {
        area.draw(&line_elements(vec![(8, y), (48, y)], style))?;
        area.draw(&marker((28, y), style, 9))?;
        let text_style = font.clone().pos(Pos::new(HPos::Left, VPos::Center));
        let lines = wrap(label, width, &measure);
        for (i, line) in lines.iter().enumerate() {
            let at = (LABEL_X, y + i as i32 * line_height);
            area.draw(&Text::new(line.as_str(), at, text_style.clone()))?;
        }
        y += row_height + (lines.len() as i32 - 1) * line_height;
    }
    Ok(())
}
