//! Intervals clustered by game: on synthetic positions with a known intra-game correlation,
//! over seeded replications, the naive t interval (every position independent) misses the
//! true mean far more often than 5% of the time and the clustered one does not.

use super::stats::{by_game, clustered, estimate, game_of};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u: f64 = 1.0 - rng.gen::<f64>();
    let v: f64 = rng.gen();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// How often the naive and the clustered 95% intervals cover the true mean 0 over `reps`
/// samples of positions in games of `sizes` positions, each value a game effect plus a
/// position effect with intra-game correlation `icc` (total variance 1).
fn coverage(sizes: &[usize], icc: f64, reps: usize) -> (f64, f64) {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let (mut naive, mut by_cluster) = (0, 0);
    let covers = |mean: f64, half: Option<f64>| half.is_some_and(|h| mean.abs() <= h);
    for _ in 0..reps {
        let mut points = Vec::new();
        for (game, &size) in sizes.iter().enumerate() {
            let shared = icc.sqrt() * normal(&mut rng);
            for _ in 0..size {
                points.push((game, shared + (1.0 - icc).sqrt() * normal(&mut rng)));
            }
        }
        let values: Vec<f64> = points.iter().map(|p| p.1).collect();
        let e = estimate(&values);
        naive += usize::from(covers(e.mean, e.half_width));
        let e = clustered(&points);
        by_cluster += usize::from(covers(e.mean, e.half_width));
    }
    (naive as f64 / reps as f64, by_cluster as f64 / reps as f64)
}

/// 4,000 replications: a coverage of 95% has a standard error of 0.34 points.
const REPS: usize = 4000;

#[test]
fn clustered_intervals_cover_where_naive_ones_do_not() {
    // 40 positions from 5 games of 8 (the committed opening runs' shape), correlation 0.5.
    let (naive, clustered) = coverage(&[8; 5], 0.5, REPS);
    assert!(naive < 0.70, "naive coverage {naive}");
    assert!(
        (0.935..=0.965).contains(&clustered),
        "clustered {clustered}"
    );
    // Unequal games (repeats dropped), as in the committed sets: 10, 9, 8, 7, 6.
    let (naive, clustered) = coverage(&[10, 9, 8, 7, 6], 0.5, REPS);
    assert!(naive < 0.70, "naive coverage {naive}");
    assert!((0.93..=0.97).contains(&clustered), "clustered {clustered}");
}

#[test]
fn independent_positions_give_the_naive_interval() {
    // Without correlation both cover; with one position per game they are the same interval.
    let (naive, clustered) = coverage(&[1; 40], 0.0, REPS);
    assert!((0.935..=0.965).contains(&naive), "naive {naive}");
    assert_eq!(naive, clustered);
    let values = [1.0, 4.0, 2.0, 8.0];
    let points: Vec<(&str, f64)> = ["a", "b", "c", "d"].into_iter().zip(values).collect();
    let (e, c) = (estimate(&values), by_game(&points));
    assert!((e.half_width.unwrap() - c.half_width.unwrap()).abs() < 1e-12);
    assert_eq!((c.n, c.games), (4, 4));
}

#[test]
fn positions_of_one_game_have_no_interval_and_games_come_from_ids() {
    let points = [("g01-m01", 1.0), ("g01-m02", 3.0), ("g01-m03", 2.0)];
    let e = by_game(&points);
    assert_eq!((e.mean, e.half_width, e.n, e.games), (2.0, None, 3, 1));
    assert_eq!(game_of("g12-m07"), "g12");
    assert_eq!(game_of("g003-m110"), "g003");
    for own in ["p1", "g1", "gx-m01", "g01-mx", "g01-m", "-m01", "x01-m01"] {
        assert_eq!(game_of(own), own);
    }
}

#[test]
fn equal_games_give_the_t_interval_over_game_means() {
    // Two games of two positions: means 2 and 6, so the interval is the t interval (1 df)
    // over {2, 6}: 4 ± 12.706 * 2.
    let points = [
        ("g1-m1", 1.0),
        ("g1-m2", 3.0),
        ("g2-m1", 5.0),
        ("g2-m2", 7.0),
    ];
    let e = by_game(&points);
    assert!((e.half_width.unwrap() - super::stats::t_95(1) * 2.0).abs() < 1e-9);
}

#[test]
fn tables_say_how_many_games_and_widen_intervals_by_them() {
    use super::tests::{manifest, read, records, run_dir, NODES, PLAN};
    // Positions p0 and p1 from game 1, p2 from game 2.
    let ids = [("p0", "g01-m01"), ("p1", "g01-m02"), ("p2", "g02-m05")];
    let mut recs = records(PLAN, &[1], &NODES);
    for r in &mut recs {
        let id = ids.iter().find(|(p, _)| *p == r.position).unwrap().1;
        r.position = id.into();
    }
    let run = run_dir(&manifest("kalah", PLAN, &[1]), &recs);
    let table = super::write_report_at(&run, &run, None, false).unwrap();
    assert!(table.contains("over 3 positions from 2 games"), "{table}");
    // Values 100, 200 (game 1) and 300 (game 2): residuals -100 and +100, variance
    // 2 * 20,000 / 9, t with 1 degree of freedom: ± 847, where the naive interval is ± 250.
    assert!(
        table.contains("| alpha-beta | 200 | ± 850 | 3 | 2 |"),
        "{table}"
    );
    let csv = read(&run, "summary.csv");
    assert!(
        csv.contains(",alphabeta,alpha-beta,baseline,,1,3,2,0,200.000,847."),
        "{csv}"
    );
}
