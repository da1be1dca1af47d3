//! Kalah micro-benchmarks: perft, make/unmake, evaluation, TT-backed search at a fixed depth.
//! Each benchmark checks its answer, so a fast wrong result cannot pass.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cutoff::game::kalah::Kalah;
use cutoff::game::perft::perft;
use cutoff::game::{Evaluator, Game};
use cutoff::search::{Config, Counters, Params, Searcher};
use std::hint::black_box;
use std::time::Duration;

fn start() -> Kalah {
    Kalah::from_options("").unwrap()
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("kalah");
    group.sample_size(10).measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(4_690));
    group.bench_function("perft5", |b| b.iter(|| assert_eq!(perft(&mut start(), black_box(5)), 4_690)));
    group.throughput(Throughput::Elements(2_763_490));
    group.bench_function("perft9", |b| b.iter(|| assert_eq!(perft(&mut start(), black_box(9)), 2_763_490)));
    group.finish();
}

fn bench_make_unmake(c: &mut Criterion) {
    let mut game = start();
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut group = c.benchmark_group("kalah");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("make-unmake", |b| {
        b.iter(|| {
            for &mv in &moves {
                let undo = game.make(black_box(mv));
                game.unmake(mv, undo);
            }
        })
    });
    let eval = Kalah::parse_eval("course").unwrap();
    group.throughput(Throughput::Elements(1));
    group.bench_function("evaluate-course", |b| b.iter(|| eval.evaluate(black_box(&game))));
    group.finish();
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("kalah-search");
    group.sample_size(10).measurement_time(Duration::from_secs(3));
    let eval = Kalah::parse_eval("store-diff").unwrap();
    for (name, depth) in [("alphabeta", 8), ("all", 10)] {
        let config = Config::parse(name).unwrap();
        let run = || {
            let mut searcher = Searcher::new(config, Params::default(), eval);
            let mut total = Counters::default();
            for it in searcher.search(&mut start(), depth, &mut |_| {}) {
                total += it.counters;
            }
            total.expanded()
        };
        let nodes = run();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}-d{depth}"), |b| b.iter(|| assert_eq!(run(), nodes)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_make_unmake, bench_search);
criterion_main!(benches);
