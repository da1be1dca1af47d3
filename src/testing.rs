//! Helpers shared by the unit tests of every module: a temporary folder that removes itself,
//! and a move made without a look at the position. Compiled only for tests.

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::game::Game;

/// A new empty folder under the system's temp dir, removed (with everything in it) when
/// the value is dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty folder whose name contains `name`, the process id and a counter.
    pub fn new(name: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("cutoff-test-{}-{name}-{id}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Makes the first legal move of `game`. A game's tests corrupt a position and then make a
/// move to see that the invariant checks, compiled into every test build (optimised ones
/// included: `cargo test --release`), catch it.
pub fn make_first_move<G: Game>(game: &mut G) {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    game.make(moves[0]);
}
