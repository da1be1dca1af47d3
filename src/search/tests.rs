use super::*;
use crate::contract::exact::root_value;
use crate::game::kalah::Kalah;
use crate::game::Game;

#[test]
fn the_same_search_twice_counts_the_same() {
    let game = Kalah::from_options("").unwrap();
    for config in [
        "all",
        "cammp",
        "alphabeta+pvs+aspiration+killers",
        "minimax+tt-value",
    ] {
        let config = Config::parse(config).unwrap();
        let eval = Kalah::parse_eval("store-diff").unwrap();
        assert_eq!(
            root_value(&game, config, 7, eval),
            root_value(&game, config, 7, eval),
            "{config}"
        );
    }
}

/// Each flag added to alpha-beta changes the node count at depth 8 from the Kalah start: no
/// flag is inert.
#[test]
fn every_flag_changes_the_tree() {
    let game = Kalah::from_options("").unwrap();
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let base = Config::parse("alphabeta").unwrap();
    let (_, plain) = root_value(&game, base, 8, eval);
    for flag in Enhancement::applicable::<Kalah>()
        .into_iter()
        .filter(|&e| e != Enhancement::Ab)
    {
        let (_, with) = root_value(&game, base.with(flag), 8, eval);
        assert_ne!(with, plain, "{} changed nothing", flag.name());
    }
}

#[test]
fn configurations_parse() {
    let check = |text: &str, canonical: &str| {
        assert_eq!(
            Config::parse(text).map(|c| c.to_string()),
            Ok(canonical.to_string()),
            "{text}"
        );
    };
    check("minimax", "minimax");
    check("alphabeta+killers+history", "alphabeta+killers+history");
    check(
        "cammp-lmr",
        "alphabeta+id+tt-value+tt-move+killers+history+quiescence+null-move+multi-cut",
    );
    check("cammp-lmr+lmr", "cammp");
    check("all-pvs-aspiration", "cammp");
    check("alphabeta+tt-value-tt-value", "alphabeta");
    check("alphabeta+killers+killers", "alphabeta+killers");
    check("minimax+id+tt-value", "minimax+id+tt-value");
    let fails = |text: &str, needle: &str| {
        let err = Config::parse(text).unwrap_err();
        assert!(err.contains(needle), "{text}: {err}");
    };
    fails("alphabet", "unknown preset `alphabet`");
    fails("cammp+killer", "unknown flag `killer`");
    fails("minimax+killers", "killers needs ab");
    fails("expectimax+ab", "expectimax takes no flags");
    // The error lists every flag once, the game-specific ones apart.
    let err = Config::parse("cammp+killer").unwrap_err();
    let (plain, specific) = err
        .split_once("; game-specific flags (only for games that implement them) ")
        .unwrap();
    let listed = |list: &str, name| list.split([',', ' ', ')']).any(|word| word == name);
    for e in Enhancement::ALL {
        let game = e.is_game_specific();
        let at = (listed(plain, e.name()), listed(specific, e.name()));
        assert_eq!(at, (!game, game), "{} in {err}", e.name());
    }
}

/// A configuration is written to JSON as its name and read back from it; a name that does
/// not parse is refused with the parser's error.
#[test]
fn configurations_serialise_as_their_names() {
    for text in [
        "alphabeta",
        "alphabeta+id+tt-value",
        "cammp",
        "expectimax",
        "mcts",
    ] {
        let config = Config::parse(text).unwrap();
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(json, format!("\"{config}\""), "{text}");
        assert_eq!(
            serde_json::from_str::<Config>(&json).unwrap(),
            config,
            "{text}"
        );
    }
    let err = serde_json::from_str::<Config>("\"alphabeta+nothing\"").unwrap_err();
    assert!(err.to_string().contains("nothing"), "{err}");
}

