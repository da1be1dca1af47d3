//! The rules contract as a test kit: the checks every game must pass, callable from any
//! crate's own `#[test]`s. [`rules_contract!`](crate::rules_contract) writes all of them for
//! one game in one line; the functions below run one check each. The six built-in games get
//! their contract tests from the same macro (`cargo test --lib contract::<game>`).
//!
//! Along random walks from every rule variant ([`Game::VARIANTS`]), every position
//! is checked: make/unmake and the null move restore the state and the hash (the null move
//! handing the move to the opponent), the incremental hash equals
//! [`Game::hash_from_scratch`] after every move, `count_moves` counts the non-pass moves
//! generated, every move's notation reads back to it, move indexes lie inside their space, a
//! position has no moves exactly when the game is over and scored, and every evaluation of a
//! position in play stays inside the scores the search reads as mates; at the walk's end,
//! every part of the state ([`Game::state_parts`]) that the hash covers changes it, and a
//! part outside it is declared ([`Game::HASH_IS_COMPLETE`] false). Then the evaluations'
//! names, the game string, every exact search subset against plain minimax
//! ([`check_exact_subsets_at_the_starts`], [`check_exact_subset`]) and perft against
//! independent counts ([`check_perft`]).
//!
//! Game-specific rules (Kalah's sowing, Ming Mang's repetition ban) stay in each game's own
//! tests; this module knows only the [`Game`] trait.

pub(crate) mod exact;
mod reference;

pub use exact::{
    check_every_subset_at_the_starts as check_exact_subsets_at_the_starts,
    check_random as check_exact_subset,
};
pub use reference::{check_perft, read_perft_file, PerftCase, QUICK_LIMIT};

use crate::game::weights::EVAL_WEIGHT_LIMIT;
use crate::game::{Evaluator, Game, Score};
use crate::search::{Config, Params, WIN_BOUND};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Writes the rules contract's tests for one game: a module of `#[test]`s for `$G` (a type
/// implementing [`Game`]) checked against the perft cases `perft = ` (a
/// `Vec<`[`PerftCase`]`>` or a slice of them).
///
/// The random walks and the random exact subsets are driven by proptest (256 cases each),
/// which the calling crate lists among its dev-dependencies (`proptest = "1"`); the
/// functions of [`contract`](crate::contract) run the same checks without it
/// ([`check_random_walks`] is seeded).
///
/// ```ignore
/// #[cfg(test)]
/// mod contract {
///     cutoff::rules_contract!(my_game::MyGame, perft = my_game::perft_cases());
/// }
/// ```
#[macro_export]
macro_rules! rules_contract {
    ($G:ty, perft = $cases:expr $(,)?) => {
        type G = $G;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

            /// Every position of a random walk keeps the rules contract.
            #[test]
            fn random_walks_keep_the_contract(
                variant in any::<usize>(),
                walk in prop::collection::vec(any::<usize>(), 0..80),
            ) {
                $crate::contract::check_walk::<G>(variant, &walk);
            }

            /// A random exact subset of flags returns plain minimax's root value on
            /// a random position.
            #[test]
            fn exact_subsets_keep_the_minimax_value(
                variant in any::<usize>(),
                walk in prop::collection::vec(any::<usize>(), 0..40),
                depth in any::<u32>(), subset in any::<usize>(), eval in any::<usize>(),
            ) {
                let game = $crate::contract::walk::<G>(variant, &walk);
                $crate::contract::check_exact_subset(&game, depth, subset, eval);
            }
        }

        #[test]
        fn every_exact_subset_keeps_the_value_at_each_start() {
            $crate::contract::check_exact_subsets_at_the_starts::<G>();
        }

        #[test]
        fn the_hash_sees_every_part_it_declares() {
            $crate::contract::check_hash_declaration::<G>();
        }

        #[test]
        fn names_and_game_strings_read_back() {
            $crate::contract::check_names::<G>();
        }

        #[test]
        fn perft_matches_the_reference() {
            $crate::contract::check_perft::<G>(&$cases);
        }
    };
}

/// The built-in games' contract tests, one module per line of the registry
/// (`contract::kalah::...`), through the same macro as a user's game, with the perft cases
/// of `fixtures/reference/<game>-perft.json`.
#[cfg(test)]
macro_rules! builtin_contracts {
    ([] $($module:ident :: $Type:ident,)*) => {
        $(
            mod $module {
                $crate::rules_contract!(
                    crate::game::$module::$Type,
                    perft = crate::contract::reference::builtin::<crate::game::$module::$Type>(),
                );
            }
        )*
    };
}

