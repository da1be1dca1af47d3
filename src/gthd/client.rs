//! The client loop: the handshake, then one game of Gothello against a Gthd referee over any
//! line reader and writer (a TCP stream in `cutoff gthd`), every line logged.
//!
//! The client keeps its own board and checks the referee against it: an accepted move must
//! be the one sent, an opponent's move must be legal under our rules, and the end the
//! referee announces must be the end our board reaches. Any disagreement, a line it does
//! not understand, or a closed connection before the game ends is an error that quotes the
//! line. Broadcasts of our own moves (the referee sends them to everyone) are checked and
//! otherwise skipped.
//!
//! Not here: the search (see [`crate::engine`]), printing, exit codes.

use super::protocol::{self, side_name, Reply};
use crate::engine::{allowance, Engine};
use crate::game::gothello::{Gothello, PASS};
use crate::game::{Game, Outcome, Side};
use anyhow::{anyhow, bail, Context, Result};
use std::io::{BufRead, ErrorKind, Write};
use std::time::Duration;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Two passes in a row: the stone count decided (`None` a draw).
    Counted { winner: Option<Side> },
    /// A side's time expired: the other one wins.
    OnTime { winner: Side },
}

/// A finished game: how it ended, the side we played and the final board.
#[derive(Clone, Debug)]
pub struct Finished {
    pub ending: Ending,
    pub side: Side,
    pub board: Gothello,
}

/// The line connection: requests out (ending in CR), server lines in (CR LF or LF), each
/// line logged as `> ` sent or `< ` received.
pub struct Connection<R, W> {
    reader: R,
    writer: W,
    log: Box<dyn Write>,
}

impl<R: BufRead, W: Write> Connection<R, W> {
    /// A connection over `reader` and `writer` that logs to `log`.
    pub fn new(reader: R, writer: W, log: Box<dyn Write>) -> Self {
        Connection {
            reader,
            writer,
            log,
        }
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.log, "> {line}").context("writing the log")?;
        self.writer
            .write_all(format!("{line}\r").as_bytes())
            .and_then(|()| self.writer.flush())
            .with_context(|| format!("sending `{line}`"))
    }

    /// The next non-empty server line, or `None` when the server has closed the connection
    /// between lines; a line the close cuts short (no line end) is an error, not a line.
    fn receive(&mut self) -> Result<Option<String>> {
        loop {
            let mut bytes = Vec::new();
            let n = self
                .reader
                .read_until(b'\n', &mut bytes)
                .map_err(|e| match e.kind() {
                    ErrorKind::WouldBlock | ErrorKind::TimedOut => anyhow!(
                        "no complete line from the server within the line timeout (--timeout-s)"
                    ),
                    _ => anyhow!(e),
                })?;
            if n == 0 {
                self.log.flush().context("writing the log")?;
                return Ok(None);
            }
            if !bytes.ends_with(b"\n") {
                let part = String::from_utf8_lossy(&bytes);
                bail!("the server closed the connection in the middle of a line: `{part}`");
            }
            let line = String::from_utf8_lossy(&bytes);
            let line = line.trim_end_matches(['\r', '\n']);
            if !line.is_empty() {
                writeln!(self.log, "< {line}").context("writing the log")?;
                return Ok(Some(line.to_string()));
            }
        }
    }

    /// The next server line parsed; `waiting` says what for, in the errors.
    fn reply(&mut self, waiting: &str) -> Result<(Reply, String)> {
        let line = self
            .receive()
            .with_context(|| format!("reading from the server while waiting for {waiting}"))?
            .ok_or_else(|| {
                anyhow!("the server closed the connection while we were waiting for {waiting}")
            })?;
        let reply = protocol::parse(&line).map_err(|e| anyhow!("{e} (waiting for {waiting})"))?;
        Ok((reply, line))
    }
}

/// Plays one game as `side` with `engine`: the handshake, the moves, the end.
pub fn play<R: BufRead, W: Write>(
    conn: &mut Connection<R, W>,
    side: Side,
    engine: &mut Engine<Gothello>,
) -> Result<Finished> {
    let clock = handshake(conn, side)?;
    let mut state = State {
        game: Gothello::new(),
        side,
        serial: 1,
        secs: clock.map(|[mine, _]| mine),
        own_moves: Vec::new(),
    };
    loop {
        let ended = match state.game.side_to_move() == side {
            true => state.our_turn(conn, engine)?,
            false => state.their_turn(conn)?,
        };
        if let Some(ending) = ended {
            return Ok(Finished {
                ending,
                side,
                board: state.game,
            });
        }
    }
}

