//! Configurations: which enhancements a search uses, written `preset(+flag|-flag)*`.
//!
//! This module only names and parses; the search reads the flags through `Config::has`.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One search technique that can be switched on and off by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Enhancement {
    /// Alpha-beta pruning; without it the search is plain minimax.
    Ab,
    /// Iterative deepening.
    Id,
    /// Transposition-table bounds and cutoffs.
    TtValue,
    /// Transposition-table move tried first.
    TtMove,
    /// Two killer moves per ply.
    Killers,
    /// History heuristic.
    History,
    /// Principal variation (null-window) search.
    Pvs,
    /// Aspiration windows at the root.
    Aspiration,
    /// Quiescence search after noisy moves.
    Quiescence,
    /// Null-move pruning.
    NullMove,
    /// Multi-cut pruning.
    MultiCut,
    /// Late move reductions.
    Lmr,
}

impl Enhancement {
    /// Every enhancement, in the order of DESIGN.md's table.
    pub const ALL: [Enhancement; 12] = [
        Enhancement::Ab,
        Enhancement::Id,
        Enhancement::TtValue,
        Enhancement::TtMove,
        Enhancement::Killers,
        Enhancement::History,
        Enhancement::Pvs,
        Enhancement::Aspiration,
        Enhancement::Quiescence,
        Enhancement::NullMove,
        Enhancement::MultiCut,
        Enhancement::Lmr,
    ];
    /// The number of enhancements.
    pub const NUM: usize = Self::ALL.len();

    /// The stable kebab-case name used in the CLI, records, tables and charts.
    pub fn name(self) -> &'static str {
        match self {
            Enhancement::Ab => "ab",
            Enhancement::Id => "id",
            Enhancement::TtValue => "tt-value",
            Enhancement::TtMove => "tt-move",
            Enhancement::Killers => "killers",
            Enhancement::History => "history",
            Enhancement::Pvs => "pvs",
            Enhancement::Aspiration => "aspiration",
            Enhancement::Quiescence => "quiescence",
            Enhancement::NullMove => "null-move",
            Enhancement::MultiCut => "multi-cut",
            Enhancement::Lmr => "lmr",
        }
    }

    /// A name for tables: "late move reduction" and the like.
    pub fn title(self) -> &'static str {
        match self {
            Enhancement::Ab => "alpha-beta",
            Enhancement::Id => "iterative deepening",
            Enhancement::TtValue => "transposition-table values",
            Enhancement::TtMove => "transposition-table move",
            Enhancement::Killers => "killer moves",
            Enhancement::History => "history heuristics",
            Enhancement::Pvs => "principal variation search",
            Enhancement::Aspiration => "aspiration windows",
            Enhancement::Quiescence => "quiescence search",
            Enhancement::NullMove => "null move",
            Enhancement::MultiCut => "multi-cut",
            Enhancement::Lmr => "late move reduction",
        }
    }

    /// Looks an enhancement up by its name.
    pub fn from_name(name: &str) -> Option<Enhancement> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Whether the technique never changes the root value at a fixed depth.
    pub fn is_exact(self) -> bool {
        !matches!(
            self,
            Enhancement::Quiescence
                | Enhancement::NullMove
                | Enhancement::MultiCut
                | Enhancement::Lmr
        )
    }

    /// Whether the technique only means something with alpha-beta pruning (move ordering and
    /// windows change nothing in plain minimax, which looks at every move anyway).
    pub fn needs_ab(self) -> bool {
        !matches!(
            self,
            Enhancement::Ab | Enhancement::Id | Enhancement::TtValue | Enhancement::Quiescence
        )
    }

    fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// The search algorithm a configuration runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Negamax with any set of enhancements (the empty set is plain minimax).
    Negamax,
    /// Max at the searcher's nodes, the mean over the opponent's moves (a random opponent).
    Expectimax,
}

/// A set of enhancements together with the algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Config {
    algorithm: Algorithm,
    flags: u32,
}

/// The ten techniques of the CAMMP program.
pub const CAMMP: [Enhancement; 10] = [
    Enhancement::Ab,
    Enhancement::Id,
    Enhancement::TtValue,
    Enhancement::TtMove,
    Enhancement::Quiescence,
    Enhancement::NullMove,
    Enhancement::Killers,
    Enhancement::MultiCut,
    Enhancement::History,
    Enhancement::Lmr,
];

/// The presets a configuration string can start with.
pub const PRESETS: [&str; 5] = ["minimax", "alphabeta", "cammp", "all", "expectimax"];

impl Config {
    /// Plain minimax: no enhancement.
    pub const MINIMAX: Config = Config {
        algorithm: Algorithm::Negamax,
        flags: 0,
    };

