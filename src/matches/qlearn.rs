//! Tabular Q-learning (the Mancala study's agent): training by self-play, the model file,
//! and the greedy choice of a trained model.
//!
//! States are the game's Zobrist hash (64 bits, so two positions share a row only by a
//! collision), actions its dense `move_index`; one table serves both sides, each value from
//! the point of view of the side that moves (negamax): the target after a move is the
//! reward of a finished game, else `gamma` times the best value of the next position, negated
//! when the side to move changed. Moves are epsilon-greedy with epsilon decaying linearly
//! from 1 to [`EPSILON_END`] over the first [`DECAY_SHARE`] of the episodes.
//!
//! The model file is versioned and checked on load: a header line, a JSON line with the
//! game and the training settings, the rows (hash and one `f32` per action, little-endian),
//! and an FNV-1a checksum of everything before it. This module does not play matches.

use crate::game::{Game, Outcome};
use crate::harness::fixtures::fnv1a64;
use anyhow::{anyhow, bail, Context, Result};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The study's learning rate.
pub const ALPHA: f64 = 0.5;
/// The study's discount.
pub const GAMMA: f64 = 0.9;
/// Epsilon after the decay.
pub const EPSILON_END: f64 = 0.05;
/// The share of the episodes over which epsilon decays from 1.
pub const DECAY_SHARE: f64 = 0.8;
/// Tables are for games with at most this many move indices (Kalah has 6).
pub const MAX_ACTIONS: usize = 64;
/// A training game stops after this many plies (Kalah ends by its rules long before).
const MAX_TRAIN_PLIES: usize = 1000;
/// The first line of a model file: the format and its version.
const MAGIC: &str = "cutoff-qlearn 1";

/// What a model file says about itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelInfo {
    /// The canonical game string it was trained on.
    pub game: String,
    /// Values per row (the game's move index space).
    pub actions: usize,
    /// Training episodes.
    pub episodes: u64,
    /// The training seed.
    pub seed: u64,
    /// Learning rate, discount and the epsilon schedule.
    pub alpha: f64,
    /// The discount.
    pub gamma: f64,
    /// The epsilon schedule in words.
    pub epsilon: String,
    /// Rows in the table.
    pub rows: u64,
}

/// A trained table: a row of action values per state hash.
#[derive(Clone, Debug, PartialEq)]
pub struct QTable {
    /// The file's description.
    pub info: ModelInfo,
    rows: BTreeMap<u64, Vec<f32>>,
}

/// Checks that `game` is small enough for a table; the move index space otherwise.
fn actions_of<G: Game>(game: &G) -> Result<usize> {
    let actions = game.move_index_space();
    if actions > MAX_ACTIONS {
        bail!(
            "tabular Q-learning needs at most {MAX_ACTIONS} move indices; {} has {actions}",
            game.spec()
        );
    }
    Ok(actions)
}

impl QTable {
    /// Trains a table on `start` by `episodes` self-play games seeded with `seed`.
    pub fn train<G: Game>(start: &G, episodes: u64, seed: u64) -> Result<QTable> {
        Self::train_with(start, episodes, seed, &mut |_, _| {})
    }

