//! Arguments shared by the commands: the game and position, the search configuration.

use crate::cputime::Clock;
use crate::engine::Spec;
use crate::game::{split_game_string, Game, GameId};
use crate::search::params::assigned_name;
use crate::search::{Config, Params};
use anyhow::{anyhow, bail, Result};
use clap::Args;

/// Which game and which position.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: `name[:options]`, e.g. `kalah`, `kalah:6,4,empty-capture`.
    #[arg(long, short, default_value = "kalah")]
    pub game: String,
    /// Moves from the start position, comma-separated in the game's notation (`3,4,1`).
    #[arg(long, short, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
}

impl GameArgs {
    /// The game, checked against the implemented games.
    pub fn id(&self) -> Result<GameId> {
        let (name, _) = split_game_string(&self.game);
        GameId::parse(name).map_err(|e| anyhow!(e))
    }
}

/// Builds game `G` from a game string's options and plays `moves` from its start.
pub fn load_position<G: Game>(args: &GameArgs) -> Result<G> {
    let (_, options) = split_game_string(&args.game);
    let mut game = G::from_options(options).map_err(|e| anyhow!("game `{}`: {e}", args.game))?;
    game.play_moves(&args.moves)
        .map_err(|e| anyhow!("--moves: {e}"))?;
    Ok(game)
}

/// How to search: configuration, parameters and evaluation.
#[derive(Args, Clone, Debug)]
pub struct SearchArgs {
    /// The configuration (the presets and flags are listed from the search's tables).
    #[arg(long, short, default_value = "alphabeta")]
    pub config: String,
    /// The parameters and profiles.
    #[command(flatten)]
    pub tuning: ParamArgs,
    /// The evaluation, by name (the game's default when absent).
    #[arg(long)]
    pub eval: Option<String>,
}

impl SearchArgs {
    /// The configuration, checked against game `G` (its game-specific techniques).
    pub fn config<G: Game>(&self) -> Result<Config> {
        let config = Config::parse(&self.config).map_err(|e| anyhow!(e))?;
        config.check_game::<G>().map_err(|e| anyhow!(e))?;
        Ok(config)
    }

    /// The parameters: every `--params` profile, then every `--param`.
    pub fn params(&self) -> Result<Params> {
        self.tuning.params()
    }

    /// The evaluation of game `G` with the weights of `--param`, checked.
    pub fn eval<G: Game>(&self) -> Result<G::Eval> {
        let params = self.params()?;
        params
            .eval::<G>(self.eval.as_deref())
            .map_err(|e| anyhow!(e))
    }

    /// The configuration, parameters and evaluation, checked against `G`.
    pub fn spec<G: Game>(&self) -> Result<Spec<G>> {
        Ok(Spec {
            config: self.config::<G>()?,
            params: self.params()?,
            eval: self.eval::<G>()?,
        })
    }
}

/// How a protocol client (`gthd`, `pbrain`) searches: [`SearchArgs`] whose defaults are
/// the game's protocol defaults ([`Defaults`]).
#[derive(Args, Clone, Debug)]
pub struct PlayerArgs {
    /// The configuration (default: the game's protocol default, named in this command's
    /// description).
    #[arg(long, short)]
    pub config: Option<String>,
    /// The parameters and profiles (the protocol defaults' own come first).
    #[command(flatten)]
    pub tuning: ParamArgs,
    /// The evaluation, by name (default: the game's protocol default).
    #[arg(long)]
    pub eval: Option<String>,
}

/// A game's protocol defaults: what a client plays with where its options are silent.
pub struct Defaults {
    pub config: &'static str,
    /// Assignments applied before any `--param`.
    pub params: &'static [&'static str],
    pub eval: Option<&'static str>,
}

impl PlayerArgs {
    /// The configuration, parameters and evaluation, with `defaults` where not given.
    pub fn spec<G: Game>(&self, defaults: &Defaults) -> Result<Spec<G>> {
        // A default the user sets again is theirs to set: only `--param`s may not repeat.
        let given = |d: &str| {
            let user = self.tuning.params.iter();
            user.map(|p| assigned_name(p))
                .any(|n| n == assigned_name(d))
        };
        let params = defaults
            .params
            .iter()
            .filter(|d| !given(d))
            .map(|p| p.to_string());
        SearchArgs {
            config: self.config.clone().unwrap_or(defaults.config.into()),
            tuning: ParamArgs {
                params: params.chain(self.tuning.params.iter().cloned()).collect(),
                profiles: self.tuning.profiles.clone(),
            },
            eval: self.eval.clone().or(defaults.eval.map(String::from)),
        }
        .spec::<G>()
    }
}

/// The search parameters: profiles, then single assignments.
#[derive(Args, Clone, Debug)]
pub struct ParamArgs {
    /// A search parameter, `name=value` (repeatable, each name once), e.g. `null-r=3`, `tt-scheme=deep`.
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE", long_help = crate::search::params::params_help(None))]
    pub params: Vec<String>,
    /// A named set of params (the profiles are listed from the search's table).
    #[arg(long = "params", value_name = "PROFILE", help = crate::search::params::profiles_help())]
    pub profiles: Vec<String>,
}

impl ParamArgs {
    /// The parameters: every `--params` profile, then every `--param` (each name once).
    pub fn params(&self) -> Result<Params> {
        Params::default()
            .with_profiles(self.profiles.iter().map(String::as_str))
            .and_then(|p| p.with_distinct_assignments(self.params.iter().map(String::as_str)))
            .map_err(|e| anyhow!(e))
    }
}

/// Checks that `out`, if it exists, is a folder (the commands write several files into it).
pub fn check_out_folder(option: &str, out: &std::path::Path) -> Result<()> {
    if out.exists() && !out.is_dir() {
        bail!("{option} {} is a file, not a folder", out.display());
    }
    Ok(())
}

/// Checks that `depth` lies in `1..=max`.
pub fn check_depth(depth: u32, max: u32) -> Result<u32> {
    if !(1..=max).contains(&depth) {
        bail!("--depth must be 1..={max}, not {depth}");
    }
    Ok(depth)
}

/// `--clock cpu|wall`: which time a command reports and judges by.
#[derive(Args, Clone, Copy, Debug)]
pub struct ClockArgs {
    /// The time to report: `cpu` (the searching thread's CPU time, which other work on a
    /// busy machine inflates least) or `wall`.
    #[arg(long, default_value = "cpu", value_name = "cpu|wall")]
    pub clock: Clock,
}
