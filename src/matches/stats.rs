//! Match statistics as fishtest computes them: wins, draws and losses; pentanomial counts
//! over game pairs; Elo with its 95% interval and the likelihood of superiority from the
//! pentanomial (`stat_util.get_elo`); and the SPRT's log-likelihood ratio in the logistic
//! and normalized Elo models (`LLRcalc.LLR_logistic`, `LLRcalc.LLR_normalized`), with
//! fishtest's regularisation of empty cells. The SPRT has no overshoot correction.
//!
//! [`elo_statement`] says what the counts can support: no interval when fewer than
//! [`MIN_UNEVEN_PAIRS`] pairs ended other than an even split (the normal approximation
//! behind the interval has then almost nothing to stand on: two identical engines, or a
//! handful of games); a one-sided bound, a floor or a ceiling, when one side won every game
//! (the estimate is infinite, and fishtest's clamp to a score of 0.999 would print a finite
//! number); an interval open on one side when it reaches a score of 0 or 100%.
//!
//! Everything is a pure function of counts; nothing here reads records or prints.

use super::record::{EloModel, SprtSpec};
use statrs::distribution::{ContinuousCDF, Normal};

/// fishtest's `nelo_divided_by_nt`: 800 / ln 10.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Pentanomial counts: index k = the pair's points times 2 (0: lost both, 4: won both).
pub type Pentanomial = [u64; 5];

/// The Elo estimate of a match.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct EloEstimate {
    /// Logistic Elo of the mean score.
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo.
    pub elo95: f64,
    /// Likelihood of superiority.
    pub los: f64,
}

fn normal() -> Normal {
    Normal::new(0.0, 1.0).expect("the standard normal exists")
}

/// Fewest pairs that did not split evenly (A's points other than 1 of 2) for an Elo
/// interval; below it a summary gives the counts only.
pub const MIN_UNEVEN_PAIRS: u64 = 10;

/// A score within this of 0 or 1 is where fishtest's clamp begins: an interval end there
/// is unbounded in Elo.
const SCORE_CLAMP: f64 = 1e-3;

/// What a match's pentanomial counts can say about the Elo of A over B.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum EloStatement {
    /// A won every pair: the estimate is infinite; `floor` is the one-sided 95% lower bound.
    Floor {
        /// The bound, in Elo.
        floor: f64,
    },
    /// A lost every pair: `ceiling` is the one-sided 95% upper bound.
    Ceiling {
        /// The bound, in Elo.
        ceiling: f64,
    },
    /// Fewer than [`MIN_UNEVEN_PAIRS`] pairs did not split evenly: no estimate.
    TooFew {
        /// The pairs that did not split evenly.
        uneven: u64,
    },
    /// The estimate, with the ends of its 95% interval (none where the score's interval
    /// reaches 0 or 100%, so that end is unbounded in Elo).
    Estimate {
        /// fishtest's estimate, half-width and LOS.
        #[serde(flatten)]
        fishtest: EloEstimate,
        /// The lower end, in Elo.
        low: Option<f64>,
        /// The upper end, in Elo.
        high: Option<f64>,
    },
}

/// What `penta` can say about Elo (see the module's header); `None` without pairs.
///
/// When A won every one of n pairs, a pair is won with probability at most the expected
/// score s (a pair's points are at most 2), so all n were won with probability at most
/// s^n: s ≥ 0.05^(1/n) at 95%, and the floor is that score's Elo. A ceiling likewise.
pub fn elo_statement(penta: &Pentanomial) -> Option<EloStatement> {
    let pairs: u64 = penta.iter().sum();
    let fishtest = elo_estimate(penta)?;
    let bound = 0.05f64.powf(1.0 / pairs as f64);
    let elo = |score: f64| -400.0 * (1.0 / score - 1.0).log10();
    if penta[4] == pairs {
        return Some(EloStatement::Floor { floor: elo(bound) });
    }
    if penta[0] == pairs {
        return Some(EloStatement::Ceiling {
            ceiling: elo(1.0 - bound),
        });
    }
    let uneven = pairs - penta[2];
    if uneven < MIN_UNEVEN_PAIRS {
        return Some(EloStatement::TooFew { uneven });
    }
    let (low, high) = score_interval(penta);
    Some(EloStatement::Estimate {
        fishtest,
        low: (low > SCORE_CLAMP).then(|| elo(low)),
        high: (high < 1.0 - SCORE_CLAMP).then(|| elo(high)),
    })
}

