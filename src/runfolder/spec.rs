//! The spec of a run as named fields, and the one function that lists where two runs'
//! specs differ. Resume (the folder must hold the same run), merge (every shard of one
//! run), and compare (repeated runs of one spec; two sides of one experiment) all use it.
//!
//! Each field has a [`FieldKind`]: what identifies a run, what defines its experiment, and
//! the setup that two runs of one experiment may vary. Provenance (revision, compiler, CPU,
//! command line, start time) is never part of a spec.

use super::format::Manifest;

/// What a spec field is to a comparison of two runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// Names this run among runs of one experiment (label, plan, seed, shard, ...).
    Identity,
    /// Defines the experiment: game, evaluation, positions' file, configurations.
    Experiment,
    /// How the experiment was set up: positions used, depths, node cap, each parameter.
    Setup,
}

/// A spec field in which two runs differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The field (`game`, `depths`, `param tt-bits`, ...).
    pub field: String,
    /// What the field is to a comparison.
    pub kind: FieldKind,
    /// Its value in the first run.
    pub first: String,
    /// Its value in the second run.
    pub second: String,
}

/// Every spec field of `m` with its kind and its value as text, in a fixed order.
fn fields(m: &Manifest) -> Vec<(String, FieldKind, String)> {
    use FieldKind::*;
    let list = |items: Vec<String>| match items.is_empty() {
        true => "none".to_string(),
        false => items.join(","),
    };
    let configs = list(m.configs.iter().map(|c| c.config.to_string()).collect());
    let depths = list(m.depths.iter().map(u32::to_string).collect());
    let max_nodes = m.max_nodes.map_or("none".to_string(), |n| n.to_string());
    let node_budget = m.node_budget.map_or("none".to_string(), |n| n.to_string());
    let fields = [
        ("label", Identity, m.label.clone()),
        ("plan", Identity, m.plan.clone()),
        ("baseline", Identity, m.baseline.to_string()),
        ("seed", Identity, m.seed.to_string()),
        ("shard", Identity, m.shard.clone().unwrap_or("none".into())),
        ("fixture path", Identity, m.fixture.path.clone()),
        ("game", Experiment, m.game.clone()),
        ("evaluation", Experiment, m.eval.clone()),
        ("fixture hash", Experiment, m.fixture.hash.clone()),
        ("configurations", Experiment, configs),
        ("positions", Setup, m.fixture.positions.to_string()),
        ("depths", Setup, depths),
        ("max nodes", Setup, max_nodes),
        ("node budget", Setup, node_budget),
        ("repeat", Setup, m.repeat.to_string()),
    ];
    let fields = fields.into_iter().map(|(f, k, v)| (f.to_string(), k, v));
    let params = m
        .param_values()
        .into_iter()
        .map(|(name, value)| (format!("param {name}"), Setup, value));
    fields.chain(params).collect()
}

/// Every spec field in which `first` and `second` differ, in a fixed order (identity,
/// experiment, setup, parameters last). A field only one side has (an evaluation weight set
/// in one run) is `default` on the other.
pub fn differences(first: &Manifest, second: &Manifest) -> Vec<Difference> {
    let (first, second) = (fields(first), fields(second));
    let only_second = second
        .iter()
        .filter(|(name, ..)| !first.iter().any(|(n, ..)| n == name));
    let names: Vec<(String, FieldKind)> = first
        .iter()
        .chain(only_second)
        .map(|(name, kind, _)| (name.clone(), *kind))
        .collect();
    let value = |fields: &[(String, FieldKind, String)], name: &str| {
        let found = fields.iter().find(|(n, ..)| n == name);
        found.map_or("default".to_string(), |(.., v)| v.clone())
    };
    names
        .into_iter()
        .map(|(field, kind)| Difference {
            first: value(&first, &field),
            second: value(&second, &field),
            field,
            kind,
        })
        .filter(|d| d.first != d.second)
        .collect()
}

/// The differences in words, each `field: <first> <sides.0>, <second> <sides.1>`, e.g.
/// `depths: 1 there, 1,2 now` or `game: kalah in base, mingmang in new`.
pub fn describe(differences: &[Difference], sides: (&str, &str)) -> String {
    let parts: Vec<String> = differences
        .iter()
        .map(|d| {
            let (first, second) = (shorten(&d.first), shorten(&d.second));
            format!("{}: {first} {}, {second} {}", d.field, sides.0, sides.1)
        })
        .collect();
    parts.join("; ")
}

/// A value short enough for a message: a long list becomes its number of entries.
fn shorten(value: &str) -> String {
    const LONG: usize = 80;
    match value.chars().count() {
        n if n <= LONG => value.to_string(),
        _ if value.contains(',') => format!("{} entries", value.split(',').count()),
        _ => value.chars().take(LONG - 3).collect::<String>() + "...",
    }
}

impl Manifest {
    /// Every search parameter as `(name, value)`, by name, then each evaluation weight that
    /// is set.
    pub fn param_values(&self) -> Vec<(String, String)> {
        let value = serde_json::to_value(&self.params).expect("params serialise");
        let fields = value.as_object().into_iter().flatten();
        let fields = fields.filter(|(name, _)| name.as_str() != "eval-weights");
        let weights = self.params.eval_weights.iter();
        fields
            .map(|(name, v)| {
                let text = v.as_str().map_or(v.to_string(), str::to_string);
                (name.clone(), text)
            })
            .chain(weights.map(|(name, v)| (name.clone(), v.to_string())))
            .collect()
    }
}
