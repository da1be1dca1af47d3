//! Helpers the technique tests share: positions reached by deterministic walks, a searcher
//! run that returns its iterations, and an evaluation that counts its calls.

use crate::game::kalah::Kalah;
use crate::game::mingmang::MingMang;
use crate::game::{Evaluator, Game, Score};
use crate::search::{Config, Iteration, Params, Searcher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// `game` after `plies` moves picked by a fixed rule from `seed` (stops at a terminal).
pub fn walk<G: Game>(mut game: G, seed: usize, plies: usize) -> G {
    let mut moves = Vec::new();
    for i in 0..plies {
        moves.clear();
        game.generate_moves(&mut moves);
        if moves.is_empty() || game.terminal_score(0).is_some() {
            break;
        }
        let pick = (seed.wrapping_mul(2_654_435_761) >> 7).wrapping_add(i * 31 + seed);
        game.make(moves[pick % moves.len()]);
    }
    game
}

/// Kalah positions after `plies` moves, one per seed.
pub fn kalah_positions(seeds: std::ops::Range<usize>, plies: usize) -> Vec<Kalah> {
    let start = Kalah::from_options("").unwrap();
    seeds.map(|s| walk(start.clone(), s, plies)).collect()
}

/// Ming Mang positions after `plies` moves, one per seed.
pub fn mingmang_positions(seeds: std::ops::Range<usize>, plies: usize) -> Vec<MingMang> {
    let start = MingMang::from_options("").unwrap();
    seeds.map(|s| walk(start.clone(), s, plies)).collect()
}

/// Parses `config`.
pub fn config(text: &str) -> Config {
    Config::parse(text).unwrap()
}

/// Default parameters with `assignments` applied.
pub fn params(assignments: &[&str]) -> Params {
    Params::default()
        .with_assignments(assignments.iter().copied())
        .unwrap()
}

/// Every iteration of one root search.
pub fn iterations<G: Game, E: Evaluator<G>>(
    game: &G,
    config: Config,
    params: Params,
    eval: E,
    depth: u32,
) -> Vec<Iteration<G::Move>> {
    Searcher::new(config, params, eval).search(&mut game.clone(), depth, &mut |_| {})
}

/// The last iteration's score.
pub fn value<G: Game, E: Evaluator<G>>(
    game: &G,
    config: Config,
    params: Params,
    eval: E,
    depth: u32,
) -> Score {
    let last = iterations(game, config, params, eval, depth).pop().unwrap();
    last.score
}

/// An evaluation that counts its calls.
#[derive(Clone, Copy)]
pub struct Counting<'a, E>(pub E, pub &'a AtomicU64);

impl<G, E: Evaluator<G>> Evaluator<G> for Counting<'_, E> {
    fn evaluate(&self, game: &G) -> Score {
        self.1.fetch_add(1, Ordering::Relaxed);
        self.0.evaluate(game)
    }
}

/// An evaluator that records the hash of every position it evaluates, in order.
pub struct Recording<'a, E>(pub E, pub &'a Mutex<Vec<u64>>);

impl<G: Game, E: Evaluator<G>> Evaluator<G> for Recording<'_, E> {
    fn evaluate(&self, game: &G) -> Score {
        self.1.lock().unwrap().push(game.hash());
        self.0.evaluate(game)
    }
}
