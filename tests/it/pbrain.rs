//! `cutoff pbrain` as a Gomocup manager drives it: two brains, each the built binary over
//! pipes, play whole games against each other. Every reply is checked here, by a board
//! of the test's own: its format (`X,Y`), its legality (on the board, empty) and the end of
//! the game (five in a row or a full board), under the manager's clock. Reply times are not
//! asserted here (a wall clock on a shared machine): the engine's deadline is proved on an
//! injected clock (`engine::tests`) and reply times are measured by `benches/replies.rs`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// One brain process, its replies read by a thread so that a silent brain fails the test
/// instead of hanging it.
struct Brain {
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<String>,
}

impl Brain {
    fn spawn(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .arg("pbrain")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the cutoff binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, replies) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if send.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            replies,
        }
    }

    /// Sends `line` with CR LF, as the manager does.
    fn send(&mut self, line: &str) {
        write!(self.stdin, "{line}\r\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends `line` and waits for one reply: the reply (its line end removed) and the time
    /// it took.
    fn ask(&mut self, line: &str) -> (String, Duration) {
        let start = Instant::now();
        self.send(line);
        let reply = self
            .replies
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no reply to `{line}`"));
        (reply.trim_end_matches('\r').to_string(), start.elapsed())
    }

    /// Sends `END` and checks that the brain exits at once with code 0.
    fn end(mut self) {
        self.send("END");
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "END did not end it"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The test's own board: 0 empty, 1 the first player, 2 the second.
struct Board {
    size: usize,
    cells: Vec<u8>,
}

impl Board {
    /// Checks `reply` as a move of `colour`, plays it, and says whether it made five.
    fn play(&mut self, reply: &str, colour: u8) -> bool {
        let (x, y) = reply
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse::<usize>().ok()?, y.parse::<usize>().ok()?)))
            .unwrap_or_else(|| panic!("`{reply}` is not X,Y"));
        assert!(x < self.size && y < self.size, "{reply} is off the board");
        assert_eq!(self.cells[y * self.size + x], 0, "{reply} is taken");
        self.cells[y * self.size + x] = colour;
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let run = |sign: i64| {
                (1..)
                    .take_while(|&k| {
                        let (cx, cy) = (x as i64 + sign * k * dx, y as i64 + sign * k * dy);
                        (0..self.size as i64).contains(&cx)
                            && (0..self.size as i64).contains(&cy)
                            && self.cells[cy as usize * self.size + cx as usize] == colour
                    })
                    .count()
            };
            1 + run(1) + run(-1) >= 5
        })
    }
}

/// The manager's clock of one game: the time per move and, when set, the match time
/// each brain starts with (sent as `INFO time_left` before each of its moves).
#[derive(Clone, Copy)]
struct Clock {
    timeout_turn: u64,
    timeout_match: Option<u64>,
}

/// Plays one game between brains started with `args[0]` and `args[1]` on a `size` board
/// under `clock`; the number of plies and whether someone made five.
fn play_game(size: usize, clock: Clock, args: [&[&str]; 2]) -> (usize, bool) {
    let mut brains = args.map(Brain::spawn);
    for brain in &mut brains {
        assert_eq!(brain.ask(&format!("START {size}")).0, "OK");
        brain.send(&format!("INFO timeout_turn {}", clock.timeout_turn));
        brain.send(&format!(
            "INFO timeout_match {}",
            clock.timeout_match.unwrap_or(0)
        ));
        brain.send("INFO rule 0");
        let (about, _) = brain.ask("ABOUT");
        assert!(about.starts_with("name=\"cutoff\""), "{about}");
    }
    let mut board = Board {
        size,
        cells: vec![0; size * size],
    };
    let mut used = [Duration::ZERO; 2];
    // The manager's clock: each brain is told the match time it has left.
    let mut ask = |brains: &mut [Brain; 2], mover: usize, line: &str| {
        if let Some(total) = clock.timeout_match {
            let left = Duration::from_millis(total).saturating_sub(used[mover]);
            brains[mover].send(&format!("INFO time_left {}", left.as_millis()));
        }
        let (reply, took) = brains[mover].ask(line);
        used[mover] += took;
        reply
    };
    let mut reply = ask(&mut brains, 0, "BEGIN");
    let mut plies = 0;
    let five = loop {
        let mover = plies % 2;
        plies += 1;
        if board.play(&reply, mover as u8 + 1) {
            break true;
        }
        if plies == size * size {
            break false;
        }
        if plies == 7 {
            // A line the brain does not know, mid-game: an answer, and the game goes on.
            let (unknown, _) = brains[1 - mover].ask("HELLO 1,2");
            assert!(unknown.starts_with("UNKNOWN "), "{unknown}");
            let (error, _) = brains[1 - mover].ask(&format!("TURN {reply},9"));
            assert!(error.starts_with("ERROR "), "{error}");
        }
        reply = ask(&mut brains, 1 - mover, &format!("TURN {reply}"));
    };
    for brain in brains {
        brain.end();
    }
    (plies, five)
}

