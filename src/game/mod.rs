//! Game rules behind one trait: moves, make/unmake, hashing, notation, outcomes and evaluations.
//!
//! This module knows nothing about search, serde, clap or files. A game is its rules, its
//! Zobrist hashing, its move notation and its named evaluation functions; everything else
//! (search, harness, reports) is generic over [`Game`].

pub mod board5;
pub mod perft;
pub mod weights;
pub mod zobrist;

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor};
pub use weights::{EvalParam, EVAL_WEIGHT_LIMIT};

pub mod registry;

pub use registry::{register, GameId, GameInfo};

/// The registry of the built-in games, one line each: `module::Type`, the module a file of
/// `src/game/`, the type its [`Game`]. Everything that lists the built-in games is generated
/// from here: the module declarations, [`GAMES`], [`GameId::ALL`],
/// [`dispatch_game!`](crate::dispatch_game), their command-line entries
/// ([`cli::Entry::of`](crate::cli::Entry::of), the door a user's game comes in by too) and
/// the rules contract's tests. `$callback` is a macro path that receives
/// `[args] module::Type, ...`.
#[macro_export]
macro_rules! games {
    ($($callback:ident)::+ $(, $($args:tt)*)?) => {
        $($callback)::+! { [$($($args)*)?]
            blackwhite::BlackWhite,
            gothello::Gothello,
            kalah::Kalah,
            mingmang::MingMang,
            tictactoe::TicTacToe,
            gomoku::Gomoku,
        }
    };
}

/// Declares the game modules, [`GAMES`], [`EVAL_PARAM_TABLES`] and the built-in
/// [`GameId`]s from the registry.
#[doc(hidden)]
#[macro_export]
macro_rules! __declare_games {
    ([] $($module:ident :: $Type:ident,)*) => {
        $(pub mod $module;)*

        /// The names of the built-in games, as written in game strings.
        pub const GAMES: &[&str] = &[$(<$module::$Type as Game>::NAME),*];

        /// The evaluation weights of each built-in game ([`Game::EVAL_PARAMS`]), in
        /// [`GAMES`] order.
        pub const EVAL_PARAM_TABLES: &[&[EvalParam]] =
            &[$(<$module::$Type as Game>::EVAL_PARAMS),*];

        /// The built-in games, in registry order: their position in [`GameId`]'s list.
        #[doc(hidden)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Builtin {
            $($Type,)*
        }

        /// The built-in games in registry order.
        const BUILTINS: &[Builtin] = &[$(Builtin::$Type),*];

        impl GameId {
            /// The built-in games, in registry order (a user's games follow them in
            /// [`GameId::registered`]).
            pub const ALL: &[GameId] = &[$(GameId::builtin(Builtin::$Type)),*];
        }

        /// The [`GameInfo`] of each built-in game, in registry order.
        fn builtin_infos() -> Vec<GameInfo> {
            vec![$(GameInfo::of::<$module::$Type>()),*]
        }
    };
}

games!(crate::__declare_games);

// cargo-mutants finds source files by their `mod` items and cannot see the ones `games!`
// declares: these, compiled out, show it the games' files (`cargo xtask mutants`).
// rustfmt leaves the files to the real declarations, which it does not see either.
// tests/it/registry.rs checks that they name every game.
#[cfg(any())]
#[rustfmt::skip]
mod blackwhite;
#[cfg(any())]
#[rustfmt::skip]
mod gomoku;
#[cfg(any())]
#[rustfmt::skip]
mod gothello;
#[cfg(any())]
#[rustfmt::skip]
mod kalah;
#[cfg(any())]
#[rustfmt::skip]
mod mingmang;
#[cfg(any())]
#[rustfmt::skip]
mod tictactoe;

