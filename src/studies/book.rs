//! The study book: for each study, the paper's numbers beside ours with a verdict per row,
//! its key chart and its runs, as `README.md`, `index.html` and `book.json` in a results
//! folder. Our values are computed here from the runs' files (`results/check.py` recomputes
//! them by a second route); the published ones come from the spec.

use super::measure::measure;
pub use super::measure::{wilson, Measured};
use super::spec::{RowSpec, Spec, Study};
use super::steps::builds;
use crate::report::html::page;
use anyhow::{Context, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// How close to the neutral value a published figure must lie to count as "no effect" (a
/// share within 0.01 of even, a ratio within 1% of one): the papers give no interval.
pub const AT_NEUTRAL: f64 = 0.01;

/// The verdict rules, written once: the book prints them and [`verdict`] applies them.
pub const RULES: [(Verdict, &str); 9] = [
    (Verdict::Reproduced, "the paper found an effect and its value lies inside our 95% interval, or, where the paper says how many games a share comes from, its 95% Wilson interval overlaps ours (a value with no neutral one, like the plies a search reached: inside our interval, or equal to ours when exact)"),
    (Verdict::SameDirection, "outside the interval, but our whole interval lies on the paper's side of the neutral value (1 for a ratio: no saving, no growth; 0.5 for a share of wins: even); a row that compares directions only (its label says why) is judged by this rule and the next three"),
    (Verdict::NoMeasurableEffect, "the paper found an effect; our interval contains the neutral value"),
    (Verdict::Contradicted, "our whole interval lies on the other side of the neutral value from the paper's (a value with no neutral one: outside our interval, or different when exact)"),
    (Verdict::NoEffectInEither, "the paper's value is at the neutral value (within 1%, or 0.01 of an even share) and our interval contains it"),
    (Verdict::EffectWherePaperSawNone, "the paper's value is at the neutral value and our interval excludes it"),
    (Verdict::NotComparable, "a published figure we cannot yet put beside ours; the row says why"),
    (Verdict::NoData, "the run lacks the searches or games the row needs (the quick slice has only shallow depths; a run that needs what the repository cannot ship says how to make it)"),
    (Verdict::BeyondThePaper, "a row of ours that extends the paper (a figure it never gave); not counted among the published figures"),
];

/// A row's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Reproduced,
    SameDirection,
    NoMeasurableEffect,
    Contradicted,
    NoEffectInEither,
    EffectWherePaperSawNone,
    NotComparable,
    NoData,
    BeyondThePaper,
}

impl Verdict {
    /// The words the book uses.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced within the interval",
            Verdict::SameDirection => "same direction",
            Verdict::NoMeasurableEffect => "no measurable effect",
            Verdict::Contradicted => "contradicted",
            Verdict::NoEffectInEither => "no effect in either",
            Verdict::EffectWherePaperSawNone => "effect where the paper saw none",
            Verdict::NotComparable => "not comparable",
            Verdict::NoData => "no data",
            Verdict::BeyondThePaper => "beyond the paper",
        }
    }
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
    /// Our other variants of the figure, beside it (not judged).
    pub also: Vec<AlsoValue>,
    /// Only the direction is judged, and why.
    pub direction: Option<String>,
    pub apart: Option<String>,
    /// What the row adds to the paper.
    pub beyond: Option<String>,
    /// Where ours and the paper's part, and what is known about why.
    pub why: Option<String>,
}

/// One of our other variants of a row's figure.
#[derive(Debug, Serialize)]
pub struct AlsoValue {
    pub label: String,
    pub ours: Option<Measured>,
}

/// One study's judged rows.
#[derive(Debug, Serialize)]
pub struct JudgedStudy {
    pub id: String,
    pub rows: Vec<JudgedRow>,
}

/// What kind of row is judged: a published figure (compared whole or by direction only), a
/// published figure that cannot yet be compared, or a row beyond the paper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Figure,
    Direction,
    Apart,
    Beyond,
}

