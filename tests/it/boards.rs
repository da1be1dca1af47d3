//! Boards as a user reads them (issue 29), through the binary: every game's board printed
//! with the coordinates its move notation uses and `to move:` with the side's name from the
//! rules, never a side number. The stored form (`board_string`, in the position sets) is
//! another thing and stays as it is.

use super::cli::cutoff;
use cutoff::game::GAMES;

/// Each game with moves from its start and the board `perft` prints after them.
const BOARDS: &[(&str, &str, &str)] = &[
    (
        "kalah",
        "3,1",
        "                    6   5   4   3   2   1   North's houses
                    4   4   4   4   4   4
North's store   0                           1   South's store
                    0   5   1   6   6   5
                    1   2   3   4   5   6   South's houses
to move: North",
    ),
    (
        "mingmang",
        "h2-g2",
        " 8 W W W W W W W W
 7 W . . . . . . B
 6 W . . . . . . B
 5 W . . . . . . B
 4 W . . . . . . B
 3 W . . . . . . B
 2 W . . . . . B .
 1 B B B B B B B B
   a b c d e f g h
to move: White (W)",
    ),
    (
        "gothello",
        "c3,b2",
        " 5 . . . . .
 4 . . . . .
 3 . . B . .
 2 . W . . .
 1 . . . . .
   a b c d e
to move: Black (B)",
    ),
    (
        "blackwhite",
        "e1",
        " 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . . . . .
 1 . . . . W
   a b c d e
ply 1
to move: Black (B)",
    ),
    (
        "tictactoe",
        "a3",
        " 3 X . .
 2 . . .
 1 . . .
   a b c
to move: O",
    ),
    (
        "gomoku:5",
        "b4,e1",
        " 5 . . . . .
 4 . X . . .
 3 . . . . .
 2 . . . . .
 1 . . . . O
   a b c d e
to move: Black (X)",
    ),
];

/// `perft` prints each game's board with its coordinates and the side to move by name.
#[test]
fn every_game_prints_its_board_with_coordinates_and_the_side_to_move() {
    for &(game, moves, board) in BOARDS {
        let out = cutoff(&["perft", "--game", game, "--moves", moves, "--depth", "1"]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{game}: {stdout}");
        assert!(
            stdout.contains(&format!("\n{board}\n")),
            "{game}:\n{stdout}"
        );
    }
    let named: Vec<&str> = BOARDS
        .iter()
        .map(|b| b.0.split(':').next().unwrap())
        .collect();
    for game in GAMES {
        assert!(named.contains(game), "no board of `{game}` here");
    }
}

/// `search` and `solve` print Kalah's board the same way: sides by name, no side number.
#[test]
fn search_and_solve_name_the_side_to_move() {
    for (args, to_move) in [
        (
            &["search", "--game", "kalah:4,2", "--depth", "1"][..],
            "South",
        ),
        (&["solve", "--game", "kalah:3,2", "--moves", "1"], "North"),
    ] {
        let out = cutoff(args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}");
        let board_end = format!("South's houses\nto move: {to_move}\n");
        assert!(stdout.contains(&board_end), "{args:?}:\n{stdout}");
        assert!(!stdout.contains("side to move:"), "{args:?}:\n{stdout}");
    }
}
