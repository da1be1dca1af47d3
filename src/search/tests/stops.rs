//! The stop a timed search asks: negamax and expectimax ask it every `STOP_EVERY` nodes
//! with the nodes expanded so far, and the search it stops counts nothing more; iterative
//! deepening asks it after each iteration whether to go on.

use super::support::config;
use crate::game::kalah::Kalah;
use crate::game::Game;
use crate::search::strategy::STOP_EVERY;
use crate::search::{build, Bounds, Iteration, Params, Stop};
use std::sync::{Arc, Mutex};

/// A stop that records the node counts it is asked with and says stop at its `at`-th
/// question.
struct Asked {
    at: usize,
    asked: Arc<Mutex<Vec<u64>>>,
}

impl Stop for Asked {
    fn now(&mut self, nodes: u64) -> bool {
        let mut asked = self.asked.lock().unwrap();
        asked.push(nodes);
        asked.len() >= self.at
    }

    fn another(&mut self, _nodes: u64, _completed: usize) -> bool {
        true
    }
}

/// A search of `config_text` with `params` from Kalah's start to `depth`, asking `stop`.
fn run_from_start(
    config_text: &str,
    params: &Params,
    depth: u32,
    stop: impl Stop + 'static,
) -> Vec<Iteration<<Kalah as Game>::Move>> {
    let mut search = build::<Kalah>(config(config_text), params, Kalah::DEFAULT_EVAL);
    let mut game = Kalah::from_options("").unwrap();
    search.run(
        &mut game,
        Bounds::depth(depth),
        Some(Box::new(stop)),
        &mut |_| {},
    )
}

/// Negamax asks before its first node and then every `STOP_EVERY` nodes; expectimax, whose
/// root is counted before it asks, first after `STOP_EVERY` nodes. The fifth question stops
/// either, with exactly the nodes it was asked with.
#[test]
fn searches_ask_the_stop_every_stop_every_nodes() {
    let every = u64::from(STOP_EVERY);
    for (cfg, first) in [("alphabeta", 0), ("expectimax", every)] {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let stop = Asked {
            at: 5,
            asked: Arc::clone(&asked),
        };
        let its = run_from_start(cfg, &Params::default(), 12, stop);
        let expected: Vec<u64> = (0..5).map(|k| first + k * every).collect();
        assert_eq!(*asked.lock().unwrap(), expected, "{cfg}: the questions");
        let last = its.last().unwrap();
        assert_eq!(
            (last.capped, last.counters.expanded()),
            (true, expected[4]),
            "{cfg}: the stopped iteration"
        );
    }
}

/// A stop that never stops a search midway and allows `iterations` completed iterations,
/// recording the completed counts it is asked with.
struct Rounds {
    iterations: usize,
    asked: Arc<Mutex<Vec<usize>>>,
}

impl Stop for Rounds {
    fn now(&mut self, _nodes: u64) -> bool {
        false
    }

    fn another(&mut self, _nodes: u64, completed: usize) -> bool {
        self.asked.lock().unwrap().push(completed);
        completed < self.iterations
    }
}

/// Iterative deepening asks the stop after each completed iteration, not before the first,
/// whether to go on, and ends when it says no.
#[test]
fn deepening_asks_after_each_iteration_whether_to_go_on() {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let stop = Rounds {
        iterations: 2,
        asked: Arc::clone(&asked),
    };
    let p = Params::default().with_assignments(["id-step=1"]).unwrap();
    let its = run_from_start("alphabeta+id", &p, 6, stop);
    assert_eq!((its.len(), asked.lock().unwrap().clone()), (2, vec![1, 2]));
}
