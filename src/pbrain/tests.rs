//! The protocol's lines, one case each, and the brain's answers: sizes, moves, illegal
//! moves that keep the board, BOARD, TAKEBACK, INFO and the time allowance, line ends.

use super::brain::{serve, Brain};
use super::protocol::{parse, parse_board_line, BoardLine, Command, Owner, Xy};
use crate::engine::{Clock, Engine, Limit, PerNode, Spec, SAFETY_MS};
use crate::game::gomoku::Gomoku;
use crate::search::{Config, Params};
use std::sync::Arc;
use std::time::Duration;

fn xy(x: usize, y: usize) -> Xy {
    Xy { x, y }
}

#[test]
fn commands_parse_in_any_case_with_their_arguments() {
    let cases = [
        ("START 20", Command::Start(20)),
        ("start 15", Command::Start(15)),
        ("RECTSTART 20,15", Command::RectStart(20, 15)),
        ("RESTART", Command::Restart),
        ("BEGIN", Command::Begin),
        ("TURN 10,4", Command::Turn(xy(10, 4))),
        ("TURN 3, 0", Command::Turn(xy(3, 0))),
        ("BOARD", Command::Board),
        ("TAKEBACK 0,19", Command::Takeback(xy(0, 19))),
        (
            "INFO timeout_turn 5000",
            Command::Info("timeout_turn".into(), "5000".into()),
        ),
        (
            "INFO folder C:\\a b",
            Command::Info("folder".into(), "C:\\a b".into()),
        ),
        (
            "INFO evaluate",
            Command::Info("evaluate".into(), String::new()),
        ),
        ("ABOUT", Command::About),
        ("  END  ", Command::End),
        ("PLAY 1,1", Command::Unknown("PLAY".into())),
        ("SUGGEST", Command::Unknown("SUGGEST".into())),
    ];
    for (line, command) in cases {
        assert_eq!(parse(line), Ok(command), "{line}");
    }
}

#[test]
fn a_known_command_with_bad_arguments_says_why() {
    let cases = [
        ("START", "START needs a whole number"),
        ("START x", "not `x`"),
        ("RECTSTART 20", "RECTSTART needs <width>,<height>"),
        ("TURN 3", "TURN needs X,Y"),
        ("TURN a,b", "TURN needs X,Y"),
        ("TURN -1,2", "TURN needs X,Y"),
        ("TAKEBACK", "TAKEBACK needs X,Y"),
        ("BEGIN 3", "BEGIN takes no argument"),
        ("INFO", "INFO needs a key"),
    ];
    for (line, needle) in cases {
        let err = parse(line).unwrap_err();
        assert!(err.contains(needle), "{line}: {err}");
    }
}

#[test]
fn board_lines_are_stones_or_done() {
    assert_eq!(
        parse_board_line("3,4,1"),
        Ok(BoardLine::Stone(xy(3, 4), Owner::Own))
    );
    assert_eq!(
        parse_board_line("0,0,2"),
        Ok(BoardLine::Stone(xy(0, 0), Owner::Opponent))
    );
    assert_eq!(
        parse_board_line("5,5,3"),
        Ok(BoardLine::Stone(xy(5, 5), Owner::Mark))
    );
    assert_eq!(parse_board_line("done"), Ok(BoardLine::Done));
    for bad in ["3,4", "3,4,1,1", "3,4,7", "a,4,1"] {
        assert!(parse_board_line(bad).is_err(), "{bad}");
    }
}

fn brain(depth: u32) -> Brain {
    let spec = Spec::<Gomoku> {
        config: Config::parse("alphabeta").unwrap(),
        params: Params::default(),
        eval: <Gomoku as crate::game::Game>::DEFAULT_EVAL,
    };
    Brain::new(Engine::new(&spec, Limit::Depth(depth)).unwrap())
}

