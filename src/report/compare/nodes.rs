//! Node counts compared exactly, record by record, joined on the search's identity: the base's first run against the new side's first run, and every repeated run
//! against its side's first run (searches are deterministic, so repeats must agree). A
//! record differs when its nodes expanded, node cap, score or best move differ, or when one
//! run lacks it; every difference is kept, none is summarised away.
//!
//! Times are not looked at here, and nothing is formatted but the names of the runs.

use super::side::RunSet;
use crate::runfolder::{Record, Run, SearchId};
use crate::search::Config;
use std::collections::{BTreeMap, BTreeSet};

/// What a record says, apart from its time and counters other than nodes expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Nodes expanded, `n_nodes + n_qnodes`.
    pub nodes: u64,
    /// Whether the node cap stopped the search.
    pub capped: bool,
    /// The root value.
    pub score: i32,
    /// The best move.
    pub best_move: Option<String>,
}

impl Found {
    fn of(record: &Record) -> Found {
        let result = &record.result;
        Found {
            nodes: result.counters.expanded(),
            capped: result.capped,
            score: result.score,
            best_move: result.best_move.clone(),
        }
    }
}

/// Which runs have a differing record, and what it says in each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Both runs, with different outcomes.
    Both(Found, Found),
    /// Only the first run.
    First(Found),
    /// Only the second run.
    Second(Found),
}

impl Sides {
    /// Whether both runs hold the search.
    pub fn both(&self) -> bool {
        matches!(self, Sides::Both(..))
    }
}

/// One record that differs between two runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The search.
    pub id: SearchId,
    /// What each run says of it.
    pub sides: Sides,
}

/// The differences between two runs.
#[derive(Debug)]
pub struct Group {
    /// What was compared with what.
    pub title: String,
    /// The names of the two runs in the differences' text.
    pub names: (String, String),
    /// Every differing record, by key.
    pub changes: Vec<Change>,
}

/// The differences of base against new, then of each repeated run against its side's
/// first run; groups without a difference are left out.
pub fn compare_nodes(base: &RunSet, new: &RunSet) -> Vec<Group> {
    let names = ("base".to_string(), "new".to_string());
    let mut groups = vec![Group {
        title: "Base against new".into(),
        names,
        changes: changes(&base.runs[0].1, &new.runs[0].1),
    }];
    for (side_name, side) in [("base", base), ("new", new)] {
        let (first_name, first) = &side.runs[0];
        for (name, run) in &side.runs[1..] {
            groups.push(Group {
                title: format!(
                    "Within {side_name}: run `{name}` against run `{first_name}` \
                     (searches are deterministic, so repeated runs must agree)"
                ),
                names: (format!("`{first_name}`"), format!("`{name}`")),
                changes: changes(first, run),
            });
        }
    }
    groups.retain(|g| !g.changes.is_empty());
    groups
}

fn outcomes(run: &Run) -> BTreeMap<SearchId, Found> {
    run.records.iter().map(|r| (r.id(), Found::of(r))).collect()
}

/// Every record in which `first` and `second` differ, by key.
fn changes(first: &Run, second: &Run) -> Vec<Change> {
    let (a, b) = (outcomes(first), outcomes(second));
    let ids: BTreeSet<&SearchId> = a.keys().chain(b.keys()).collect();
    let sides = |k: &SearchId| match (a.get(k).cloned(), b.get(k).cloned()) {
        (Some(x), Some(y)) if x != y => Some(Sides::Both(x, y)),
        (Some(x), None) => Some(Sides::First(x)),
        (None, Some(y)) => Some(Sides::Second(y)),
        _ => None,
    };
    ids.into_iter()
        .filter_map(|id| {
            Some(Change {
                id: id.clone(),
                sides: sides(id)?,
            })
        })
        .collect()
}

/// How many positions differ in any group, per (configuration, depth).
pub fn changed_positions(groups: &[Group]) -> BTreeMap<(Config, u32), usize> {
    let mut positions: BTreeMap<(Config, u32), BTreeSet<&str>> = BTreeMap::new();
    for change in groups.iter().flat_map(|g| &g.changes) {
        let id = &change.id;
        let cell = positions.entry((id.config, id.depth)).or_default();
        cell.insert(&id.position);
    }
    positions
        .into_iter()
        .map(|(cell, set)| (cell, set.len()))
        .collect()
}