/// Runs `$body` with `$G` bound to the type of the built-in game `$id` (a [`GameId`] of
/// [`GameId::ALL`]), for code over every built-in game (benches, tests). A registered game
/// of the user's is reached through its command-line entry instead; given one, this panics.
#[macro_export]
macro_rules! dispatch_game {
    ($id:expr, $G:ident => $body:expr) => {
        $crate::games!($crate::__dispatch_game, $id, $G, $body)
    };
}

/// The arms of [`dispatch_game!`](crate::dispatch_game), one per built-in game.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_game {
    ([$id:expr, $G:ident, $body:expr] $($module:ident :: $Type:ident,)*) => {{
        let id: $crate::game::GameId = $id;
        match id.as_builtin() {
            $(
                Some($crate::game::Builtin::$Type) => {
                    type $G = $crate::game::$module::$Type;
                    $body
                }
            )*
            None => panic!("{} is not a built-in game", id.name()),
        }
    }};
}

/// Splits a game string `name[:options]` into the name and the options.
pub fn split_game_string(text: &str) -> (&str, &str) {
    text.split_once(':').unwrap_or((text, ""))
}

/// A player: 0 moves first (Black in Ming Mang, South in Kalah), 1 second.
pub type Side = u8;

/// A score in evaluation units, from the point of view of the side to move.
pub type Score = i32;

/// Scores at or beyond this magnitude are decided results ("mate" scores).
pub const WIN_SCORE: Score = 1_000_000;

/// Any score from a search lies strictly inside `(-INFINITY, INFINITY)`.
pub const INFINITY: Score = 2_000_000;

/// How a finished game ended, seen from the side to move in the terminal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Neither side has won.
    Draw,
}

/// The numbers a game's own search hooks read ([`Game::generate_search_moves`],
/// [`Game::threat_search`]): a plain copy of the search parameters that concern the game, so
/// that games know nothing of the search's parameter registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameParams {
    /// Candidates are the empty points within this distance of a stone (Gomoku).
    pub cand_radius: u32,
    /// The threat-space search proves wins of at most this many own moves (Gomoku).
    pub threat_depth: u32,
}

/// What a game's threat search settles at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced<M> {
    /// The value is known: play the move, which scores this for the side to move (a win in
    /// so many plies, or a loss that no move prevents).
    Settled(M, Score),
    /// Every other move loses at once: only this one (the block of the opponent's win) is
    /// worth searching.
    Only(M),
}

/// One part of a game's state changed alone ([`Game::state_parts`]), for the rules
/// contract's check that the hash sees every part it should.
#[derive(Clone, Debug)]
pub struct StatePart<G> {
    /// What was changed, e.g. `side to move`, `passes`, `point c3`.
    pub part: String,
    /// Whether [`Game::hash`] covers this part. A part outside it (Ming Mang's history)
    /// makes the hash incomplete: the game declares [`Game::HASH_IS_COMPLETE`] false.
    pub hashed: bool,
    /// The position with that part alone changed and its hash recomputed. It need not be
    /// reachable, and values the game keeps for speed may be stale: the contract only
    /// hashes it.
    pub position: G,
}

impl<G> StatePart<G> {
    /// A part the hash covers.
    pub fn hashed(part: impl Into<String>, position: G) -> StatePart<G> {
        StatePart {
            part: part.into(),
            hashed: true,
            position,
        }
    }

    /// A part the hash leaves out.
    pub fn unhashed(part: impl Into<String>, position: G) -> StatePart<G> {
        StatePart {
            part: part.into(),
            hashed: false,
            position,
        }
    }
}

/// Changes point `bit` of a two-colour bitboard to the next content: empty, then side 0's
/// stone, then side 1's, then empty again ([`Game::state_parts`] of the board games).
pub fn cycle_point<T>(stones: &mut [T; 2], bit: T)
where
    T: Copy + PartialEq + Default + BitAnd<Output = T> + BitOr<Output = T> + BitXor<Output = T>,
{
    if stones[0] & bit != T::default() {
        stones[0] = stones[0] ^ bit;
        stones[1] = stones[1] | bit;
    } else if stones[1] & bit != T::default() {
        stones[1] = stones[1] ^ bit;
    } else {
        stones[0] = stones[0] | bit;
    }
}

