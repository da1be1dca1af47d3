//! External Gomocup brains as match agents (`pbrain:COMMAND`): the manager's side of the
//! brain protocol (PROTOCOLS.md, "Gomocup / Piskvork brain protocol"; our own brain is
//! `cutoff pbrain`).
//!
//! Each game runs the brain afresh: at its first move the match starts the command (stdin
//! and stdout piped, stderr discarded), sends `START size` (answered `OK` within the turn
//! timeout plus the tolerance), then `INFO timeout_turn`, `timeout_match`, `max_memory`,
//! `game_type 1` and `rule` (0 freestyle, 1 exact five), then `BEGIN` on an empty board or
//! `BOARD` with the opening's stones in the order played (`1` its own, `2` the opponent's),
//! and afterwards `TURN X,Y` with the opponent's move. Before each of these move commands,
//! with a match clock, it sends `INFO time_left` (ms). At the end of the game it sends `END`,
//! waits briefly, and kills whatever is left.
//!
//! The manager keeps the time: an answer must come within the smaller of the turn timeout
//! and the brain's time left in the game, plus the tolerance ([`reply_window`]); the time
//! it took (wall time, from the move command to the answer) comes off its time left. A
//! brain forfeits the game ([`Forfeit`]) when it does not answer in time, answers no move
//! (`ERROR`, garbage), plays off the board or on a taken point, or exits. `MESSAGE`,
//! `DEBUG` and empty lines are skipped. On a forfeit the brain is killed at once. Every read
//! waits on a channel fed by a reader thread with a bound, so nothing hangs on a silent
//! brain. A program that cannot be started is an error of the set-up, not a forfeit. The
//! brain runs in a process group of its own, so that Ctrl-C stops the match, not it.

use super::agent::Failure;
use super::record::{Forfeit, GomocupClock};
use crate::game::Game;
use anyhow::{anyhow, bail, Result};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a brain may take to exit after `END`, or to report its exit status after
/// closing its output, before it is killed.
const EXIT_WAIT: Duration = Duration::from_millis(500);

