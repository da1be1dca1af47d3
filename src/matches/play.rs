//! One game between two agents from an opening: each agent is asked for a move at the
//! boundary of `catch_unwind`, its move is checked against the legal moves and timed (wall
//! and the thread's CPU time; the overrun check reads wall time, as a clock would), and
//! the game ends by the rules, by the ply cap (a draw), by an external brain's forfeit (a
//! loss), or by another agent's failure (an error, never a loss). Players that keep state
//! (external brains) hear of the game's start, of every move and of its end. This module
//! does not choose openings or write files.

use super::agent::{Failure, Player};
use super::record::{End, MoveRecord, Reason, Seat};
use crate::cputime::Stopwatch;
use crate::game::{Game, Outcome};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

/// A time-limited agent that overruns its budget by this factor (plus [`GRACE`]) has
/// failed: its search no longer stops.
const OVERRUN_FACTOR: u32 = 2;
/// Slack on top of a doubled budget for scheduling on a busy machine.
const GRACE: Duration = Duration::from_millis(250);

/// The agents of one game, by seat, with the time budget of each (for the overrun check).
pub struct Seats<'a, G: Game> {
    /// Agent A and agent B.
    pub agents: [&'a mut dyn Player<G>; 2],
    /// Each agent's time budget per move, if it has one.
    pub budgets: [Option<Duration>; 2],
}

/// Plays from `start` (the position after `opening`, in notation) with `first` to move
/// first, until an end; returns the moves and the end.
pub fn play<G: Game>(
    start: &G,
    seats: &mut Seats<'_, G>,
    first: Seat,
    (opening, max_plies): (&[String], u32),
    rng: &mut ChaCha8Rng,
) -> (Vec<MoveRecord>, End) {
    for agent in &mut seats.agents {
        agent.new_game(opening);
    }
    let played = play_moves(start, seats, first, (opening.len() as u32, max_plies), rng);
    for agent in &mut seats.agents {
        agent.game_over();
    }
    played
}

fn play_moves<G: Game>(
    start: &G,
    seats: &mut Seats<'_, G>,
    first: Seat,
    (opening_plies, max_plies): (u32, u32),
    rng: &mut ChaCha8Rng,
) -> (Vec<MoveRecord>, End) {
    let mut game = start.clone();
    let seat_of = |side: u8| {
        if side == start.side_to_move() {
            first
        } else {
            1 - first
        }
    };
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    let mut ply = opening_plies;
    loop {
        if let Some(outcome) = game.outcome() {
            let to_move = seat_of(game.side_to_move());
            let end = match outcome {
                Outcome::Win => win(to_move),
                Outcome::Loss => win(1 - to_move),
                Outcome::Draw => End::Draw {
                    reason: Reason::Rules,
                },
            };
            return (moves, end);
        }
        if ply >= max_plies {
            let reason = Reason::PlyCap;
            return (moves, End::Draw { reason });
        }
        let seat = seat_of(game.side_to_move());
        let mut clock = Stopwatch::start();
        let asked = catch_unwind(AssertUnwindSafe(|| seats.agents[seat].choose(&game, rng)));
        clock.pause();
        let spent = clock.wall();
        let fail = |message: String| End::Error {
            agent: seat,
            message,
        };
        let choice = match asked {
            Ok(Ok(choice)) => choice,
            Ok(Err(Failure {
                message,
                forfeit: Some(cause),
            })) => {
                let loser = seat;
                return (
                    moves,
                    End::Forfeit {
                        loser,
                        cause,
                        message,
                    },
                );
            }
            Ok(Err(failure)) => return (moves, fail(failure.message)),
            Err(panic) => return (moves, fail(format!("panicked: {}", panic_text(&*panic)))),
        };
        legal.clear();
        game.generate_moves(&mut legal);
        if !legal.contains(&choice.mv) {
            let message = format!("illegal move {:?} at ply {ply}", choice.mv);
            return (moves, fail(message));
        }
        if let Some(budget) = seats.budgets[seat] {
            if spent > budget * OVERRUN_FACTOR + GRACE {
                let message = format!(
                    "timeout: {} ms for a move with a budget of {} ms",
                    spent.as_millis(),
                    budget.as_millis()
                );
                return (moves, fail(message));
            }
        }
        let notation = game.format_move(choice.mv);
        for agent in &mut seats.agents {
            agent.moved(&notation);
        }
        moves.push(MoveRecord {
            mv: notation,
            nodes: choice.nodes,
            depth: choice.depth,
            us: spent.as_micros() as u64,
            // An external brain's CPU time is not this thread's: left out.
            cpu_us: (!seats.agents[seat].is_external()).then(|| clock.cpu_ns() / 1000),
        });
        game.make(choice.mv);
        ply += 1;
    }
}

fn win(winner: Seat) -> End {
    End::Win {
        winner,
        reason: Reason::Rules,
    }
}

/// The message of a caught panic.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}
