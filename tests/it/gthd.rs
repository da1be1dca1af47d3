//! `cutoff gthd` against a Gthd referee written here from PROTOCOLS.md ("Gthd (Gothello
//! referee) protocol"), over 127.0.0.1: complete games between two `cutoff gthd` processes
//! (with and without time controls), an illegal-move retry, a time forfeit, and scripted
//! servers that drop the connection, say something unknown or correct the serial.
//!
//! The referee checks the rules with the library's Gothello; the clients' logs (`> ` sent,
//! `< ` received) are replayed and must reach the referee's final board.

use cutoff::game::gothello::Gothello;
use cutoff::game::{Game, Outcome};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::{Duration, Instant};

/// Server numbers handed out to this process's tests, from a per-process offset.
static NEXT_SERVER: AtomicU16 = AtomicU16::new(0);

/// A listener on 127.0.0.1 at port 29068 + N for a free server number N.
fn listen() -> (TcpListener, u16) {
    let offset = std::process::id() as u16;
    for _ in 0..30 {
        let n = (offset.wrapping_add(NEXT_SERVER.fetch_add(1, Ordering::Relaxed))) % 30;
        if let Ok(listener) = TcpListener::bind(("127.0.0.1", 29068 + n)) {
            return (listener, n);
        }
    }
    panic!("no free port in 29068..29098");
}

/// Starts `cutoff gthd --host 127.0.0.1 --server n --side side args...`.
fn client(n: u16, side: &str, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["gthd", "--host", "127.0.0.1", "--server", &n.to_string()])
        .args(["--side", side])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cutoff runs")
}

/// A client's exit code, stdout and stderr.
fn finish(child: Child) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (status.code(), text(stdout), text(stderr))
}

/// The referee's end of one player's connection.
struct Seat {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Seat {
    /// Accepts the next connection (within 10 s) and greets it.
    fn accept(listener: &TcpListener) -> Seat {
        let mut seat = Seat::accept_silently(listener);
        seat.send("000 0.9.1 version Gothello server says hello!");
        seat
    }

    /// Accepts the next connection (within 10 s) without a greeting.
    fn accept_silently(listener: &TcpListener) -> Seat {
        listener.set_nonblocking(true).unwrap();
        let start = Instant::now();
        let stream = loop {
            match listener.accept() {
                Ok((stream, _)) => break stream,
                Err(_) if start.elapsed() < Duration::from_secs(10) => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Err(e) => panic!("no client connected: {e}"),
            }
        };
        stream.set_nonblocking(false).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        Seat {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
        }
    }

    fn send(&mut self, line: &str) {
        self.writer
            .write_all(format!("{line}\r\n").as_bytes())
            .unwrap();
    }

    /// The next request (ended by CR; leading CR and LF skipped), `None` once closed.
    fn read(&mut self) -> Option<String> {
        loop {
            let mut bytes = Vec::new();
            if self.reader.read_until(b'\r', &mut bytes).unwrap() == 0 {
                return None;
            }
            let line = String::from_utf8(bytes).unwrap();
            let line = line.trim_matches(['\r', '\n']);
            if !line.is_empty() {
                return Some(line.to_string());
            }
        }
    }
}

/// How the referee runs a game.
#[derive(Clone, Copy, Default)]
struct Rules {
    /// Seconds on each side's clock (`101` and the timed codes), or no time control.
    clock: Option<u64>,
    /// Answer the first move with `291` once.
    reject_first: bool,
}

/// What the referee saw: the final board and the moves it rejected.
struct Refereed {
    board: Gothello,
    rejected: Vec<String>,
}

/// Seats two players by their requests and runs one game by the rules of `Gothello`.
fn referee(listener: &TcpListener, rules: Rules) -> Refereed {
    let mut seats: [Option<Seat>; 2] = [None, None];
    for _ in 0..2 {
        let mut seat = Seat::accept(listener);
        let request = seat.read().expect("a request");
        let side = match request.as_str() {
            "0.9.1 player black" => 0,
            "0.9.1 player white" => 1,
            _ => panic!("request `{request}`"),
        };
        match rules.clock {
            Some(s) => seat.send(&format!(
                "101 {s} {s} Request accepted with time controls (you / opp)"
            )),
            None => seat.send("100 Request accepted"),
        }
        seats[side] = Some(seat);
    }
    let mut seats = seats.map(|seat| seat.expect("one player per side"));
    seats[0].send("352 You will play black");
    seats[1].send("351 You will play white");
    let mut game = Play::new(rules);
    loop {
        let mover = usize::from(game.board.side_to_move());
        let Some(request) = seats[mover].read() else {
            panic!("the {mover} player left mid-game");
        };
        let (to_mover, broadcast) = game.request(&request);
        seats[mover].send(&to_mover);
        if let Some(line) = broadcast {
            seats.iter_mut().for_each(|seat| seat.send(&line));
        }
        if game.over {
            return Refereed {
                board: game.board,
                rejected: game.rejected,
            };
        }
    }
}

/// The referee's game: board, serial, clocks.
struct Play {
    rules: Rules,
    board: Gothello,
    serial: u32,
    left: [Duration; 2],
    turn_start: Instant,
    rejected: Vec<String>,
    over: bool,
}

const NAMES: [&str; 2] = ["black", "white"];

impl Play {
    fn new(rules: Rules) -> Play {
        let secs = Duration::from_secs(rules.clock.unwrap_or(0));
        Play {
            rules,
            board: Gothello::new(),
            serial: 1,
            left: [secs; 2],
            turn_start: Instant::now(),
            rejected: Vec::new(),
            over: false,
        }
    }

