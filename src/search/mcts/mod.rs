//! Monte Carlo tree search with UCT (Kocsis and Szepesvári 2006), the Gomoku study's second
//! player: each playout descends the tree by the UCT rule, adds one node (one untried
//! move, drawn at random), plays the game's rollout policy ([`Game::rollout_move`]) to the
//! end, and backs the result up. The root's most visited move is played.
//!
//! The tree's moves are the search moves ([`Game::generate_search_moves`]: Gomoku's
//! candidates). Randomness comes from one ChaCha8 generator seeded with `mcts-seed` at the
//! start of each search, so a search is a function of the position and the parameters. The
//! search stops after `playouts` playouts or, earlier, once the caller's [`Stop`] answers
//! true (the engine's deadline; it is asked after every playout); it never reads a clock
//! itself. Rewards are 1 for a win, 1/2 for a draw and 0 for a loss, for the
//! side that made the move into a node (Kalah's extra moves keep the side, so the mover is
//! stored rather than alternated). The reported score is the best move's mean reward
//! scaled to -1000 (a sure loss) ..= 1000 (a sure win).
//!
//! Counters: `n_playouts`, `n_tree_nodes` (nodes in the tree at the end, the root
//! included: at most `playouts + 1`) and `n_rollout_plies`; `n_nodes` counts the tree nodes
//! each playout passes through (the root every time), `n_leaves` the rollouts and
//! `sel_depth` the deepest tree ply.

use super::params::Params;
use super::stats::{Counters, Iteration};
use super::strategy::Stop;
use crate::game::{Game, GameParams, Outcome, Side};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[cfg(test)]
mod tests;

/// No node: the end of a child list.
const NONE: u32 = u32::MAX;
/// A rollout longer than this ends as a draw (no game here comes near it).
const MAX_ROLLOUT_PLIES: u64 = 10_000;

/// One node of the tree: the position after `mv`.
#[derive(Clone, Copy)]
struct Node<M> {
    /// The move into this node (unused at the root).
    mv: M,
    /// The side that played `mv`: rewards are counted for it.
    mover: Side,
    visits: u32,
    /// The sum of the rewards for `mover`.
    reward: f64,
    first_child: u32,
    next_sibling: u32,
    /// Where this node's untried moves start in the move arena (`NONE` until generated).
    untried_start: u32,
    /// How many untried moves are left.
    untried: u32,
}

impl<M> Node<M> {
    fn new(mv: M, mover: Side) -> Node<M> {
        Node {
            mv,
            mover,
            visits: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling: NONE,
            untried_start: NONE,
            untried: 0,
        }
    }
}

/// A reusable UCT searcher for game `G`.
pub struct Mcts<G: Game> {
    playouts: u64,
    /// The exploration constant `c` of UCT.
    uct_c: f64,
    seed: u64,
    game_params: GameParams,
    nodes: Vec<Node<G::Move>>,
    /// The untried moves of every node, each node's in one slice.
    arena: Vec<G::Move>,
    /// The moves made from the root in this playout, with their undo values.
    path: Vec<(u32, G::Move, G::Undo)>,
    rollout: Vec<(G::Move, G::Undo)>,
    scratch: Vec<G::Move>,
    counters: Counters,
}

impl<G: Game> Mcts<G> {
    /// A searcher with `params`' `playouts`, `uct-c` (in thousandths), `mcts-seed` and the
    /// game's move parameters.
    pub fn new(params: &Params) -> Self {
        Mcts {
            playouts: u64::from(params.playouts),
            uct_c: f64::from(params.uct_c) / 1000.0,
            seed: u64::from(params.mcts_seed),
            game_params: params.game_params(),
            nodes: Vec::new(),
            arena: Vec::new(),
            path: Vec::new(),
            rollout: Vec::new(),
            scratch: Vec::with_capacity(256),
            counters: Counters::default(),
        }
    }

    /// Searches `game` for its side to move with its `playouts`: one iteration, handed to
    /// `on_iteration` too. The position is restored at the end.
    pub fn search(
        &mut self,
        game: &mut G,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        self.search_within(game, None, None, on_iteration)
    }