/// Greeting, request, acceptance and seat; the clock `[mine, theirs]` in seconds under time
/// control.
fn handshake<R: BufRead, W: Write>(
    conn: &mut Connection<R, W>,
    side: Side,
) -> Result<Option<[u32; 2]>> {
    match conn.reply("the server's greeting")? {
        (Reply::Hello, _) => {}
        (_, line) => bail!("expected the server's greeting `000 ...`, got `{line}`"),
    }
    conn.send(&protocol::hello(side))?;
    let clock = match conn.reply("the answer to our request to play")? {
        (Reply::Accepted { clock }, _) => clock,
        (Reply::Refused { code }, line) => bail!("the server refused us ({code}): `{line}`"),
        (_, line) => bail!("unexpected answer to our request to play: `{line}`"),
    };
    match conn.reply("the game to start")? {
        (Reply::Seat { side: seat }, _) if seat == side => Ok(clock),
        (_, line) => bail!(
            "expected `{}` (we asked to play {}), got `{line}`",
            352 - u16::from(side),
            side_name(side)
        ),
    }
}

/// The client's view of the game.
struct State {
    game: Gothello,
    side: Side,
    /// The serial of the next move: 1, then one more after each white move.
    serial: u32,
    /// Our seconds left under time control.
    secs: Option<u32>,
    /// Our accepted moves, in order, to check the referee's broadcasts of them.
    own_moves: Vec<String>,
}

/// What the referee did with a move we sent.
enum Answer {
    Accepted,
    Rejected,
    Ended(Ending),
}

impl State {
    /// Our move: search, send, and retry on `291` with another move (passing when none is
    /// left); `None` while the game goes on.
    fn our_turn<R: BufRead, W: Write>(
        &mut self,
        conn: &mut Connection<R, W>,
        engine: &mut Engine<Gothello>,
    ) -> Result<Option<Ending>> {
        let mut rejected = Vec::new();
        loop {
            let allowance = self.secs.map(|secs| move_time(secs, &self.game));
            let mv = engine
                .choose(&self.game, allowance, &rejected)
                .map_or(PASS, |choice| choice.mv);
            match self.submit(conn, mv)? {
                Answer::Accepted => return Ok(None),
                Answer::Ended(ending) => return Ok(Some(ending)),
                Answer::Rejected if mv == PASS => bail!("the server rejected a pass"),
                Answer::Rejected => rejected.push(mv),
            }
        }
    }

    /// Sends `mv` and reads the referee's answer, resending on a `299` that names the
    /// serial it expected.
    fn submit<R: BufRead, W: Write>(
        &mut self,
        conn: &mut Connection<R, W>,
        mv: u8,
    ) -> Result<Answer> {
        let text = self.game.format_move(mv);
        conn.send(&protocol::move_request(self.side, self.serial, &text))?;
        let waiting = format!("the answer to our move {text}");
        loop {
            let (reply, line) = conn.reply(&waiting)?;
            let check = |answered: &str| match answered == text {
                true => Ok(()),
                false => Err(anyhow!("we played {text} but the server answers `{line}`")),
            };
            match reply {
                Reply::MoveAccepted { mv: answered, secs } => {
                    check(&answered)?;
                    self.secs = secs.or(self.secs);
                    self.apply(mv, None)?;
                    return Ok(Answer::Accepted);
                }
                Reply::GameOver {
                    mv: answered,
                    outcome,
                } => {
                    check(&answered)?;
                    let ending = self.apply(mv, Some((self.side, outcome)))?;
                    drain(conn)?;
                    return Ok(Answer::Ended(ending.expect("the game is over")));
                }
                Reply::IllegalMove { mv: answered } => {
                    check(&answered)?;
                    return Ok(Answer::Rejected);
                }
                Reply::BadSerial {
                    expected: Some(expected),
                } if expected != self.serial => {
                    self.serial = expected;
                    conn.send(&protocol::move_request(self.side, expected, &text))?;
                }
                Reply::BadSerial { .. } => bail!("the server refuses our move request: `{line}`"),
                Reply::Refused { code: 199 } => {
                    bail!("the server did not understand our move request: `{line}`")
                }
                Reply::TimeExpired => {
                    drain(conn)?;
                    return Ok(Answer::Ended(Ending::OnTime {
                        winner: self.side ^ 1,
                    }));
                }
                Reply::TimeForfeit { winner } => {
                    return Ok(Answer::Ended(Ending::OnTime { winner }))
                }
                // The broadcast of the move we are waiting on, ahead of its answer.
                Reply::Moved { side, mv: m, .. } if side == self.side && m == text => {}
                _ => bail!("unexpected `{line}` while waiting for {waiting}"),
            }
        }
    }

