//! Gomoku's own rules tests: game strings, notation, wins under both rules, the draw, the
//! candidates, the `patterns` values and their incremental upkeep, and the threat-space
//! search against an independent full-width solver.

use super::threats::{root_threats, winning_points};
use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(options: &str, moves: &str) -> Gomoku {
    let mut game = Gomoku::from_options(options).unwrap();
    game.play_moves(moves).unwrap();
    game
}

fn names(game: &Gomoku, points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| game.format_move(p)).collect()
}

#[test]
fn game_strings_read_back_and_bad_options_say_why() {
    let check = |options: &str, spec: &str| {
        let game = Gomoku::from_options(options).unwrap();
        assert_eq!(game.spec(), spec, "{options}");
        let (_, canonical) = crate::game::split_game_string(spec);
        assert_eq!(Gomoku::from_options(canonical).unwrap().spec(), spec);
    };
    check("", "gomoku:15,freestyle,connect=5");
    check("15,exact-five", "gomoku:15,exact-five,connect=5");
    check("7,freestyle,connect=4", "gomoku:7,freestyle,connect=4");
    check("connect=3, 5", "gomoku:5,freestyle,connect=3");
    check("20", "gomoku:20,freestyle,connect=5");
    let fails = |options: &str, needle: &str| {
        let err = Gomoku::from_options(options).unwrap_err();
        assert!(err.contains(needle), "{options}: {err}");
    };
    fails("4", "size must be 5..=20, not 4");
    fails("21", "size must be 5..=20, not 21");
    fails("7,connect=8", "connect must be 3..=7");
    fails("connect=2", "connect must be 3..=15");
    fails("15,renju", "unknown gomoku option `renju`");
    fails("15,9", "the size twice");
    fails("freestyle,exact-five", "the rule twice");
    fails("connect=x", "connect needs a number, not `x`");
}

#[test]
fn notation_names_columns_by_letter_and_rows_from_one() {
    let game = Gomoku::from_options("").unwrap();
    assert_eq!(game.parse_move("h8"), Ok(game.point(7, 7)));
    assert_eq!(game.format_move(game.point(0, 0)), "a1");
    assert_eq!(game.format_move(game.point(14, 14)), "o15");
    assert!(game.parse_move("p1").unwrap_err().contains("not a point"));
    assert!(game.parse_move("a16").unwrap_err().contains("not a point"));
    assert!(game.parse_move("a0").unwrap_err().contains("not a point"));
    let taken = self::game("", "h8");
    assert_eq!(taken.parse_move("h8"), Err("h8 is taken".into()));
}

#[test]
fn freestyle_overlines_win_and_exact_five_overlines_do_not() {
    // Black c8 d8 e8 f8 h8, White far away; g8 makes six in a row.
    let moves = "c8,a1,d8,a3,e8,a5,f8,a7,h8,a9";
    for (options, wins) in [("", true), ("15,exact-five", false)] {
        let mut game = game(options, moves);
        let g8 = game.parse_move("g8").unwrap();
        assert_eq!(game.wins_at(g8, 0), wins, "{options}");
        game.make(g8);
        assert_eq!(game.outcome().is_some(), wins, "{options}");
    }
    let mut five = game("15,exact-five", "c8,a1,d8,a3,e8,a5,f8,a7");
    five.play_moves("g8").unwrap();
    assert_eq!(five.outcome(), Some(Outcome::Loss));
    assert_eq!(five.terminal_score(3), Some(-(WIN_SCORE - 3)));
    assert_eq!(five.parse_move("a2"), Err("the game is over".into()));
}

#[test]
fn lines_do_not_wrap_around_the_edge_and_diagonals_win() {
    // Black l5 m5 n5 o5 on the right edge: a6 (the next point in memory) does not win.
    let game = game("", "l5,a15,m5,b15,n5,c15,o5,e15");
    let wins: Vec<String> = {
        let mut points = Vec::new();
        winning_points(&game, 0, &mut points);
        names(&game, &points)
    };
    assert_eq!(wins, ["k5"]);
    let mut diagonal = self::game("7,freestyle,connect=4", "a1,a7,b2,b7,c3,c7");
    diagonal.play_moves("d4").unwrap();
    assert_eq!(diagonal.outcome(), Some(Outcome::Loss));
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    // Rows of XXOOX / OOXXO: no five anywhere on 5x5.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut game = Gomoku::from_options("5").unwrap();
    let points = |colour: char| -> Vec<Point> {
        (0..5)
            .flat_map(|r| (0..5).map(move |c| (r, c)))
            .filter(|&(r, c)| rows[r].as_bytes()[c] == colour as u8)
            .map(|(r, c)| (r * 5 + c) as Point)
            .collect()
    };
    let (black, white) = (points('X'), points('O'));
    for i in 0..25 {
        let point = if i % 2 == 0 { black[i / 2] } else { white[i / 2] };
        assert_eq!(game.outcome(), None, "{}", game.board_string());
        game.make(point);
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw), "{}", game.board_string());
    assert_eq!(game.terminal_score(0), Some(0));
}