    /// [`Mcts::search`] with `playouts` instead of the parameter's, if given (`u64::MAX`:
    /// until the stop), ending after the first playout after which `stop` answers true (it
    /// is asked after every playout, with the nodes so far; one playout always runs, so
    /// that there is a move).
    pub(super) fn search_within(
        &mut self,
        game: &mut G,
        playouts: Option<u64>,
        mut stop: Option<Box<dyn Stop>>,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Vec<Iteration<G::Move>> {
        let playouts = playouts.unwrap_or(self.playouts);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        self.counters = Counters::default();
        self.nodes.clear();
        self.arena.clear();
        self.nodes
            .push(Node::new(G::Move::default(), 1 - game.side_to_move()));
        let mut done = 0;
        while done < playouts && game.outcome().is_none() {
            self.playout(game, &mut rng);
            done += 1;
            let nodes = self.counters.n_nodes;
            if stop.as_mut().is_some_and(|s| s.now(nodes)) {
                break;
            }
        }
        self.counters.n_playouts = done;
        self.counters.n_tree_nodes = self.nodes.len() as u64;
        let iteration = self.iteration(game);
        on_iteration(&iteration);
        vec![iteration]
    }

    /// One playout: select, expand, roll out, back up, and take every move back.
    fn playout(&mut self, game: &mut G, rng: &mut ChaCha8Rng) {
        self.path.clear();
        let mut node = 0;
        self.counters.n_nodes += 1;
        let winner = loop {
            if let Some(outcome) = game.outcome() {
                break winner_of(game.side_to_move(), outcome);
            }
            self.generate_untried(node, game);
            let next = if self.nodes[node as usize].untried > 0 {
                Some(self.expand(node, game, rng))
            } else {
                self.select(node)
            };
            let Some(child) = next else {
                // A position without search moves that is not over: roll out from it.
                break self.roll_out(game, rng);
            };
            let mv = self.nodes[child as usize].mv;
            let undo = game.make(mv);
            self.path.push((child, mv, undo));
            self.counters.n_nodes += 1;
            self.counters.sel_depth = self.counters.sel_depth.max(self.path.len() as u64);
            node = child;
            if self.nodes[child as usize].visits == 0 {
                break self.roll_out(game, rng);
            }
        };
        self.back_up(winner);
        while let Some((_, mv, undo)) = self.path.pop() {
            game.unmake(mv, undo);
        }
    }

    /// Puts `node`'s search moves into the arena the first time it is reached.
    fn generate_untried(&mut self, node: u32, game: &G) {
        let entry = &mut self.nodes[node as usize];
        if entry.untried_start != NONE {
            return;
        }
        entry.untried_start = self.arena.len() as u32;
        self.scratch.clear();
        game.generate_search_moves(&self.game_params, &mut self.scratch);
        self.arena.extend_from_slice(&self.scratch);
        self.nodes[node as usize].untried = self.scratch.len() as u32;
    }

    /// Adds a child of `node` for one of its untried moves, drawn at random.
    fn expand(&mut self, node: u32, game: &G, rng: &mut ChaCha8Rng) -> u32 {
        let parent = self.nodes[node as usize];
        let last = (parent.untried_start + parent.untried - 1) as usize;
        let pick = parent.untried_start as usize + rng.gen_range(0..parent.untried as usize);
        self.arena.swap(pick, last);
        let mut child = Node::new(self.arena[last], game.side_to_move());
        child.next_sibling = parent.first_child;
        let id = self.nodes.len() as u32;
        self.nodes.push(child);
        let parent = &mut self.nodes[node as usize];
        parent.untried -= 1;
        parent.first_child = id;
        id
    }

    /// The child of `node` with the highest UCT value (the first of equals), if any.
    fn select(&self, node: u32) -> Option<u32> {
        let log_n = f64::from(self.nodes[node as usize].visits.max(1)).ln();
        let mut best: Option<(f64, u32)> = None;
        for child in self.children(node) {
            let entry = &self.nodes[child as usize];
            let n = f64::from(entry.visits);
            let value = entry.reward / n + self.uct_c * (log_n / n).sqrt();
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, child));
            }
        }
        best.map(|(_, child)| child)
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.nodes[node as usize].first_child;
        std::iter::successors((first != NONE).then_some(first), |&c| {
            let next = self.nodes[c as usize].next_sibling;
            (next != NONE).then_some(next)
        })
    }

    /// Plays the game's rollout moves to the end and takes them back; the winner (`None`:
    /// a draw, also when no move is left before the end).
    fn roll_out(&mut self, game: &mut G, rng: &mut ChaCha8Rng) -> Option<Side> {
        self.counters.n_leaves += 1;
        self.rollout.clear();
        let winner = loop {
            if let Some(outcome) = game.outcome() {
                break winner_of(game.side_to_move(), outcome);
            }
            if self.rollout.len() as u64 >= MAX_ROLLOUT_PLIES {
                break None;
            }
            let Some(mv) = game.rollout_move(rng, &mut self.scratch) else {
                break None;
            };
            self.rollout.push((mv, game.make(mv)));
        };
        self.counters.n_rollout_plies += self.rollout.len() as u64;
        while let Some((mv, undo)) = self.rollout.pop() {
            game.unmake(mv, undo);
        }
        winner
    }

    /// Adds one visit and the reward of `winner` to the root and every node of the path.
    fn back_up(&mut self, winner: Option<Side>) {
        let nodes = std::iter::once(0).chain(self.path.iter().map(|&(node, _, _)| node));
        for node in nodes {
            let entry = &mut self.nodes[node as usize];
            entry.visits += 1;
            entry.reward += match winner {
                None => 0.5,
                Some(side) if side == entry.mover => 1.0,
                Some(_) => 0.0,
            };
        }
    }

    /// The most visited child of `node` (then the higher mean reward, then the first).
    fn most_visited(&self, node: u32) -> Option<u32> {
        let key = |c: u32| {
            let entry = &self.nodes[c as usize];
            (entry.visits, entry.reward / f64::from(entry.visits.max(1)))
        };
        self.children(node).fold(None, |best, c| match best {
            Some(b) if key(b) >= key(c) => Some(b),
            _ => Some(c),
        })
    }

    /// The search's result: the root's most visited move, its score, and the line of most
    /// visited moves below it.
    fn iteration(&self, game: &G) -> Iteration<G::Move> {
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = self.most_visited(node) {
            pv.push(self.nodes[child as usize].mv);
            node = child;
        }
        let best = self.most_visited(0);
        let score = match (best, game.terminal_score(0)) {
            (_, Some(score)) => score,
            (Some(child), None) => {
                let entry = &self.nodes[child as usize];
                let mean = entry.reward / f64::from(entry.visits);
                ((2.0 * mean - 1.0) * 1000.0).round() as i32
            }
            (None, None) => 0,
        };
        Iteration {
            depth: self.counters.sel_depth as u32,
            counters: self.counters,
            score,
            best_move: best.map(|c| self.nodes[c as usize].mv),
            pv,
            capped: false,
            exhausted: false,
        }
    }
}

/// The winner of a finished game whose side to move is `to_move`; `None` for a draw.
fn winner_of(to_move: Side, outcome: Outcome) -> Option<Side> {
    match outcome {
        Outcome::Win => Some(to_move),
        Outcome::Loss => Some(1 - to_move),
        Outcome::Draw => None,
    }
}
