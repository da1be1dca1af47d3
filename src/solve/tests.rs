//! The solver against the published values, against plain alpha-beta to the end of the game
//! on seeded random late positions, and its tables' indexing.

use super::endgame::Endgame;
use super::{solve, table_size, Settings, Solution};
use crate::game::kalah::Kalah;
use crate::game::{Game, Score};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

fn solve_with(game: &Kalah, settings: Settings) -> Solution {
    solve(game, settings, &mut || false).unwrap()
}

fn small() -> Settings {
    Settings {
        tt_mb: 1,
        endgame_mb: 1,
    }
}

/// The final store margin for the side to move by plain alpha-beta over the rules, without
/// tables: the oracle.
fn alphabeta(game: &mut Kalah, mut alpha: Score, beta: Score) -> Score {
    if let Some(score) = game.terminal_score(0) {
        return score;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let side = game.side_to_move();
    let mut best = -Score::MAX;
    for mv in moves {
        let undo = game.make(mv);
        let value = if game.side_to_move() == side {
            alphabeta(game, alpha, beta)
        } else {
            -alphabeta(game, -beta, -alpha)
        };
        game.unmake(mv, undo);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Plays seeded random moves from `options`' start until at most `left` seeds are in the
/// houses (or the game ends).
fn late_position(options: &str, left: u32, rng: &mut ChaCha8Rng) -> Kalah {
    let mut game = Kalah::from_options(options).unwrap();
    let in_houses = |g: &Kalah| g.total_seeds() - g.store_seeds(0) - g.store_seeds(1);
    let mut moves = Vec::new();
    while in_houses(&game) > left {
        moves.clear();
        game.generate_moves(&mut moves);
        let Some(&mv) = moves.choose(rng) else { break };
        game.make(mv);
    }
    game
}

#[test]
fn the_endgame_ranks_are_a_bijection() {
    for (cells, max) in [(2, 4), (4, 5), (6, 3)] {
        let table = Endgame::new(cells, max);
        let size = Endgame::size(cells, max) as usize;
        let mut seen = vec![false; size];
        let mut houses = [0u8; 12];
        let mut count = 0;
        // Every configuration of `cells` houses, each holding 0..=max seeds.
        for code in 0..(max + 1).pow(cells as u32) {
            let mut rest = code;
            for h in houses.iter_mut().take(cells) {
                *h = (rest % (max + 1)) as u8;
                rest /= max + 1;
            }
            let left: i32 = houses.iter().map(|&s| i32::from(s)).sum();
            if left as usize > max {
                continue;
            }
            let rank = table.rank(&super::board::View { houses, left });
            assert!(rank < size && !seen[rank], "{houses:?} ranked {rank}");
            seen[rank] = true;
            count += 1;
        }
        assert_eq!(count, size);
    }
}

/// The table holds every house configuration a position can reach, C(seeds + houses,
/// houses) of them, in the fewest MiB that are a power of two, up to the cap.
#[test]
fn the_table_is_sized_from_the_problem_up_to_the_cap() {
    let sized = |options: &str, moves: &str, cap| {
        let mut game = Kalah::from_options(options).unwrap();
        game.play_moves(moves).unwrap();
        let size = table_size(&game, cap);
        (size.mb, size.seeds, size.configurations, size.capped)
    };
    // 18564 entries of 16 bytes: 0.3 MiB.
    assert_eq!(sized("3,2", "", 1024), (1, 12, 18564, false));
    // 735471 entries: 11.2 MiB, then the power of two above; a cap below cuts it.
    assert_eq!(sized("4,2", "", 1024), (16, 16, 735_471, false));
    assert_eq!(sized("4,2", "", 4), (4, 16, 735_471, true));
    // A seed sown into the store leaves fewer in the houses: C(23 + 8, 8).
    assert_eq!(sized("4,3", "2", 1024), (128, 23, 7_888_725, false));
    assert_eq!(sized("6,4", "", 1024), (1024, 48, 1_399_358_844_975, true));
}

#[test]
fn the_table_uses_the_largest_power_of_two_that_fits() {
    assert_eq!(super::table::Table::new(1).bytes(), 1 << 20);
    assert_eq!(super::table::Table::new(3).bytes(), 2 << 20);
    assert_eq!(super::table::Table::new(64).bytes(), 64 << 20);
}

#[test]
fn the_endgame_size_fits_the_budget() {
    assert_eq!(Endgame::size(12, 20), 225_792_840);
    assert_eq!(Endgame::seeds_for(12, 1, 48), 10);
    assert_eq!(Endgame::seeds_for(4, 1024, 6), 6);
    assert_eq!(Endgame::seeds_for(12, 0, 48), 0);
}

/// The published values of `fixtures/reference/kalah-solved.json` for the sizes that solve
/// in a second (all up to Kalah(6,3) with `RUN_SLOW_TESTS`).
#[test]
fn published_values_are_reproduced() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/reference/kalah-solved.json"
    );
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let slow = std::env::var_os("RUN_SLOW_TESTS").is_some();
    let quick = [
        "6,1,standard",
        "6,1,empty-capture",
        "6,2,standard",
        "6,2,empty-capture",
    ];
    let mut checked = 0;
    for case in data["cases"].as_array().unwrap() {
        let options = case["options"].as_str().unwrap();
        let seeds: u32 = options.split(',').nth(1).unwrap().parse().unwrap();
        if !(quick.contains(&options) || slow && seeds == 3) {
            continue;
        }
        let game = Kalah::from_options(options).unwrap();
        let solution = solve_with(
            &game,
            Settings {
                tt_mb: 64,
                endgame_mb: 64,
            },
        );
        let margin = case["margin"].as_i64().unwrap() as Score;
        assert_eq!(solution.value(), Some(margin), "Kalah({options})");
        checked += 1;
    }
    assert!(checked >= quick.len());
}

/// Seeded random late positions of several boards and both rule sets: the solver's value
/// equals plain alpha-beta's, with no endgame table, a small one and tiny tables that
/// overwrite each other, and its best move keeps the value.
#[test]
fn late_positions_match_alphabeta_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let boards = [
        ("6,4,standard", 12),
        ("6,4,empty-capture", 12),
        ("6,3,standard", 13),
        ("4,3,standard", 14),
        ("3,4,empty-capture", 16),
        ("2,3,standard", 12),
    ];
    let mut checked = 0;
    for (options, left) in boards {
        for _ in 0..6 {
            let mut game = late_position(options, left, &mut rng);
            let expected = alphabeta(&mut game, -Score::MAX, Score::MAX);
            for settings in [
                Settings {
                    tt_mb: 1,
                    endgame_mb: 0,
                },
                small(),
                Settings {
                    tt_mb: 16,
                    endgame_mb: 16,
                },
            ] {
                let solution = solve_with(&game, settings);
                let spec = format!("{options} {}", game.board_string());
                assert_eq!(solution.value(), Some(expected), "{spec} {settings:?}");
                check_best_move(&game, &solution);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 36);
}

/// Playing the best move and solving the rest gives the value back.
fn check_best_move(game: &Kalah, solution: &Solution) {
    let Some(mv) = solution.best_move else {
        assert!(game.outcome().is_some(), "no move in a running game");
        return;
    };
    let mut child = game.clone();
    let side = child.side_to_move();
    child.make(mv);
    let rest = solve_with(&child, small()).value().unwrap();
    let value = if child.side_to_move() == side {
        rest
    } else {
        -rest
    };
    assert_eq!(Some(value), solution.value(), "best move {mv}");
}

#[test]
fn a_finished_game_has_its_margin_and_no_move() {
    let mut game = Kalah::from_options("1,1,standard").unwrap();
    game.make(1);
    assert!(game.outcome().is_some());
    let solution = solve_with(&game, small());
    assert_eq!(solution.value(), game.terminal_score(0));
    assert_eq!(solution.best_move, None);
}

#[test]
fn a_stop_returns_proven_bounds_around_the_value() {
    let game = Kalah::from_options("6,3,standard").unwrap();
    let mut asked = 0;
    let solution = solve(&game, small(), &mut || {
        asked += 1;
        asked > 3
    })
    .unwrap();
    assert_eq!(solution.value(), None);
    assert!(solution.lower <= 2 && 2 <= solution.upper, "{solution:?}");
    assert!(solution.lower >= -36 && solution.upper <= 36);
}

#[test]
fn unsupported_rules_are_refused() {
    let game = Kalah::from_options("6,4,course").unwrap();
    let error = solve(&game, small(), &mut || false).unwrap_err();
    assert!(error.contains("course"), "{error}");
    let game = Kalah::from_options("6,12,standard").unwrap();
    let error = solve(&game, small(), &mut || false).unwrap_err();
    assert!(error.contains("at most 126 seeds"), "{error}");
}

/// The solver's work on a few fixed positions, pinned: the starts of Kalah(6,2) under both
/// rule sets and of Kalah(4,3), with the small tables and with a 1 MiB table and no endgame
/// table (where the table's replacement decides what is searched again). A change to the
/// move order, the tables or the MTD(f) steps moves these counts.
#[test]
fn the_solvers_node_counts_on_fixed_positions_are_pinned() {
    let no_endgame = Settings {
        tt_mb: 1,
        endgame_mb: 0,
    };
    let mut found = Vec::new();
    for options in ["6,2,standard", "6,2,empty-capture", "4,3,standard"] {
        let game = Kalah::from_options(options).unwrap();
        for settings in [small(), no_endgame] {
            let s = solve_with(&game, settings);
            found.push((s.value().unwrap(), s.nodes, s.endgame_positions));
        }
    }
    // (value, nodes, endgame-table entries computed), small tables then no endgame table.
    let pinned = [
        (6, 165_130, 161_635),
        (6, 28_596, 0),
        (10, 20_086, 19_074),
        (10, 4_531, 0),
        (6, 145_770, 145_380),
        (6, 24_583, 0),
    ];
    assert_eq!(found, pinned);
}
