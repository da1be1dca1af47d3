//! cutoff: a benchmarking and ablation suite for game-tree search.
//!
//! cutoff switches each search enhancement on and off by name, replays fixed position sets,
//! records nodes and time per depth, and turns the records into tables and charts.
//!
//! # Codemap
//!
//! - [`game`]: the rules of each game behind the [`game::Game`] trait: make/unmake with an
//!   undo value, incremental Zobrist hashing with a from-scratch oracle, notation, outcomes,
//!   named evaluations with a default and their weights by name (`weights`, set with
//!   `--param`), and perft. One module per game (`blackwhite`,
//!   `gomoku`, `gothello`, `kalah`, `mingmang`, `tictactoe`; the two 5x5 games share
//!   `board5`), listed once in the registry ([`games!`]) that generates [`game::GAMES`],
//!   [`game::GameId`] and [`dispatch_game!`].
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
//! - [`cli`]: the clap front end; game names validated into a [`game::GameId`], one
//!   `match` ([`dispatch_game!`]) from it to generic code, validated specs, exit codes 0
//!   (ok), 1 (a check failed), 2 (an error).
//! - `contract` (tests only): the rules contract, generated for every registered game:
//!   make/unmake, hashing, move counts, notation, game ends, exact search subsets against
//!   minimax, and perft against `fixtures/reference/<game>-perft.json`.
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
//! # Adding a game
//!
//! 1. `src/game/<name>.rs` (or `src/game/<name>/mod.rs`): the type and its [`game::Game`]
//!    impl, with `NAME = "<name>"`, its evaluations and `DEFAULT_EVAL`, the rule variants
//!    worth testing (`VARIANTS`), and its own rule tests. Optional: search moves other than
//!    the legal ones (`generate_search_moves`), a static `move_score`, MCTS's rollout
//!    policy (`rollout_move`; default: a uniformly random legal move), and game-specific
//!    techniques: their names in `TECHNIQUES`, each a row of the techniques table in
//!    `src/search/config.rs` marked `game: true` with a `Game` hook (default: nothing) that
//!    the search calls when the flag is on, and its numbers in `Params` (passed to the hook
//!    through [`game::GameParams`]). Evaluation weights a user may set are declared in
//!    `EVAL_PARAMS` and applied by `weigh_eval` (Gothello's `eye`, Black & White's `audet`).
//! 2. One line `<name>::<Type>,` in the registry, [`games!`] in `src/game/mod.rs`. This
//!    declares the module and puts the game into `GAMES`, `GameId`, `dispatch_game!`
//!    (`cutoff perft`, `search`, `fixtures`, `ablate`, `bench`), `cargo bench --bench games`
//!    and the rules contract's tests (`cargo test --lib contract::<name>`).
//! 3. `fixtures/bench/<name>.json`: the game string, the `searches` of `cutoff bench`
//!    (`{"config", "depth", "params"}`), the curated positions, and the `micro` plan of the
//!    criterion benchmarks.
//! 4. `fixtures/reference/<name>-perft.json`: perft counts from an independent program
//!    (`cases[]` of `id`, `moves`, `perft`, optional `options` (the game string's options
//!    of the case's start), `divide_depth` and `divide`), with its source in
//!    `fixtures/reference/README.md`.
//! 5. Then `cutoff bench --update` writes the new game's counts into
//!    `fixtures/expected/bench.json` (review that only the new game's keys appear), and
//!    `cutoff fixtures generate --game <name> ...` makes position sets for `cutoff ablate`
//!    (list them in `fixtures/README.md`).
//! 6. The README: the game strings, the notation, the evaluations and the table of move
//!    sets and game-specific flags.
//!
//! `src/game/tictactoe.rs` is the smallest example; it took exactly these files. Gomoku took
//! them too, plus the game-specific techniques of step 1 (its three rows in the table and
//! their hooks and params); Gothello has one, the `liberties` root tie-break
//! (`Game::root_tie_break`).

pub mod cli;
#[cfg(test)]
mod contract;
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
#[cfg(test)]
mod testing;
