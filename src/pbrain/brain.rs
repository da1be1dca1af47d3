//! The brain: the board, the settings the manager sends with `INFO`, and the answer to each
//! command, and [`serve`], the loop over the manager's lines.
//!
//! The brain keeps the stones in the order they were played so that `TAKEBACK` of the last
//! stone and a change of rule (`INFO rule`) replay exactly. A `BOARD` position is replayed
//! with the two colours alternating, the side to move (the brain) last; its stone counts
//! must allow that. A command that cannot be carried out (a malformed line, a point off the
//! board or taken, a move before `START`) answers `ERROR <why>` and leaves the board as it
//! was.
//!
//! Time: the move is searched within the smaller of `timeout_turn` and a share of
//! `time_left` (1/[`MOVES_TO_GO`] of it, and only under a match limit: `time_left` is
//! ignored without `timeout_match` or with `timeout_match 0`), each less the engine's
//! safety margin ([`allowance`]); `timeout_turn 0` (play fast) leaves only depth 1 (or one
//! playout). The first move on an empty board is not searched and spends none of the
//! allowance: it is the centre, the one point the search's move generator offers there
//! (unless a `BOARD` marks it; then the other points are searched). The
//! [`Engine`] deepens inside that allowance, asks its deadline inside the search and plays
//! the deepest completed iteration; MCTS stops its playouts at the allowance.

use super::protocol::{format_xy, parse, parse_board_line, BoardLine, Command, Owner, Xy};
use crate::engine::{allowance, Engine};
use crate::game::gomoku::{Gomoku, Point, Rule, Undo, MAX_SIZE, MIN_SIZE};
use crate::game::Game;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The match time left is spread over this many moves.
pub const MOVES_TO_GO: u32 = 20;

/// The `rule` bits: the brain plays 1, exact five; 2 (continuous games), 4 (renju) and 8
/// (caro) are refused.
const EXACT_FIVE: u32 = 1;
const CONTINUOUS: u32 = 2;
const RENJU: u32 = 4;
const CARO: u32 = 8;

const NO_BOARD: &str = "no board: send START first";

/// A Gomocup brain around a search.
pub struct Brain {
    engine: Engine<Gomoku>,
    /// Raised by [`serve`]'s reader at `END`: the engine stops at once.
    abort: Arc<AtomicBool>,
    /// How many searches the brain has run.
    searches: u64,
    /// The points a `BOARD` marked (field 3: no stone, but not to be played), until the
    /// next move.
    marked: Vec<Point>,
    rule: Rule,
    /// The board side, once `START` has set it.
    size: Option<usize>,
    game: Option<Gomoku>,
    /// The stones in the order played, with what undoes them.
    history: Vec<(Point, Undo)>,
    /// The lines of a `BOARD` being read.
    board: Option<Vec<(Xy, Owner)>>,
    timeout_turn: Option<u64>,
    timeout_match: Option<u64>,
    time_left: Option<u64>,
}

impl Brain {
    /// A brain that moves with `engine`, waiting for `START`.
    pub fn new(mut engine: Engine<Gomoku>) -> Brain {
        let abort = Arc::new(AtomicBool::new(false));
        engine.set_abort(Arc::clone(&abort));
        Brain {
            engine,
            abort,
            searches: 0,
            marked: Vec::new(),
            rule: Rule::Freestyle,
            size: None,
            game: None,
            history: Vec::new(),
            board: None,
            timeout_turn: None,
            timeout_match: None,
            time_left: None,
        }
    }

    /// The replies to one line (often none); `None` after `END`, and for a move whose
    /// search an `END` stopped ([`serve`] raises the abort flag as it reads `END`).
    pub fn handle(&mut self, line: &str) -> Option<Vec<String>> {
        let searches = self.searches;
        let replies = self.replies(line)?;
        let aborted = self.searches > searches && self.abort.load(Ordering::Relaxed);
        (!aborted).then_some(replies)
    }