/// A brain playing MCTS with `playouts` playouts, or until `time_ms` if given.
fn mcts_brain(playouts: u32, time_ms: Option<u64>) -> Brain {
    mcts_brain_on(playouts, time_ms, Arc::new(crate::engine::Wall))
}

/// [`mcts_brain`] reading `clock`.
fn mcts_brain_on(playouts: u32, time_ms: Option<u64>, clock: Arc<dyn Clock>) -> Brain {
    let spec = Spec::<Gomoku> {
        config: Config::parse("mcts").unwrap(),
        params: Params {
            playouts,
            ..Params::default()
        },
        eval: <Gomoku as crate::game::Game>::DEFAULT_EVAL,
    };
    let limit = time_ms.map_or(Limit::Playouts, Limit::TimeMs);
    Brain::new(Engine::new(&spec, limit).unwrap().with_clock(clock))
}

/// The replies of `brain` to `line`, joined with ` | `.
fn say(brain: &mut Brain, line: &str) -> String {
    brain.handle(line).expect("not END").join(" | ")
}

#[test]
fn start_takes_every_square_size_from_5_to_20() {
    let mut b = brain(1);
    for size in 5..=20 {
        assert_eq!(say(&mut b, &format!("START {size}")), "OK");
    }
    assert!(say(&mut b, "START 4").starts_with("ERROR size 4 is not supported"));
    assert!(say(&mut b, "START 21").starts_with("ERROR"));
    assert_eq!(say(&mut b, "RECTSTART 9,9"), "OK");
    assert!(say(&mut b, "RECTSTART 20,15").starts_with("ERROR only square boards"));
    assert_eq!(say(&mut b, "RESTART"), "OK");
    assert!(brain(1).handle("END").is_none());
    assert!(say(&mut brain(1), "RESTART").starts_with("ERROR RESTART before START"));
    assert!(say(&mut brain(1), "TURN 1,1").starts_with("ERROR no board"));
}

#[test]
fn illegal_opponent_moves_answer_error_and_keep_the_board() {
    let mut b = brain(1);
    say(&mut b, "START 15");
    assert_eq!(say(&mut b, "BEGIN"), "7,7");
    assert_eq!(say(&mut b, "TURN 7,7"), "ERROR 7,7 is taken");
    assert_eq!(
        say(&mut b, "TURN 15,0"),
        "ERROR 15,0 is off the 15x15 board"
    );
    assert!(say(&mut b, "TURN 1").starts_with("ERROR TURN needs X,Y"));
    assert!(say(&mut b, "HELLO").starts_with("UNKNOWN"));
    // The board is as it was: one stone, the opponent to move.
    let reply = say(&mut b, "TURN 8,8");
    assert!(!reply.starts_with("ERROR"), "{reply}");
    assert_eq!(
        say(&mut b, "TAKEBACK 8,8").as_str(),
        "ERROR 8,8 is not the last stone played"
    );
}

#[test]
fn takeback_removes_the_last_stone_and_the_move_is_played_again() {
    let mut b = brain(2);
    say(&mut b, "START 15");
    let first = say(&mut b, "TURN 7,7");
    assert_eq!(say(&mut b, &format!("TAKEBACK {first}")), "OK");
    assert_eq!(say(&mut b, "TAKEBACK 7,7"), "OK");
    assert_eq!(
        say(&mut b, "TURN 7,7"),
        first,
        "the same position, the same move"
    );
}

