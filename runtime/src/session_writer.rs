//! The session file's writer: a thread appending the entries it is sent, so a call's end
//! never waits for the disk. It writes what has come, then rests for `WRITE_EVERY`, so a busy
//! host wakes it at most that often rather than once per call. A write that fails (a full
//! disk) leaves no part of a line behind: the file is cut back to its last whole line and the
//! lines are kept, in order, to be written again before any later ones, so the file and the
//! tools' view of it (which reads whole lines) carry on once space is free. What waits is
//! bounded (`MAX_WAITING_BYTES`); past it the oldest waiting lines are dropped, and counted.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long the writer rests between batches.
const WRITE_EVERY: Duration = Duration::from_millis(20);
/// How often lines that could not be written are tried again while nothing new comes.
const RETRY_EVERY: Duration = Duration::from_secs(1);
/// How much text may wait for a disk that refuses it.
const MAX_WAITING_BYTES: usize = 16 * 1024 * 1024;

pub(crate) struct Writer {
    pub lines: Sender<ToWriter>,
    pub thread: JoinHandle<()>,
}

pub(crate) enum ToWriter {
    /// Text to append (one or more lines, without the last line's newline).
    Lines(String),
    /// Answer once everything sent before is in the file (true) or waits to be written
    /// again (false).
    Flush(SyncSender<bool>),
    /// Append to this file from now on (the session file was replaced by a shorter one).
    Switch(File),
}

impl Writer {
    /// Starts the thread appending to `file` (named `path` in its messages).
    pub(crate) fn start(file: File, path: &Path) -> Writer {
        let (lines, received) = channel::<ToWriter>();
        let path = path.to_path_buf();
        let thread = std::thread::Builder::new()
            .name("session-log".into())
            .spawn(move || write_until_closed(file, &path, &received))
            .expect("spawn the session writer");
        Writer { lines, thread }
    }
}

/// Appends `bytes` to `file` (at `path`) whole, or not at all: a write cut short is cut off
/// the file again. Answers how many bytes were appended.
fn append_whole(file: &mut File, path: &Path, bytes: &[u8]) -> std::io::Result<usize> {
    let before = file.metadata()?.len();
    match file.write_all(bytes) {
        Ok(()) => Ok(bytes.len()),
        Err(e) => {
            let _ = cut_back(file, path, before);
            Err(e)
        }
    }
}

/// Cuts `file` back to `length` bytes.
#[cfg(unix)]
fn cut_back(file: &File, _path: &Path, length: u64) -> std::io::Result<()> {
    file.set_len(length)
}

/// Cuts `file` back to `length` bytes. A Windows handle opened to append may not set the
/// file's end (it lacks the right to write anywhere but the end), so the file is cut through
/// a second handle that may (opened as the first was, never through a link).
#[cfg(windows)]
fn cut_back(file: &File, path: &Path, length: u64) -> std::io::Result<()> {
    file.set_len(length)
        .or_else(|_| crate::private_dir::open_no_follow(std::fs::OpenOptions::new().write(true), path)?.set_len(length))
}

fn write_until_closed(mut file: File, path: &Path, received: &Receiver<ToWriter>) {
    let mut waiting = Waiting::default();
    loop {
        let first = if waiting.text.is_empty() {
            match received.recv() {
                Ok(message) => Some(message),
                Err(_) => return,
            }
        } else {
            match received.recv_timeout(RETRY_EVERY) {
                Ok(message) => Some(message),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => {
                    // Closing: one last try for what waits.
                    waiting.write(&mut file, path);
                    return;
                }
            }
        };
        let mut flushed = Vec::new();
        for message in first.into_iter().chain(std::iter::from_fn(|| received.try_recv().ok())) {
            match message {
                ToWriter::Lines(lines) => waiting.push(&lines),
                ToWriter::Flush(done) => flushed.push(done),
                ToWriter::Switch(replacement) => {
                    waiting.write(&mut file, path);
                    file = replacement;
                }
            }
        }
        waiting.write(&mut file, path);
        for done in flushed {
            let _ = done.send(waiting.text.is_empty());
        }
        // `close` unparks it, so the last lines go out without the wait.
        std::thread::park_timeout(WRITE_EVERY);
    }
}

/// Lines not in the file yet, and what is known of the file's state.
#[derive(Default)]
struct Waiting {
    text: String,
    /// A write failed and has not succeeded since (said once on stderr).
    failing: bool,
    /// Lines dropped since the disk refused them, not yet said.
    dropped: usize,
}

impl Waiting {
    fn push(&mut self, lines: &str) {
        self.text.push_str(lines);
        self.text.push('\n');
        if self.text.len() > MAX_WAITING_BYTES {
            // Drop whole lines from the front until it fits.
            let excess = self.text.len() - MAX_WAITING_BYTES;
            let cut = self.text[excess..].find('\n').map_or(self.text.len(), |i| excess + i + 1);
            self.dropped += self.text[..cut].matches('\n').count();
            self.text.drain(..cut);
        }
    }

    /// Appends what waits: all at once, and when that fails, line by line as far as the disk
    /// takes whole lines; the file is cut back to its last whole line and the rest waits.
    fn write(&mut self, file: &mut File, path: &Path) {
        if self.text.is_empty() {
            return;
        }
        let outcome = match append_whole(file, path, self.text.as_bytes()) {
            Ok(_) => Ok(()),
            Err(_) => {
                let mut taken = 0;
                let mut failure = None;
                for line in self.text.split_inclusive('\n') {
                    match append_whole(file, path, line.as_bytes()) {
                        Ok(bytes) => taken += bytes,
                        Err(e) => {
                            failure = Some(e);
                            break;
                        }
                    }
                }
                self.text.drain(..taken);
                failure.map_or(Ok(()), Err)
            }
        };
        match outcome {
            Ok(()) => {
                if self.failing || self.dropped > 0 {
                    crate::host_eprintln!(
                        "omp-host: the session file {} is written again{}",
                        path.display(),
                        match self.dropped {
                            0 => String::new(),
                            n => format!(" ({n} entries that waited too long were dropped)"),
                        }
                    );
                }
                self.text.clear();
                self.failing = false;
                self.dropped = 0;
            }
            Err(e) => {
                if !self.failing {
                    crate::host_eprintln!(
                        "omp-host: cannot write the session file {}: {e}; its entries wait and are written once it can be",
                        path.display()
                    );
                }
                self.failing = true;
            }
        }
    }
}
