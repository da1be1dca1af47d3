//! Every tunable number of the search in one struct, with its name, default and range.
//!
//! The numbers default to CAMMP's (RULES.md section 1); where our technique differs from
//! CAMMP's program in kind, a 0/1 parameter chooses, the textbook (current) behaviour by
//! default and CAMMP's under the [`PROFILES`] entry `cammp-java`. `--param name=value` goes
//! through [`Params::set`]; [`PARAMS`] is the registry, and a test checks that it covers every
//! field. A profile is a named list of assignments applied before the individual ones.

use crate::game::{weights, Game, GameParams, Score, EVAL_PARAM_TABLES, EVAL_WEIGHT_LIMIT, GAMES};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Transposition-table replacement schemes (Breuker's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TtScheme {
    /// Always replace.
    New,
    /// Replace when the new entry is searched at least as deep.
    Deep,
    /// Replace when the new entry's subtree is at least as big (in nodes).
    Big1,
    /// Two entries per slot: the deeper one kept in the first, the newest in the second.
    TwoDeep,
    /// Two entries per slot: the bigger subtree kept in the first, the newest in the second.
    TwoBig1,
}

impl TtScheme {
    /// Every scheme.
    pub const ALL: [TtScheme; 5] = [
        TtScheme::New,
        TtScheme::Deep,
        TtScheme::Big1,
        TtScheme::TwoDeep,
        TtScheme::TwoBig1,
    ];

    /// The scheme's name in the CLI and records.
    pub fn name(self) -> &'static str {
        match self {
            TtScheme::New => "new",
            TtScheme::Deep => "deep",
            TtScheme::Big1 => "big1",
            TtScheme::TwoDeep => "two-deep",
            TtScheme::TwoBig1 => "two-big1",
        }
    }
}

