//! The minimal tree: Knuth and Moore's leaf count on uniform trees with distinct leaf values,
//! finished positions counted as leaves, the root value of plain minimax, and never more
//! nodes than plain alpha-beta.

use super::super::minimal::minimal_tree;
use super::*;
use crate::game::{Evaluator, Outcome, Score, StatePart, WIN_SCORE};

/// A uniform tree: every node above `depth` has `branching` children; a node is its path,
/// coded in base `branching`. The leaves' values are distinct (a bijection of the code).
#[derive(Clone, Debug)]
struct Uniform {
    branching: u8,
    depth: u32,
    code: u64,
    ply: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Scrambled;

impl Evaluator<Uniform> for Scrambled {
    fn evaluate(&self, game: &Uniform) -> Score {
        // An odd multiplier modulo 2^16 is a bijection: distinct codes, distinct values.
        let value = (game.code.wrapping_mul(40_503) & 0xffff) as Score - 0x8000;
        if game.ply % 2 == 0 {
            value
        } else {
            -value
        }
    }
}

impl Game for Uniform {
    type Move = u8;
    type Undo = ();
    type Eval = Scrambled;
    const NAME: &'static str = "uniform";
    const SIDES: [&'static str; 2] = ["first", "second"];
    const EVAL_NAMES: &'static [&'static str] = &["scrambled"];
    const DEFAULT_EVAL: Scrambled = Scrambled;
    const HASH_IS_COMPLETE: bool = true;

