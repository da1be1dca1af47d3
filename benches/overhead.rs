//! What the runtime flags cost per node (`cargo bench --bench overhead`): the
//! hand-specialised plain alpha-beta of `common/plain.rs` against `alphabeta` on its compiled
//! fast path and on the general path every other configuration takes, over the same
//! positions (the first of `kalah/course-midgame` and `mingmang/opening`). Throughput is in
//! nodes, the same for all three (checked), so the reports read as nodes per second.

mod common;
#[path = "common/plain.rs"]
mod plain;

use common::group;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cutoff::game::kalah::Kalah;
use cutoff::game::mingmang::MingMang;
use cutoff::game::Game;
use cutoff::harness::fixtures::load_fixture;
use cutoff::search::{Config, Params, Searcher};
use plain::PlainSearch;
use std::path::Path;

/// Positions per set and the depth of their searches.
const POSITIONS: usize = 8;

fn bench_set<G: Game>(c: &mut Criterion, set: &str, depth: u32) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("fixtures/{set}.json"));
    let fixture = load_fixture::<G>(&path).expect("the fixture set loads");
    let positions: Vec<G> = fixture
        .positions
        .into_iter()
        .take(POSITIONS)
        .map(|(_, game)| game)
        .collect();
    let alphabeta = Config::parse("alphabeta").expect("a preset");
    let ours = |fast: bool| {
        let mut searcher = Searcher::new(alphabeta, Params::default(), G::DEFAULT_EVAL);
        searcher.set_fast_paths(fast);
        move |games: &[G]| -> u64 {
            games
                .iter()
                .map(|game| {
                    let its = searcher.search(&mut game.clone(), depth, &mut |_| {});
                    its[0].counters.n_nodes
                })
                .sum()
        }
    };
    let mut plain = PlainSearch::<G>::new();
    let mut plain_nodes = |games: &[G]| -> u64 {
        games
            .iter()
            .map(|game| {
                plain
                    .search(
                        &mut game.clone(),
                        depth,
                        &G::DEFAULT_EVAL,
                        G::terminal_score,
                    )
                    .nodes
            })
            .sum()
    };
    let (mut fast, mut general) = (ours(true), ours(false));
    let nodes = plain_nodes(&positions);
    assert_eq!(
        fast(&positions),
        nodes,
        "alphabeta and plain visit the same nodes"
    );
    assert_eq!(general(&positions), nodes);
    let mut group = group(c, &format!("overhead-{}", set.replace('/', "-")));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("plain-d{depth}"), |b| {
        b.iter(|| assert_eq!(plain_nodes(&positions), nodes))
    });
    group.bench_function(format!("alphabeta-d{depth}"), |b| {
        b.iter(|| assert_eq!(fast(&positions), nodes))
    });
    group.bench_function(format!("alphabeta-general-path-d{depth}"), |b| {
        b.iter(|| assert_eq!(general(&positions), nodes))
    });
    group.finish();
}

fn overhead(c: &mut Criterion) {
    bench_set::<Kalah>(c, "kalah/course-midgame", 8);
    bench_set::<MingMang>(c, "mingmang/opening", 3);
}

criterion_group!(benches, overhead);
criterion_main!(benches);