/// The search's tunable numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct Params {
    /// log2 of the number of entries in each transposition table (of two-entry slots for the
    /// two-level schemes). The default keeps the default scheme's table within one core's L2
    /// cache, where it searched faster to depth than the larger one it replaced
    /// (`results/2026-11-26-tt-table`); `tt-bits=16` gives that one.
    pub tt_bits: u32,
    /// The replacement scheme.
    pub tt_scheme: TtScheme,
    /// 1: entries searched deeper than needed may cut too (faster, no longer exact).
    pub tt_cut_deeper: u32,
    /// 1: a stored bound that does not cut narrows the window (CAMMP).
    pub tt_narrow: u32,
    /// 1: depth-0 nodes probe the table too (CAMMP).
    pub tt_probe_leaves: u32,
    /// 1: the big1 schemes replace only on a strictly bigger subtree (CAMMP).
    pub tt_big_strict: u32,
    /// 1: the big1 schemes measure a subtree by its main-search nodes, quiescence's left out
    /// (CAMMP); 0: by every node expanded below it, q-nodes included.
    pub tt_size_main: u32,
    /// Iterative deepening steps by this many plies, ending at the target depth.
    pub id_step: u32,
    /// 1: iterative deepening passes no move of the previous principal variation to the next
    /// iteration, so without the table's move nothing goes first (CAMMP); 0: the previous
    /// iteration's move goes first along its variation where the table offers none.
    pub id_no_pv: u32,
    /// Half-width of the root aspiration window, in evaluation units.
    pub aspiration_window: u32,
    /// Null-move depth reduction R.
    pub null_r: u32,
    /// Null move is tried only at this remaining depth or more.
    pub null_min_depth: u32,
    /// Multi-cut: moves examined (M).
    pub multi_cut_m: u32,
    /// Multi-cut: fail-highs needed (C).
    pub multi_cut_c: u32,
    /// Multi-cut: depth reduction (R).
    pub multi_cut_r: u32,
    /// Multi-cut is tried only at this remaining depth or more.
    pub multi_cut_min_depth: u32,
    /// 1: multi-cut probes search the full window (alpha, beta), not a null window (CAMMP).
    pub multi_cut_full_window: u32,
    /// 1: no null move directly below a multi-cut probe (CAMMP).
    pub multi_cut_no_null: u32,
    /// 1: a null move that cuts returns its search's value, not beta (CAMMP).
    pub null_fail_soft: u32,
    /// Late move reduction starts after this many moves.
    pub lmr_after: u32,
    /// Plies a late move is reduced by.
    pub lmr_r: u32,
    /// Late moves are reduced only at this remaining depth or more.
    pub lmr_min_depth: u32,
    /// 1: a reduced move that fails high is searched again at full depth.
    pub lmr_research: u32,
    /// 1: noisy moves are reduced too (CAMMP).
    pub lmr_captures: u32,
    /// 1: history credits the best move of every node that finishes its move loop, fail-low
    /// nodes included (CAMMP); 0: only nodes whose best move raised alpha.
    pub history_all: u32,
    /// 1: after a cutoff, the moves searched before the cutoff move lose depth squared of
    /// history (floored at 0); 0: history only gains.
    pub history_malus: u32,
    /// Internal iterative deepening: a node with at least this many plies left and no table
    /// move is first searched two plies shallower for one (needs `tt-move`); 0: never.
    pub iid_depth: u32,
    /// Killer slots. 0: the two newest cutoff moves per ply. 1: CAMMP's: slot 1 the last
    /// cutoff move, slot 2 the best-scoring move of any finished node, indexed by depth
    /// consumed (iteration depth minus remaining depth).
    pub killer_scheme: u32,
    /// Quiescence goes at most this many plies below the nominal depth.
    pub q_limit: u32,
    /// 1: quiescence searches all moves after a noisy one (CAMMP); 0: noisy moves only.
    pub q_all_moves: u32,
    /// Quiescence tests "quiet" every this many q-plies (CAMMP: 2, so the reply to a capture
    /// and the next move are both searched, and the extension goes on only if that second
    /// move is noisy).
    pub q_quiet_every: u32,
    /// q-node counting. 0: every entry to quiescence below a depth-0 node. 1: CAMMP's: only
    /// q-nodes that expand (past the stand-pat, quiet and terminal tests), the depth-0 node's
    /// own expansion included.
    pub q_count: u32,
    /// 1: quiescence keeps no killers, so it orders by the history heuristic only (CAMMP);
    /// 0: quiescence keeps its own killers.
    pub q_no_killers: u32,
    /// For tests of `compare` only: after each timed search (each iteration), busy-wait this
    /// many percent of its time more, inside the timed region, so that a run is measurably
    /// slower by that much without searching differently. 0 (the default) waits nothing.
    pub slowdown_pct: u32,
    /// Gomoku's candidates: empty points within this distance of a stone.
    pub cand_radius: u32,
    /// `greedy`: moves kept per node, the best by the game's move score.
    pub greedy_width: u32,
    /// `threat-space`: the longest forced win searched, in own moves (the winning one
    /// included; a win of n own moves takes 2n - 1 plies).
    pub threat_depth: u32,
    /// MCTS: the playouts of one search (a time limit may end it earlier).
    pub playouts: u32,
    /// MCTS: the UCT exploration constant `c`, in thousandths (1414: the square root of 2).
    pub uct_c: u32,
    /// MCTS: the seed of the search's random numbers (tree expansion and rollouts).
    pub mcts_seed: u32,
    /// Negamax: 0 plays the first of equally good root moves (in generation order); any
    /// other value shuffles the root moves first with a generator seeded from it and the
    /// position's hash, so that equal moves are chosen at random, the same way every time
    /// in the same position.
    pub tie_seed: u32,
    /// Evaluation weights set by name (`stone-score=2`), any game's ([`Game::EVAL_PARAMS`]);
    /// [`Params::eval`] checks them against the game. Unset weights keep the game's defaults
    /// and are not written.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub eval_weights: BTreeMap<String, Score>,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            tt_bits: 14,
            tt_scheme: TtScheme::TwoBig1,
            tt_cut_deeper: 0,
            tt_narrow: 0,
            tt_probe_leaves: 0,
            tt_big_strict: 0,
            tt_size_main: 0,
            id_step: 2,
            id_no_pv: 0,
            aspiration_window: 50,
            null_r: 2,
            null_min_depth: 3,
            multi_cut_m: 10,
            multi_cut_c: 3,
            multi_cut_r: 2,
            multi_cut_min_depth: 3,
            multi_cut_full_window: 0,
            multi_cut_no_null: 0,
            null_fail_soft: 0,
            lmr_after: 5,
            lmr_r: 2,
            lmr_min_depth: 3,
            lmr_research: 0,
            lmr_captures: 0,
            history_all: 0,
            history_malus: 0,
            iid_depth: 0,
            killer_scheme: 0,
            q_limit: 6,
            q_all_moves: 1,
            q_quiet_every: 1,
            q_count: 0,
            q_no_killers: 0,
            slowdown_pct: 0,
            cand_radius: 1,
            greedy_width: 10,
            threat_depth: 3,
            playouts: 2000,
            uct_c: 1414,
            mcts_seed: 0,
            tie_seed: 0,
            eval_weights: BTreeMap::new(),
        }
    }
}