#[test]
fn two_brains_play_whole_games_over_pipes() {
    let tactical = ["--config", "alphabeta+threat-space+candidate-sort+greedy"];
    let (plies, five) = play_game(15, turn_300(), [&tactical[..], &["--depth", "2"][..]]);
    assert!(
        plies >= 9 && (five || plies == 225),
        "{plies} plies, five {five}"
    );
    // On a small board under a short clock, searching to depth 64 must stop in time.
    let deep = ["--depth", "64"];
    let turn = Clock {
        timeout_turn: 150,
        timeout_match: None,
    };
    let (plies, five) = play_game(7, turn, [&deep[..], &deep[..]]);
    assert!(five || plies == 49, "{plies} plies");
    // A match clock shorter than the turns: the brains live on a share of the time left.
    let deep = ["--time-ms", "2000"];
    let short_match = Clock {
        timeout_turn: 2000,
        timeout_match: Some(3000),
    };
    let (plies, five) = play_game(9, short_match, [&deep[..], &deep[..]]);
    assert!(five || plies == 81, "{plies} plies");
    // MCTS against negamax, each within the turn.
    let mcts = ["--config", "mcts", "--time-ms", "200"];
    let (plies, five) = play_game(15, turn_300(), [&mcts[..], &["--depth", "2"][..]]);
    assert!(five || plies == 225, "{plies} plies");
}

fn turn_300() -> Clock {
    Clock {
        timeout_turn: 300,
        timeout_match: None,
    }
}

#[test]
fn a_brain_that_is_not_started_answers_errors_and_unknown() {
    let mut brain = Brain::spawn(&["--depth", "1"]);
    assert!(brain.ask("TURN 1,1").0.starts_with("ERROR no board"));
    assert!(brain.ask("START 30").0.starts_with("ERROR size 30"));
    assert!(brain
        .ask("RECTSTART 20,10")
        .0
        .starts_with("ERROR only square"));
    assert!(brain.ask("FOO").0.starts_with("UNKNOWN"));
    assert_eq!(brain.ask("START 20").0, "OK");
    assert_eq!(brain.ask("BEGIN").0, "10,10");
    brain.end();
}

#[test]
fn pbrain_plays_what_a_match_agent_plays() {
    use cutoff::game::gomoku::Gomoku;
    use cutoff::game::Game;
    use cutoff::matches::agent::{Agent, AgentSpec, Player};
    use rand::SeedableRng;
    // Black (the manager's side) has played h8 and i9; the brain is white, to move.
    let stones = ["7,7,2", "8,8,2", "8,7,1"];
    let mut game = Gomoku::from_options("").unwrap();
    game.play_moves("h8,i8,i9").unwrap();
    let default = "alphabeta+threat-space+candidate-sort+greedy";
    for (config, depth) in [("alphabeta", "2"), (default, "3")] {
        let mut brain = Brain::spawn(&["--config", config, "--depth", depth]);
        brain.ask("START 15");
        brain.send("BOARD");
        for stone in stones {
            brain.send(stone);
        }
        let (reply, _) = brain.ask("DONE");
        brain.end();
        let spec = AgentSpec::parse(&format!("{config}:depth={depth},tie-seed=1")).unwrap();
        let mut agent = Agent::new(&spec, &game).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mv = agent.choose(&game, &mut rng).unwrap().mv;
        let point = usize::from(mv);
        assert_eq!(
            reply,
            format!("{},{}", point % 15, point / 15),
            "{config} depth {depth}"
        );
    }
}
