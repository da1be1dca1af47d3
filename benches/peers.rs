//! Side by side with minimax-rs 0.6 (`cargo bench --bench peers`): its `Negamax` against our
//! `alphabeta` (and a hand-specialised plain alpha-beta, `common/plain.rs`), and its
//! `IterativeSearch` (table and null window on) against our
//! `alphabeta+id+tt-value+tt-move+pvs`, on the same fixture positions, interleaved in one
//! run: for each depth and repeat, every position is searched by every engine in turn, the
//! engines' order rotating with the repeat.
//!
//! Arguments (after `--`): `--out DIR` writes `DIR/records.jsonl` (one line per search) and
//! `DIR/summary.md`; `--repeats N` (default 5); `--positions N` per set (default 20);
//! `--test` runs two positions per set once at small depths as a check; `--tt-bits N` sets
//! the table size of our ID+TT+PVS searcher (default 14: 2^14 two-entry slots);
//! `--kalah-depths 6,8,10,12` and `--mingmang-depths 3,4` (the defaults) the depths of each
//! set; `--part DIR` searches nothing new but writes `DIR/parting.md`, the line to the
//! finished game where `Negamax`'s root value parts from ours, for each Kalah position of
//! `DIR/records.jsonl` where they differ (`peers/part.rs`). Every run checks
//! that the plain alpha-beta visits exactly `alphabeta`'s nodes with its score and move, and
//! that minimax-rs's `Negamax` finds the exact value of the same tree under its own terminal
//! values (see `check_values`); a failed check panics. Times are the searching thread's CPU
//! time (the machine is shared), wall time is recorded beside it.
//!
//! minimax-rs cannot express Kalah's extra move, so Kalah is played under `course` rules,
//! whose turns alternate. Its iterative deepening is given our schedule (`id-step=2`, every
//! second depth ending at the target: its double step increment), and a fresh searcher per
//! search, since its table is never cleared between searches; ours clears its table inside
//! the timed search.

#[path = "peers/adapter.rs"]
mod adapter;
#[path = "peers/part.rs"]
mod part;
#[path = "common/plain.rs"]
mod plain;
#[path = "peers/summary.rs"]
mod summary;

use adapter::{applied, PeerEval, PeerState};
use cutoff::cputime::thread_ns;
use cutoff::game::kalah::Kalah;
use cutoff::game::mingmang::MingMang;
use cutoff::game::{Game, Outcome, Score};
use cutoff::harness::fixtures::load_fixture;
use cutoff::search::{Config, Params, Searcher, MAX_DEPTH};
use minimax::{IterativeOptions, IterativeSearch, Negamax, Strategy, BEST_EVAL};
use plain::PlainSearch;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The engines, in their order at repeat 0.
const ENGINES: [Engine; 5] = [
    Engine::AlphaBeta,
    Engine::Negamax,
    Engine::Plain,
    Engine::IdTtPvs,
    Engine::Iterative,
];

/// Our ID+TT+PVS configuration.
const ID_TT_PVS: &str = "alphabeta+id+tt-value+tt-move+pvs";

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Engine {
    AlphaBeta,
    Negamax,
    Plain,
    IdTtPvs,
    Iterative,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::AlphaBeta => "alphabeta",
            Engine::Negamax => "minimax-rs-negamax",
            Engine::Plain => "plain",
            Engine::IdTtPvs => ID_TT_PVS,
            Engine::Iterative => "minimax-rs-iterative",
        }
    }
}

/// One timed search.
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub game: String,
    pub set: String,
    pub position: String,
    pub depth: u32,
    pub engine: &'static str,
    pub repeat: u32,
    /// This thread's CPU time (the machine is shared: wall time is in `wall_ns`).
    pub ns: u64,
    pub wall_ns: u64,
    pub nodes: u64,
    pub score: Score,
    pub best_move: String,
}

struct Options {
    out: Option<PathBuf>,
    repeats: u32,
    positions: usize,
    test: bool,
    /// Our table's `tt-bits` (the default's when `None`).
    tt_bits: Option<String>,
    kalah_depths: Vec<u32>,
    mingmang_depths: Vec<u32>,
    /// Writes where the root values part for the run in this folder instead of searching.
    part: Option<PathBuf>,
}

/// A comma-separated list of depths, each at most [`MAX_DEPTH`].
fn depths(name: &str, text: &str) -> Vec<u32> {
    let depths: Vec<u32> = text
        .split(',')
        .map(|d| {
            d.trim()
                .parse()
                .unwrap_or_else(|_| panic!("{name}: `{d}` is no depth"))
        })
        .collect();
    assert!(
        depths.iter().all(|&d| (1..=MAX_DEPTH).contains(&d)),
        "{name}: depths run from 1 to {MAX_DEPTH}"
    );
    depths
}

