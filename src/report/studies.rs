//! Published results beside ours: the CAMMP node table (Ming Mang) as data with its source,
//! the matching of its rows to a run's configurations, the pairs of techniques whose ranking
//! differs, and for the other games a note on which study applies.
//!
//! The numbers are copied from `shared/STUDIES.md`; this module never measures anything and
//! does not explain differences beyond naming plausible causes.

use super::stats::{Estimate, Grid, Row, Stat};
use super::tables::{markdown_table, sig3, thousands};
use crate::runfolder::{Manifest, Role};
use crate::search::Config;
use std::collections::BTreeMap;

/// One row of a published node table.
#[derive(Debug)]
pub struct PublishedRow {
    /// The row's label as published.
    pub label: &'static str,
    /// Average nodes expanded.
    pub nodes: u64,
    /// The plan role of the matching configuration (`baseline`, `add-one`, ...).
    pub role: Role,
    /// The techniques added or left out, by our names (one published technique may be
    /// several of ours: "transposition tables" is `tt-value` and `tt-move`).
    pub techniques: &'static [&'static str],
}

/// Where the CAMMP numbers come from.
pub const CAMMP_SOURCE: &str = "CAMMP (Maastricht, 2011): average nodes expanded in a \
    depth-4 search, averaged over the first 10 moves of many games (its node table, \
    copied into this program)";

/// The depth of the CAMMP node table.
pub const CAMMP_DEPTH: u32 = 4;

const TT: &[&str] = &["tt-value", "tt-move"];

const fn row(
    label: &'static str,
    nodes: u64,
    role: Role,
    techniques: &'static [&'static str],
) -> PublishedRow {
    PublishedRow {
        label,
        nodes,
        role,
        techniques,
    }
}

/// The CAMMP ablation table, in its published order (descending nodes).
pub const CAMMP_NODES: [PublishedRow; 16] = [
    row(
        "alpha-beta with quiescence search",
        550_477,
        Role::AddOne,
        &["quiescence"],
    ),
    row("alpha-beta", 243_820, Role::Baseline, &[]),
    row(
        "alpha-beta with null move",
        237_897,
        Role::AddOne,
        &["null-move"],
    ),
    row(
        "alpha-beta with multi-cut",
        218_994,
        Role::AddOne,
        &["multi-cut"],
    ),
    row(
        "alpha-beta with transposition tables",
        166_481,
        Role::AddOne,
        TT,
    ),
    row(
        "alpha-beta with late move reduction",
        146_167,
        Role::AddOne,
        &["lmr"],
    ),
    row(
        "alpha-beta with killer moves",
        64_636,
        Role::AddOne,
        &["killers"],
    ),
    row(
        "alpha-beta with history heuristics",
        44_851,
        Role::AddOne,
        &["history"],
    ),
    row(
        "all without late move reduction",
        21_395,
        Role::LeaveOneOut,
        &["lmr"],
    ),
    row(
        "all without multi-cut",
        16_329,
        Role::LeaveOneOut,
        &["multi-cut"],
    ),
    row(
        "all without quiescence search",
        9_078,
        Role::LeaveOneOut,
        &["quiescence"],
    ),
    row(
        "all without history heuristics",
        8_996,
        Role::LeaveOneOut,
        &["history"],
    ),
    row(
        "all without null move",
        6_739,
        Role::LeaveOneOut,
        &["null-move"],
    ),
    row(
        "all without transposition tables",
        6_278,
        Role::LeaveOneOut,
        TT,
    ),
    row(
        "all without killer moves",
        5_870,
        Role::LeaveOneOut,
        &["killers"],
    ),
    row("all (CAMMP)", 5_859, Role::Full, &[]),
];

/// CAMMP's average search time per depth with every technique (ms, 1.7 GHz single core).
pub const CAMMP_MS: [(u32, f64); 4] = [(2, 25.0), (4, 280.0), (6, 4_425.0), (8, 33_602.0)];

