//! Tests of `compare` on small synthetic run folders in the system's temp directory (the
//! report tests' helpers): identical runs pass; every kind of record difference is listed and
//! fails; time ratios against the tolerance; medians over repeated runs; runs that are not
//! comparable are errors; the output files.

use super::{compare, default_out, Comparison, Tolerance, Verdict};
use crate::cputime::Clock;
use crate::report::tests::{manifest, parse_config, record, run_dir, write_run, Plan, RunDir};
use crate::runfolder::{Manifest, Record};
use crate::testing::TempDir;
use std::fs;

const PLAN: Plan = &[
    ("alphabeta", "alpha-beta", "baseline", None),
    ("cammp", "all (cammp)", "listed", None),
];

const DEPTHS: [u32; 2] = [1, 2];

fn spec() -> Manifest {
    manifest("kalah", PLAN, &DEPTHS)
}

/// Positions p0..p2 of both configurations at both depths; nodes `100 (i + 1) d` for
/// alpha-beta and half that for cammp, time 1 µs per node times `scale`.
fn records(scale: f64) -> Vec<Record> {
    let mut out = Vec::new();
    for (config, per) in [("alphabeta", 100), ("cammp", 50)] {
        for depth in DEPTHS {
            for i in 0..3 {
                let nodes = per * (i + 1) * u64::from(depth);
                let mut r = record(&format!("p{i}"), config, depth, nodes, false);
                r.result.ns = (r.result.ns as f64 * scale).round() as u64;
                out.push(r);
            }
        }
    }
    out
}

/// A side: one run folder, or a folder of runs `r1`, `r2`, ... for several.
fn side(manifest: &Manifest, runs: &[Vec<Record>]) -> RunDir {
    if let [only] = runs {
        return run_dir(manifest, only);
    }
    let dir = TempDir::new("compare");
    for (idx, records) in runs.iter().enumerate() {
        write_run(&dir.0.join(format!("r{}", idx + 1)), manifest, records);
    }
    dir
}

fn run(base: &RunDir, new: &RunDir) -> Comparison {
    compare(
        &base.0,
        &new.0,
        Tolerance::from_percent(10.0).unwrap(),
        Clock::Cpu,
    )
    .unwrap()
}

fn error(base: &RunDir, new: &RunDir) -> String {
    let tolerance = Tolerance::from_percent(10.0).unwrap();
    format!(
        "{:#}",
        compare(&base.0, &new.0, tolerance, Clock::Cpu).unwrap_err()
    )
}

fn last_line(c: &Comparison) -> String {
    c.markdown().lines().last().unwrap().to_string()
}

#[test]
fn identical_runs_pass() {
    let (base, new) = (
        side(&spec(), &[records(1.0)]),
        side(&spec(), &[records(1.0)]),
    );
    let c = run(&base, &new);
    assert!(c.passed());
    assert_eq!(c.rows.len(), PLAN.len() * DEPTHS.len());
    assert!(c.rows.iter().all(|r| r.time == Verdict::Same));
    let text = c.markdown();
    assert!(
        text.contains(
            "| `cammp` | 2 | 3 | 0.600 | 0.600 | 1.000 | [1.000, 1.000] | 1, 1 | same | same |"
        ),
        "{text}"
    );
    assert!(text.contains("## Node differences\n\nNone"), "{text}");
    assert!(
        text.contains("one run per side: each time is a single measurement, so timing noise is not controlled"),
        "{text}"
    );
    assert_eq!(last_line(&c), "compare: PASS");
}

/// Compares `records(1.0)` against it edited by `edit`: one record differs, listed as `want`.
fn check_change(edit: impl Fn(&mut Vec<Record>), want: &str) {
    check_listed(edit, want, "1 node change");
}

/// As [`check_change`], the verdict counting `counts`.
fn check_listed(edit: impl Fn(&mut Vec<Record>), want: &str, counts: &str) {
    let mut changed = records(1.0);
    edit(&mut changed);
    let (base, new) = (side(&spec(), &[records(1.0)]), side(&spec(), &[changed]));
    let c = run(&base, &new);
    assert!(!c.passed(), "{want}");
    let text = c.markdown();
    assert!(text.contains(&format!("\n- {want}\n")), "{want}:\n{text}");
    assert!(text.contains("### Base against new (1)"), "{text}");
    let line = format!("compare: FAIL ({counts}, 0 time regressions beyond 10%)");
    assert_eq!(last_line(&c), line);
}

/// The record of position `p{i}` of `config` at `depth`.
fn find<'a>(records: &'a mut [Record], config: &str, depth: u32, i: usize) -> &'a mut Record {
    let position = format!("p{i}");
    let found = records.iter_mut().find(|r| {
        r.config == parse_config(config) && r.result.depth == depth && r.position == position
    });
    found.unwrap()
}