    fn from_options(options: &str) -> Result<Self, String> {
        let (b, d) = options.split_once(',').ok_or("b,d")?;
        Ok(Uniform {
            branching: b.parse().map_err(|_| "b")?,
            depth: d.parse().map_err(|_| "d")?,
            code: 0,
            ply: 0,
        })
    }
    fn spec(&self) -> String {
        format!("uniform:{},{}", self.branching, self.depth)
    }
    fn parse_eval(name: &str) -> Option<Scrambled> {
        (name == "scrambled").then_some(Scrambled)
    }
    fn side_to_move(&self) -> u8 {
        (self.ply % 2) as u8
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if self.ply < self.depth {
            moves.extend(0..self.branching);
        }
    }
    fn make(&mut self, mv: u8) {
        self.code = self.code * u64::from(self.branching) + u64::from(mv);
        self.ply += 1;
    }
    fn unmake(&mut self, _mv: u8, _undo: ()) {
        self.code /= u64::from(self.branching);
        self.ply -= 1;
    }
    fn make_null(&mut self) -> Option<()> {
        None
    }
    fn unmake_null(&mut self, _undo: ()) {}
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }
    fn hash_from_scratch(&self) -> u64 {
        (self.code << 8 | u64::from(self.ply)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
    fn state_parts(&self) -> Vec<StatePart<Self>> {
        let path = Uniform {
            code: self.code + 1,
            ..self.clone()
        };
        let ply = Uniform {
            ply: self.ply + 1,
            ..self.clone()
        };
        vec![
            StatePart::hashed("path", path),
            StatePart::hashed("ply", ply),
        ]
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn move_index(&self, mv: u8) -> usize {
        usize::from(mv)
    }
    fn move_index_space(&self) -> usize {
        usize::from(self.branching)
    }
    fn is_pass(&self, _mv: u8) -> bool {
        false
    }
    fn is_noisy(&self, _mv: u8) -> bool {
        false
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, String> {
        text.parse().map_err(|_| text.to_string())
    }
    fn board_string(&self) -> String {
        format!("{} at ply {}", self.code, self.ply)
    }
    fn board_display(&self) -> String {
        self.board_string() + "\n"
    }
}

#[test]
fn uniform_trees_have_the_knuth_moore_leaf_count() {
    for (b, d) in [(3u64, 3u32), (2, 4), (3, 4), (4, 3), (3, 5), (5, 2), (2, 1)] {
        let game = Uniform::from_options(&format!("{b},{d}")).unwrap();
        let tree = minimal_tree(&game, d, Scrambled, &Params::default());
        let expected = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
        assert_eq!(tree.n_leaves, expected, "b={b}, d={d}");
    }
    let game = Uniform::from_options("3,3").unwrap();
    assert_eq!(
        minimal_tree(&game, 3, Scrambled, &Params::default()).n_leaves,
        11
    );
}

/// A finished position is a leaf wherever it is met, with its terminal score, whatever depth
/// is left. On tic-tac-toe near the end, counted by hand (perfect order puts a winning or
/// drawing move first; after it the window makes the other move's single reply cut):
#[test]
fn terminal_positions_are_leaves() {
    use super::super::minimal::MinimalTree;
    use crate::game::tictactoe::TicTacToe;
    let win = WIN_SCORE - 1;
    let tree = |n_nodes, n_leaves, score| MinimalTree {
        n_nodes,
        n_leaves,
        score,
    };
    for (moves, depth, expected) in [
        // The board is full (X O X / X O O / O X X), a draw: the root alone.
        ("a3,b3,c3,b2,a2,c2,b1,a1,c1", 3, tree(1, 1, 0)),
        // X's last move, c1, draws: the root and one terminal leaf.
        ("a3,b3,c3,b2,a2,c2,b1,a1", 1, tree(2, 1, 0)),
        // O to move (X X . / O O X / X O .): c3 lets X draw with c1 (two nodes, a terminal
        // leaf); c1 lets X win with c3, which cuts (two nodes, a terminal leaf).
        ("a3,a2,b3,b2,c2,b1,a1", 2, tree(5, 2, 0)),
        ("a3,a2,b3,b2,c2,b1,a1", 9, tree(5, 2, 0)),
        // O to move (X X O / X O . / . O X): a1 wins at once, a terminal leaf; c2 is a
        // depth-0 leaf at depth 1, and at depth 2 a node whose reply, X's a1, wins and cuts.
        ("a3,c3,b3,b2,a2,b1,c1", 1, tree(3, 2, win)),
        ("a3,c3,b3,b2,a2,b1,c1", 2, tree(4, 2, win)),
    ] {
        let mut game = TicTacToe::from_options("").unwrap();
        game.play_moves(moves).unwrap();
        let found = minimal_tree(&game, depth, TicTacToe::DEFAULT_EVAL, &Params::default());
        assert_eq!(found, expected, "depth {depth} after {moves}");
    }
}

/// At depth 1 the minimal tree is the root and its children as leaves, a move that keeps
/// the turn (as Kalah's extra move does) costing a ply of depth as any other: node 1 below
/// is such a child, and the nodes below it are not reached.
#[test]
fn a_move_that_keeps_the_turn_costs_a_ply_of_depth() {
    use super::graph::{node, Graph, Node, NodeValue};
    static NODES: [Node; 5] = [
        node(0, &[1, 2], 0),
        node(0, &[3], 5),
        node(1, &[3], 1),
        node(1, &[4], 2),
        node(0, &[], 0),
    ];
    let found = minimal_tree(&Graph::new(&NODES), 1, NodeValue, &Params::default());
    assert_eq!((found.n_nodes, found.n_leaves, found.score), (3, 2, 5));
}

/// A move that keeps the turn is a ply deeper too, which the distance of a win shows: R's
/// only move keeps side 0 to move at A, whose only move wins at ply 2.
#[test]
fn a_move_that_keeps_the_turn_is_a_ply_deeper() {
    use super::graph::{node, Graph, Node, NodeValue};
    static NODES: [Node; 3] = [node(0, &[1], 0), node(0, &[2], 0), node(1, &[], 1)];
    let found = minimal_tree(&Graph::new(&NODES), 2, NodeValue, &Params::default());
    assert_eq!((found.n_nodes, found.score), (3, WIN_SCORE - 2));
}

/// On the uniform tree, and on Kalah and Ming Mang positions, the minimal tree has
/// minimax's value and no more nodes than plain alpha-beta.
#[test]
fn the_minimal_tree_has_the_value_and_at_most_alphabetas_nodes() {
    fn check<G: Game>(game: &G, depth: u32, eval: G::Eval) {
        let tree = minimal_tree(game, depth, eval, &Params::default());
        let (minimax, _) = root_value(game, Config::parse("minimax").unwrap(), depth, eval);
        let (_, ab) = root_value(game, Config::parse("alphabeta").unwrap(), depth, eval);
        assert_eq!(tree.score, minimax, "{} depth {depth}", game.spec());
        assert!(tree.n_nodes <= ab.n_nodes, "{} depth {depth}", game.spec());
    }
    for depth in 1..=4 {
        check(&Uniform::from_options("4,4").unwrap(), depth, Scrambled);
    }
    let mut kalah = Kalah::from_options("").unwrap();
    kalah.play_moves("3,6,2").unwrap();
    let mingmang = crate::game::mingmang::MingMang::from_options("").unwrap();
    for depth in 1..=5 {
        check(&kalah, depth, Kalah::DEFAULT_EVAL);
    }
    for depth in 1..=3 {
        check(
            &mingmang,
            depth,
            crate::game::mingmang::MingMang::DEFAULT_EVAL,
        );
    }
}
