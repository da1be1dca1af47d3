//! Plans: which configurations an ablation runs, with their table labels, the depth range,
//! and the task list (position x configuration x depth) in a fixed order.
//!
//! Everything here is pure parsing and listing; it never searches, reads files or looks at
//! a clock. The order of tasks is depth, then position, then configuration, so an
//! interrupted run has whole depths finished first (a shard, `super::shard`, takes every n-th).

use crate::runfolder::{PlannedConfig, Role};
use crate::search::{Config, Enhancement, MAX_DEPTH};
use anyhow::{anyhow, bail, Result};

/// The plan names `--plan` accepts besides `configs=A,B,C`.
pub const PLAN_NAMES: [&str; 4] = [
    "add-one",
    "leave-one-out",
    "add-one+leave-one-out",
    "all-subsets",
];

/// The most techniques `all-subsets` accepts (2^12 configurations).
const MAX_SUBSET_TECHNIQUES: usize = 12;

/// Which configurations a run compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// `alphabeta` plus each technique of the full configuration.
    AddOne,
    /// The full configuration without each technique, and the full configuration.
    LeaveOneOut,
    /// Both of the above.
    AddOneLeaveOneOut,
    /// `alphabeta` plus every subset of the full configuration's techniques.
    AllSubsets,
    /// The listed configurations (and the baseline).
    Configs(Vec<Config>),
}

impl Plan {
    /// Parses `add-one`, `leave-one-out`, `add-one+leave-one-out`, `all-subsets` or
    /// `configs=A,B,C`.
    pub fn parse(text: &str) -> Result<Plan> {
        if let Some(list) = text.strip_prefix("configs=") {
            let configs = list
                .split(',')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(|c| Config::parse(c).map_err(|e| anyhow!("--plan: {e}")))
                .collect::<Result<Vec<_>>>()?;
            if configs.is_empty() {
                bail!("--plan configs= lists no configuration");
            }
            return Ok(Plan::Configs(configs));
        }
        match text {
            "add-one" => Ok(Plan::AddOne),
            "leave-one-out" => Ok(Plan::LeaveOneOut),
            "add-one+leave-one-out" => Ok(Plan::AddOneLeaveOneOut),
            "all-subsets" => Ok(Plan::AllSubsets),
            _ => bail!(
                "unknown plan `{text}` (plans: {}, configs=A,B,C)",
                PLAN_NAMES.join(", ")
            ),
        }
    }

    /// The plan's name in manifests: one of [`PLAN_NAMES`] or `configs`.
    pub fn name(&self) -> &'static str {
        match self {
            Plan::AddOne => PLAN_NAMES[0],
            Plan::LeaveOneOut => PLAN_NAMES[1],
            Plan::AddOneLeaveOneOut => PLAN_NAMES[2],
            Plan::AllSubsets => PLAN_NAMES[3],
            Plan::Configs(_) => "configs",
        }
    }

    /// The default run label: the full configuration's name, with the plan when it is not
    /// the combined CAMMP plan (`cammp`, `cammp-add-one`, `configs`), and the base when it is
    /// not `alphabeta` (`cammp-add-one-base-alphabeta-id`).
    pub fn default_label(&self, full: Config, base: Config) -> String {
        let dashed = |c: Config| c.to_string().replace('+', "-");
        let label = match self {
            Plan::AddOneLeaveOneOut => dashed(full),
            Plan::AllSubsets => format!("{}-subsets", dashed(full)),
            Plan::Configs(_) => "configs".into(),
            _ => format!("{}-{}", dashed(full), self.name()),
        };
        match base == baseline() {
            true => label,
            false => format!("{label}-base-{}", dashed(base)),
        }
    }

    /// The configurations in table order, each once, the base first: add-one rows add each
    /// technique of `full` that `base` lacks; leave-one-out rows take each technique (but
    /// `ab`) out of `full`; all-subsets rows add every subset of the techniques `base` lacks.
    pub fn configs(&self, full: Config, base: Config) -> Result<Vec<PlannedConfig>> {
        check_base(full, base)?;
        let techniques = full.without(Enhancement::Ab).flags();
        let missing: Vec<Enhancement> =
            full.flags().into_iter().filter(|&e| !base.has(e)).collect();
        let row = |config, role, technique| row(config, role, technique, full, base);
        let mut rows = vec![row(base, Role::Baseline, None)];
        let add_one = || {
            missing
                .iter()
                .map(|&e| row(base.with(e), Role::AddOne, Some(e)))
        };
        let leave_one_out = || {
            techniques
                .iter()
                .map(|&e| row(full.without(e), Role::LeaveOneOut, Some(e)))
        };
        match self {
            Plan::AddOne => rows.extend(add_one()),
            Plan::LeaveOneOut => rows.extend(leave_one_out()),
            Plan::AddOneLeaveOneOut => rows.extend(add_one().chain(leave_one_out())),
            Plan::AllSubsets => rows.extend(
                subsets(base, &missing)?
                    .into_iter()
                    .map(|c| row(c, Role::Subset, None)),
            ),
            Plan::Configs(list) => rows.extend(list.iter().map(|&c| row(c, Role::Listed, None))),
        }
        if !matches!(self, Plan::AddOne | Plan::Configs(_)) {
            rows.push(row(full, Role::Full, None));
        }
        let mut seen = std::collections::BTreeSet::new();
        rows.retain(|r| seen.insert(r.config.to_string()));
        Ok(rows)
    }
}

