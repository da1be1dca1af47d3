//! What a search counts, per iteration: the figures of DESIGN.md "What is counted", defined
//! here once (docs/concepts.md repeats these definitions).
//!
//! - A *node* is one entry to the main search function (`n_nodes`): the root, interior nodes,
//!   leaves, terminal positions, nodes answered by the table, every re-search (PVS, LMR,
//!   aspiration) and the probes of null move and multi-cut. A *q-node* (`n_qnodes`) is one
//!   entry to quiescence below a depth-0 node; the depth-0 node itself is a node, not a
//!   q-node. (With `q-count=1`, CAMMP's counting, `n_qnodes` counts only the q-nodes that
//!   expand, the depth-0 node's own expansion included.) `expanded() = n_nodes + n_qnodes` is the headline figure and what the node cap
//!   (`--max-nodes`) limits, summed over the iterations of one root search.
//! - `n_leaves` counts static evaluations at nodes and q-nodes: depth-0 nodes, quiescence's
//!   stand-pat and its quiet ends, nodes without moves. Terminal positions (scored by the
//!   rules) are not leaves; the evaluation that centres the first aspiration window is not
//!   counted either (it is no node).
//! - `n_evals` counts every call of the static evaluation, wherever the search makes it: at
//!   every leaf (so it is `n_leaves` and more), and the evaluation that centres the first
//!   aspiration window. It is the McGill Black & White study's "evaluation calls". MCTS
//!   never calls the evaluation (its rollouts play to the end): 0. Records written before it
//!   was counted do not have it: read back, it is "not counted" ([`Counters::evals`] is
//!   `None`), never 0.
//! - `n_interior` counts nodes and q-nodes that generated moves and searched them, so
//!   expanding quiescence nodes are in it; a q-node that stands pat or reaches `q-limit` is
//!   not.
//! - MCTS counts `n_playouts`, `n_tree_nodes` (the tree's size at the end) and
//!   `n_rollout_plies`; its `n_nodes` are the tree nodes its playouts pass through (the root
//!   once per playout) and its `n_leaves` the rollouts (see `search::mcts`).
//! - Expectimax counts nodes, leaves and interior nodes the same way and stops counting at the
//!   cap: a capped search has counted exactly `--max-nodes` nodes.
//!
//! Plain `u64` counters; ratios (branching factor, cutoff rates, nodes per second) are left to
//! reports.

use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

/// The counters of one iteration (or a sum of iterations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Entries to the main search function: root, interior, leaves, terminals, re-searches,
    /// TT cuts, null-move and multi-cut probes.
    pub n_nodes: u64,
    /// Quiescence nodes below the main search's depth-0 nodes.
    pub n_qnodes: u64,
    /// Static evaluations at nodes and q-nodes (terminal positions are not counted).
    pub n_leaves: u64,
    /// Calls of the static evaluation, leaves and the aspiration window's centre; in records
    /// written before it was counted, [`Counters::NOT_COUNTED`] (read it with
    /// [`Counters::evals`]).
    #[serde(default = "not_counted", skip_serializing_if = "is_not_counted")]
    pub n_evals: u64,
    /// Nodes and q-nodes that generated moves and searched them.
    pub n_interior: u64,
    /// Transposition-table probes.
    pub n_tt_probes: u64,
    /// Probes that found the position.
    pub n_tt_hits: u64,
    /// Nodes answered by a stored bound.
    pub n_tt_cutoffs: u64,
    /// Nodes that failed high.
    pub n_beta_cutoffs: u64,
    /// Fail highs on the first move searched.
    pub n_first_move_cutoffs: u64,
    /// Null-move searches.
    pub n_null_tries: u64,
    /// Null-move searches that cut.
    pub n_null_cutoffs: u64,
    /// Multi-cut attempts.
    pub n_multi_cut_tries: u64,
    /// Multi-cut attempts that cut.
    pub n_multi_cut_cutoffs: u64,
    /// Moves searched at reduced depth.
    pub n_lmr_reductions: u64,
    /// Reduced moves searched again at full depth.
    pub n_lmr_researches: u64,
    /// Principal-variation re-searches after a null window failed high.
    pub n_pvs_researches: u64,
    /// Root searches repeated after the aspiration window failed.
    pub n_aspiration_researches: u64,
    /// The deepest ply reached, quiescence included (MCTS: the deepest tree ply).
    pub sel_depth: u64,
    /// MCTS: playouts run (written only when not 0, as are the next two).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub n_playouts: u64,
    /// MCTS: nodes in the tree at the end, the root included.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub n_tree_nodes: u64,
    /// MCTS: moves played by the rollouts.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub n_rollout_plies: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn not_counted() -> u64 {
    Counters::NOT_COUNTED
}

