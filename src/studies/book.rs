//! The study book: for each study, the paper's numbers beside ours with a verdict per row,
//! its key chart and its runs, as `README.md`, `index.html` and `book.json` in a results
//! folder. Our values are computed here from the runs' files (`results/check.py` recomputes
//! them by a second route); the published ones come from the spec.

use super::spec::{Agent, Ours, RowSpec, Side, Spec, Study};
use super::steps::builds;
use crate::matches::record::read_games;
use crate::report::html::page;
use crate::report::stats::{clustered, paired_ratio_across, Grid};
use crate::runfolder::read_run;
use anyhow::{Context, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The verdict rules, written once: the book prints them and [`verdict`] applies them.
pub const RULES: [(Verdict, &str); 5] = [
    (Verdict::Reproduced, "the published value lies inside our 95% interval, or, where the paper says how many games a share comes from, its 95% Wilson interval overlaps ours (an exact value: is equal to ours)"),
    (Verdict::SameDirection, "outside the interval, but ours and the published value lie on the same side of the neutral value (1 for a ratio: no saving; 0.5 for a share of wins: even)"),
    (Verdict::Contradicted, "ours lies on the other side of the neutral value (an exact value: differs)"),
    (Verdict::NotComparable, "the published number measures something else, or there is none; the row says why"),
    (Verdict::NoData, "the run lacks the searches or games the row needs (the quick slice has only shallow depths)"),
];

/// A row's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Reproduced,
    SameDirection,
    Contradicted,
    NotComparable,
    NoData,
}

impl Verdict {
    /// The words the book uses.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced within the interval",
            Verdict::SameDirection => "same direction",
            Verdict::Contradicted => "contradicted",
            Verdict::NotComparable => "not comparable",
            Verdict::NoData => "no data",
        }
    }
}

/// Our value of a row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measured {
    /// The estimate.
    pub value: f64,
    /// Its 95% interval, when it has one.
    pub interval: Option<(f64, f64)>,
    /// The value that means "no effect" (`None`: an exact value).
    pub neutral: Option<f64>,
    /// How many samples, and from how many independent units (games or pairs).
    pub n: usize,
    pub units: usize,
}

/// One judged row.
#[derive(Debug, Serialize)]
pub struct JudgedRow {
    pub label: String,
    pub paper: Option<f64>,
    /// The published share's Wilson interval, when the paper says over how many games.
    pub paper_interval: Option<(f64, f64)>,
    pub ours: Option<Measured>,
    pub verdict: Verdict,
    pub apart: Option<String>,
    /// Where ours and the paper's part, and what is known about why.
    pub why: Option<String>,
}

/// One study's judged rows.
#[derive(Debug, Serialize)]
pub struct JudgedStudy {
    pub id: String,
    pub rows: Vec<JudgedRow>,
}

/// The verdict of a published value (with its interval when the paper's sample size is
/// known) beside ours.
pub fn verdict(
    paper: Option<f64>,
    paper_interval: Option<(f64, f64)>,
    ours: Option<&Measured>,
    apart: bool,
) -> Verdict {
    let (Some(paper), Some(ours)) = (paper, ours) else {
        return if ours.is_none() && !apart {
            Verdict::NoData
        } else {
            Verdict::NotComparable
        };
    };
    if apart {
        return Verdict::NotComparable;
    }
    let Some(neutral) = ours.neutral else {
        return if paper == ours.value {
            Verdict::Reproduced
        } else {
            Verdict::Contradicted
        };
    };
    match ours.interval {
        Some((low, high)) if low <= paper && paper <= high => Verdict::Reproduced,
        Some((low, high)) if paper_interval.is_some_and(|(a, b)| a <= high && low <= b) => {
            Verdict::Reproduced
        }
        _ if (paper - neutral).signum() == (ours.value - neutral).signum() => {
            Verdict::SameDirection
        }
        _ => Verdict::Contradicted,
    }
}

/// Our value of `ours`, from the runs of `study` in `root` (`None`: not in the run).
pub fn measure(root: &Path, study: &Study, ours: &Ours) -> Result<Option<Measured>> {
    let run = study
        .run
        .iter()
        .find(|r| r.name == ours.run())
        .expect("checked on load");
    let dir = root.join(&run.folder);
    if !dir.exists() {
        return Ok(None);
    }
    match ours {
        Ours::Paired {
            sub,
            config,
            base,
            depth,
            base_depth,
            ..
        } => {
            let dir = dir.join(sub.as_deref().unwrap_or(""));
            paired(&dir, (config, *depth), (base, base_depth.unwrap_or(*depth)))
        }
        Ours::Wins {
            sub, agent, side, ..
        } => wins(&dir.join(sub), *agent, *side),
        Ours::Value {
            file,
            key,
            value,
            field,
            ..
        } => exact(&dir.join(file), key, value, field),
    }
}

