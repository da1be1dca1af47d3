//! What each technique is worth averaged over every combination: from an all-subsets run,
//! the Shapley value of each technique on log(nodes) and the pairwise Shapley interaction
//! index, exact from the 2^k configurations.
//!
//! The game's value of a set S of techniques is v(S) = the mean over positions of
//! ln(nodes expanded) of `base + S`, over the positions every configuration searched without
//! hitting the cap (so each v uses the same positions). A technique's Shapley value is its
//! marginal effect v(S + t) - v(S) averaged over every S with the Shapley weights
//! |S|! (k - |S| - 1)! / k!; exp of it is the factor by which the technique multiplies the
//! node count "on average over every company it keeps". The values add up to
//! v(all) - v(none). The interaction of i and j averages
//! v(S + i + j) - v(S + i) - v(S + j) + v(S) with weights |S|! (k - |S| - 2)! / (k - 1)!:
//! below 0, the two together save more than their separate effects (complements); above 0,
//! they overlap (substitutes). This module computes and formats; it reads no file.

use super::stats::Grid;
use super::tables::{markdown_table, sig3};
use crate::runfolder::Role;
use crate::search::{Config, Enhancement};
use std::collections::BTreeMap;

/// The Shapley analysis of an all-subsets run at one depth.
#[derive(Debug)]
pub struct Shapley {
    /// The techniques of the subsets, in table order.
    pub techniques: Vec<Enhancement>,
    /// v(S) by subset mask (bit i = `techniques[i]`).
    pub value: Vec<f64>,
    /// The positions every configuration completed.
    pub positions: usize,
    /// The self-play games they come from.
    pub games: usize,
}

impl Shapley {
    /// The analysis of `grid` at `depth`, when it is an all-subsets run whose every subset
    /// has a common uncapped position.
    pub fn new(grid: &Grid, depth: u32) -> Option<Shapley> {
        if !grid.rows.iter().any(|r| r.planned.role == Role::Subset) {
            return None;
        }
        let used = grid.rows.iter().fold(grid.baseline, |c, r| {
            r.planned.config.flags().into_iter().fold(c, Config::with)
        });
        let techniques: Vec<Enhancement> = used
            .flags()
            .into_iter()
            .filter(|&e| !grid.baseline.has(e))
            .collect();
        let k = techniques.len();
        if !(2..=16).contains(&k) {
            return None;
        }
        let by_config: BTreeMap<Config, &super::stats::Row> =
            grid.rows.iter().map(|r| (r.planned.config, r)).collect();
        let cells: Vec<&super::stats::Cell> = (0..1usize << k)
            .map(|mask| {
                let config = subset_config(grid.baseline, &techniques, mask);
                by_config.get(&config)?.cells.get(&depth)
            })
            .collect::<Option<_>>()?;
        let common: Vec<&String> = cells[0]
            .samples
            .keys()
            .filter(|p| {
                let uncapped = |c: &&super::stats::Cell| {
                    c.samples.get(*p).is_some_and(|s| !s.capped && s.nodes > 0)
                };
                cells.iter().all(uncapped)
            })
            .collect();
        if common.is_empty() {
            return None;
        }
        let value = cells
            .iter()
            .map(|cell| {
                let logs = common.iter().map(|p| (cell.samples[*p].nodes as f64).ln());
                logs.sum::<f64>() / common.len() as f64
            })
            .collect();
        Some(Shapley {
            techniques,
            value,
            positions: common.len(),
            games: super::stats::games(common.iter().map(|p| p.as_str())),
        })
    }

    fn k(&self) -> usize {
        self.techniques.len()
    }

    /// The Shapley value of technique `i` on ln(nodes).
    pub fn value_of(&self, i: usize) -> f64 {
        let k = self.k();
        let bit = 1 << i;
        (0..1usize << k)
            .filter(|mask| mask & bit == 0)
            .map(|mask| {
                let s = mask.count_ones() as usize;
                weight(s, k - s - 1, k) * (self.value[mask | bit] - self.value[mask])
            })
            .sum()
    }

    /// The Shapley interaction index of techniques `i` and `j` on ln(nodes).
    pub fn interaction(&self, i: usize, j: usize) -> f64 {
        let k = self.k();
        let (bi, bj) = (1 << i, 1 << j);
        (0..1usize << k)
            .filter(|mask| mask & (bi | bj) == 0)
            .map(|mask| {
                let s = mask.count_ones() as usize;
                let v = |m: usize| self.value[m];
                let delta = v(mask | bi | bj) - v(mask | bi) - v(mask | bj) + v(mask);
                weight(s, k - s - 2, k - 1) * delta
            })
            .sum()
    }