fn is_not_counted(n: &u64) -> bool {
    *n == Counters::NOT_COUNTED
}

impl Counters {
    /// `n_evals` of a record written before evaluation calls were counted (no search makes
    /// that many calls); a sum with it is not counted either.
    pub const NOT_COUNTED: u64 = u64::MAX;

    /// The evaluation calls, `None` when they were not counted.
    pub fn evals(&self) -> Option<u64> {
        (self.n_evals != Self::NOT_COUNTED).then_some(self.n_evals)
    }

    /// The headline figure: nodes expanded, `n_nodes + n_qnodes`.
    pub fn expanded(&self) -> u64 {
        self.n_nodes + self.n_qnodes
    }
}

impl AddAssign for Counters {
    fn add_assign(&mut self, o: Counters) {
        self.n_nodes += o.n_nodes;
        self.n_qnodes += o.n_qnodes;
        self.n_leaves += o.n_leaves;
        self.n_evals = match (self.evals(), o.evals()) {
            (Some(a), Some(b)) => a + b,
            _ => Self::NOT_COUNTED,
        };
        self.n_interior += o.n_interior;
        self.n_tt_probes += o.n_tt_probes;
        self.n_tt_hits += o.n_tt_hits;
        self.n_tt_cutoffs += o.n_tt_cutoffs;
        self.n_beta_cutoffs += o.n_beta_cutoffs;
        self.n_first_move_cutoffs += o.n_first_move_cutoffs;
        self.n_null_tries += o.n_null_tries;
        self.n_null_cutoffs += o.n_null_cutoffs;
        self.n_multi_cut_tries += o.n_multi_cut_tries;
        self.n_multi_cut_cutoffs += o.n_multi_cut_cutoffs;
        self.n_lmr_reductions += o.n_lmr_reductions;
        self.n_lmr_researches += o.n_lmr_researches;
        self.n_pvs_researches += o.n_pvs_researches;
        self.n_aspiration_researches += o.n_aspiration_researches;
        self.sel_depth = self.sel_depth.max(o.sel_depth);
        self.n_playouts += o.n_playouts;
        self.n_tree_nodes += o.n_tree_nodes;
        self.n_rollout_plies += o.n_rollout_plies;
    }
}

/// The result of one iteration of a root search.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration<M> {
    /// The depth searched.
    pub depth: u32,
    /// This iteration's counters alone.
    pub counters: Counters,
    /// The root value for the side to move.
    pub score: i32,
    /// The best root move (`None` at a terminal root).
    pub best_move: Option<M>,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// Whether the node cap stopped the iteration (its score and move are then meaningless).
    pub capped: bool,
    /// Whether the node budget ran out during the iteration: the search ends there, and the
    /// score, move and PV are those of the last completed iteration (the partial
    /// iteration's own when none completed).
    pub exhausted: bool,
}

#[cfg(test)]
mod tests {
    use super::Counters;
    use serde_json::{Map, Value};

    /// Counters with every field set, field i to `first + i`, through serde so that a field
    /// added later is set too (the MCTS counters, left out of JSON when 0, set to 1 first
    /// to be named).
    fn numbered(first: u64) -> Counters {
        let named = Counters {
            n_playouts: 1,
            n_tree_nodes: 1,
            n_rollout_plies: 1,
            ..Counters::default()
        };
        let names = serde_json::to_value(named).unwrap();
        let fields: Map<String, Value> = names
            .as_object()
            .unwrap()
            .keys()
            .enumerate()
            .map(|(i, name)| (name.clone(), Value::from(first + i as u64)))
            .collect();
        serde_json::from_value(Value::Object(fields)).unwrap()
    }

    /// `+=` adds every counter and keeps the deeper of the two selective depths.
    #[test]
    fn adding_counters_adds_every_field_and_keeps_the_deepest_ply() {
        let (a, b) = (numbered(1), numbered(100));
        let mut sum = a;
        sum += b;
        let [a, b, sum] = [a, b, sum].map(|c| serde_json::to_value(c).unwrap());
        let fields = sum.as_object().unwrap();
        assert_eq!(fields.len(), a.as_object().unwrap().len(), "{sum}");
        for (name, value) in fields {
            let (x, y) = (a[name].as_u64().unwrap(), b[name].as_u64().unwrap());
            let expected = if name == "sel_depth" { x.max(y) } else { x + y };
            assert_eq!(value.as_u64(), Some(expected), "{name}");
        }
    }
}