#[test]
fn every_record_difference_is_listed_and_fails() {
    check_change(
        |rs| find(rs, "cammp", 2, 1).result.counters.n_nodes += 1,
        "`cammp` depth 2, position `p1`: nodes 200 → 201 (+1, +0.5%)",
    );
    check_change(
        |rs| {
            let r = &mut find(rs, "alphabeta", 1, 0).result;
            r.counters.n_qnodes -= 10;
            r.score = 5;
            r.best_move = None;
        },
        "`alphabeta` depth 1, position `p0`: nodes 100 → 90 (-10, -10.0%); score 0 → 5; \
         best move 1 → none",
    );
    check_change(
        |rs| find(rs, "alphabeta", 2, 2).result.score = -3,
        "`alphabeta` depth 2, position `p2`: nodes 600 on both; score 0 → -3",
    );
    check_change(
        |rs| find(rs, "cammp", 1, 0).result.capped = true,
        "`cammp` depth 1, position `p0`: capped in new at 50 nodes, not in base (50 nodes)",
    );
    // A search missing on one side is not a node change (a shard against a whole run).
    check_listed(
        |rs| {
            rs.retain(|r| {
                !(r.config == parse_config("alphabeta")
                    && r.position == "p2"
                    && r.result.depth == 1)
            })
        },
        "`alphabeta` depth 1, position `p2`: only in base (300 nodes)",
        "0 node changes, 1 search on one side only",
    );
}

#[test]
fn a_changed_node_count_marks_its_row() {
    let mut changed = records(1.0);
    find(&mut changed, "cammp", 2, 1).result.counters.n_nodes += 1;
    let (base, new) = (side(&spec(), &[records(1.0)]), side(&spec(), &[changed]));
    let text = run(&base, &new).markdown();
    assert!(
        text.contains("| `cammp` | 2 | 3 | 0.600 | 0.600 | 1.000 | [1.000, 1.000] | 1, 1 | same | 1 position changed |"),
        "{text}"
    );
    assert!(text.contains(
        "| `cammp` | 1 | 3 | 0.300 | 0.300 | 1.000 | [1.000, 1.000] | 1, 1 | same | same |"
    ));
}

#[test]
fn times_are_judged_against_the_tolerance() {
    let check = |scale: f64, verdict: Verdict, last: &str| {
        let (base, new) = (
            side(&spec(), &[records(1.0)]),
            side(&spec(), &[records(scale)]),
        );
        let c = run(&base, &new);
        assert!(
            c.rows.iter().all(|r| r.time == verdict),
            "{scale}: {:?}",
            c.rows
        );
        assert_eq!(last_line(&c), last, "{scale}");
    };
    let slower = "compare: FAIL (0 node changes, 4 time regressions beyond 10%)";
    check(1.2, Verdict::Slower, slower);
    check(1.05, Verdict::Same, "compare: PASS");
    check(0.95, Verdict::Same, "compare: PASS");
    check(0.8, Verdict::Faster, "compare: PASS");
}

#[test]
fn cells_under_the_floor_are_reported_but_not_judged() {
    let (base, new) = (
        side(&spec(), &[records(1.0)]),
        side(&spec(), &[records(2.0)]),
    );
    // Every cell's base time is at most a few milliseconds (see `records`).
    let tolerance = Tolerance::from_percent(10.0)
        .unwrap()
        .with_min_ms(1_000.0)
        .unwrap();
    let c = compare(&base.0, &new.0, tolerance, Clock::Cpu).unwrap();
    assert!(
        c.rows.iter().all(|r| r.time == Verdict::TooShort),
        "{:?}",
        c.rows
    );
    assert_eq!(last_line(&c), "compare: PASS");
    assert!(Tolerance::from_percent(10.0)
        .unwrap()
        .with_min_ms(-1.0)
        .is_err());
}

#[test]
fn a_regression_shows_its_ratio() {
    let mut slower = records(1.0);
    // Every position of alpha-beta at depth 2: 200 + 400 + 600 µs become 1,440 µs (1.2x).
    for i in 0..3 {
        find(&mut slower, "alphabeta", 2, i).result.ns *= 12;
        find(&mut slower, "alphabeta", 2, i).result.ns /= 10;
    }
    let (base, new) = (side(&spec(), &[records(1.0)]), side(&spec(), &[slower]));
    let c = run(&base, &new);
    let text = c.markdown();
    assert!(
        text.contains(
            "| `alphabeta` | 2 | 3 | 1.20 | 1.44 | 1.200 | [1.200, 1.200] | 1, 1 | slower | same |"
        ),
        "{text}"
    );
    let line = "compare: FAIL (0 node changes, 1 time regression beyond 10%)";
    assert_eq!(last_line(&c), line);
}

