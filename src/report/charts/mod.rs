//! The charts of a run, each written as SVG and PNG into `charts/`: nodes, time and
//! effective branching factor per depth (a line per configuration, add-one and
//! leave-one-out in two panels; bars instead for a one-depth run), node savings per
//! technique at one depth (bars), against depth (small multiples with intervals) and per
//! position (strips), nodes over the minimal tree per depth (lines, when the run has minimal
//! trees), node savings against value drift (scatter, when the baseline is exact), ours
//! against the published study (scatter), and for an all-subsets
//! run each technique's Shapley value and the pairwise interactions. The drawing helpers are
//! shared with `compare`'s chart, which lives with `compare`; this module knows nothing of
//! comparisons.
//!
//! Text is set in DejaVu Sans, embedded from the `dejavu` crate and given to plotters'
//! `ab_glyph` renderer, so the PNGs need no system font. Missing cells are left out of a
//! chart (the tables say why); nothing here computes a statistic of its own.

pub(super) mod axis;
pub(super) mod bars;
mod depth;
mod drift;
mod heatmap;
mod labels;
mod levels;
mod lines;
mod published;
mod spread;
pub(super) mod style;
#[cfg(test)]
mod tests;
mod worth;

use super::stats::Grid;
use crate::runfolder::Manifest;
use anyhow::{bail, Context, Result};
use lines::{LineChart, Measure, Source};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// Runs with more configurations than this get no line charts (a line and a legend entry
/// each would be unreadable: an all-subsets run of nine techniques has 512); their tables
/// and the interaction heatmap say what the lines would.
pub const MAX_LINES: usize = 40;

/// The default size of a chart, in pixels.
pub(super) const SIZE: (u32, u32) = (1200, 800);

/// The font family every text of a chart uses (registered as DejaVu Sans).
pub(crate) const FONT: &str = "sans-serif";

/// A chart that can be drawn on any plotters backend.
pub(crate) trait Chart {
    /// The image's size in pixels.
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    /// Draws the chart on `root`, which covers the whole image.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static;
}

/// One chart written, or one left out: its file name (without extension; none for a chart
/// left out) and what it shows (or why it is not there).
pub struct Listed {
    pub name: Option<String>,
    pub what: String,
}

