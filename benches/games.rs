//! Micro-benchmarks for every game, one generic set each: perft (move generation and
//! make/unmake), make/unmake alone, evaluation, transposition-table probe and store, and a
//! fixed-depth search. Throughput is in nodes (or moves, or calls), so reports read as rates;
//! every benchmark checks its answer, so a fast wrong result cannot pass. Every registered
//! game is benchmarked; what to time (perft depth, searches) is the `micro` plan of its
//! `fixtures/bench/<game>.json`.

mod common;

use common::group;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cutoff::dispatch_game;
use cutoff::game::perft::perft;
use cutoff::game::{split_game_string, Evaluator, Game, GameId};
use cutoff::harness::bench::{BenchFile, MicroPlan};
use cutoff::search::tt::{Bound, Entry, Table};
use cutoff::search::{Counters, Searcher, TtScheme};
use std::hint::black_box;
use std::path::PathBuf;

fn bench_game<G: Game>(c: &mut Criterion, options: &str, plan: &MicroPlan) {
    let start = G::from_options(options).unwrap();
    let mut group = group(c, G::NAME);
    let leaves = perft(&mut start.clone(), plan.perft_depth);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function(format!("perft{}", plan.perft_depth), |b| {
        b.iter(|| {
            assert_eq!(
                perft(&mut start.clone(), black_box(plan.perft_depth)),
                leaves
            )
        })
    });
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("generate-moves", |b| {
        b.iter(|| {
            moves.clear();
            black_box(&start).generate_moves(&mut moves);
        })
    });
    let mut game = start.clone();
    group.bench_function("make-unmake", |b| {
        b.iter(|| {
            for &mv in &moves {
                let undo = game.make(black_box(mv));
                game.unmake(mv, undo);
            }
            assert_eq!(game.hash(), start.hash());
        })
    });
    group.throughput(Throughput::Elements(1));
    for &name in G::EVAL_NAMES {
        let eval = G::parse_eval(name).unwrap();
        group.bench_function(format!("evaluate-{name}"), |b| {
            b.iter(|| eval.evaluate(black_box(&start)))
        });
    }
    group.finish();
    bench_tt::<G>(c, &start, &moves);
    bench_search(c, &start, plan);
}

fn bench_tt<G: Game>(c: &mut Criterion, start: &G, moves: &[G::Move]) {
    const KEYS: u64 = 1 << 16;
    let key = |i: u64| (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ start.hash();
    let mut group = group(c, &format!("{}-tt", G::NAME));
    group.throughput(Throughput::Elements(KEYS));
    for scheme in [TtScheme::New, TtScheme::TwoBig1] {
        let mut table = Table::new(16, scheme);
        group.bench_function(format!("store-probe-{}", scheme.name()), |b| {
            b.iter(|| {
                for i in 0..KEYS {
                    let entry = Entry {
                        key: key(i),
                        mv: moves.first().copied(),
                        value: i as i32,
                        depth: 4,
                        bound: Bound::Exact,
                        size: i as u32,
                    };
                    table.store(entry);
                }
                let hits = (0..KEYS).filter(|&i| table.probe(key(i)).is_some()).count();
                assert!(hits > 0);
            })
        });
    }
    group.finish();
}

fn bench_search<G: Game>(c: &mut Criterion, start: &G, plan: &MicroPlan) {
    let mut group = group(c, &format!("{}-search", G::NAME));
    for search in &plan.searches {
        let spec = search.spec::<G>().unwrap();
        let run = || {
            let mut searcher = Searcher::new(spec.config, spec.params.clone(), spec.eval);
            let mut total = Counters::default();
            for it in searcher.search(&mut start.clone(), search.depth, &mut |_| {}) {
                total += it.counters;
            }
            total.expanded()
        };
        let nodes = run();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(search.key(), |b| b.iter(|| assert_eq!(run(), nodes)));
    }
    group.finish();
}

/// Every registered game, with the plan of its bench file.
fn games(c: &mut Criterion) {
    for &id in GameId::ALL {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("fixtures/bench/{}.json", id.name()));
        let file = BenchFile::read(&path).unwrap();
        let (_, options) = split_game_string(&file.game);
        dispatch_game!(id, G => bench_game::<G>(c, options, &file.micro));
    }
}

criterion_group!(benches, games);
criterion_main!(benches);