/// One entry of the registry: a parameter's name, range and what it means.
pub struct ParamSpec {
    /// The name in `--param name=value` and in records.
    pub name: &'static str,
    /// The smallest accepted value.
    pub min: u32,
    /// The largest accepted value.
    pub max: u32,
    /// One line of help.
    pub help: &'static str,
}

macro_rules! registry {
    ($($field:ident, $name:literal, $min:expr, $max:expr, $help:literal;)*) => {
        /// Every numeric parameter (`tt-scheme` is the one named value and is listed apart).
        pub const PARAMS: &[ParamSpec] = &[
            $(ParamSpec { name: $name, min: $min, max: $max, help: $help },)*
        ];

        impl Params {
            fn field_mut(&mut self, name: &str) -> Option<&mut u32> {
                match name {
                    $($name => Some(&mut self.$field),)*
                    _ => None,
                }
            }

            fn field(&self, name: &str) -> Option<u32> {
                match name {
                    $($name => Some(self.$field),)*
                    _ => None,
                }
            }
        }
    };
}

registry! {
    tt_bits, "tt-bits", 0, 28, "log2 of the entries in each transposition table";
    tt_cut_deeper, "tt-cut-deeper", 0, 1, "1: deeper entries may cut too (not exact)";
    tt_narrow, "tt-narrow", 0, 1, "1: a bound that does not cut narrows the window";
    tt_probe_leaves, "tt-probe-leaves", 0, 1, "1: depth-0 nodes probe the table";
    tt_big_strict, "tt-big-strict", 0, 1, "1: big1 schemes replace only on a bigger subtree";
    tt_size_main, "tt-size-main", 0, 1, "1: big1 subtree sizes leave q-nodes out";
    id_step, "id-step", 1, 8, "iterative deepening step in plies";
    id_no_pv, "id-no-pv", 0, 1, "1: no previous-PV move first where the table has none";
    aspiration_window, "aspiration-window", 1, 1_000_000, "root window half-width";
    null_r, "null-r", 1, 8, "null-move reduction R";
    null_min_depth, "null-min-depth", 1, 64, "least depth for null move";
    multi_cut_m, "multi-cut-m", 1, 64, "multi-cut moves examined M";
    multi_cut_c, "multi-cut-c", 1, 64, "multi-cut fail-highs needed C";
    multi_cut_r, "multi-cut-r", 1, 8, "multi-cut reduction R";
    multi_cut_min_depth, "multi-cut-min-depth", 1, 64, "least depth for multi-cut";
    multi_cut_full_window, "multi-cut-full-window", 0, 1, "1: probes search (alpha, beta)";
    multi_cut_no_null, "multi-cut-no-null", 0, 1, "1: no null move right below a probe";
    null_fail_soft, "null-fail-soft", 0, 1, "1: a null-move cut returns its value, not beta";
    lmr_after, "lmr-after", 1, 64, "moves searched before reductions start";
    lmr_r, "lmr-r", 1, 8, "late move reduction in plies";
    lmr_min_depth, "lmr-min-depth", 1, 64, "least depth for late move reductions";
    lmr_research, "lmr-research", 0, 1, "1: re-search reduced moves that fail high";
    lmr_captures, "lmr-captures", 0, 1, "1: reduce noisy moves too";
    history_all, "history-all", 0, 1, "1: credit every finished node's best move";
    history_malus, "history-malus", 0, 1, "1: moves searched before a cutoff lose history";
    iid_depth, "iid-depth", 0, 64, "internal iterative deepening from this depth (0: off)";
    killer_scheme, "killer-scheme", 0, 1, "0: two newest per ply; 1: CAMMP's slots";
    q_limit, "q-limit", 0, 60, "quiescence plies below the nominal depth";
    q_all_moves, "q-all-moves", 0, 1, "1: all moves after a noisy one; 0: noisy only";
    q_quiet_every, "q-quiet-every", 1, 2, "test quiet every this many q-plies";
    q_count, "q-count", 0, 1, "0: every q-node entry; 1: expanding q-nodes only";
    q_no_killers, "q-no-killers", 0, 1, "1: quiescence orders by history only, no killers";
    slowdown_pct, "slowdown-pct", 0, 100, "test only: busy-wait this % of each timed search";
    cand_radius, "cand-radius", 1, 4, "gomoku candidates: empty points this near a stone";
    greedy_width, "greedy-width", 1, 400, "greedy: moves kept per node";
    threat_depth, "threat-depth", 1, 5, "threat-space: own moves of the longest forced win";
    playouts, "playouts", 1, 100_000_000, "mcts: playouts per search";
    uct_c, "uct-c", 0, 100_000, "mcts: UCT exploration constant in thousandths";
    mcts_seed, "mcts-seed", 0, u32::MAX, "mcts: seed of the playouts' random numbers";
    tie_seed, "tie-seed", 0, u32::MAX, "0: first of equal root moves; else a seeded random one";
}

