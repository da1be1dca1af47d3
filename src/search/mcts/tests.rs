//! MCTS: the same seed gives the same search, the score is the best move's mean reward
//! scaled, equal visits go to the higher mean reward, the tree grows by at most one node per
//! playout, the stop ends it after a playout, it wins in one and blocks a four on Gomoku,
//! and it beats random play at tic-tac-toe.

use super::*;
use crate::game::gomoku::Gomoku;
use crate::game::kalah::Kalah;
use crate::game::tictactoe::TicTacToe;

fn params(playouts: u32, seed: u32) -> Params {
    Params {
        playouts,
        mcts_seed: seed,
        ..Params::default()
    }
}

fn search<G: Game>(game: &G, params: &Params) -> Iteration<G::Move> {
    let mut game = game.clone();
    let before = format!("{game:?}");
    let mut found = Mcts::new(params).search(&mut game, &mut |_| {});
    assert_eq!(format!("{game:?}"), before, "the position is restored");
    found.pop().unwrap()
}

fn gomoku(options: &str, moves: &str) -> Gomoku {
    let mut game = Gomoku::from_options(options).unwrap();
    game.play_moves(moves).unwrap();
    game
}

/// A 15x15 middle game: eight stones around the centre.
fn midgame() -> Gomoku {
    gomoku("", "h8,h9,i9,g7,j10,i8,g9,j7")
}

#[test]
fn the_same_seed_gives_the_same_move_and_counters() {
    let p = params(300, 7);
    let a = search(&midgame(), &p);
    assert_eq!(a, search(&midgame(), &p));
    assert_eq!(a.counters.n_playouts, 300);
    let kalah = Kalah::from_options("").unwrap();
    assert_eq!(search(&kalah, &p), search(&kalah, &p));
    // Another seed draws other rollouts.
    let b = search(&midgame(), &params(300, 8));
    assert_ne!(a.counters, b.counters);
}

/// UCT's value of a child: its mean reward plus c * sqrt(ln N / n). Root visits 100; child A
/// 80 visits, reward 56 (mean 0.7); child B 20 visits, reward 8 (mean 0.4). With c = 1.414,
/// A is worth 0.7 + 1.414 * sqrt(4.605 / 80) = 1.0393 and B 0.4 + 1.414 * sqrt(4.605 / 20) =
/// 1.0785, so B is chosen; without the square root A would be (0.7814 against 0.7256), and
/// with c = 0 it is (worked out by hand).
#[test]
fn uct_adds_c_times_the_square_root_of_log_visits_over_visits() {
    for (uct_c, chosen) in [(1414, 2), (0, 1)] {
        let mut mcts = Mcts::<TicTacToe>::new(&Params {
            uct_c,
            ..Params::default()
        });
        let mut root = Node::new(0, 1);
        (root.visits, root.first_child) = (100, 1);
        let mut a = Node::new(0, 0);
        (a.visits, a.reward, a.next_sibling) = (80, 56.0, 2);
        let mut b = Node::new(1, 0);
        (b.visits, b.reward) = (20, 8.0);
        mcts.nodes = vec![root, a, b];
        assert_eq!(mcts.select(0), Some(chosen), "uct-c {uct_c}");
    }
}

/// A fixed seed on a fixed position is a fixed search: tic-tac-toe's start, seed 1, 300
/// playouts. The root children's visits (by move) and the move chosen are pinned, so that a
/// change to selection, expansion, rollouts or the back-up shows here.
#[test]
fn a_fixed_seed_gives_pinned_visit_counts() {
    let mut mcts = Mcts::new(&params(300, 1));
    let mut game = TicTacToe::from_options("").unwrap();
    let found = mcts.search(&mut game, &mut |_| {}).pop().unwrap();
    let mut visits: Vec<(String, u32)> = mcts
        .children(0)
        .map(|c| {
            let node = &mcts.nodes[c as usize];
            (game.format_move(node.mv), node.visits)
        })
        .collect();
    visits.sort();
    let best = game.format_move(found.best_move.unwrap());
    let expected = [
        ("a1", 35),
        ("a2", 15),
        ("a3", 55),
        ("b1", 30),
        ("b2", 44),
        ("b3", 25),
        ("c1", 32),
        ("c2", 23),
        ("c3", 41),
    ];
    let expected: Vec<(String, u32)> = expected.map(|(m, v)| (m.to_string(), v)).into();
    assert_eq!((best.as_str(), visits), ("a3", expected));
}

