//! cutoff: a benchmarking and ablation suite for game-tree search.
//!
//! cutoff switches each search enhancement on and off by name, replays fixed position sets,
//! records nodes and time per depth, and turns the records into tables and charts.
//!
//! # Your own game
//!
//! A game of your own needs no fork: implement [`game::Game`] in your crate (with
//! `cutoff` as a dependency), and every search, the harness, the reports and the command line
//! work on it. The pieces a user touches:
//!
//! 1. The rules: [`game::Game`] and an evaluation ([`game::Evaluator`]), with the helpers
//!    [`game::StatePart`], [`game::zobrist::key_table`], [`game::cycle_point`] and
//!    [`game::grid_display`].
//! 2. Its tests: the rules contract as a test kit, [`rules_contract!`] (one line that writes
//!    every check as `#[test]`s; proptest drives its random walks) or the functions of
//!    [`contract`] one by one, with perft counts from an independent source
//!    ([`contract::PerftCase`]).
//! 3. Its command line: a binary whose `main` is [`cli::run_with`] with the game's
//!    [`cli::Entry::of`] has every command of `cutoff` (`perft`, `search`,
//!    `fixtures generate`, `ablate`, `report`, `compare`, `match`, ...) on it, beside the
//!    built-in games, which come in through the same door.
//! 4. Searches from code: [`search::Searcher`] with a [`search::Config`] and
//!    [`search::Params`].
//!
//! `examples/connect-four/` in the repository is such a crate (Connect Four, with its contract
//! tests, its binary and the commands of its ablation table). The smallest whole game, Nim
//! with a pile of ten where taking the last stone wins, checked and searched:
//!
//! ```
//! use cutoff::contract::{self, PerftCase};
//! use cutoff::game::zobrist::key_table;
//! use cutoff::game::{Evaluator, Game, Outcome, Score, Side, StatePart};
//! use cutoff::search::{Config, Params, Searcher};
//!
//! /// One key per pile size (0 to 10), then the side to move's.
//! const KEYS: [u64; 12] = key_table(0x4e69_6d00);
//!
//! #[derive(Clone, Debug, PartialEq, Eq)]
//! struct Nim { pile: u8, side: Side, hash: u64 }
//!
//! /// A pile that is a multiple of four loses for the side to move.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! struct Parity;
//!
//! impl Evaluator<Nim> for Parity {
//!     fn evaluate(&self, nim: &Nim) -> Score {
//!         if nim.pile % 4 == 0 { -1 } else { 1 }
//!     }
//! }
//!
//! impl Game for Nim {
//!     type Move = u8; // stones taken, 1 to 3
//!     type Undo = ();
//!     type Eval = Parity;
//!     const NAME: &'static str = "nim";
//!     const SIDES: [&'static str; 2] = ["First", "Second"];
//!     const EVAL_NAMES: &'static [&'static str] = &["parity"];
//!     const DEFAULT_EVAL: Parity = Parity;
//!     const HASH_IS_COMPLETE: bool = true;
//!
//!     fn from_options(options: &str) -> Result<Nim, String> {
//!         match options {
//!             "" => Ok(Nim { pile: 10, side: 0, hash: KEYS[10] }),
//!             _ => Err(format!("nim has no options, not `{options}`")),
//!         }
//!     }
//!     fn spec(&self) -> String { "nim".into() }
//!     fn parse_eval(name: &str) -> Option<Parity> { (name == "parity").then_some(Parity) }
//!     fn side_to_move(&self) -> Side { self.side }
//!     fn generate_moves(&self, moves: &mut Vec<u8>) { moves.extend(1..=self.pile.min(3)) }
//!     fn make(&mut self, take: u8) {
//!         self.pile -= take;
//!         self.side = 1 - self.side;
//!         self.hash = self.hash_from_scratch();
//!     }
//!     fn unmake(&mut self, take: u8, _: ()) {
//!         self.pile += take;
//!         self.side = 1 - self.side;
//!         self.hash = self.hash_from_scratch();
//!     }
//!     fn make_null(&mut self) -> Option<()> { None }
//!     fn unmake_null(&mut self, _: ()) {}
//!     fn hash(&self) -> u64 { self.hash }
//!     fn hash_from_scratch(&self) -> u64 {
//!         KEYS[usize::from(self.pile)] ^ if self.side == 1 { KEYS[11] } else { 0 }
//!     }
//!     fn state_parts(&self) -> Vec<StatePart<Nim>> {
//!         let rehash = |mut nim: Nim| { nim.hash = nim.hash_from_scratch(); nim };
//!         let side = Nim { side: 1 - self.side, ..*self };
//!         let pile = Nim { pile: (self.pile + 1) % 11, ..*self };
//!         vec![
//!             StatePart::hashed("side to move", rehash(side)),
//!             StatePart::hashed("pile", rehash(pile)),
//!         ]
//!     }
//!     fn outcome(&self) -> Option<Outcome> { (self.pile == 0).then_some(Outcome::Loss) }
//!     fn move_index(&self, take: u8) -> usize { usize::from(take) }
//!     fn move_index_space(&self) -> usize { 4 }
//!     fn is_pass(&self, _: u8) -> bool { false }
//!     fn is_noisy(&self, _: u8) -> bool { false }
//!     fn format_move(&self, take: u8) -> String { take.to_string() }
//!     fn parse_move(&self, text: &str) -> Result<u8, String> {
//!         let take = text.parse().map_err(|_| format!("not a number: `{text}`"))?;
//!         match (1..=self.pile.min(3)).contains(&take) {
//!             true => Ok(take),
//!             false => Err(format!("cannot take {take} of {}", self.pile)),
//!         }
//!     }
//!     fn board_string(&self) -> String { format!("pile {}\n", self.pile) }
//!     fn board_display(&self) -> String { self.board_string() }
//! }
//!
//! // The rules contract (in a crate's tests: `cutoff::rules_contract!(Nim, perft = ...)`).
//! // Perft by hand: 3, 9 and 27 sequences, then 81 less the 5 of four moves taking 11 or 12.
//! contract::check_random_walks::<Nim>(1, 50, 12);
//! contract::check_hash_declaration::<Nim>();
//! contract::check_names::<Nim>();
//! contract::check_exact_subsets_at_the_starts::<Nim>();
//! contract::check_perft::<Nim>(&[PerftCase::new("start", "", &[3, 9, 27, 76])]);
//!
//! // A search: ten stones win for the side to move (take two, leave a multiple of four).
//! let mut nim = Nim::from_options("").unwrap();
//! let config = Config::parse("alphabeta+id+tt-value").unwrap();
//! let iterations = Searcher::new(config, Params::default(), Parity).search(&mut nim, 10, &mut |_| {});
//! let last = iterations.last().unwrap();
//! assert!(last.score > 0);
//! assert_eq!(last.best_move, Some(2));
//!
//! // Its command line: `fn main() -> ExitCode { cutoff::cli::run_with(&[Entry::of::<Nim>()]) }`.
//! let _entry = cutoff::cli::Entry::of::<Nim>();
//! ```
//!
//! # Codemap
//!
//! - [`game`]: the rules of each game behind the [`game::Game`] trait: make/unmake with an
//!   undo value, incremental Zobrist hashing with a from-scratch oracle, notation, outcomes,
//!   named evaluations with a default and their weights by name (`weights`, set with
//!   `--param`), and perft. One module per game (`blackwhite`,
//!   `gomoku`, `gothello`, `kalah`, `mingmang`, `tictactoe`; the two 5x5 games share
//!   `board5`), listed once in the registry ([`games!`]) that generates [`game::GAMES`],
//!   the built-in [`game::GameId`]s and [`dispatch_game!`] (code over every built-in game:
//!   benches, tests); [`game::registry`] adds a user's games after them at run time, each a
//!   [`game::GameInfo`] (its name, evaluations, techniques, hash completeness).
//! - [`search`]: one generic negamax whose every enhancement is a runtime flag
//!   ([`search::Enhancement`]), an expectimax, a Monte Carlo tree search (UCT with the
//!   game's [`game::Game::rollout_move`]), configuration strings `preset(+flag|-flag)*`,
//!   the [`search::Params`] of every tunable, the transposition table and the counters;
//!   the minimal tree ([`search::minimal`]: alpha-beta's nodes under perfect move ordering).
//! - [`solve`]: the exact Kalah solver (`cutoff solve`): MTD(f) over null-window alpha-beta
//!   with a table of proven bounds keyed by the houses and an endgame table filled on the
//!   fly. It uses only `game` (Kalah's public accessors), never prints or reads a clock: the
//!   caller passes a stop test.
//! - [`cputime`]: the searching thread's CPU time beside wall time (a stopwatch of both), the
//!   `--clock cpu|wall` choice of reports and comparisons, and the load average; a leaf.
//! - [`runfolder`]: the run-folder format, the only code that knows `manifest.json` and
//!   `records.jsonl`: typed manifest and records (one [`runfolder::SearchId`] per search), a
//!   strict reader for finished runs and a tolerant one for runs in progress, the writers,
//!   and the one list of spec differences used by resume, merge and compare.
//! - [`harness`]: timed root searches, fixtures (seeded self-play), ablation plans and runs
//!   (resumable, sharded, with progress), merging, the bench signature.
//! - [`report`]: run folders into `summary.md`, CSV tables and plotters charts (SVG and PNG),
//!   the studies' published numbers beside ours, and `compare` between two runs.
//! - [`matches`](mod@matches): agents written as strings (`random`, `alphabeta:depth=4`,
//!   `cammp:time-ms=100`, `expectimax:depth=4`, `mcts:playouts=2000`, `qlearn:model=PATH`)
//!   play paired games from
//!   shared openings with colours swapped; the games are recorded (resumable), summed into
//!   wins, draws, losses, pentanomial counts, Elo with its interval, LOS and fishtest's SPRT,
//!   and round robins into score matrices and heatmaps; tabular Q-learning for small games.
//! - [`engine`]: the move choice of the protocol clients: a negamax search under a depth,
//!   node or time limit, within a clock's allowance, avoiding moves a referee rejected.
//! - [`gthd`]: a client for the Gthd Gothello referee (`cutoff gthd`): the protocol's
//!   lines and the game loop that checks the referee against its own board.
//! - [`pbrain`]: a Gomocup brain (`cutoff pbrain`): the manager's lines, the board, the
//!   `INFO` clock, and the engine or MCTS for the move.
//! - [`cli`]: the clap front end; game names validated into a [`game::GameId`], whose
//!   [`cli::Entry`] (the commands monomorphised for the game's type, [`cli::Entry::of`]) is
//!   the one way from a name to generic code, for the built-in games and a user's alike
//!   ([`cli::run_with`]); validated specs, exit codes 0 (ok), 1 (a check failed), 2 (an
//!   error).
//! - [`contract`]: the rules contract as a test kit, [`rules_contract!`] for any game and
//!   the built-in ones alike: make/unmake, hashing, move counts, notation, game ends, exact
//!   search subsets against minimax, and perft against independent counts (the built-in
//!   games' in `fixtures/reference/<game>-perft.json`).
//!
//! # Architecture invariants
//!
//! - `game` knows nothing about search, serde, clap or files.
//! - `search` is generic over `G: Game`, never sees a concrete game, never prints, reads a
//!   clock, touches a file or draws a random number (MCTS's own generator excepted, seeded
//!   from its `mcts-seed` parameter), and allocates nothing per node.
//! - Determinism: the same position, configuration and parameters give the same node counts,
//!   move and score on every run and machine. Zobrist keys come from fixed seeds; ties in
//!   move ordering keep generation order; no `HashMap` is iterated into output.
//! - An enhancement marked exact never changes the root value at a fixed depth; the test
//!   suite holds every exact subset to plain minimax's value.
//! - Only `harness` and `matches` touch clocks (through `cputime` for the times they record), threads and randomness (seeded `rand_chacha`)
//!   and write runs (`matches` its own match folders, above `harness` and `report`, whose
//!   provenance and chart helpers it uses); `report` reads only what `harness` wrote (run folders) and writes only its own
//!   tables and charts into them, so every table can be rendered again from committed records.
//!   `harness` and `report` are peers over `runfolder`: neither imports the other, and
//!   neither opens `manifest.json` or `records.jsonl` itself.
//! - `gthd` and `pbrain` are peers of `harness` over `game`, `search` and `engine`: they
//!   read a clock and talk over the socket or streams they are handed for one game, and
//!   never print or touch run folders. `engine` reads a clock (time limits) and nothing else.
//! - Only configuration and record types derive serde traits.
//! - A game's name is written once, in its `Game::NAME`; the list of games once, in the
//!   registry; per-game settings of the bench are data in its bench file, never a `match`.
//!
//! # Build target
//!
//! On x86-64, `.cargo/config.toml` builds for the `x86-64-v2` level (Intel from Nehalem on, AMD
//! from Bulldozer on; RHEL 9 requires the same level), so `count_ones` is one
//! POPCNT instruction; Ming Mang's moves and evaluation, Gothello's and Black & White's
//! counts lean on it (the instructions it saves: results/2026-11-26-popcnt). It applies to
//! `cargo build`, `cargo test`, `cargo bench` and `cargo install --path .`. For an older CPU,
//! `RUSTFLAGS="-C target-cpu=x86-64"` (which replaces the file's flags) builds the portable
//! baseline, whose bit counts are software. `.ci/run` also runs the rules contract and the
//! games' tests with this crate compiled for baseline x86-64 (`cargo rustc ... -C
//! target-cpu=x86-64`), and `CUTOFF_EXPECT_POPCNT` (1 in the tests step, 0 there) makes the
//! `build_target` test check that each build got the level it was asked for. Node counts,
//! moves and scores are the same in both builds.
//!
//! # Adding a game
//!
//! 1. `src/game/<name>.rs` (or `src/game/<name>/mod.rs`): the type and its [`game::Game`]
//!    impl and its own rule tests. **Required** (no default; the compiler asks for each):
//!    the types `Move`, `Undo` and `Eval`; the constants `NAME` (`"<name>"`, the module's
//!    name), `SIDES` (the sides' names as the rules give them), `EVAL_NAMES`, `DEFAULT_EVAL`
//!    and `HASH_IS_COMPLETE` (false when some part of
//!    the state that decides legality or the outcome stays outside the hash); the methods
//!    `from_options`, `spec`, `parse_eval`, `side_to_move`, `generate_moves`, `make`,
//!    `unmake`, `make_null`, `unmake_null`, `hash`, `hash_from_scratch`, `state_parts`
//!    (every part of the state changed alone, each marked hashed or not: the contract checks
//!    that each hashed part changes the hash and that only a game declaring its hash
//!    incomplete has an unhashed one), `outcome`, `move_index`, `move_index_space`,
//!    `is_pass`, `is_noisy`, `format_move`, `parse_move`, `board_string` (the stored form)
//!    and `board_display` (the board for a user, with its coordinates; `grid_display` draws
//!    a board of points). Optional, with
//!    defaults: `VARIANTS` (the rule variants the contract walks from), `EVAL_PARAMS` with
//!    `weigh_eval` (evaluation weights a user may set: Gothello's `eye`, Black & White's
//!    `audet`), `REPETITION_PLIES` (legality that depends on the path), `TECHNIQUES` (see
//!    *Adding a technique*), `generate_search_moves` (search moves other than the legal
//!    ones), `count_moves`, `terminal_score` (a margin instead of win/loss), `move_score`,
//!    `threat_search`, `root_tie_break` and `rollout_move` (MCTS's rollout policy; default:
//!    a uniformly random legal move). `tests/it/registry.rs` holds this list to the trait.
//! 2. One line `<name>::<Type>,` in the registry, [`games!`] in `src/game/mod.rs`. This
//!    declares the module and puts the game into `GAMES`, `GameId::ALL`, its command-line
//!    entry ([`cli::Entry::of`]: `cutoff perft`, `search`, `fixtures`, `ablate`, `match`,
//!    ...), `dispatch_game!` (`cutoff bench`, `cargo bench --bench games`) and the rules
//!    contract's tests (`cargo test --lib contract::<name>`, through [`rules_contract!`]).
//!    A game kept outside the crate takes *Your own game* above instead, and no step here.
//! 3. `fixtures/bench/<name>.json`: the game string, the `searches` of `cutoff bench`
//!    (`{"config", "depth", "params", "node_budget", "game"}`), the curated positions, and
//!    the `micro` and `icount` plans of the criterion and Callgrind benchmarks; then the
//!    three `#[bench::<name>(args = ("<name>"), ...)]` lines of `benches/icount.rs`, whose
//!    attributes no macro can write.
//! 4. `fixtures/reference/<name>-perft.json`: perft counts from an independent program
//!    (`cases[]` of `id`, `moves`, `perft`, optional `options` (the game string's options
//!    of the case's start), `divide_depth` and `divide`), with its source in
//!    `fixtures/reference/README.md`.
//! 5. Then `cutoff bench --update` writes the new game's counts into
//!    `fixtures/expected/bench.json` (review that only the new game's keys appear), and
//!    `cutoff fixtures generate --game <name> ...` makes position sets for `cutoff ablate`
//!    (list them in `fixtures/README.md`).
//! 6. The README's "Games": the game strings of `--game`, the notation and a row of the
//!    table of move sets and game-specific flags; `docs/commands.md`: the evaluations.
//!
//! Steps 1 to 4 and 6 are checked against the registry: the compiler asks for the required
//! items, the contract runs for every registered game, and `tests/it/registry.rs` fails
//! while a bench or perft file, an `icount` line, the codemap's module list above, the
//! README's `--game` item or its table row is missing.
//!
//! `src/game/tictactoe.rs` is the smallest example; it took exactly these files. Gomoku took
//! them too, plus the game-specific techniques of *Adding a technique* (its three rows in
//! the table and their hooks and params); Gothello has one, the `liberties` root tie-break
//! (`Game::root_tie_break`).
//!
//! # Adding a technique
//!
//! 1. A row of the `techniques!` table in `src/search/config.rs`: the variant, its name, its
//!    title, and whether it is `exact` (never changes the root value at a fixed depth),
//!    `needs_ab` and `game` (game-specific: only games naming it in `Game::TECHNIQUES`
//!    accept it). The enum, names, parsing, `--config` help and presets' flag lists come
//!    from the table.
//! 2. The decision in the search: one `F::has(&self.config, Enhancement::<Variant>)` test in
//!    `src/search/negamax.rs` or its parts (`pruning`, `quiescence`, `table`), allocating
//!    nothing per node. A game-specific technique calls a `Game` hook whose default does
//!    nothing (as `threat_search`, `root_tie_break` and `move_score` do), and the games that
//!    implement it override the hook and list its name in `TECHNIQUES`.
//! 3. Its numbers: fields of [`search::Params`] with a row in the `registry!` of
//!    `src/search/params.rs` (name, range, help); the ones a game's hook reads go through
//!    [`game::GameParams`]. Where CAMMP's program differs in kind, a 0/1 parameter with the
//!    textbook default, set to CAMMP's side in the `cammp-java` profile.
//! 4. Tests that state what it must do: an exact technique is held to plain minimax by the
//!    rules contract with nothing to write; any other gets a test in `src/search/tests/`
//!    against a small reference or a tree counted by hand (`src/search/tests/graph.rs`
//!    builds one), and `every_flag_changes_the_tree` must see it change the tree.
//! 5. A search in the bench file of a game where it acts (`fixtures/bench/<game>.json`), so
//!    that the signature moves when its code changes; `cutoff bench --update` in the same
//!    commit.
//! 6. `docs/commands.md`: the flag among `--config`'s flags; when game-specific, also the
//!    README's row of its game in the table of move sets.

pub mod cli;
pub mod contract;
pub mod cputime;
pub mod engine;
pub mod game;
pub mod gthd;
pub mod harness;
pub mod matches;
pub mod pbrain;
pub mod report;
pub mod runfolder;
pub mod search;
pub mod solve;
pub mod studies;
#[cfg(test)]
mod testing;

/// The build's target level is the one the caller expects: `CUTOFF_EXPECT_POPCNT=1` or `0`
/// (set by `.ci/run`) says whether POPCNT must be enabled; unset, nothing is checked.
#[cfg(test)]
mod build_target {
    #[test]
    fn popcnt_is_enabled_exactly_when_expected() {
        if let Ok(expected) = std::env::var("CUTOFF_EXPECT_POPCNT") {
            assert_eq!(
                cfg!(target_feature = "popcnt"),
                expected == "1",
                "CUTOFF_EXPECT_POPCNT={expected}, but the build's popcnt is {}",
                cfg!(target_feature = "popcnt")
            );
        }
    }
}
