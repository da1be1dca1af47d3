//! The verdict of `ab`: per game, the ratio of the new build's nodes per second to the
//! base's in every round, the bootstrap interval of its geometric mean, and every node count
//! that differs.

use super::instructions::{self, Instructions};
use super::Options;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Bootstrap resamples of the rounds.
const RESAMPLES: usize = 10_000;
/// The bootstrap's seed: the same timings always give the same interval.
const SEED: u64 = 0x0ab0_0ab0;

/// What one bench search cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Cost {
    pub(super) nodes: u64,
    /// Wall time.
    pub(super) ns: u64,
    /// The searching thread's CPU time (none from a base that did not record it).
    pub(super) cpu_ns: Option<u64>,
}

/// One bench run: (game, position, search) to its cost.
pub(super) type Timings = BTreeMap<(String, String, String), Cost>;

/// Per game: the ratio per round and its bootstrap interval; every node difference.
pub(super) struct Report {
    games: Vec<GameVerdict>,
    node_changes: Vec<String>,
    searches: usize,
    /// Whether the times are CPU times (every search of every run has one), else wall.
    cpu: bool,
    instructions: Instructions,
}

struct GameVerdict {
    game: String,
    /// Medians over rounds.
    base_knps: f64,
    new_knps: f64,
    /// Geometric mean of the per-round ratios new/base, and its 95% interval.
    ratio: f64,
    interval: (f64, f64),
}

impl Report {
    pub(super) fn new(rounds: &[(Timings, Timings)], instructions: Instructions) -> Report {
        let mut games: Vec<String> = rounds[0].0.keys().map(|k| k.0.clone()).collect();
        games.dedup();
        let cpu = rounds
            .iter()
            .flat_map(|(b, n)| b.values().chain(n.values()))
            .all(|c| c.cpu_ns.is_some());
        let knps = |timings: &Timings, game: &str| knps(timings, game, cpu);
        let games = games
            .into_iter()
            .map(|game| {
                let pairs: Vec<(f64, f64)> = rounds
                    .iter()
                    .map(|(b, n)| (knps(b, &game), knps(n, &game)))
                    .collect();
                let logs: Vec<f64> = pairs.iter().map(|(b, n)| (n / b).ln()).collect();
                GameVerdict {
                    base_knps: median(pairs.iter().map(|p| p.0).collect()),
                    new_knps: median(pairs.iter().map(|p| p.1).collect()),
                    ratio: mean(&logs).exp(),
                    interval: bootstrap(&logs),
                    game,
                }
            })
            .collect();
        Report {
            games,
            node_changes: node_changes(rounds),
            searches: rounds[0].0.len(),
            cpu,
            instructions,
        }
    }

    /// Whether no node count differs, no game's timing interval lies wholly below
    /// `1 - options.tolerance` and no game's instructions grew by `options.icount_tolerance`.
    pub(super) fn passed(&self, options: &Options) -> bool {
        let (tolerance, icount_tolerance) = fractions(options);
        self.node_changes.is_empty()
            && self.games.iter().all(|g| !g.slower(tolerance))
            && self.instructions_slower(icount_tolerance).is_empty()
    }

    /// The games whose instructions grew by `tolerance` (a fraction) or more.
    fn instructions_slower(&self, tolerance: f64) -> Vec<&str> {
        match &self.instructions {
            Instructions::Missing | Instructions::Skipped => Vec::new(),
            Instructions::Counted(counts) => counts
                .iter()
                .filter(|(_, &(b, n))| instructions::slower(b, n, tolerance))
                .map(|(game, _)| game.as_str())
                .collect(),
        }
    }