/// The studies of the other games: the game's name, the study and what it published.
const OTHER_STUDIES: [(&str, &str, &str); 4] = [
    (
        "kalah",
        "Mancala / Kalah (course project, 2022)",
        "win rates of random, minimax, expectimax and Q-learning agents against each other and \
         of alpha-beta minimax against a random player per depth, not node counts",
    ),
    (
        "gomoku",
        "Gomoku (Fudan, 2020)",
        "wins of its alpha-beta and MCTS players against 12 Gomocup engines, not node counts",
    ),
    (
        "gothello",
        "Gothello (Portland State CS441)",
        "win rates of a minimax player against the course's negamax player, not node counts",
    ),
    (
        "blackwhite",
        "Black & White (McGill ECSE 526, 2006)",
        "the depth reached in 7 seconds with and without the transposition table and, at depth \
         8, the table cutting evaluation calls from 188.6 M to 79.8 M, not a node table per \
         technique",
    ),
];

/// Whether our row measures the published row's configuration: the same plan role and,
/// for add-one and leave-one-out rows, techniques among the published row's.
pub(super) fn matches(published: &PublishedRow, ours: &Row) -> bool {
    if published.role != ours.planned.role {
        return false;
    }
    match ours.planned.technique {
        None => published.techniques.is_empty(),
        Some(t) => published.techniques.contains(&t.name()),
    }
}

/// The index pairs `(a, b)` of `items` (published value, our value) that the published
/// table ranks one way (`a` above `b`: more nodes) and ours strictly the other.
pub fn ranking_swaps(items: &[(f64, f64)]) -> Vec<(usize, usize)> {
    let mut swaps = Vec::new();
    for i in 0..items.len() {
        for j in 0..items.len() {
            let (pi, oi) = items[i];
            let (pj, oj) = items[j];
            if pi > pj && oi < oj {
                swaps.push((i, j));
            }
        }
    }
    swaps
}

/// The "published numbers beside ours" section of `summary.md`.
pub fn section(manifest: &Manifest, grid: &Grid, depth: u32) -> String {
    if manifest.game.starts_with("mingmang") {
        return cammp_section(manifest, grid, depth);
    }
    let note = OTHER_STUDIES
        .iter()
        .find(|(game, ..)| manifest.game.starts_with(game))
        .map_or(
            "No published study covers this game".to_string(),
            |(_, study, what)| format!("The study that applies is {study}, which published {what}"),
        );
    format!("## Published results\n\n{note}; there is no node table to compare with this run.\n")
}

/// The nodes of CAMMP's alpha-beta row, which its ratios are taken to.
pub(super) fn cammp_baseline_nodes() -> f64 {
    CAMMP_NODES[1].nodes as f64
}

/// A published row and the run's rows that measure it.
struct Match<'a> {
    published: &'static PublishedRow,
    ours: Vec<&'a Row>,
}

/// The depth CAMMP's table is compared at: its own, when the run has it, else `depth`.
pub fn cammp_depth(grid: &Grid, depth: u32) -> u32 {
    if grid.depths.contains(&CAMMP_DEPTH) {
        CAMMP_DEPTH
    } else {
        depth
    }
}

fn cammp_matches(grid: &Grid) -> Vec<Match<'_>> {
    CAMMP_NODES
        .iter()
        .map(|published| {
            let ours = grid.rows.iter().filter(|r| matches(published, r)).collect();
            Match { published, ours }
        })
        .collect()
}

/// A configuration of ours with a published counterpart, and both node ratios to their
/// baselines (CAMMP's alpha-beta row; our baseline row).
pub struct RatioPair<'a> {
    pub ours: &'a Row,
    pub published_ratio: f64,
    pub our_ratio: f64,
}

