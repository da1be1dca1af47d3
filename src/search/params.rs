//! Every tunable number of the search in one struct, with its name, default and range.
//!
//! The defaults are CAMMP's (RULES.md section 1). `--param name=value` goes through
//! [`Params::set`]; [`PARAMS`] is the registry, and a test checks that it covers every field.

use serde::{Deserialize, Serialize};

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
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Params {
    /// log2 of the number of entries in each transposition table.
    pub tt_bits: u32,
    /// The replacement scheme.
    pub tt_scheme: TtScheme,
    /// 1: entries searched deeper than needed may cut too (faster, no longer exact).
    pub tt_cut_deeper: u32,
    /// Iterative deepening steps by this many plies, ending at the target depth.
    pub id_step: u32,
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
    /// Late move reduction starts after this many moves.
    pub lmr_after: u32,
    /// Plies a late move is reduced by.
    pub lmr_r: u32,
    /// Late moves are reduced only at this remaining depth or more.
    pub lmr_min_depth: u32,
    /// 1: a reduced move that fails high is searched again at full depth.
    pub lmr_research: u32,
    /// Quiescence goes at most this many plies below the nominal depth.
    pub q_limit: u32,
    /// 1: quiescence searches all moves after a noisy one (CAMMP); 0: noisy moves only.
    pub q_all_moves: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            tt_bits: 16,
            tt_scheme: TtScheme::TwoBig1,
            tt_cut_deeper: 0,
            id_step: 2,
            aspiration_window: 50,
            null_r: 2,
            null_min_depth: 3,
            multi_cut_m: 10,
            multi_cut_c: 3,
            multi_cut_r: 2,
            multi_cut_min_depth: 3,
            lmr_after: 5,
            lmr_r: 2,
            lmr_min_depth: 3,
            lmr_research: 0,
            q_limit: 6,
            q_all_moves: 1,
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
        }
    };
}

registry! {
    tt_bits, "tt-bits", 0, 28, "log2 of the entries in each transposition table";
    tt_cut_deeper, "tt-cut-deeper", 0, 1, "1: deeper entries may cut too (not exact)";
    id_step, "id-step", 1, 8, "iterative deepening step in plies";
    aspiration_window, "aspiration-window", 1, 1_000_000, "root window half-width";
    null_r, "null-r", 1, 8, "null-move reduction R";
    null_min_depth, "null-min-depth", 1, 64, "least depth for null move";
    multi_cut_m, "multi-cut-m", 1, 64, "multi-cut moves examined M";
    multi_cut_c, "multi-cut-c", 1, 64, "multi-cut fail-highs needed C";
    multi_cut_r, "multi-cut-r", 1, 8, "multi-cut reduction R";
    multi_cut_min_depth, "multi-cut-min-depth", 1, 64, "least depth for multi-cut";
    lmr_after, "lmr-after", 1, 64, "moves searched before reductions start";
    lmr_r, "lmr-r", 1, 8, "late move reduction in plies";
    lmr_min_depth, "lmr-min-depth", 1, 64, "least depth for late move reductions";
    lmr_research, "lmr-research", 0, 1, "1: re-search reduced moves that fail high";
    q_limit, "q-limit", 0, 60, "quiescence plies below the nominal depth";
    q_all_moves, "q-all-moves", 0, 1, "1: all moves after a noisy one; 0: noisy only";
}

impl Params {
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
        let spec = PARAMS.iter().find(|p| p.name == name).ok_or_else(|| {
            let names: Vec<&str> = PARAMS.iter().map(|p| p.name).collect();
            format!(
                "unknown param `{name}` (params: tt-scheme, {})",
                names.join(", ")
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
