use super::*;
use crate::game::perft::perft;

fn check_perft(spec: &str, moves: &str, expected: &[u64]) {
    let mut game = Kalah::from_options(spec).unwrap();
    game.play_moves(moves).unwrap();
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(
            perft(&mut game, d as u32 + 1),
            n,
            "{spec} after {moves:?}, depth {}",
            d + 1
        );
    }
}

#[test]
fn start_perft() {
    check_perft("", "", &[6, 35, 185, 942, 4690, 23233, 114430]);
}

#[test]
fn sowing_laps_skip_the_opponent_store() {
    // Kalah(1, 12): 12 seeds round a ring of 3 pits (house, store, opposite house) put 4
    // in each; the last lands back in the emptied start house, which then holds 4.
    let mut game = Kalah::from_options("1,12").unwrap();
    game.make(1);
    assert_eq!(game.store_seeds(0), 4, "{}", game.board_string());
    assert_eq!(game.pos.pits[..4], [4, 4, 16, 0], "{}", game.board_string());
}

use proptest::prelude::*;

const RULES: [&str; 3] = ["standard", "empty-capture", "course"];

proptest! {
    /// Random walks under every rule set and board size: no seed is lost or made (the rules
    /// contract checks make/unmake, hashing and notation for every game).
    #[test]
    fn random_walks_keep_the_seeds(
        rules in 0usize..3, houses in 1usize..=6, seeds in 1usize..=12,
        walk in prop::collection::vec(any::<usize>(), 1..120),
    ) {
        let mut game = Kalah::from_options(&format!("{houses},{seeds},{}", RULES[rules])).unwrap();
        let total = game.total_seeds();
        let mut moves = Vec::new();
        for pick in walk {
            moves.clear();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.make(moves[pick % moves.len()]);
            prop_assert_eq!(game.total_seeds(), total);
        }
    }

    /// The moves, on random boards of every size with empty houses, are the mover's
    /// non-empty houses in order, after whatever the list held.
    #[test]
    fn moves_are_the_non_empty_houses(
        houses in 1usize..=6, side in 0u8..2,
        pits in prop::collection::vec(prop_oneof![Just(0u8), 1u8..20], 14),
    ) {
        let mut game = Kalah::from_options(&format!("{houses},4")).unwrap();
        game.pos.pits[..2 * houses + 2].copy_from_slice(&pits[..2 * houses + 2]);
        game.pos.side = side;
        let mut moves = vec![9];
        game.generate_moves(&mut moves);
        let want: Vec<u8> = std::iter::once(9)
            .chain((1..=houses as u8).filter(|&h| game.pos.pits[game.house_index(side, h)] > 0))
            .collect();
        prop_assert_eq!(moves, want);
    }

    /// The sow, on random boards of every size and rule set with up to three laps' worth of
    /// seeds in a house, leaves the pits, the hash, the last pit and the capture exactly as
    /// sowing seed by seed does.
    #[test]
    fn sowing_matches_seed_by_seed(
        rules in 0usize..3, houses in 1usize..=6, side in 0u8..2,
        pits in prop::collection::vec(0u8..40, 14),
        house in 1u8..=6,
    ) {
        let house = 1 + (house - 1) % houses as u8;
        let mut game = Kalah::from_options(&format!("{houses},4,{}", RULES[rules])).unwrap();
        for (i, &seeds) in pits.iter().enumerate().take(2 * houses + 2) {
            game.pos.pits[i] = seeds;
        }
        game.pos.side = side;
        let start = game.house_index(side, house);
        game.pos.pits[start] = game.pos.pits[start].max(1);
        game.pos.hash = game.hash_from_scratch();
        let (mut fast, mut slow) = (game.pos, game.pos);
        let got = fast.sow(houses, game.rules, house);
        let want = sow_seed_by_seed(&mut slow, houses, game.rules, house);
        prop_assert_eq!(fast, slow);
        prop_assert_eq!((got.last, got.captured), want);
    }
}