/// Every non-baseline row of a Ming Mang run with a CAMMP counterpart and a ratio at
/// [`cammp_depth`]; empty for other games.
pub fn cammp_pairs<'a>(manifest: &Manifest, grid: &'a Grid, depth: u32) -> Vec<RatioPair<'a>> {
    let Some(base) = grid
        .baseline_row()
        .filter(|_| manifest.game.starts_with("mingmang"))
    else {
        return Vec::new();
    };
    let depth = cammp_depth(grid, depth);
    let cammp_base = cammp_baseline_nodes();
    let found = cammp_matches(grid);
    let pairs = found
        .into_iter()
        .flat_map(|m| m.ours.into_iter().map(move |r| (m.published, r)));
    pairs
        .filter(|(published, _)| published.role != Role::Baseline)
        .filter_map(|(published, ours)| {
            Some(RatioPair {
                ours,
                published_ratio: published.nodes as f64 / cammp_base,
                our_ratio: super::stats::ratio(ours, base, depth)?,
            })
        })
        .collect()
}

fn cammp_section(manifest: &Manifest, grid: &Grid, depth: u32) -> String {
    let depth = cammp_depth(grid, depth);
    let found = cammp_matches(grid);
    let base = grid
        .baseline_row()
        .map_or(manifest.baseline.to_string(), |b| b.planned.label.clone());
    let mut out = format!(
        "## Published results: CAMMP\n\nSource: {CAMMP_SOURCE}. Ours: mean nodes expanded \
         at depth {depth} over the run's positions; our ratios are to {base} (`{}`), the base \
         our add-one rows add each technique to (CAMMP's ratios are to its own alpha-beta \
         row, whose configuration the paper does not spell out).\n\n",
        manifest.baseline
    );
    if let Some(full) = grid
        .role(Role::Full)
        .filter(|r| r.planned.config != Config::parse("cammp").expect("a preset"))
    {
        let config = &full.planned.config;
        out += &format!("Our full set is `{config}`, not CAMMP's ten techniques.\n\n");
    }
    out += &node_table(&found, grid, depth);
    out += "\n";
    out += &ranking_paragraph(&found, depth);
    out += &time_table(grid);
    out += &causes(manifest, depth);
    out
}

fn node_table(found: &[Match], grid: &Grid, depth: u32) -> String {
    let cammp_base = cammp_baseline_nodes();
    let base = grid.baseline_row();
    let mut rows = Vec::new();
    for m in found {
        let published = vec![
            m.published.label.to_string(),
            thousands(m.published.nodes as f64),
            sig3(m.published.nodes as f64 / cammp_base),
        ];
        if m.ours.is_empty() {
            rows.push(
                [
                    published.clone(),
                    vec!["not in this run".into(), "".into(), "".into()],
                ]
                .concat(),
            );
        }
        for ours in &m.ours {
            let ratio = base.and_then(|b| super::stats::ratio(ours, b, depth));
            let cells = vec![
                ours.planned.label.clone(),
                super::tables::nodes_text(ours.nodes(depth)),
                ratio.map_or("—".into(), sig3),
            ];
            rows.push([published.clone(), cells].concat());
        }
    }
    let header = [
        "CAMMP configuration",
        "CAMMP nodes",
        "CAMMP ratio",
        "ours",
        "our nodes",
        "our ratio",
    ];
    markdown_table(&header, &[false, true, true, false, true, true], &rows)
}

/// A configuration in both tables: the published row, our label and our estimate.
struct Ranked<'a> {
    published: &'static PublishedRow,
    label: &'a str,
    ours: Estimate,
}

