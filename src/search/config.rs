//! Configurations: which enhancements a search uses, written `preset(+flag|-flag)*`.
//!
//! Each technique and each preset is written once, in the two tables below; the enum, its
//! `ALL`, names, titles and flags, the presets, `Display`, parsing, its errors and the
//! `--config` help are all generated from them. This module only names and parses; the search
//! reads the flags through `Config::has`.

use super::params::Params;
use crate::game::Game;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! techniques {
    ($($(#[doc = $doc:literal])* $variant:ident, $name:literal, $title:literal,
       exact: $exact:literal, needs_ab: $needs_ab:literal, game: $game:literal;)*) => {
        /// One search technique that can be switched on and off by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum Enhancement {
            $($(#[doc = $doc])* #[serde(rename = $name)] $variant,)*
        }

        impl Enhancement {
            /// Every enhancement, in the order of DESIGN.md's table.
            pub const ALL: [Enhancement; [$($name),*].len()] = [$(Enhancement::$variant,)*];

            /// The stable kebab-case name used in the CLI, records, tables and charts.
            pub fn name(self) -> &'static str {
                match self {
                    $(Enhancement::$variant => $name,)*
                }
            }

            /// A name for tables: "late move reduction" and the like.
            pub fn title(self) -> &'static str {
                match self {
                    $(Enhancement::$variant => $title,)*
                }
            }

            /// Whether the technique never changes the root value at a fixed depth with
            /// default parameters on a game whose hash decides everything (see
            /// [`Config::is_exact_with`] for the rest).
            pub fn is_exact(self) -> bool {
                match self {
                    $(Enhancement::$variant => $exact,)*
                }
            }

            /// Whether the technique uses one game's own knowledge, so that only games listing
            /// it in [`Game::TECHNIQUES`] accept it.
            pub const fn is_game_specific(self) -> bool {
                match self {
                    $(Enhancement::$variant => $game,)*
                }
            }

            /// Whether the technique only means something with alpha-beta pruning (move
            /// ordering and windows change nothing in plain minimax, which looks at every move
            /// anyway).
            pub fn needs_ab(self) -> bool {
                match self {
                    $(Enhancement::$variant => $needs_ab,)*
                }
            }
        }
    };
}

techniques! {
    /// Alpha-beta pruning; without it the search is plain minimax.
    Ab, "ab", "alpha-beta", exact: true, needs_ab: false, game: false;
    /// Iterative deepening.
    Id, "id", "iterative deepening", exact: true, needs_ab: false, game: false;
    /// Transposition-table bounds and cutoffs.
    TtValue, "tt-value", "transposition-table values", exact: true, needs_ab: false, game: false;
    /// Transposition-table move tried first.
    TtMove, "tt-move", "transposition-table move", exact: true, needs_ab: true, game: false;
    /// Two killer moves per ply.
    Killers, "killers", "killer moves", exact: true, needs_ab: true, game: false;
    /// History heuristic.
    History, "history", "history heuristics", exact: true, needs_ab: true, game: false;
    /// Principal variation (null-window) search.
    Pvs, "pvs", "principal variation search", exact: true, needs_ab: true, game: false;
    /// Aspiration windows at the root.
    Aspiration, "aspiration", "aspiration windows", exact: true, needs_ab: true, game: false;
    /// Quiescence search after noisy moves.
    Quiescence, "quiescence", "quiescence search", exact: false, needs_ab: false, game: false;
    /// Null-move pruning.
    NullMove, "null-move", "null move", exact: false, needs_ab: true, game: false;
    /// Multi-cut pruning.
    MultiCut, "multi-cut", "multi-cut", exact: false, needs_ab: true, game: false;
    /// Late move reductions.
    Lmr, "lmr", "late move reduction", exact: false, needs_ab: true, game: false;
    /// Gomoku: before the root search, win at once, block the opponent's win, or play a
    /// forced win that a threat-space search proves (`threat-depth`).
    ThreatSpace, "threat-space", "threat-space search", exact: false, needs_ab: false, game: true;
    /// Moves in order of the game's static move score (`Game::move_score`), after the table
    /// move and the killers, before the history.
    CandidateSort, "candidate-sort", "candidate sorting", exact: true, needs_ab: true, game: true;
    /// Only the `greedy-width` moves with the best static move score at every node.
    Greedy, "greedy", "greedy pruning", exact: false, needs_ab: false, game: true;
    /// Gothello: among root moves of equal score, the one after which the mover's stones have
    /// the most liberties (`Game::root_tie_break`). The root searches each later move in
    /// (alpha - 1, alpha + 1) first so that ties are seen, which costs nodes.
    Liberties, "liberties", "liberties tie-break", exact: true, needs_ab: false, game: true;
}

