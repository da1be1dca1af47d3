//! `--help` from the registries: `--game`, `--eval`, `--set` and the configurations
//! (`--config`, `ablate --full` and `--base`) list the games, each game's evaluations, each
//! game's committed position sets and the presets and flags, read from the code and the
//! built-in fixtures, so the lists a user reads are the ones the commands accept. The
//! protocol clients' `--param` lists only their own game's evaluation weights.

use crate::game::GameId;
use crate::harness::embedded;
use crate::search::{config, params};
use clap::Command;

/// `cmd` with every `game`, `eval`, `set` and configuration argument's help (in every
/// subcommand) followed by its valid values.
pub fn with_registry_help(cmd: Command) -> Command {
    let configs = config::help();
    let notes = [
        ("game", games()),
        ("eval", evals()),
        ("set", sets()),
        ("config", configs.clone()),
        ("full", configs.clone()),
        ("base", configs),
    ];
    let own_params = |cmd: Command, game: &str| {
        let help = params::params_help(Some(game));
        cmd.mut_arg("params", |arg| arg.long_help(help))
    };
    annotate(cmd, &notes)
        .mut_subcommand("pbrain", |c| own_params(c, "gomoku"))
        .mut_subcommand("gthd", |c| own_params(c, "gothello"))
}

fn annotate(cmd: Command, notes: &[(&str, String)]) -> Command {
    cmd.mut_args(|arg| {
        let Some((_, note)) = notes.iter().find(|(id, _)| arg.get_id() == *id) else {
            return arg;
        };
        let long = arg
            .get_long_help()
            .or(arg.get_help())
            .map(|h| h.to_string());
        let short = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
        arg.help(format!("{short} {note}"))
            .long_help(format!("{}\n\n{note}", long.unwrap_or_default()))
    })
    .mut_subcommands(|sub| annotate(sub, notes))
}

fn games() -> String {
    let names: Vec<&str> = GameId::registered().into_iter().map(GameId::name).collect();
    format!("Games: {}.", names.join(", "))
}

fn evals() -> String {
    let per_game: Vec<String> = GameId::registered()
        .into_iter()
        .map(|id| {
            let game = id.info();
            let names = game.eval_names.join(", ");
            format!("{}: {names} (default {})", game.name, game.default_eval)
        })
        .collect();
    format!("Evaluations: {}.", per_game.join("; "))
}

fn sets() -> String {
    let per_game: Vec<String> = GameId::registered()
        .into_iter()
        .filter_map(|id| {
            let sets = embedded::sets(id.name());
            (!sets.is_empty()).then(|| format!("{}: {}", id.name(), sets.join(", ")))
        })
        .collect();
    format!(
        "Committed sets (fixtures/<game>/<set>.json; `-1pg`: one position per game): {}.",
        per_game.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::CommandFactory;

    fn help_of(command: &str, arg: &str) -> String {
        let cli = with_registry_help(Cli::command());
        let sub = cli.find_subcommand(command).unwrap();
        let arg = sub.get_arguments().find(|a| a.get_id() == arg).unwrap();
        arg.get_long_help().unwrap().to_string()
    }

    #[test]
    fn game_eval_and_set_help_list_what_the_registries_hold() {
        let game = help_of("search", "game");
        assert!(game.starts_with("The game"), "{game}");
        for id in GameId::ALL {
            assert!(game.contains(id.name()), "{game}");
        }
        let eval = help_of("ablate", "eval");
        assert!(eval.contains("mingmang: cammp"), "{eval}");
        assert!(eval.contains("gothello: number, eye"), "{eval}");
        let set = help_of("ablate", "set");
        for (game, set_name) in [("kalah", "opening-1pg"), ("gomoku", "midgame-1pg")] {
            assert!(
                embedded::sets(game).contains(&set_name),
                "{game}/{set_name}"
            );
        }
        assert!(set.contains("kalah: "), "{set}");
        assert!(set.contains("opening-1pg"), "{set}");
        assert!(!set.contains("bench"), "bench files are not sets: {set}");
    }
}