fn parse_args() -> Options {
    let mut options = Options {
        out: None,
        repeats: 5,
        positions: 20,
        test: false,
        tt_bits: None,
        kalah_depths: vec![6, 8, 10, 12],
        mingmang_depths: vec![3, 4],
        part: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        };
        match arg.as_str() {
            "--out" => options.out = Some(PathBuf::from(value("--out"))),
            "--repeats" => options.repeats = value("--repeats").parse().expect("--repeats N"),
            "--positions" => {
                options.positions = value("--positions").parse().expect("--positions N")
            }
            "--test" => options.test = true,
            "--part" => options.part = Some(PathBuf::from(value("--part"))),
            "--tt-bits" => options.tt_bits = Some(value("--tt-bits")),
            "--kalah-depths" => options.kalah_depths = depths(&arg, &value("--kalah-depths")),
            "--mingmang-depths" => {
                options.mingmang_depths = depths(&arg, &value("--mingmang-depths"))
            }
            // What cargo bench passes to every harness.
            "--bench" => {}
            other => panic!("unknown argument `{other}`"),
        }
    }
    if options.test {
        (options.repeats, options.positions) = (1, 2);
        (options.kalah_depths, options.mingmang_depths) = (vec![4], vec![2]);
    }
    options
}

fn main() {
    let options = parse_args();
    let started = Instant::now();
    let mut records = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    if let Some(dir) = &options.part {
        part::write(dir, &root).expect("writing parting.md");
        return;
    }
    run_set::<Kalah>(
        &root.join("kalah/course-midgame.json"),
        &options.kalah_depths,
        &options,
        &mut records,
    );
    run_set::<MingMang>(
        &root.join("mingmang/opening.json"),
        &options.mingmang_depths,
        &options,
        &mut records,
    );
    let table = summary::render(&records);
    #[allow(clippy::print_stdout)]
    {
        println!("{table}");
        println!(
            "{} searches in {:.1} s",
            records.len(),
            started.elapsed().as_secs_f64()
        );
    }
    if let Some(dir) = options.out {
        write_run(&dir, &records, &table).expect("writing the run");
    }
}

fn write_run(dir: &Path, records: &[Record], table: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut file = std::io::BufWriter::new(std::fs::File::create(dir.join("records.jsonl"))?);
    for record in records {
        serde_json::to_writer(&mut file, record)?;
        writeln!(file)?;
    }
    file.flush()?;
    std::fs::write(dir.join("summary.md"), table)
}

/// Everything one game's searches need, made once.
struct Engines<G: Game> {
    alphabeta: Searcher<G, G::Eval>,
    id_tt_pvs: Searcher<G, G::Eval>,
    plain: PlainSearch<G>,
}

fn run_set<G: Game>(path: &Path, depths: &[u32], options: &Options, records: &mut Vec<Record>) {
    let fixture = load_fixture::<G>(path).expect("the fixture set loads");
    let positions = &fixture.positions[..options.positions.min(fixture.positions.len())];
    let config = |text: &str| Config::parse(text).expect("a valid configuration");
    let mut params = Params::default();
    if let Some(bits) = &options.tt_bits {
        params.set("tt-bits", bits).expect("--tt-bits 0..=28");
    }
    let mut engines = Engines {
        alphabeta: Searcher::new(config("alphabeta"), Params::default(), G::DEFAULT_EVAL),
        id_tt_pvs: Searcher::new(config(ID_TT_PVS), params, G::DEFAULT_EVAL),
        plain: PlainSearch::new(),
    };
    for &depth in depths {
        for repeat in 0..options.repeats {
            for (id, game) in positions {
                let mut row = Vec::with_capacity(ENGINES.len());
                for k in 0..ENGINES.len() {
                    let engine = ENGINES[(k + repeat as usize) % ENGINES.len()];
                    let (ns, wall_ns, found) = time_one(&mut engines, engine, game, depth);
                    row.push(Record {
                        game: fixture.file.game.clone(),
                        set: fixture.file.set.clone(),
                        position: id.clone(),
                        depth,
                        engine: engine.name(),
                        repeat,
                        ns,
                        wall_ns,
                        nodes: found.nodes,
                        score: found.score,
                        best_move: found
                            .best_move
                            .map_or(String::new(), |m| game.format_move(m)),
                    });
                }
                row.sort_by_key(|r| ENGINES.iter().position(|e| e.name() == r.engine));
                let peer_view =
                    engines
                        .plain
                        .search(&mut game.clone(), depth, &G::DEFAULT_EVAL, peer_terminal);
                check_values(&row, peer_view.score);
                records.extend(row);
            }
        }
    }
}

/// What one search found.
struct Found<M> {
    score: Score,
    best_move: Option<M>,
    nodes: u64,
}

