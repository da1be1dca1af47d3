//! The "Against the minimal tree" section: per configuration and depth, the nodes it expands
//! over the nodes of the minimal tree (`minimal.jsonl`: plain alpha-beta with perfect move
//! ordering), summed over the positions that have a minimal tree at that depth. Only a run
//! with minimal trees gets it. The numbers come from `stats`; this module formats them.

use super::stats::Grid;
use super::tables::{nodes_text, per_depth_table_after, sig3, stat_text};

/// The section, or nothing when the run has no minimal tree.
pub fn section(grid: &Grid, depth: u32) -> String {
    let depths = grid.minimal_depths();
    if depths.is_empty() {
        return String::new();
    }
    let minimal = std::iter::once("minimal tree (mean nodes)".to_string())
        .chain(depths.iter().map(|&d| nodes_text(grid.minimal_mean(d))));
    let table = per_depth_table_after(grid, depth, &depths, vec![minimal.collect()], |row, d| {
        stat_text(grid.minimal_ratio(row, d), sig3)
    });
    let covered = coverage(grid, &depths);
    format!(
        "## Against the minimal tree\n\nNodes expanded (n_nodes + n_qnodes) over the nodes of \
         the minimal tree, the tree plain alpha-beta visits when every node's moves come best \
         first by their exact values (`cutoff minimal`): the sum over the positions that have \
         a minimal tree at that depth of the configuration's nodes, over the sum of their \
         minimal trees. The minimal tree counts no quiescence nodes. Below 1 is possible: \
         inexact techniques (pruning, reductions) search less than the full-width minimal \
         tree, and a transposition table searches a transposed position once where the \
         minimal tree counts it on every path. The first row is the minimal tree's mean size. Positions with a \
         minimal tree: {covered}.\n\n{table}"
    )
}

/// How many of the run's positions have a minimal tree at each depth: `40 of 40 at every
/// depth`, or `40 of 40 at depth 4, 3 of 40 at depth 6`.
fn coverage(grid: &Grid, depths: &[u32]) -> String {
    let total = grid.positions.len();
    let count = |d: &u32| grid.minimal[d].len();
    let first = count(&depths[0]);
    if depths.iter().all(|d| count(d) == first) {
        return format!("{first} of {total} at every depth");
    }
    let each: Vec<String> = depths
        .iter()
        .map(|d| format!("{} of {total} at depth {d}", count(d)))
        .collect();
    each.join(", ")
}