    /// The opponent's move, or the end of the game; `None` while the game goes on.
    fn their_turn<R: BufRead, W: Write>(
        &mut self,
        conn: &mut Connection<R, W>,
    ) -> Result<Option<Ending>> {
        let waiting = format!("{}'s move", side_name(self.side ^ 1));
        loop {
            let (reply, line) = conn.reply(&waiting)?;
            match reply {
                Reply::Moved { side, mv, secs, .. } if side == self.side => {
                    self.check_echo(&mv, &line)?;
                    self.secs = secs.or(self.secs);
                }
                Reply::Moved { serial, mv, .. } => {
                    self.serial = serial;
                    let mv = self.parse_theirs(&mv, &line)?;
                    return self.apply(mv, None);
                }
                Reply::Ended {
                    side,
                    serial,
                    mv,
                    outcome,
                } if side != self.side => {
                    self.serial = serial;
                    let mv = self.parse_theirs(&mv, &line)?;
                    return self.apply(mv, Some((side, outcome)));
                }
                Reply::TimeForfeit { winner } => return Ok(Some(Ending::OnTime { winner })),
                _ => bail!("unexpected `{line}` while waiting for {waiting}"),
            }
        }
    }

    /// The opponent's move `text` from `line`, which must be legal on our board.
    fn parse_theirs(&self, text: &str, line: &str) -> Result<u8> {
        self.game.parse_move(text).map_err(|e| {
            anyhow!(
                "the server's `{line}` is illegal under our rules: {e}\n{}",
                self.game.display()
            )
        })
    }

    /// Checks a broadcast of our own move against the moves the referee accepted.
    fn check_echo(&self, mv: &str, line: &str) -> Result<()> {
        match self.own_moves.last() {
            Some(last) if last == mv => Ok(()),
            _ => bail!("the server's `{line}` is not the move we played"),
        }
    }

    /// Plays `mv` on our board and moves the serial on after white's moves. With `end`,
    /// the referee said the move ended the game with that outcome for that mover: our board
    /// must agree. Returns the ending when the game is over.
    fn apply(&mut self, mv: u8, end: Option<(Side, Outcome)>) -> Result<Option<Ending>> {
        let mover = self.game.side_to_move();
        let text = self.game.format_move(mv);
        if mover == self.side {
            self.own_moves.push(text.clone());
        }
        self.game.make(mv);
        if mover == 1 {
            self.serial += 1;
        }
        let ours = self
            .game
            .outcome()
            .map(|outcome| winner(self.game.side_to_move(), outcome));
        let theirs = end.map(|(side, outcome)| winner(side, outcome));
        match (ours, theirs) {
            (None, None) => Ok(None),
            (Some(a), Some(b)) if a == b => Ok(Some(Ending::Counted { winner: a })),
            _ => bail!(
                "after {} {text}, the server says {} but our board says {}\n{}",
                side_name(mover),
                describe(theirs),
                describe(ours),
                self.game.display()
            ),
        }
    }
}

/// After the referee told us the game is over: its broadcast of the end, if it sends one
/// before closing the connection.
fn drain<R: BufRead, W: Write>(conn: &mut Connection<R, W>) -> Result<()> {
    let Some(line) = conn.receive()? else {
        return Ok(());
    };
    match protocol::parse(&line) {
        Ok(Reply::Ended { .. } | Reply::TimeForfeit { .. }) => Ok(()),
        _ => bail!("unexpected `{line}` after the end of the game"),
    }
}

/// The winner (`None` a draw) of a game that ended with `outcome` for `side`.
fn winner(side: Side, outcome: Outcome) -> Option<Side> {
    match outcome {
        Outcome::Win => Some(side),
        Outcome::Loss => Some(side ^ 1),
        Outcome::Draw => None,
    }
}

/// "black wins", "white wins", "a draw" or "the game goes on".
fn describe(result: Option<Option<Side>>) -> String {
    match result {
        None => "the game goes on".to_string(),
        Some(None) => "a draw".to_string(),
        Some(Some(side)) => format!("{} wins", side_name(side)),
    }
}

/// The time one move may take with `secs` seconds left: the engine's [`allowance`] of the
/// seconds shared among our moves still to come (at most one per empty point for the two
/// sides, and the two closing passes).
pub fn move_time(secs: u32, game: &Gothello) -> Duration {
    let empty = 25 - (game.stones(0) | game.stones(1)).count_ones();
    let left = Duration::from_secs(u64::from(secs));
    allowance(None, Some(left), empty / 2 + 2).unwrap_or_default()
}
