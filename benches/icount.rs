//! Instruction counts under Callgrind (gungraun): perft and the fixed-depth searches of every
//! game's `icount` plan in `fixtures/bench/<game>.json`, from the game's start position.
//! Instruction counts do not depend on the machine's load, so `cargo xtask icount --check`
//! can hold them to 1% where wall-clock times cannot. Run it through that task (it installs
//! the runner and compares with `fixtures/expected/icount.json`), not with a bare
//! `cargo bench`.
//!
//! Searches go through the harness's timed root search, like `cutoff bench`. A slowdown to
//! show that the check catches one (`xtask icount --inject-slowdown PCT` sets
//! `CUTOFF_ICOUNT_SLOWDOWN=PCT`): after each search, PCT percent of its nodes again as
//! node-like work at the start position (generate the moves, make one, evaluate, unmake);
//! perft is left as it is. The slowdown does not depend on the clock, so the demonstration
//! gives the same counts on every run to within a few hundred instructions; a start-position unit costs more or less than an average node
//! of the search, so the searches slow down by about, not exactly, PCT percent.

use cutoff::dispatch_game;
use cutoff::game::perft::perft;
use cutoff::game::{split_game_string, Evaluator, Game, GameId};
use cutoff::harness::bench::{BenchFile, BenchSearch};
use cutoff::harness::measure::root_search;
use gungraun::{library_benchmark, library_benchmark_group, main, LibraryBenchmarkConfig};
use std::hint::black_box;
use std::path::PathBuf;

/// One prepared measurement: everything but the measured call is done in the setup.
pub struct Case(Box<dyn FnMut() -> u64>);

fn plan(name: &str) -> (GameId, String, BenchFile) {
    let id = GameId::parse(name).unwrap();
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("fixtures/bench/{name}.json"));
    let file = BenchFile::read(&path).unwrap();
    let (_, options) = split_game_string(&file.game);
    (id, options.to_string(), file)
}

/// The injected slowdown's percentage (0: none).
fn slowdown_pct() -> u64 {
    std::env::var("CUTOFF_ICOUNT_SLOWDOWN").map_or(0, |pct| pct.parse().unwrap())
}

/// `units` x `pct` / 100 rounds of node-like work at `start`: generate the moves, make one
/// (in turn), evaluate the child unless it is over, unmake.
fn slow_down<G: Game>(start: &G, eval: &G::Eval, units: u64, pct: u64) {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for i in 0..units * pct / 100 {
        moves.clear();
        game.generate_moves(&mut moves);
        let mv = moves[i as usize % moves.len()];
        let undo = game.make(mv);
        if game.outcome().is_none() {
            black_box(eval.evaluate(&game));
        }
        game.unmake(mv, undo);
    }
}

/// Perft of the game's start position to the plan's depth.
fn perft_case(name: &str) -> Case {
    fn make<G: Game>(options: &str, depth: u32) -> Case {
        let start = G::from_options(options).unwrap();
        Case(Box::new(move || perft(&mut start.clone(), depth)))
    }
    let (id, options, file) = plan(name);
    dispatch_game!(id, G => make::<G>(&options, file.icount.perft_depth))
}

/// The plan's search number `index` from the start position; its expanded nodes.
fn search_case(name: &str, index: usize) -> Case {
    fn make<G: Game>(options: &str, search: &BenchSearch) -> Case {
        let start = G::from_options(options).unwrap();
        let spec = search.spec::<G>().unwrap();
        let (depth, pct) = (search.depth, slowdown_pct());
        Case(Box::new(move || {
            let results = root_search(&start, &spec, depth, &mut |_| {});
            let nodes = results.last().map_or(0, |r| r.counters.expanded());
            slow_down(&start, &spec.eval, nodes, pct);
            nodes
        }))
    }
    let (id, options, file) = plan(name);
    dispatch_game!(id, G => make::<G>(&options, &file.icount.searches[index]))
}

fn first_search(name: &str) -> Case {
    search_case(name, 0)
}

fn second_search(name: &str) -> Case {
    search_case(name, 1)
}

#[library_benchmark]
#[bench::blackwhite(args = ("blackwhite"), setup = perft_case)]
#[bench::gomoku(args = ("gomoku"), setup = perft_case)]
#[bench::gothello(args = ("gothello"), setup = perft_case)]
#[bench::kalah(args = ("kalah"), setup = perft_case)]
#[bench::mingmang(args = ("mingmang"), setup = perft_case)]
#[bench::tictactoe(args = ("tictactoe"), setup = perft_case)]
fn perft_leaves(mut case: Case) -> u64 {
    black_box((case.0)())
}

#[library_benchmark]
#[bench::blackwhite(args = ("blackwhite"), setup = first_search)]
#[bench::gomoku(args = ("gomoku"), setup = first_search)]
#[bench::gothello(args = ("gothello"), setup = first_search)]
#[bench::kalah(args = ("kalah"), setup = first_search)]
#[bench::mingmang(args = ("mingmang"), setup = first_search)]
#[bench::tictactoe(args = ("tictactoe"), setup = first_search)]
fn alphabeta(mut case: Case) -> u64 {
    black_box((case.0)())
}

#[library_benchmark]
#[bench::blackwhite(args = ("blackwhite"), setup = second_search)]
#[bench::gomoku(args = ("gomoku"), setup = second_search)]
#[bench::gothello(args = ("gothello"), setup = second_search)]
#[bench::kalah(args = ("kalah"), setup = second_search)]
#[bench::mingmang(args = ("mingmang"), setup = second_search)]
#[bench::tictactoe(args = ("tictactoe"), setup = second_search)]
fn all(mut case: Case) -> u64 {
    black_box((case.0)())
}

library_benchmark_group!(name = icount, benchmarks = [perft_leaves, alphabeta, all]);

main!(
    config = LibraryBenchmarkConfig::default().pass_through_env("CUTOFF_ICOUNT_SLOWDOWN");
    library_benchmark_groups = icount
);
