//! The lines of the Gthd referee protocol (PROTOCOLS.md, "Gthd (Gothello referee)
//! protocol"): every server line a player can receive parsed into a [`Reply`], and the
//! client's requests written out.
//!
//! Only text: no sockets, no board, no clock. Moves stay strings here; the client checks
//! them against its board. A line this module does not know is an error that quotes it.

use crate::game::{Outcome, Side};

/// The protocol version the client speaks.
pub const VERSION: &str = "0.9.1";
/// Server number N listens on this port plus N.
pub const BASE_PORT: u16 = 29068;
/// The highest server number.
pub const MAX_SERVER: u16 = 29;

/// Black (side 0) and white (side 1), as the protocol writes them.
pub const SIDE_NAMES: [&str; 2] = ["black", "white"];

/// The name of `side` in the protocol.
pub fn side_name(side: Side) -> &'static str {
    SIDE_NAMES[usize::from(side)]
}

/// One server line, as a player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `000`: the greeting.
    Hello,
    /// `100`, or `101 <mySecs> <oppSecs>` with time controls.
    Accepted { clock: Option<[u32; 2]> },
    /// `198` bad version, `199` not understood, `191` side taken, `193` cannot observe.
    Refused { code: u16 },
    /// `351` white or `352` black: the game starts.
    Seat { side: Side },
    /// `200`, or `207 <secs> ...` with time control: our move was accepted.
    MoveAccepted { mv: String, secs: Option<u32> },
    /// `201`/`202`/`203`: our move was accepted and ended the game, which we win, lose or
    /// draw.
    GameOver { mv: String, outcome: Outcome },
    /// `202 Your time expires, and you lose`.
    TimeExpired,
    /// `291 Illegal move <m>`: the mover tries again.
    IllegalMove { mv: String },
    /// `299`: a wrong serial (with the one expected when the line says it) or missing
    /// ellipses.
    BadSerial { expected: Option<u32> },
    /// `311`-`318`: a move that continues the game, with the mover's seconds left under
    /// time control.
    Moved {
        side: Side,
        serial: u32,
        mv: String,
        secs: Option<u32>,
    },
    /// `321`-`326`: the move that ended the game, and its result for the side that made it.
    Ended {
        side: Side,
        serial: u32,
        mv: String,
        outcome: Outcome,
    },
    /// `361` black wins or `362` white wins, the other side's time having expired.
    TimeForfeit { winner: Side },
}

/// The handshake request for playing `side`.
pub fn hello(side: Side) -> String {
    format!("{VERSION} player {}", side_name(side))
}

/// The request that plays `mv` as `side` with `serial` (white's carries the ellipses).
pub fn move_request(side: Side, serial: u32, mv: &str) -> String {
    match side {
        0 => format!("{serial} {mv}"),
        _ => format!("{serial} ... {mv}"),
    }
}

/// Parses one server line (without its line end).
pub fn parse(line: &str) -> Result<Reply, String> {
    let not_understood = || format!("server line `{line}` not understood");
    let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let code: u16 = match words.first() {
        Some(code) if code.len() == 3 => code.parse().map_err(|_| not_understood())?,
        _ => return Err(not_understood()),
    };
    let rest = &words[1..];
    let reply = match code {
        0 => Some(Reply::Hello),
        100 => Some(Reply::Accepted { clock: None }),
        101 => clock(rest).map(|clock| Reply::Accepted { clock: Some(clock) }),
        191 | 193 | 198 | 199 => Some(Reply::Refused { code }),
        351 => Some(Reply::Seat { side: 1 }),
        352 => Some(Reply::Seat { side: 0 }),
        200 => word_after(rest, "move").map(|mv| Reply::MoveAccepted { mv, secs: None }),
        207 => accepted_with_time(rest),
        202 if line.to_ascii_lowercase().contains("time expires") => Some(Reply::TimeExpired),
        201..=203 => word_after(rest, "move").map(|mv| Reply::GameOver {
            mv,
            outcome: [Outcome::Win, Outcome::Loss, Outcome::Draw][usize::from(code - 201)],
        }),
        291 => word_after(rest, "move").map(|mv| Reply::IllegalMove { mv }),
        299 => Some(Reply::BadSerial {
            expected: word_after(rest, "expected").and_then(|w| w.parse().ok()),
        }),
        311..=318 => moved(code, rest),
        321..=326 => ended(code, rest),
        361 => Some(Reply::TimeForfeit { winner: 0 }),
        362 => Some(Reply::TimeForfeit { winner: 1 }),
        _ => None,
    };
    reply.ok_or_else(not_understood)
}

/// `<mySecs> <oppSecs>` of a `101`.
fn clock(words: &[&str]) -> Option<[u32; 2]> {
    Some([words.first()?.parse().ok()?, words.get(1)?.parse().ok()?])
}

/// The word after `key` (any case), without trailing punctuation and brackets.
fn word_after(words: &[&str], key: &str) -> Option<String> {
    let at = words.iter().position(|w| w.eq_ignore_ascii_case(key))?;
    let word = words.get(at + 1)?.trim_end_matches([',', '.', ')']);
    (!word.is_empty()).then(|| word.to_string())
}

/// `207 <secs> secs remaining after move <m> accepted, continue playing`.
fn accepted_with_time(words: &[&str]) -> Option<Reply> {
    Some(Reply::MoveAccepted {
        secs: Some(words.first()?.parse().ok()?),
        mv: word_after(words, "move")?,
    })
}

/// `<serial> [...] <m>` at the start of a broadcast, and the words after it.
fn serial_and_move<'a>(words: &'a [&'a str]) -> Option<(u32, String, &'a [&'a str])> {
    let serial = words.first()?.parse().ok()?;
    let at = if words.get(1) == Some(&"...") { 2 } else { 1 };
    Some((serial, words.get(at)?.to_string(), &words[at + 1..]))
}

/// `311`-`318`: odd codes are black's moves, even white's; `315`-`318` are passes;
/// `313`/`314`/`317`/`318` carry the mover's seconds after the move.
fn moved(code: u16, words: &[&str]) -> Option<Reply> {
    let (serial, mv, after) = serial_and_move(words)?;
    let timed = matches!(code, 313 | 314 | 317 | 318);
    let secs = match timed {
        true => Some(after.first()?.parse().ok()?),
        false => None,
    };
    let is_pass = mv == "pass";
    (is_pass == (code >= 315)).then_some(Reply::Moved {
        side: u8::from(code % 2 == 0),
        serial,
        mv,
        secs,
    })
}

/// `321`/`322`/`325`: black made the last move and wins, loses, draws; `323`/`324`/`326`
/// the same for white.
fn ended(code: u16, words: &[&str]) -> Option<Reply> {
    let (serial, mv, _) = serial_and_move(words)?;
    let (side, outcome) = match code {
        321 => (0, Outcome::Win),
        322 => (0, Outcome::Loss),
        323 => (1, Outcome::Win),
        324 => (1, Outcome::Loss),
        325 => (0, Outcome::Draw),
        _ => (1, Outcome::Draw),
    };
    Some(Reply::Ended {
        side,
        serial,
        mv,
        outcome,
    })
}