    /// The answer to the mover's request and the broadcast to everyone, if any.
    fn request(&mut self, request: &str) -> (String, Option<String>) {
        let side = usize::from(self.board.side_to_move());
        let words: Vec<&str> = request.split([' ', '\t']).collect();
        let serial: u32 = words[0].parse().expect("a serial");
        if serial != self.serial {
            let text = format!("got {serial} expected {}", self.serial);
            return (format!("299 Illegal serial number ({text})"), None);
        }
        let (ellipses, text) = match words[1..] {
            ["...", text] => (true, text),
            [text] => (false, text),
            _ => return ("199 Request not understood".to_string(), None),
        };
        if ellipses != (side == 1) {
            return ("299 Ellipses (...) expected before move".to_string(), None);
        }
        let first = self.board == Gothello::new() && self.rejected.is_empty();
        let mv = match self.board.parse_move(text) {
            Ok(mv) if !(first && self.rules.reject_first) => mv,
            _ => {
                self.rejected.push(text.to_string());
                return (format!("291 Illegal move {text}"), None);
            }
        };
        if self.rules.clock.is_some() {
            let spent = self.turn_start.elapsed();
            if spent >= self.left[side] {
                self.over = true;
                let loser = NAMES[side];
                let winner = NAMES[side ^ 1];
                let code = 362 - side;
                let broadcast = format!(
                    "{code} {} wins by {} time expiring",
                    cap(winner),
                    cap(loser)
                );
                return (
                    "202 Your time expires, and you lose".to_string(),
                    Some(broadcast),
                );
            }
            self.left[side] -= spent;
        }
        self.board.make(mv);
        self.turn_start = Instant::now();
        let dots = if side == 1 { "... " } else { "" };
        let head = format!("{} {dots}{text}", self.serial);
        if side == 1 {
            self.serial += 1;
        }
        if let Some(outcome) = self.board.outcome() {
            self.over = true;
            // The outcome is for the side to move now, the mover's opponent.
            let (code, word) = match outcome {
                Outcome::Win => (2, "loses"),
                Outcome::Loss => (1, "wins"),
                Outcome::Draw => (3, "draws"),
            };
            let you = ["win", "lose", "draw"][code - 1];
            let ended = [[321, 322, 325], [323, 324, 326]][side][code - 1];
            return (
                format!("20{code} Move {text} accepted, You {you}"),
                Some(format!("{ended} {head} and {} {word}", NAMES[side])),
            );
        }
        let pass = usize::from(text == "pass") * 4;
        let secs = self.left[side].as_secs();
        match self.rules.clock {
            None => (
                format!("200 Move {text} accepted, continue playing"),
                Some(format!(
                    "{} {head} is {} move, game continues",
                    311 + side + pass,
                    NAMES[side]
                )),
            ),
            Some(_) => (
                format!("207 {secs} secs remaining after move {text} accepted, continue playing"),
                Some(format!(
                    "{} {head} {secs} is {} move, game continues",
                    313 + side + pass,
                    NAMES[side]
                )),
            ),
        }
    }
}

fn cap(name: &str) -> String {
    name[..1].to_uppercase() + &name[1..]
}

/// Replays the moves a client's log received (broadcasts `311`-`318`, `321`-`326`).
fn replay(log: &str) -> Gothello {
    let mut board = Gothello::new();
    for line in log.lines().filter_map(|l| l.strip_prefix("< ")) {
        let words: Vec<&str> = line.split(' ').collect();
        if matches!(words[0].parse::<u16>(), Ok(311..=318 | 321..=326)) {
            let mv = if words[2] == "..." {
                words[3]
            } else {
                words[2]
            };
            board.make(board.parse_move(mv).unwrap());
        }
    }
    board
}

/// The moves a client's log sent.
fn sent(log: &str) -> Vec<&str> {
    log.lines().filter_map(|l| l.strip_prefix("> ")).collect()
}

/// Plays one game between two clients with `args` (black's, white's) under `rules`; both
/// must end with exit code 0, print the result and log the referee's final board.
fn complete_game(rules: Rules, args: [&[&str]; 2]) -> (Refereed, [String; 2]) {
    let (listener, n) = listen();
    let black = client(n, "black", args[0]);
    let white = client(n, "white", args[1]);
    let refereed = referee(&listener, rules);
    let logs = [black, white].map(|child| {
        let (code, stdout, stderr) = finish(child);
        assert_eq!(code, Some(0), "stdout: {stdout}\nstderr: {stderr}");
        assert!(stdout.starts_with("game over: "), "{stdout}");
        assert!(stdout.contains(&refereed.board.display()), "{stdout}");
        assert_eq!(replay(&stderr), refereed.board, "{stderr}");
        assert!(!stderr.contains("< 299"), "serials kept: {stderr}");
        stderr
    });
    assert!(
        refereed.board.outcome().is_some(),
        "the game ended by two passes"
    );
    (refereed, logs)
}

#[test]
fn two_clients_play_a_complete_game() {
    let budget = ["--node-budget", "5000", "--config", "alphabeta+id"];
    let (refereed, logs) = complete_game(Rules::default(), [&["--depth", "2"], &budget]);
    assert!(refereed.rejected.is_empty());
    assert!(logs[0].contains("> 0.9.1 player black") && logs[0].contains("< 200 Move"));
    assert!(logs[1].contains("> 1 ... ") && logs[1].contains("< 311 1 "));
    let ends = ["< 321 ", "< 322 ", "< 323 ", "< 324 ", "< 325 ", "< 326 "];
    assert!(ends
        .iter()
        .any(|end| logs[0].contains(end) && logs[1].contains(end)));
}

#[test]
fn evaluation_weights_and_the_tie_break_play_through_gthd() {
    let tuned = [
        "--depth",
        "2",
        "--config",
        "alphabeta+liberties",
        "--eval",
        "eye",
        "--param",
        "white-eye-score=3",
    ];
    let (refereed, _) = complete_game(Rules::default(), [&tuned, &["--depth", "1"]]);
    assert!(refereed.rejected.is_empty());
}

#[test]
fn two_clients_play_a_complete_game_under_time_controls() {
    let rules = Rules {
        clock: Some(100),
        ..Rules::default()
    };
    let timed = ["--time-ms", "20", "--config", "alphabeta+id+tt-move"];
    let (_, logs) = complete_game(rules, [&timed, &["--depth", "2"]]);
    for log in &logs {
        assert!(
            log.contains("< 101 100 100 ") && log.contains("< 207 "),
            "{log}"
        );
        assert!(
            log.contains("< 313 1 ") && log.contains("< 314 1 ... "),
            "{log}"
        );
    }
}

#[test]
fn a_rejected_move_is_retried_with_another() {
    let rules = Rules {
        reject_first: true,
        ..Rules::default()
    };
    let (refereed, logs) = complete_game(rules, [&["--depth", "1"]; 2]);
    let black = sent(&logs[0]);
    let rejected = format!("1 {}", refereed.rejected[0]);
    assert_eq!(black[1], rejected);
    assert!(
        black[2].starts_with("1 ") && black[2] != rejected,
        "{black:?}"
    );
    assert!(logs[0].contains(&format!("< 291 Illegal move {}", refereed.rejected[0])));
}

#[test]
fn a_client_whose_time_expires_exits_1() {
    let (listener, n) = listen();
    // Depth 20 would take hours: the clock's 0 seconds must cut the search to depth 1.
    let black = client(n, "black", &["--depth", "20"]);
    let white = client(n, "white", &["--depth", "1"]);
    let rules = Rules {
        clock: Some(0),
        ..Rules::default()
    };
    referee(&listener, rules);
    let (code, stdout, stderr) = finish(black);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("white wins on time (black ran out); we played black: we lose"),
        "{stdout}"
    );
    assert!(stderr.contains("< 202 Your time expires"), "{stderr}");
    let (code, stdout, stderr) = finish(white);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("we played white: we win"), "{stdout}");
    assert!(
        stderr.contains("< 362 White wins by Black time expiring"),
        "{stderr}"
    );
}

