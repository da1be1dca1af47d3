//! Ablation runs: a validated spec becomes a run folder whose `records.jsonl` holds one root
//! search per position x configuration x depth.
//!
//! [`prepare`] checks everything (fixture, plan, depths, evaluation, label, an existing
//! folder's manifest and records, the build that made it) and writes nothing;
//! [`execute`](super::execute::execute) runs what it prepared, each search with a fresh
//! [`Searcher`](crate::search::Searcher) (through [`root_search`]). This module does not
//! render tables (that is `report`) and does not parse command lines.

use super::fixtures::{load_fixture, Fixture};
use super::measure::{depth_completed, root_search, SearchSpec};
use super::plan::{tasks, Plan, Task};
use super::provenance;
use super::shard::Shard;
use crate::game::{split_game_string, Game};
use crate::runfolder::{
    self, describe, differences, FixtureRef, Manifest, PlannedConfig, Record, SearchId,
};
use crate::search::{Config, Params};
use anyhow::{anyhow, bail, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What `cutoff ablate` runs, before validation against the game and the fixture.
#[derive(Clone, Debug)]
pub struct AblationSpec {
    /// The game string as typed: a name, or `name:options` that must match the fixture's.
    pub game: String,
    /// The fixture file.
    pub fixture: PathBuf,
    /// Which configurations.
    pub plan: Plan,
    /// The configuration whose techniques the plan adds and leaves out (`cammp`).
    pub full: Config,
    /// The configuration the add-one rows add to and ratios are taken against (`alphabeta`).
    pub base: Config,
    /// The depths, ascending.
    pub depths: Vec<u32>,
    /// Search parameters.
    pub params: Params,
    /// The evaluation's name (the game's default when `None`).
    pub eval: Option<String>,
    /// The per-search node cap.
    pub max_nodes: Option<u64>,
    /// The per-search node budget.
    pub node_budget: Option<u64>,
    /// Use only the first this many positions of the set.
    pub positions: Option<usize>,
    /// Run only this part of the tasks.
    pub shard: Option<Shard>,
    /// The run's label (default from the plan).
    pub label: Option<String>,
    /// The run folder (default `results/<date>-<game>-<label>`).
    pub out: Option<PathBuf>,
    /// Worker threads.
    pub jobs: usize,
    /// Times each search runs (interleaved; the record holds every time).
    pub repeat: u32,
    /// Resume a run made by another build (recorded in its manifest).
    pub allow_mixed_builds: bool,
}

/// A validated run, ready to execute: nothing has been written yet.
pub struct Prepared<G: Game> {
    /// The run folder.
    pub dir: PathBuf,
    /// Its manifest (the existing one when resuming).
    pub manifest: Manifest,
    /// What the caller should tell the user before the run starts.
    pub warnings: Vec<String>,
    pub(super) resuming: bool,
    allow_mixed_builds: bool,
    pub(super) manifest_changed: bool,
    pub(super) positions: Vec<(String, G)>,
    configs: Vec<Config>,
    eval: G::Eval,
    /// This shard's tasks in plan order, and which of them still need a search.
    pub(super) tasks: Vec<Task>,
    pub(super) pending: Vec<Task>,
    pub(super) jobs: usize,
}

/// Checks `spec` against game `G` and its fixture, and against what `spec.out` already
/// holds; writes nothing.
pub fn prepare<G: Game>(spec: &AblationSpec) -> Result<Prepared<G>> {
    let fixture: Fixture<G> = load_fixture(&spec.fixture)?;
    check_game::<G>(&spec.game, &fixture, &spec.fixture)?;
    let eval = spec
        .params
        .eval::<G>(spec.eval.as_deref())
        .map_err(|e| anyhow!(e))?;
    let eval_name = spec
        .eval
        .clone()
        .unwrap_or_else(|| G::eval_name(G::DEFAULT_EVAL).to_string());
    let positions = select_positions(fixture.positions.clone(), spec.positions, &spec.fixture)?;
    let planned = spec.plan.configs(spec.full, spec.base)?;
    for planned in &planned {
        planned.config.check_game::<G>().map_err(|e| anyhow!(e))?;
        if planned.config.algorithm() == crate::search::Algorithm::Mcts {
            bail!(
                "`{}`: ablate measures negamax flag sets at fixed depths, and mcts has no flags \
                 nor depth (play it in `cutoff match`, or time it with `cutoff search`)",
                planned.config
            );
        }
    }
    let expectimax = planned
        .iter()
        .map(|p| p.config)
        .find(|c| c.algorithm() == crate::search::Algorithm::Expectimax);
    if let (Some(_), Some(config)) = (spec.node_budget, expectimax) {
        bail!("--node-budget: `{config}` (expectimax) has no iterations to end early");
    }
    let label = checked_label(
        spec.label
            .clone()
            .unwrap_or_else(|| spec.plan.default_label(spec.full, spec.base)),
    )?;
    let (date, started) = provenance::now_utc();
    let dir = spec
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("results/{date}-{}-{label}", G::NAME)));
    let manifest = new_manifest(
        spec,
        &fixture,
        positions.len(),
        planned,
        eval_name,
        label,
        started,
    );
    let configs = manifest.configs.iter().map(|c| c.config).collect();
    let all = tasks(positions.len(), manifest.configs.len(), &spec.depths);
    let tasks: Vec<Task> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| spec.shard.is_none_or(|s| s.takes(*i)))
        .map(|(_, t)| t)
        .collect();
    let mut prepared = Prepared {
        dir,
        manifest,
        warnings: Vec::new(),
        resuming: false,
        allow_mixed_builds: spec.allow_mixed_builds,
        manifest_changed: false,
        pending: tasks.clone(),
        tasks,
        positions,
        configs,
        eval,
        jobs: spec.jobs.max(1),
    };
    prepared.load_existing()?;
    prepared
        .warnings
        .extend(repeats_warning(&fixture, &spec.fixture));
    Ok(prepared)
}

