//! A game given as a small fixed graph, for searches whose every node is counted by hand:
//! each node has its side to move (a move may keep it, as Kalah's extra move does), the
//! nodes its moves lead to, and a static value for side 0. Two paths of different lengths
//! may lead to one node, which no registered game does at small depths. Nothing registers
//! it; only the search tests build it.

use crate::game::{Evaluator, Game, Outcome, Score, Side, StatePart};

/// One node of a graph.
#[derive(Debug)]
pub struct Node {
    /// The side to move.
    pub side: Side,
    /// Where each move leads (move `i` to `next[i]`); none: the game is over, won by side 0
    /// if the value is positive, by side 1 if it is negative, else a draw.
    pub next: &'static [usize],
    /// The static value for side 0.
    pub value: Score,
}

/// A node of side `side` to move, its moves leading to `next`, worth `value` for side 0.
pub const fn node(side: Side, next: &'static [usize], value: Score) -> Node {
    Node { side, next, value }
}

impl Node {
    /// The value for the side to move.
    fn for_mover(&self) -> Score {
        if self.side == 0 {
            self.value
        } else {
            -self.value
        }
    }
}

/// A position: a node of a graph, the start being node 0.
#[derive(Clone, Debug)]
pub struct Graph {
    nodes: &'static [Node],
    at: usize,
    /// The nodes a move into which is noisy (for quiescence); none by default.
    noisy: &'static [usize],
}

impl Graph {
    /// The start (node 0) of `nodes`, every move quiet.
    pub fn new(nodes: &'static [Node]) -> Graph {
        Graph::with_noisy(nodes, &[])
    }

    /// The start (node 0) of `nodes`, the moves into the nodes `noisy` noisy.
    pub fn with_noisy(nodes: &'static [Node], noisy: &'static [usize]) -> Graph {
        Graph {
            nodes,
            at: 0,
            noisy,
        }
    }

    fn node(&self) -> &'static Node {
        &self.nodes[self.at]
    }
}

/// The node's value for its side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeValue;

impl Evaluator<Graph> for NodeValue {
    fn evaluate(&self, game: &Graph) -> Score {
        game.node().for_mover()
    }
}

impl Game for Graph {
    type Move = u8;
    type Undo = usize;
    type Eval = NodeValue;

    const NAME: &'static str = "graph";
    const SIDES: [&'static str; 2] = ["first", "second"];
    const EVAL_NAMES: &'static [&'static str] = &["value"];
    const DEFAULT_EVAL: NodeValue = NodeValue;
    const HASH_IS_COMPLETE: bool = true;

    fn from_options(_options: &str) -> Result<Self, String> {
        Err("a test graph is built with Graph::new".into())
    }

    fn spec(&self) -> String {
        Self::NAME.into()
    }

    fn parse_eval(name: &str) -> Option<NodeValue> {
        (name == "value").then_some(NodeValue)
    }

    fn side_to_move(&self) -> Side {
        self.node().side
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(0..self.node().next.len() as u8);
    }

    fn make(&mut self, mv: u8) -> usize {
        let next = self.node().next[usize::from(mv)];
        std::mem::replace(&mut self.at, next)
    }

    fn unmake(&mut self, _mv: u8, undo: usize) {
        self.at = undo;
    }

    fn make_null(&mut self) -> Option<usize> {
        None
    }

    fn unmake_null(&mut self, undo: usize) {
        self.at = undo;
    }

    fn hash(&self) -> u64 {
        (self.at as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let other = Graph {
            at: (self.at + 1) % self.nodes.len(),
            ..self.clone()
        };
        vec![StatePart::hashed("node", other)]
    }

    fn outcome(&self) -> Option<Outcome> {
        let node = self.node();
        node.next
            .is_empty()
            .then_some(match node.for_mover().signum() {
                1 => Outcome::Win,
                -1 => Outcome::Loss,
                _ => Outcome::Draw,
            })
    }

    fn move_index(&self, mv: u8) -> usize {
        usize::from(mv)
    }

    fn move_index_space(&self) -> usize {
        4
    }

    fn is_pass(&self, _mv: u8) -> bool {
        false
    }

    fn is_noisy(&self, mv: u8) -> bool {
        self.noisy.contains(&self.node().next[usize::from(mv)])
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        text.parse()
            .ok()
            .filter(|&mv: &u8| usize::from(mv) < self.node().next.len())
            .ok_or_else(|| format!("no move `{text}` at node {}", self.at))
    }

    fn board_string(&self) -> String {
        format!("node {}", self.at)
    }

    fn board_display(&self) -> String {
        self.board_string() + "\n"
    }
}
