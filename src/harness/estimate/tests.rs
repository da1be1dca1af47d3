//! The estimate's growth model on made-up samples (its timing is not tested).

use super::{predict, sample_depths, Growth};
use crate::harness::plan::tasks;

fn growth(samples: &[(u32, f64)], seconds_per_node: f64) -> Growth {
    Growth {
        mean_nodes: samples.iter().copied().collect(),
        seconds_per_node,
        seconds_per_search: 0.5,
    }
}

#[test]
fn sampled_depths() {
    assert_eq!(sample_depths(&[1, 2, 3, 4, 5, 6, 7, 8]), [3, 4]);
    assert_eq!(sample_depths(&[1, 2, 3, 8]), [3, 8]);
    assert_eq!(sample_depths(&[1, 2]), [1, 2]);
    assert_eq!(sample_depths(&[2, 4, 6]), [4, 6]);
    assert_eq!(sample_depths(&[4, 6]), [4, 6]);
    assert_eq!(sample_depths(&[6]), [5, 6]);
    assert_eq!(sample_depths(&[1]), [1]);
}

#[test]
fn nodes_grow_by_the_branching_factor() {
    let g = growth(&[(2, 10.0), (3, 30.0)], 1e-6);
    for (depth, want) in [(2, 10.0), (3, 30.0), (4, 90.0), (6, 810.0)] {
        assert!((g.nodes(depth, None) - want).abs() < 1e-9, "depth {depth}");
    }
    assert_eq!(g.nodes(6, Some(500)), 500.0);
    // Two depths apart: the factor per depth is the square root.
    let g = growth(&[(2, 10.0), (4, 90.0)], 1e-6);
    assert!((g.nodes(5, None) - 270.0).abs() < 1e-9);
    // A shrinking sample (a node cap, a solved position) never predicts fewer nodes deeper.
    let g = growth(&[(1, 50.0), (2, 40.0)], 1e-6);
    assert_eq!(g.nodes(5, None), 40.0);
    let g = growth(&[(3, 7.0)], 1e-6);
    assert_eq!(g.nodes(3, None), 7.0);
}

#[test]
fn every_task_counts_once_with_its_configuration_s_cost() {
    let growths = [
        growth(&[(1, 10.0), (2, 20.0)], 1.0),
        growth(&[(1, 1.0), (2, 3.0)], 2.0),
    ];
    let plan = tasks(5, 2, &[1, 2, 3]);
    let depths = predict(&plan, &growths, None);
    let searches: Vec<usize> = depths.iter().map(|d| d.searches).collect();
    assert_eq!(searches, [10, 10, 10]);
    let depth3 = &depths[2];
    assert_eq!((depth3.depth, depth3.nodes), (3, 5.0 * (40.0 + 9.0)));
    assert_eq!(depth3.seconds, 5.0 * (40.0 * 1.0 + 9.0 * 2.0 + 2.0 * 0.5));
}