impl Enhancement {
    /// Looks an enhancement up by its name.
    pub fn from_name(name: &str) -> Option<Enhancement> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }

    const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// The techniques game `G` accepts: every generic one and the game-specific ones it lists
    /// in [`Game::TECHNIQUES`], in table order.
    pub fn applicable<G: Game>() -> Vec<Enhancement> {
        Self::ALL
            .into_iter()
            .filter(|e| !e.is_game_specific() || G::TECHNIQUES.contains(&e.name()))
            .collect()
    }
}

/// The bits of every technique that is not game-specific: the `all` preset.
const fn generic_bits() -> u32 {
    let mut bits = 0;
    let mut i = 0;
    while i < Enhancement::ALL.len() {
        if !Enhancement::ALL[i].is_game_specific() {
            bits |= Enhancement::ALL[i].bit();
        }
        i += 1;
    }
    bits
}

/// How the negamax reads its flags: every flag test is `F::has(config, flag)`, so the one
/// negamax serves every configuration through [`Runtime`], and the presets that benches and
/// users time most (`alphabeta`, `alphabeta+id+tt-value+tt-move+pvs`) through a [`Fixed`]
/// copy, chosen once per search, whose tests are constants the compiler folds away.
pub(crate) trait Flags {
    /// Whether `flag` is on in `config`.
    fn has(config: &Config, flag: Enhancement) -> bool;
}

/// Flags read from the configuration at run time.
pub(crate) struct Runtime;

impl Flags for Runtime {
    #[inline(always)]
    fn has(config: &Config, flag: Enhancement) -> bool {
        config.has(flag)
    }
}

/// Flags known at compile time: the configuration's bits are `BITS` (the searcher checks
/// that before choosing it).
pub(crate) struct Fixed<const BITS: u32>;

impl<const BITS: u32> Flags for Fixed<BITS> {
    #[inline(always)]
    fn has(config: &Config, flag: Enhancement) -> bool {
        debug_assert_eq!(config.flags, BITS);
        BITS & flag.bit() != 0
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
    /// Monte Carlo tree search (UCT) with the game's rollout policy.
    Mcts,
}

/// A set of enhancements together with the algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Config {
    algorithm: Algorithm,
    flags: u32,
}

/// A named configuration a configuration string can start with.
pub struct Preset {
    /// The name, e.g. `cammp`.
    pub name: &'static str,
    /// What it is, for `--help`.
    pub help: &'static str,
    /// The configuration it names.
    pub config: Config,
}

/// Every preset, in `--help` order; `Display` writes a configuration as the first preset
/// equal to it.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "minimax",
        help: "plain minimax",
        config: Config::MINIMAX,
    },
    Preset {
        name: "alphabeta",
        help: "alpha-beta alone",
        config: Config::from_flags(&[Enhancement::Ab]),
    },
    Preset {
        name: "cammp",
        help: "the ten techniques of the CAMMP program",
        config: Config::from_flags(&[
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
        ]),
    },
    Preset {
        name: "all",
        help: "every technique that is not game-specific",
        config: Config {
            algorithm: Algorithm::Negamax,
            flags: generic_bits(),
        },
    },
    Preset {
        name: "expectimax",
        help: "expectimax against a random opponent, no flags",
        config: Config {
            algorithm: Algorithm::Expectimax,
            flags: 0,
        },
    },
    Preset {
        name: "mcts",
        help: "Monte Carlo tree search (UCT) with the game's rollouts, no flags; params \
               playouts, uct-c, mcts-seed",
        config: Config {
            algorithm: Algorithm::Mcts,
            flags: 0,
        },
    },
];

/// What every configuration argument's help ends with (`--config`, `ablate --full` and
/// `--base`): the syntax, then every preset and every flag from the tables.
pub fn help() -> String {
    let presets: Vec<String> = PRESETS
        .iter()
        .map(|p| format!("{} ({})", p.name, p.help))
        .collect();
    format!(
        "A configuration is `preset(+flag|-flag)*`, e.g. `cammp-lmr`: presets {}; flags {}.",
        presets.join(", "),
        flag_list()
    )
}

impl Config {
    /// Plain minimax: no enhancement.
    pub const MINIMAX: Config = Config {
        algorithm: Algorithm::Negamax,
        flags: 0,
    };

    /// The configuration with exactly `flags`.
    pub const fn from_flags(flags: &[Enhancement]) -> Config {
        let mut bits = 0;
        let mut i = 0;
        while i < flags.len() {
            bits |= flags[i].bit();
            i += 1;
        }
        Config {
            algorithm: Algorithm::Negamax,
            flags: bits,
        }
    }