    /// [`QTable::train`], calling `on_episode` after each episode with the episodes done and
    /// the table's rows so far.
    pub fn train_with<G: Game>(
        start: &G,
        episodes: u64,
        seed: u64,
        on_episode: &mut dyn FnMut(u64, usize),
    ) -> Result<QTable> {
        let actions = actions_of(start)?;
        let mut table = QTable {
            info: ModelInfo {
                game: start.spec(),
                actions,
                episodes,
                seed,
                alpha: ALPHA,
                gamma: GAMMA,
                epsilon: format!(
                    "linear from 1 to {EPSILON_END} over the first {}% of the episodes",
                    DECAY_SHARE * 100.0
                ),
                rows: 0,
            },
            rows: BTreeMap::new(),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for episode in 0..episodes {
            let decayed = episode as f64 / (DECAY_SHARE * episodes as f64);
            let epsilon = (1.0 - decayed).max(EPSILON_END);
            table.episode(start, epsilon, &mut rng);
            on_episode(episode + 1, table.rows.len());
        }
        table.info.rows = table.rows.len() as u64;
        Ok(table)
    }

    fn episode<G: Game>(&mut self, start: &G, epsilon: f64, rng: &mut ChaCha8Rng) {
        let mut game = start.clone();
        let mut moves = Vec::new();
        for _ in 0..MAX_TRAIN_PLIES {
            moves.clear();
            game.generate_moves(&mut moves);
            let (Some(&random), None) = (moves.choose(rng), game.outcome()) else {
                return;
            };
            let mv = match rng.gen_bool(epsilon) {
                true => random,
                false => self.greedy(&game, &moves).unwrap_or(random),
            };
            let (state, action, mover) = (game.hash(), game.move_index(mv), game.side_to_move());
            game.make(mv);
            let target = match game.outcome() {
                Some(outcome) => reward(outcome, game.side_to_move() == mover),
                None => {
                    moves.clear();
                    game.generate_moves(&mut moves);
                    let next = self.best_value(&game, &moves);
                    let sign = if game.side_to_move() == mover {
                        1.0
                    } else {
                        -1.0
                    };
                    sign * GAMMA * next
                }
            };
            let actions = self.info.actions;
            let value = &mut self.rows.entry(state).or_insert_with(|| vec![0.0; actions])[action];
            *value += (ALPHA * (target - f64::from(*value))) as f32;
        }
    }

    /// The best value among `moves` in `game` (0 for a state never seen).
    fn best_value<G: Game>(&self, game: &G, moves: &[G::Move]) -> f64 {
        let Some(row) = self.rows.get(&game.hash()) else {
            return 0.0;
        };
        moves
            .iter()
            .map(|&mv| f64::from(row[game.move_index(mv)]))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The move among `moves` with the highest value (the first on ties), `None` for a
    /// state the table has never seen.
    fn greedy<G: Game>(&self, game: &G, moves: &[G::Move]) -> Option<G::Move> {
        let row = self.rows.get(&game.hash())?;
        let mut best: Option<(f32, G::Move)> = None;
        for &mv in moves {
            let value = row[game.move_index(mv)];
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }

    /// The greedy move in `game`, or `None` where the table has no row.
    pub fn best_move<G: Game>(&self, game: &G) -> Option<G::Move> {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        self.greedy(game, &moves)
    }

    /// The model file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = format!("{MAGIC}\n").into_bytes();
        bytes.extend(
            serde_json::to_string(&self.info)
                .expect("model info serialises")
                .bytes(),
        );
        bytes.push(b'\n');
        for (hash, row) in &self.rows {
            bytes.extend(hash.to_le_bytes());
            row.iter().for_each(|v| bytes.extend(v.to_le_bytes()));
        }
        let sum = fnv1a64(&bytes);
        bytes.extend(sum.bytes());
        bytes
    }

    /// Reads a model for `game` from `path`: a wrong format, version, game or a damaged file
    /// is an error that says which.
    pub fn load<G: Game>(path: &Path, game: &G) -> Result<QTable> {
        let bytes =
            std::fs::read(path).with_context(|| format!("reading model {}", path.display()))?;
        let table =
            QTable::from_bytes(&bytes).with_context(|| format!("model {}", path.display()))?;
        if table.info.game != game.spec() {
            bail!(
                "model {} was trained on `{}`, not `{}`",
                path.display(),
                table.info.game,
                game.spec()
            );
        }
        Ok(table)
    }

    fn from_bytes(bytes: &[u8]) -> Result<QTable> {
        let magic = format!("{MAGIC}\n");
        if !bytes.starts_with(magic.as_bytes()) {
            bail!("not a Q-learning model of this version (expected a first line `{MAGIC}`)");
        }
        let (body, sum) = bytes.split_at(bytes.len().saturating_sub(16));
        if sum != fnv1a64(body).as_bytes() {
            bail!("the checksum does not match: the file is damaged or cut short");
        }
        let rest = &body[magic.len()..];
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| anyhow!("no header line"))?;
        let info: ModelInfo =
            serde_json::from_slice(&rest[..end]).context("the header is not model info")?;
        let data = &rest[end + 1..];
        let width = 8 + 4 * info.actions;
        if info.actions == 0 || data.len() as u64 != info.rows * width as u64 {
            bail!("the table's size does not match its header");
        }
        let rows = data
            .chunks_exact(width)
            .map(|chunk| {
                let hash = u64::from_le_bytes(chunk[..8].try_into().expect("8 bytes"));
                let row = chunk[8..]
                    .chunks_exact(4)
                    .map(|v| f32::from_le_bytes(v.try_into().expect("4 bytes")))
                    .collect();
                (hash, row)
            })
            .collect();
        Ok(QTable { info, rows })
    }
}

/// The reward of a finished game for the side that made the last move; `outcome` is from
/// the side to move's point of view, which is the mover when `mover_to_move`.
fn reward(outcome: Outcome, mover_to_move: bool) -> f64 {
    let value = match outcome {
        Outcome::Win => 1.0,
        Outcome::Loss => -1.0,
        Outcome::Draw => 0.0,
    };
    if mover_to_move {
        value
    } else {
        -value
    }
}
