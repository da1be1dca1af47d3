//! The engine on a clock that advances with the nodes searched: a timed search stops within
//! `STOP_EVERY` nodes of its deadline, keeps its last completed iteration's move, and does
//! not start an iteration that cannot finish; and the limits it takes.

use super::*;
use crate::game::gomoku::Gomoku;
use crate::game::kalah::Kalah;
use crate::search::strategy::STOP_EVERY;

const MICROSECOND: Duration = Duration::from_micros(1);

fn spec<G: Game>(config: &str) -> Spec<G> {
    Spec {
        config: Config::parse(config).unwrap(),
        params: Params::default(),
        eval: G::DEFAULT_EVAL,
    }
}

/// An engine whose clock reads one microsecond per node.
fn engine<G: Game>(config: &str, limit: Limit) -> Engine<G> {
    Engine::new(&spec::<G>(config), limit)
        .unwrap()
        .with_clock(Arc::new(PerNode(MICROSECOND)))
}

fn kalah() -> Kalah {
    let mut game = Kalah::from_options("").unwrap();
    let mut moves = Vec::new();
    for _ in 0..6 {
        moves.clear();
        game.generate_moves(&mut moves);
        game.make(moves[moves.len() / 2]);
    }
    game
}

#[test]
fn a_deadline_stops_an_iteration_within_stop_every_nodes() {
    // One iteration to depth 14 costs far more than 20,000 nodes: the deadline, asked
    // inside the search, must end it there.
    let game = kalah();
    let mut searcher = build::<Kalah>(
        Config::parse("alphabeta").unwrap(),
        &Params::default(),
        Kalah::DEFAULT_EVAL,
    );
    let deadline = Deadline::new(&PerNode(MICROSECOND), Duration::from_millis(20), false);
    let found = searcher.run(
        &mut game.clone(),
        Bounds::depth(14),
        Some(Box::new(deadline)),
        &mut |_| {},
    );
    let it = found.last().unwrap();
    assert!(
        it.capped,
        "the deadline did not stop the search: {:?}",
        it.counters
    );
    let nodes = it.counters.expanded();
    assert!(
        (20_000..=20_000 + u64::from(STOP_EVERY)).contains(&nodes),
        "stopped after {nodes} nodes, deadline at 20000"
    );
}

#[test]
fn a_timed_move_keeps_its_deadline_and_the_last_completed_iteration() {
    for config in ["alphabeta", "alphabeta+id+tt-value+tt-move+pvs", "cammp"] {
        let game = kalah();
        let mut timed = engine::<Kalah>(config, Limit::TimeMs(30));
        let choice = timed.choose(&game, None, &[]).unwrap();
        assert!(
            choice.nodes <= 30_000 + u64::from(STOP_EVERY),
            "{config}: {} nodes for a 30,000-node deadline",
            choice.nodes
        );
        assert!(choice.depth >= 2, "{config}: only depth {}", choice.depth);
        // The score is the one a search to that depth alone finds, and so is the move where
        // both search the same iterations (with `id`; without, deepening tries the previous
        // principal variation first, which may pick another of equal moves).
        let mut fixed = engine::<Kalah>(config, Limit::Depth(choice.depth));
        let alone = fixed.choose(&game, None, &[]).unwrap();
        assert_eq!(choice.score, alone.score, "{config}");
        if config != "alphabeta" {
            assert_eq!(choice.mv, alone.mv, "{config}");
        }
    }
}

/// The first position of seeded random Kalah games where the mover has one legal move.
fn kalah_with_one_move() -> Kalah {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut moves = Vec::new();
    loop {
        let mut game = Kalah::from_options("").unwrap();
        while game.outcome().is_none() {
            moves.clear();
            game.generate_moves(&mut moves);
            if moves.len() == 1 {
                return game;
            }
            game.make(moves[rng.gen_range(0..moves.len())]);
        }
    }
}

#[test]
fn one_legal_move_on_a_clock_is_played_after_one_ply() {
    let game = kalah_with_one_move();
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    for config in ["alphabeta", "cammp", "mcts"] {
        let mut timed = engine::<Kalah>(config, Limit::TimeMs(1_000));
        let choice = timed.choose(&game, None, &[]).unwrap();
        assert_eq!(choice.mv, moves[0], "{config}");
        assert!(
            choice.depth <= 1 && choice.nodes <= 64,
            "{config}: {choice:?} for the only move"
        );
        // Without a clock the limit is the user's: a depth is searched to the full.
        if config != "mcts" {
            let mut fixed = engine::<Kalah>(config, Limit::Depth(6));
            let deep = fixed.choose(&game, None, &[]).unwrap();
            assert_eq!(deep.depth, 6, "{config}: {deep:?}");
        }
    }
}

