//! Times per configuration and depth. A side's measurements are, for each of its runs and
//! each repeat within a run (`ablate --repeat`), the time summed over the positions that
//! every run of both sides recorded (so both sides sum the same searches). The ratio new /
//! base is the ratio of the two sides' medians, and its 95% interval the distribution-free
//! Hodges-Lehmann interval of the shift between the sides' log times (the Mann-Whitney
//! interval: order statistics of every pairwise difference); a regression is declared only
//! when the whole interval lies beyond the tolerance, so noise between identical builds
//! does not fail the gate.
//!
//! A floor guards the rest: cells whose base time is below it are reported but never judged,
//! since a few milliseconds are mostly scheduling noise. With one measurement per side, the
//! interval is that one ratio. Node counts are not looked at here.

use crate::report::stats::{Cell, Grid, Sample};
use crate::search::Config;
use anyhow::{bail, Result};
use statrs::distribution::{ContinuousCDF, Normal};

/// How far (in percent) the time ratio may stray from 1 before it counts as slower or
/// faster.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    percent: f64,
    min_ms: f64,
}

impl Tolerance {
    /// A tolerance of `percent` % (above 0 and below 100).
    pub fn from_percent(percent: f64) -> Result<Tolerance> {
        if !(percent > 0.0 && percent < 100.0) {
            bail!("tolerance {percent}%: give a percentage above 0 and below 100");
        }
        Ok(Tolerance {
            percent,
            min_ms: 0.0,
        })
    }

    /// The same tolerance, judging only cells whose base time is at least `min_ms`.
    pub fn with_min_ms(self, min_ms: f64) -> Result<Tolerance> {
        if !(min_ms >= 0.0 && min_ms.is_finite()) {
            bail!("--min-ms {min_ms}: give a time of 0 ms or more");
        }
        Ok(Tolerance { min_ms, ..self })
    }

    /// The tolerance as a fraction (0.1 for 10%).
    pub fn fraction(self) -> f64 {
        self.percent / 100.0
    }

    /// The tolerance as written: `10%`, with the floor when there is one.
    pub fn text(self) -> String {
        if self.min_ms > 0.0 {
            format!(
                "{}% (cells under {} ms not judged)",
                self.percent, self.min_ms
            )
        } else {
            format!("{}%", self.percent)
        }
    }

    /// The verdict on `timing` (none: not timed).
    pub fn verdict(self, timing: Option<&Timing>) -> Verdict {
        let tolerance = self.fraction();
        match timing {
            None => return Verdict::NotTimed,
            Some(t) if t.base_ms < self.min_ms => return Verdict::TooShort,
            Some(_) => {}
        }
        match timing.map(|t| t.interval) {
            None => Verdict::NotTimed,
            Some((low, _)) if low > 1.0 + tolerance => Verdict::Slower,
            Some((_, high)) if high < 1.0 - tolerance => Verdict::Faster,
            Some(_) => Verdict::Same,
        }
    }
}

/// How the new side's time compares with the base's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Slower beyond the tolerance: a regression.
    Slower,
    /// Within the tolerance.
    Same,
    /// Faster beyond the tolerance.
    Faster,
    /// No position recorded in every run of both sides.
    NotTimed,
    /// The base time is below the floor: reported, not judged.
    TooShort,
}

impl Verdict {
    /// The verdict in a word or two.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Slower => "slower",
            Verdict::Same => "same",
            Verdict::Faster => "faster",
            Verdict::NotTimed => "not timed",
            Verdict::TooShort => "too short to judge",
        }
    }
}

/// One configuration at one depth, timed on both sides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The positions summed: those every run of both sides recorded.
    pub positions: usize,
    /// The base's median over its measurements of the summed time, in milliseconds.
    pub base_ms: f64,
    /// The new side's median, in milliseconds.
    pub new_ms: f64,
    /// The 95% interval of the ratio new / base (Hodges-Lehmann on log times).
    pub interval: (f64, f64),
    /// The measurements of each side: runs times repeats.
    pub n: (usize, usize),
    /// The base's and the new side's spread: (fastest, slowest) measurement, in ms.
    pub spread: ((f64, f64), (f64, f64)),
}

