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

    /// The move score's sowing, computed from the pits, is the sow's: seeds into the own
    /// store, the capture, the last pit and the seeds into the opponent's houses.
    #[test]
    fn move_scores_sow_as_the_sow_does(
        rules in 0usize..3, houses in 1usize..=6, side in 0u8..2,
        pits in prop::collection::vec(prop_oneof![Just(0u8), 1u8..40], 14),
        house in 1u8..=6,
    ) {
        let game = random_board(RULES[rules], houses, side, &pits, house);
        let house = 1 + (house - 1) % houses as u8;
        let got = game.sowing(house);
        let mut after = game.pos;
        let sow = after.sow(houses, game.rules, house);
        let store = game.store(side);
        let theirs = |pos: &Position| -> u32 {
            let base = (1 - side as usize) * (houses + 1);
            pos.pits[base..base + houses].iter().map(|&s| u32::from(s)).sum()
        };
        let taken = got.captured.saturating_sub(1);
        prop_assert_eq!(u32::from(after.pits[store] - game.pos.pits[store]), got.to_store + got.captured);
        prop_assert_eq!(sow.captured, got.captured > 0);
        prop_assert_eq!(sow.last == store, got.ends_in_store);
        prop_assert_eq!(theirs(&after) + taken, theirs(&game.pos) + got.to_opponent);
    }

    /// A house is threatened exactly when one of the opponent's moves, were it the
    /// opponent's turn, would capture it; the threat is its seeds and the capturing seed.
    #[test]
    fn threats_are_the_opponent_captures(
        rules in 0usize..3, houses in 1usize..=6, side in 0u8..2,
        pits in prop::collection::vec(prop_oneof![Just(0u8), 1u8..40], 14),
        house in 1u8..=6,
    ) {
        let game = random_board(RULES[rules], houses, side, &pits, house);
        let house = 1 + (house - 1) % houses as u8;
        let mut theirs = game.clone();
        theirs.make_null();
        let facing = game.house_index(1 - side, houses as u8 + 1 - house);
        let mut moves = Vec::new();
        theirs.generate_moves(&mut moves);
        let captured = moves.iter().any(|&mv| {
            let mut pos = theirs.pos;
            let sow = pos.sow(houses, game.rules, mv);
            sow.captured && sow.last == facing
        });
        let seeds = Score::from(game.pos.pits[game.house_index(side, house)]);
        prop_assert_eq!(game.threatened(house), if captured { seeds + 1 } else { 0 });
    }
}

/// A board of `houses` houses a side under `rules` with the first pits of `pits`, `side` to
/// move and at least one seed in its `house` (taken modulo the houses).
fn random_board(rules: &str, houses: usize, side: Side, pits: &[u8], house: u8) -> Kalah {
    let mut game = Kalah::from_options(&format!("{houses},4,{rules}")).unwrap();
    game.pos.pits[..2 * houses + 2].copy_from_slice(&pits[..2 * houses + 2]);
    game.pos.side = side;
    let start = game.house_index(side, 1 + (house - 1) % houses as u8);
    game.pos.pits[start] = game.pos.pits[start].max(1);
    game.pos.hash = game.hash_from_scratch();
    game
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
fn move_scores_weigh_gains_gifts_and_threats() {
    // South: houses 1, 0, 3, 5, 9, 2 and 8 in store; North: 2, 4, 0, 6, 1, 0 and 7.
    let game = with_pits(
        "6,4,course",
        [1, 0, 3, 5, 9, 2, 8, 2, 4, 0, 6, 1, 0, 7],
    );
    let scores: Vec<Score> = [1, 3, 4, 5, 6].map(|h| game.move_score(h)).to_vec();
    // House 1 captures North's house 5 (2 seeds), and North's house 2 threatens it (4 seeds
    // end in North's empty house 6): 4 * 2 + 2. House 3 changes nothing: 0. House 4 sows one
    // seed into the store and two to North, and saves its 5 seeds from North's house 1 (two
    // seeds end in North's empty house 3): 4 - 2 + 6. House 5 sows one into the store and six
    // to North: 4 - 6. House 6 one into the store, one to North: 4 - 1.
    assert_eq!(scores, [10, 0, 8, -2, 3], "{}", game.board_string());
    // From the start, house 3 ends in the store: an extra move, worth 8 seeds, save under
    // course rules.
    let start = |spec| Kalah::from_options(spec).unwrap().move_score(3);
    assert_eq!((start("6,4,standard"), start("6,4,course")), (4 * 9, 4));
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
