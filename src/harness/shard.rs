//! Shards: one part `i/n` of a run split across machines, given as `--shard i/n` or taken
//! from a batch system's environment with `--shard auto`.
//!
//! Shard `i/n` takes tasks `i - 1`, `i - 1 + n`, ... of the plan, so every shard gets a
//! share of each depth. [`Shard::from_env`] reads the array-job contract of Slurm,
//! Kubernetes Indexed Jobs and AWS Batch from a map the caller fills (the CLI passes the
//! process environment; tests pass their own); it never reads the environment itself.

use anyhow::{anyhow, bail, Result};
use std::collections::BTreeMap;
use std::fmt;

/// The variable that gives the shard count where the batch system does not (Kubernetes
/// Indexed Jobs, AWS Batch array jobs); with Slurm it is optional and must agree.
pub const SHARD_COUNT_VAR: &str = "CUTOFF_SHARD_COUNT";

/// Slurm's array variables: the task's id and the array's count, first id, last id, step.
const SLURM_ID: &str = "SLURM_ARRAY_TASK_ID";
const SLURM_COUNT: &str = "SLURM_ARRAY_TASK_COUNT";
const SLURM_MIN: &str = "SLURM_ARRAY_TASK_MIN";
const SLURM_MAX: &str = "SLURM_ARRAY_TASK_MAX";
const SLURM_STEP: &str = "SLURM_ARRAY_TASK_STEP";
/// The 0-based index of a Kubernetes Indexed Job's pod.
const K8S_INDEX: &str = "JOB_COMPLETION_INDEX";
/// The 0-based index of an AWS Batch array job's child.
const AWS_INDEX: &str = "AWS_BATCH_JOB_ARRAY_INDEX";

/// The environment variables `--shard auto` reads.
pub type Env = BTreeMap<String, String>;

/// One part of a run split across machines: tasks `index - 1`, `index - 1 + count`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
}

impl Shard {
    /// Parses `i/n` with `1 <= i <= n`.
    pub fn parse(text: &str) -> Result<Shard> {
        let bad = || anyhow!("--shard `{text}` must be i/n with 1 <= i <= n, or auto, e.g. 1/4");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = index.trim().parse().map_err(|_| bad())?;
        let count: usize = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The shard of an array-job task, from the batch system's variables in `env`: Slurm's
    /// `SLURM_ARRAY_TASK_*`, a Kubernetes `JOB_COMPLETION_INDEX` or an AWS Batch
    /// `AWS_BATCH_JOB_ARRAY_INDEX` (both with [`SHARD_COUNT_VAR`]). Exactly one system's
    /// index must be set; the error names the variables that are missing or disagree.
    pub fn from_env(env: &Env) -> Result<Shard> {
        let systems: Vec<&str> = [SLURM_ID, K8S_INDEX, AWS_INDEX]
            .into_iter()
            .filter(|name| env.contains_key(*name))
            .collect();
        let shard = match systems.as_slice() {
            [SLURM_ID] => slurm(env)?,
            [index] => zero_based(env, index)?,
            [] => bail!(
                "--shard auto found no array-job index: set {SLURM_ID} (Slurm, with \
                 {SLURM_COUNT} or {SLURM_MIN}/{SLURM_MAX}), {K8S_INDEX} (Kubernetes) or \
                 {AWS_INDEX} (AWS Batch), the last two with {SHARD_COUNT_VAR}"
            ),
            several => bail!(
                "--shard auto found the indices of several batch systems ({}); unset all but one",
                several.join(", ")
            ),
        };
        if let Some(count) = number(env, SHARD_COUNT_VAR)? {
            if count != shard.count {
                bail!(
                    "{SHARD_COUNT_VAR}={count} disagrees with the batch system's count of {} tasks",
                    shard.count
                );
            }
        }
        Ok(shard)
    }

    /// Whether the task at `position` of the full list is this shard's.
    pub fn takes(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }
}

/// A Slurm array task: its place among `MIN, MIN + STEP, ..., MAX`, and the count from
/// `SLURM_ARRAY_TASK_COUNT` or from the range (both, when both are set, must agree).
fn slurm(env: &Env) -> Result<Shard> {
    let id = number(env, SLURM_ID)?.expect("the caller checked");
    let min = number(env, SLURM_MIN)?.unwrap_or(0);
    let step = number(env, SLURM_STEP)?.unwrap_or(1);
    if step == 0 {
        bail!("{SLURM_STEP}=0 is not a step");
    }
    let from_range = number(env, SLURM_MAX)?
        .map(|max| {
            if max < min {
                bail!("{SLURM_MAX}={max} is below {SLURM_MIN}={min}");
            }
            Ok((max - min) / step + 1)
        })
        .transpose()?;
    let count = match (number(env, SLURM_COUNT)?, from_range) {
        (Some(count), Some(range)) if count != range => bail!(
            "{SLURM_COUNT}={count} disagrees with {SLURM_MIN}..{SLURM_MAX} by {SLURM_STEP} \
             ({range} tasks): submit the array as a range, e.g. --array=0-{}",
            count.saturating_sub(1)
        ),
        (Some(count), _) | (None, Some(count)) => count,
        (None, None) => bail!("{SLURM_ID} is set but neither {SLURM_COUNT} nor {SLURM_MAX}"),
    };
    if id < min || (id - min) % step != 0 || (id - min) / step >= count {
        bail!(
            "{SLURM_ID}={id} is not one of the {count} tasks from {SLURM_MIN}={min} by \
             {SLURM_STEP}={step}"
        );
    }
    Ok(Shard {
        index: (id - min) / step + 1,
        count,
    })
}

/// A 0-based index (Kubernetes, AWS Batch) with the count from [`SHARD_COUNT_VAR`].
fn zero_based(env: &Env, index_var: &str) -> Result<Shard> {
    let index = number(env, index_var)?.expect("the caller checked");
    let Some(count) = number(env, SHARD_COUNT_VAR)? else {
        bail!("{index_var} is set but {SHARD_COUNT_VAR} is not: set it to the number of tasks");
    };
    if index >= count {
        bail!("{index_var}={index} is not below {SHARD_COUNT_VAR}={count}");
    }
    Ok(Shard {
        index: index + 1,
        count,
    })
}

/// The variable `name` as a number, `None` when unset.
fn number(env: &Env, name: &str) -> Result<Option<usize>> {
    env.get(name)
        .map(|text| {
            text.trim()
                .parse()
                .map_err(|_| anyhow!("{name}=`{text}` is not a whole number"))
        })
        .transpose()
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests;