/// Runs `engine` on a copy of `game` to `depth`: CPU and wall time in ns and what it found.
fn time_one<G: Game>(
    engines: &mut Engines<G>,
    engine: Engine,
    game: &G,
    depth: u32,
) -> (u64, u64, Found<G::Move>) {
    assert!(depth <= MAX_DEPTH);
    let mut ours = game.clone();
    let peer_eval = || PeerEval::<G, G::Eval>::new(G::DEFAULT_EVAL);
    let state = PeerState::new(game.clone());
    let mut iterative = (engine == Engine::Iterative).then(|| {
        let opts = IterativeOptions::new()
            .with_null_window_search(true)
            .with_double_step_increment();
        let mut search = IterativeSearch::new(peer_eval(), opts);
        search.set_max_depth(depth as u8);
        search
    });
    // The stats line minimax-rs's node count comes from is written after the clock stops.
    let mut stopped = None;
    let (start, cpu_start) = (Instant::now(), thread_ns());
    let found = match engine {
        Engine::AlphaBeta | Engine::IdTtPvs => {
            let searcher = if engine == Engine::AlphaBeta {
                &mut engines.alphabeta
            } else {
                &mut engines.id_tt_pvs
            };
            let iterations = searcher.search(&mut ours, depth, &mut |_| {});
            let last = iterations.last().expect("one iteration at least");
            Found {
                score: last.score,
                best_move: last.best_move,
                nodes: iterations.iter().map(|it| it.counters.expanded()).sum(),
            }
        }
        Engine::Plain => {
            let plain = engines
                .plain
                .search(&mut ours, depth, &G::DEFAULT_EVAL, G::terminal_score);
            Found {
                score: plain.score,
                best_move: plain.best_move,
                nodes: plain.nodes,
            }
        }
        Engine::Negamax => {
            let before = applied();
            let mut negamax = Negamax::new(peer_eval(), depth as u8);
            let best_move = negamax.choose_move(&state);
            Found {
                score: Score::from(negamax.root_value()),
                best_move,
                nodes: applied() - before + 1,
            }
        }
        Engine::Iterative => {
            let search = iterative.as_mut().expect("made above");
            let best_move = search.choose_move(&state);
            stopped = Some((start.elapsed(), thread_ns()));
            Found {
                score: Score::from(search.root_value()),
                best_move,
                nodes: iterative_nodes(search, &state, depth),
            }
        }
    };
    let (wall, cpu) = stopped.unwrap_or_else(|| (start.elapsed(), thread_ns()));
    (cpu - cpu_start, wall.as_nanos() as u64, found)
}

/// `IterativeSearch`'s nodes counted as ours: the entries it counts (its `stats` line
/// "Explored N nodes to depth D", summed over the iterations) plus each iteration's root.
fn iterative_nodes<G: Game>(
    search: &IterativeSearch<PeerEval<G, G::Eval>>,
    state: &PeerState<G>,
    depth: u32,
) -> u64 {
    let stats = search.stats(&mut state.clone());
    let explored = |key: &str| -> u64 {
        let at = stats.find(key).expect("the stats line names the nodes") + key.len();
        let word = stats[at..].split_whitespace().next().unwrap_or("");
        word.trim_end_matches('.').parse().expect("a number")
    };
    let (nodes, reached) = (explored("Explored "), explored("nodes to depth "));
    let first = if depth % 2 == 0 { 2 } else { 1 };
    let iterations = (first..=reached as u32).step_by(2).count() as u64;
    nodes + iterations
}

/// minimax-rs's terminal values in our root-relative form: a win or loss at `ply` is
/// `BEST_EVAL + 1 - ply` (its clamp takes one off per level above the terminal position, and
/// its root value rounds anything near `BEST_EVAL` to it); a draw, Kalah's included, is 0.
fn peer_terminal<G: Game>(game: &G, ply: usize) -> Option<Score> {
    let win = Score::from(BEST_EVAL) + 1 - ply as Score;
    game.outcome().map(|outcome| match outcome {
        Outcome::Win => win,
        Outcome::Loss => -win,
        Outcome::Draw => 0,
    })
}

/// minimax-rs's root value for a value in our root-relative form.
fn peer_value(score: Score) -> Score {
    let near = Score::from(BEST_EVAL) - 100;
    if score > near {
        Score::from(BEST_EVAL)
    } else if score < -near {
        -Score::from(BEST_EVAL)
    } else {
        score
    }
}

/// The value checks of one position's row (in `ENGINES` order): the plain alpha-beta is
/// `alphabeta` exactly (nodes, value, move), and minimax-rs's `Negamax` finds the value of the
/// plain alpha-beta with minimax-rs's terminal values (`peer_view`); that equals ours
/// wherever no terminal position decides the value, but Kalah scores a finished game by its
/// margin, minimax-rs by win or loss alone.
fn check_values(row: &[Record], peer_view: Score) {
    let (ours, negamax, plain) = (&row[0], &row[1], &row[2]);
    assert_eq!(
        (ours.nodes, ours.score, &ours.best_move),
        (plain.nodes, plain.score, &plain.best_move),
        "the plain alpha-beta differs from alphabeta at {} depth {}",
        ours.position,
        ours.depth
    );
    assert_eq!(
        negamax.score,
        peer_value(peer_view),
        "minimax-rs Negamax's root value differs at {} depth {}",
        ours.position,
        ours.depth
    );
}