/// The verdict of a published value (with its interval when the paper's sample size is
/// known) beside ours.
pub fn verdict(
    paper: Option<f64>,
    paper_interval: Option<(f64, f64)>,
    ours: Option<&Measured>,
    kind: Kind,
) -> Verdict {
    match kind {
        Kind::Beyond => return Verdict::BeyondThePaper,
        Kind::Apart => return Verdict::NotComparable,
        Kind::Figure | Kind::Direction => {}
    }
    let Some(paper) = paper else {
        return Verdict::NotComparable;
    };
    let Some(ours) = ours else {
        return Verdict::NoData;
    };
    let Some(neutral) = ours.neutral else {
        let (low, high) = ours.interval.unwrap_or((ours.value, ours.value));
        return if low <= paper && paper <= high {
            Verdict::Reproduced
        } else {
            Verdict::Contradicted
        };
    };
    let (low, high) = ours.interval.unwrap_or((ours.value, ours.value));
    let contains_neutral = low <= neutral && neutral <= high;
    // A published figure is given to two or three digits: 0.51 is at the even share.
    let slack = AT_NEUTRAL + 1e-9;
    let at_neutral = match neutral {
        n if n == 0.5 => (paper - n).abs() <= slack,
        n => (paper / n).ln().abs() <= slack,
    };
    if at_neutral {
        return match contains_neutral {
            true => Verdict::NoEffectInEither,
            false => Verdict::EffectWherePaperSawNone,
        };
    }
    let inside = low <= paper && paper <= high;
    let overlaps = paper_interval.is_some_and(|(a, b)| a <= high && low <= b);
    if kind == Kind::Figure && (inside || overlaps) {
        return Verdict::Reproduced;
    }
    if contains_neutral {
        return Verdict::NoMeasurableEffect;
    }
    match (paper > neutral, low > neutral) {
        (true, true) | (false, false) => Verdict::SameDirection,
        _ => Verdict::Contradicted,
    }
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
    let context = || format!("row `{}`", row.label);
    let ours = measure(root, study, &row.ours).with_context(context)?;
    let also = row
        .also
        .iter()
        .map(|a| {
            Ok(AlsoValue {
                label: a.label.clone(),
                ours: measure(root, study, &a.ours).with_context(context)?,
            })
        })
        .collect::<Result<_>>()?;
    let paper = row.paper.map(|p| p.value());
    let paper_interval = paper
        .zip(row.paper_games)
        .map(|(p, n)| wilson(p, n as usize));
    let kind = match (&row.beyond, &row.apart, &row.direction) {
        (Some(_), _, _) => Kind::Beyond,
        (_, Some(_), _) => Kind::Apart,
        (_, _, Some(_)) => Kind::Direction,
        _ => Kind::Figure,
    };
    Ok(JudgedRow {
        label: row.label.clone(),
        paper,
        paper_interval,
        verdict: verdict(paper, paper_interval, ours.as_ref(), kind),
        ours,
        also,
        direction: row.direction.clone(),
        apart: row.apart.clone(),
        beyond: row.beyond.clone(),
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
         row. Each published figure has one row, judged by the run meant to reproduce it (the \
         study-faithful profile where there is one), with our other variants of it beside \
         it, not judged; rows that go beyond the paper are counted apart. Our intervals are 95%, clustered by self-play game (node ratios) or by opening \
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

/// The verdicts of published figures, in the overview's order.
const FIGURE_VERDICTS: [Verdict; 8] = [
    Verdict::Reproduced,
    Verdict::SameDirection,
    Verdict::NoMeasurableEffect,
    Verdict::Contradicted,
    Verdict::NoEffectInEither,
    Verdict::EffectWherePaperSawNone,
    Verdict::NotComparable,
    Verdict::NoData,
];

/// The count of each verdict per study: the published figures, then the rows beyond them.
fn overview(spec: &Spec, judged: &[JudgedStudy]) -> String {
    let mut out = String::from("| study | published figures |");
    for k in FIGURE_VERDICTS {
        let _ = write!(out, " {} |", k.words());
    }
    let _ = write!(out, " {} (rows) |", Verdict::BeyondThePaper.words());
    out.push_str("\n| --- | ---: |");
    out.push_str(&" ---: |".repeat(FIGURE_VERDICTS.len() + 1));
    out.push('\n');
    let mut total: BTreeMap<&str, usize> = BTreeMap::new();
    for (study, j) in spec.study.iter().zip(judged) {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for row in &j.rows {
            *counts.entry(row.verdict.words()).or_default() += 1;
            *total.entry(row.verdict.words()).or_default() += 1;
        }
        out.push_str(&count_line(&study.title, &counts));
    }
    out.push_str(&count_line("**all**", &total));
    out
}

/// One line of the overview.
fn count_line(title: &str, counts: &BTreeMap<&str, usize>) -> String {
    let count = |v: Verdict| counts.get(v.words()).copied().unwrap_or(0);
    let figures: usize = FIGURE_VERDICTS.iter().map(|&v| count(v)).sum();
    let mut out = format!("| {title} | {figures} |");
    for k in FIGURE_VERDICTS.into_iter().chain([Verdict::BeyondThePaper]) {
        let _ = write!(out, " {} |", count(k));
    }
    out + "\n"
}

fn section(study: &Study, judged: &JudgedStudy, root: &Path) -> Result<String> {
    let mut out = format!(
        "\n## {}\n\n**The paper**: {}.\n\n**Measured**: {}\n\n",
        study.title, study.paper, study.measured
    );
    if let Some(chart) = study.chart.as_deref().filter(|c| root.join(c).exists()) {
        let _ = writeln!(out, "![{}: key chart]({chart})\n", study.id);
    }
    out.push_str("| row | paper [95%] | ours [95% interval] | n (games or pairs) | verdict | our other variants |\n| --- | ---: | ---: | ---: | --- | --- |\n");
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
        let note = [&row.apart, &row.beyond, &row.direction]
            .into_iter()
            .flatten()
            .next();
        let verdict = match note {
            Some(why) => format!("{}: {why}", row.verdict.words()),
            None => row.verdict.words().to_string(),
        };
        let also: Vec<String> = row
            .also
            .iter()
            .map(|a| {
                let value = a.ours.as_ref().map_or("no data".to_string(), shown);
                format!("{}: {value}", a.label)
            })
            .collect();
        let _ = writeln!(
            out,
            "| {} | {paper} | {ours} | {n} | {verdict} | {} |",
            row.label,
            also.join("; ")
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
        let Some(needs) = &run.needs else {
            let _ = writeln!(
                out,
                "- [`{}`]({}/) ({} {}; {state})",
                run.folder,
                run.folder,
                run.step.len(),
                plural(run.step.len(), "step")
            );
            continue;
        };
        let _ = writeln!(
            out,
            "- `{}` ({state}): it needs {needs}, so `cutoff studies` does not run it; to make it:\n",
            run.folder
        );
        for step in &run.step {
            let out_dir = step
                .out
                .as_deref()
                .map_or(String::new(), |o| format!("/{o}"));
            let _ = writeln!(
                out,
                "  - `cutoff {} --out results/{}{out_dir}`",
                step.args
                    .replace("{run}", &format!("results/{}", run.folder)),
                run.folder
            );
        }
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