    pub(super) fn markdown(&self, options: &Options, rounds: usize) -> String {
        let (tolerance, icount_tolerance) = fractions(options);
        let new = match &options.bins {
            Some((_, new)) => format!("`{}`", new.display()),
            None => "this tree".to_string(),
        };
        let mut md = format!(
            "## A/B timing: `{}` (base) against {new} (new)\n\n{rounds} rounds of `cutoff \
             bench` ({} searches), game by game, base and new back to back (ABBA). Ratio: \
             new/base nodes per second of {}, the geometric mean over rounds with a bootstrap \
             95% interval; a game fails when the whole interval is more than {}% slower.\n\n\
             | game | base knodes/s | new knodes/s | ratio [95% CI] | verdict |\n\
             | --- | ---: | ---: | ---: | --- |\n",
            options.base,
            self.searches,
            match self.cpu {
                true => "CPU time (the searching thread's)",
                false => "wall time (the base records no CPU time)",
            },
            options.tolerance
        );
        for g in &self.games {
            let _ = writeln!(
                md,
                "| {} | {:.0} | {:.0} | {:.3} [{:.3}, {:.3}] | {} |",
                g.game,
                g.base_knps,
                g.new_knps,
                g.ratio,
                g.interval.0,
                g.interval.1,
                g.verdict(tolerance)
            );
        }
        md += &self.instructions_markdown(options.icount_tolerance, icount_tolerance);
        if let Some(pct) = options.inject_slowdown {
            let _ = writeln!(
                md,
                "\nThe new side ran with the test-only `slowdown-pct={pct}`."
            );
        }
        if self.node_changes.is_empty() {
            md += "\nNode counts: identical in every round.\n";
        } else {
            let _ = writeln!(md, "\nNode counts differ ({}):\n", self.node_changes.len());
            for line in self.node_changes.iter().take(20) {
                let _ = writeln!(md, "- {line}");
            }
        }
        let verdict = if self.passed(options) {
            "passed"
        } else {
            "FAILED"
        };
        let _ = writeln!(md, "\n**ab {verdict}**");
        md
    }

    /// The instruction counts' table, or why there is none.
    fn instructions_markdown(&self, percent: f64, tolerance: f64) -> String {
        let counts = match &self.instructions {
            Instructions::Counted(counts) => counts,
            Instructions::Missing => {
                return "\nInstructions: not counted (Valgrind is not installed).\n".into()
            }
            Instructions::Skipped => return "\nInstructions: not counted (--no-icount).\n".into(),
        };
        let mut md = format!(
            "\nInstructions under Callgrind of a small fixed bench workload per game (the same \
             binary counts the same to some parts per million); a game fails when the new \
             build executes {percent}% more or above.\n\n\
             | game | base instructions | new instructions | ratio | verdict |\n\
             | --- | ---: | ---: | ---: | --- |\n"
        );
        for (game, &(base, new)) in counts {
            let verdict = match instructions::slower(base, new, tolerance) {
                true => "**slower**",
                false => "same within tolerance",
            };
            let ratio = new as f64 / base.max(1) as f64;
            let _ = writeln!(md, "| {game} | {base} | {new} | {ratio:.4} | {verdict} |");
        }
        md
    }

    /// Everything the summary says, as one JSON object.
    pub(super) fn json(&self, options: &Options, rounds: usize) -> String {
        let (tolerance, icount_tolerance) = fractions(options);
        let games: Vec<serde_json::Value> = self
            .games
            .iter()
            .map(|g| {
                serde_json::json!({
                    "game": g.game, "base_knps": g.base_knps, "new_knps": g.new_knps,
                    "ratio": g.ratio, "low": g.interval.0, "high": g.interval.1,
                    "slower": g.slower(tolerance),
                })
            })
            .collect();
        let instructions = match &self.instructions {
            Instructions::Missing | Instructions::Skipped => serde_json::Value::Null,
            Instructions::Counted(counts) => counts
                .iter()
                .map(|(game, &(base, new))| {
                    serde_json::json!({
                        "game": game, "base": base, "new": new,
                        "slower": instructions::slower(base, new, icount_tolerance),
                    })
                })
                .collect(),
        };
        let summary = serde_json::json!({
            "base": options.base, "rounds": rounds, "searches": self.searches,
            "clock": if self.cpu { "cpu" } else { "wall" },
            "tolerance_pct": options.tolerance, "icount_tolerance_pct": options.icount_tolerance,
            "games": games, "instructions": instructions,
            "node_changes": self.node_changes, "passed": self.passed(options),
        });
        format!("{summary}\n")
    }
}