#[test]
fn board_sets_the_position_and_the_brain_wins_or_blocks() {
    let mut b = brain(2);
    say(&mut b, "START 15");
    // Own four on row 3 (x 2..=5): the brain wins at 1,3 or 6,3.
    assert_eq!(say(&mut b, "BOARD"), "");
    for line in [
        "2,3,1", "3,3,1", "4,3,1", "5,3,1", "0,0,2", "9,9,2", "9,10,2", "9,12,2",
    ] {
        assert_eq!(say(&mut b, line), "");
    }
    let win = say(&mut b, "DONE");
    assert!(win == "1,3" || win == "6,3", "{win}");
    // The opponent's four closed at one end, one stone more than ours: the brain blocks.
    say(&mut b, "BOARD");
    for line in [
        "1,5,1", "2,5,2", "3,5,2", "4,5,2", "5,5,2", "10,10,1", "11,11,1", "12,13,1", "0,14,2",
    ] {
        say(&mut b, line);
    }
    assert_eq!(say(&mut b, "DONE"), "6,5");
    // Counts that leave the brain not to move are refused; the board stays.
    say(&mut b, "BOARD");
    say(&mut b, "1,1,1");
    assert!(say(&mut b, "DONE").starts_with("ERROR BOARD has 1 own and 0 opponent"));
    assert!(say(&mut b, "BOARD").is_empty());
    assert!(say(&mut b, "1,1").starts_with("ERROR a BOARD line is X,Y,F"));
    say(&mut b, "1,1,2");
    assert!(!say(&mut b, "DONE").starts_with("ERROR"));
}

#[test]
fn info_sets_the_rule_and_the_clock() {
    let mut b = brain(1);
    assert_eq!(b.allowance(), None);
    assert_eq!(say(&mut b, "INFO timeout_turn 1000"), "");
    assert_eq!(b.allowance(), Some(Duration::from_millis(900 - SAFETY_MS)));
    say(&mut b, "INFO timeout_match 100000");
    say(&mut b, "INFO time_left 4000");
    // A twentieth of 4000 ms is 200, less a tenth and the safety margin.
    assert_eq!(b.allowance(), Some(Duration::from_millis(180 - SAFETY_MS)));
    say(&mut b, "INFO timeout_match 0");
    assert_eq!(b.allowance(), Some(Duration::from_millis(900 - SAFETY_MS)));
    say(&mut b, "INFO timeout_turn 0");
    assert_eq!(b.allowance(), Some(Duration::ZERO));
    assert!(say(&mut b, "INFO time_left soon").starts_with("ERROR INFO time_left needs"));
    assert_eq!(say(&mut b, "INFO max_memory 83886080"), "");
    assert_eq!(say(&mut b, "INFO some_new_key 1"), "");
    assert!(say(&mut b, "INFO rule 4").starts_with("ERROR rule 4: renju"));
    // Own stones at x 2, 3, 4, 6, 7 of row 3: 5,3 makes six, a win in freestyle only.
    let overline = |b: &mut Brain| {
        say(b, "BOARD");
        for line in ["2,3,1", "3,3,1", "4,3,1", "6,3,1", "7,3,1"] {
            say(b, line);
        }
        for line in ["0,0,2", "0,2,2", "0,4,2", "0,8,2", "0,12,2"] {
            say(b, line);
        }
        say(b, "DONE")
    };
    say(&mut b, "START 15");
    assert_eq!(overline(&mut b), "5,3");
    assert_eq!(say(&mut b, "INFO rule 1"), "");
    assert_ne!(overline(&mut b), "5,3", "5,3 makes six under exact five");
    assert!(say(&mut b, "ABOUT").starts_with("name=\"cutoff\", version="));
}

#[test]
fn serve_reads_crlf_lf_and_cr_and_stops_at_end() {
    let mut b = brain(1);
    // No move before END: an END already read stops any search (see below).
    let input = "START 15\r\n\r\nABOUT\nRESTART\rINFO rule 1\r\nRESTART\r\nEND\r\nSTART 9\r\n";
    let mut output = Vec::new();
    serve(&mut b, std::io::Cursor::new(input), &mut output).unwrap();
    let text = String::from_utf8(output).unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines.len(), 5, "{text:?}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("name="));
    assert_eq!(&lines[2..], ["OK", "OK", ""]);
}