/// `expanded` spells a negamax configuration out as `alphabeta+...` or `minimax+...`, flag by
/// flag, whatever preset it equals, and it reads back as the same configuration; expectimax
/// and MCTS, which take no flags, keep their names.
#[test]
fn expanded_spells_negamax_configurations_out() {
    let expands = |text: &str, spelled: &str| {
        let config = Config::parse(text).unwrap();
        assert_eq!(config.expanded(), spelled, "{text}");
        assert_eq!(Config::parse(spelled), Ok(config), "{text}");
    };
    expands("minimax", "minimax");
    expands("alphabeta", "alphabeta");
    expands("minimax+id+tt-value", "minimax+id+tt-value");
    expands(
        "cammp",
        "alphabeta+id+tt-value+tt-move+killers+history+quiescence+null-move+multi-cut+lmr",
    );
    expands(
        "cammp-lmr",
        "alphabeta+id+tt-value+tt-move+killers+history+quiescence+null-move+multi-cut",
    );
    expands("expectimax", "expectimax");
    expands("mcts", "mcts");
    let every_generic_flag = Enhancement::ALL
        .into_iter()
        .filter(|&e| !e.is_game_specific() && e != Enhancement::Ab)
        .fold("alphabeta".to_string(), |text, e| text + "+" + e.name());
    expands("all", &every_generic_flag);
}

#[test]
fn params_registry_covers_every_field() {
    let json = serde_json::to_value(Params::default()).unwrap();
    let mut fields: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut names: Vec<&str> = params::PARAMS
        .iter()
        .map(|p| p.name)
        .chain(["tt-scheme"])
        .collect();
    fields.sort_unstable();
    names.sort_unstable();
    assert_eq!(fields, names);
    let mut p = Params::default();
    for spec in params::PARAMS {
        p.set(spec.name, &spec.max.to_string()).unwrap();
        assert!(
            p.set(spec.name, &(u64::from(spec.max) + 1).to_string())
                .is_err(),
            "{}",
            spec.name
        );
    }
    assert!(p.set("tt-scheme", "deep").is_ok());
    assert!(p
        .set("null", "2")
        .unwrap_err()
        .contains("unknown param `null`"));
}

/// The `--params` help names every profile with what it is for and every assignment it
/// makes, each of which is a valid one.
#[test]
fn the_profiles_help_lists_every_profile_and_assignment() {
    let help = params::profiles_help();
    assert!(help.starts_with("A named set of params"), "{help}");
    for profile in params::PROFILES {
        assert!(help.contains(profile.name), "{} in {help}", profile.name);
        assert!(help.contains(profile.help), "{} in {help}", profile.help);
        for assignment in profile.assignments {
            assert!(help.contains(assignment), "{assignment} in {help}");
            assert!(Params::default().with_assignments([*assignment]).is_ok());
        }
    }
}

#[test]
fn expectimax_maximises_over_the_mean_reply() {
    // At depth 1, expectimax is a max over the children's evaluations.
    let mut game = Kalah::from_options("").unwrap();
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let mut search = expectimax::Expectimax::new(eval);
    let it = search.search(&mut game, 1, &mut |_| {}).pop().unwrap();
    assert_eq!(
        (it.score, it.best_move),
        (1, Some(3)),
        "sowing house 3 ends in the store"
    );
    assert_eq!(it.counters.n_nodes, 7);
}

/// Expectimax counts each node's ply below the root and stops at its depth: a search to
/// depth 3 from Kalah's start, where no game ends, reaches ply 3 and no further. A node
/// limit far above the tree ends a search that would not stop.
#[test]
fn expectimax_reaches_the_ply_of_its_depth() {
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let mut game = Kalah::from_options("").unwrap();
    for depth in 1..=3 {
        let mut search = expectimax::Expectimax::new(eval);
        search.set_node_limit(Some(100_000));
        let it = search.search(&mut game, depth, &mut |_| {}).pop().unwrap();
        assert_eq!(
            (it.capped, it.counters.sel_depth),
            (false, u64::from(depth))
        );
    }
}

/// A node limit met in the first root move: the iteration is capped, counts the root and
/// the nodes before the cap and nothing after it (no leaf for the root), and has no move.
#[test]
fn expectimax_capped_in_its_first_move_counts_nothing_after_the_cap() {
    let eval = Kalah::parse_eval("store-diff").unwrap();
    for limit in [1, 2] {
        let mut search = expectimax::Expectimax::new(eval);
        search.set_node_limit(Some(limit));
        let mut game = Kalah::from_options("").unwrap();
        let it = search.search(&mut game, 3, &mut |_| {}).pop().unwrap();
        let c = it.counters;
        assert_eq!(
            (it.capped, it.best_move, c.n_nodes, c.n_interior, c.n_leaves),
            (true, None, limit, limit, 0),
            "node limit {limit}"
        );
    }
}