#[cfg(test)]
use builtin_contracts;

#[cfg(test)]
crate::games!(crate::contract::builtin_contracts);

/// The start position of rule variant `variant` (taken modulo the number of variants).
pub fn start<G: Game>(variant: usize) -> G {
    let options = G::VARIANTS[variant % G::VARIANTS.len()];
    G::from_options(options).unwrap_or_else(|e| panic!("{} variant `{options}`: {e}", G::NAME))
}

/// The position after the moves that `walk` picks (each modulo the number of legal moves)
/// from the start of `variant`, stopping early at the end of the game.
pub fn walk<G: Game>(variant: usize, walk: &[usize]) -> G {
    let mut game = start::<G>(variant);
    for &pick in walk {
        let moves = legal_moves(&game);
        if moves.is_empty() {
            break;
        }
        game.make(moves[pick % moves.len()]);
    }
    game
}

/// Plays the walk like [`walk`], checking every position on the way and the last one.
pub fn check_walk<G: Game>(variant: usize, walk: &[usize]) {
    let mut game = start::<G>(variant);
    for &pick in walk {
        let moves = check_position(&mut game);
        if moves.is_empty() {
            return;
        }
        game.make(moves[pick % moves.len()]);
    }
    check_position(&mut game);
    check_state_parts(&game);
}

/// [`check_walk`] along `walks` walks of up to `max_plies` moves each, drawn from a ChaCha
/// generator seeded with `seed`: the same walks on every run and machine, without proptest.
pub fn check_random_walks<G: Game>(seed: u64, walks: usize, max_plies: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..walks {
        let length = rng.gen_range(0..=max_plies);
        let picks: Vec<usize> = (0..length).map(|_| rng.gen()).collect();
        check_walk::<G>(rng.gen(), &picks);
    }
}

fn legal_moves<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

/// Everything that make/unmake must restore: the state as `Debug` prints it, the hash, the
/// board and the legal moves (which see the history, where the rules keep one).
fn snapshot<G: Game>(game: &G) -> (String, u64, String, Vec<G::Move>) {
    (
        format!("{game:?}"),
        game.hash(),
        game.board_string(),
        legal_moves(game),
    )
}

/// Checks one position against the contract; returns its legal moves.
pub fn check_position<G: Game>(game: &mut G) -> Vec<G::Move> {
    let at = |game: &G| format!("{}\n{}", game.spec(), game.board_string());
    assert_eq!(
        game.hash(),
        game.hash_from_scratch(),
        "hash on\n{}",
        at(game)
    );
    let moves = legal_moves(game);
    let over = game.outcome().is_some();
    assert_eq!(
        moves.is_empty(),
        over,
        "moves iff not over on\n{}",
        at(game)
    );
    assert_eq!(
        game.terminal_score(0).is_some(),
        over,
        "score on\n{}",
        at(game)
    );
    let non_pass = moves.iter().filter(|&&mv| !game.is_pass(mv)).count() as u64;
    let mut scratch = Vec::new();
    assert_eq!(
        game.count_moves(&mut scratch),
        non_pass,
        "count_moves on\n{}",
        at(game)
    );
    for &mv in &moves {
        check_move(game, mv);
    }
    check_null_move(game);
    if !over {
        check_evaluations(game);
    }
    moves
}

/// Every named evaluation, with its default weights and with every weight at either limit
/// (`±EVAL_WEIGHT_LIMIT`), scores a position in play strictly inside `±WIN_BOUND`: beyond it
/// the search reads a score as a mate at a distance (the table shifts it by the ply, null
/// move and multi-cut stop trying).
fn check_evaluations<G: Game>(game: &G) {
    let defaults: Vec<Score> = G::EVAL_PARAMS.iter().map(|p| p.default).collect();
    let n = defaults.len();
    for name in G::EVAL_NAMES {
        let eval = G::parse_eval(name).unwrap();
        for weights in [
            defaults.clone(),
            vec![EVAL_WEIGHT_LIMIT; n],
            vec![-EVAL_WEIGHT_LIMIT; n],
        ] {
            let score = G::weigh_eval(eval, &weights).evaluate(game);
            assert!(
                score.abs() < WIN_BOUND,
                "{name} with weights {weights:?} scores {score} on\n{}",
                game.board_string()
            );
        }
    }
}

