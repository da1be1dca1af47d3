//! The report of a run folder: reads `manifest.json`, `records.jsonl` and, when present,
//! `minimal.jsonl`, and writes `summary.md` (provenance, the CAMMP-format table, nodes, time
//! and branching factor per depth, nodes over the minimal tree (`minimal`), the value drift
//! against an exact baseline (`drift`), published results beside ours), `summary.csv`,
//! `per-depth.csv` and `charts/*.svg` + `*.png`. `compare` is the regression gate between
//! two runs.
//!
//! The report reads only what the harness wrote, so every table and chart can be rendered
//! again from committed records; it searches nothing. Output never depends on the order of
//! the records: they are sorted on reading and only ordered maps are iterated.

pub(crate) mod charts;
pub mod claims;
#[cfg(test)]
mod cluster_tests;
pub mod compare;
mod csv;
mod drift;
#[cfg(test)]
mod evals_tests;
pub(crate) mod html;
#[cfg(test)]
mod limit_tests;
mod minimal;
pub(crate) mod shapley;
mod side_by_side;
pub use side_by_side::{side_by_side, Column};
pub(crate) mod stats;
mod studies;
mod tables;
#[cfg(test)]
mod tests;
mod values;

use crate::cputime::Clock;
use crate::runfolder::Manifest;
use anyhow::{bail, Context, Result};
use stats::Grid;
use std::fs;
use std::path::Path;

/// Writes the report of the run folder `dir` at the default depth (see
/// [`write_report_at`]) and returns the CAMMP-format table as Markdown.
pub fn write_report(dir: &Path) -> Result<String> {
    write_report_at(dir, dir, None, false)
}

/// Writes the report of the run folder `dir` into `out` (usually `dir` itself) with its
/// single-depth tables at `depth`, or by
/// default at the largest depth where every configuration has an uncapped record of every
/// position, and returns the CAMMP-format table as Markdown. A run without records is an
/// error, and so is a run that lacks searches of its plan unless `allow_incomplete`; then
/// the summary's header says what is missing.
pub fn write_report_at(
    dir: &Path,
    out: &Path,
    depth: Option<u32>,
    allow_incomplete: bool,
) -> Result<String> {
    write_report_by(dir, out, (depth, allow_incomplete), Clock::Cpu)
}

/// [`write_report_at`] with its times read by `clock` (CPU time falls back to wall time in a
/// run recorded before CPU time was measured; the captions say which it is).
pub fn write_report_by(
    dir: &Path,
    out: &Path,
    (depth, allow_incomplete): (Option<u32>, bool),
    clock: Clock,
) -> Result<String> {
    let mut run = crate::runfolder::read_run(dir)?;
    let clock = crate::runfolder::time_runs_by([&mut run], clock);
    let grid = Grid::new(&run);
    let (planned, recorded) = (run.manifest.searches(), grid.n_records());
    if recorded == 0 {
        bail!("{}: the run has no records yet", dir.display());
    }
    if recorded < planned && !allow_incomplete {
        bail!(
            "{}: the run is incomplete ({recorded} of {planned} searches recorded); resume \
             it with the command that made it, or report what it has with --allow-incomplete",
            dir.display()
        );
    }
    let depth = match depth {
        Some(d) if !grid.depths.contains(&d) => {
            bail!("depth {d} is not among the run's depths {:?}", grid.depths)
        }
        Some(d) => d,
        None => grid.default_depth(),
    };
    let table = tables::cammp_table(&grid, depth);
    fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let charts = charts::write_charts(&out.join("charts"), &run.manifest, &grid, (depth, clock))?;
    let parts = Parts {
        table: &table,
        analysis: &analysis(dir, out)?,
        charts: &charts,
    };
    let summary = summary(&run.manifest, &grid, (depth, clock), &parts);
    write(&out.join("summary.md"), &summary)?;
    let title = format!("{}: {}", run.manifest.label, run.manifest.game);
    let page = html::page(out, &summary, &title, HTML_LINKS)?;
    write(&out.join("summary.html"), &page)?;
    let reference = drift::reference(&grid, &run.manifest).ok();
    write(
        &out.join("summary.csv"),
        &csv::summary(&grid, depth, reference),
    )?;
    write(
        &out.join("per-depth.csv"),
        &csv::per_depth(&grid, depth, reference),
    )?;
    Ok(table)
}