/// The options' tolerances as fractions: (timing, instructions).
fn fractions(options: &Options) -> (f64, f64) {
    (options.tolerance / 100.0, options.icount_tolerance / 100.0)
}

impl GameVerdict {
    fn verdict(&self, tolerance: f64) -> &'static str {
        if self.slower(tolerance) {
            "**slower**"
        } else if self.interval.0 > 1.0 + tolerance {
            "faster"
        } else {
            "same within tolerance"
        }
    }

    /// The whole interval lies below `1 - tolerance`.
    fn slower(&self, tolerance: f64) -> bool {
        self.interval.1 < 1.0 - tolerance
    }
}

/// Nodes per millisecond (knodes/s) of `game`'s searches in one bench run, of CPU time when
/// `cpu` (and every search has it), else of wall time.
fn knps(timings: &Timings, game: &str, cpu: bool) -> f64 {
    let (nodes, ns) = timings
        .iter()
        .filter(|(k, _)| k.0 == game)
        .fold((0, 0), |(n, s), (_, c)| {
            let ns = match (cpu, c.cpu_ns) {
                (true, Some(cpu_ns)) => cpu_ns,
                _ => c.ns,
            };
            (n + c.nodes, s + ns)
        });
    nodes as f64 / ns.max(1) as f64 * 1e6
}

/// Every search whose nodes differ from the first base run's, in any run of either side.
fn node_changes(rounds: &[(Timings, Timings)]) -> Vec<String> {
    let reference = &rounds[0].0;
    let mut changes = Vec::new();
    for (side, run) in rounds.iter().flat_map(|(b, n)| [("base", b), ("new", n)]) {
        for (key, want) in reference {
            let got = run.get(key).map(|c| c.nodes);
            if got != Some(want.nodes) && changes.len() < 1000 {
                let line = format!(
                    "{} {} {}: {} nodes, {side} {got:?}",
                    key.0, key.1, key.2, want.nodes
                );
                if !changes.contains(&line) {
                    changes.push(line);
                }
            }
        }
        if run.len() != reference.len() {
            changes.push(format!(
                "{side} ran {} searches, not {}",
                run.len(),
                reference.len()
            ));
        }
    }
    changes.dedup();
    changes
}

