//! Evaluation weights set by name: a game declares the weights its evaluations read
//! ([`Game::EVAL_PARAMS`]) and builds an evaluation from their values
//! ([`Game::weigh_eval`]); [`eval_with`] resolves an evaluation name and weights written as
//! `name=value` into that evaluation, with errors that name the valid choices.
//!
//! The search's parameter registry (`--param`) accepts every name any game declares
//! ([`super::EVAL_PARAM_TABLES`]) and checks them against the game here, when the evaluation
//! is built.

use super::{Game, Score};

/// One weight of a game's evaluation, set with `--param NAME=VALUE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalParam {
    /// The name, e.g. `stone-score`.
    pub name: &'static str,
    /// The evaluation (one of [`Game::EVAL_NAMES`]) that reads it.
    pub eval: &'static str,
    /// Its value when not set: the study's.
    pub default: Score,
    /// One line of help.
    pub help: &'static str,
}

/// Weights lie in `-EVAL_WEIGHT_LIMIT..=EVAL_WEIGHT_LIMIT`, which keeps every evaluation far
/// inside the win scores (no evaluation has more than a few hundred unit terms).
pub const EVAL_WEIGHT_LIMIT: Score = 1000;

/// The evaluation `name` of `G` (its default when `None`) with the weights in `weights`
/// (`(name, value)`, later ones winning) and the declared defaults for the rest. A name that
/// `G` does not declare, or that another of its evaluations reads, is an error naming the
/// valid ones.
pub fn eval_with<'a, G: Game>(
    name: Option<&str>,
    weights: impl IntoIterator<Item = (&'a str, Score)>,
) -> Result<G::Eval, String> {
    let eval = match name {
        None => G::DEFAULT_EVAL,
        Some(name) => G::parse_eval(name).ok_or_else(|| {
            format!(
                "unknown evaluation `{name}` for {} (evaluations: {})",
                G::NAME,
                G::EVAL_NAMES.join(", ")
            )
        })?,
    };
    let eval_name = G::eval_name(eval);
    let mut values: Vec<Score> = G::EVAL_PARAMS.iter().map(|p| p.default).collect();
    for (weight, value) in weights {
        let i = G::EVAL_PARAMS
            .iter()
            .position(|p| p.name == weight)
            .ok_or_else(|| unknown_weight::<G>(weight))?;
        let param = G::EVAL_PARAMS[i];
        if param.eval != eval_name {
            return Err(format!(
                "param {weight} weighs {}'s {} evaluation, not {eval_name} (use --eval {})",
                G::NAME,
                param.eval,
                param.eval
            ));
        }
        values[i] = value;
    }
    Ok(G::weigh_eval(eval, &values))
}

fn unknown_weight<G: Game>(weight: &str) -> String {
    let own: Vec<String> = G::EVAL_PARAMS
        .iter()
        .map(|p| format!("{} ({})", p.name, p.eval))
        .collect();
    let own = match own.is_empty() {
        true => "none".to_string(),
        false => own.join(", "),
    };
    format!(
        "param {weight} is not an evaluation weight of {} ({}'s weights: {own})",
        G::NAME,
        G::NAME
    )
}