/// Logistic Elo of an expected score, clamped to `[0.001, 0.999]` as fishtest does.
pub fn elo_of_score(score: f64) -> f64 {
    let x = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / x - 1.0).log10()
}

/// The expected score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Counts with every zero replaced by 0.001 (fishtest's `regularize`).
fn regularize(counts: &[u64]) -> Vec<f64> {
    counts
        .iter()
        .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
        .collect()
}

/// The empirical distribution of `counts` over the scores `i / (len - 1)`, and its size.
fn pdf(counts: &[u64]) -> (f64, Vec<(f64, f64)>) {
    let counts = regularize(counts);
    let n: f64 = counts.iter().sum();
    let last = (counts.len() - 1) as f64;
    let pdf = counts
        .iter()
        .enumerate()
        .map(|(i, c)| (i as f64 / last, c / n))
        .collect();
    (n, pdf)
}

/// Mean and variance of a distribution.
fn moments(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(a, p)| a * p).sum();
    let var = pdf.iter().map(|(a, p)| p * (a - mean).powi(2)).sum();
    (mean, var)
}

/// Elo, its 95% interval and the LOS from pentanomial counts (`get_elo`); `None` without
/// pairs.
pub fn elo_estimate(penta: &Pentanomial) -> Option<EloEstimate> {
    if penta.iter().sum::<u64>() == 0 {
        return None;
    }
    let (games, mu, var) = score_moments(penta);
    let stdev = var.sqrt();
    let (low, high) = score_interval(penta);
    Some(EloEstimate {
        elo: elo_of_score(mu),
        elo95: (elo_of_score(high) - elo_of_score(low)) / 2.0,
        los: normal().cdf((mu - 0.5) / (stdev / games.sqrt())),
    })
}

/// The mean score per game of pentanomial counts (regularised) with its variance per game.
fn score_moments(penta: &Pentanomial) -> (f64, f64, f64) {
    let counts = regularize(penta);
    let games = 2.0 * counts.iter().sum::<f64>();
    let weighted = |f: &dyn Fn(f64) -> f64| {
        let terms = counts
            .iter()
            .enumerate()
            .map(|(i, c)| c * f(i as f64 / 2.0));
        terms.sum::<f64>() / games
    };
    let mu = weighted(&|points| points);
    let var = weighted(&|points| (points - 2.0 * mu).powi(2));
    (games, mu, var)
}

/// The 95% normal interval of the score per game (`get_elo`'s, before it becomes Elo).
fn score_interval(penta: &Pentanomial) -> (f64, f64) {
    let (games, mu, var) = score_moments(penta);
    let half = normal().inverse_cdf(0.975) * var.sqrt() / games.sqrt();
    (mu - half, mu + half)
}