/// A board of `columns` x `rows` points for a user ([`Game::board_display`]), top row
/// first: rows numbered on the left from 1 at the bottom, columns lettered below from `a`,
/// as the move notation names points (`c3`). `mark(column, row)` is the point's character.
pub fn grid_display(columns: usize, rows: usize, mark: impl Fn(usize, usize) -> char) -> String {
    let mut text = String::new();
    for row in (0..rows).rev() {
        text += &format!("{:>2}", row + 1);
        for column in 0..columns {
            text.push(' ');
            text.push(mark(column, row));
        }
        text.push('\n');
    }
    text += "  ";
    for column in (b'a'..).take(columns) {
        text.push(' ');
        text.push(char::from(column));
    }
    text + "\n"
}

/// A static evaluation of positions of `G`, from the side to move's point of view.
pub trait Evaluator<G>: Send + Sync {
    /// Scores `game`, which is not terminal, for its side to move.
    fn evaluate(&self, game: &G) -> Score;
}

/// The rules of one game, in the form every search and the harness use.
///
/// Positions are reached by playing moves from the start position that
/// [`Game::from_options`] builds; games whose rules depend on
/// history (Ming Mang's repetition ban) keep that history inside the value.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One move, including a pass where the game has one. `Default` is a placeholder value
    /// used to fill fixed tables; it need not be legal.
    type Move: Copy + Eq + Debug + Default + Send + Sync + 'static;
    /// What `make` returns so that `unmake` can restore the position exactly.
    type Undo: Copy + Debug + Send;
    /// The game's named evaluation functions.
    type Eval: Evaluator<Self> + Copy + Debug + PartialEq + Send + Sync + 'static;

    /// The game's name as written in game strings, e.g. `kalah`.
    const NAME: &'static str;
    /// The sides' names for a user, side 0 (the first to move) first, as the rules name them:
    /// `South`, `North` in Kalah. [`Game::display`] names the side to move with them.
    const SIDES: [&'static str; 2];
    /// The names of the evaluations, each parsing to a different [`Game::Eval`].
    const EVAL_NAMES: &'static [&'static str];
    /// The evaluation used when none is named.
    const DEFAULT_EVAL: Self::Eval;
    /// The weights of the evaluations that `--param` sets by name, with the study's values
    /// as defaults ([`weights`]); [`Game::weigh_eval`] applies them.
    const EVAL_PARAMS: &'static [EvalParam] = &[];
    /// Option strings of the rule variants worth testing, the defaults (`""`) first: the
    /// rules contract walks from the start of each.
    const VARIANTS: &'static [&'static str] = &[""];
    /// For games whose legal moves depend on earlier positions (a repetition ban), the
    /// fewest plies after which a position can recur with the same side to move: two paths
    /// shorter than this to one position allow the same moves below it. `None` when legality
    /// never depends on the path.
    const REPETITION_PLIES: Option<u32> = None;
    /// Whether two positions with the same [`Game::hash`] always have the same legal moves
    /// and the same outcome from there on, so that a transposition-table value of one stands
    /// for the other (`tt-value` is then exact). Each game says so explicitly.
    const HASH_IS_COMPLETE: bool;
    /// The names of the game-specific search techniques (flags the search table marks as
    /// game-specific, e.g. Gomoku's `threat-space`) that this game implements; a configuration
    /// naming another game-specific flag is an error for this game.
    const TECHNIQUES: &'static [&'static str] = &[];

    /// Builds the start position from the options after `name:` in a game string
    /// (`""` for the defaults).
    fn from_options(options: &str) -> Result<Self, String>;
    /// The canonical game string, e.g. `kalah:6,4,standard`; `from_options` accepts it back.
    fn spec(&self) -> String;
    /// Looks up an evaluation by name.
    fn parse_eval(name: &str) -> Option<Self::Eval>;
    /// The name of `eval` as [`Game::parse_eval`] returns it (with default weights), one of
    /// [`Game::EVAL_NAMES`].
    fn eval_name(eval: Self::Eval) -> &'static str {
        Self::EVAL_NAMES
            .iter()
            .find(|&&name| Self::parse_eval(name) == Some(eval))
            .expect("every evaluation has a name in EVAL_NAMES")
    }

    /// `eval` with its weights: `values[i]` is [`Game::EVAL_PARAMS`]`[i]`'s value. An
    /// evaluation that reads none of them comes back unchanged, and the defaults give back
    /// what [`Game::parse_eval`] gives.
    fn weigh_eval(eval: Self::Eval, _values: &[Score]) -> Self::Eval {
        eval
    }

    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// Appends every legal move to `moves` (which the caller has cleared). In a terminal
    /// position there are none. A pass is included only where the game's search rules say so.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);
    /// Appends the moves the search looks at, which may be fewer than the legal moves (Gomoku's
    /// candidates near stones); every other move counts as not worth searching. Perft and the
    /// rules contract use [`Game::generate_moves`]; the default is the legal moves.
    fn generate_search_moves(&self, _params: &GameParams, moves: &mut Vec<Self::Move>) {
        self.generate_moves(moves);
    }
    /// The number of moves `generate_moves` would produce that are not passes; perft's last
    /// ply. Games may override this with something faster than generating.
    fn count_moves(&self, scratch: &mut Vec<Self::Move>) -> u64 {
        scratch.clear();
        self.generate_moves(scratch);
        scratch.iter().filter(|&&mv| !self.is_pass(mv)).count() as u64
    }
    /// Plays a legal move.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;
    /// Takes back `mv`, which was the last move made, given what its `make` returned.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);

    /// Hands the move to the opponent without moving, for null-move pruning; `None` when the
    /// game has no such thing in the current position.
    fn make_null(&mut self) -> Option<Self::Undo>;
    /// Takes back a `make_null`.
    fn unmake_null(&mut self, undo: Self::Undo);

    /// The incrementally kept Zobrist hash of the position (including the side to move and
    /// anything else that decides the legal moves).
    fn hash(&self) -> u64;
    /// The same hash computed from scratch: the test oracle for `hash`.
    fn hash_from_scratch(&self) -> u64;
    /// Every part of this position's state that decides the legal moves, the outcome or the
    /// evaluation (the side to move, each point or pit, a pass count, the history where the
    /// rules read it), each changed alone: the rules contract checks that each hashed part
    /// changes [`Game::hash_from_scratch`], and that a game with an unhashed part declares
    /// [`Game::HASH_IS_COMPLETE`] false. Required, so that a new game states its parts.
    fn state_parts(&self) -> Vec<StatePart<Self>>;

    /// `Some` when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The search value of a terminal position for its side to move, `ply` plies below the
    /// root; `None` when the game is not over. By default a win scores `WIN_SCORE - ply` (a
    /// nearer win is better), a loss its negation and a draw 0; a game whose result is a
    /// margin (Kalah) scores that instead.
    fn terminal_score(&self, ply: usize) -> Option<Score> {
        let win = WIN_SCORE - ply as Score;
        self.outcome().map(|outcome| match outcome {
            Outcome::Win => win,
            Outcome::Loss => -win,
            Outcome::Draw => 0,
        })
    }

    /// A dense index of `mv` below `move_index_space`, for history and killer tables.
    fn move_index(&self, mv: Self::Move) -> usize;
    /// The size of the `move_index` range.
    fn move_index_space(&self) -> usize;
    /// Whether `mv` is a pass (perft never counts passes).
    fn is_pass(&self, mv: Self::Move) -> bool;
    /// Whether `mv` is noisy (a capture): quiescence searches after such moves.
    fn is_noisy(&self, mv: Self::Move) -> bool;
    /// Plays `mv` as [`Game::make`] does and says whether it was noisy ([`Game::is_noisy`]
    /// before the move): the search's way into a child when quiescence follows noisy moves.
    /// Games that can tell from the move's effect override it to skip the test.
    fn make_noisy(&mut self, mv: Self::Move) -> (Self::Undo, bool) {
        let noisy = self.is_noisy(mv);
        (self.make(mv), noisy)
    }
    /// Appends the moves of [`Game::generate_search_moves`] that are noisy, in its order:
    /// quiescence's moves. Games may override this with something faster than generating
    /// every move and testing each.
    fn generate_noisy_moves(&self, params: &GameParams, moves: &mut Vec<Self::Move>) {
        let start = moves.len();
        self.generate_search_moves(params, moves);
        let mut kept = start;
        for i in start..moves.len() {
            let mv = moves[i];
            if self.is_noisy(mv) {
                moves[kept] = mv;
                kept += 1;
            }
        }
        moves.truncate(kept);
    }
    /// The game's static score of `mv` for candidate sorting (higher first).
    fn move_score(&self, _mv: Self::Move) -> Score {
        0
    }

    /// The game's threat search before the root search (the `threat-space` technique): a
    /// settled value or the only move worth searching, counting the positions it visits in
    /// `n_nodes`; `None` when it settles nothing. Only games listing `threat-space` in
    /// [`Game::TECHNIQUES`] override it.
    fn threat_search(
        &mut self,
        _params: &GameParams,
        _n_nodes: &mut u64,
    ) -> Option<Forced<Self::Move>> {
        None
    }

    /// The `liberties` technique: what the position reached by a root move is worth to
    /// `mover`, the side that made it, as a tie-break: among root moves of equal score the
    /// search plays the first with the largest value. Only games listing `liberties` in
    /// [`Game::TECHNIQUES`] override it.
    fn root_tie_break(&self, _mover: Side) -> Score {
        0
    }

    /// The move a Monte Carlo rollout plays for the side to move, drawing any randomness
    /// from `rng`; `None` when the game is over. `scratch` is the caller's buffer, its content
    /// undefined. By default a uniformly random legal move; a game may play something better
    /// (Gomoku wins, blocks a four, else plays a random candidate).
    fn rollout_move<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        scratch.clear();
        self.generate_moves(scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[rng.gen_range(0..scratch.len())])
    }

    /// Writes `mv` in the game's notation.
    fn format_move(&self, mv: Self::Move) -> String;
    /// Reads a move in the game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// The position as text (several lines), in the form the position sets store and the
    /// run manifests hash: it never changes. What a user reads is [`Game::display`].
    fn board_string(&self) -> String;
    /// The board for a user, with the coordinates its move notation uses (rows numbered and
    /// columns lettered as in `c3`, or Kalah's house numbers), each line ending in a newline.
    /// Required, so that a new game shows its own; [`Game::display`] adds the side to move.
    fn board_display(&self) -> String;
    /// The position for a user: [`Game::board_display`], then `to move: ` and the side's name
    /// ([`Game::SIDES`]).
    fn display(&self) -> String {
        let side = Self::SIDES[usize::from(self.side_to_move())];
        format!("{}to move: {side}", self.board_display())
    }

    /// Plays a comma-separated list of moves from this position; the error names the move.
    fn play_moves(&mut self, list: &str) -> Result<(), String> {
        if list.trim().is_empty() {
            return Ok(());
        }
        for (i, text) in list.split(',').map(str::trim).enumerate() {
            if text.is_empty() {
                return Err(format!("move {} is empty (two commas in a row?)", i + 1));
            }
            let mv = self
                .parse_move(text)
                .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
            self.make(mv);
        }
        Ok(())
    }
}