/// Seats one client as black, lets it make its first move, and hands the connection and the
/// move's request to `script`; returns the client's exit code and stderr.
fn scripted(script: impl FnOnce(&mut Seat, &str)) -> (Option<i32>, String) {
    let (listener, n) = listen();
    let log = std::env::temp_dir().join(format!("cutoff-it-{}-gthd-{n}.log", std::process::id()));
    let black = client(
        n,
        "black",
        &["--depth", "1", "--log", log.to_str().unwrap()],
    );
    let mut seat = Seat::accept(&listener);
    assert_eq!(seat.read().as_deref(), Some("0.9.1 player black"));
    seat.send("100 Request accepted");
    seat.send("352 You will play black");
    let request = seat.read().expect("the first move");
    script(&mut seat, &request);
    drop(seat);
    let (code, _, stderr) = finish(black);
    let logged = std::fs::read_to_string(&log).unwrap();
    std::fs::remove_file(&log).unwrap();
    (code, format!("{logged}{stderr}"))
}

#[test]
fn a_dropped_connection_exits_2_and_says_so() {
    let (code, stderr) = scripted(|seat, request| {
        let mv = request.split(' ').nth(1).unwrap();
        seat.send(&format!("200 Move {mv} accepted, continue playing"));
        seat.send(&format!("311 1 {mv} is black move, game continues"));
    });
    assert_eq!(code, Some(2), "{stderr}");
    let message = "the server closed the connection while we were waiting for white's move";
    assert!(stderr.contains(message), "{stderr}");
}

