//! Reads a child's stdout one line at a time with a bound on every wait: `poll(2)` before each
//! read, so a server that stops writing turns into `Stalled` instead of a hung benchmark, and
//! end of file into `Closed`.

use std::io::Read;
use std::os::fd::AsRawFd;
use std::process::ChildStdout;
use std::time::{Duration, Instant};

#[derive(Debug)]
pub enum ReadError {
    /// The server closed its stdout (it exited, or crashed).
    Closed,
    /// No complete line arrived within the timeout.
    Stalled(Duration),
    Io(std::io::Error),
}

pub struct LineReader {
    source: ChildStdout,
    buffer: Vec<u8>,
    /// Where the unread part of `buffer` starts.
    start: usize,
    /// How far `buffer` has been searched for a newline.
    scanned: usize,
    chunk: Box<[u8]>,
}

impl LineReader {
    pub fn new(source: ChildStdout) -> LineReader {
        LineReader {
            source,
            buffer: Vec::with_capacity(1 << 16),
            start: 0,
            scanned: 0,
            chunk: vec![0; 1 << 16].into_boxed_slice(),
        }
    }

    /// The next line (without its newline), waiting at most `timeout` for it.
    pub fn next_line(&mut self, timeout: Duration) -> Result<&[u8], ReadError> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(offset) = self.buffer[self.scanned..].iter().position(|&b| b == b'\n') {
                let end = self.scanned + offset;
                let line = self.start..end;
                self.start = end + 1;
                self.scanned = self.start;
                return Ok(&self.buffer[line]);
            }
            if self.start > 0 {
                self.buffer.drain(..self.start);
                self.start = 0;
            }
            self.scanned = self.buffer.len();
            self.wait_readable(deadline, timeout)?;
            match self.source.read(&mut self.chunk) {
                Ok(0) => return Err(ReadError::Closed),
                Ok(n) => self.buffer.extend_from_slice(&self.chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(ReadError::Io(e)),
            }
        }
    }

    fn wait_readable(&self, deadline: Instant, timeout: Duration) -> Result<(), ReadError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ReadError::Stalled(timeout));
            }
            let mut poll = libc::pollfd {
                fd: self.source.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let millis = left.as_millis().clamp(1, i32::MAX as u128) as i32;
            // SAFETY: one valid pollfd for a descriptor we own.
            match unsafe { libc::poll(&mut poll, 1, millis) } {
                // Readable, hung up or in error: the read that follows says which.
                1 => return Ok(()),
                0 => {}
                _ => {
                    let error = std::io::Error::last_os_error();
                    if error.kind() != std::io::ErrorKind::Interrupted {
                        return Err(ReadError::Io(error));
                    }
                }
            }
        }
    }
}