/// A search of a finished game has no move and no variation, only the game's score, even
/// right after a search that left a variation behind.
#[test]
fn a_finished_game_has_no_move_and_no_variation() {
    use crate::game::tictactoe::TicTacToe;
    let live = TicTacToe::from_options("").unwrap();
    let mut over = live.clone();
    over.play_moves("a1,b1,a2,b2,a3").unwrap();
    let eval = TicTacToe::parse_eval("open-lines").unwrap();
    for name in ["minimax", "alphabeta", "alphabeta+id+tt-value+tt-move+pvs"] {
        let mut searcher = Searcher::new(Config::parse(name).unwrap(), Params::default(), eval);
        let before = searcher.search(&mut live.clone(), 2, &mut |_| {});
        assert!(before.last().unwrap().best_move.is_some(), "{name}");
        for it in searcher.search(&mut over.clone(), 2, &mut |_| {}) {
            assert_eq!(
                (it.best_move, it.pv, it.score),
                (None, vec![], over.terminal_score(0).unwrap()),
                "{name}"
            );
        }
    }
}

/// The replacement schemes on a one-slot table: which of two positions sharing the slot
/// survives.
#[test]
fn replacement_schemes_keep_what_they_promise() {
    use tt::{Bound, Entry, Table};
    let entry = |key: u64, depth: u8, size: u32| Entry {
        key,
        mv: Some(1u8),
        value: 0,
        depth,
        bound: Bound::Exact,
        size,
    };
    // (scheme, old entry, new entry, old kept?, new kept?)
    let check = |scheme: TtScheme, old: Entry<u8>, new: Entry<u8>, keeps: (bool, bool)| {
        let mut table = Table::new(0, scheme);
        table.store(old);
        table.store(new);
        let kept = (
            table.probe(old.key).is_some(),
            table.probe(new.key).is_some(),
        );
        assert_eq!(
            kept,
            keeps,
            "{} storing {new:?} over {old:?}",
            scheme.name()
        );
    };
    let (deep_small, shallow_big) = (entry(1, 6, 10), entry(2, 2, 1000));
    check(TtScheme::New, deep_small, shallow_big, (false, true));
    check(TtScheme::Deep, deep_small, shallow_big, (true, false));
    check(TtScheme::Deep, shallow_big, deep_small, (false, true));
    check(TtScheme::Big1, deep_small, shallow_big, (false, true));
    check(TtScheme::Big1, shallow_big, deep_small, (true, false));
    check(TtScheme::TwoDeep, deep_small, shallow_big, (true, true));
    check(TtScheme::TwoBig1, shallow_big, deep_small, (true, true));
    // A third position displaces the second level, never the protected first.
    let mut table = Table::new(0, TtScheme::TwoDeep);
    for e in [deep_small, shallow_big, entry(3, 1, 1)] {
        table.store(e);
    }
    assert!(table.probe(1).is_some() && table.probe(2).is_none() && table.probe(3).is_some());
    // The same position is always updated in place.
    let mut table = Table::new(0, TtScheme::Deep);
    table.store(deep_small);
    table.store(Entry {
        value: 7,
        ..entry(1, 1, 1)
    });
    assert_eq!(table.probe(1).map(|e| e.value), Some(7));
}

/// With a small table the scheme decides what is kept, so each one searches its own tree.
#[test]
fn every_replacement_scheme_changes_the_tree() {
    let game = Kalah::from_options("").unwrap();
    let eval = Kalah::parse_eval("store-diff").unwrap();
    let config = Config::parse("alphabeta+id+tt-value+tt-move").unwrap();
    let counts: Vec<u64> = TtScheme::ALL
        .iter()
        .map(|scheme| {
            let params = Params::default()
                .with_assignments([
                    "tt-bits=6",
                    "id-step=1",
                    &format!("tt-scheme={}", scheme.name()),
                ])
                .unwrap();
            let mut searcher = Searcher::new(config, params, eval);
            let iterations = searcher.search(&mut game.clone(), 10, &mut |_| {});
            iterations.iter().map(|it| it.counters.expanded()).sum()
        })
        .collect();
    let mut distinct = counts.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), counts.len(), "{counts:?}");
}

mod aspiration;
mod behaviour;
mod budget;
mod cammp;
mod cammp_switches;
mod evals;
mod fast_paths;
mod fixes;
mod game_specific;
mod gothello;
mod graph;
mod mates;
mod minimal;
mod ordering_aids;
mod stops;
mod support;
mod tables;
mod techniques;
mod tie_seed;