/// The 95% percentile interval of the mean of `logs` over seeded bootstrap resamples, back on
/// the ratio scale.
fn bootstrap(logs: &[f64]) -> (f64, f64) {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut means: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let sum: f64 = (0..logs.len())
                .map(|_| logs[rng.gen_range(0..logs.len())])
                .sum();
            sum / logs.len() as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    let at = |q: f64| means[((RESAMPLES - 1) as f64 * q).round() as usize].exp();
    (at(0.025), at(0.975))
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::super::{parse, DEFAULT_TOLERANCE_PCT};
    use super::*;

    /// The options of `ab --bins base new --tolerance PCT`.
    fn options(tolerance_pct: f64) -> Options {
        let args = [
            "--bins",
            "base",
            "new",
            "--tolerance",
            &tolerance_pct.to_string(),
        ];
        parse(&args.map(String::from)).expect("valid options")
    }

    #[test]
    fn bootstrap_brackets_the_mean_and_is_seeded() {
        let logs: Vec<f64> = [1.0, 0.98, 1.03, 0.97, 1.01]
            .iter()
            .map(|r: &f64| r.ln())
            .collect();
        let (lo, hi) = bootstrap(&logs);
        let ratio = mean(&logs).exp();
        assert!(
            lo < ratio && ratio < hi && lo > 0.97 && hi < 1.03,
            "{lo} {ratio} {hi}"
        );
        assert_eq!(bootstrap(&logs), (lo, hi));
    }

    #[test]
    fn a_slowdown_beyond_the_tolerance_fails() {
        let verdict = |interval| GameVerdict {
            game: "kalah".into(),
            base_knps: 1.0,
            new_knps: 1.0,
            ratio: 1.0,
            interval,
        };
        assert!(verdict((0.90, 0.94)).slower(0.05));
        assert!(!verdict((0.90, 0.96)).slower(0.05));
        assert!(!verdict((1.06, 1.10)).slower(0.05));
    }

    #[test]
    fn node_differences_are_listed() {
        let run = |nodes| -> Timings {
            let cost = Cost {
                nodes,
                ns: 1000,
                cpu_ns: Some(900),
            };
            [(
                ("kalah".to_string(), "p1".to_string(), "ab@d4".to_string()),
                cost,
            )]
            .into()
        };
        assert!(node_changes(&[(run(10), run(10)), (run(10), run(10))]).is_empty());
        let changes = node_changes(&[(run(10), run(10)), (run(10), run(11))]);
        assert_eq!(changes, ["kalah p1 ab@d4: 10 nodes, new Some(11)"]);
    }

    /// CPU time's noise per game: `sigma`, the spread of a round's log ratio new/base within
    /// a run; `bias`, the spread of a run's mean log ratio beyond what `sigma` explains (a
    /// game's two sides can stay a few percent apart for a whole run on identical builds).
    #[derive(Clone, Copy)]
    struct Noise {
        sigma: f64,
        bias: f64,
    }

    /// A quiet machine: a 2% spread, no bias, in every game.
    const QUIET: [Noise; 6] = [Noise {
        sigma: 0.02,
        bias: 0.0,
    }; 6];

    /// This two-core machine with two busy processes beside ab and other engineers' builds,
    /// per game in name order: the figures of the ten identical-build runs of
    /// results/2026-11-26-ab-under-load (README.md, "The default tolerance"; copied here, as
    /// tests read no run folder).
    const LOADED: [Noise; 6] = [
        Noise {
            sigma: 0.1014,
            bias: 0.0000,
        },
        Noise {
            sigma: 0.1064,
            bias: 0.0000,
        },
        Noise {
            sigma: 0.1010,
            bias: 0.0413,
        },
        Noise {
            sigma: 0.0809,
            bias: 0.0114,
        },
        Noise {
            sigma: 0.1025,
            bias: 0.0213,
        },
        Noise {
            sigma: 0.0546,
            bias: 0.0000,
        },
    ];

    /// The lowest interval top of any game over those ten runs (README.md, the same section).
    const LOWEST_IDENTICAL_TOP: f64 = 0.939;

    /// The rounds of an A/B run in that demonstration.
    const DEMO_ROUNDS: usize = 7;

    /// A standard normal draw (Box-Muller).
    fn normal(rng: &mut ChaCha8Rng) -> f64 {
        let (u, v): (f64, f64) = (rng.gen_range(1e-12..1.0), rng.gen_range(0.0..1.0));
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// Seeded synthetic bench runs: `rounds` rounds of six games, a search each, whose
    /// new-side time is `slowdown` times the base's, times a bias drawn per game and run;
    /// every time drawn with a log-normal noise (each side `sigma / sqrt 2`, so that a
    /// round's ratio spreads by `sigma`), plus a busy machine's wall-time inflation of up to
    /// 3x that CPU time does not see.
    fn synthetic(
        seed: u64,
        rounds: usize,
        slowdown: f64,
        noise: [Noise; 6],
    ) -> Vec<(Timings, Timings)> {
        const GAMES: [&str; 6] = [
            "blackwhite",
            "gomoku",
            "gothello",
            "kalah",
            "mingmang",
            "tictactoe",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let biases: Vec<f64> = noise
            .iter()
            .map(|n| (n.bias * normal(&mut rng)).exp())
            .collect();
        let mut run = |scale: f64, biased: bool| -> Timings {
            GAMES
                .iter()
                .zip(biases.iter().zip(&noise))
                .map(|(game, (bias, noise))| {
                    let side = noise.sigma / std::f64::consts::SQRT_2;
                    let bias = if biased { *bias } else { 1.0 };
                    let cpu = 1e8 * scale * bias * (side * normal(&mut rng)).exp();
                    let cost = Cost {
                        nodes: 1_000_000,
                        ns: (cpu * rng.gen_range(1.0..3.0)) as u64,
                        cpu_ns: Some(cpu as u64),
                    };
                    let key = (game.to_string(), "p1".to_string(), "ab@d6".to_string());
                    (key, cost)
                })
                .collect()
        };
        (0..rounds)
            .map(|_| (run(1.0, false), run(slowdown, true)))
            .collect()
    }

    /// How many of ten seeded A/B runs of `rounds` rounds pass at `tolerance_pct`.
    fn passes(rounds: usize, slowdown: f64, noise: [Noise; 6], tolerance_pct: f64) -> usize {
        (0..10)
            .filter(|&seed| {
                Report::new(
                    &synthetic(seed, rounds, slowdown, noise),
                    Instructions::Missing,
                )
                .passed(&options(tolerance_pct))
            })
            .count()
    }

    #[test]
    fn the_default_tolerance_passes_identical_builds_under_the_measured_load() {
        // The rule: the smallest whole percent above the distance from 1 of the lowest
        // interval top over the ten identical runs.
        assert_eq!(
            DEFAULT_TOLERANCE_PCT,
            (100.0 * (1.0 - LOWEST_IDENTICAL_TOP)).floor() + 1.0
        );
        // The seeded model of that noise passes identical builds at it too (its normal tails
        // are lighter than the measured ones: it passes them at 2% as well, which is why
        // the rule reads the measured runs).
        let (rounds, tolerance) = (DEMO_ROUNDS, DEFAULT_TOLERANCE_PCT);
        assert_eq!(
            passes(rounds, 1.0, LOADED, tolerance),
            10,
            "identical, loaded"
        );
        // What the timings then catch under that load: not 5% (the instruction counts do),
        // but a slowdown of the tolerance and twice the typical interval's half-width.
        assert!(
            passes(rounds, 1.05, LOADED, tolerance) > 0,
            "5% hides in the noise"
        );
        assert_eq!(passes(rounds, 1.15, LOADED, tolerance), 0, "caught, loaded");
        // On a quiet machine the same rule catches a slowdown of the tolerance and a little.
        assert_eq!(passes(10, 1.0, QUIET, tolerance), 10, "identical, quiet");
        assert_eq!(passes(10, 1.1, QUIET, tolerance), 0, "caught, quiet");
    }

    #[test]
    fn wall_time_on_a_busy_machine_cannot_tell_a_five_percent_slowdown() {
        // Wall time, inflated up to 3x at random, gives intervals wider than 20%.
        let rounds: Vec<(Timings, Timings)> = synthetic(1, 10, 1.05, QUIET)
            .into_iter()
            .map(|(b, n)| {
                let strip = |t: Timings| -> Timings {
                    t.into_iter()
                        .map(|(k, c)| (k, Cost { cpu_ns: None, ..c }))
                        .collect()
                };
                (strip(b), strip(n))
            })
            .collect();
        let report = Report::new(&rounds, Instructions::Missing);
        assert!(!report.cpu);
        let widths: Vec<f64> = report
            .games
            .iter()
            .map(|g| g.interval.1 - g.interval.0)
            .collect();
        assert!(widths.iter().all(|&w| w > 0.2), "{widths:?}");
    }

    #[test]
    fn more_instructions_fail_even_when_the_timings_pass() {
        let rounds = synthetic(0, 10, 1.0, QUIET);
        let counted = |new| Instructions::Counted([("kalah".to_string(), (1000, new))].into());
        let default = options(DEFAULT_TOLERANCE_PCT);
        assert!(Report::new(&rounds, counted(1000)).passed(&default));
        assert!(Report::new(&rounds, counted(1009)).passed(&default));
        let report = Report::new(&rounds, counted(1050));
        assert!(!report.passed(&default));
        assert!(report
            .markdown(&default, 10)
            .contains("| kalah | 1000 | 1050 | 1.0500 | **slower** |"));
    }
}