/// The root of `sum p a / (1 + x a) = 0` between the poles (fishtest's `secular`, by
/// bisection: the sum falls as x grows).
fn secular(pdf: &[(f64, f64)]) -> f64 {
    let v = pdf.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let w = pdf.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    assert!(
        v * w < 0.0,
        "the secular equation needs values of both signs"
    );
    let f = |x: f64| pdf.iter().map(|(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    let eps = 1e-9;
    let (mut lo, mut hi) = (-1.0 / w + eps, -1.0 / v - eps);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The maximum-likelihood distribution with expectation `s` (`MLE_expected`).
fn mle_expected(pdf: &[(f64, f64)], s: f64) -> Vec<(f64, f64)> {
    let shifted: Vec<(f64, f64)> = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular(&shifted);
    pdf.iter()
        .map(|&(a, p)| (a, p / (1.0 + x * (a - s))))
        .collect()
}

/// The maximum-likelihood distribution with t-value `(mu - ref) / sigma = t`
/// (`MLE_t_value`, at most 10 rounds).
fn mle_t_value(pdf: &[(f64, f64)], reference: f64, t: f64) -> Vec<(f64, f64)> {
    let n = pdf.len() as f64;
    let mut mle: Vec<(f64, f64)> = pdf.iter().map(|&(a, _)| (a, 1.0 / n)).collect();
    for _ in 0..10 {
        let previous = mle.clone();
        let (mu, var) = moments(&mle);
        let sigma = var.sqrt();
        let shifted: Vec<(f64, f64)> = pdf
            .iter()
            .map(|&(a, p)| {
                let z = (mu - a) / sigma;
                (a - reference - t * sigma * (1.0 + z * z) / 2.0, p)
            })
            .collect();
        let x = secular(&shifted);
        mle = pdf
            .iter()
            .zip(&shifted)
            .map(|(&(a, p), &(b, _))| (a, p / (1.0 + x * b)))
            .collect();
        let change = mle
            .iter()
            .zip(&previous)
            .map(|(m, q)| (m.1 - q.1).abs())
            .fold(0.0, f64::max);
        if change < 1e-9 {
            break;
        }
    }
    mle
}

/// The log-likelihood ratio of H1 against H0 for pentanomial counts in `model`.
pub fn llr(penta: &Pentanomial, elo0: f64, elo1: f64, model: EloModel) -> f64 {
    if penta.iter().sum::<u64>() == 0 {
        return 0.0;
    }
    let (n, pdf) = pdf(penta);
    let (pdf0, pdf1) = match model {
        EloModel::Logistic => (
            mle_expected(&pdf, score_of_elo(elo0)),
            mle_expected(&pdf, score_of_elo(elo1)),
        ),
        EloModel::Normalized => {
            let t = |nelo: f64| nelo / NELO_PER_T * std::f64::consts::SQRT_2;
            (
                mle_t_value(&pdf, 0.5, t(elo0)),
                mle_t_value(&pdf, 0.5, t(elo1)),
            )
        }
    };
    n * pdf
        .iter()
        .zip(pdf0.iter().zip(&pdf1))
        .map(|(&(_, p), (q0, q1))| p * (q1.1.ln() - q0.1.ln()))
        .sum::<f64>()
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Neither bound crossed yet.
    Continue,
    /// The upper bound crossed: H1 (elo1) accepted.
    H1,
    /// The lower bound crossed: H0 (elo0) accepted.
    H0,
}

impl SprtSpec {
    /// The LLR bounds `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of `penta` and the verdict it gives.
    pub fn judge(&self, penta: &Pentanomial) -> (f64, Verdict) {
        let llr = llr(penta, self.elo0, self.elo1, self.model);
        let (lower, upper) = self.bounds();
        let verdict = if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        };
        (llr, verdict)
    }

    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=normalized|logistic]` (every
    /// field has that default).
    pub fn parse(text: &str) -> Result<SprtSpec, String> {
        let mut spec = SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Normalized,
        };
        for piece in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = piece
                .split_once('=')
                .ok_or_else(|| format!("`{piece}` is not name=value"))?;
            let number = || {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("`{piece}`: not a number"))
            };
            match name {
                "elo0" => spec.elo0 = number()?,
                "elo1" => spec.elo1 = number()?,
                "alpha" => spec.alpha = number()?,
                "beta" => spec.beta = number()?,
                "model" => {
                    spec.model = match value {
                        "normalized" => EloModel::Normalized,
                        "logistic" => EloModel::Logistic,
                        _ => return Err(format!("`{piece}`: models are normalized, logistic")),
                    }
                }
                _ => {
                    return Err(format!(
                        "unknown field `{name}` (fields: elo0, elo1, alpha, beta, model)"
                    ))
                }
            }
        }
        if spec.elo1 <= spec.elo0 {
            return Err("elo1 must be above elo0".into());
        }
        for (name, p) in [("alpha", spec.alpha), ("beta", spec.beta)] {
            if !(0.0 < p && p < 0.5) {
                return Err(format!("{name} must lie in (0, 0.5), not {p}"));
            }
        }
        Ok(spec)
    }
}