/// The sow as the rules state it: one seed at a time, skipping the opponent's store; the
/// last pit and whether it captured.
fn sow_seed_by_seed(pos: &mut Position, houses: usize, rules: Rules, house: u8) -> (usize, bool) {
    let mover = pos.side as usize;
    let n = 2 * houses + 2;
    let base = mover * (houses + 1);
    let opp_store = (1 - mover) * (houses + 1) + houses;
    let mut i = base + house as usize - 1;
    let mut seeds = pos.pits[i];
    pos.set(i, 0);
    while seeds > 0 {
        i = (i + 1) % n;
        if i != opp_store {
            pos.set(i, pos.pits[i] + 1);
            seeds -= 1;
        }
    }
    let own = (base..base + houses).contains(&i) && pos.pits[i] == 1;
    // Only an own house has an opposite one (the mover's store would underflow it).
    let opposite = 2 * houses - i.min(2 * houses);
    if own && (pos.pits[opposite] > 0 || rules == Rules::EmptyCapture) {
        pos.set(base + houses, pos.pits[base + houses] + pos.pits[opposite] + 1);
        pos.set(opposite, 0);
        pos.set(i, 0);
        return (i, true);
    }
    (i, false)
}

fn with_pits(spec: &str, pits: [u8; 14]) -> Kalah {
    let mut game = Kalah::from_options(spec).unwrap();
    game.pos.pits[..14].copy_from_slice(&pits);
    game.pos.hash = game.hash_from_scratch();
    game
}

#[test]
fn captures_follow_each_rule_set() {
    // South sows house 1 (one seed) into its empty house 2, which faces North's house 5.
    let check = |spec: &str, north_house_5: u8, store: u32| {
        let north_store = 48 - 4 - 10 - north_house_5;
        let mut game = with_pits(
            spec,
            [
                1,
                0,
                3,
                0,
                0,
                0,
                0,
                2,
                2,
                2,
                2,
                north_house_5,
                2,
                north_store,
            ],
        );
        game.make(1);
        assert_eq!(
            game.store_seeds(0),
            store,
            "{spec}, north house 5: {north_house_5}\n{}",
            game.board_string()
        );
    };
    check("6,4,standard", 2, 3);
    check("6,4,standard", 0, 0);
    check("6,4,empty-capture", 2, 3);
    check("6,4,empty-capture", 0, 1);
}

#[test]
fn the_extra_move_keeps_the_side() {
    let check = |spec: &str, side_after: Side| {
        let mut game = Kalah::from_options(spec).unwrap();
        game.make(3); // 4 seeds from house 3 end in the store
        assert_eq!(game.side_to_move(), side_after, "{spec}");
    };
    check("6,4,standard", 0);
    check("6,4,empty-capture", 0);
    check("6,4,course", 1);
}

#[test]
fn course_rules_end_when_a_store_holds_more_than_half() {
    let mut game = with_pits("6,4,course", [0, 0, 1, 0, 0, 1, 24, 1, 1, 1, 1, 1, 1, 16]);
    game.make(6);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Loss),
        "{}",
        game.board_string()
    );
    // 25 of 48 in South's store ends the game; North's six seeds go to North's store.
    assert_eq!((game.store_seeds(0), game.store_seeds(1)), (26, 22));
}

#[test]
fn bad_options_are_named() {
    let fails = |options: &str, needle: &str| {
        let err = Kalah::from_options(options).unwrap_err();
        assert!(err.contains(needle), "{options}: {err}");
    };
    fails("7", "houses must be 1..=6, not 7");
    fails("6,13", "seeds must be 1..=12, not 13");
    fails("6,4,extra", "unknown kalah rule set `extra`");
    fails("6,4,4", "at most two numbers");
}

#[test]
#[should_panic(expected = "the seeds")]
fn every_test_build_checks_the_seed_count_after_a_move() {
    let mut game = Kalah::new(6, 4, Rules::Course).unwrap();
    game.pos.pits[0] += 1;
    crate::testing::make_first_move(&mut game);
}
