//! The table's layout and generations: entries of an earlier search are empty to probes and
//! to the replacement schemes, the table is wiped for real when the generation wraps, a
//! searcher reused across positions searches each as a fresh one, and an entry takes 16
//! bytes, four to a cache line, for every game's moves; every slot holds its own entries.

use super::{Bound, Entry, Line, Slot, Table, MAX_GENERATION};
use crate::game::{kalah::Kalah, mingmang::MingMang, Game};
use crate::search::params::TtScheme;
use crate::search::{Config, Params, Searcher};

fn entry(key: u64, depth: u8) -> Entry<u8> {
    Entry {
        key,
        mv: Some(1),
        value: -3,
        depth,
        bound: Bound::Upper,
        size: u32::from(depth),
    }
}

/// After a clear, an old deep entry neither answers a probe nor keeps its slot from a new
/// shallow one, nor moves down to the second level as a live entry would.
#[test]
fn a_cleared_entry_is_empty_to_probes_and_to_replacement() {
    for scheme in TtScheme::ALL {
        let mut table = Table::new(0, scheme);
        table.store(entry(1, 9));
        assert!(table.probe(1).is_some(), "{}", scheme.name());
        table.clear();
        assert!(table.probe(1).is_none(), "{}", scheme.name());
        table.store(entry(2, 1));
        assert!(table.probe(2).is_some(), "{}", scheme.name());
        assert!(table.probe(1).is_none(), "{}", scheme.name());
    }
}

/// What goes in comes out: the move (or its absence), value, depth, bound and size.
#[test]
fn an_entry_round_trips() {
    let mut table = Table::new(4, TtScheme::TwoBig1);
    let bounds = [Bound::Exact, Bound::Lower, Bound::Upper];
    for (i, bound) in bounds.into_iter().enumerate() {
        let stored = Entry {
            key: 0xdead_beef_0000_0000 + i as u64,
            mv: (i != 1).then_some(200 + i as u8),
            value: -1_000_000 + i as i32,
            depth: 64 + i as u8,
            bound,
            size: u32::MAX - i as u32,
        };
        table.store(stored);
        let found = table.probe(stored.key).expect("stored");
        assert_eq!(
            (
                found.key,
                found.mv,
                found.value,
                found.depth,
                found.bound,
                found.size
            ),
            (
                stored.key,
                stored.mv,
                stored.value,
                stored.depth,
                stored.bound,
                stored.size
            )
        );
    }
}

/// Keys that share the slot and the 32 bits above the index bits are one position to the
/// table; keys that differ anywhere in those bits are not.
#[test]
fn a_probe_matches_the_index_and_the_next_32_bits() {
    let mut table = Table::new(3, TtScheme::Deep);
    let key = 0x0123_4567_89ab_cdefu64;
    table.store(Entry::<u8> { key, ..entry(0, 5) });
    for bit in 0..35 {
        assert!(table.probe(key ^ 1 << bit).is_none(), "bit {bit}");
    }
    assert!(table.probe(key ^ 1 << 35).is_some());
}

/// Every slot is its own: a table of `2^bits` slots holds `2^bits` entries whose keys differ
/// in their index bits, and the two-level schemes a second such set in the slots' second
/// entries, all found again (each key keeps its own check bits, so no key can answer for
/// another).
#[test]
fn every_slot_holds_its_own_entries() {
    let bits = 4;
    for scheme in TtScheme::ALL {
        let ways = Table::<u8>::ways_of(scheme) as u64;
        let mut table = Table::new(bits, scheme);
        let keys: Vec<u64> = (0..ways)
            .flat_map(|way| (0..1u64 << bits).map(move |i| i | (way << bits | i) << bits))
            .collect();
        for &key in &keys {
            table.store(entry(key, 3));
        }
        let lost: Vec<u64> = keys
            .into_iter()
            .filter(|&k| table.probe(k).is_none())
            .collect();
        assert!(lost.is_empty(), "{}: lost {lost:x?}", scheme.name());
    }
}