    fn replies(&mut self, line: &str) -> Option<Vec<String>> {
        // `END` exits at once, inside a `BOARD` block too (no `ERROR` for a stray line).
        if line.trim().eq_ignore_ascii_case("END") {
            return None;
        }
        if self.board.is_some() {
            return Some(self.board_line(line).into_iter().collect());
        }
        let reply = parse(line).and_then(|command| self.command(command));
        Some(match reply {
            Ok(reply) => reply.into_iter().collect(),
            Err(why) => vec![format!("ERROR {why}")],
        })
    }

    fn command(&mut self, command: Command) -> Result<Option<String>, String> {
        match command {
            Command::Start(size) => self.start(size).map(Some),
            Command::RectStart(w, h) if w == h => self.start(w).map(Some),
            Command::RectStart(w, h) => Err(format!("only square boards, not {w}x{h}")),
            Command::Restart => {
                let size = self.size.ok_or("RESTART before START")?;
                self.start(size).map(Some)
            }
            Command::Begin => self.play().map(Some),
            Command::Turn(at) => {
                let point = self.empty_point(at)?;
                self.place(point);
                self.play().map(Some)
            }
            Command::Board => {
                self.position()?;
                self.board = Some(Vec::new());
                Ok(None)
            }
            Command::Takeback(at) => self.take_back(at).map(Some),
            Command::Info(key, value) => self.info(&key, &value).map(|()| None),
            Command::About => Ok(Some(format!(
                "name=\"cutoff\", version=\"{}\", author=\"the cutoff authors\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            ))),
            Command::End => unreachable!("END is answered before it is parsed"),
            Command::Unknown(keyword) => Ok(Some(format!(
                "UNKNOWN `{keyword}` is not a command of the Gomocup protocol"
            ))),
        }
    }

    fn start(&mut self, size: usize) -> Result<String, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "size {size} is not supported ({MIN_SIZE}..={MAX_SIZE})"
            ));
        }
        self.game = Some(Gomoku::new(size, 5, self.rule)?);
        self.size = Some(size);
        self.history.clear();
        Ok("OK".into())
    }

    fn position(&self) -> Result<&Gomoku, String> {
        self.game.as_ref().ok_or_else(|| NO_BOARD.into())
    }

    /// The point at `at`, which must be on the board and empty, in a game not over.
    fn empty_point(&self, at: Xy) -> Result<Point, String> {
        let game = self.position()?;
        let size = game.size();
        if at.x >= size || at.y >= size {
            return Err(format!("{} is off the {size}x{size} board", format_xy(at)));
        }
        if game.outcome().is_some() {
            return Err("the game is over".into());
        }
        let point = game.point(at.y, at.x);
        if game.cell(point) != 0 {
            return Err(format!("{} is taken", format_xy(at)));
        }
        Ok(point)
    }

    fn place(&mut self, point: Point) {
        let game = self.game.as_mut().expect("checked by empty_point");
        self.history.push((point, game.make(point)));
    }

    /// Searches the side to move's move, plays it and writes it.
    fn play(&mut self) -> Result<String, String> {
        let allowance = self.allowance();
        let game = self.game.as_ref().ok_or(NO_BOARD)?;
        if game.outcome().is_some() {
            return Err("the game is over".into());
        }
        let marked = std::mem::take(&mut self.marked);
        let opening = self.history.is_empty().then(|| centre(game));
        let mv = match opening.filter(|centre| !marked.contains(centre)) {
            Some(centre) => centre,
            None => {
                self.searches += 1;
                let choice = self.engine.choose(game, allowance, &marked);
                choice
                    .ok_or("the search found no move off the marked points")?
                    .mv
            }
        };
        let size = game.size();
        self.place(mv);
        let point = usize::from(mv);
        Ok(format_xy(Xy {
            x: point % size,
            y: point / size,
        }))
    }

    /// The time the next move may take: see the module docs. `None` without a clock.
    pub fn allowance(&self) -> Option<Duration> {
        // `time_left` counts down a match limit: without one (no `timeout_match`, or 0 for
        // none) it binds nothing.
        let limited = self.timeout_match.is_some_and(|ms| ms > 0);
        let left = self.time_left.filter(|_| limited);
        allowance(
            self.timeout_turn.map(Duration::from_millis),
            left.map(Duration::from_millis),
            MOVES_TO_GO,
        )
    }

    fn take_back(&mut self, at: Xy) -> Result<String, String> {
        let game = self.position()?;
        let size = game.size();
        let last = self.history.last().map(|&(p, _)| p);
        if at.x >= size || at.y >= size || last != Some(game.point(at.y, at.x)) {
            return Err(format!("{} is not the last stone played", format_xy(at)));
        }
        let (point, undo) = self.history.pop().expect("a last stone");
        self.game.as_mut().expect("a board").unmake(point, undo);
        Ok("OK".into())
    }

    fn info(&mut self, key: &str, value: &str) -> Result<(), String> {
        let ms = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("INFO {key} needs a whole number, not `{value}`"))
        };
        match key {
            "timeout_turn" => self.timeout_turn = Some(ms()?),
            "timeout_match" => self.timeout_match = Some(ms()?),
            "time_left" => self.time_left = Some(ms()?),
            "rule" => self.set_rule(ms()? as u32)?,
            _ => {}
        }
        Ok(())
    }

    /// Plays under `rule`'s bits from now on (the stones so far replayed under it).
    fn set_rule(&mut self, bits: u32) -> Result<(), String> {
        if bits & (RENJU | CARO) != 0 {
            return Err(format!("rule {bits}: renju and caro are not supported"));
        }
        if bits & CONTINUOUS != 0 {
            return Err(format!(
                "rule {bits}: continuous games are not supported (one game at a time)"
            ));
        }
        let rule = match bits & EXACT_FIVE {
            0 => Rule::Freestyle,
            _ => Rule::ExactFive,
        };
        if let Some(size) = self.size {
            let points: Vec<Point> = self.history.iter().map(|&(p, _)| p).collect();
            let (game, history) = replay(size, rule, &points)?;
            self.game = Some(game);
            self.history = history;
        }
        self.rule = rule;
        Ok(())
    }

    /// One line inside `BOARD`: a stone is kept, `DONE` sets the position and answers
    /// with a move.
    fn board_line(&mut self, line: &str) -> Option<String> {
        let stones = self.board.as_mut().expect("reading a BOARD");
        let reply = match parse_board_line(line) {
            Err(why) => Err(why),
            Ok(BoardLine::Stone(at, owner)) => {
                stones.push((at, owner));
                return None;
            }
            Ok(BoardLine::Done) => {
                let stones = self.board.take().expect("reading a BOARD");
                self.set_board(&stones).and_then(|()| self.play())
            }
        };
        Some(reply.unwrap_or_else(|why| format!("ERROR {why}")))
    }

    /// Replaces the position by `stones` (the brain to move), or says why they are not one.
    fn set_board(&mut self, stones: &[(Xy, Owner)]) -> Result<(), String> {
        let size = self.size.expect("BOARD needs a board");
        let mut points = [Vec::new(), Vec::new()];
        let mut marked = Vec::new();
        for &(at, owner) in stones {
            if at.x >= size || at.y >= size {
                return Err(format!("BOARD: {} is off the board", format_xy(at)));
            }
            let point = (at.y * size + at.x) as Point;
            match owner {
                Owner::Mark => marked.push(point),
                _ => points[usize::from(owner == Owner::Opponent)].push(point),
            }
        }
        let [own, opponent] = points;
        let (first, second) = match opponent.len().checked_sub(own.len()) {
            Some(0) => (&own, &opponent),
            Some(1) => (&opponent, &own),
            _ => {
                return Err(format!(
                    "BOARD has {} own and {} opponent stones: the brain cannot be to move",
                    own.len(),
                    opponent.len()
                ))
            }
        };
        let order: Vec<Point> = (0..first.len())
            .flat_map(|i| std::iter::once(first[i]).chain(second.get(i).copied()))
            .collect();
        let (game, history) = replay(size, self.rule, &order)?;
        self.game = Some(game);
        self.history = history;
        self.marked = marked;
        Ok(())
    }
}

