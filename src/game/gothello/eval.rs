//! Gothello's evaluations (RULES.md section 4), from the side to move's point of view:
//! `number`, own stones minus enemy stones, and `eye`, stones weighted by `stone-score` plus
//! eyes weighted by `black-eye-score` and `white-eye-score`, where an eye is an empty point
//! whose on-board orthogonal neighbours are all stones of one colour.
//!
//! `eye`'s weights live on the evaluation value ([`EyeWeights`]) and are set with `--param`
//! ([`EyeWeights::PARAMS`]); the defaults are the study program's (`game.py`:
//! `--stonescore`, `--blackeyescore`, `--whiteeyescore`, all 1). Its
//! value is, from black's side, `stone * (B - W) + black_eye * eyes(B) - white_eye *
//! eyes(W)`, negated when white is to move (the study program also added the plain stone
//! difference once more, which RULES.md does not; we follow RULES.md).
//!
//! Not here: terminal positions (search scores those) and the `liberties` tie-break.

use super::Gothello;
use crate::game::board5::{neighbours, FULL};
use crate::game::{EvalParam, Evaluator, Score, Side};

/// The weights of `eye`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyeWeights {
    /// Per stone (`stone-score`).
    pub stone: Score,
    /// Per black eye (`black-eye-score`).
    pub black_eye: Score,
    /// Per white eye (`white-eye-score`).
    pub white_eye: Score,
}

impl EyeWeights {
    /// The study program's defaults.
    pub const STUDY: EyeWeights = EyeWeights {
        stone: 1,
        black_eye: 1,
        white_eye: 1,
    };

    /// The weights as `--param` names them, in the order of the fields, with the study's
    /// values.
    pub const PARAMS: &'static [EvalParam] = &[
        EvalParam {
            name: "stone-score",
            eval: "eye",
            default: 1,
            help: "per stone of the stone difference",
        },
        EvalParam {
            name: "black-eye-score",
            eval: "eye",
            default: 1,
            help: "per black eye (added for black)",
        },
        EvalParam {
            name: "white-eye-score",
            eval: "eye",
            default: 1,
            help: "per white eye (added for white)",
        },
    ];
}

impl GothelloEval {
    /// This evaluation with the weights `values`, one per [`EyeWeights::PARAMS`].
    pub(super) fn weighed(self, values: &[Score]) -> GothelloEval {
        match self {
            GothelloEval::Number => self,
            GothelloEval::Eye(_) => GothelloEval::Eye(EyeWeights {
                stone: values[0],
                black_eye: values[1],
                white_eye: values[2],
            }),
        }
    }
}

/// Gothello's evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GothelloEval {
    /// Own stones minus enemy stones.
    Number,
    /// Stones and eyes, weighted.
    Eye(EyeWeights),
}

impl Evaluator<Gothello> for GothelloEval {
    fn evaluate(&self, game: &Gothello) -> Score {
        let from_black = match self {
            GothelloEval::Number => stone_difference(game),
            GothelloEval::Eye(w) => {
                w.stone * stone_difference(game) + w.black_eye * eyes(game, 0)
                    - w.white_eye * eyes(game, 1)
            }
        };
        match game.side {
            0 => from_black,
            _ => -from_black,
        }
    }
}

/// Black stones minus white stones.
fn stone_difference(game: &Gothello) -> Score {
    game.stones[0].count_ones() as Score - game.stones[1].count_ones() as Score
}

/// The eyes of `side`: empty points none of whose neighbours is empty or the other colour.
pub(super) fn eyes(game: &Gothello, side: Side) -> Score {
    let others = FULL & !game.stones(side);
    (game.empty() & !neighbours(others)).count_ones() as Score
}
