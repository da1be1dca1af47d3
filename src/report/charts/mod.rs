//! The charts of a run, each written as SVG and PNG (1200 x 800) into `charts/`: nodes,
//! time and effective branching factor per depth (a line per configuration), and node
//! savings per technique (horizontal bars, add-one and leave-one-out). The drawing helpers
//! are shared with `compare`'s chart, which lives with `compare`; this module knows nothing
//! of comparisons.
//!
//! Text is set in DejaVu Sans, embedded from the `dejavu` crate and given to plotters'
//! `ab_glyph` renderer, so the PNGs need no system font. Capped and missing cells are left
//! out of a chart (the tables say why); nothing here computes a statistic of its own.

pub(super) mod axis;
pub(super) mod bars;
mod heatmap;
mod lines;
pub(super) mod style;

use super::stats::Grid;
use crate::runfolder::Manifest;
use anyhow::{bail, Context, Result};
use lines::{LineChart, Measure};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// Runs with more configurations than this get no line charts (a line and a legend entry
/// each would be unreadable: an all-subsets run of nine techniques has 512); their tables
/// and the interaction heatmap say what the lines would.
pub const MAX_LINES: usize = 40;

/// The size of every chart, in pixels.
pub(super) const SIZE: (u32, u32) = (1200, 800);

/// The font family every text of a chart uses (registered as DejaVu Sans).
pub(super) const FONT: &str = "sans-serif";

/// A chart that can be drawn on any plotters backend.
pub(super) trait Chart {
    /// Draws the chart on `root`, which covers the whole image.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static;
}

/// Writes every chart of the run into `dir` (created if needed).
pub fn write_charts(dir: &Path, manifest: &Manifest, grid: &Grid, depth: u32) -> Result<()> {
    register_font()?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let styles = style::Styles::new(grid);
    let subtitle = format!(
        "{} · {} positions of set {} · evaluation {}",
        manifest.game,
        grid.positions.len(),
        manifest.fixture.set,
        manifest.eval
    );
    let charts = [
        (
            "nodes-per-depth",
            "Nodes expanded per depth",
            Measure::Nodes,
        ),
        ("time-per-depth", "Time per search", Measure::Ms),
        (
            "branching-factor",
            "Effective branching factor",
            Measure::Ebf,
        ),
    ];
    let lines = if grid.rows.len() > MAX_LINES {
        &[][..]
    } else {
        &charts[..]
    };
    for &(name, title, measure) in lines {
        let cap = manifest.max_nodes;
        let chart = LineChart::new(grid, depth, &styles, (title, &subtitle), measure, cap);
        write_chart(dir, name, &chart)?;
    }
    if let Some(savings) = bars::Savings::new(grid, depth, &styles, &subtitle) {
        write_chart(dir, "node-savings", &savings)?;
    }
    if let Some(shapley) = crate::report::shapley::Shapley::new(grid, depth) {
        let subtitle = format!("{subtitle} · depth {depth}");
        write_chart(
            dir,
            "interactions",
            &heatmap::Heatmap::new(&shapley, &subtitle),
        )?;
    }
    Ok(())
}

pub(super) fn write_chart(dir: &Path, name: &str, chart: &impl Chart) -> Result<()> {
    let svg = dir.join(format!("{name}.svg"));
    let png = dir.join(format!("{name}.png"));
    let root = SVGBackend::new(&svg, SIZE).into_drawing_area();
    draw_on(&root, chart).with_context(|| format!("drawing {}", svg.display()))?;
    let root = BitMapBackend::new(&png, SIZE).into_drawing_area();
    draw_on(&root, chart).with_context(|| format!("drawing {}", png.display()))
}

fn draw_on<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &impl Chart) -> Result<()>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    chart.draw(root)?;
    root.present()?;
    Ok(())
}

/// Registers DejaVu Sans (regular and bold) as the family [`FONT`], once per process.
pub(super) fn register_font() -> Result<()> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = REGISTERED.get_or_init(|| {
        let regular = register_font_style(FontStyle::Normal, dejavu::sans::regular());
        let bold = register_font_style(FontStyle::Bold, dejavu::sans::bold());
        regular && bold
    });
    if !ok {
        bail!("the embedded DejaVu Sans font did not load");
    }
    Ok(())
}

pub(super) fn register_font_style(style: FontStyle, bytes: &'static [u8]) -> bool {
    plotters::style::register_font(FONT, style, bytes).is_ok()
}

/// The title of a chart (bold, with a smaller subtitle) drawn across the top of `root`;
/// returns the area below it.
pub(super) fn titled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &str,
) -> Result<DrawingArea<DB, Shift>>
where
    DB::ErrorType: 'static,
{
    // `FontDesc::style` keeps the regular face's glyphs, so the bold face is asked for here.
    let title_style = FontDesc::new(FONT.into(), 26.0, FontStyle::Bold).color(&BLACK);
    let area = root.titled(title, title_style)?;
    let sub_style = (FONT, 16).into_font().color(&RGBColor(80, 80, 80));
    Ok(area.titled(subtitle, sub_style)?)
}