/// The words of a `pbrain:` command: split at whitespace, a single- or double-quoted part
/// kept whole (spaces and commas included, the quotes removed).
pub fn split_command(text: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in text.chars() {
        match (quote, c) {
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (Some(q), _) if c == q => quote = None,
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(q) = quote {
        bail!("pbrain: the quote {q} is not closed");
    }
    words.extend(word);
    if words.is_empty() {
        bail!("pbrain needs a command: pbrain:PATH [ARGS] (quote a part with spaces or commas)");
    }
    Ok(words)
}

/// The words as one command line that [`split_command`] reads back.
pub fn command_line(words: &[String]) -> String {
    let quoted = |w: &String| {
        let plain = !w.is_empty()
            && !w
                .chars()
                .any(|c| c.is_whitespace() || matches!(c, ',' | '"' | '\''));
        match (plain, w.contains('"')) {
            (true, _) => w.clone(),
            (false, false) => format!("\"{w}\""),
            (false, true) => format!("'{w}'"),
        }
    };
    words.iter().map(quoted).collect::<Vec<_>>().join(" ")
}

/// How long the brain may take to answer a move: the turn timeout, or its time left in the
/// game when that is smaller, plus the tolerance. `left` is `None` without a match clock.
pub fn reply_window(clock: &GomocupClock, left: Option<Duration>) -> Duration {
    let turn = Duration::from_millis(clock.timeout_turn_ms);
    let limit = left.map_or(turn, |left| left.min(turn));
    limit + Duration::from_millis(clock.tolerance_ms)
}

/// The brain's time left in the game after a move that took `spent` (none without a match
/// clock; zero at worst, which the tolerance still allows).
pub fn time_left_after(left: Option<Duration>, spent: Duration) -> Option<Duration> {
    left.map(|left| left.saturating_sub(spent))
}

/// An external brain: its command, the match's clock, and the game so far.
pub struct Brain {
    command: Vec<String>,
    clock: GomocupClock,
    size: usize,
    /// The `INFO rule` value.
    rule: u32,
    /// The game's moves in notation, the opening's included.
    history: Vec<String>,
    /// The running brain, from its first move of a game to the end.
    process: Option<Process>,
    /// How many of `history` the brain has been told (`None`: no position yet).
    known: Option<usize>,
    /// Its time left in the game (`None`: no match clock).
    left: Option<Duration>,
}

impl Brain {
    /// A brain for `game` (Gomoku with five in a row) run by `command`, whose program must
    /// exist (a path, or a name on `PATH`).
    pub fn new<G: Game>(command: &[String], game: &G, clock: GomocupClock) -> Result<Brain> {
        if G::NAME != "gomoku" {
            bail!(
                "a pbrain agent plays gomoku (the Gomocup's game), not {}",
                G::NAME
            );
        }
        let (size, rule) = gomocup_board(&game.spec())?;
        find_program(&command[0])?;
        ignore_sigpipe();
        Ok(Brain {
            command: command.to_vec(),
            clock,
            size,
            rule,
            history: Vec::new(),
            process: None,
            known: None,
            left: None,
        })
    }

    /// A new game after `opening` (a brain still running is ended first).
    pub fn new_game(&mut self, opening: &[String]) {
        self.stop();
        self.history = opening.to_vec();
        self.left = (self.clock.timeout_match_ms > 0)
            .then(|| Duration::from_millis(self.clock.timeout_match_ms));
    }

    /// Either side played `mv`.
    pub fn moved(&mut self, mv: &str) {
        self.history.push(mv.to_string());
    }

    /// Ends the running brain: `END`, a short wait, then a kill.
    pub fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            process.end();
        }
        self.known = None;
    }

    /// The brain's move in `game` (the position after `history`); on a failure the brain is
    /// killed.
    pub fn choose<G: Game>(&mut self, game: &G) -> Result<G::Move, Failure> {
        let chosen = self.ask(game);
        if chosen.is_err() {
            // Dropping the process kills it: no END to a brain that forfeited.
            self.process = None;
            self.known = None;
        }
        chosen
    }

    fn ask<G: Game>(&mut self, game: &G) -> Result<G::Move, Failure> {
        if self.process.is_none() {
            self.process = Some(self.start()?);
        }
        let lines = self.position()?;
        let window = reply_window(&self.clock, self.left);
        let process = self.process.as_mut().expect("started above");
        if let Some(left) = self.left {
            process.send(&format!("INFO time_left {}", left.as_millis()))?;
        }
        let asked = Instant::now();
        for line in &lines {
            process.send(line)?;
        }
        let what = format!(
            "{} (turn timeout {} ms, time left {}, tolerance {} ms)",
            lines[0],
            self.clock.timeout_turn_ms,
            self.left
                .map_or("unlimited".into(), |l| format!("{} ms", l.as_millis())),
            self.clock.tolerance_ms
        );
        let reply = process.reply(&what, window, asked)?;
        self.left = time_left_after(self.left, asked.elapsed());
        self.known = Some(self.history.len() + 1);
        parse_reply(game, self.size, &reply, &lines[0])
    }

    /// Starts the program and sets up a game: `START`, its `OK`, the `INFO` lines.
    fn start(&self) -> Result<Process, Failure> {
        let mut process = Process::spawn(&self.command)?;
        let start = format!("START {}", self.size);
        let asked = Instant::now();
        process.send(&start)?;
        let window = reply_window(&self.clock, None);
        let reply = process.reply(&start, window, asked)?;
        if !reply.eq_ignore_ascii_case("OK") {
            let message = format!("answered `{reply}` to `{start}`");
            return Err(Failure::forfeit(Forfeit::BadAnswer, message));
        }
        let clock = &self.clock;
        for (key, value) in [
            ("timeout_turn", clock.timeout_turn_ms),
            ("timeout_match", clock.timeout_match_ms),
            ("max_memory", clock.max_memory),
            ("game_type", 1),
            ("rule", u64::from(self.rule)),
        ] {
            process.send(&format!("INFO {key} {value}"))?;
        }
        Ok(process)
    }

    /// The lines that ask for a move: `BEGIN` or `BOARD` in a new game, then `TURN`.
    fn position(&self) -> Result<Vec<String>, Failure> {
        let n = self.history.len();
        match self.known {
            None if n == 0 => Ok(vec!["BEGIN".into()]),
            None => {
                let mut lines = vec!["BOARD".to_string()];
                for (i, mv) in self.history.iter().enumerate() {
                    // The brain moves next: the last stone is the opponent's.
                    let owner = if (n - 1 - i) % 2 == 0 { 2 } else { 1 };
                    let (x, y) = xy_of(mv)?;
                    lines.push(format!("{x},{y},{owner}"));
                }
                lines.push("DONE".into());
                Ok(lines)
            }
            Some(known) if known + 1 == n => {
                let (x, y) = xy_of(&self.history[n - 1])?;
                Ok(vec![format!("TURN {x},{y}")])
            }
            Some(known) => Err(format!("the brain was told {known} moves of {n}").into()),
        }
    }
}

