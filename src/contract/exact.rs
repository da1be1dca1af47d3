//! Exact enhancements keep the root value: every subset of the flags marked exact returns
//! plain minimax's value at a fixed depth, with the game's real evaluations and with a
//! tie-heavy pseudo-random one (minimax-rs's `tests/strategies.rs`).
//!
//! The depth is capped at 6, and for games whose legality depends on the path at
//! [`Game::REPETITION_PLIES`]: beyond it a stored value may be wrong for another path
//! (graph-history interaction), so `tt-value` is not exact there. Plain minimax is the
//! reference while its last ply has few parents; deeper, alpha-beta is, whose value is
//! minimax's by construction (pruning never depends on the path).

use crate::game::perft::perft;
use crate::game::{Evaluator, Game, Score};
use crate::search::{Config, Counters, Enhancement, Params, Searcher};

/// The deepest search checked.
const MAX_DEPTH: u32 = 6;
/// Plain minimax is the reference while perft(depth - 1), the parents of its last ply, is
/// at most this; alpha-beta beyond.
const MINIMAX_PARENTS: u64 = 100_000;

/// A pseudo-random evaluation derived from the hash, with few distinct values so that ties
/// are common (minimax-rs's trick for testing move-ordering code).
#[derive(Clone, Copy)]
pub(crate) struct HashEval;

impl<G: Game> Evaluator<G> for HashEval {
    fn evaluate(&self, game: &G) -> Score {
        ((game.hash() >> 13) % 5) as Score - 2
    }
}

/// The root value of `config` at `depth` and the counters of all its iterations.
pub(crate) fn root_value<G: Game, E: Evaluator<G> + Copy>(
    game: &G,
    config: Config,
    depth: u32,
    eval: E,
) -> (Score, Counters) {
    let mut game = game.clone();
    // A narrow aspiration window, so that its fail-low and fail-high re-searches happen.
    let params = Params::default()
        .with_assignments(["aspiration-window=1"])
        .unwrap();
    let mut searcher = Searcher::new(config, params, eval);
    let iterations = searcher.search(&mut game, depth, &mut |_| {});
    let mut total = Counters::default();
    iterations.iter().for_each(|it| total += it.counters);
    (iterations.last().unwrap().score, total)
}

/// Every exact subset of flags that is a valid configuration.
fn exact_subsets() -> Vec<Config> {
    let exact: Vec<Enhancement> = Enhancement::ALL
        .into_iter()
        .filter(|e| e.is_exact())
        .collect();
    (0u32..1 << exact.len())
        .map(|bits| {
            Config::from_flags(
                &exact
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| bits >> i & 1 == 1)
                    .map(|(_, &e)| e)
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|c| Config::parse(&c.to_string()).is_ok())
        .collect()
}

#[test]
fn every_exact_subset_is_covered() {
    // 2^7 subsets with ab, plus minimax with any of id and tt-value.
    assert_eq!(exact_subsets().len(), 128 + 4);
}

/// The deepest exact check for `G`.
fn max_depth<G: Game>() -> u32 {
    G::REPETITION_PLIES.map_or(MAX_DEPTH, |plies| plies.min(MAX_DEPTH))
}

/// The reference search for `game` at `depth`.
fn reference<G: Game>(game: &G, depth: u32) -> Config {
    if perft(&mut game.clone(), depth - 1) <= MINIMAX_PARENTS {
        Config::MINIMAX
    } else {
        Config::from_flags(&[Enhancement::Ab])
    }
}

/// The root values of `config` with the real evaluation `real` and with [`HashEval`].
fn values<G: Game>(game: &G, config: Config, depth: u32, real: G::Eval) -> [Score; 2] {
    [
        root_value(game, config, depth, real).0,
        root_value(game, config, depth, HashEval).0,
    ]
}

/// One random case: `depth`, `subset` and `eval` are taken modulo their ranges.
pub(super) fn check_random<G: Game>(game: &G, depth: u32, subset: usize, eval: usize) {
    let depth = 1 + depth % max_depth::<G>();
    let subsets = exact_subsets();
    let config = subsets[subset % subsets.len()];
    let real = G::parse_eval(G::EVAL_NAMES[eval % G::EVAL_NAMES.len()]).unwrap();
    assert_eq!(
        values(game, config, depth, real),
        values(game, reference(game, depth), depth, real),
        "{config} at depth {depth} ({} and hash evaluations) on\n{}\n{}",
        G::eval_name(real),
        game.spec(),
        game.board_string()
    );
}

/// Every subset at depth 3 (or the cap) from the start of every variant, with the default
/// and the hash evaluation: each subset is checked at least once on every game.
pub(super) fn check_every_subset_at_the_starts<G: Game>() {
    let depth = 3.min(max_depth::<G>());
    for variant in 0..G::VARIANTS.len() {
        let game = super::start::<G>(variant);
        let expected = values(&game, reference(&game, depth), depth, G::DEFAULT_EVAL);
        for config in exact_subsets() {
            let got = values(&game, config, depth, G::DEFAULT_EVAL);
            assert_eq!(
                got,
                expected,
                "{config} at depth {depth} on {}",
                game.spec()
            );
        }
    }
}