#[test]
fn an_unknown_server_line_exits_2_and_names_it() {
    let (code, stderr) = scripted(|seat, request| {
        let mv = request.split(' ').nth(1).unwrap();
        seat.send(&format!("200 Move {mv} accepted, continue playing"));
        seat.send("377 something new");
    });
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("server line `377 something new` not understood"),
        "{stderr}"
    );
}

#[test]
fn a_wrong_serial_is_corrected_from_the_server_s_message() {
    let (code, stderr) = scripted(|seat, request| {
        let mv = request.split(' ').nth(1).unwrap().to_string();
        seat.send("299 Illegal serial number (got 1 expected 3)");
        assert_eq!(seat.read(), Some(format!("3 {mv}")));
        seat.send("299 Ellipses (...) expected before move");
    });
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the server refuses our move request: `299 Ellipses"),
        "{stderr}"
    );
}

#[test]
fn an_opponent_move_illegal_under_our_rules_exits_2() {
    let (code, stderr) = scripted(|seat, request| {
        let mv = request.split(' ').nth(1).unwrap();
        seat.send(&format!("200 Move {mv} accepted, continue playing"));
        seat.send(&format!("312 1 ... {mv} is white move, game continues"));
    });
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is illegal under our rules"), "{stderr}");
}

#[test]
fn an_end_our_board_does_not_reach_exits_2() {
    let (code, stderr) = scripted(|seat, request| {
        let mv = request.split(' ').nth(1).unwrap();
        seat.send(&format!("200 Move {mv} accepted, continue playing"));
        seat.send("323 1 ... pass and white wins");
    });
    assert_eq!(code, Some(2), "{stderr}");
    let message =
        "after white pass, the server says white wins but our board says the game goes on";
    assert!(stderr.contains(message), "{stderr}");
}

#[test]
fn a_server_number_out_of_range_exits_2() {
    let child = client(30, "black", &["--depth", "1"]);
    let (code, _, stderr) = finish(child);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("30 is not in 0..=29"), "{stderr}");
}

/// A server that accepts `cutoff gthd --timeout-s 1`, greets it, and then does `script`
/// with the connection; the client's exit code and stderr.
fn silent_server(script: impl FnOnce(&mut Seat)) -> (Option<i32>, String) {
    server_with(Seat::accept, script)
}

/// [`silent_server`] with `accept` (greeting or not) accepting the client.
fn server_with(
    accept: fn(&TcpListener) -> Seat,
    script: impl FnOnce(&mut Seat),
) -> (Option<i32>, String) {
    let (listener, n) = listen();
    let child = client(n, "black", &["--depth", "1", "--timeout-s", "1"]);
    let mut seat = accept(&listener);
    script(&mut seat);
    let (code, _, stderr) = finish(child);
    drop(seat);
    (code, stderr)
}

#[test]
fn a_server_that_never_speaks_or_never_ends_its_line_times_out_with_exit_2() {
    let (code, stderr) = silent_server(|_| {});
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("within the line timeout (--timeout-s)"),
        "{stderr}"
    );
    let (code, stderr) = silent_server(|seat| {
        seat.writer.write_all(b"100 Request accep").unwrap();
    });
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("within the line timeout (--timeout-s)"),
        "{stderr}"
    );
}

/// A server that drips its greeting a byte every 0.2 s for 30 s and never ends the line:
/// the client (`--timeout-s 1`) gives up on the whole line after its second, and the drip
/// finds the connection closed long before its end (with a timeout on each read, every
/// read got its byte in time and the client listened to the end). The test's bound is the
/// drip's 30 s; load only makes the client's timeout surer.
#[test]
fn a_server_dripping_bytes_without_a_line_end_times_out_within_the_timeout() {
    let mut cut_short = false;
    let (code, stderr) = server_with(Seat::accept_silently, |seat| {
        let greeting = b"000 0.9.1 version Gothello server says hello!";
        let drip = greeting.iter().chain(std::iter::repeat(&b' ')).take(150);
        for byte in drip {
            if seat.writer.write_all(&[*byte]).is_err() {
                cut_short = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    });
    assert_eq!(code, Some(2), "{stderr}");
    let message = "reading from the server while waiting for the server's greeting: no \
                   complete line from the server within the line timeout (--timeout-s)";
    assert!(stderr.contains(message), "{stderr}");
    assert!(cut_short, "the client listened to the whole 30 s drip");
}

/// A greeting the server's close cuts short is not taken as one.
#[test]
fn a_greeting_without_its_line_end_is_refused() {
    let (code, stderr) = server_with(Seat::accept_silently, |seat| {
        seat.writer
            .write_all(b"000 0.9.1 version Gothello server says hello!")
            .unwrap();
        seat.writer.shutdown(std::net::Shutdown::Write).unwrap();
    });
    assert_eq!(code, Some(2), "{stderr}");
    let message = "the server closed the connection in the middle of a line: `000 0.9.1";
    assert!(stderr.contains(message), "{stderr}");
}