/// A named set of `--param` assignments (`--params NAME`).
pub struct Profile {
    /// The name.
    pub name: &'static str,
    /// What it is, for `--help`.
    pub help: &'static str,
    /// The assignments, applied in order.
    pub assignments: &'static [&'static str],
}

/// Every profile.
///
/// `cammp-java` is every kind of difference between our techniques and the CAMMP program's
/// (`colinschepers/MingMang`, `src/AlphaBeta.java`), each a parameter set to CAMMP's side.
/// CAMMP's outright bugs are not reproduced: it stores TT bounds inverted (a fail low as a
/// lower bound, a fail high as an upper one) and classifies them against the window before
/// the table narrowed it; its quiescence sets `score = alpha` where it means `alpha = score`;
/// its quiescence scores a terminal position by the evaluation; and a position already in
/// its first TT slot is rewritten into the second, leaving the stale entry first.
pub const PROFILES: &[Profile] = &[Profile {
    name: "cammp-java",
    help: "every CAMMP search difference, its bugs left out",
    assignments: &[
        "tt-cut-deeper=1",
        "tt-narrow=1",
        "tt-probe-leaves=1",
        "tt-big-strict=1",
        "tt-size-main=1",
        "id-no-pv=1",
        "multi-cut-full-window=1",
        "multi-cut-no-null=1",
        "null-fail-soft=1",
        "lmr-captures=1",
        "history-all=1",
        "killer-scheme=1",
        "q-quiet-every=2",
        "q-count=1",
        "q-no-killers=1",
    ],
}];

/// The `--param` help: every parameter with its range, default and meaning, from the
/// registry, and the evaluation weights of every game or of `game` alone.
pub fn params_help(game: Option<&str>) -> String {
    let defaults = Params::default();
    let schemes = TtScheme::ALL.map(|s| s.name()).join("|");
    let mut lines = vec![
        "A search parameter, `name=value` (repeatable), e.g. `null-r=3`. Every parameter, with \
         its range and default:"
            .to_string(),
        format!(
            "  tt-scheme = {schemes} (default {}): the replacement scheme",
            defaults.tt_scheme.name()
        ),
    ];
    lines.extend(PARAMS.iter().map(|p| {
        let default = defaults.field(p.name).expect("the registry names a field");
        format!(
            "  {} = {}..={} (default {default}): {}",
            p.name, p.min, p.max, p.help
        )
    }));
    let own = |&(of, _): &(&str, _)| game.is_none_or(|g| g == of);
    let weights: Vec<String> = eval_params()
        .filter(own)
        .map(|(game, p)| {
            format!(
                "  {} (default {}): {game} {}: {}",
                p.name, p.default, p.eval, p.help
            )
        })
        .collect();
    let range = format!("-{EVAL_WEIGHT_LIMIT}..={EVAL_WEIGHT_LIMIT}");
    lines.push(match game {
        None => format!("Evaluation weights, each read by one game's evaluation, {range}:"),
        Some(game) if weights.is_empty() => format!("{game}'s evaluations have no weights."),
        Some(game) => format!("{game}'s evaluation weights, {range}:"),
    });
    lines.extend(weights);
    lines.join("\n")
}

/// The `--params` help: every profile with its assignments.
pub fn profiles_help() -> String {
    let list: Vec<String> = PROFILES
        .iter()
        .map(|p| format!("{} ({}: {})", p.name, p.help, p.assignments.join(" ")))
        .collect();
    format!(
        "A named set of params, applied before any --param (repeatable): {}",
        list.join("; ")
    )
}

