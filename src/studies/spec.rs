//! The study book's spec (`results/studies.toml`): the studies, the runs that regenerate their
//! tables, and the rows that set a published number beside ours. Loading checks what the
//! types cannot: unique names, rows that name runs of their study, quick slices that parse.

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;

/// The spec's file name, in the results folder.
pub const SPEC: &str = "studies.toml";

/// The whole spec.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// The studies, in the book's order.
    pub study: Vec<Study>,
}

/// One seed study.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Study {
    /// The short name `--only` takes.
    pub id: String,
    /// The section's title.
    pub title: String,
    /// The paper, as cited.
    pub paper: String,
    /// What the paper measured, and what we measure beside it.
    pub measured: String,
    /// The key chart, relative to the results folder.
    pub chart: Option<String>,
    /// The runs.
    pub run: Vec<RunSpec>,
    /// The rows of the verdict table.
    #[serde(default)]
    pub row: Vec<RowSpec>,
}

/// One run: a folder under the results folder and the steps that write it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSpec {
    /// The run's name within its study.
    pub name: String,
    /// Its folder, relative to the results folder.
    pub folder: String,
    /// The `cutoff` commands that write it, in order.
    pub step: Vec<Step>,
    /// What the run needs that this repository cannot ship (external engines, say):
    /// `cutoff studies` does not run it, the book prints its commands, and its rows say "no
    /// data" until its folder is committed.
    pub needs: Option<String>,
}

/// One `cutoff` command of a run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The command line without `--out`; `{run}` stands for the run's folder.
    pub args: String,
    /// The subfolder the step writes (its `--out`).
    pub out: Option<String>,
    /// The file under the run's folder that collects the step's standard output instead.
    pub stdout: Option<String>,
    /// The quick slice: `--flag value` pairs replacing the step's own, or `skip`.
    pub quick: Option<String>,
    /// Why the step's output depends on the clock (`--check` leaves it out).
    pub timed: Option<String>,
}

/// One row of a study's verdict table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowSpec {
    /// What the row compares.
    pub label: String,
    /// The published value.
    pub paper: Option<Paper>,
    /// How many games a published share comes from, when the paper says.
    pub paper_games: Option<u32>,
    /// Where ours comes from: the run meant to reproduce the figure, judged.
    pub ours: Ours,
    /// Our other variants of the same figure, shown beside it, not judged.
    #[serde(default)]
    pub also: Vec<Also>,
    /// Only the direction is compared: the published figure and ours measure the same
    /// effect on different scales (why, in words).
    pub direction: Option<String>,
    /// Why the published figure cannot yet be put beside ours (the row is "not comparable").
    pub apart: Option<String>,
    /// What the row measures beyond the paper (no published figure: "beyond the paper").
    pub beyond: Option<String>,
    /// Where ours and the paper's part: what a measurement (a sibling row, a run's
    /// analysis) says about it, or a labelled conjecture.
    pub why: Option<String>,
}

/// One of our other variants of a row's figure: a column beside the judged one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Also {
    /// The variant, in a few words.
    pub label: String,
    /// Where its value comes from.
    pub ours: Ours,
}

/// A published value: one figure, or the ratio of two.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(untagged)]
pub enum Paper {
    /// A share or a ratio as published.
    Value(f64),
    /// The ratio `a / b` of two published figures.
    Ratio([f64; 2]),
}

impl Paper {
    /// The value the row compares.
    pub fn value(self) -> f64 {
        match self {
            Paper::Value(v) => v,
            Paper::Ratio([a, b]) => a / b,
        }
    }
}