/// One legal move: notation, index, and make/unmake.
fn check_move<G: Game>(game: &mut G, mv: G::Move) {
    let text = game.format_move(mv);
    let at = format!("move {text} ({mv:?}) on\n{}", game.board_string());
    assert_eq!(game.parse_move(&text), Ok(mv), "{at}");
    assert!(game.move_index(mv) < game.move_index_space(), "{at}");
    let before = snapshot(game);
    let undo = game.make(mv);
    assert_eq!(game.hash(), game.hash_from_scratch(), "hash after {at}");
    game.unmake(mv, undo);
    assert_eq!(snapshot(game), before, "unmake of {at}");
}

/// Where the game has a null move here, it hands the move to the opponent, keeps the hash
/// and unmake restores the state.
fn check_null_move<G: Game>(game: &mut G) {
    let before = snapshot(game);
    let mover = game.side_to_move();
    let Some(undo) = game.make_null() else {
        return;
    };
    let at = game.board_string();
    assert_eq!(game.side_to_move(), 1 - mover, "null move on\n{at}");
    assert_eq!(game.hash(), game.hash_from_scratch(), "null move on\n{at}");
    game.unmake_null(undo);
    assert_eq!(snapshot(game), before, "unmake_null on\n{at}");
}

/// Every evaluation name parses to its own evaluation, the default among them, and the
/// weights' defaults keep it; every variant's game string builds the same game again.
pub fn check_names<G: Game>() {
    let evals: Vec<G::Eval> = G::EVAL_NAMES
        .iter()
        .map(|name| G::parse_eval(name).unwrap_or_else(|| panic!("evaluation `{name}`")))
        .collect();
    for (i, &eval) in evals.iter().enumerate() {
        assert!(
            !evals[..i].contains(&eval),
            "{} named twice",
            G::EVAL_NAMES[i]
        );
        assert_eq!(G::eval_name(eval), G::EVAL_NAMES[i]);
    }
    assert!(evals.contains(&G::DEFAULT_EVAL), "the default has a name");
    // The declared weight defaults give back the named evaluations, every weight names one.
    let defaults: Vec<Score> = G::EVAL_PARAMS.iter().map(|p| p.default).collect();
    for &eval in &evals {
        assert_eq!(
            G::weigh_eval(eval, &defaults),
            eval,
            "{}",
            G::eval_name(eval)
        );
    }
    for param in G::EVAL_PARAMS {
        assert!(
            G::EVAL_NAMES.contains(&param.eval),
            "{} weighs {}",
            param.name,
            param.eval
        );
    }
    for variant in 0..G::VARIANTS.len() {
        let spec = start::<G>(variant).spec();
        let (name, options) = crate::game::split_game_string(&spec);
        assert_eq!(name, G::NAME, "{spec}");
        let again = G::from_options(options).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(again.spec(), spec);
    }
}

/// Each part of `game`'s state changed alone: a hashed part changes the hash from scratch
/// (so a key left out of both hashes shows), an unhashed one leaves it, and only a game
/// declaring its hash incomplete has one. Every changed position's hashes agree.
pub fn check_state_parts<G: Game>(game: &G) {
    let parts = game.state_parts();
    assert!(!parts.is_empty(), "{} states no part", G::NAME);
    let hash = game.hash_from_scratch();
    for part in parts {
        let changed = &part.position;
        let at = format!(
            "{} changing {} of\n{}",
            G::NAME,
            part.part,
            game.board_string()
        );
        assert_eq!(changed.hash(), changed.hash_from_scratch(), "{at}");
        if part.hashed {
            assert_ne!(
                changed.hash_from_scratch(),
                hash,
                "the hash misses it: {at}"
            );
        } else {
            assert!(!G::HASH_IS_COMPLETE, "unhashed in a complete hash: {at}");
            assert_eq!(changed.hash_from_scratch(), hash, "declared unhashed: {at}");
        }
    }
}

/// A game declares its hash incomplete exactly when some part of its state lies outside it
/// (seen at the start of each variant and after a few moves), and then the search does not
/// count on the table's values: `tt-value` is not exact for it.
pub fn check_hash_declaration<G: Game>() {
    let mut unhashed = Vec::new();
    for variant in 0..G::VARIANTS.len() {
        for plies in [0, 1, 6] {
            let game = walk::<G>(variant, &vec![0; plies]);
            check_state_parts(&game);
            let parts = game.state_parts().into_iter();
            unhashed.extend(parts.filter(|p| !p.hashed).map(|p| p.part));
        }
    }
    assert_eq!(
        G::HASH_IS_COMPLETE,
        unhashed.is_empty(),
        "{}: {unhashed:?}",
        G::NAME
    );
    let tt = Config::parse("alphabeta+tt-value").unwrap();
    assert_eq!(
        tt.is_exact_with(&Params::default(), G::HASH_IS_COMPLETE),
        G::HASH_IS_COMPLETE
    );
}
