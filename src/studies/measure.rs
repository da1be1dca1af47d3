//! Our value of a row, computed from a run's files: a paired ratio of nodes (or of another
//! field of the records), a Shapley factor, a share of won games, or one exact value.
//! `results/check.py` recomputes each by a second route.

use super::spec::{Agent, Ours, Side, Study};
use crate::matches::record::{read_games, GameRecord};
use crate::report::shapley::Shapley;
use crate::report::stats::{by_game, clustered, paired_ratio_across, Grid};
use crate::runfolder::read_run;
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

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
            count,
            ..
        } => {
            let dir = dir.join(sub.as_deref().unwrap_or(""));
            let (config, base) = (
                (config.as_str(), *depth),
                (base.as_str(), base_depth.unwrap_or(*depth)),
            );
            match count {
                None => paired(&dir, config, base),
                Some(field) => paired_field(&dir, field, config, base),
            }
        }
        Ours::Shapley {
            technique, depth, ..
        } => shapley(&dir, technique, *depth),
        Ours::Wins {
            sub,
            agent,
            side,
            decisive,
            ..
        } => wins(&dir.join(sub), *agent, *side, *decisive),
        Ours::Mean {
            sub,
            config,
            depth,
            field,
            ..
        } => mean(
            &dir.join(sub.as_deref().unwrap_or("")),
            config,
            *depth,
            field,
        ),
        Ours::Value {
            file,
            key,
            value,
            field,
            ..
        } => exact(&dir.join(file), key, value, field),
    }
}

/// The paired ratio of nodes expanded by `config` at its depth to `base` at its own.
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

/// The records of `dir/records.jsonl` as JSON values (none when there is no such file).
fn records(dir: &Path) -> Result<Vec<serde_json::Value>> {
    let path = dir.join("records.jsonl");
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = super::verify::read(&path)?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str(l)
                .with_context(|| format!("{}: a line is not JSON", path.display()))
        })
        .collect()
}

/// The mean of the records' `field` over the positions `config` searched (at `depth` when
/// given), clustered by game. `None` when no record has it.
fn mean(dir: &Path, config: &str, depth: Option<u32>, field: &str) -> Result<Option<Measured>> {
    let records = records(dir)?;
    let values: Vec<(&str, f64)> = records
        .iter()
        .filter(|r| r["config"].as_str() == Some(config))
        .filter(|r| depth.is_none_or(|d| r["depth"].as_u64() == Some(u64::from(d))))
        .filter_map(|r| Some((r["position"].as_str()?, r[field].as_f64()?)))
        .collect();
    if values.is_empty() {
        return Ok(None);
    }
    let e = by_game(&values);
    Ok(Some(Measured {
        value: e.mean,
        interval: e.half_width.map(|h| (e.mean - h, e.mean + h)),
        neutral: None,
        n: e.n,
        units: e.games,
    }))
}

/// The paired ratio of the records' `field` (a count or a CPU time) of `config` at its depth
/// to `base` at its own, over the positions both searched uncapped with a non-zero value,
/// clustered by game like the node ratios. `None` when no record has the field.
fn paired_field(
    dir: &Path,
    field: &str,
    (config, depth): (&str, u32),
    (base, base_depth): (&str, u32),
) -> Result<Option<Measured>> {
    let mut values: BTreeMap<(String, u32, String), f64> = BTreeMap::new();
    for r in records(dir)? {
        let (Some(c), Some(d), Some(p), Some(v)) = (
            r["config"].as_str(),
            r["depth"].as_u64(),
            r["position"].as_str(),
            r[field].as_f64(),
        ) else {
            continue;
        };
        if r["capped"] != serde_json::Value::Bool(true) && v > 0.0 {
            values.insert((c.to_string(), d as u32, p.to_string()), v);
        }
    }
    let logs: Vec<(&str, f64)> = values
        .iter()
        .filter(|((c, d, _), _)| c == config && *d == depth)
        .filter_map(|((_, _, p), v)| {
            let b = values.get(&(base.to_string(), base_depth, p.clone()))?;
            Some((p.as_str(), (v / b).ln()))
        })
        .collect();
    if logs.is_empty() {
        return Ok(None);
    }
    let e = by_game(&logs);
    Ok(Some(Measured {
        value: e.mean.exp(),
        interval: e
            .half_width
            .map(|h| ((e.mean - h).exp(), (e.mean + h).exp())),
        neutral: Some(1.0),
        n: e.n,
        units: e.games,
    }))
}

/// The Shapley value of `technique` in the all-subsets run in `dir`, as a factor on nodes;
/// `n` counts the positions every subset completed (no interval: one value per run).
fn shapley(dir: &Path, technique: &str, depth: u32) -> Result<Option<Measured>> {
    let grid = Grid::new(&read_run(dir)?);
    let Some(table) = Shapley::new(&grid, depth) else {
        return Ok(None);
    };
    let Some(i) = table.techniques.iter().position(|t| t.name() == technique) else {
        bail!(
            "`{technique}` is not a technique of the all-subsets run {}",
            dir.display()
        );
    };
    Ok(Some(Measured {
        value: table.value_of(i).exp(),
        interval: None,
        neutral: Some(1.0),
        n: table.positions,
        units: table.games,
    }))
}

/// The games of the match in `dir`, or of every match folder under it (in path order), each
/// with the number of its folder.
fn games_under(dir: &Path) -> Result<Vec<(usize, GameRecord)>> {
    let mut found: Vec<(usize, GameRecord)> =
        read_games(dir)?.into_iter().map(|g| (0, g)).collect();
    if !found.is_empty() {
        return Ok(found);
    }
    let mut folders: Vec<_> = super::steps::files_under(dir)
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "games.jsonl"))
        .filter_map(|p| p.parent().map(Path::to_path_buf))
        .collect();
    folders.sort();
    for (i, folder) in folders.iter().enumerate() {
        found.extend(read_games(folder)?.into_iter().map(|g| (i, g)));
    }
    Ok(found)
}

/// Whether `agent` won `game`, when its games count (`None`: not counted).
fn won(game: &GameRecord, agent: Agent, side: Side, decisive: bool) -> Option<bool> {
    let a_first = game.first() == 0;
    let (is_a, first) = match agent {
        Agent::A => (true, a_first),
        Agent::B => (false, !a_first),
        Agent::FirstMover => (a_first, true),
    };
    let counted = match side {
        Side::All => true,
        Side::First => first,
        Side::Second => !first,
    };
    let a = game.score_a()?;
    if !counted || (decisive && a == 0.5) {
        return None;
    }
    Some(if is_a { a == 1.0 } else { a == 0.0 })
}

fn wins(dir: &Path, agent: Agent, side: Side, decisive: bool) -> Result<Option<Measured>> {
    let games = games_under(dir)?;
    let points: Vec<((usize, u32), f64)> = games
        .iter()
        .filter_map(|(folder, g)| {
            let won = won(g, agent, side, decisive)?;
            Some(((*folder, g.pair), f64::from(u8::from(won))))
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