/// The score is the best move's mean reward for its mover scaled to -1000..=1000. With one
/// square left every playout ends the same way: the last move draws (mean 1/2, score 0) or
/// wins (mean 1, score 1000), however many playouts there are.
#[test]
fn the_score_is_the_best_moves_mean_reward_scaled() {
    // X to move; c1 fills the board: a draw (X O X / X O O / O X X) or a win on file c
    // (O X X / X O X / O O X).
    for (moves, score) in [
        ("a3,b3,c3,b2,a2,c2,b1,a1", 0),
        ("b3,a3,c3,b2,a2,a1,c2,b1", 1000),
    ] {
        let mut game = TicTacToe::from_options("").unwrap();
        game.play_moves(moves).unwrap();
        for playouts in [1, 10, 100] {
            let found = search(&game, &params(playouts, 1));
            assert_eq!(
                (found.score, found.counters.n_playouts),
                (score, u64::from(playouts)),
                "{playouts} playouts on\n{}",
                game.board_string()
            );
        }
    }
}

/// Among children visited alike, the move chosen is the one with the higher mean reward. O
/// to move with two squares left: b3 wins, a3 draws (X then fills b3 without a line). Two
/// playouts expand each move once, whatever the seed: one visit each, means 1 and 1/2.
#[test]
fn equal_visits_go_to_the_higher_mean_reward() {
    let mut game = TicTacToe::from_options("").unwrap();
    game.play_moves("a1,b1,c1,b2,a2,c2,c3").unwrap();
    for seed in 0..8 {
        let found = search(&game, &params(2, seed));
        let best = found.best_move.map(|mv| game.format_move(mv));
        assert_eq!(
            (best.as_deref(), found.score),
            (Some("b3"), 1000),
            "seed {seed}"
        );
    }
}

#[test]
fn the_tree_grows_by_at_most_one_node_a_playout() {
    for playouts in [1, 10, 500] {
        let found = search(&midgame(), &params(playouts, 1));
        let c = found.counters;
        assert_eq!(c.n_playouts, u64::from(playouts));
        assert!(c.n_tree_nodes <= c.n_playouts + 1, "{c:?}");
        assert!(c.n_tree_nodes > 1 && c.n_rollout_plies > 0, "{c:?}");
        assert!(c.n_nodes >= c.n_playouts, "{c:?}");
        assert_eq!(found.pv.first(), found.best_move.as_ref());
    }
    // Tic-tac-toe's tree is small enough to fill: the nodes then stop growing.
    let full = search(&TicTacToe::from_options("").unwrap(), &params(20_000, 1));
    assert!(full.counters.n_tree_nodes < 20_000, "{:?}", full.counters);
}

/// A stop that answers true from its `k`-th question on, counting them.
struct StopAt(u64, u64);

impl Stop for StopAt {
    fn now(&mut self, _nodes: u64) -> bool {
        self.1 += 1;
        self.1 >= self.0
    }

    fn another(&mut self, _nodes: u64, _completed: usize) -> bool {
        true
    }
}

#[test]
fn the_stop_ends_the_search_after_the_playout_it_answers_after() {
    for (k, playouts) in [(1, 1), (7, 7)] {
        let mut mcts = Mcts::new(&params(1000, 1));
        let found = mcts.search_within(
            &mut midgame(),
            None,
            Some(Box::new(StopAt(k, 0))),
            &mut |_| {},
        );
        let found = found.last().unwrap();
        assert_eq!(found.counters.n_playouts, playouts);
        assert!(found.best_move.is_some());
    }
    // Unlimited playouts end only when the stop says so.
    let mut mcts = Mcts::new(&params(10, 1));
    let found = mcts.search_within(
        &mut midgame(),
        Some(u64::MAX),
        Some(Box::new(StopAt(50, 0))),
        &mut |_| {},
    );
    assert_eq!(found[0].counters.n_playouts, 50);
}

#[test]
fn a_finished_game_has_no_move() {
    // Black's five on row 5.
    let game = gomoku("9", "a5,a6,b5,b6,c5,c6,d5,d6,e5");
    let found = search(&game, &params(100, 1));
    assert_eq!(found.best_move, None);
    assert_eq!(found.counters.n_playouts, 0);
}