/// The first move `cutoff gthd args...` plays as black from the start.
fn gthd_first_move(args: &[&str]) -> String {
    let (listener, n) = listen();
    let black = client(n, "black", args);
    let mut seat = Seat::accept(&listener);
    assert_eq!(seat.read().as_deref(), Some("0.9.1 player black"));
    seat.send("100 Request accepted");
    seat.send("352 You will play black");
    let request = seat.read().expect("the first move");
    drop(seat);
    let _ = finish(black);
    request.split(' ').nth(1).unwrap().to_string()
}

#[test]
fn gthd_plays_what_a_match_agent_plays() {
    use cutoff::matches::agent::{Agent, AgentSpec, Player};
    use rand::SeedableRng;
    let game = Gothello::new();
    for (config, depth, eval) in [
        ("alphabeta", "3", "number"),
        ("alphabeta+id+tt-value+tt-move", "4", "eye"),
    ] {
        let played = gthd_first_move(&["--config", config, "--depth", depth, "--eval", eval]);
        let spec = AgentSpec::parse(&format!(
            "{config}:depth={depth},tie-seed=1,id-step=1,eval={eval}"
        ))
        .unwrap();
        let mut agent = Agent::new(&spec, &game).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let choice = agent.choose(&game, &mut rng).unwrap();
        assert_eq!(
            played,
            game.format_move(choice.mv),
            "{config} depth {depth}"
        );
    }
}
