//! The games a program knows: the built-in ones, then those its binary registers
//! ([`register`], called by [`cli::run_with`](crate::cli::run_with)). A [`GameId`] is a
//! game of this list, checked; its [`GameInfo`] holds what code that never sees the game's
//! type needs (the name, the evaluations, whether the hash is complete).

use super::{Builtin, EvalParam, Game};
use std::sync::OnceLock;

/// What the program knows of a game without its type: the constants of its [`Game`] impl.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// [`Game::NAME`].
    pub name: &'static str,
    /// [`Game::EVAL_NAMES`].
    pub eval_names: &'static [&'static str],
    /// The name of [`Game::DEFAULT_EVAL`].
    pub default_eval: &'static str,
    /// [`Game::EVAL_PARAMS`].
    pub eval_params: &'static [EvalParam],
    /// [`Game::TECHNIQUES`].
    pub techniques: &'static [&'static str],
    /// [`Game::HASH_IS_COMPLETE`].
    pub hash_is_complete: bool,
}

impl GameInfo {
    /// The info of game `G`.
    pub fn of<G: Game>() -> GameInfo {
        GameInfo {
            name: G::NAME,
            eval_names: G::EVAL_NAMES,
            default_eval: G::eval_name(G::DEFAULT_EVAL),
            eval_params: G::EVAL_PARAMS,
            techniques: G::TECHNIQUES,
            hash_is_complete: G::HASH_IS_COMPLETE,
        }
    }
}

static REGISTRY: OnceLock<Vec<GameInfo>> = OnceLock::new();

/// Adds `games` after the built-in ones. Once only, before any game is looked up (the
/// list is fixed from then on); a name taken twice is an error.
pub fn register(games: &[GameInfo]) -> Result<(), String> {
    let mut all = super::builtin_infos();
    for game in games {
        if all.iter().any(|known| known.name == game.name) {
            return Err(format!("the game `{}` is registered twice", game.name));
        }
        all.push(*game);
    }
    REGISTRY
        .set(all)
        .map_err(|_| "games are registered once, before any is looked up".to_string())
}

/// Every game: the built-in ones, then the registered ones.
fn registered() -> &'static [GameInfo] {
    REGISTRY.get_or_init(super::builtin_infos)
}

/// A game of the registry, checked: its position in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(usize);

impl GameId {
    #[doc(hidden)]
    pub const fn builtin(game: Builtin) -> GameId {
        GameId(game as usize)
    }

    /// The built-in game this is, if it is one.
    #[doc(hidden)]
    pub fn as_builtin(self) -> Option<Builtin> {
        super::BUILTINS.get(self.0).copied()
    }

    /// Every game, built-in ones first, in registry order.
    pub fn registered() -> Vec<GameId> {
        (0..registered().len()).map(GameId).collect()
    }

    /// The game named `name`; the error lists the games.
    pub fn parse(name: &str) -> Result<GameId, String> {
        let games = registered();
        games
            .iter()
            .position(|game| game.name == name)
            .map(GameId)
            .ok_or_else(|| {
                let names: Vec<&str> = games.iter().map(|game| game.name).collect();
                format!("unknown game `{name}` (games: {})", names.join(", "))
            })
    }

    /// The game's name ([`Game::NAME`]).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// What the program knows of the game.
    pub fn info(self) -> &'static GameInfo {
        &registered()[self.0]
    }

    /// The game's position in the registry (built-in games first).
    pub fn index(self) -> usize {
        self.0
    }
}