impl Timing {
    /// New over base.
    pub fn ratio(&self) -> f64 {
        self.new_ms / self.base_ms
    }
}

/// The timing of `config` at `depth` from a grid per run of each side; none when no
/// position is recorded in every run or the base took no time.
pub fn timing(base: &[Grid], new: &[Grid], config: Config, depth: u32) -> Option<Timing> {
    let cells: Vec<&Cell> = base
        .iter()
        .chain(new)
        .map(|grid| cell(grid, config, depth))
        .collect::<Option<_>>()?;
    let positions: Vec<&String> = cells[0]
        .samples
        .keys()
        .filter(|p| cells.iter().all(|c| c.samples.contains_key(*p)))
        .collect();
    let (base_cells, new_cells) = cells.split_at(base.len());
    let (base_ms, new_ms) = (
        measurements(base_cells, &positions),
        measurements(new_cells, &positions),
    );
    let timing = Timing {
        positions: positions.len(),
        base_ms: median(base_ms.clone()),
        new_ms: median(new_ms.clone()),
        interval: ratio_interval(&base_ms, &new_ms)?,
        n: (base_ms.len(), new_ms.len()),
        spread: (spread(&base_ms), spread(&new_ms)),
    };
    (timing.positions > 0 && timing.base_ms > 0.0).then_some(timing)
}

/// A side's measurements in ms: for each run and each repeat, the time summed over
/// `positions` (runs without repeats give one each).
fn measurements(cells: &[&Cell], positions: &[&String]) -> Vec<f64> {
    let mut out = Vec::new();
    for cell in cells {
        let samples: Vec<&Sample> = positions.iter().map(|p| &cell.samples[*p]).collect();
        let repeats = samples
            .iter()
            .map(|s| s.ns_repeats.len())
            .min()
            .unwrap_or(0);
        if repeats == 0 {
            out.push(samples.iter().map(|s| s.ns).sum::<u64>() as f64 / 1e6);
            continue;
        }
        for k in 0..repeats {
            out.push(samples.iter().map(|s| s.ns_repeats[k]).sum::<u64>() as f64 / 1e6);
        }
    }
    out
}

fn spread(values: &[f64]) -> (f64, f64) {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(0.0, f64::max);
    (low, high)
}

/// The 95% Hodges-Lehmann interval of new / base: exp of the order statistics k + 1 and
/// nm - k of the nm differences ln(new_i) - ln(base_j), k from the normal approximation of
/// the Mann-Whitney statistic (the whole range when the samples are too small for 95%).
/// None when a time is not positive.
pub fn ratio_interval(base: &[f64], new: &[f64]) -> Option<(f64, f64)> {
    if base.iter().chain(new).any(|&t| t <= 0.0) {
        return None;
    }
    let mut differences: Vec<f64> = new
        .iter()
        .flat_map(|n| base.iter().map(move |b| n.ln() - b.ln()))
        .collect();
    differences.sort_by(f64::total_cmp);
    let (n, m) = (new.len() as f64, base.len() as f64);
    let z = Normal::standard().inverse_cdf(0.975);
    let k = (n * m / 2.0 - z * (n * m * (n + m + 1.0) / 12.0).sqrt()).floor();
    let k = if k < 0.0 { 0 } else { k as usize };
    let last = differences.len() - 1;
    let (low, high) = (differences[k.min(last)], differences[last - k.min(last)]);
    Some((low.exp(), high.exp()))
}

fn cell(grid: &Grid, config: Config, depth: u32) -> Option<&Cell> {
    let row = grid.rows.iter().find(|r| r.planned.config == config)?;
    row.cells.get(&depth)
}

/// The median of `values` (not empty): the middle one, or the mean of the two middle ones.
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}