    /// The configuration with exactly `flags`.
    pub fn from_flags(flags: &[Enhancement]) -> Config {
        flags.iter().fold(Config::MINIMAX, |c, &e| c.with(e))
    }

    /// Parses `preset(+flag|-flag)*`, e.g. `cammp-lmr` or `alphabeta+killers+history`.
    pub fn parse(text: &str) -> Result<Config, String> {
        let text = text.trim();
        // Preset names contain no sign, so the preset ends at the first one.
        let split = text.find(['+', '-']).unwrap_or(text.len());
        let (preset, mut rest) = text.split_at(split);
        let mut config = match preset {
            "minimax" => Config::MINIMAX,
            "alphabeta" => Config::from_flags(&[Enhancement::Ab]),
            "cammp" => Config::from_flags(&CAMMP),
            "all" => Config::from_flags(&Enhancement::ALL),
            "expectimax" => Config {
                algorithm: Algorithm::Expectimax,
                flags: 0,
            },
            _ => {
                return Err(format!(
                    "unknown preset `{preset}` in configuration `{text}` (presets: {})",
                    PRESETS.join(", ")
                ))
            }
        };
        while !rest.is_empty() {
            let add = rest.starts_with('+');
            let body = &rest[1..];
            let (name, next) = next_flag(body);
            let flag = Enhancement::from_name(name).ok_or_else(|| {
                format!(
                    "unknown flag `{name}` in configuration `{text}` (flags: {})",
                    flag_list()
                )
            })?;
            config = if add {
                config.with(flag)
            } else {
                config.without(flag)
            };
            rest = next;
        }
        config
            .validate()
            .map_err(|e| format!("configuration `{text}`: {e}"))?;
        Ok(config)
    }

    fn validate(&self) -> Result<(), String> {
        if self.algorithm == Algorithm::Expectimax && self.flags != 0 {
            return Err("expectimax takes no flags".into());
        }
        if !self.has(Enhancement::Ab) {
            if let Some(e) = self.flags().into_iter().find(|e| e.needs_ab()) {
                return Err(format!(
                    "{} needs ab (it changes nothing in plain minimax)",
                    e.name()
                ));
            }
        }
        Ok(())
    }

    /// Whether `flag` is on.
    #[inline]
    pub fn has(&self, flag: Enhancement) -> bool {
        self.flags & flag.bit() != 0
    }

    /// This configuration with `flag` on.
    pub fn with(self, flag: Enhancement) -> Config {
        Config {
            flags: self.flags | flag.bit(),
            ..self
        }
    }

    /// This configuration with `flag` off.
    pub fn without(self, flag: Enhancement) -> Config {
        Config {
            flags: self.flags & !flag.bit(),
            ..self
        }
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The enhancements that are on, in table order.
    pub fn flags(&self) -> Vec<Enhancement> {
        Enhancement::ALL
            .into_iter()
            .filter(|&e| self.has(e))
            .collect()
    }

    /// Whether every flag that is on is exact.
    pub fn is_exact(&self) -> bool {
        self.algorithm == Algorithm::Negamax && self.flags().iter().all(|e| e.is_exact())
    }
}

/// Splits the next flag name off `body`: names contain `-`, so a sign starts the next flag
/// only where what precedes it is a whole flag name.
fn next_flag(body: &str) -> (&str, &str) {
    let mut cut = body.len();
    for (i, c) in body.char_indices() {
        if (c == '+' || c == '-') && Enhancement::from_name(&body[..i]).is_some() {
            cut = i;
            break;
        }
    }
    (&body[..cut], &body[cut..])
}

fn flag_list() -> String {
    Enhancement::ALL.map(|e| e.name()).join(", ")
}

impl fmt::Display for Config {
    /// The canonical string: a preset when the set equals one, else `alphabeta+...`/`minimax+...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.algorithm == Algorithm::Expectimax {
            return write!(f, "expectimax");
        }
        let named = [
            ("minimax", Config::MINIMAX),
            ("alphabeta", Config::from_flags(&[Enhancement::Ab])),
            ("cammp", Config::from_flags(&CAMMP)),
            ("all", Config::from_flags(&Enhancement::ALL)),
        ];
        if let Some((name, _)) = named.iter().find(|(_, c)| c == self) {
            return write!(f, "{name}");
        }
        let base = if self.has(Enhancement::Ab) {
            "alphabeta"
        } else {
            "minimax"
        };
        write!(f, "{base}")?;
        for e in self.without(Enhancement::Ab).flags() {
            write!(f, "+{}", e.name())?;
        }
        Ok(())
    }
}

impl From<Config> for String {
    fn from(config: Config) -> String {
        config.to_string()
    }
}

impl TryFrom<String> for Config {
    type Error = String;
    fn try_from(text: String) -> Result<Config, String> {
        Config::parse(&text)
    }
}
