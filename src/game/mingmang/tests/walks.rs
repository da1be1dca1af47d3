//! Random walks (proptest) checked at every step against from-scratch oracles: the piece
//! count, the hash, make/unmake, notation, and the legal moves against a naive scan of the
//! whole history; and two move orders reaching one placement hash alike.
//!
//! The walks shuttle pieces back often, so that the repetition ban fires; they do not test
//! perft counts (see `reference.rs`).

use proptest::prelude::*;

use super::super::history::Placement;
use super::*;

/// Everything `unmake` must restore.
fn snapshot(game: &MingMang) -> (Position, Vec<(Placement, Side)>) {
    (game.pos, game.history.placements().collect())
}

/// The legal moves by the rules' definition: slides whose result is no earlier placement
/// with the same side to move (a naive scan of the history); the pass alone if all are.
fn naive_moves(game: &MingMang) -> Vec<Move> {
    if game.is_over() {
        return Vec::new();
    }
    let mut slides = Vec::new();
    for from in Squares(game.pos.own()) {
        slides.extend(
            Squares(super::slides(from, game.pos.occupied())).map(|to| Move::new(from, to)),
        );
    }
    let mut legal: Vec<Move> = slides
        .into_iter()
        .filter(|&mv| {
            let next = game.pos.after(mv);
            !game
                .history
                .placements()
                .any(|seen| seen == (next.pieces, next.side))
        })
        .collect();
    if legal.is_empty() {
        legal.push(Move::PASS);
    }
    legal
}

/// Checks one position of a walk against the oracles; returns its legal moves.
fn check_walk_position(game: &mut MingMang) -> Vec<Move> {
    let [black, white] = game.pos.pieces;
    assert_eq!(
        (black & white, black.count_ones() + white.count_ones()),
        (0, PIECES)
    );
    assert_eq!(
        game.hash(),
        game.hash_from_scratch(),
        "{}",
        game.board_string()
    );
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves, naive_moves(game), "{}", game.board_string());
    let slides = moves.iter().filter(|mv| !mv.is_pass()).count() as u64;
    assert_eq!(game.count_moves(&mut Vec::new()), slides);
    let before = snapshot(game);
    for &mv in &moves {
        assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
        let noisy = game.is_noisy(mv);
        let (undo, made_noisy) = game.make_noisy(mv);
        assert_eq!(made_noisy, noisy, "make_noisy {mv}");
        assert_eq!(game.hash(), game.hash_from_scratch());
        game.unmake(mv, undo);
        assert_eq!(snapshot(game), before, "make/unmake {mv}");
    }
    if let Some(undo) = game.make_null() {
        game.unmake_null(undo);
        assert_eq!(snapshot(game), before, "make_null/unmake_null");
    }
    let mut noisy = Vec::new();
    let params = super::IGNORED_PARAMS;
    game.generate_noisy_moves(&params, &mut noisy);
    let converting: Vec<Move> = moves.iter().copied().filter(|&mv| game.is_noisy(mv)).collect();
    assert_eq!(noisy, converting, "noisy moves\n{}", game.board_string());
    moves
}

/// A step of a walk: `kind` 0 passes, 1 and 2 move the piece that moved two plies ago back
/// when that is legal (shuttling, to provoke the ban), anything else plays `pick`.
fn choose(moves: &[Move], played: &[Move], pick: usize, kind: u8) -> Move {
    let back = played
        .len()
        .checked_sub(2)
        .map(|i| played[i])
        .filter(|mv| !mv.is_pass());
    match (kind, back) {
        (0, _) => Move::PASS,
        (1 | 2, Some(mv)) if moves.contains(&Move::new(mv.to(), mv.from())) => {
            Move::new(mv.to(), mv.from())
        }
        _ => moves[pick % moves.len()],
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_walks_agree_with_the_oracles(steps in prop::collection::vec((0usize..256, 0u8..12), 1..160)) {
        let mut game = MingMang::new();
        let mut played = Vec::new();
        let mut undos = Vec::new();
        let mut snapshots = Vec::new();
        for (pick, kind) in steps {
            let moves = check_walk_position(&mut game);
            if moves.is_empty() {
                break;
            }
            let mv = choose(&moves, &played, pick, kind);
            snapshots.push(snapshot(&game));
            undos.push(game.make(mv));
            played.push(mv);
        }
        while let Some(mv) = played.pop() {
            game.unmake(mv, undos.pop().unwrap());
            prop_assert_eq!(snapshot(&game), snapshots.pop().unwrap());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Own moves `a` and `b` around an enemy move `c`, in both orders: when both orders are
    /// legal and reach one placement, the hashes agree.
    #[test]
    fn move_orders_reaching_one_placement_hash_alike(
        prefix in prop::collection::vec(0usize..256, 0..40),
        (a, b, c) in (0usize..256, 0usize..256, 0usize..256),
    ) {
        let mut game = MingMang::new();
        for pick in prefix {
            let moves = legal_moves(&game);
            if moves.is_empty() {
                return Ok(());
            }
            game.make(moves[pick % moves.len()]);
        }
        let own = legal_moves(&game);
        if own.len() < 2 {
            return Ok(());
        }
        let (a, b) = (own[a % own.len()], own[b % own.len()]);
        let mut first = game.clone();
        let mut second = game.clone();
        first.make(a);
        let replies = legal_moves(&first);
        if replies.is_empty() {
            return Ok(());
        }
        let c = replies[c % replies.len()];
        first.make(c);
        if !legal_moves(&first).contains(&b) || !legal_moves(&second).contains(&b) {
            return Ok(());
        }
        first.make(b);
        second.make(b);
        if !legal_moves(&second).contains(&c) {
            return Ok(());
        }
        second.make(c);
        if !legal_moves(&second).contains(&a) {
            return Ok(());
        }
        second.make(a);
        if first.pos.pieces == second.pos.pieces {
            prop_assert_eq!(first.hash(), second.hash());
        }
    }
}