#[test]
fn an_allowance_bounds_a_depth_limit_too() {
    let game = kalah();
    let mut deep = engine::<Kalah>("alphabeta", Limit::Depth(40));
    let choice = deep
        .choose(&game, Some(Duration::from_millis(5)), &[])
        .unwrap();
    assert!(choice.nodes <= 5_000 + u64::from(STOP_EVERY), "{choice:?}");
    assert!(choice.depth < 40);
}

#[test]
fn an_iteration_that_cannot_finish_is_not_started() {
    let mut deadline = Deadline::new(&PerNode(MICROSECOND), Duration::from_millis(10), true);
    assert!(
        !deadline.now(50_000),
        "not armed before the first iteration"
    );
    // Iterations ending at 1,000 and 3,000 nodes: the next is expected to take 2,000 x 2.
    assert!(deadline.another(1_000, 1));
    assert!(deadline.another(3_000, 2));
    // Ending at 5,000 (growth 1): 5,000 + 2,000 fits in 10,000.
    assert!(deadline.another(5_000, 3));
    // Ending at 8,000 (growth 1.5): 8,000 + 4,500 does not.
    assert!(!deadline.another(8_000, 4));
    assert!(deadline.now(10_000) && !deadline.now(9_999));
}

#[test]
fn mcts_plays_out_until_its_time() {
    let game = Gomoku::from_options("9").unwrap();
    let mut timed = engine::<Gomoku>("mcts", Limit::TimeMs(20));
    let choice = timed.choose(&game, None, &[]).unwrap();
    // Each playout costs its nodes: the stop is asked after every playout.
    assert!(choice.nodes >= 20_000, "{choice:?}");
    assert!(choice.nodes < 20_000 + 200, "{choice:?}");
}

#[test]
fn the_limits_each_search_takes() {
    let bad = [
        ("mcts", Limit::Depth(3)),
        ("alphabeta", Limit::Playouts),
        ("expectimax", Limit::TimeMs(10)),
        ("alphabeta", Limit::NodeBudget(100)),
        ("alphabeta", Limit::Depth(0)),
        ("alphabeta", Limit::Depth(MAX_DEPTH + 1)),
    ];
    for (config, limit) in bad {
        assert!(
            Engine::new(&spec::<Kalah>(config), limit).is_err(),
            "{config} {limit}"
        );
    }
    let good = [
        ("mcts", Limit::Playouts),
        ("mcts", Limit::TimeMs(10)),
        ("expectimax", Limit::Depth(3)),
        ("alphabeta+id", Limit::NodeBudget(100)),
    ];
    for (config, limit) in good {
        assert!(
            Engine::new(&spec::<Kalah>(config), limit).is_ok(),
            "{config} {limit}"
        );
    }
}

#[test]
fn a_node_budget_plays_the_last_completed_iteration() {
    let game = kalah();
    let mut budget = engine::<Kalah>("alphabeta+id", Limit::NodeBudget(3_000));
    let choice = budget.choose(&game, None, &[]).unwrap();
    let mut fixed = engine::<Kalah>("alphabeta+id", Limit::Depth(choice.depth));
    let alone = fixed.choose(&game, None, &[]).unwrap();
    assert_eq!((choice.mv, choice.score), (alone.mv, alone.score));
    assert!(choice.nodes <= 3_001, "{choice:?}");
}

#[test]
fn a_depth_limit_plays_the_search_best_move() {
    let game = kalah();
    for config in ["alphabeta", "cammp", "expectimax"] {
        let spec = spec::<Kalah>(config);
        let mut searcher = build::<Kalah>(spec.config, &spec.params, spec.eval);
        let found = searcher.run(&mut game.clone(), Bounds::depth(5), None, &mut |_| {});
        let best = found.last().unwrap();
        let choice = engine::<Kalah>(config, Limit::Depth(5))
            .choose(&game, None, &[])
            .unwrap();
        assert_eq!(
            (Some(choice.mv), choice.score),
            (best.best_move, best.score),
            "{config}"
        );
    }
}

#[test]
fn tie_seed_picks_among_equal_root_moves_the_same_way_every_time() {
    use crate::game::gothello::Gothello;
    let game = Gothello::new();
    let choose = |seed: u32| {
        let mut spec = spec::<Gothello>("alphabeta");
        spec.params.tie_seed = seed;
        let mut engine = Engine::new(&spec, Limit::Depth(1)).unwrap();
        engine.choose(&game, None, &[]).unwrap()
    };
    let first = choose(0);
    let chosen: std::collections::BTreeSet<u8> = (1..=12).map(|seed| choose(seed).mv).collect();
    // Every seed's move is worth what the first of equals is worth, and they differ.
    assert!((1..=12).all(|seed| choose(seed).score == first.score));
    assert!(chosen.len() > 1, "{chosen:?}");
    assert_eq!(choose(7), choose(7));
}