/// Enough clears to wrap the generation twice: an entry never comes back.
#[test]
fn the_generation_wraps_with_a_real_wipe() {
    let mut table = Table::new(2, TtScheme::TwoDeep);
    table.store(entry(1, 5));
    table.store(entry(5, 3));
    for round in 0..2 * u32::from(MAX_GENERATION) + 5 {
        table.clear();
        assert!(
            table.probe(1).is_none() && table.probe(5).is_none(),
            "after clear {round}"
        );
    }
    table.store(entry(1, 2));
    assert_eq!(table.probe(1).map(|e| e.depth), Some(2));
}

/// A clear below the last generation is a generation bump that leaves memory as it is (the
/// old entries stay, dead); only the clear after the last generation wipes the lines and
/// starts again at the first. A table wiped on every clear would cost a pass over memory
/// per search.
#[test]
fn only_the_wrap_wipes_memory() {
    let written = |table: &Table<u8>| {
        table
            .lines
            .iter()
            .flat_map(|line| &line.0)
            .filter(|slot| slot.generation() != 0)
            .count()
    };
    let mut table = Table::new(2, TtScheme::TwoDeep);
    table.store(entry(1, 5));
    for generation in 2..=MAX_GENERATION {
        table.clear();
        assert_eq!((table.generation, written(&table)), (generation, 1));
    }
    table.clear();
    assert_eq!((table.generation, written(&table)), (1, 0));
}

/// An entry takes 16 bytes and a line 64 for every game's move type.
#[test]
fn four_entries_fill_a_cache_line() {
    fn sizes<G: Game>() -> (usize, usize, usize) {
        (
            std::mem::size_of::<Slot<G::Move>>(),
            std::mem::size_of::<Line<G::Move>>(),
            std::mem::align_of::<Line<G::Move>>(),
        )
    }
    use crate::game::{blackwhite::BlackWhite, gomoku::Gomoku, gothello::Gothello};
    for (game, size) in [
        ("kalah", sizes::<Kalah>()),
        ("mingmang", sizes::<MingMang>()),
        ("blackwhite", sizes::<BlackWhite>()),
        ("gomoku", sizes::<Gomoku>()),
        ("gothello", sizes::<Gothello>()),
    ] {
        assert_eq!(size, (16, 64, 64), "{game}");
    }
}

/// `n` positions `plies` seeded random moves from the start of `G` (fewer where a game ends).
fn random_positions<G: Game>(options: &str, plies: usize, n: u64) -> Vec<G> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    (0..n)
        .map(|seed| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut game = G::from_options(options).expect("the default game");
            let mut moves = Vec::new();
            for _ in 0..plies {
                moves.clear();
                game.generate_moves(&mut moves);
                match (game.outcome(), moves.choose(&mut rng)) {
                    (None, Some(&mv)) => {
                        game.make(mv);
                    }
                    _ => break,
                }
            }
            game
        })
        .filter(|game| game.outcome().is_none())
        .collect()
}

/// One searcher with a small table, searching positions one after another (more of them than
/// there are generations), finds in each exactly what a fresh searcher finds.
fn reused_equals_fresh<G: Game>(options: &str, plies: usize, depth: u32, rounds: usize) {
    let positions = random_positions::<G>(options, plies, 12);
    for scheme in ["deep", "two-deep", "big1", "two-big1"] {
        let setting = format!("tt-scheme={scheme}");
        let make = || {
            let config = Config::parse("alphabeta+id+tt-value+tt-move+pvs+killers+history");
            let params = Params::default().with_assignments(["tt-bits=8", setting.as_str()]);
            Searcher::new(config.unwrap(), params.unwrap(), G::DEFAULT_EVAL)
        };
        let mut reused = make();
        for (i, game) in positions.iter().cycle().take(rounds).enumerate() {
            let again = reused.search(&mut game.clone(), depth, &mut |_| {});
            let fresh = make().search(&mut game.clone(), depth, &mut |_| {});
            assert_eq!(again, fresh, "{scheme}, search {i}");
        }
    }
}

#[test]
fn a_reused_searcher_searches_as_a_fresh_one() {
    reused_equals_fresh::<Kalah>("", 12, 6, usize::from(MAX_GENERATION) + 8);
    reused_equals_fresh::<MingMang>("", 4, 2, 6);
}
