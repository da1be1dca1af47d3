//! The stop a timed search asks: negamax and expectimax ask it every `STOP_EVERY` nodes
//! with the nodes expanded so far, and the search it stops counts nothing more.

use super::support::config;
use crate::game::kalah::Kalah;
use crate::game::Game;
use crate::search::strategy::STOP_EVERY;
use crate::search::{build, Bounds, Params, Stop};
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
        let mut search = build::<Kalah>(config(cfg), &Params::default(), Kalah::DEFAULT_EVAL);
        let mut game = Kalah::from_options("").unwrap();
        let its = search.run(
            &mut game,
            Bounds::depth(12),
            Some(Box::new(stop)),
            &mut |_| {},
        );
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
