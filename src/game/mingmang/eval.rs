//! CAMMP's evaluation, `cammp`, from the side to move's point of view:
//! `50 * (N_own - N_opp) + 10 * (R_own - R_opp) + 2 * (D_own - D_opp) + 3`, where N counts
//! pieces, R the distinct empty squares the side reaches with one rook slide (union over its
//! pieces), D its pieces on the a1-h8 diagonal, and 3 is the mover's bonus.
//!
//! It does not look at the history or at terminal positions (search scores those).

use super::attacks::reach_of_each;
use super::MingMang;
use crate::game::{Evaluator, Score};

/// The a1-h8 diagonal.
const DIAGONAL: u64 = 0x8040_2010_0804_0201;

/// Ming Mang's evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MingMangEval {
    /// CAMMP's material, one-slide reach and diagonal function.
    Cammp,
}

impl Evaluator<MingMang> for MingMangEval {
    fn evaluate(&self, game: &MingMang) -> Score {
        match self {
            MingMangEval::Cammp => {
                let (own, enemy) = (game.pos.own(), game.pos.enemy());
                let [own_reach, enemy_reach] = reach_of_each([own, enemy], !(own | enemy));
                cammp_terms(own, own_reach) - cammp_terms(enemy, enemy_reach) + 3
            }
        }
    }
}

/// One side's share of `cammp`, `50 N + 10 R + 2 D`, from its pieces and its reach.
fn cammp_terms(pieces: u64, reach: u64) -> Score {
    (50 * pieces.count_ones() + 10 * reach.count_ones() + 2 * (pieces & DIAGONAL).count_ones())
        as Score
}