/// What we measured, computed from a run's files.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Ours {
    /// The paired geometric-mean ratio `config / base` at `depth` (`base` at `base_depth`
    /// when given; of the ablation in the run's subfolder `sub`, when the run holds several)
    /// of nodes expanded, or of the records' field `count` (`n_evals`, `cpu_ns`).
    Paired {
        run: String,
        sub: Option<String>,
        config: String,
        base: String,
        depth: u32,
        base_depth: Option<u32>,
        count: Option<String>,
    },
    /// A technique's Shapley value over every subset of an all-subsets run at `depth`, as a
    /// factor on nodes (its effect on ln(nodes) averaged over every set of the others).
    Shapley {
        run: String,
        technique: String,
        depth: u32,
    },
    /// An agent's share of won games in a match folder (or in every match folder under
    /// it), of every game or, with `decisive`, of the games not drawn.
    Wins {
        run: String,
        sub: String,
        agent: Agent,
        side: Side,
        #[serde(default)]
        decisive: bool,
    },
    /// The mean of the records' `field` (the depth iterative deepening reached, say) over
    /// the positions `config` searched (at `depth` when given), with its 95% interval
    /// clustered by game; no neutral value.
    Mean {
        run: String,
        sub: Option<String>,
        config: String,
        depth: Option<u32>,
        field: String,
    },
    /// One field of the row of a JSON-lines file whose `key` field equals `value`.
    Value {
        run: String,
        file: String,
        key: String,
        value: String,
        field: String,
    },
}

impl Ours {
    /// The run the value comes from.
    pub fn run(&self) -> &str {
        match self {
            Ours::Paired { run, .. }
            | Ours::Shapley { run, .. }
            | Ours::Wins { run, .. }
            | Ours::Mean { run, .. }
            | Ours::Value { run, .. } => run,
        }
    }
}

/// Agent A or B of a match, or whichever of them moved first.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "kebab-case")]
pub enum Agent {
    A,
    B,
    /// The agent that moved first in each game (self-play: the first player).
    FirstMover,
}

/// Which of a match's games count.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Every game.
    All,
    /// The games the agent moved first in.
    First,
    /// The games it moved second in.
    Second,
}

/// Reads and checks the spec at `path`.
pub fn load(path: &Path) -> Result<Spec> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the study spec {}", path.display()))?;
    parse(&text).with_context(|| format!("in {}", path.display()))
}

/// Parses and checks a spec.
pub fn parse(text: &str) -> Result<Spec> {
    let spec: Spec = toml::from_str(text)?;
    let mut ids = BTreeSet::new();
    for study in &spec.study {
        if !ids.insert(study.id.as_str()) {
            bail!("two studies are named `{}`", study.id);
        }
        check_study(study).with_context(|| format!("study `{}`", study.id))?;
    }
    Ok(spec)
}

fn check_study(study: &Study) -> Result<()> {
    let mut names = BTreeSet::new();
    for run in &study.run {
        if !names.insert(run.name.as_str()) {
            bail!("two runs are named `{}`", run.name);
        }
        for step in &run.step {
            check_step(step).with_context(|| format!("run `{}`: `{}`", run.name, step.args))?;
        }
    }
    for row in &study.row {
        if !names.contains(row.ours.run()) {
            bail!(
                "row `{}` names no run of the study: `{}`",
                row.label,
                row.ours.run()
            );
        }
        check_row(row, &names).with_context(|| format!("row `{}`", row.label))?;
    }
    Ok(())
}

fn check_row(row: &RowSpec, runs: &BTreeSet<&str>) -> Result<()> {
    for also in &row.also {
        if !runs.contains(also.ours.run()) {
            bail!("its column `{}` names no run of the study", also.label);
        }
    }
    match (row.paper.is_some(), row.beyond.is_some()) {
        (false, false) if row.apart.is_none() => {
            bail!("no published value: say why (`apart`) or what it adds (`beyond`)")
        }
        (true, true) => bail!("a published value and `beyond`: a row is one or the other"),
        (false, _) if row.direction.is_some() => bail!("`direction` needs a published value"),
        _ => Ok(()),
    }
}

fn check_step(step: &Step) -> Result<()> {
    if step.out.is_some() && step.stdout.is_some() {
        bail!("a step writes a folder (`out`) or standard output (`stdout`), not both");
    }
    if step
        .args
        .split_whitespace()
        .any(|a| a == "--out" || a == "-o")
    {
        bail!("a step's `args` leave out `--out`: the run's folder (and `out`) decide it");
    }
    if let Some(quick) = &step.quick {
        if quick != "skip" {
            super::steps::overrides(quick)?;
        }
    }
    Ok(())
}