#[test]
fn repeated_runs_are_judged_by_the_interval_of_their_ratio() {
    let check = |new_scales: &[f64], verdict: Verdict| {
        let base = side(&spec(), &[records(1.0), records(1.0), records(1.0)]);
        let runs: Vec<Vec<Record>> = new_scales.iter().map(|&s| records(s)).collect();
        let new = side(&spec(), &runs);
        let c = run(&base, &new);
        assert!(c.rows.iter().all(|r| r.time == verdict), "{new_scales:?}");
        let text = c.markdown();
        let runs_line = format!("{} runs (`r1`, `r2`", new_scales.len());
        assert!(text.contains(&runs_line), "{text}");
        assert!(!text.contains("noise is not controlled"), "{text}");
    };
    // One slow outlier does not fail the gate, nor do two while a run keeps the base's
    // speed (the interval of the ratio then reaches 1); three slow runs do.
    check(&[1.0, 1.5, 1.05], Verdict::Same);
    check(&[1.3, 1.25, 1.0], Verdict::Same);
    check(&[1.3, 1.25, 1.2], Verdict::Slower);
    check(&[0.7, 0.75, 0.8], Verdict::Faster);
}

#[test]
fn repeated_runs_must_agree_on_node_counts() {
    let mut odd = records(1.0);
    find(&mut odd, "alphabeta", 1, 1).result.counters.n_nodes += 2;
    let base = side(&spec(), &[records(1.0)]);
    let new = side(&spec(), &[records(1.0), odd]);
    let c = run(&base, &new);
    let text = c.markdown();
    assert!(
        text.contains("### Within new: run `r2` against run `r1`"),
        "{text}"
    );
    assert!(text.contains("- `alphabeta` depth 1, position `p1`: nodes 200 → 202 (+2, +1.0%)"));
    assert!(!c.passed());
}

#[test]
fn a_changed_parameter_is_noted_not_refused() {
    let mut other = spec();
    other.params.tt_bits += 1;
    let base = side(&spec(), &[records(1.0)]);
    let new = side(&other, &[records(1.0)]);
    let text = run(&base, &new).markdown();
    let bits = spec().params.tt_bits;
    let want = format!("param tt-bits: {bits} in base, {} in new", bits + 1);
    assert!(text.contains(&want), "{text}");
}

#[test]
fn runs_that_cannot_be_compared_are_errors() {
    let check = |base: &RunDir, new: &RunDir, want: &str| {
        let error = error(base, new);
        assert!(error.contains(want), "{error:?} lacks {want:?}");
    };
    let good = side(&spec(), &[records(1.0)]);
    let mingmang = side(&manifest("mingmang", PLAN, &DEPTHS), &[records(1.0)]);
    check(
        &good,
        &mingmang,
        "are runs of different experiments (game: kalah in base, mingmang in new)",
    );
    let mut other_configs = spec();
    other_configs.configs.pop();
    let mut alphabeta = records(1.0);
    alphabeta.retain(|r| r.config == parse_config("alphabeta"));
    let fewer = side(&other_configs, &[alphabeta]);
    check(
        &good,
        &fewer,
        "configurations: alphabeta,cammp in base, alphabeta in new",
    );
    let mixed = side(&spec(), &[records(1.0), records(1.0)]);
    write_run(
        &mixed.0.join("r2"),
        &manifest("kalah", PLAN, &[1, 2, 3]),
        &records(1.0),
    );
    check(
        &good,
        &mixed,
        "runs `r1` and `r2` are not repeats of one spec (depths: 1,2 in r1, 1,2,3 in r2)",
    );
    let stray = side(&spec(), &[records(1.0), records(1.0)]);
    fs::create_dir(stray.0.join("notes")).unwrap();
    check(&good, &stray, "notes: not a run folder (no manifest.json)");
    let corrupt = side(&spec(), &[records(1.0)]);
    fs::write(corrupt.0.join("manifest.json"), "{").unwrap();
    check(
        &corrupt,
        &good,
        "manifest.json: not a manifest of a run folder",
    );
    let empty = TempDir::new("compare");
    check(
        &good,
        &empty,
        "not a run folder (no manifest.json) and no run folders inside",
    );
    let gone = TempDir(empty.0.join("gone"));
    check(&gone, &good, "gone: no such folder");
}

#[test]
fn tolerances_are_percentages_between_0_and_100() {
    assert_eq!(Tolerance::from_percent(10.0).unwrap().fraction(), 0.1);
    for bad in [0.0, -5.0, 100.0, f64::NAN] {
        assert!(Tolerance::from_percent(bad).is_err(), "{bad}");
    }
}

