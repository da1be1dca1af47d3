//! Position ids: which self-play game a position comes from.

/// The self-play game position `id` comes from: `g03` for `g03-m07` (the ids `fixtures
/// generate` writes: game 3, after ply 7). Any other id is a game of its own, so positions of
/// sets that do not say their game count as independent.
pub fn game_of(id: &str) -> &str {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match id.split_once("-m") {
        Some((game, ply)) if game.starts_with('g') && digits(&game[1..]) && digits(ply) => game,
        _ => id,
    }
}