/// A warning naming the positions of the set that repeat an earlier one.
fn repeats_warning<G: Game>(fixture: &Fixture<G>, path: &Path) -> Option<String> {
    const LISTED: usize = 5;
    let repeats = &fixture.repeats;
    if repeats.is_empty() {
        return None;
    }
    let mut pairs: Vec<String> = repeats
        .iter()
        .take(LISTED)
        .map(|(id, first)| format!("{id} = {first}"))
        .collect();
    if repeats.len() > LISTED {
        pairs.push(format!("and {} more", repeats.len() - LISTED));
    }
    Some(format!(
        "{} holds {} positions that repeat an earlier one ({}); they weigh twice in every mean",
        path.display(),
        repeats.len(),
        pairs.join(", ")
    ))
}

/// Checks the game string typed (`kalah:4,3`) against the set's game: options typed must
/// be the set's.
pub fn check_game<G: Game>(typed: &str, fixture: &Fixture<G>, path: &Path) -> Result<()> {
    let (name, options) = split_game_string(typed);
    if name != G::NAME {
        bail!("--game `{typed}` is not {}", G::NAME);
    }
    if !options.is_empty() {
        let game = G::from_options(options).map_err(|e| anyhow!("game `{typed}`: {e}"))?;
        if game.spec() != fixture.file.game {
            bail!(
                "{} holds positions of {}, not {}",
                path.display(),
                fixture.file.game,
                game.spec()
            );
        }
    }
    Ok(())
}

/// The set's positions, the first `first` of them when given; an error naming the file when
/// it holds none or fewer.
pub fn select_positions<G>(
    mut positions: Vec<(String, G)>,
    first: Option<usize>,
    path: &Path,
) -> Result<Vec<(String, G)>> {
    if positions.is_empty() {
        bail!("{} holds no positions", path.display());
    }
    if let Some(n) = first {
        if n == 0 || n > positions.len() {
            bail!(
                "--positions {n}: {} holds 1..={} positions",
                path.display(),
                positions.len()
            );
        }
        positions.truncate(n);
    }
    Ok(positions)
}

fn checked_label(label: String) -> Result<String> {
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if label.is_empty() || label.starts_with('.') || !label.chars().all(ok) {
        bail!("--label `{label}` must be letters, digits, `-`, `_` and `.` (not first)");
    }
    Ok(label)
}

fn new_manifest<G: Game>(
    spec: &AblationSpec,
    fixture: &Fixture<G>,
    positions: usize,
    configs: Vec<PlannedConfig>,
    eval: String,
    label: String,
    started: String,
) -> Manifest {
    let (git_revision, git_dirty) = provenance::git_revision();
    Manifest {
        tool: provenance::tool(),
        git_revision,
        git_dirty,
        build: Some(provenance::SOURCE_HASH.to_string()),
        mixed_builds: Vec::new(),
        rustc: provenance::RUSTC_VERSION.to_string(),
        cpu: provenance::cpu(spec.jobs.max(1)),
        command_line: provenance::command_line(),
        started,
        label,
        game: fixture.file.game.clone(),
        eval,
        fixture: FixtureRef {
            path: spec.fixture.display().to_string(),
            set: fixture.file.set.clone(),
            hash: fixture.hash.clone(),
            positions,
        },
        plan: spec.plan.name().to_string(),
        baseline: spec.base,
        configs,
        depths: spec.depths.clone(),
        params: spec.params.clone(),
        max_nodes: spec.max_nodes,
        node_budget: spec.node_budget,
        repeat: spec.repeat,
        // An ablation draws no random number: its one seed is the fixture's, which chose the
        // positions.
        seed: fixture.file.generator.seed,
        shard: spec.shard.map(|s| s.to_string()),
        load_start: crate::cputime::load_average(),
        load_end: None,
    }
}

