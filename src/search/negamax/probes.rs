//! Entry points for tests into the parts of one search: a pruning technique at one node,
//! quiescence at one node, one root move under `liberties`, and the state a search leaves (counters, killers,
//! history, table entries, root order).

use super::{Node, Searcher};
use crate::game::{Evaluator, Game, Score};
use crate::search::config::Runtime;
use crate::search::ordering::Phase;
use crate::search::stats::Counters;

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// Whether a root search takes a compiled fast path, for tests.
    pub(crate) fn takes_fast_path(&self) -> bool {
        self.fast_path().is_some()
    }

    /// The main search's killers at `ply` and quiescence's, for tests.
    pub(crate) fn killers(&self, ply: usize) -> [[Option<G::Move>; 2]; 2] {
        [
            self.ordering.killers(ply, Phase::Main),
            self.ordering.killers(ply, Phase::Quiescence),
        ]
    }

    /// Null move at a non-root node of `game` searched to `depth` with bound `beta`, with
    /// fresh tables, for tests: the value it cuts with, if it does.
    pub(crate) fn null_move_at(&mut self, game: &mut G, depth: u32, beta: Score) -> Option<Score> {
        self.ordering.reset(game.move_index_space());
        self.try_null_move::<Runtime>(game, depth, beta, Self::test_node())
    }

    /// Multi-cut over `game`'s moves in generation order at a non-root node, with fresh
    /// tables, for tests: the value it cuts with, if it does.
    pub(crate) fn multi_cut_at(
        &mut self,
        game: &mut G,
        depth: u32,
        window: (Score, Score),
    ) -> Option<Score> {
        self.ordering.reset(game.move_index_space());
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let node = Self::test_node();
        self.ordering.keep_order(node.ply);
        self.try_multi_cut::<Runtime>(game, &mut moves, depth, window, node)
    }

    /// Quiescence at a non-root node of `game` in `window`, with fresh tables and counters,
    /// for tests: its value.
    pub(crate) fn quiesce_at(&mut self, game: &mut G, window: (Score, Score)) -> Score {
        self.ordering.reset(game.move_index_space());
        self.counters = Counters::default();
        self.quiesce::<Runtime>(game, window.0, window.1, 1, 0)
    }

    /// Root move `mv` of `game` searched to `depth` in `window` as `liberties` searches it
    /// (see `search_tie`), from fresh counters, for tests: its score.
    pub(crate) fn tie_search_at(
        &mut self,
        game: &mut G,
        mv: G::Move,
        depth: u32,
        window: (Score, Score),
    ) -> Score {
        self.probe_root_move(game, mv, |s, game, side, next| {
            s.search_tie::<Runtime>(game, side, depth, window.0, window.1, next)
        })
    }

    /// Root move `mv` of `game` searched once to `depth` in `window`, from fresh counters,
    /// for tests: its score.
    pub(crate) fn move_search_at(
        &mut self,
        game: &mut G,
        mv: G::Move,
        depth: u32,
        window: (Score, Score),
    ) -> Score {
        self.probe_root_move(game, mv, |s, game, side, next| {
            s.child::<Runtime>(game, side, depth - 1, window.0, window.1, next)
        })
    }

    /// Root move `mv` of `game` searched to `depth` in `window` as a move after the first
    /// (under `pvs`, a null window first), from fresh counters, for tests: its score.
    pub(crate) fn later_move_search_at(
        &mut self,
        game: &mut G,
        mv: G::Move,
        depth: u32,
        window: (Score, Score),
    ) -> Score {
        self.probe_root_move(game, mv, |s, game, side, next| {
            s.search_move::<Runtime>(game, side, depth, 0, 1, window.0, window.1, next)
        })
    }

    /// Makes root move `mv`, runs `search` on the child from fresh tables and counters, and
    /// takes the move back.
    fn probe_root_move(
        &mut self,
        game: &mut G,
        mv: G::Move,
        search: impl FnOnce(&mut Self, &mut G, u8, Node) -> Score,
    ) -> Score {
        self.ordering.reset(game.move_index_space());
        self.counters = Counters::default();
        let side = game.side_to_move();
        let (undo, next) = self.enter::<Runtime>(game, mv, 0);
        let score = search(self, game, side, next);
        game.unmake(mv, undo);
        score
    }

    fn test_node() -> Node {
        Node {
            ply: 1,
            after_null: false,
            after_noisy: false,
            on_pv: false,
        }
    }

    /// The counters since the last root search began (probes add to them), for tests.
    pub(crate) fn counters(&self) -> Counters {
        self.counters
    }

    /// The history table after the last search, for tests.
    pub(crate) fn history(&self) -> &[u64] {
        self.ordering.history()
    }

    /// The transposition table's entry for `key`, if it holds one, for tests.
    pub(crate) fn table_entry(&self, key: u64) -> Option<crate::search::tt::Entry<G::Move>> {
        self.tt.as_ref()?.probe(key)
    }

    /// The root moves in the order the last iteration searched them, for tests.
    pub(crate) fn root_moves(&self) -> &[G::Move] {
        &self.moves[0]
    }

    /// The moves of the last node expanded at `ply`, in the order it searched them, for
    /// tests.
    pub(crate) fn last_moves_at(&self, ply: usize) -> &[G::Move] {
        &self.moves[ply]
    }
}
