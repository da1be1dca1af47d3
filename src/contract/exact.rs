//! Exact enhancements keep the root value: every subset of the flags marked exact returns
//! plain minimax's value at a fixed depth, with the game's real evaluations and with a
//! tie-heavy pseudo-random one (minimax-rs's `tests/strategies.rs`).
//!
//! The depth is capped at 6, where the full-width tree would pass [`MINIMAX_LEAVES`] lower
//! (Gomoku's 15x15 board), and for games whose legality depends on the path at
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
/// at most this; alpha-beta beyond (Gomoku's 15x15 board from depth 3).
const MINIMAX_PARENTS: u64 = 20_000;
/// The largest full-width tree (legal moves to the power of the depth) a check searches.
const MINIMAX_LEAVES: u64 = 100_000_000;

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

/// Every exact subset of the flags `G` accepts that is a valid configuration.
fn exact_subsets<G: Game>() -> Vec<Config> {
    let exact: Vec<Enhancement> = Enhancement::applicable::<G>()
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
    // 2^7 subsets with ab, doubled by candidate-sort (Kalah's and Gomoku's), plus minimax
    // with any of id and tt-value.
    assert_eq!(exact_subsets::<crate::game::kalah::Kalah>().len(), 256 + 4);
    assert_eq!(
        exact_subsets::<crate::game::gomoku::Gomoku>().len(),
        256 + 4
    );
}

/// The deepest exact check for `G`.
fn max_depth<G: Game>() -> u32 {
    G::REPETITION_PLIES.map_or(MAX_DEPTH, |plies| plies.min(MAX_DEPTH))
}

/// The deepest check on `game` whose full-width tree, legal moves to the power of the depth,
/// stays within [`MINIMAX_LEAVES`] (at least 1): Gomoku's 15x15 board allows depth 3,
/// Kalah's and Ming Mang's openings their [`max_depth`].
fn depth_cap<G: Game>(game: &G) -> u32 {
    let moves = game.count_moves(&mut Vec::new()).max(2);
    (1..=MAX_DEPTH)
        .take_while(|&d| moves.saturating_pow(d) <= MINIMAX_LEAVES)
        .last()
        .unwrap_or(1)
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

/// One random case on `game`: the exact subset of flags number `subset` (modulo their
/// count) keeps plain minimax's root value at `depth` (modulo the deepest checked), with
/// evaluation number `eval` (modulo their count) and with a tie-heavy hash evaluation.
pub fn check_random<G: Game>(game: &G, depth: u32, subset: usize, eval: usize) {
    let depth = (1 + depth % max_depth::<G>()).min(depth_cap(game));
    let subsets = exact_subsets::<G>();
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
pub fn check_every_subset_at_the_starts<G: Game>() {
    for variant in 0..G::VARIANTS.len() {
        let game = super::start::<G>(variant);
        let depth = 3.min(max_depth::<G>()).min(depth_cap(&game));
        let expected = values(&game, reference(&game, depth), depth, G::DEFAULT_EVAL);
        for config in exact_subsets::<G>() {
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