impl<G: Game> Prepared<G> {
    /// Reads what the folder already holds: the same spec resumes, anything else is an error.
    fn load_existing(&mut self) -> Result<()> {
        let Some(existing) = runfolder::read_manifest(&self.dir)? else {
            return self.check_empty_folder();
        };
        check_same_spec(&self.dir, &existing, &self.manifest)?;
        let (pending, torn) = self.still_pending()?;
        if torn {
            self.warnings.push(format!(
                "{} ends in a torn line (a write cut off by a kill, a crash or a full disk): \
                 it is dropped and that search runs again",
                self.dir.join(runfolder::RECORDS).display()
            ));
        }
        self.pending = pending;
        self.manifest = self.check_build(existing)?;
        self.resuming = true;
        Ok(())
    }

    /// The tasks of `pending` whose records the folder does not hold yet, and whether its
    /// records end in a torn line; an error when it holds a search outside the plan.
    pub(super) fn still_pending(&self) -> Result<(Vec<Task>, bool)> {
        let file = runfolder::read_records(&self.dir)?;
        let order = self.plan_order();
        let mut done = std::collections::BTreeSet::new();
        for record in &file.records {
            let id = record.id();
            if !order.contains_key(&id) {
                bail!(
                    "{} holds a search outside this run's plan ({id})",
                    self.dir.join(runfolder::RECORDS).display(),
                );
            }
            done.insert(id);
        }
        let pending = self
            .pending
            .iter()
            .copied()
            .filter(|&t| !done.contains(&self.task_id(t)))
            .collect();
        Ok((pending, file.torn_at.is_some()))
    }

    /// The existing manifest, with this build added to its mixed builds when it is another
    /// build and that is allowed; an error when it is not.
    fn check_build(&mut self, mut existing: Manifest) -> Result<Manifest> {
        let this = self.manifest.build.clone().unwrap_or_default();
        if existing.build.as_deref() == Some(this.as_str()) || existing.mixed_builds.contains(&this)
        {
            return Ok(existing);
        }
        let made_by = existing.build.as_deref().unwrap_or("an unrecorded build");
        if !self.allow_mixed_builds {
            bail!(
                "{} holds a run made by build {made_by}, and this is build {this} (the source \
                 changed): resuming would mix records of two builds. Start a new run (another \
                 --out or --label), or pass --allow-mixed-builds to resume anyway (the manifest \
                 records it)",
                self.dir.display()
            );
        }
        self.warnings.push(format!(
            "resuming a run of build {made_by} with build {this} (recorded in the manifest)"
        ));
        existing.mixed_builds.push(this);
        self.manifest_changed = true;
        Ok(existing)
    }

    fn check_empty_folder(&self) -> Result<()> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(_) => return Ok(()),
        };
        // What a run killed before its manifest was written leaves: no obstacle.
        let leftover = |name: &std::ffi::OsStr| {
            name == runfolder::LOCK || name.to_string_lossy().ends_with(".tmp")
        };
        let mut entries = entries.filter_map(|e| e.ok()).map(|e| e.file_name());
        if entries.any(|name| !leftover(&name)) {
            bail!(
                "{} exists and is not a run folder (no {})",
                self.dir.display(),
                runfolder::MANIFEST
            );
        }
        Ok(())
    }

    fn task_id(&self, task: Task) -> SearchId {
        SearchId {
            position: self.positions[task.position].0.clone(),
            config: self.configs[task.config],
            depth: task.depth,
        }
    }

    /// Every search of this shard with its place in plan order.
    pub(super) fn plan_order(&self) -> BTreeMap<SearchId, usize> {
        self.tasks
            .iter()
            .enumerate()
            .map(|(i, &t)| (self.task_id(t), i))
            .collect()
    }

    /// One search: the position, the configuration and the depth of `task`, fresh tables.
    pub(super) fn search(&self, task: Task) -> Record {
        let spec = SearchSpec::<G> {
            config: self.configs[task.config],
            params: self.manifest.params.clone(),
            eval: self.eval,
            node_limit: self.manifest.max_nodes,
            node_budget: self.manifest.node_budget,
        };
        let (id, game) = &self.positions[task.position];
        let mut results = root_search(game, &spec, task.depth, &mut |_| {});
        let completed = spec.node_budget.map(|_| depth_completed(&results));
        let mut result = results.pop().expect("a root search reports its last depth");
        // A capped search may stop in an earlier iteration; it stands for the task's depth.
        result.depth = task.depth;
        result.depth_completed = completed;
        Record {
            position: id.clone(),
            config: self.configs[task.config],
            result,
        }
    }
}

/// Fails, listing the differences, when `existing` (from `dir`) has another spec than `new`.
fn check_same_spec(dir: &Path, existing: &Manifest, new: &Manifest) -> Result<()> {
    let differences = differences(existing, new);
    if !differences.is_empty() {
        bail!(
            "{} holds a run with a different spec ({}); choose another --out or --label",
            dir.display(),
            describe(&differences, ("there", "now"))
        );
    }
    Ok(())
}