#[test]
fn it_wins_at_once_on_gomoku() {
    // Black (to move) has d5..g5 open at both ends; White has three of its own.
    let game = gomoku("9", "d5,d6,e5,e6,f5,f6,g5,a9");
    let found = search(&game, &params(2000, 3));
    let mv = game.format_move(found.best_move.unwrap());
    assert!(["c5", "h5"].contains(&mv.as_str()), "played {mv}");
    assert!(found.score > 900, "score {}", found.score);
}

#[test]
fn it_blocks_the_opponents_four_on_gomoku() {
    // White has d7..g7, closed at c7 by Black; Black (to move) must take h7.
    let game = gomoku("9", "c7,d7,a1,e7,a3,f7,i1,g7");
    for seed in 0..3 {
        let found = search(&game, &params(2000, seed));
        assert_eq!(
            game.format_move(found.best_move.unwrap()),
            "h7",
            "seed {seed}"
        );
    }
}

/// `games` games of tic-tac-toe, MCTS alternating colours against uniformly random moves:
/// MCTS's wins and losses.
fn against_random(playouts: u32, games: u32) -> (u32, u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut mcts = Mcts::<TicTacToe>::new(&params(playouts, 5));
    let (mut wins, mut losses) = (0, 0);
    for index in 0..games {
        let mut game = TicTacToe::from_options("").unwrap();
        let me = (index % 2) as Side;
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            let mv = if game.side_to_move() == me {
                mcts.search(&mut game, &mut |_| {})[0].best_move.unwrap()
            } else {
                game.rollout_move(&mut rng, &mut moves).unwrap()
            };
            game.make(mv);
        }
        match winner_of(game.side_to_move(), game.outcome().unwrap()) {
            Some(side) if side == me => wins += 1,
            Some(_) => losses += 1,
            None => {}
        }
    }
    (wins, losses)
}

#[test]
fn it_beats_random_play_at_tic_tac_toe() {
    let (wins, losses) = against_random(400, 40);
    assert!(
        wins >= 30 && losses == 0,
        "{wins} wins, {losses} losses of 40"
    );
}

#[test]
fn records_carry_the_mcts_counters_only_when_set() {
    let found = search(&midgame(), &params(20, 1));
    let json = serde_json::to_string(&found.counters).unwrap();
    assert!(json.contains("\"n_playouts\":20"), "{json}");
    assert!(json.contains("\"n_tree_nodes\":") && json.contains("\"n_rollout_plies\":"));
    let back: Counters = serde_json::from_str(&json).unwrap();
    assert_eq!(back, found.counters);
    let negamax = serde_json::to_string(&Counters::default()).unwrap();
    assert!(
        !negamax.contains("playouts") && !negamax.contains("tree_nodes"),
        "{negamax}"
    );
    let old: Counters = serde_json::from_str(&negamax).unwrap();
    assert_eq!(old, Counters::default());
}

/// A playout counts the root and every tree node it enters, each of which it also visits:
/// the nodes counted are the visits summed over the tree, the root's being the playouts.
#[test]
fn each_playout_counts_the_tree_nodes_it_enters() {
    let mut mcts = Mcts::new(&params(300, 1));
    let mut game = TicTacToe::from_options("").unwrap();
    let found = mcts.search(&mut game, &mut |_| {}).pop().unwrap();
    let visits: u64 = mcts.nodes.iter().map(|n| u64::from(n.visits)).sum();
    let c = &found.counters;
    assert_eq!(
        (c.n_nodes, c.n_playouts),
        (visits, u64::from(mcts.nodes[0].visits))
    );
    assert!(visits > 2 * c.n_playouts, "{visits} visits");
}

/// Every playout that adds a node rolls out from it, and no other does (in these games
/// every position in play has search moves): the leaves counted are the tree's nodes
/// below the root.
#[test]
fn each_new_node_is_rolled_out_once() {
    for playouts in [1, 50, 300] {
        let mut ttt = TicTacToe::from_options("").unwrap();
        let tic = Mcts::new(&params(playouts, 1)).search(&mut ttt, &mut |_| {});
        let gomoku = search(&midgame(), &params(playouts, 1));
        for (name, c) in [
            ("tic-tac-toe", &tic[0].counters),
            ("gomoku", &gomoku.counters),
        ] {
            assert_eq!(
                c.n_leaves,
                c.n_tree_nodes - 1,
                "{name}, {playouts} playouts"
            );
        }
    }
}