    /// A preset by name.
    pub fn preset(name: &str) -> Option<Config> {
        PRESETS.iter().find(|p| p.name == name).map(|p| p.config)
    }

    /// Parses `preset(+flag|-flag)*`, e.g. `cammp-lmr` or `alphabeta+killers+history`.
    pub fn parse(text: &str) -> Result<Config, String> {
        let text = text.trim();
        // Preset names contain no sign, so the preset ends at the first one.
        let split = text.find(['+', '-']).unwrap_or(text.len());
        let (preset, mut rest) = text.split_at(split);
        let mut config = Config::preset(preset).ok_or_else(|| {
            let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
            format!(
                "unknown preset `{preset}` in configuration `{text}` (presets: {})",
                names.join(", ")
            )
        })?;
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
        if self.algorithm != Algorithm::Negamax && self.flags != 0 {
            return Err(format!(
                "{} takes no flags",
                PRESETS
                    .iter()
                    .find(|p| p.config.algorithm == self.algorithm)
                    .map_or("this algorithm", |p| p.name)
            ));
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

    /// Checks that game `G` implements every game-specific flag that is on; the error names
    /// the flag and the flags the game accepts.
    pub fn check_game<G: Game>(&self) -> Result<(), String> {
        let applicable = Enhancement::applicable::<G>();
        match self.flags().into_iter().find(|e| !applicable.contains(e)) {
            None => Ok(()),
            Some(flag) => {
                let own: Vec<&str> = G::TECHNIQUES.to_vec();
                let own = if own.is_empty() {
                    "none".to_string()
                } else {
                    own.join(", ")
                };
                Err(format!(
                    "configuration `{self}`: {} is a game-specific technique that {} does not \
                     implement ({}'s own techniques: {own})",
                    flag.name(),
                    G::NAME,
                    G::NAME
                ))
            }
        }
    }

    /// Whether `flag` is on.
    #[inline]
    pub fn has(&self, flag: Enhancement) -> bool {
        self.flags & flag.bit() != 0
    }

    /// The flags as bits, for [`Fixed`].
    pub(crate) const fn bits(&self) -> u32 {
        self.flags
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

    /// Whether the configuration never changes the root value at a fixed depth under `params`
    /// on a game whose hash is complete or not (`hash_is_complete`, the caller's word).
    ///
    /// `tt-value` is exact only when entries cut at exactly the depth needed
    /// (`tt-cut-deeper=0`) and the hash covers everything that decides the legal moves and the
    /// end. A stored value is reused for every position with the same hash; where the hash
    /// leaves something out, two positions with one hash can have different values and the
    /// table returns the other one's. Ming Mang's hash covers the placement and the side to
    /// move but not the consecutive-pass counter, the plies left before the 400-ply end, nor
    /// the earlier placements of the repetition ban, so there `tt-value` is not exact. The
    /// search sees no concrete game, so the caller passes the game's
    /// [`Game::HASH_IS_COMPLETE`].
    pub fn is_exact_with(&self, params: &Params, hash_is_complete: bool) -> bool {
        let tt_exact = params.tt_cut_deeper == 0 && hash_is_complete;
        self.algorithm == Algorithm::Negamax
            && self
                .flags()
                .iter()
                .all(|&e| e.is_exact() && (e != Enhancement::TtValue || tt_exact))
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

/// The flags, the game-specific ones apart.
fn flag_list() -> String {
    let names = |game: bool| {
        Enhancement::ALL
            .into_iter()
            .filter(|e| e.is_game_specific() == game)
            .map(|e| e.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "{}; game-specific flags (only for games that implement them) {}",
        names(false),
        names(true)
    )
}

impl Config {
    /// The configuration spelled out as `alphabeta+...` or `minimax+...`, never by a
    /// preset's name: what it means, whatever the presets come to mean.
    pub fn expanded(&self) -> String {
        let (base, rest) = match self.has(Enhancement::Ab) {
            true => ("alphabeta", self.without(Enhancement::Ab)),
            false => ("minimax", *self),
        };
        if self.algorithm != Algorithm::Negamax {
            return self.to_string();
        }
        rest.flags()
            .iter()
            .fold(base.to_string(), |text, e| text + "+" + e.name())
    }
}

impl fmt::Display for Config {
    /// The canonical string: a preset when the configuration equals one, else
    /// `alphabeta+...` or `minimax+...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |config: Config| PRESETS.iter().find(|p| p.config == config).map(|p| p.name);
        if let Some(name) = name(*self) {
            return write!(f, "{name}");
        }
        let ab = Config::from_flags(&[Enhancement::Ab]);
        let base = name(if self.has(Enhancement::Ab) {
            ab
        } else {
            Config::MINIMAX
        });
        let base = base.expect("minimax and alphabeta are presets");
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