    /// ln(nodes) of the base plus `i` minus the base's: the add-one effect.
    pub fn add_one(&self, i: usize) -> f64 {
        self.value[1 << i] - self.value[0]
    }

    /// ln(nodes) of everything minus everything without `i`: the leave-one-out effect.
    pub fn leave_one_out(&self, i: usize) -> f64 {
        let all = (1 << self.k()) - 1;
        self.value[all] - self.value[all & !(1 << i)]
    }
}

/// The Shapley weight s! (k - s - 1)! / k!, written with `rest` = k - s - 1 (or k - s - 2
/// over (k - 1)! for interactions).
fn weight(s: usize, rest: usize, n: usize) -> f64 {
    factorial(s) * factorial(rest) / factorial(n)
}

fn factorial(n: usize) -> f64 {
    (1..=n).map(|i| i as f64).product()
}

/// `base` plus the techniques whose bits `mask` sets.
fn subset_config(base: Config, techniques: &[Enhancement], mask: usize) -> Config {
    let chosen = techniques
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0);
    chosen.fold(base, |c, (_, &e)| c.with(e))
}

/// Ranks (1 = saves the most: the most negative effect) of `effects`.
fn ranks(effects: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..effects.len()).collect();
    order.sort_by(|&a, &b| effects[a].total_cmp(&effects[b]));
    let mut rank = vec![0; effects.len()];
    for (place, &i) in order.iter().enumerate() {
        rank[i] = place + 1;
    }
    rank
}

/// The Markdown section of an all-subsets run, or nothing for other runs.
pub fn section(grid: &Grid, depth: u32) -> String {
    let Some(shapley) = Shapley::new(grid, depth) else {
        return String::new();
    };
    let k = shapley.k();
    let phi: Vec<f64> = (0..k).map(|i| shapley.value_of(i)).collect();
    let add: Vec<f64> = (0..k).map(|i| shapley.add_one(i)).collect();
    let leave: Vec<f64> = (0..k).map(|i| shapley.leave_one_out(i)).collect();
    let (rank_phi, rank_add, rank_leave) = (ranks(&phi), ranks(&add), ranks(&leave));
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| rank_phi[i]);
    let factor = |x: f64| format!("× {}", sig3(x.exp()));
    let rows: Vec<Vec<String>> = order
        .iter()
        .map(|&i| {
            vec![
                rank_phi[i].to_string(),
                shapley.techniques[i].title().to_string(),
                format!("{:+.3}", phi[i]),
                factor(phi[i]),
                format!("{} ({})", factor(add[i]), rank_add[i]),
                format!("{} ({})", factor(leave[i]), rank_leave[i]),
            ]
        })
        .collect();
    let header = [
        "rank",
        "technique",
        "Shapley value (ln nodes)",
        "as a factor",
        "add-one factor (rank)",
        "leave-one-out factor (rank)",
    ];
    let right = [true, false, true, true, true, true];
    let total = shapley.value[(1 << k) - 1] - shapley.value[0];
    format!(
        "## What each technique is worth over every combination (Shapley values)\n\n\
         At depth {depth}, over the {} positions every one of the {} configurations searched \
         without hitting the cap. A technique's Shapley value is its effect on ln(nodes \
         expanded) averaged over every set of the other techniques it can join (Shapley \
         weights); the factor is exp of it. Add-one and leave-one-out measure the same effect \
         against one set each (none, all the others). The values sum to ln(all / base) = \
         {total:+.3} (a factor of {}).\n\n{}\n{}",
        shapley.positions,
        1 << k,
        sig3(total.exp()),
        markdown_table(&header, &right, &rows),
        interaction_table(&shapley, &order)
    )
}

fn interaction_table(shapley: &Shapley, order: &[usize]) -> String {
    let names: Vec<&str> = order
        .iter()
        .map(|&i| shapley.techniques[i].name())
        .collect();
    let mut header = vec![""];
    header.extend(&names);
    let right: Vec<bool> = (0..header.len()).map(|c| c > 0).collect();
    let rows: Vec<Vec<String>> = order
        .iter()
        .map(|&i| {
            let mut row = vec![shapley.techniques[i].name().to_string()];
            for &j in order {
                row.push(match i == j {
                    true => "·".to_string(),
                    false => format!("{:+.3}", shapley.interaction(i, j)),
                });
            }
            row
        })
        .collect();
    format!(
        "Pairwise Shapley interaction on ln(nodes) (below 0: the pair saves more together than \
         apart; above 0: they overlap). Chart: `charts/interactions.svg`.\n\n{}",
        markdown_table(&header, &right, &rows)
    )
}
