//! The server's lines read under one timeout per line: [`TimedLines`] gives up when a whole
//! line has not arrived within the timeout of the moment the client began waiting for it,
//! however the bytes trickle in. A timeout on each read would not: a server that sends a
//! byte now and then, never a line end, would hold the client for ever.

use std::io::{self, BufRead, ErrorKind, Read};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A byte stream whose reads can be bounded in time (a socket).
pub trait ReadTimeout: Read {
    /// Bounds the next reads by `timeout` (`None`: no bound).
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()>;
}

impl ReadTimeout for TcpStream {
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        TcpStream::set_read_timeout(self, timeout)
    }
}

impl ReadTimeout for std::os::unix::net::UnixStream {
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        std::os::unix::net::UnixStream::set_read_timeout(self, timeout)
    }
}

/// A buffered reader of `\n`-ended lines whose every line must arrive within `timeout`.
///
/// A line's time starts when a read for it is first needed after the previous line end
/// was consumed (the time between lines, while the client searches, is not counted), and
/// every read for it waits only for the time that line has left. When it is spent, the read
/// fails with [`ErrorKind::TimedOut`].
pub struct TimedLines<S> {
    stream: S,
    timeout: Duration,
    /// When the line being read must be complete; `None` between lines.
    deadline: Option<Instant>,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
}

impl<S: ReadTimeout> TimedLines<S> {
    /// Lines from `stream`, each within `timeout`.
    pub fn new(stream: S, timeout: Duration) -> Self {
        TimedLines {
            stream,
            timeout,
            deadline: None,
            buf: vec![0; 4096].into_boxed_slice(),
            start: 0,
            end: 0,
        }
    }
}

impl<S: ReadTimeout> Read for TimedLines<S> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<S: ReadTimeout> BufRead for TimedLines<S> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start == self.end {
            let deadline = *self
                .deadline
                .get_or_insert_with(|| Instant::now() + self.timeout);
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ErrorKind::TimedOut.into());
            }
            self.stream.set_read_timeout(Some(left))?;
            self.end = self.stream.read(&mut self.buf)?;
            self.start = 0;
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, n: usize) {
        let n = n.min(self.end - self.start);
        if self.buf[self.start..self.start + n].contains(&b'\n') {
            self.deadline = None;
        }
        self.start += n;
    }
}