/// The paired ratio of `config` at its depth to `base` at its own.
fn paired(
    dir: &Path,
    (config, depth): (&str, u32),
    (base, base_depth): (&str, u32),
) -> Result<Option<Measured>> {
    let grid = Grid::new(&read_run(dir)?);
    let row = |name: &str| {
        grid.rows
            .iter()
            .find(|r| r.planned.config.to_string() == name)
    };
    let (Some(row), Some(to)) = (row(config), row(base)) else {
        return Ok(None);
    };
    Ok(
        paired_ratio_across(row, depth, to, base_depth).map(|p| Measured {
            value: p.ratio,
            interval: p.interval,
            neutral: Some(1.0),
            n: p.n,
            units: p.games,
        }),
    )
}

fn wins(dir: &Path, agent: Agent, side: Side) -> Result<Option<Measured>> {
    let games = read_games(dir)?;
    let points: Vec<(u32, f64)> = games
        .iter()
        .filter_map(|g| {
            let a_first = g.first() == 0;
            let first = a_first == (agent == Agent::A);
            let counted = match side {
                Side::All => true,
                Side::First => first,
                Side::Second => !first,
            };
            let a = g.score_a()?;
            let won = if agent == Agent::A {
                a == 1.0
            } else {
                a == 0.0
            };
            counted.then_some((g.pair, f64::from(u8::from(won))))
        })
        .collect();
    if points.is_empty() {
        return Ok(None);
    }
    let e = clustered(&points);
    let interval = match e.half_width {
        // Every pair alike (all won, say): no spread to measure, so the Wilson interval of
        // the share over the pairs, as if each pair were one game.
        Some(h) if h <= 0.0 => Some(wilson(e.mean, e.games)),
        // A share lies in [0, 1]: the symmetric interval is cut there.
        h => h.map(|h| ((e.mean - h).max(0.0), (e.mean + h).min(1.0))),
    };
    Ok(Some(Measured {
        value: e.mean,
        interval,
        neutral: Some(0.5),
        n: e.n,
        units: e.games,
    }))
}

/// The 95% Wilson score interval of a share `p` of `n` trials (1.96: the normal's 97.5%
/// quantile).
pub fn wilson(p: f64, n: usize) -> (f64, f64) {
    let (n, z) = (n as f64, 1.96_f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

fn exact(path: &Path, key: &str, value: &str, field: &str) -> Result<Option<Measured>> {
    if !path.exists() {
        return Ok(None);
    }
    let text = super::verify::read(path)?;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line)
            .with_context(|| format!("{}: a line is not JSON", path.display()))?;
        if row.get(key).and_then(|v| v.as_str()) == Some(value) {
            return Ok(row.get(field).and_then(|v| v.as_f64()).map(|v| Measured {
                value: v,
                interval: None,
                neutral: None,
                n: 1,
                units: 1,
            }));
        }
    }
    Ok(None)
}

/// Every study's rows, judged from the runs in `root`.
pub fn judge(spec: &Spec, root: &Path) -> Result<Vec<JudgedStudy>> {
    spec.study
        .iter()
        .map(|study| {
            let rows = study
                .row
                .iter()
                .map(|row| judge_row(root, study, row))
                .collect::<Result<_>>()
                .with_context(|| format!("study `{}`", study.id))?;
            Ok(JudgedStudy {
                id: study.id.clone(),
                rows,
            })
        })
        .collect()
}

fn judge_row(root: &Path, study: &Study, row: &RowSpec) -> Result<JudgedRow> {
    let ours = measure(root, study, &row.ours).with_context(|| format!("row `{}`", row.label))?;
    let paper = row.paper.map(|p| p.value());
    let paper_interval = paper
        .zip(row.paper_games)
        .map(|(p, n)| wilson(p, n as usize));
    Ok(JudgedRow {
        label: row.label.clone(),
        paper,
        paper_interval,
        verdict: verdict(paper, paper_interval, ours.as_ref(), row.apart.is_some()),
        ours,
        apart: row.apart.clone(),
        why: row.why.clone(),
    })
}

/// The first line of the generated book.
pub const GENERATED: &str = "<!-- Generated by `cutoff studies` from studies.toml and the runs' \
    files; do not edit. `python3 results/check.py` recomputes every row of book.json. -->";

/// The book as Markdown.
pub fn markdown(spec: &Spec, judged: &[JudgedStudy], root: &Path) -> Result<String> {
    let mut out = format!("{GENERATED}\n\n# The study book\n\n");
    out.push_str(
        "Five course studies of game-tree search, each regenerated by `cutoff studies` from \
         `studies.toml`: what the paper measured, its numbers beside ours, and a verdict per \
         row. Our intervals are 95%, clustered by self-play game (node ratios) or by opening \
         pair (shares of wins), so that positions of one game and the two games of one \
         opening are not counted as independent.\n\n",
    );
    out.push_str(&overview(spec, judged));
    out.push_str("\nThe verdicts, one rule each:\n\n");
    for (v, rule) in RULES {
        let _ = writeln!(out, "- **{}**: {rule}.", v.words());
    }
    for (study, rows) in spec.study.iter().zip(judged) {
        out.push_str(&section(study, rows, root)?);
    }
    Ok(out)
}