/// The default base of every plan: `alphabeta`.
pub fn baseline() -> Config {
    Config::from_flags(&[Enhancement::Ab])
}

/// Fails unless `base` is a subset of `full` that lacks at least one of its techniques.
fn check_base(full: Config, base: Config) -> Result<()> {
    let outside: Vec<&str> = base
        .flags()
        .into_iter()
        .filter(|&e| !full.has(e))
        .map(|e| e.name())
        .collect();
    if base.algorithm() != full.algorithm() || !outside.is_empty() {
        bail!(
            "--base {base} is not a subset of --full {full} (it has {})",
            match outside.is_empty() {
                true => "another algorithm".to_string(),
                false => outside.join(", "),
            }
        );
    }
    if base == full {
        bail!("--base {base} already holds every technique of --full {full}: nothing to add");
    }
    Ok(())
}

/// A plan row; add-one and leave-one-out rows are labelled by their role, the others by
/// [`label`].
fn row(
    config: Config,
    role: Role,
    technique: Option<Enhancement>,
    full: Config,
    base: Config,
) -> PlannedConfig {
    let label = match (role, technique) {
        (Role::AddOne, Some(e)) if base == baseline() => format!("alpha-beta with {}", e.title()),
        (Role::AddOne, Some(e)) => format!("{} + {}", label(base, full), e.title()),
        (Role::LeaveOneOut, Some(e)) => format!("all without {}", e.title()),
        _ => label(config, full),
    };
    PlannedConfig {
        config,
        label,
        role,
        technique,
    }
}

/// The row label in the CAMMP table's words: `alpha-beta`, `alpha-beta with killer moves`,
/// `all without null move`, `all (cammp)`, or the configuration itself.
pub fn label(config: Config, full: Config) -> String {
    let base = baseline();
    let single = |a: Config, b: Config| {
        let (a, b) = (a.flags(), b.flags());
        let extra: Vec<_> = b.iter().filter(|e| !a.contains(e)).collect();
        (a.iter().all(|e| b.contains(e)) && extra.len() == 1).then(|| extra[0].title())
    };
    if config == base {
        "alpha-beta".into()
    } else if config == full {
        format!("all ({full})")
    } else if let Some(title) =
        single(base, config).filter(|_| config.algorithm() == base.algorithm())
    {
        format!("alpha-beta with {title}")
    } else if let Some(title) =
        single(config, full).filter(|_| config.algorithm() == full.algorithm())
    {
        format!("all without {title}")
    } else {
        config.to_string()
    }
}

/// `base` plus every subset of `techniques`, smallest first.
fn subsets(base: Config, techniques: &[Enhancement]) -> Result<Vec<Config>> {
    if techniques.len() > MAX_SUBSET_TECHNIQUES {
        bail!(
            "all-subsets takes at most {MAX_SUBSET_TECHNIQUES} techniques, not {}",
            techniques.len()
        );
    }
    let mut configs: Vec<(u32, u32, Config)> = (0u32..1 << techniques.len())
        .map(|mask| {
            let config = techniques
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .fold(base, |c, (_, &e)| c.with(e));
            (mask.count_ones(), mask, config)
        })
        .collect();
    configs.sort_by_key(|&(ones, mask, _)| (ones, mask));
    Ok(configs.into_iter().map(|(_, _, c)| c).collect())
}

/// Parses depths: `4`, `1..6` and `1..=6` (both include 6), or a list `2,4,6`.
pub fn parse_depths(text: &str) -> Result<Vec<u32>> {
    let text = text.trim();
    let depths = if let Some((low, high)) = text.split_once("..") {
        let high = high.strip_prefix('=').unwrap_or(high);
        let (low, high) = (depth_number(low, text)?, depth_number(high, text)?);
        if low > high {
            bail!("depth range `{text}` is reversed (write low..high, e.g. {high}..{low})");
        }
        (low..=high).collect()
    } else {
        let mut list = text
            .split(',')
            .map(|d| depth_number(d, text))
            .collect::<Result<Vec<_>>>()?;
        list.sort_unstable();
        list.dedup();
        list
    };
    Ok(depths)
}

fn depth_number(text: &str, whole: &str) -> Result<u32> {
    let depth: u32 = text.trim().parse().map_err(|_| {
        anyhow!("--depths `{whole}`: `{text}` is not a depth (write 4, 1..6 or 2,4,6)")
    })?;
    if !(1..=MAX_DEPTH).contains(&depth) {
        bail!("--depths `{whole}`: depth {depth} is outside 1..={MAX_DEPTH}");
    }
    Ok(depth)
}

/// Writes depths back compactly: `4`, `1..6` or `2,4,6`.
pub fn depths_text(depths: &[u32]) -> String {
    match depths {
        [one] => one.to_string(),
        [first, .., last] if depths.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("{first}..{last}")
        }
        _ => depths
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// One search of the plan: indices into the run's positions and configurations, a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Task {
    /// The depth.
    pub depth: u32,
    /// Index into the positions.
    pub position: usize,
    /// Index into the configurations.
    pub config: usize,
}

/// Every task of a plan in run order: depth, then position, then configuration.
pub fn tasks(positions: usize, configs: usize, depths: &[u32]) -> Vec<Task> {
    let mut tasks = Vec::with_capacity(positions * configs * depths.len());
    for &depth in depths {
        for position in 0..positions {
            tasks.extend((0..configs).map(|config| Task {
                depth,
                position,
                config,
            }));
        }
    }
    tasks
}