#[test]
fn an_mcts_brain_blocks_a_four_and_keeps_to_its_time() {
    let mut b = mcts_brain(2000, None);
    say(&mut b, "START 15");
    say(&mut b, "BOARD");
    for line in [
        "1,5,1", "2,5,2", "3,5,2", "4,5,2", "5,5,2", "10,10,1", "11,11,1", "12,13,1", "0,14,2",
    ] {
        say(&mut b, line);
    }
    assert_eq!(say(&mut b, "DONE"), "6,5");
    // Unbounded playouts under a 200 ms turn, on a clock of 1 us a node: only the
    // allowance (200 less a tenth and the margin) can end the search, and it does (where
    // it ends, in nodes, is engine::tests' business; reply times are measured by
    // benches/replies.rs, not asserted here).
    let mut b = mcts_brain_on(
        100_000_000,
        None,
        Arc::new(PerNode(Duration::from_micros(1))),
    );
    say(&mut b, "START 15");
    say(&mut b, "INFO timeout_turn 200");
    assert_eq!(say(&mut b, "BEGIN"), "7,7");
    let reply = say(&mut b, "TURN 8,8");
    assert!(!reply.starts_with("ERROR"), "{reply}");
    // The brain's own time per move ends it too, when it is the shorter.
    let mut b = mcts_brain_on(
        100_000_000,
        Some(50),
        Arc::new(PerNode(Duration::from_micros(1))),
    );
    say(&mut b, "START 15");
    say(&mut b, "INFO timeout_turn 100000000");
    say(&mut b, "BEGIN");
    let reply = say(&mut b, "TURN 8,8");
    assert!(!reply.starts_with("ERROR"), "{reply}");
}

#[test]
fn a_lone_cr_ends_a_line_at_once() {
    // The manager waits for `OK` before it sends more: the reader must not wait for an LF.
    use std::io::{Read, Write};
    use std::os::unix::net::UnixStream;
    let (mut to_brain, brain_in) = UnixStream::pair().unwrap();
    let (mut brain_out, mut from_brain) = UnixStream::pair().unwrap();
    let mut b = brain(1);
    let server = std::thread::spawn(move || serve(&mut b, brain_in, &mut brain_out).unwrap());
    to_brain.write_all(b"START 15\r").unwrap();
    // A hang, not a slow answer, fails here: the read gives up only after a minute.
    from_brain
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut reply = [0; 4];
    from_brain.read_exact(&mut reply).unwrap();
    assert_eq!(&reply, b"OK\r\n");
    to_brain.write_all(b"END\r").unwrap();
    server.join().unwrap();
}

#[test]
fn end_stops_a_search_at_once_and_nothing_is_written_after_it() {
    // Depth 30 after the opponent's first stone on a 15x15 board would take longer than
    // anyone waits: the `END` read while it thinks must stop it, and its move is not written.
    let mut b = brain(30);
    let mut output = Vec::new();
    serve(
        &mut b,
        std::io::Cursor::new("START 15\nTURN 7,7\nEND\n"),
        &mut output,
    )
    .unwrap();
    // START is answered (it searches nothing); TURN's search is stopped and not answered.
    assert_eq!(String::from_utf8(output).unwrap(), "OK\r\n");
}

#[test]
fn board_marks_are_not_played_and_continuous_games_are_refused() {
    // Black's four on row 5, closed at 0,5 by white: the brain (white, to move) must block
    // at 5,5, unless the manager marked that point.
    let position = [
        "0,5,1", "9,9,1", "10,10,1", "1,5,2", "2,5,2", "3,5,2", "4,5,2",
    ];
    let mut b = brain(2);
    say(&mut b, "START 15");
    say(&mut b, "BOARD");
    for line in position {
        say(&mut b, line);
    }
    assert_eq!(say(&mut b, "DONE"), "5,5");
    say(&mut b, "BOARD");
    for line in position.iter().chain(&["5,5,3"]) {
        say(&mut b, line);
    }
    let marked = say(&mut b, "DONE");
    assert!(marked != "5,5" && !marked.starts_with("ERROR"), "{marked}");
    assert!(say(&mut b, "INFO rule 2").starts_with("ERROR rule 2: continuous"));
}

