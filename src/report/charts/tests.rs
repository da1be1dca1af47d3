//! Tests of the charts on small synthetic runs: which charts a plan gets, what each says
//! about capped and missing cells, and the sizes of split and small-multiple charts.

use crate::report::tests::{manifest, read, records, run_dir, Plan, NODES, PLAN};
use crate::report::{write_report, write_report_at};
use std::path::Path;

fn written(dir: &Path, name: &str) -> bool {
    ["svg", "png"]
        .iter()
        .all(|ext| dir.join(format!("charts/{name}.{ext}")).exists())
}

/// The report of a run of `plan` on `game` at `depths`, with the synthetic node counts.
fn report(game: &str, plan: Plan, depths: &[u32]) -> crate::testing::TempDir {
    let nodes = &NODES[..plan.len()];
    let run = run_dir(&manifest(game, plan, depths), &records(plan, depths, nodes));
    write_report(&run.0).unwrap();
    run
}

#[test]
fn line_charts_split_add_one_and_leave_one_out_into_two_panels() {
    let run = report("kalah", PLAN, &[1, 2, 3]);
    let chart = read(&run, "charts/nodes-per-depth.svg");
    assert!(
        chart.contains("Adding one technique to alpha-beta"),
        "{chart}"
    );
    assert!(chart.contains("Leaving one technique out of all (cammp)"));
    // A plan of add-one rows only keeps one panel, without captions.
    let run = report("kalah", &PLAN[..3], &[1, 2, 3]);
    let chart = read(&run, "charts/nodes-per-depth.svg");
    assert!(!chart.contains("Adding one technique to"), "{chart}");
}

#[test]
fn a_one_depth_run_draws_bars_and_says_why_it_has_no_branching_factor() {
    let run = report("kalah", PLAN, &[2]);
    let chart = read(&run, "charts/nodes-per-depth.svg");
    assert!(chart.contains("Nodes expanded at depth 2"), "{chart}");
    // The bar of `alpha-beta` ends at its mean, 2,000 nodes, written there.
    assert!(chart.contains("\n2,000\n"), "{chart}");
    assert!(!written(&run, "branching-factor"));
    assert!(!written(&run, "savings-per-depth"));
    let summary = read(&run, "summary.md");
    assert!(
        summary.contains("No branching-factor chart: it needs two depths"),
        "{summary}"
    );
}

#[test]
fn savings_against_depth_have_a_panel_per_technique() {
    let run = report("kalah", PLAN, &[1, 2, 3]);
    let chart = read(&run, "charts/savings-per-depth.svg");
    for title in ["killer moves", "quiescence search"] {
        assert!(chart.contains(&format!("\n{title}\n")), "{title}: {chart}");
    }
    assert!(!chart.contains("late move reduction"));
    let summary = read(&run, "summary.md");
    assert!(
        summary.contains("![each technique's node saving against depth"),
        "{summary}"
    );
}

#[test]
fn the_spread_chart_has_a_dot_per_position_and_row() {
    let run = report("kalah", PLAN, &[1, 2]);
    let chart = read(&run, "charts/node-ratio-per-position.svg");
    // Two add-one rows and one leave-one-out row, three positions each.
    assert_eq!(chart.matches("<circle").count(), 9, "{chart}");
    // A position missing from one row leaves its dot out.
    let nodes = &NODES[..PLAN.len()];
    let mut recs = records(PLAN, &[1, 2], nodes);
    recs.retain(|r| !(r.position == "p2" && r.config.to_string() == "alphabeta+killers"));
    let run = run_dir(&manifest("kalah", PLAN, &[1, 2]), &recs);
    write_report_at(&run.0, &run.0, Some(1), true).unwrap();
    let chart = read(&run, "charts/node-ratio-per-position.svg");
    assert_eq!(chart.matches("<circle").count(), 8);
}

#[test]
fn only_a_run_with_a_published_node_table_gets_the_scatter() {
    let run = report("mingmang", PLAN, &[4]);
    let chart = read(&run, "charts/ours-vs-published.svg");
    for label in ["+killers", "+quiescence", "−killers"] {
        assert!(chart.contains(label), "{label}: {chart}");
    }
    let run = report("kalah", PLAN, &[4]);
    assert!(!written(&run, "ours-vs-published"));
}

#[test]
fn minimal_trees_and_an_exact_baseline_get_their_charts() {
    let run = crate::report::limit_tests::minimal_run();
    let chart = read(&run, "charts/minimal-ratio-per-depth.svg");
    assert!(
        chart.contains("Nodes over the minimal tree per depth"),
        "{chart}"
    );
    assert!(chart.contains("Leaving one technique out of all (cammp)"));
    let chart = read(&run, "charts/savings-vs-drift.svg");
    for label in ["+killers", "alpha-beta"] {
        assert!(chart.contains(&format!("\n{label}\n")), "{label}: {chart}");
    }
    // Quiescence searches another horizon: its configurations are left out, and said so.
    for label in ["+quiescence", "−killers", "all (cammp)"] {
        assert!(!chart.contains(&format!("\n{label}\n")), "{label}: {chart}");
    }
    assert!(chart.contains("with quiescence search left out"), "{chart}");
    assert!(written(&run, "minimal-ratio-per-depth") && written(&run, "savings-vs-drift"));
    let summary = read(&run, "summary.md");
    assert!(
        summary.contains("![node savings against value drift at depth 1]"),
        "{summary}"
    );
}