#[test]
fn output_goes_next_to_the_new_runs_and_is_skipped_when_read() {
    let base = side(&spec(), &[records(1.0)]);
    let new = side(&spec(), &[records(1.0), records(1.1)]);
    let out = default_out(&base.0, &new.0).unwrap();
    let base_name = base.0.file_name().unwrap().to_string_lossy();
    assert_eq!(out, new.0.join(format!("compare-vs-{base_name}")));
    run(&base, &new).write(&out).unwrap();
    for name in ["compare.md", "time-ratio.svg", "time-ratio.png"] {
        let len = fs::metadata(out.join(name)).map(|m| m.len()).unwrap_or(0);
        assert!(len > 1000, "{name} has {len} bytes");
    }
    // The output folder inside a folder of repeated runs is not taken for a run.
    assert_eq!(run(&base, &new).new.runs.len(), 2);
}

#[test]
fn the_ratio_interval_is_hodges_lehmann() {
    use super::times::ratio_interval;
    // One measurement a side: the interval is the ratio itself.
    let (low, high) = ratio_interval(&[10.0], &[12.0]).unwrap();
    assert!((low - 1.2).abs() < 1e-12 && (high - 1.2).abs() < 1e-12);
    // Eight a side: k = floor(32 - 1.96 * sqrt(64 * 17 / 12)) = 13, so the interval is the
    // 14th and the 51st of the 64 sorted differences.
    let base: Vec<f64> = (0..8).map(|i| 100.0 + f64::from(i)).collect();
    let new: Vec<f64> = (0..8).map(|i| 120.0 + f64::from(i)).collect();
    let mut differences: Vec<f64> = new
        .iter()
        .flat_map(|n| base.iter().map(move |b| (n / b).ln()))
        .collect();
    differences.sort_by(f64::total_cmp);
    let (low, high) = ratio_interval(&base, &new).unwrap();
    assert!((low - differences[13].exp()).abs() < 1e-12, "{low}");
    assert!((high - differences[50].exp()).abs() < 1e-12, "{high}");
    assert!(low > 1.1 && high < 1.3);
}

/// The records of [`records`] at `scale`, each time multiplied by seeded noise: a drift of up
/// to ±3% for the whole run and up to ±10% for each search (about what a quiet machine shows
/// between runs of searches of a few milliseconds).
fn noisy(scale: f64, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<Record> {
    use rand::Rng;
    let drift = 1.0 + rng.gen_range(-0.03..0.03);
    let mut out = records(scale * drift);
    for r in &mut out {
        r.result.ns = (r.result.ns as f64 * (1.0 + rng.gen_range(-0.1..0.1))).round() as u64;
    }
    out
}

#[test]
fn noisy_repeats_of_one_build_pass_and_a_20_percent_slowdown_fails() {
    use rand::SeedableRng;
    for seed in 0..20 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut sides = |scale: f64| {
            let runs: Vec<Vec<Record>> = (0..5).map(|_| noisy(scale, &mut rng)).collect();
            side(&spec(), &runs)
        };
        let (base, same, slow) = (sides(1.0), sides(1.0), sides(1.2));
        assert!(run(&base, &same).passed(), "seed {seed}: same build failed");
        let c = run(&base, &slow);
        assert!(
            !c.passed(),
            "seed {seed}: the slowdown passed\n{}",
            c.markdown()
        );
        assert!(
            c.rows.iter().any(|r| r.time == Verdict::Slower),
            "seed {seed}"
        );
    }
}

#[test]
fn cpu_time_is_judged_by_default_and_wall_time_when_asked() {
    // The new side's wall times are 1.5x (a busy machine), its CPU times the base's.
    let with_cpu = |scale: f64| -> Vec<Record> {
        let mut out = records(scale);
        for r in &mut out {
            r.result.cpu_ns = Some((r.result.ns as f64 / scale).round() as u64);
        }
        out
    };
    let (base, new) = (
        side(&spec(), &[with_cpu(1.0)]),
        side(&spec(), &[with_cpu(1.5)]),
    );
    let tolerance = Tolerance::from_percent(10.0).unwrap();
    let by = |clock| compare(&base.0, &new.0, tolerance, clock).unwrap();
    let cpu = by(Clock::Cpu);
    assert_eq!(
        (cpu.clock, last_line(&cpu)),
        (Clock::Cpu, "compare: PASS".into())
    );
    assert!(cpu.markdown().contains("time (CPU time)"));
    let wall = by(Clock::Wall);
    assert_eq!(wall.clock, Clock::Wall);
    assert!(last_line(&wall).contains("time regressions"));
    assert!(wall.markdown().contains("time (wall time)"));
    // A side with one record from before CPU time was measured is judged by wall time.
    let mut old = with_cpu(1.5);
    old[0].result.cpu_ns = None;
    let new = side(&spec(), &[old]);
    let mixed = compare(&base.0, &new.0, tolerance, Clock::Cpu).unwrap();
    assert_eq!(mixed.clock, Clock::Wall);
    assert!(last_line(&mixed).contains("time regressions"));
}
