//! Threats: the points that win at once, the moves that make a four or a three, and the
//! threat-space search of the `threat-space` technique, in the manner of Allis, van den
//! Herik and Huntjens (1993).
//!
//! The threat-space search is an AND/OR proof search run once at the root. At the
//! attacker's (OR) nodes only threats are tried: moves that make a four (a point that then
//! wins at once) and, with at least three own moves left, moves that make a three (a window
//! of `connect` points holding `connect - 2` own stones and no other stone). At the
//! defender's (AND) nodes every answer is tried: against a four only its winning point
//! (every other move loses at once), against two or more winning points none (the attacker
//! wins next), and otherwise every empty point of the board. So a proof is a real forced
//! win: the attacker's moves are a subset of the legal ones and the defender's are all of
//! them that do not lose at once; a full-width search of the proof's length finds it too.
//! Where the defender has a winning point of its own at an attacker's node, the search
//! gives up on that line rather than block (it proves less, never wrongly). This module
//! does not evaluate positions.

use super::{Gomoku, Point, DIRECTIONS};
use crate::game::{Forced, Game, Score, Side, WIN_SCORE};

/// Appends the points where `side` would win at once (a stone on an empty point next to a
/// stone of `side`), in point order.
pub fn winning_points(game: &Gomoku, side: Side, out: &mut Vec<Point>) {
    let mut near = Vec::with_capacity(64);
    game.candidates(1, &mut near);
    out.extend(near.into_iter().filter(|&p| game.wins_at(p, side)));
}

/// The first point where the side to move wins at once, if any: what a rollout or a
/// tactical check asks first.
pub fn winning_move(game: &Gomoku) -> Option<Point> {
    let mut points = Vec::new();
    winning_points(game, game.side, &mut points);
    points.first().copied()
}

/// The threat a move of `side` on the empty `point` makes, read from the windows of
/// `connect` points through it that hold none of the opponent's stones: 2 a four (such a
/// window then holds `connect - 1` of `side`'s stones), 1 a three (`connect - 2`), 0 none.
/// Under `exact-five` a window four may still not win (an overline); the search checks wins
/// with [`Gomoku::wins_at`], so this only chooses what to try.
pub fn threat_level(game: &Gomoku, point: Point, side: Side) -> u8 {
    let (row, col) = game.row_col(point);
    let connect = game.connect as i32;
    let most = DIRECTIONS
        .iter()
        .flat_map(|&(dr, dc)| {
            (0..connect).filter_map(move |back| {
                let start = (row - back * dr, col - back * dc);
                window_stones(game, start, (dr, dc), side)
            })
        })
        .max()
        .unwrap_or(0);
    match connect - 2 - most {
        ..=0 => 2,
        1 => 1,
        _ => 0,
    }
}

/// The stones of `side` in the window of `connect` points from `start` along `step`, or
/// `None` when it leaves the board or holds an opponent's stone.
fn window_stones(game: &Gomoku, start: (i32, i32), step: (i32, i32), side: Side) -> Option<i32> {
    let mut own = 0;
    for k in 0..game.connect as i32 {
        let (r, c) = (start.0 + k * step.0, start.1 + k * step.1);
        if !game.inside(r, c) {
            return None;
        }
        match game.at(r, c) {
            0 => {}
            colour if colour == side + 1 => own += 1,
            _ => return None,
        }
    }
    Some(own)
}

/// The threat-space answer at the root for the side to move, searching wins of at most
/// `depth` own moves: a win at once, the forced block of the opponent's single winning
/// point, a loss against two, or a proven forced win.
pub fn root_threats(game: &mut Gomoku, depth: u32, n_nodes: &mut u64) -> Option<Forced<Point>> {
    let side = game.side;
    if let Some(point) = winning_move(game) {
        return Some(Forced::Settled(point, WIN_SCORE - 1));
    }
    let mut blocks = Vec::new();
    winning_points(game, 1 - side, &mut blocks);
    match blocks.len() {
        0 => {}
        1 => return Some(Forced::Only(blocks[0])),
        _ => return Some(Forced::Settled(blocks[0], -(WIN_SCORE - 2))),
    }
    let mut search = ThreatSearch { n_nodes: 0 };
    let proof = search.attack(game, depth);
    *n_nodes += search.n_nodes;
    proof.map(|(plies, point)| Forced::Settled(point, WIN_SCORE - plies as Score))
}

/// The AND/OR search and its node count.
pub struct ThreatSearch {
    /// Moves made.
    pub n_nodes: u64,
}

impl ThreatSearch {
    /// An attacker's node, the attacker to move with `moves_left` own moves: the length in
    /// plies of a proven win and its first move.
    pub fn attack(&mut self, game: &mut Gomoku, moves_left: u32) -> Option<(u32, Point)> {
        if let Some(point) = winning_move(game) {
            return Some((1, point));
        }
        let attacker = game.side;
        let mut defender_wins = Vec::new();
        winning_points(game, 1 - attacker, &mut defender_wins);
        if moves_left < 2 || !defender_wins.is_empty() {
            return None;
        }
        for point in threats(game, moves_left) {
            let undo = game.make(point);
            self.n_nodes += 1;
            let proof = self.defend(game, moves_left - 1);
            game.unmake(point, undo);
            if let Some(plies) = proof {
                return Some((plies + 1, point));
            }
        }
        None
    }

    /// A defender's node: the length in plies of the attacker's win against every answer.
    /// The defender has no winning point here: [`ThreatSearch::attack`] tried no threat
    /// while it had one, and a stone only takes points away.
    fn defend(&mut self, game: &mut Gomoku, moves_left: u32) -> Option<u32> {
        let defender = game.side;
        let mut points = Vec::new();
        winning_points(game, 1 - defender, &mut points);
        match points.len() {
            0 if moves_left < 2 => return None,
            0 => game.generate_moves(&mut points),
            1 => {}
            _ => return Some(2),
        }
        let mut longest = None;
        for point in points {
            let undo = game.make(point);
            self.n_nodes += 1;
            let proof = self.attack(game, moves_left);
            game.unmake(point, undo);
            let plies = proof?.0;
            longest = longest.max(Some(plies + 1));
        }
        longest
    }
}

/// The attacker's threats with `moves_left` own moves: fours, then (with three or more moves
/// left) threes, each best shape first, among the empty points within 2 of a stone.
fn threats(game: &Gomoku, moves_left: u32) -> Vec<Point> {
    let side = game.side;
    let mut near = Vec::new();
    game.candidates(2, &mut near);
    let least = if moves_left >= 3 { 1 } else { 2 };
    let mut scored: Vec<(u8, Score, Point)> = near
        .into_iter()
        .filter_map(|p| {
            let level = threat_level(game, p, side);
            (level >= least).then(|| (level, game.shape_value(p, side), p))
        })
        .collect();
    scored.sort_by_key(|&(level, shape, p)| (std::cmp::Reverse(level), std::cmp::Reverse(shape), p));
    scored.into_iter().map(|(_, _, p)| p).collect()
}
