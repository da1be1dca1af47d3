//! Labelled scatter points: each label goes beside its point where it overlaps no label
//! placed before and stays inside the plot, trying the preferred side, then the other, at
//! growing vertical offsets; a label moved off its point's height is joined to it by a thin
//! leader line. A point whose label finds no free place stays unlabelled, and the plot says
//! how many did.

use super::axis::Ticked;
use super::style::{marker, SeriesStyle};
use super::FONT;
use anyhow::Result;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::ops::Range;

/// A label's box in backend pixels: left, right, top, bottom.
pub(super) type LabelBox = (i32, i32, i32, i32);

/// The height of a label's line of text and the gap between a point and its label.
const HEIGHT: i32 = 17;
const GAP: i32 = 10;
/// Offsets tried, in multiples of the height: 0, -1, 1, -2, 2, ...
const TRIES: i32 = 25;

/// The labels placed so far in one plot, and the plot's pixel bounds.
pub(super) struct Labels {
    pub(super) placed: Vec<LabelBox>,
    unlabelled: usize,
    bounds: (Range<i32>, Range<i32>),
}

impl Labels {
    /// No labels yet in the plotting area `plot`.
    pub(super) fn new<DB: DrawingBackend>(
        plot: &DrawingArea<DB, Cartesian2d<Ticked, Ticked>>,
    ) -> Labels {
        Labels {
            placed: Vec::new(),
            unlabelled: 0,
            bounds: plot.get_pixel_range(),
        }
    }

    /// Whether every label lies inside the plot and no two overlap.
    #[cfg(test)]
    pub(super) fn tidy(&self) -> bool {
        let inside = self.placed.iter().all(|b| self.inside(b));
        let apart = self
            .placed
            .iter()
            .enumerate()
            .all(|(i, a)| self.placed[i + 1..].iter().all(|b| !overlap(a, b)));
        inside && apart
    }

    fn inside(&self, &(l, r, t, b): &LabelBox) -> bool {
        let (x, y) = &self.bounds;
        l >= x.start && r <= x.end && t >= y.start && b <= y.end
    }

    /// The place of a label `width` pixels wide for the point at pixel `at`: whether it goes
    /// left of the point, and its vertical offset; recorded among the placed labels. `None`
    /// where no place is free.
    fn place(&mut self, at: (i32, i32), width: i32, prefer_left: bool) -> Option<(bool, i32)> {
        let boxed = |left: bool, dy: i32| {
            let l = if left { at.0 - GAP - width } else { at.0 + GAP };
            (l, l + width, at.1 + dy - HEIGHT / 2, at.1 + dy + HEIGHT / 2)
        };
        let offsets = (0..TRIES).map(|k| if k % 2 == 0 { k / 2 } else { -(k + 1) / 2 } * HEIGHT);
        let free = offsets
            .flat_map(|dy| [(prefer_left, dy), (!prefer_left, dy)])
            .find(|&(left, dy)| {
                let b = boxed(left, dy);
                self.inside(&b) && self.placed.iter().all(|p| !overlap(p, &b))
            });
        match free {
            Some((left, dy)) => self.placed.push(boxed(left, dy)),
            None => self.unlabelled += 1,
        }
        free
    }

    /// Says in the plot's top left corner how many points have no label, if any.
    pub(super) fn note_unlabelled<DB: DrawingBackend>(
        &self,
        plot: &DrawingArea<DB, Cartesian2d<Ticked, Ticked>>,
    ) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        if self.unlabelled > 0 {
            let text = format!("{} points unlabelled: no room beside them", self.unlabelled);
            let font = (FONT, 14).into_font().color(&RGBColor(90, 90, 90));
            plot.strip_coord_spec()
                .draw(&Text::new(text, (8, 8), font))?;
        }
        Ok(())
    }
}

fn overlap(a: &LabelBox, b: &LabelBox) -> bool {
    a.0 < b.1 && b.0 < a.1 && a.2 < b.3 && b.2 < a.3
}

/// Draws a scatter point at `at` with its label beside it (left of it if `prefer_left` and
/// there is room), placed among `labels`, with a leader line when it had to move.
pub(super) fn labelled_point<DB: DrawingBackend>(
    plot: &DrawingArea<DB, Cartesian2d<Ticked, Ticked>>,
    at: (f64, f64),
    (style, label): (&SeriesStyle, &str),
    prefer_left: bool,
    labels: &mut Labels,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    plot.draw(&marker(at, style, 13))?;
    let font = (FONT, 15).into_font().color(&BLACK);
    let width = plot
        .estimate_text_size(label, &font)
        .map_or(80, |(w, _)| w as i32);
    let Some((left, dy)) = labels.place(plot.map_coordinate(&at), width, prefer_left) else {
        return Ok(());
    };
    let (dx, h) = if left {
        (-GAP, HPos::Right)
    } else {
        (GAP, HPos::Left)
    };
    if dy != 0 {
        let leader = PathElement::new(vec![(0, 0), (dx, dy)], RGBColor(120, 120, 120));
        plot.draw(&(EmptyElement::at(at) + leader))?;
    }
    let text = Text::new(
        label.to_string(),
        (dx, dy),
        font.pos(Pos::new(h, VPos::Center)),
    );
    plot.draw(&(EmptyElement::at(at) + text))?;
    Ok(())
}