#[test]
fn candidates_are_the_centre_then_the_points_near_stones() {
    let radius = |r: u32, game: &Gomoku| {
        let mut moves = Vec::new();
        game.candidates(r, &mut moves);
        names(game, &moves)
    };
    assert_eq!(radius(1, &Gomoku::from_options("").unwrap()), ["h8"]);
    assert_eq!(radius(1, &Gomoku::from_options("6").unwrap()), ["d4"]);
    let one = game("", "h8");
    assert_eq!(radius(1, &one), ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"]);
    assert_eq!(radius(2, &one).len(), 24);
    let corner = game("", "a1,o15");
    assert_eq!(radius(1, &corner), ["b1", "a2", "b2", "n14", "o14", "n15"]);
}

#[test]
fn patterns_score_runs_by_length_and_open_ends() {
    let check = |moves: &str, totals: [i32; 2]| {
        let game = game("", moves);
        assert_eq!(game.totals(), totals, "{moves}\n{}", game.board_string());
        assert_eq!(game.totals_from_scratch(), totals, "{moves}");
    };
    // A lone stone is an open one (10) in each of its four directions.
    check("h8", [40, 0]);
    // h8 h9 h10 (an open three, 1,000) and three lone directions for each stone (3 x 30).
    // White's corner stones are half-open singles (1) in the 3 directions that have room
    // for more than one point.
    check("h8,a1,h9,a15,h10,o15", [1_000 + 90, 3 * 3]);
    // h8..h11 blocked at h12: a closed four (10,000); h12 is half-open upwards only.
    check("h8,a1,h9,a15,h10,o15,h11,h12", [10_000 + 120, 3 * 3 + 1 + 30]);
    let open_two = game("", "h8,a1,i8");
    let evaluation = GomokuEval::Patterns.evaluate(&open_two);
    assert_eq!(evaluation, 3 - (100 + 60), "white to move");
}

#[test]
fn move_scores_add_attack_and_defence() {
    let game = game("", "h8,a1,h9");
    // White to move at h10: Black's h8 h9 would become an open three (1,000) there, and a
    // black stone there is a lone open one in the other directions (3 x 10); for White a
    // lone stone, open in three directions (3 x 10) and half-open above h9 (1).
    let h10 = game.parse_move("h10").unwrap();
    assert_eq!(game.move_score(h10), 31 + 1_030);
    assert_eq!(game.shape_value(h10, 0), 1_030);
}

/// Random walks with takebacks keep the incremental totals and hash equal to a rescan.
#[test]
fn incremental_patterns_equal_a_rescan_after_random_walks() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for options in ["", "15,exact-five", "7,freestyle,connect=4", "9,connect=3"] {
        for _ in 0..40 {
            let mut game = Gomoku::from_options(options).unwrap();
            let mut played: Vec<(Point, Undo)> = Vec::new();
            for _ in 0..rng.gen_range(1..120) {
                let mut moves = Vec::new();
                if rng.gen_range(0..4) == 0 {
                    game.generate_moves(&mut moves);
                } else {
                    game.candidates(1, &mut moves);
                }
                if moves.is_empty() || (rng.gen_range(0..5) == 0 && !played.is_empty()) {
                    let Some((point, undo)) = played.pop() else { break };
                    game.unmake(point, undo);
                } else {
                    let point = moves[rng.gen_range(0..moves.len())];
                    played.push((point, game.make(point)));
                }
                assert_eq!(game.totals(), game.totals_from_scratch(), "{options}\n{}", game.board_string());
                assert_eq!(game.hash(), game.hash_from_scratch());
            }
        }
    }
}

