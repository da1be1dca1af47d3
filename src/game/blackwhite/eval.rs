//! Black & White's evaluation `audet` (RULES.md section 5; the McGill study's weights 1, 1,
//! 4, 3), from the side to move's point of view: own total minus enemy total, where a side's
//! total is
//!
//! - `protected` x the protected pieces, a piece counting once per axis (north-south,
//!   east-west) along which no enemy piece could jump it next turn (an enemy piece next to
//!   it on that axis with an empty square on the other side);
//! - `doubly_protected` x the pieces protected on both axes;
//! - `line_up` x the sum over the twelve lines (rows, columns, long diagonals) of the
//!   square of the number of own pieces on it;
//! - `threats` x the enemy pieces that the side could jump on its next move.
//!
//! The weights live on the evaluation value ([`AudetWeights`]) and are set with `--param`
//! ([`AudetWeights::PARAMS`]). Not here: terminal positions (search scores those).

use super::BlackWhite;
use crate::game::board5::{Direction, LINES};
use crate::game::{EvalParam, Evaluator, Score};

/// The weights of `audet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AudetWeights {
    /// Per protected axis of a piece.
    pub protected: Score,
    /// Per piece protected on both axes.
    pub doubly_protected: Score,
    /// Per square of the own pieces on a line.
    pub line_up: Score,
    /// Per enemy piece that could be jumped next move.
    pub threats: Score,
}

impl AudetWeights {
    /// The study's weights: 1, 1, 4, 3.
    pub const STUDY: AudetWeights = AudetWeights {
        protected: 1,
        doubly_protected: 1,
        line_up: 4,
        threats: 3,
    };

    /// The weights as `--param` names them, in the order of the fields, with the study's
    /// values.
    pub const PARAMS: &'static [EvalParam] = &[
        EvalParam {
            name: "protected-score",
            eval: "audet",
            default: 1,
            help: "per protected axis of a piece",
        },
        EvalParam {
            name: "doubly-protected-score",
            eval: "audet",
            default: 1,
            help: "per piece protected on both axes",
        },
        EvalParam {
            name: "line-up-score",
            eval: "audet",
            default: 4,
            help: "per square of the own pieces on a line",
        },
        EvalParam {
            name: "threat-score",
            eval: "audet",
            default: 3,
            help: "per enemy piece that could be jumped next move",
        },
    ];
}

impl BlackWhiteEval {
    /// `audet` with the weights `values`, one per [`AudetWeights::PARAMS`].
    pub(super) fn weighed(values: &[Score]) -> BlackWhiteEval {
        BlackWhiteEval::Audet(AudetWeights {
            protected: values[0],
            doubly_protected: values[1],
            line_up: values[2],
            threats: values[3],
        })
    }
}

/// Black & White's evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlackWhiteEval {
    /// Protection, double protection, line-up and threats, weighted.
    Audet(AudetWeights),
}

impl Evaluator<BlackWhite> for BlackWhiteEval {
    fn evaluate(&self, game: &BlackWhite) -> Score {
        let BlackWhiteEval::Audet(weights) = self;
        let (own, enemy, empty) = (game.own(), game.enemy(), game.empty());
        let score = |terms: Terms| {
            weights.protected * terms.protected
                + weights.doubly_protected * terms.doubly_protected
                + weights.line_up * terms.line_up
                + weights.threats * terms.threats
        };
        score(Terms::of(own, enemy, empty)) - score(Terms::of(enemy, own, empty))
    }
}

/// One side's unweighted terms of `audet`.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Terms {
    pub protected: Score,
    pub doubly_protected: Score,
    pub line_up: Score,
    pub threats: Score,
}

impl Terms {
    /// The terms of the side owning `own`.
    pub(super) fn of(own: u32, enemy: u32, empty: u32) -> Terms {
        let east_west = own & !jumpable(own, enemy, empty, Direction::East);
        let north_south = own & !jumpable(own, enemy, empty, Direction::North);
        let threatened = jumpable(enemy, own, empty, Direction::East)
            | jumpable(enemy, own, empty, Direction::North);
        let count = |points: u32| points.count_ones() as Score;
        Terms {
            protected: count(east_west) + count(north_south),
            doubly_protected: count(east_west & north_south),
            line_up: LINES.iter().map(|&line| count(own & line).pow(2)).sum(),
            threats: count(threatened),
        }
    }
}

/// The pieces of `pieces` that a piece of `jumpers` could jump along the axis of `dir`.
fn jumpable(pieces: u32, jumpers: u32, empty: u32, dir: Direction) -> u32 {
    let back = dir.reverse();
    pieces & ((dir.shift(jumpers) & back.shift(empty)) | (back.shift(jumpers) & dir.shift(empty)))
}
