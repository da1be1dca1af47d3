//! The manager's lines parsed (PROTOCOLS.md, "Gomocup / Piskvork brain protocol"): one
//! command a line, its keyword in any case, coordinates zero-based `X,Y` (X the column, Y
//! the row). A line that names no known command is [`Command::Unknown`] (the brain answers
//! `UNKNOWN`); a known command with bad arguments is an error (the brain answers `ERROR`).
//! Text only: no board, no clock.

/// A point as the manager writes it: column `x`, row `y`, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xy {
    pub x: usize,
    pub y: usize,
}

/// One command of the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START <size>`: a new game on a square board.
    Start(usize),
    /// `RECTSTART <w>,<h>`: a new game on a rectangular board.
    RectStart(usize, usize),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: play the first move.
    Begin,
    /// `TURN X,Y`: the opponent played there; answer with a move.
    Turn(Xy),
    /// `BOARD`: a whole position follows, one `X,Y,F` a line, then `DONE`.
    Board,
    /// `TAKEBACK X,Y`: remove the stone there.
    Takeback(Xy),
    /// `INFO <key> <value>`: a setting; the value may be empty or hold spaces.
    Info(String, String),
    /// `ABOUT`: the brain's name and version.
    About,
    /// `END`: exit at once.
    End,
    /// Anything else, with the keyword.
    Unknown(String),
}

/// Who owns a stone of a `BOARD` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// `1`: the brain's own stone.
    Own,
    /// `2`: the opponent's.
    Opponent,
    /// `3`: a winning or forbidden point of continuous games, no stone.
    Mark,
}

/// A line inside `BOARD` ... `DONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLine {
    /// `X,Y,F`.
    Stone(Xy, Owner),
    /// `DONE`: the position is complete.
    Done,
}

/// Parses one line (without its line end); the error says what is wrong with a known
/// command.
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (keyword, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(k, r)| (k, r.trim()));
    let bare = |command: Command| match rest {
        "" => Ok(command),
        _ => Err(format!("{keyword} takes no argument, not `{rest}`")),
    };
    match keyword.to_ascii_uppercase().as_str() {
        "START" => Ok(Command::Start(number(keyword, rest)?)),
        "RECTSTART" => {
            let (w, h) = rest
                .split_once(',')
                .ok_or_else(|| format!("RECTSTART needs <width>,<height>, not `{rest}`"))?;
            Ok(Command::RectStart(number(keyword, w)?, number(keyword, h)?))
        }
        "RESTART" => bare(Command::Restart),
        "BEGIN" => bare(Command::Begin),
        "TURN" => Ok(Command::Turn(xy(keyword, rest)?)),
        "BOARD" => bare(Command::Board),
        "TAKEBACK" => Ok(Command::Takeback(xy(keyword, rest)?)),
        "INFO" => {
            if rest.is_empty() {
                return Err("INFO needs a key and a value".into());
            }
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            Ok(Command::Info(
                key.to_ascii_lowercase(),
                value.trim().to_string(),
            ))
        }
        "ABOUT" => bare(Command::About),
        "END" => bare(Command::End),
        _ => Ok(Command::Unknown(keyword.to_string())),
    }
}

/// Parses a line inside `BOARD`: `X,Y,F` or `DONE`.
pub fn parse_board_line(line: &str) -> Result<BoardLine, String> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(BoardLine::Done);
    }
    let mut parts = line.split(',').map(str::trim);
    let bad = || format!("a BOARD line is X,Y,F or DONE, not `{line}`");
    let (Some(x), Some(y), Some(f), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let owner = match f {
        "1" => Owner::Own,
        "2" => Owner::Opponent,
        "3" => Owner::Mark,
        _ => return Err(format!("the F of a BOARD line is 1, 2 or 3, not `{f}`")),
    };
    let x = x.parse().map_err(|_| bad())?;
    let y = y.parse().map_err(|_| bad())?;
    Ok(BoardLine::Stone(Xy { x, y }, owner))
}

fn number(keyword: &str, text: &str) -> Result<usize, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{keyword} needs a whole number, not `{}`", text.trim()))
}

fn xy(keyword: &str, text: &str) -> Result<Xy, String> {
    let bad = || format!("{keyword} needs X,Y (two whole numbers), not `{text}`");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x = x.trim().parse().map_err(|_| bad())?;
    let y = y.trim().parse().map_err(|_| bad())?;
    Ok(Xy { x, y })
}

/// A move as the brain answers it: `X,Y`.
pub fn format_xy(at: Xy) -> String {
    format!("{},{}", at.x, at.y)
}
