//! minimax-rs 0.6's `Game` and `Evaluator` over any of our games whose turns alternate
//! (Kalah `course`, Ming Mang): our rules code underneath through the library's public API,
//! the position changed in place with our undo records kept on a stack, the history of
//! Ming Mang's repetition ban inside our state as usual.
//!
//! Nodes are counted as our `n_nodes` counts them, one per entry to a search function: for
//! `Negamax`, which has no counter, every `apply` (each child is entered through exactly one)
//! plus the root; `IterativeSearch` counts its entries itself (re-searches included, the root
//! of each iteration not), see `peers.rs`.

use cutoff::game::{Evaluator, Game, Outcome, Score};
use minimax::{Evaluation, Winner};
use std::cell::Cell;
use std::marker::PhantomData;

thread_local! {
    /// `apply` calls on this thread.
    static APPLIED: Cell<u64> = const { Cell::new(0) };
}

/// `apply` calls on this thread so far.
pub fn applied() -> u64 {
    APPLIED.with(Cell::get)
}

/// minimax-rs's view of our game `G`.
pub struct Peer<G>(PhantomData<G>);

/// The state minimax-rs searches: our position and the undo records of the moves applied.
#[derive(Clone)]
pub struct PeerState<G: Game> {
    /// Our position.
    pub game: G,
    undos: Vec<G::Undo>,
}

impl<G: Game> PeerState<G> {
    /// The state of `game`.
    pub fn new(game: G) -> Self {
        PeerState {
            game,
            undos: Vec::with_capacity(128),
        }
    }
}

/// A finished game's result in minimax-rs's terms: our outcome is the side to move's.
fn winner<G: Game>(game: &G) -> Option<Winner> {
    game.outcome().map(|outcome| match outcome {
        Outcome::Win => Winner::PlayerToMove,
        Outcome::Loss => Winner::PlayerJustMoved,
        Outcome::Draw => Winner::Draw,
    })
}

impl<G: Game> minimax::Game for Peer<G> {
    type S = PeerState<G>;
    type M = G::Move;

    fn generate_moves(state: &PeerState<G>, moves: &mut Vec<G::Move>) -> Option<Winner> {
        if let Some(w) = winner(&state.game) {
            return Some(w);
        }
        state.game.generate_moves(moves);
        None
    }

    fn apply(state: &mut PeerState<G>, mv: G::Move) -> Option<PeerState<G>> {
        APPLIED.with(|n| n.set(n.get() + 1));
        let undo = state.game.make(mv);
        state.undos.push(undo);
        None
    }

    fn undo(state: &mut PeerState<G>, mv: G::Move) {
        let undo = state.undos.pop().expect("undo follows apply");
        state.game.unmake(mv, undo);
    }

    fn get_winner(state: &PeerState<G>) -> Option<Winner> {
        winner(&state.game)
    }

    fn zobrist_hash(state: &PeerState<G>) -> u64 {
        state.game.hash()
    }
}

/// Our evaluation `E` for minimax-rs (its scores are `i16`; ours fit).
pub struct PeerEval<G, E>(pub E, PhantomData<G>);

impl<G, E> PeerEval<G, E> {
    /// Evaluates with `eval`.
    pub fn new(eval: E) -> Self {
        PeerEval(eval, PhantomData)
    }
}

impl<G: Game, E: Evaluator<G>> minimax::Evaluator for PeerEval<G, E> {
    type G = Peer<G>;

    fn evaluate(&self, state: &PeerState<G>) -> Evaluation {
        let score: Score = self.0.evaluate(&state.game);
        Evaluation::try_from(score).expect("evaluations fit minimax-rs's i16")
    }
}