/// The run folder's `analysis.md` (why our ranking differs from the study's, what to make of
/// a result), rendered first from its `claims.json` where it has one, appended to the
/// summary so that re-rendering keeps it.
fn analysis(dir: &Path, out: &Path) -> Result<String> {
    let path = dir.join("analysis.md");
    let text = match claims::render_folder(dir, out)? {
        Some(text) => text,
        None if !path.exists() => return Ok(String::new()),
        None => fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?,
    };
    let text = text.strip_prefix(claims::GENERATED).unwrap_or(&text);
    Ok(format!("## Analysis\n\n{}\n", text.trim()))
}

/// The files `summary.html` links to, when the folder has them.
const HTML_LINKS: &[&str] = &[
    "summary.md",
    "summary.csv",
    "per-depth.csv",
    "records.jsonl",
    "minimal.jsonl",
    "manifest.json",
];

fn write(path: &Path, text: &str) -> Result<()> {
    fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// What the summary shows besides the run: the CAMMP-format table, the hand-written
/// analysis and the list of charts written.
struct Parts<'a> {
    table: &'a str,
    analysis: &'a str,
    charts: &'a [charts::Listed],
}

/// The chart that answers the run's question, shown right under the main table.
const HEADLINE_CHART: &str = "node-savings";

/// The whole of `summary.md`.
fn summary(
    manifest: &Manifest,
    grid: &Grid,
    (depth, clock): (u32, Clock),
    parts: &Parts,
) -> String {
    let table = parts.table;
    let headline = parts
        .charts
        .iter()
        .find(|c| c.name.as_deref() == Some(HEADLINE_CHART))
        .map_or(String::new(), |c| {
            format!("{}\n", chart_markdown(c, HEADLINE_CHART))
        });
    let sections = [
        format!(
            "# {}: {}\n\n{} of set `{}`, tables at depth {depth}; how the run was made is under \
             Provenance at the end.\n",
            manifest.label,
            manifest.game,
            tables::positions_from_games(grid.positions.len(), grid.games()),
            manifest.fixture.set,
        ),
        format!("## Nodes expanded at depth {depth}\n\n{table}\n{headline}"),
        // Both empty when they do not apply: one element, so that old runs render as before.
        shapley::section(grid, depth) + &tables::evals_section(grid, depth),
        format!(
            "## Nodes expanded per depth (mean)\n\n{}",
            tables::nodes_per_depth(grid, depth)
        ),
        format!(
            "## Time per depth ({}, {})\n\n{}",
            match manifest.repeat {
                1 => "mean ms".to_string(),
                k => format!("mean over positions of each search's median of {k} runs, ms"),
            },
            clock.caption(),
            tables::ms_per_depth(grid, depth)
        ),
        ebf_section(grid, depth),
        minimal::section(grid, depth),
        drift::section(grid, manifest, depth),
        values::section(grid, manifest),
        studies::section(manifest, grid, depth),
        parts.analysis.to_string(),
        files_note(parts.charts),
        format!("## Provenance\n\n{}", provenance(manifest, grid, depth)),
    ];
    sections.join("\n")
}

/// The branching-factor table, or why a run of one depth has none.
fn ebf_section(grid: &Grid, depth: u32) -> String {
    match grid.depths.len() {
        0 | 1 => "## Effective branching factor\n\nNone: the run searched one depth, and the \
                  factor compares two.\n"
            .to_string(),
        _ => format!(
            "## Effective branching factor\n\n{}.\n\n{}",
            tables::EBF_NOTE,
            tables::ebf_per_depth(grid, depth)
        ),
    }
}

/// A chart's heading, image and links.
fn chart_markdown(chart: &charts::Listed, name: &str) -> String {
    format!(
        "### {}\n\n![{}](charts/{name}.svg)\n\n`charts/{name}`: [SVG](charts/{name}.svg), \
         [PNG](charts/{name}.png)\n",
        capitalized(&chart.what),
        chart.what
    )
}