fn ranking_paragraph(found: &[Match], depth: u32) -> String {
    let ranked: Vec<Ranked> = found
        .iter()
        .flat_map(|m| m.ours.iter().map(move |row| (m.published, row)))
        .filter_map(|(published, row)| match row.nodes(depth) {
            Stat::Mean(ours) => Some(Ranked {
                published,
                label: &row.planned.label,
                ours,
            }),
            _ => None,
        })
        .collect();
    let items: Vec<(f64, f64)> = ranked
        .iter()
        .map(|r| (r.published.nodes as f64, r.ours.mean))
        .collect();
    let swaps = ranking_swaps(&items);
    // Pairs the published table ranks at all (two of our rows may share a published row).
    let total: usize = (0..items.len())
        .map(|i| items[i + 1..].iter().filter(|b| b.0 != items[i].0).count())
        .sum();
    let mut out = format!(
        "Ranking by nodes: {} configurations measured here have a published counterpart; ",
        items.len()
    );
    if swaps.is_empty() {
        return out + &format!("all {total} pairs are ranked as CAMMP ranks them.\n\n");
    }
    out += &format!("{} of their {total} pairs swap places.", swaps.len());
    out += &most_swapped(&ranked, &swaps);
    out += "\n\n";
    for &(a, b) in &swaps {
        out += &swap_line(&ranked[a], &ranked[b]);
    }
    out + "\n"
}

/// A sentence naming the configurations in more than one swap, most first.
fn most_swapped(ranked: &[Ranked], swaps: &[(usize, usize)]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for &(a, b) in swaps {
        *counts.entry(ranked[a].label).or_default() += 1;
        *counts.entry(ranked[b].label).or_default() += 1;
    }
    let mut several: Vec<(&str, usize)> = counts.into_iter().filter(|&(_, n)| n > 1).collect();
    several.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    if several.is_empty() {
        return String::new();
    }
    let names: Vec<String> = several
        .iter()
        .map(|(label, n)| format!("{label} ({n})"))
        .collect();
    format!(" In more than one swap: {}.", names.join(", "))
}

/// One swapped pair: `above` has more nodes in CAMMP's table, fewer in ours.
fn swap_line(above: &Ranked, below: &Ranked) -> String {
    let (ea, eb) = (above.ours, below.ours);
    let overlap = match (ea.half_width, eb.half_width) {
        (Some(ha), Some(hb)) if (ea.mean - eb.mean).abs() <= ha + hb => {
            " (our 95% intervals overlap)"
        }
        _ => "",
    };
    format!(
        "- CAMMP: {} ({}) above {} ({}); here: {} ({}) below {} ({}){overlap}\n",
        above.published.label,
        thousands(above.published.nodes as f64),
        below.published.label,
        thousands(below.published.nodes as f64),
        above.label,
        thousands(ea.mean),
        below.label,
        thousands(eb.mean),
    )
}

fn time_table(grid: &Grid) -> String {
    let Some(full) = grid.role(Role::Full) else {
        return String::new();
    };
    let rows: Vec<Vec<String>> = CAMMP_MS
        .iter()
        .filter(|(d, _)| grid.depths.contains(d))
        .map(|&(d, ms)| {
            vec![
                d.to_string(),
                thousands(ms),
                super::tables::ms_text(full.ms(d)),
            ]
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let header = [
        "depth",
        "CAMMP all, ms (1.7 GHz)",
        &format!("{}, ms", full.planned.label),
    ];
    format!(
        "Time per search with every technique:\n\n{}\n",
        markdown_table(&header, &[true, true, true], &rows)
    )
}

fn causes(manifest: &Manifest, depth: u32) -> String {
    let params = &manifest.params;
    format!(
        "Why numbers and ranking may differ: the evaluation (ours `{}`; CAMMP's weights were \
         tuned by temporal-difference self-play), the order moves are generated in (it decides \
         which cutoffs alpha-beta finds before any ordering heuristic acts; CAMMP generated \
         moves with magic bitboards), the transposition table (ours 2^{} entries, replacement \
         `{}`; CAMMP's size is not published), the positions (ours: set `{}`, {} positions; \
         CAMMP: the first 10 moves of many games) and the depth (ours {depth}, CAMMP \
         {CAMMP_DEPTH}).\n",
        manifest.eval,
        params.tt_bits,
        params.tt_scheme.name(),
        manifest.fixture.set,
        manifest.fixture.positions,
    )
}
