//! Times per configuration and depth: for each run, the time summed over the positions that
//! every run of both sides recorded (so both sides sum the same searches); the median over a
//! side's runs (the middle value, or the mean of the two middle ones); and the ratio
//! new / base judged against a tolerance.
//!
//! The noise controls are the median over repeated runs, the tolerance, and a floor: cells
//! whose base time is below it are reported but never judged, since a few milliseconds are
//! mostly scheduling noise. With one run per side, a median is one measurement. Node counts
//! are not looked at here.

use crate::report::stats::{Cell, Grid};
use crate::search::Config;
use anyhow::{bail, Result};

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
        match timing.map(Timing::ratio) {
            None => Verdict::NotTimed,
            Some(r) if r > 1.0 + tolerance => Verdict::Slower,
            Some(r) if r < 1.0 - tolerance => Verdict::Faster,
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
    /// The base's median over runs of the summed time, in milliseconds.
    pub base_ms: f64,
    /// The new side's median, in milliseconds.
    pub new_ms: f64,
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
    let total_ms = |cell: &&Cell| {
        let ns: u64 = positions.iter().map(|p| cell.samples[*p].ns).sum();
        ns as f64 / 1e6
    };
    let (base_cells, new_cells) = cells.split_at(base.len());
    let timing = Timing {
        positions: positions.len(),
        base_ms: median(base_cells.iter().map(total_ms).collect()),
        new_ms: median(new_cells.iter().map(total_ms).collect()),
    };
    (timing.positions > 0 && timing.base_ms > 0.0).then_some(timing)
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