/// The "Charts" section (each chart shown, with what it shows and links to its files; the
/// charts left out and why) and the "Files" section.
fn files_note(charts: &[charts::Listed]) -> String {
    let shown: String = charts
        .iter()
        .map(|c| match &c.name {
            Some(name) if name == HEADLINE_CHART => {
                format!("- {}: shown under the main table\n\n", capitalized(&c.what))
            }
            Some(name) => format!("{}\n", chart_markdown(c, name)),
            None => format!("- {}\n", capitalized(&c.what)),
        })
        .collect();
    format!(
        "## Charts\n\n{shown}\n## Files\n\n`summary.csv` (the table at one depth), \
         `per-depth.csv` (every configuration at every depth), `summary.html` (this summary as \
         one page, charts inlined), `records.jsonl` (every search), `minimal.jsonl` (the \
         minimal trees, when computed), `manifest.json` (the run's spec and provenance).\n"
    )
}

/// `text` with its first letter in capitals.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The provenance list: where the numbers came from and how to get them again.
fn provenance(m: &Manifest, grid: &Grid, depth: u32) -> String {
    let fixture = &m.fixture;
    let depths: Vec<String> = grid.depths.iter().map(u32::to_string).collect();
    let dirty = match m.git_dirty {
        Some(true) => " (uncommitted changes)",
        Some(false) => "",
        None => " (not known whether the tree had changes)",
    };
    let max_nodes = m.max_nodes.map_or("none".into(), |n| {
        format!("{} per search", tables::thousands(n as f64))
    });
    let lines = [
        format!("game `{}`, evaluation `{}`", m.game, m.eval),
        format!(
            "fixture `{}` (set `{}`, FNV-1a 64 `{}`), {} positions ({} recorded)",
            fixture.path,
            fixture.set,
            fixture.hash,
            fixture.positions,
            grid.positions.len()
        ),
        completeness(m, grid),
        format!(
            "plan `{}`, {} configurations, baseline `{}`",
            m.plan,
            m.configs.len(),
            m.baseline
        ),
        format!(
            "depths {}; single-depth tables at depth {depth}",
            depths.join(", ")
        ),
        format!("params {}", params_text(m)),
        format!(
            "max nodes {max_nodes}{}; seed {}{}",
            m.node_budget.map_or(String::new(), |n| format!(
                "; node budget {} per search (a search that spends it plays its last completed \
                 iteration's move)",
                tables::thousands(n as f64)
            )),
            m.seed,
            m.shard
                .as_ref()
                .map_or(String::new(), |s| format!("; shard {s}"))
        ),
        format!(
            "`{}`, git `{}`{dirty}, `{}`",
            m.tool, m.git_revision, m.rustc
        ),
        format!("CPU {}; started {}{}", m.cpu, m.started, load_text(m)),
        format!("command line `{}`", m.command_line.join(" ")),
        "re-render with `cutoff report <this folder> [--depth D]`".to_string(),
    ];
    lines.iter().map(|l| format!("- {l}\n")).collect()
}

/// `; load average ... at the start, ... at the end` (1, 5 and 15 minutes), where recorded.
fn load_text(m: &Manifest) -> String {
    let text = |load: &Option<[f64; 3]>, when: &str| {
        load.map(|[one, five, fifteen]| format!("{one:.2} {five:.2} {fifteen:.2} at the {when}"))
    };
    let parts: Vec<String> = [text(&m.load_start, "start"), text(&m.load_end, "end")]
        .into_iter()
        .flatten()
        .collect();
    match parts.is_empty() {
        true => String::new(),
        false => format!("; load average (1, 5, 15 min) {}", parts.join(", ")),
    }
}

/// `complete: N searches` or `INCOMPLETE: k of N searches recorded; tables compare ...`.
fn completeness(m: &Manifest, grid: &Grid) -> String {
    let (planned, recorded) = (m.searches(), grid.n_records());
    match recorded < planned {
        false => format!("complete: {planned} searches"),
        true => format!(
            "**INCOMPLETE**: {recorded} of {planned} searches recorded; each ratio compares only \
             the positions both configurations completed, and `n` says how many"
        ),
    }
}

/// `name=value` for every search parameter, by name.
fn params_text(m: &Manifest) -> String {
    let pairs: Vec<String> = m
        .param_values()
        .into_iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    pairs.join(", ")
}