/// The board side and `INFO rule` of a Gomoku spec (`gomoku:15,exact-five,connect=5`).
pub(super) fn gomocup_board(spec: &str) -> Result<(usize, u32)> {
    let options = spec.split_once(':').map_or("", |(_, o)| o);
    let mut parts = options.split(',');
    let size = parts
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow!("game `{spec}`: no board size"))?;
    let mut rule = 0;
    for part in parts {
        match part {
            "freestyle" => rule = 0,
            "exact-five" => rule = 1,
            "connect=5" => {}
            other => bail!("game `{spec}`: a Gomocup brain plays five in a row, not `{other}`"),
        }
    }
    Ok((size, rule))
}

/// Writing to a brain that has closed its input must be an error (`EPIPE`, then a forfeit),
/// not the end of the match: `cutoff` restores SIGPIPE's default action at start-up (so that
/// `cutoff ... | head` ends quietly), and a match with external brains ignores it again.
fn ignore_sigpipe() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    #[cfg(unix)]
    ONCE.call_once(|| {
        // SAFETY: SIG_IGN installs no handler; setting a disposition is one system call,
        // safe from any thread.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
    });
}

/// The program of a command: a path that exists, or a name found on `PATH`.
fn find_program(program: &str) -> Result<()> {
    let found = if program.contains('/') {
        Path::new(program).is_file()
    } else {
        std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|dir| dir.join(program).is_file())
        })
    };
    match found {
        true => Ok(()),
        false => bail!("no program `{program}` (not a file, nor a name on PATH)"),
    }
}

/// A move in Gomoku's notation (`h8`) as the protocol's zero-based `X,Y`.
pub(super) fn xy_of(mv: &str) -> Result<(usize, usize), Failure> {
    let mut chars = mv.chars();
    let column = chars.next().filter(char::is_ascii_lowercase);
    let row: Option<usize> = chars.as_str().parse().ok();
    match (column, row) {
        (Some(c), Some(row)) if row > 0 => Ok((c as usize - 'a' as usize, row - 1)),
        _ => Err(format!("move `{mv}` is not a Gomoku point").into()),
    }
}

