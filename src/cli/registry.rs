//! The door every game comes in by: an [`Entry`] per game holds its command-line commands,
//! monomorphised for its type ([`Entry::of`]). The built-in games' entries come from the
//! registry (`games!`); a user's binary adds its own with [`run_with`](super::run_with). A
//! command resolves its `--game` to a [`GameId`] and calls that game's entry.

use super::ablate::{Finished, ResumeHint};
use super::match_::MatchArgs;
use super::{ablate, fixtures, match_, minimal, perft, search, tournament, train, Status};
use crate::game::{Game, GameId, GameInfo};
use crate::harness::execute::Watcher;
use crate::harness::minimal::{MinimalEnd, MinimalSpec};
use crate::harness::run::AblationSpec;
use crate::matches::agent::AgentSpec;
use crate::matches::record::SprtSpec;
use anyhow::Result;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

/// One game's commands, each the generic command monomorphised for the game's type.
#[derive(Clone, Copy)]
pub struct Entry {
    pub(super) info: fn() -> GameInfo,
    pub(super) perft: fn(&perft::PerftArgs) -> Result<Status>,
    pub(super) search: fn(&search::SearchCommandArgs) -> Result<Status>,
    pub(super) fixtures: fn(&fixtures::GenerateArgs) -> Result<Status>,
    pub(super) ablate: fn(&AblationSpec, bool, ResumeHint) -> Result<Finished>,
    pub(super) estimate: fn(&AblationSpec, f64) -> Result<Status>,
    pub(super) minimal: fn(&minimal::MinimalArgs) -> Result<Status>,
    pub(super) add_minimal:
        fn(&Path, &MinimalSpec, &mut dyn Watcher, &AtomicBool) -> Result<MinimalEnd>,
    pub(super) play_match: fn(&MatchArgs, &[AgentSpec; 2], u32, Option<SprtSpec>) -> Result<Status>,
    pub(super) tournament: fn(&tournament::TournamentArgs, &[AgentSpec]) -> Result<Status>,
    pub(super) train: fn(&train::QlearnArgs) -> Result<Status>,
}

impl Entry {
    /// The entry of game `G`: every command of `cutoff` on it.
    pub fn of<G: Game>() -> Entry {
        Entry {
            info: GameInfo::of::<G>,
            perft: perft::run_game::<G>,
            search: search::run_game::<G>,
            fixtures: fixtures::generate_set::<G>,
            ablate: ablate::ablate_game::<G>,
            estimate: ablate::print_estimate::<G>,
            minimal: minimal::run_game::<G>,
            add_minimal: crate::harness::minimal::add_minimal_trees::<G>,
            play_match: match_::run_game::<G>,
            tournament: tournament::run_game::<G>,
            train: train::train::<G>,
        }
    }
}

/// The built-in games' entries, in registry order.
macro_rules! builtin_entries {
    ([] $($module:ident :: $Type:ident,)*) => {
        vec![$(Entry::of::<crate::game::$module::$Type>()),*]
    };
}

static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();

/// Registers `games` after the built-in ones, for the commands and for every [`GameId`].
pub(super) fn register(games: &[Entry]) -> Result<(), String> {
    let infos: Vec<GameInfo> = games.iter().map(|entry| (entry.info)()).collect();
    crate::game::register(&infos)?;
    let mut all: Vec<Entry> = crate::games!(builtin_entries);
    all.extend_from_slice(games);
    ENTRIES
        .set(all)
        .map_err(|_| "games are registered once".to_string())
}

/// The entry of game `id`.
pub(super) fn entry(id: GameId) -> Entry {
    ENTRIES.get_or_init(|| crate::games!(builtin_entries))[id.index()]
}