/// An independent full-width solver: whether the side to move wins within `plies` plies
/// whatever the opponent does, trying `first` first at the root.
fn forced_win(game: &mut Gomoku, plies: u32, first: Option<Point>) -> bool {
    if plies == 0 {
        return false;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.sort_by_key(|&p| (Some(p) != first, std::cmp::Reverse(game.move_score(p))));
    moves.into_iter().any(|point| {
        let undo = game.make(point);
        let won = game.outcome() == Some(Outcome::Loss) || (plies >= 3 && every_reply_loses(game, plies - 1));
        game.unmake(point, undo);
        won
    })
}

/// Whether every move of the side to move lets the opponent win within `plies - 1` more.
fn every_reply_loses(game: &mut Gomoku, plies: u32) -> bool {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    !moves.is_empty()
        && moves.into_iter().all(|point| {
            let undo = game.make(point);
            let lost = game.outcome().is_none() && forced_win(game, plies - 1, None);
            game.unmake(point, undo);
            lost
        })
}

/// Checks what the threat search settles on `game` against the full-width solver: a claimed
/// win in n plies is a forced win in n plies, a claimed loss is a forced loss, a single move
/// is the block of the opponent's only winning point. Returns whether it claimed a win.
fn check_claim(game: &mut Gomoku, depth: u32) -> bool {
    let mut n_nodes = 0;
    let before = format!("{game:?}");
    let claim = root_threats(game, depth, &mut n_nodes);
    assert_eq!(format!("{game:?}"), before, "the threat search restores the position");
    let at = game.board_string();
    match claim {
        Some(Forced::Settled(point, score)) if score > 0 => {
            let plies = (WIN_SCORE - score) as u32;
            assert!(plies < 2 * depth, "{plies} plies at depth {depth}\n{at}");
            assert!(forced_win(game, plies, Some(point)), "claimed win in {plies} with {}\n{at}", game.format_move(point));
            let undo = game.make(point);
            assert!(game.outcome().is_some() || every_reply_loses(game, plies - 1), "{} does not win\n{at}", game.format_move(point));
            game.unmake(point, undo);
            true
        }
        Some(Forced::Settled(_, score)) => {
            assert_eq!(score, -(WIN_SCORE - 2), "{at}");
            assert!(every_reply_loses(game, 2), "claimed loss\n{at}");
            false
        }
        Some(Forced::Only(point)) => {
            let mut wins = Vec::new();
            winning_points(game, 1 - game.side, &mut wins);
            assert_eq!(wins, [point], "{at}");
            false
        }
        None => false,
    }
}

#[test]
fn threat_space_finds_a_four_three_and_a_double_three() {
    // On 9x9, so that the full-width solver is quick. Black c5 d5 e5 closed by White b5, and
    // f6 f7: f5 makes a four and an open three.
    let four_three = "c5,b5,d5,a1,e5,a9,f6,i1,f7,i9";
    // Black d5 e5 and f6 f7: f5 makes two open threes.
    let double_three = "d5,a1,e5,a9,f6,i1,f7,i9";
    for (moves, plies) in [(four_three, 5), (double_three, 5)] {
        let mut game = game("9", moves);
        let mut n_nodes = 0;
        let claim = root_threats(&mut game, 3, &mut n_nodes);
        let f5 = game.parse_move("f5").unwrap();
        assert_eq!(claim, Some(Forced::Settled(f5, WIN_SCORE - plies)), "{moves}");
        assert!(n_nodes > 0);
        assert!(check_claim(&mut game, 3));
        // Two own moves are not enough for either.
        assert_eq!(root_threats(&mut game, 2, &mut n_nodes), None, "{moves}");
    }
    // An open four wins at once; the opponent's single four must be blocked.
    let mut open_four = game("", "h5,g6,h6,i7,h7,j5,h8,f9,c12,k8");
    let h9 = open_four.parse_move("h9").unwrap();
    assert!(matches!(root_threats(&mut open_four, 1, &mut 0), Some(Forced::Settled(p, s)) if s == WIN_SCORE - 1 && (p == h9 || open_four.format_move(p) == "h4")));
    // White to move against Black's four f8..i8 closed at e8: only j8 is worth searching.
    let mut must_block = game("", "f8,e8,g8,g9,h8,h10,i8,c3,d5,l4,k11");
    let j8 = must_block.parse_move("j8").unwrap();
    assert_eq!(root_threats(&mut must_block, 3, &mut 0), Some(Forced::Only(j8)));
    assert!(!check_claim(&mut must_block, 3));
}

/// Every claim on 60 seeded random 9x9 positions holds against the full-width solver, and the
/// search does claim wins.
#[test]
fn threat_space_claims_are_forced_wins_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut wins = 0;
    for _ in 0..60 {
        let mut game = Gomoku::from_options("9").unwrap();
        for _ in 0..rng.gen_range(6..20) {
            let mut moves = Vec::new();
            game.candidates(1, &mut moves);
            if moves.is_empty() {
                break;
            }
            game.make(moves[rng.gen_range(0..moves.len())]);
        }
        if game.outcome().is_none() {
            wins += usize::from(check_claim(&mut game, 3));
        }
    }
    assert!(wins >= 10, "only {wins} claimed wins");
}

/// The rollout policy wins when it can, else blocks the opponent's four, else plays a
/// candidate, each candidate about equally often.
#[test]
fn rollouts_win_then_block_then_play_a_random_candidate() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut scratch = Vec::new();
    let mut rollout = |game: &Gomoku| {
        let mv = game.rollout_move(&mut rng, &mut scratch);
        mv.map(|p| game.format_move(p))
    };
    // Black to move wins at c5 or h5 (the first in point order) though White has a four.
    let win = game("9", "d5,d6,e5,e6,f5,f6,g5,g6");
    assert_eq!(rollout(&win).as_deref(), Some("c5"));
    // Black to move blocks White's d7..g7 at h7.
    let block = game("9", "c7,d7,a1,e7,a3,f7,i1,g7");
    assert_eq!(rollout(&block).as_deref(), Some("h7"));
    assert_eq!(rollout(&game("9", "")).as_deref(), Some("e5"));
    assert_eq!(rollout(&game("9", "a5,a6,b5,b6,c5,c6,d5,d6,e5")), None);
    // Two stones side by side: the candidates are the 10 empty points around them.
    let quiet = game("", "h8,i8");
    let mut candidates = Vec::new();
    quiet.candidates(1, &mut candidates);
    assert_eq!(candidates.len(), 10);
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..2000 {
        *counts.entry(rollout(&quiet).unwrap()).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), candidates.len(), "{counts:?}");
    assert!(counts.values().all(|&n| (140..=260).contains(&n)), "{counts:?}");
}