/// The count of each verdict per study.
fn overview(spec: &Spec, judged: &[JudgedStudy]) -> String {
    let kinds = [
        Verdict::Reproduced,
        Verdict::SameDirection,
        Verdict::Contradicted,
        Verdict::NotComparable,
        Verdict::NoData,
    ];
    let mut out = String::from("| study | rows |");
    for k in kinds {
        let _ = write!(out, " {} |", k.words());
    }
    out.push_str("\n| --- | ---: |");
    out.push_str(&" ---: |".repeat(kinds.len()));
    out.push('\n');
    for (study, j) in spec.study.iter().zip(judged) {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for row in &j.rows {
            *counts.entry(row.verdict.words()).or_default() += 1;
        }
        let _ = write!(out, "| {} | {} |", study.title, j.rows.len());
        for k in kinds {
            let _ = write!(out, " {} |", counts.get(k.words()).copied().unwrap_or(0));
        }
        out.push('\n');
    }
    out
}

fn section(study: &Study, judged: &JudgedStudy, root: &Path) -> Result<String> {
    let mut out = format!(
        "\n## {}\n\n**The paper**: {}.\n\n**Measured**: {}\n\n",
        study.title, study.paper, study.measured
    );
    if let Some(chart) = study.chart.as_deref().filter(|c| root.join(c).exists()) {
        let _ = writeln!(out, "![{}: key chart]({chart})\n", study.id);
    }
    out.push_str("| row | paper [95%] | ours [95% interval] | n (games or pairs) | verdict |\n| --- | ---: | ---: | ---: | --- |\n");
    for row in &judged.rows {
        let paper = match (row.paper, row.paper_interval) {
            (Some(p), Some((low, high))) => format!("{} [{}, {}]", sig(p), sig(low), sig(high)),
            (Some(p), None) => sig(p),
            (None, _) => "-".to_string(),
        };
        let (ours, n) = match &row.ours {
            Some(m) => (shown(m), format!("{} ({})", m.n, m.units)),
            None => ("-".to_string(), "-".to_string()),
        };
        let verdict = match &row.apart {
            Some(why) => format!("{}: {why}", row.verdict.words()),
            None => row.verdict.words().to_string(),
        };
        let _ = writeln!(
            out,
            "| {} | {paper} | {ours} | {n} | {verdict} |",
            row.label
        );
    }
    out.push_str(&parting(&judged.rows));
    out.push_str("\nRuns:\n\n");
    for run in &study.run {
        let dir = root.join(&run.folder);
        let state = match builds(&dir)? {
            _ if !dir.exists() => "missing".to_string(),
            b if b.is_empty() => "made by an unrecorded build".to_string(),
            b => format!("made by build {}", b.join(", ")),
        };
        let _ = writeln!(
            out,
            "- [`{}`]({}/) ({} {}; {state})",
            run.folder,
            run.folder,
            run.step.len(),
            plural(run.step.len(), "step")
        );
    }
    Ok(out)
}

/// The rows with a `why` (what is known about where ours and the paper's part), and every
/// contradicted row, which says so when nothing is measured about it yet.
fn parting(rows: &[JudgedRow]) -> String {
    let mut out = String::new();
    for row in rows {
        let why = match (&row.why, row.verdict) {
            (Some(why), _) => why.as_str(),
            (None, Verdict::Contradicted) => "no measured reason yet",
            (None, _) => continue,
        };
        let _ = writeln!(out, "- *{}* ({}): {why}.", row.label, row.verdict.words());
    }
    if out.is_empty() {
        return out;
    }
    format!("\nWhere ours and the paper's part:\n\n{out}")
}

/// `word` or its plural for `n` of them.
fn plural(n: usize, word: &str) -> String {
    match n {
        1 => word.to_string(),
        _ => format!("{word}s"),
    }
}

/// Three significant digits.
fn sig(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e6 {
        return format!("{v}");
    }
    let digits = (2 - v.abs().log10().floor() as i32).max(0) as usize;
    format!("{v:.digits$}")
}

fn shown(m: &Measured) -> String {
    match m.interval {
        Some((low, high)) => format!("{} [{}, {}]", sig(m.value), sig(low), sig(high)),
        None => sig(m.value),
    }
}

/// The book's files: each name with its contents.
pub type BookFiles = Vec<(&'static str, String)>;

/// The book of the runs in `root`: its files (`README.md`, `index.html`, `book.json`) with
/// their contents, and the judged rows.
pub fn render(spec: &Spec, root: &Path) -> Result<(BookFiles, Vec<JudgedStudy>)> {
    let judged = judge(spec, root)?;
    let md = markdown(spec, &judged, root)?;
    let html = page(
        root,
        &md,
        "cutoff: the study book",
        &["studies.toml", "book.json"],
    )?;
    let json = serde_json::to_string_pretty(&serde_json::json!({ "studies": &judged }))? + "\n";
    Ok((
        vec![("README.md", md), ("index.html", html), ("book.json", json)],
        judged,
    ))
}

/// Writes the book into `root`; returns the judged rows.
pub fn write(spec: &Spec, root: &Path) -> Result<Vec<JudgedStudy>> {
    let (files, judged) = render(spec, root)?;
    for (name, text) in files {
        crate::runfolder::write_atomically(&root.join(name), text.as_bytes())?;
    }
    Ok(judged)
}
