//! The protocol's lines, one case each, and the engine's move choice with rejected moves.

use super::protocol::{move_request, parse};
use crate::engine::{Engine, Limit, Spec};
use crate::game::gothello::{Gothello, GothelloEval};
use crate::game::Game;
use crate::search::{Config, Params};

/// Parses `line` and compares the reply's debug form (or the error) with `expected`.
fn check(line: &str, expected: &str) {
    let got = match parse(line) {
        Ok(reply) => format!("{reply:?}"),
        Err(e) => format!("error: {e}"),
    };
    assert_eq!(got, expected, "{line}");
}

#[test]
fn handshake_lines() {
    check("000 0.9.1 version Gothello server says hello!", "Hello");
    check("100 Request accepted", "Accepted { clock: None }");
    check(
        "101 300 240 Request accepted with time controls (you / opp)",
        "Accepted { clock: Some([300, 240]) }",
    );
    check("198 Bad version", "Refused { code: 198 }");
    check("191 Side taken", "Refused { code: 191 }");
    check("199 Request not understood", "Refused { code: 199 }");
    check("351 You will play white", "Seat { side: 1 }");
    check("352 You will play black", "Seat { side: 0 }");
}

#[test]
fn answers_to_our_moves() {
    check(
        "200 Move c3 accepted, continue playing",
        "MoveAccepted { mv: \"c3\", secs: None }",
    );
    check(
        "207 118 secs remaining after move pass accepted, continue playing",
        "MoveAccepted { mv: \"pass\", secs: Some(118) }",
    );
    check(
        "201 Move pass accepted, You win",
        "GameOver { mv: \"pass\", outcome: Win }",
    );
    check(
        "202 Move pass accepted, You lose",
        "GameOver { mv: \"pass\", outcome: Loss }",
    );
    check(
        "203 Move pass accepted, You draw",
        "GameOver { mv: \"pass\", outcome: Draw }",
    );
    check("202 Your time expires, and you lose", "TimeExpired");
    check("291 Illegal move e5", "IllegalMove { mv: \"e5\" }");
    check(
        "299 Illegal serial number (got 3 expected 4)",
        "BadSerial { expected: Some(4) }",
    );
    check(
        "299 Ellipses (...) expected before move",
        "BadSerial { expected: None }",
    );
}

#[test]
fn broadcasts() {
    let moved = |side, serial, mv: &str, secs: &str| {
        format!("Moved {{ side: {side}, serial: {serial}, mv: \"{mv}\", secs: {secs} }}")
    };
    check(
        "311 1 c3 is black move, game continues",
        &moved(0, 1, "c3", "None"),
    );
    check(
        "312 1 ... b2 is white move, game continues",
        &moved(1, 1, "b2", "None"),
    );
    check(
        "313 2 d4 117 is black move",
        &moved(0, 2, "d4", "Some(117)"),
    );
    check(
        "314 2 ... a1 96 is white move",
        &moved(1, 2, "a1", "Some(96)"),
    );
    check("315 7 pass is black move", &moved(0, 7, "pass", "None"));
    check("316 7 ... pass is white move", &moved(1, 7, "pass", "None"));
    check(
        "317 8 pass 12 is black move",
        &moved(0, 8, "pass", "Some(12)"),
    );
    check(
        "318 8 ... pass 3 is white move",
        &moved(1, 8, "pass", "Some(3)"),
    );
    check(
        "321 9 pass and black wins",
        "Ended { side: 0, serial: 9, mv: \"pass\", outcome: Win }",
    );
    check(
        "324 9 ... pass and white loses",
        "Ended { side: 1, serial: 9, mv: \"pass\", outcome: Loss }",
    );
    check(
        "326 9 ... pass and white draws",
        "Ended { side: 1, serial: 9, mv: \"pass\", outcome: Draw }",
    );
    check(
        "361 Black wins by White time expiring",
        "TimeForfeit { winner: 0 }",
    );
    check(
        "362 White wins by Black time expiring",
        "TimeForfeit { winner: 1 }",
    );
}

#[test]
fn lines_not_understood_are_errors_that_quote_them() {
    for line in [
        "999 what is this",
        "hello",
        "2000 Move c3 accepted",
        "311 x c3 is black move",
        "315 7 c3 is black move",
        "311 7 pass is black move",
        "313 2 d4 is black move",
        "101 lots of time",
        "380 4 b",
    ] {
        check(line, &format!("error: server line `{line}` not understood"));
    }
}

#[test]
fn requests() {
    assert_eq!(move_request(0, 3, "c3"), "3 c3");
    assert_eq!(move_request(1, 3, "pass"), "3 ... pass");
    assert_eq!(super::protocol::hello(1), "0.9.1 player white");
}

fn spec(config: &str) -> Spec<Gothello> {
    Spec {
        config: Config::parse(config).unwrap(),
        params: Params::default(),
        eval: GothelloEval::Number,
    }
}

fn engine(depth: u32) -> Engine<Gothello> {
    Engine::new(&spec("alphabeta"), Limit::Depth(depth)).unwrap()
}

#[test]
fn a_rejected_move_is_never_chosen_again() {
    let mut game = Gothello::new();
    game.play_moves("c3,b3,c2").unwrap();
    for depth in [1, 2, 3] {
        let mut engine = engine(depth);
        let mut rejected = Vec::new();
        while let Some(choice) = engine.choose(&game, None, &rejected) {
            assert!(!rejected.contains(&choice.mv), "depth {depth}");
            rejected.push(choice.mv);
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        rejected.sort();
        assert_eq!(rejected, moves, "depth {depth}: every legal move, once");
    }
}

#[test]
fn a_node_budget_needs_iterative_deepening() {
    let limit = Limit::NodeBudget(1000);
    let plain = Engine::new(&spec("alphabeta"), limit);
    assert!(plain.is_err_and(|e| e.contains("+id")));
    let mut engine = Engine::new(&spec("alphabeta+id"), limit).unwrap();
    assert!(engine.choose(&Gothello::new(), None, &[]).is_some());
}

/// [`TimedLines`](super::TimedLines): the time between lines is not counted, a line's
/// bytes dripping in past the timeout are, and the rest of a buffered read is the next
/// line's.
#[test]
fn a_line_must_arrive_whole_within_the_timeout() {
    use std::io::{BufRead, ErrorKind, Write};
    use std::os::unix::net::UnixStream;
    use std::time::{Duration, Instant};
    let (mut server, client) = UnixStream::pair().unwrap();
    let mut lines = super::TimedLines::new(client, Duration::from_millis(300));
    server.write_all(b"100 a\r\n200 b\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(400));
    let mut line = Vec::new();
    lines.read_until(b'\n', &mut line).unwrap();
    assert_eq!(line, b"100 a\r\n");
    line.clear();
    lines.read_until(b'\n', &mut line).unwrap();
    assert_eq!(line, b"200 b\r\n");
    // A byte every 50 ms for 3 s, never a line end: the read gives up after 300 ms.
    let drip = std::thread::spawn(move || {
        for _ in 0..60 {
            if server.write_all(b"0").is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    let start = Instant::now();
    line.clear();
    let err = lines.read_until(b'\n', &mut line).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::TimedOut | ErrorKind::WouldBlock),
        "{err:?}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    drop(lines);
    drip.join().unwrap();
}