/// The move on the empty board `game`: the centre, the only point the search's move
/// generator offers there ([`Gomoku::candidates`]), so that a search would only deepen
/// over that one move.
fn centre(game: &Gomoku) -> Point {
    let mut candidates = Vec::new();
    game.candidates(1, &mut candidates);
    debug_assert_eq!(candidates.len(), 1, "an empty board's one candidate");
    candidates[0]
}

/// A new game of `size` under `rule` with `points` played in order, or why they cannot be.
fn replay(
    size: usize,
    rule: Rule,
    points: &[Point],
) -> Result<(Gomoku, Vec<(Point, Undo)>), String> {
    let mut game = Gomoku::new(size, 5, rule)?;
    let mut history = Vec::with_capacity(points.len());
    for &point in points {
        if game.outcome().is_some() {
            return Err("the stones hold a finished game".into());
        }
        if game.cell(point) != 0 {
            let at = usize::from(point);
            return Err(format!("{},{} holds two stones", at % size, at / size));
        }
        history.push((point, game.make(point)));
    }
    Ok((game, history))
}

/// Answers the manager's lines from `input` on `output` until `END` or the end of the
/// input, flushing after every reply. A line ends at CR, LF or CR LF, each answered as soon
/// as it ends; empty lines are skipped. The input is read on a thread of its own, so that
/// an `END` that arrives while the brain thinks stops the search at once (nothing more is
/// written after it).
pub fn serve(
    brain: &mut Brain,
    input: impl Read + Send + 'static,
    output: &mut impl Write,
) -> io::Result<()> {
    let (send, lines) = mpsc::channel();
    let abort = Arc::clone(&brain.abort);
    // Not joined: after `END` the process ends while the thread may still wait for input.
    std::thread::spawn(move || read_lines(BufReader::new(input), &send, &abort));
    for line in lines {
        let line = line?;
        let Some(replies) = brain.handle(&line) else {
            return Ok(());
        };
        for reply in replies {
            write!(output, "{reply}\r\n")?;
            output.flush()?;
        }
    }
    Ok(())
}

