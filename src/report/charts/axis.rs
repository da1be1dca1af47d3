//! Chart axes with chosen tick marks: logarithmic axes are drawn as linear axes over
//! `log10(value)` with ticks at powers of ten (and at 2x and 5x when the range is short),
//! linear axes start at zero with round steps.
//!
//! Only the position of values and the text of ticks; no drawing.

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use std::ops::Range;

/// An axis: its range in plot coordinates, its labelled ticks and whether it is logarithmic.
#[derive(Clone, Debug)]
pub struct Axis {
    range: Range<f64>,
    ticks: Vec<f64>,
    minor: Vec<f64>,
    log: bool,
}

impl Axis {
    /// A logarithmic axis covering the positive `values` with a little room each side (at
    /// least one decade; 1..10 without any value).
    pub fn log(values: impl Iterator<Item = f64>) -> Axis {
        let (lo, hi) = bounds(values.filter(|v| *v > 0.0).map(f64::log10)).unwrap_or((0.0, 1.0));
        let mid = (lo + hi) / 2.0;
        let span = (hi - lo).max(1.0);
        let pad = 0.04 * span;
        let (lo, hi) = (mid - span / 2.0 - pad, mid + span / 2.0 + pad);
        let steps: &[f64] = if span <= 3.0 {
            &[1.0, 2.0, 5.0]
        } else {
            &[1.0]
        };
        let in_range = |x: &f64| (lo..=hi).contains(x);
        let at = |k: i32, m: f64| (m * 10f64.powi(k)).log10();
        let decades = lo.floor() as i32..=hi.ceil() as i32;
        let ticks = decades
            .clone()
            .flat_map(|k| steps.iter().map(move |&m| at(k, m)));
        let minor = decades.flat_map(|k| (1..10).map(move |m| at(k, f64::from(m))));
        Axis {
            range: lo..hi,
            ticks: ticks.filter(in_range).collect(),
            minor: minor.filter(in_range).collect(),
            log: true,
        }
    }

    /// A percentage axis, 0 to 100 with ticks every 20 (light lines every 10) and a little
    /// room each side.
    pub fn percent() -> Axis {
        let at = |step: usize| (0u8..=100).step_by(step).map(f64::from).collect();
        Axis {
            range: -4.0..104.0,
            ticks: at(20),
            minor: at(10),
            log: false,
        }
    }

    /// An axis over the given whole numbers (depths), with half a step of room each side.
    pub fn whole(values: &[u32]) -> Axis {
        let lo = values.iter().min().copied().unwrap_or(0);
        let hi = values.iter().max().copied().unwrap_or(1).max(lo + 1);
        let ticks: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
        Axis {
            range: f64::from(lo) - 0.3..f64::from(hi) + 0.3,
            minor: ticks.clone(),
            ticks,
            log: false,
        }
    }

    /// Where `value` goes on the axis (`None` for a non-positive value on a log axis).
    pub fn place(&self, value: f64) -> Option<f64> {
        match self.log {
            true if value <= 0.0 => None,
            true => Some(value.log10()),
            false => Some(value),
        }
    }

    /// The value at plot coordinate `coord`.
    pub fn value(&self, coord: f64) -> f64 {
        if self.log {
            10f64.powf(coord)
        } else {
            coord
        }
    }

    /// The plotters coordinate, with the ticks as its key points.
    pub fn spec(&self) -> Ticked {
        Ticked {
            inner: self.range.clone().into(),
            ticks: self.ticks.clone(),
            minor: self.minor.clone(),
        }
    }
}

fn bounds(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

/// A tick label for a count: `500`, `2k`, `10k`, `1M`, `2.5G`.
pub fn compact(value: f64) -> String {
    const UNITS: [(f64, &str); 3] = [(1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (size, unit) in UNITS {
        if value.abs() >= size {
            return format!("{}{unit}", trim(value / size));
        }
    }
    trim(value)
}

/// A number to two significant decimals, without trailing zeros: `2`, `2.5`, `0.02`.
pub fn trim(value: f64) -> String {
    let decimals = match value.abs() {
        a if a == 0.0 || a >= 1.0 => 2,
        a => (-a.log10().floor()) as usize + 1,
    };
    let text = format!("{value:.decimals$}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

/// A linear plotters coordinate whose bold and light key points are given (plotters'
/// `WithKeyPoints` over `f64` cannot be used with a mesh).
#[derive(Clone)]
pub struct Ticked {
    inner: RangedCoordf64,
    ticks: Vec<f64>,
    minor: Vec<f64>,
}

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        let light = hint.weight().allow_light_points();
        if light {
            self.minor.clone()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.inner.range()
    }
}
