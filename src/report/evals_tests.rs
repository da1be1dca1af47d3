//! Evaluation calls in a report: their mean and paired ratio beside the nodes', and records
//! written before they were counted left out (never read as 0).

use super::stats::{paired_ratio_by, Grid, Metric};
use super::tests::{manifest, parse_config, read, records, run_dir, NODES, PLAN};
use super::write_report;
use crate::runfolder::read_run;
use crate::search::Counters;

/// The killers row's evaluation calls doubled on every position: its paired ratio of calls
/// to the baseline's is twice its node ratio (0.5 -> 1.0), in `summary.csv` and in the
/// summary's evaluation-call table; nodes are unchanged.
#[test]
fn evaluation_calls_have_their_own_paired_ratio() {
    let mut recs = records(PLAN, &[1, 2], &NODES);
    let killers = parse_config("alphabeta+killers");
    for r in recs.iter_mut().filter(|r| r.config == killers) {
        r.result.counters.n_evals *= 2;
    }
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    write_report(&run.0).unwrap();
    let csv = read(&run, "summary.csv");
    let line = csv
        .lines()
        .find(|l| l.contains(",add-one,killers,"))
        .unwrap();
    assert!(line.contains(",0.500000,0.500000,0.500000,3,3,"), "{line}");
    assert!(
        line.ends_with(",1000.000,1242.069,1.000000,1.000000,1.000000,3"),
        "{line}"
    );
    let summary = read(&run, "summary.md");
    assert!(
        summary.contains("## Evaluation calls at depth 2"),
        "{summary}"
    );
    assert!(
        summary.contains("| alpha-beta with killer moves | 1,000 | ± 1,200 | 1.00 [1.00, 1.00] |"),
        "{summary}"
    );
}

/// Records without `n_evals` (written before it was counted): no evaluation-call table, empty
/// CSV columns, no paired ratio; one such position among counted ones is left out of the
/// ratio (2 positions, not 3 with a 0).
#[test]
fn records_without_evaluation_calls_are_left_out_never_zero() {
    let mut recs = records(PLAN, &[1, 2], &NODES);
    recs.iter_mut()
        .for_each(|r| r.result.counters.n_evals = Counters::NOT_COUNTED);
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    write_report(&run.0).unwrap();
    assert!(!read(&run, "summary.md").contains("Evaluation calls"));
    let csv = read(&run, "summary.csv");
    assert!(csv.lines().skip(1).all(|l| l.ends_with(",,,,,,")), "{csv}");

    let mut recs = records(PLAN, &[1, 2], &NODES);
    let p0 = recs.iter_mut().filter(|r| r.position == "p0");
    p0.for_each(|r| r.result.counters.n_evals = Counters::NOT_COUNTED);
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    let grid = Grid::new(&read_run(&run.0).unwrap());
    let (killers, base) = (&grid.rows[1], &grid.rows[0]);
    let evals = paired_ratio_by(Metric::Evals, (killers, 2), (base, 2)).unwrap();
    let nodes = paired_ratio_by(Metric::Nodes, (killers, 2), (base, 2)).unwrap();
    assert_eq!((evals.n, nodes.n), (2, 3));
    assert!(matches!(killers.evals(2), super::stats::Stat::Mean(e) if e.n == 2));
}