/// Sends each line of `input` (ended by CR, LF or CR LF; empty ones skipped) as soon as it
/// ends, raising `abort` at `END`; stops after `END`, at the end of the input or on an
/// error (sent on).
fn read_lines(
    mut input: impl BufRead,
    send: &mpsc::Sender<io::Result<String>>,
    abort: &AtomicBool,
) {
    let mut line = Vec::new();
    loop {
        let chunk = match input.fill_buf() {
            Ok([]) => break,
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = send.send(Err(e));
                return;
            }
        };
        let end = chunk.iter().position(|&b| b == b'\r' || b == b'\n');
        let taken = end.map_or(chunk.len(), |i| i + 1);
        line.extend_from_slice(&chunk[..end.unwrap_or(chunk.len())]);
        input.consume(taken);
        if end.is_some() && !send_line(&mut line, send, abort) {
            return;
        }
    }
    send_line(&mut line, send, abort);
}

/// Sends `line` (emptied) unless it is blank; false after `END` or when nobody listens.
fn send_line(
    line: &mut Vec<u8>,
    send: &mpsc::Sender<io::Result<String>>,
    abort: &AtomicBool,
) -> bool {
    let text = String::from_utf8_lossy(line).trim().to_string();
    line.clear();
    if text.is_empty() {
        return true;
    }
    let end = text.eq_ignore_ascii_case("END");
    if end {
        abort.store(true, Ordering::Relaxed);
    }
    send.send(Ok(text)).is_ok() && !end
}
