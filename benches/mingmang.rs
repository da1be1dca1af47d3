//! Ming Mang micro-benchmarks: perft from the start position and from a position with a long
//! history that the repetition ban has to scan, perft's last ply (`count_moves`) alone, move
//! generation, the `cammp` evaluation and the rook slide lookup.
//!
//! Throughput is in leaves, moves, lookups or calls, so reports read as rates; every benchmark
//! checks its answer. The generic per-game set (make/unmake, search, transposition table) is
//! in `games.rs`; this file does not search.

use std::hint::black_box;

mod common;

use common::group;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cutoff::game::mingmang::{slides, MingMang};
use cutoff::game::perft::perft;
use cutoff::game::{Evaluator, Game};

/// The reference file's `ban-shuttle-A` case: 39 plies of shuttling, three root moves banned.
const SHUTTLE: &str = "h4-b4,a6-d6,b4-h4,d6-d2,h4-b4,a7-a6,h5-f5,a6-a7,h2-e2,a3-f3,e2-h2,f3-g3,\
    f1-f2,g3-f3,h7-f7,c8-c7,f7-h7,d2-d5,h7-f7,d5-d4,e1-e5,d4-d5,b4-b6,d5-d4,h3-h4,a5-a6,d1-e1,\
    e8-e6,e1-d1,a6-a5,d1-e1,c7-d7,e1-d1,e6-e7,d1-e1,a5-a6,e1-d1,e7-e6,d1-e1";

/// The slides from every square (occupied or not) over the boards of the shuttle game,
/// summed; the unit tests check `slides` against a step-by-step walk.
const SHUTTLE_SLIDES: u32 = 13_611;

fn position(moves: &str) -> MingMang {
    let mut game = MingMang::new();
    game.play_moves(moves)
        .expect("the bench positions are legal");
    game
}

fn bench_perft(c: &mut Criterion) {
    let mut group = group(c, "mingmang-perft");
    for (name, moves, depth, leaves) in [
        ("start-perft4", "", 4, 20_440_519),
        ("shuttle-perft3", SHUTTLE, 3, 163_119),
    ] {
        let game = position(moves);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(&mut game.clone(), black_box(depth)), leaves))
        });
    }
    group.finish();
}

fn bench_moves(c: &mut Criterion) {
    let mut group = group(c, "mingmang-moves");
    let mut moves = Vec::new();
    for (name, moves_played, n_moves) in [("start", "", 72), ("shuttle", SHUTTLE, 50)] {
        let game = position(moves_played);
        group.throughput(Throughput::Elements(n_moves));
        group.bench_function(format!("{name}-generate"), |b| {
            b.iter(|| {
                moves.clear();
                black_box(&game).generate_moves(&mut moves);
                assert_eq!(moves.len() as u64, n_moves);
            })
        });
        group.bench_function(format!("{name}-count"), |b| {
            b.iter(|| assert_eq!(black_box(&game).count_moves(&mut moves), n_moves))
        });
    }
    group.throughput(Throughput::Elements(1));
    let cammp = MingMang::parse_eval("cammp").expect("cammp is Ming Mang's evaluation");
    for (name, moves_played, score) in [("start", "", 3), ("shuttle", SHUTTLE, -7)] {
        let game = position(moves_played);
        group.bench_function(format!("{name}-evaluate-cammp"), |b| {
            b.iter(|| assert_eq!(cammp.evaluate(black_box(&game)), score))
        });
    }
    group.finish();
}

fn bench_slides(c: &mut Criterion) {
    let mut group = group(c, "mingmang-slides");
    // The occupied squares along the shuttle game: 28 pieces in many shapes.
    let mut game = MingMang::new();
    let mut boards = Vec::new();
    for text in SHUTTLE.split(',') {
        boards.push(game.pieces(0) | game.pieces(1));
        game.make(game.parse_move(text).expect("a legal move"));
    }
    group.throughput(Throughput::Elements(64 * boards.len() as u64));
    group.bench_function("every-square", |b| {
        b.iter(|| {
            let mut total = 0;
            for &occupied in black_box(&boards) {
                for square in 0..64 {
                    total += slides(square, occupied).count_ones();
                }
            }
            assert_eq!(total, SHUTTLE_SLIDES);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_moves, bench_slides);
criterion_main!(benches);