impl Params {
    /// The parameters that the game's own hooks read.
    pub fn game_params(&self) -> GameParams {
        GameParams {
            cand_radius: self.cand_radius,
            threat_depth: self.threat_depth,
        }
    }

    /// The evaluation `name` of `G` (its default when `None`) with the evaluation weights
    /// set here; the error names an unknown evaluation or a weight `G`'s evaluation lacks.
    pub fn eval<G: Game>(&self, name: Option<&str>) -> Result<G::Eval, String> {
        let weights = self.eval_weights.iter();
        weights::eval_with::<G>(name, weights.map(|(n, &v)| (n.as_str(), v)))
    }

    /// Whether `name` is a parameter or some game's evaluation weight.
    pub fn knows(name: &str) -> bool {
        name == "tt-scheme"
            || PARAMS.iter().any(|p| p.name == name)
            || eval_params().any(|(_, p)| p.name == name)
    }

    /// Sets `name` from `value`, checking the name and the range.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name == "tt-scheme" {
            self.tt_scheme = *TtScheme::ALL
                .iter()
                .find(|s| s.name() == value)
                .ok_or_else(|| {
                    format!(
                        "tt-scheme must be one of {}, not `{value}`",
                        TtScheme::ALL.map(|s| s.name()).join(", ")
                    )
                })?;
            return Ok(());
        }
        if eval_params().any(|(_, p)| p.name == name) {
            return self.set_eval_weight(name, value);
        }
        let spec = PARAMS.iter().find(|p| p.name == name).ok_or_else(|| {
            let names: Vec<&str> = PARAMS.iter().map(|p| p.name).collect();
            let weights: Vec<String> = eval_params()
                .map(|(game, p)| format!("{} ({game} {})", p.name, p.eval))
                .collect();
            format!(
                "unknown param `{name}` (params: tt-scheme, {}; evaluation weights: {})",
                names.join(", "),
                weights.join(", ")
            )
        })?;
        let number: u32 = value
            .parse()
            .map_err(|_| format!("param {name} needs a whole number, not `{value}`"))?;
        if !(spec.min..=spec.max).contains(&number) {
            return Err(format!(
                "param {name} must be {}..={}, not {number}",
                spec.min, spec.max
            ));
        }
        *self.field_mut(name).expect("the registry names a field") = number;
        Ok(())
    }

    fn set_eval_weight(&mut self, name: &str, value: &str) -> Result<(), String> {
        let weight: Score = value
            .parse()
            .map_err(|_| format!("param {name} needs a whole number, not `{value}`"))?;
        if weight.abs() > EVAL_WEIGHT_LIMIT {
            return Err(format!(
                "param {name} must be -{EVAL_WEIGHT_LIMIT}..={EVAL_WEIGHT_LIMIT}, not {weight}"
            ));
        }
        self.eval_weights.insert(name.to_string(), weight);
        Ok(())
    }

    /// Applies the profiles named in `names`, in order.
    pub fn with_profiles<'a>(
        self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Params, String> {
        names.into_iter().try_fold(self, |params, name| {
            let profile = PROFILES.iter().find(|p| p.name == name).ok_or_else(|| {
                let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
                format!(
                    "unknown params profile `{name}` (profiles: {})",
                    names.join(", ")
                )
            })?;
            params.with_assignments(profile.assignments.iter().copied())
        })
    }

    /// Applies `name=value` assignments in order, refusing a name given twice among them
    /// (`--param null-r=2 --param null-r=3`: which one was meant is not for the program to
    /// guess). A profile's assignments, applied before, may be overridden by one of these.
    pub fn with_distinct_assignments<'a>(
        self,
        assignments: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Result<Params, String> {
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for text in assignments.clone() {
            let name = assigned_name(text);
            if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name) {
                return Err(format!(
                    "param {name} is given twice (`{first}`, then `{text}`): give it once"
                ));
            }
            seen.push((name, text));
        }
        self.with_assignments(assignments)
    }

    /// Applies `name=value` assignments in order.
    pub fn with_assignments<'a>(
        mut self,
        assignments: impl IntoIterator<Item = &'a str>,
    ) -> Result<Params, String> {
        for text in assignments {
            let (name, value) = text
                .split_once('=')
                .ok_or_else(|| format!("a param is written name=value, not `{text}`"))?;
            self.set(name.trim(), value.trim())?;
        }
        Ok(self)
    }
}

/// The name an assignment `name=value` sets (the whole text, trimmed, without a `=`).
pub fn assigned_name(assignment: &str) -> &str {
    assignment
        .split_once('=')
        .map_or(assignment, |(n, _)| n)
        .trim()
}

