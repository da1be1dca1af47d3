//! The interaction heatmap of an all-subsets run: a cell per pair of techniques coloured by
//! their Shapley interaction on ln(nodes) (blue below 0: the pair saves more together;
//! red above 0: they overlap), the value written in each cell, and each technique's own
//! Shapley value, as a factor, on the diagonal. It draws what `shapley` computed.

use super::{titled, Chart, FONT};
use crate::report::shapley::Shapley;
use crate::report::tables::sig3;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The heatmap, ready to draw.
pub struct Heatmap {
    names: Vec<String>,
    /// `cells[i][j]`: the interaction of i and j; `cells[i][i]`: i's Shapley value.
    cells: Vec<Vec<f64>>,
    subtitle: String,
}

impl Heatmap {
    /// The heatmap of `shapley`, techniques in the order of their Shapley values.
    pub fn new(shapley: &Shapley, subtitle: &str) -> Heatmap {
        let k = shapley.techniques.len();
        let mut order: Vec<usize> = (0..k).collect();
        let phi: Vec<f64> = order.iter().map(|&i| shapley.value_of(i)).collect();
        order.sort_by(|&a, &b| phi[a].total_cmp(&phi[b]));
        let cells = order
            .iter()
            .map(|&i| {
                let cell = |&j: &usize| match i == j {
                    true => phi[i],
                    false => shapley.interaction(i, j),
                };
                order.iter().map(cell).collect()
            })
            .collect();
        Heatmap {
            names: order
                .iter()
                .map(|&i| shapley.techniques[i].name().into())
                .collect(),
            cells,
            subtitle: format!(
                "{subtitle} · off the diagonal: Shapley interaction on ln(nodes); on it: each \
                 technique's Shapley factor"
            ),
        }
    }
}

/// White at 0, saturating to blue (below 0) or red (above 0) at |x| = `scale`.
fn colour(x: f64, scale: f64) -> RGBColor {
    let t = (x.abs() / scale).min(1.0);
    let fade = |c: u8| (255.0 - t * (255.0 - f64::from(c))) as u8;
    match x < 0.0 {
        true => RGBColor(fade(33), fade(102), fade(172)),
        false => RGBColor(fade(178), fade(24), fade(43)),
    }
}

impl Chart for Heatmap {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(root, "Technique interactions (all subsets)", &self.subtitle)?;
        let (width, height) = area.dim_in_pixel();
        let k = self.names.len() as i32;
        let label = 130;
        let side = ((width as i32 - label - 20).min(height as i32 - label - 20) / k).max(1);
        let scale = self.off_diagonal_scale();
        for (i, row) in self.cells.iter().enumerate() {
            let y = label + i as i32 * side;
            let left = (FONT, 15)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Right, VPos::Center));
            area.draw(&Text::new(
                self.names[i].clone(),
                (label - 8, y + side / 2),
                left,
            ))?;
            let top = (FONT, 15)
                .into_font()
                .transform(FontTransform::Rotate270)
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center));
            let x = label + i as i32 * side;
            area.draw(&Text::new(
                self.names[i].clone(),
                (x + side / 2, label - 8),
                top,
            ))?;
            for (j, &value) in row.iter().enumerate() {
                let x = label + j as i32 * side;
                let fill = match i == j {
                    true => RGBColor(235, 235, 235),
                    false => colour(value, scale),
                };
                area.draw(&Rectangle::new(
                    [(x, y), (x + side, y + side)],
                    fill.filled(),
                ))?;
                area.draw(&Rectangle::new(
                    [(x, y), (x + side, y + side)],
                    WHITE.stroke_width(1),
                ))?;
                let shown = match i == j {
                    true => format!("×{}", sig3(value.exp())),
                    false if value.abs() < 0.005 => "0".to_string(),
                    false => format!("{value:+.2}"),
                };
                // Dark cells get white text.
                let strong = i != j && value.abs() / scale > 0.6;
                let ink = if strong { WHITE } else { BLACK };
                let centre = (FONT, 14)
                    .into_font()
                    .color(&ink)
                    .pos(Pos::new(HPos::Center, VPos::Center));
                area.draw(&Text::new(shown, (x + side / 2, y + side / 2), centre))?;
            }
        }
        Ok(())
    }
}

impl Heatmap {
    /// The largest |interaction|, the colour scale's end (at least 0.01).
    fn off_diagonal_scale(&self) -> f64 {
        let mut scale: f64 = 0.01;
        for (i, row) in self.cells.iter().enumerate() {
            for (j, value) in row.iter().enumerate() {
                if i != j {
                    scale = scale.max(value.abs());
                }
            }
        }
        scale
    }
}