/// Writes every chart of the run into `dir` (created if needed) and lists them, with the
/// charts left out and why, for the summary.
pub fn write_charts(
    dir: &Path,
    manifest: &Manifest,
    grid: &Grid,
    (depth, clock): (u32, crate::cputime::Clock),
) -> Result<Vec<Listed>> {
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
    let mut out = Written {
        dir,
        list: Vec::new(),
    };
    let source = Source {
        grid,
        depth,
        styles: &styles,
        cap: manifest.max_nodes,
    };
    let time_title = format!("Time per search ({})", clock.caption());
    let lines = [
        ("nodes-per-depth", "Nodes expanded", Measure::Nodes),
        ("time-per-depth", time_title.as_str(), Measure::Ms),
        (
            "branching-factor",
            "Effective branching factor",
            Measure::Ebf,
        ),
    ];
    let mut skipped = Vec::new();
    if grid.rows.len() > MAX_LINES {
        skipped.push(format!(
            "no nodes, time or branching-factor charts: {} configurations are more lines than a              chart can show",
            grid.rows.len()
        ));
    } else if grid.depths.len() == 1 {
        for &(name, title, measure) in &lines[..2] {
            let chart = levels::levels(grid, depth, &styles, (title, &subtitle), measure);
            out.put(
                name,
                &format!(
                    "{} at depth {depth}, a bar per configuration",
                    decapitalized(title)
                ),
                &chart,
            )?;
        }
        skipped.push("no branching-factor chart: it needs two depths".to_string());
    } else {
        for &(name, title, measure) in &lines {
            let chart =
                LineChart::new(&source, (&format!("{title} per depth"), &subtitle), measure);
            out.put(
                name,
                &format!(
                    "{} per depth, a line per configuration",
                    decapitalized(title)
                ),
                &chart,
            )?;
        }
    }
    if !grid.minimal.is_empty() && grid.rows.len() <= MAX_LINES {
        let minimal_subtitle = format!(
            "{subtitle}\nsummed over the positions with a minimal tree at each depth; the \
             minimal tree counts no quiescence nodes; 1 = the minimal tree"
        );
        let chart = LineChart::new(
            &source,
            ("Nodes over the minimal tree per depth", &minimal_subtitle),
            Measure::Minimal,
        );
        out.put(
            "minimal-ratio-per-depth",
            "nodes expanded over the minimal tree (perfect move ordering) per depth, a line per configuration",
            &chart,
        )?;
    }
    let reference = crate::report::drift::reference(grid, manifest).ok();
    let scatter =
        reference.and_then(|r| drift::SavingsDrift::new(grid, r, depth, &styles, &subtitle));
    if let Some(chart) = scatter {
        out.put(
            "savings-vs-drift",
            &format!("node savings against value drift at depth {depth}"),
            &chart,
        )?;
    }
    if let Some(chart) = bars::savings(grid, depth, &styles, &subtitle) {
        out.put(
            "node-savings",
            &format!("node savings per technique at depth {depth} (ratio of means)"),
            &chart,
        )?;
    }
    if let Some(chart) = spread::Spread::new(grid, depth, &styles, &subtitle) {
        out.put("node-ratio-per-position", &format!("each position's node ratio at depth {depth}, with the paired mean and its interval"), &chart)?;
    }
    if let Some(chart) = depth::DepthSavings::new(grid, &styles, &subtitle) {
        out.put(
            "savings-per-depth",
            "each technique's node saving against depth, with 95% intervals",
            &chart,
        )?;
    }
    if let Some(chart) = published::Published::new(manifest, grid, depth, &styles, &subtitle) {
        out.put(
            "ours-vs-published",
            "our node ratios against CAMMP's, log-log with the diagonal",
            &chart,
        )?;
    }
    if let Some(shapley) = crate::report::shapley::Shapley::new(grid, depth) {
        let subtitle = format!("{subtitle} · depth {depth}");
        let worth = worth::Worth::new(&shapley, &subtitle);
        out.put(
            "shapley",
            "what each technique is worth over every combination (Shapley values)",
            &worth,
        )?;
        let heatmap = heatmap::Heatmap::new(&shapley, &subtitle);
        out.put(
            "interactions",
            "the pairwise Shapley interactions as a heatmap",
            &heatmap,
        )?;
    }
    let skipped = skipped.into_iter().map(|what| Listed { name: None, what });
    out.list.extend(skipped);
    Ok(out.list)
}

/// The charts written so far into `dir`.
struct Written<'a> {
    dir: &'a Path,
    list: Vec<Listed>,
}

impl Written<'_> {
    fn put(&mut self, name: &str, what: &str, chart: &impl Chart) -> Result<()> {
        write_chart(self.dir, name, chart)?;
        self.list.push(Listed {
            name: Some(name.to_string()),
            what: what.to_string(),
        });
        Ok(())
    }
}

pub(crate) fn write_chart(dir: &Path, name: &str, chart: &impl Chart) -> Result<()> {
    let svg = dir.join(format!("{name}.svg"));
    let png = dir.join(format!("{name}.png"));
    let root = SVGBackend::new(&svg, chart.size()).into_drawing_area();
    draw_on(&root, chart).with_context(|| format!("drawing {}", svg.display()))?;
    let root = BitMapBackend::new(&png, chart.size()).into_drawing_area();
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
pub(crate) fn register_font() -> Result<()> {
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

/// The title of a chart (bold, with a smaller subtitle of one or more lines) drawn across
/// the top of `root`; returns the area below it.
pub(crate) fn titled<DB: DrawingBackend>(
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
    let mut area = area;
    for line in subtitle.lines() {
        area = area.titled(line, sub_style.clone())?;
    }
    Ok(area)
}

/// `title` with its first letter in lower case (the rest kept: `CPU` stays `CPU`).
fn decapitalized(title: &str) -> String {
    let mut chars = title.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}