#[test]
fn long_legend_labels_wrap_inside_a_capped_column() {
    use super::style::{wrap, LEGEND_MAX_WIDTH};
    let measure = |text: &str| 8 * text.chars().count() as u32;
    let label = "all (alphabeta+id+tt-value+tt-move+killers+history+pvs+aspiration+quiescence)";
    let lines = wrap(label, 200, &measure);
    assert!(lines.len() > 2, "{lines:?}");
    assert!(lines.iter().all(|l| measure(l) <= 200), "{lines:?}");
    assert_eq!(lines.concat().replace(' ', ""), label.replace(' ', ""));
    assert_eq!(wrap("alpha-beta", 200, &measure), ["alpha-beta"]);
    // The Gomoku plan's full set has that kind of label: its legend stays within the cap.
    let plan: Plan = &[
        ("alphabeta", "alpha-beta", "baseline", None),
        (
            "alphabeta+killers",
            "alpha-beta with killer moves",
            "add-one",
            Some("killers"),
        ),
        ("cammp", label, "full", None),
        (
            "cammp-killers",
            "all without killer moves",
            "leave-one-out",
            Some("killers"),
        ),
    ];
    let run = report("kalah", plan, &[1, 2]);
    let chart = read(&run, "charts/nodes-per-depth.svg");
    assert!(
        chart.contains("Leaving one technique out of all\n"),
        "{chart}"
    );
    assert!(
        !chart.contains(&format!("\n{label}\n")),
        "not wrapped: {chart}"
    );
    assert!(chart.contains("\nall (alphabeta+"), "{chart}");
    assert!(LEGEND_MAX_WIDTH < super::SIZE.0 / 2);
}

#[test]
fn a_savings_panel_without_a_ratio_is_dropped_and_the_subtitle_says_so() {
    // The baseline hits the cap on one position: no add-one bar has a ratio.
    let mut recs = records(PLAN, &[1], &NODES[..PLAN.len()]);
    let base = crate::report::tests::parse_config("alphabeta");
    for r in recs
        .iter_mut()
        .filter(|r| r.config == base && r.position == "p0")
    {
        r.result.capped = true;
    }
    let run = run_dir(&manifest("kalah", PLAN, &[1]), &recs);
    write_report_at(&run, &run, Some(1), false).unwrap();
    let chart = read(&run, "charts/node-savings.svg");
    assert!(
        !chart.contains("\nAdding one technique to alpha-beta\n"),
        "{chart}"
    );
    assert!(chart.contains("left out: no ratio"), "{chart}");
    assert!(
        chart.contains("Leaving one technique out of all (cammp)"),
        "{chart}"
    );
}

#[test]
fn scatter_labels_of_the_committed_runs_stay_apart_and_inside_their_plots() {
    use super::drift::SavingsDrift;
    use super::published::Published;
    use super::style::Styles;
    use super::Chart;
    use crate::report::stats::Grid;
    use plotters::prelude::*;

    super::register_font().unwrap();
    let mut dirs: Vec<_> = std::fs::read_dir("results")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|d| d.join("manifest.json").exists() && d.join("records.jsonl").exists())
        .collect();
    dirs.sort();
    let mut charts = 0;
    for dir in dirs {
        let run = crate::runfolder::read_run(&dir).unwrap();
        let grid = Grid::new(&run);
        let styles = Styles::new(&grid);
        let reference = crate::report::drift::reference(&grid, &run.manifest).ok();
        for &depth in &grid.depths {
            let mut svg = String::new();
            let labels = match reference
                .and_then(|r| SavingsDrift::new(&grid, r, depth, &styles, ""))
            {
                Some(chart) => {
                    let root = SVGBackend::with_string(&mut svg, chart.size()).into_drawing_area();
                    chart.draw_labelled(&root).unwrap()
                }
                None => continue,
            };
            assert!(
                labels.tidy(),
                "{} depth {depth}: savings-vs-drift labels {:?}",
                dir.display(),
                labels.placed
            );
            charts += 1;
        }
        if let Some(chart) = Published::new(&run.manifest, &grid, grid.default_depth(), &styles, "")
        {
            let mut svg = String::new();
            let root = SVGBackend::with_string(&mut svg, chart.size()).into_drawing_area();
            let labels = chart.draw_labelled(&root).unwrap();
            assert!(
                labels.tidy(),
                "{}: ours-vs-published labels {:?}",
                dir.display(),
                labels.placed
            );
            charts += 1;
        }
    }
    assert!(
        charts > 10,
        "only {charts} scatter charts among the committed runs"
    );
}