/// Every game's evaluation weights with the game's name, in registry order.
fn eval_params() -> impl Iterator<Item = (&'static str, &'static weights::EvalParam)> {
    GAMES
        .iter()
        .zip(EVAL_PARAM_TABLES)
        .flat_map(|(&game, table)| table.iter().map(move |p| (game, p)))
}

#[cfg(test)]
mod tests {
    use super::{eval_params, params_help, Params, PARAMS};
    use crate::game::{EVAL_PARAM_TABLES, EVAL_WEIGHT_LIMIT, GAMES};

    /// A param given twice is refused, naming it and both assignments; given once each,
    /// the same assignments apply.
    #[test]
    fn a_param_given_twice_is_refused_naming_it() {
        let err = Params::default()
            .with_distinct_assignments(["null-r=2", "id-step=1", " null-r = 3"])
            .unwrap_err();
        assert_eq!(
            err,
            "param null-r is given twice (`null-r=2`, then ` null-r = 3`): give it once"
        );
        let once = Params::default().with_distinct_assignments(["null-r=2", "id-step=1"]);
        let applied = Params::default().with_assignments(["null-r=2", "id-step=1"]);
        assert_eq!(once, applied);
    }

    /// `knows` accepts `tt-scheme`, every parameter and every game's evaluation weight, and
    /// nothing else.
    #[test]
    fn every_parameter_and_weight_is_known_and_nothing_else() {
        assert!(Params::knows("tt-scheme"));
        for spec in PARAMS {
            assert!(Params::knows(spec.name), "{}", spec.name);
        }
        let mut weights = 0;
        for (game, param) in eval_params() {
            assert!(Params::knows(param.name), "{game} {}", param.name);
            weights += 1;
        }
        assert!(weights > 0);
        for unknown in ["", "tt", "null-r ", "no-such-parameter"] {
            assert!(!Params::knows(unknown), "{unknown}");
        }
    }

    /// An evaluation weight takes every whole number from -EVAL_WEIGHT_LIMIT to
    /// EVAL_WEIGHT_LIMIT, the limits included, and nothing beyond them or not a number.
    #[test]
    fn an_evaluation_weight_takes_the_limits_and_nothing_beyond() {
        let (_, param) = eval_params().next().unwrap();
        let mut p = Params::default();
        for weight in [EVAL_WEIGHT_LIMIT, -EVAL_WEIGHT_LIMIT, 0] {
            p.set(param.name, &weight.to_string()).unwrap();
            assert_eq!(p.eval_weights[param.name], weight);
        }
        for bad in [EVAL_WEIGHT_LIMIT + 1, -EVAL_WEIGHT_LIMIT - 1] {
            let err = p.set(param.name, &bad.to_string()).unwrap_err();
            let range = format!("-{EVAL_WEIGHT_LIMIT}..={EVAL_WEIGHT_LIMIT}, not {bad}");
            assert!(err.contains(&range), "{err}");
        }
        assert!(p
            .set(param.name, "1.5")
            .unwrap_err()
            .contains("whole number"));
        assert_eq!(
            p.eval_weights[param.name], 0,
            "a refused value leaves the weight"
        );
    }

    /// The help lists every parameter with its default, then the weights: all of them without
    /// a game, a game's own (or that it has none) with one.
    #[test]
    fn the_params_help_lists_every_parameter_and_each_games_own_weights() {
        let all = params_help(None);
        for spec in PARAMS {
            assert!(
                all.contains(&format!("  {} = ", spec.name)),
                "{}",
                spec.name
            );
        }
        assert!(all.contains("Evaluation weights, each read by one game's evaluation"));
        for (_, p) in eval_params() {
            assert!(
                all.contains(&format!("  {} (default ", p.name)),
                "{}",
                p.name
            );
        }
        for (game, table) in GAMES.iter().zip(EVAL_PARAM_TABLES) {
            let help = params_help(Some(game));
            let none = format!("{game}'s evaluations have no weights.");
            let some = format!("{game}'s evaluation weights");
            assert_eq!(help.contains(&none), table.is_empty(), "{help}");
            assert_eq!(help.contains(&some), !table.is_empty(), "{help}");
            for (of, p) in eval_params() {
                assert_eq!(
                    help.contains(&format!("  {} (", p.name)),
                    of == *game,
                    "{help}"
                );
            }
        }
    }
}
