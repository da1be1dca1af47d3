//! The `connect4` binary has cutoff's commands on Connect Four beside the built-in games.

use std::process::Command;

fn connect4(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_connect4"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

#[test]
fn perft_and_search_run_on_connect_four_and_on_a_built_in_game() {
    let (ok, text) = connect4(&["perft", "--game", "connect4", "--depth", "3"]);
    assert!(ok && text.contains("343"), "{text}");
    let (ok, text) = connect4(&[
        "search", "--game", "connect4", "--moves", "d,d", "--depth", "4",
    ]);
    assert!(ok, "{text}");
    let (ok, text) = connect4(&["perft", "--game", "tictactoe", "--depth", "1"]);
    assert!(ok && text.contains(" 9 "), "{text}");
}

#[test]
fn the_help_lists_connect_four_and_a_wrong_game_is_an_error() {
    let (ok, text) = connect4(&["search", "--help"]);
    assert!(
        ok && text.contains("connect4") && text.contains("lines, cells"),
        "{text}"
    );
    let (ok, text) = connect4(&["perft", "--game", "connect5", "--depth", "1"]);
    assert!(!ok && text.contains("unknown game `connect5`"), "{text}");
}