/// The brain's answer `X,Y` as a legal move of `game`.
pub(super) fn parse_reply<G: Game>(
    game: &G,
    size: usize,
    reply: &str,
    asked: &str,
) -> Result<G::Move, Failure> {
    let bad = || {
        let message = format!("answered `{reply}` to `{asked}`, which is no move X,Y");
        Failure::forfeit(Forfeit::BadAnswer, message)
    };
    let (x, y) = reply.split_once(',').ok_or_else(bad)?;
    let (x, y): (usize, usize) = match (x.trim().parse(), y.trim().parse()) {
        (Ok(x), Ok(y)) => (x, y),
        _ => return Err(bad()),
    };
    let illegal = |why: String| {
        let message = format!("played {x},{y} after `{asked}`: {why}");
        Failure::forfeit(Forfeit::IllegalMove, message)
    };
    if x >= size || y >= size {
        return Err(illegal(format!("off the {size}x{size} board")));
    }
    let name = format!("{}{}", char::from(b'a' + x as u8), y + 1);
    let mv = game.parse_move(&name).map_err(illegal)?;
    let mut legal = Vec::new();
    game.generate_moves(&mut legal);
    match legal.contains(&mv) {
        true => Ok(mv),
        false => Err(illegal(format!("{name} is not a legal move"))),
    }
}

/// A running brain: its pipes and the lines a reader thread passes on.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    fn spawn(command: &[String]) -> Result<Process, Failure> {
        let mut child = Command::new(&command[0]);
        child
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // A process group of its own: the terminal's Ctrl-C interrupts the match (which
        // keeps its games), not the brain (whose death would read as a forfeit).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut child, 0);
        let mut child = child
            .spawn()
            .map_err(|e| Failure::from(format!("could not start `{}`: {e}", command[0])))?;
        let stdin = child.stdin.take().expect("piped");
        let mut stdout = child.stdout.take().expect("piped");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            let mut line = Vec::new();
            while let Ok(n @ 1..) = stdout.read(&mut buffer) {
                for &byte in &buffer[..n] {
                    if byte != b'\n' && byte != b'\r' {
                        line.push(byte);
                        continue;
                    }
                    let text = String::from_utf8_lossy(&line).into_owned();
                    line.clear();
                    if send.send(text).is_err() {
                        return;
                    }
                }
            }
            if !line.is_empty() {
                let _ = send.send(String::from_utf8_lossy(&line).into_owned());
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
        })
    }

    /// Sends `line` with CR LF, as Piskvork does.
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let sent = write!(self.stdin, "{line}\r\n").and_then(|()| self.stdin.flush());
        sent.map_err(|_| {
            let message = format!("{} before it was sent `{line}`", self.exit_words());
            Failure::forfeit(Forfeit::Exited, message)
        })
    }

    /// The next line that is not chatter (`MESSAGE`, `DEBUG`, empty), arriving within
    /// `window` of `since`.
    fn reply(&mut self, asked: &str, window: Duration, since: Instant) -> Result<String, Failure> {
        loop {
            let remaining = window.saturating_sub(since.elapsed());
            match self.lines.recv_timeout(remaining) {
                Ok(line) if is_chatter(&line) => continue,
                Ok(line) => return Ok(line.trim().to_string()),
                Err(RecvTimeoutError::Timeout) => {
                    let message = format!("no answer within {} ms to {asked}", window.as_millis());
                    return Err(Failure::forfeit(Forfeit::Time, message));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let message = format!("{} before answering {asked}", self.exit_words());
                    return Err(Failure::forfeit(Forfeit::Exited, message));
                }
            }
        }
    }

    /// How the brain ended, as far as can be told within [`EXIT_WAIT`].
    fn exit_words(&mut self) -> String {
        match self.wait_for_exit() {
            Some(status) => format!("it exited ({status})"),
            None => "it closed its pipes".into(),
        }
    }

    fn wait_for_exit(&mut self) -> Option<std::process::ExitStatus> {
        let since = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if since.elapsed() < EXIT_WAIT => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => return None,
            }
        }
    }

    /// `END`, then a short wait for the exit (the kill of [`Drop`] follows).
    fn end(&mut self) {
        if self.send("END").is_ok() {
            self.wait_for_exit();
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Lines a brain may write at any time, which answer nothing.
pub(super) fn is_chatter(line: &str) -> bool {
    let line = line.trim();
    let keyword = line.split_whitespace().next().unwrap_or("");
    line.is_empty()
        || keyword.eq_ignore_ascii_case("MESSAGE")
        || keyword.eq_ignore_ascii_case("DEBUG")
}