#[test]
fn end_inside_a_board_block_writes_nothing() {
    let mut b = brain(1);
    say(&mut b, "START 15");
    say(&mut b, "BOARD");
    say(&mut b, "1,1,1");
    assert_eq!(b.handle("end"), None, "END inside BOARD exits at once");
    let mut output = Vec::new();
    let input = "START 15\r\nBOARD\r\n1,1,1\r\nEND\r\n";
    serve(&mut brain(1), std::io::Cursor::new(input), &mut output).unwrap();
    assert_eq!(String::from_utf8(output).unwrap(), "OK\r\n");
}

#[test]
fn time_left_binds_only_under_a_match_time_limit() {
    let mut b = brain(1);
    say(&mut b, "INFO time_left 4000");
    assert_eq!(
        b.allowance(),
        None,
        "no timeout_match: time_left is ignored"
    );
    say(&mut b, "INFO timeout_turn 1000");
    assert_eq!(b.allowance(), Some(Duration::from_millis(900 - SAFETY_MS)));
    say(&mut b, "INFO timeout_match 100000");
    assert_eq!(b.allowance(), Some(Duration::from_millis(180 - SAFETY_MS)));
}

/// A clock of [`PerNode`] cost that keeps, for every search, the longest time it read.
#[derive(Clone, Default)]
struct Recorded(Arc<std::sync::Mutex<Vec<Duration>>>);

impl Clock for Recorded {
    fn start(&self) -> Box<dyn crate::engine::Timer> {
        self.0.lock().unwrap().push(Duration::ZERO);
        Box::new(self.clone())
    }
}

impl crate::engine::Timer for Recorded {
    fn elapsed(&mut self, nodes: u64) -> Duration {
        let now = PerNode(Duration::from_millis(1)).elapsed(nodes);
        let mut reads = self.0.lock().unwrap();
        let last = reads.last_mut().expect("started");
        *last = (*last).max(now);
        now
    }
}

#[test]
fn the_first_move_on_an_empty_board_spends_none_of_its_allowance() {
    let spec = Spec::<Gomoku> {
        config: Config::parse(super::DEFAULT_CONFIG).unwrap(),
        params: Params::default(),
        eval: <Gomoku as crate::game::Game>::DEFAULT_EVAL,
    };
    let clock = Recorded::default();
    let engine = Engine::new(&spec, Limit::TimeMs(30_000)).unwrap();
    let mut b = Brain::new(engine.with_clock(Arc::new(clock.clone())));
    say(&mut b, "START 20");
    say(&mut b, "INFO timeout_turn 30000");
    // The search's candidates on an empty board are the centre alone: no search is run.
    assert_eq!(say(&mut b, "BEGIN"), "10,10");
    assert_eq!(*clock.0.lock().unwrap(), [], "BEGIN searched");
    say(&mut b, "BOARD");
    assert_eq!(say(&mut b, "DONE"), "10,10");
    assert_eq!(*clock.0.lock().unwrap(), [], "an empty BOARD searched");
    // The next move is searched, on the clock (a node a millisecond), within its allowance.
    say(&mut b, "RESTART");
    let reply = say(&mut b, "TURN 10,10");
    assert!(!reply.starts_with("ERROR"), "{reply}");
    let reads = clock.0.lock().unwrap().clone();
    assert_eq!(reads.len(), 1, "{reads:?}");
    assert!(reads[0] > Duration::ZERO, "{reads:?}");
    assert!(reads[0] <= b.allowance().unwrap(), "{reads:?}");
    // A marked centre is not played: the other points are searched.
    say(&mut b, "BOARD");
    say(&mut b, "10,10,3");
    let reply = say(&mut b, "DONE");
    assert!(reply != "10,10" && !reply.starts_with("ERROR"), "{reply}");
}
