//! Standard streams for the line-based front ends: a reader thread that hands over stdin
//! line by line (a line that is not UTF-8 is reported by number, and reading goes on), a
//! stdout writer task that batches lines and flushes when it runs dry (and its async form,
//! `BatchedWriter`, for the MCP transport), the wait for either to finish at exit (bounded
//! for a client that stopped reading), and the signals that end a session (SIGTERM, SIGINT,
//! SIGHUP; on Windows the console's Ctrl-C, Ctrl-Break and close events).

use std::io::{BufRead, Write};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use super::backlog::Backlog;

/// One line of input, or why it could not be read.
pub(crate) enum InputLine {
    Line { number: usize, text: String },
    NotUtf8 { number: usize },
}

/// Reads stdin on a thread of its own (so a busy host never stops input from being read)
/// and sends each non-blank line; the channel closes at end of input.
pub(crate) fn read_stdin_lines() -> UnboundedReceiver<InputLine> {
    let (lines, receiver) = unbounded_channel();
    std::thread::Builder::new()
        .name("omp-host-stdin".into())
        .spawn(move || {
            let mut stdin = std::io::stdin().lock();
            let mut buffer = Vec::new();
            let mut number = 0;
            loop {
                buffer.clear();
                match stdin.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                number += 1;
                let line = match std::str::from_utf8(&buffer) {
                    Ok(text) if text.trim().is_empty() => continue,
                    Ok(text) => InputLine::Line {
                        number,
                        text: text.trim_end_matches(['\n', '\r']).to_string(),
                    },
                    Err(_) => InputLine::NotUtf8 { number },
                };
                if lines.send(line).is_err() {
                    return;
                }
            }
        })
        .expect("spawn stdin reader");
    receiver
}

/// How long the host, done serving, waits for a client that reads none of its output before
/// it exits without the rest. A client that reads, however slowly, is waited for.
const STDOUT_STALL: Duration = Duration::from_secs(5);

/// A task writing the host's stdout, and its backlog (which also counts what it wrote).
pub(crate) struct StdoutTask {
    task: tokio::task::JoinHandle<()>,
    backlog: Backlog,
}

impl StdoutTask {
    /// Waits until everything queued is written. A client that stopped reading (nothing
    /// written for `STDOUT_STALL`) is not waited for: the host says so on stderr and goes on
    /// to exit (it used to wait forever, even after SIGTERM).
    pub(crate) async fn finish(self) {
        let StdoutTask { mut task, backlog } = self;
        let mut seen = backlog.written_so_far();
        let mut moved = Instant::now();
        loop {
            if tokio::time::timeout(Duration::from_millis(100), &mut task).await.is_ok() {
                return;
            }
            let now = backlog.written_so_far();
            if now != seen {
                (seen, moved) = (now, Instant::now());
            } else if moved.elapsed() >= STDOUT_STALL {
                crate::host_eprintln!(
                    "omp-host: the client read none of the host's output for {} s; exiting without the rest",
                    STDOUT_STALL.as_secs()
                );
                return;
            }
        }
    }
}

/// Lines for stdout, counted in the backlog until written.
#[derive(Clone)]
pub(crate) struct StdoutLines {
    lines: UnboundedSender<String>,
    backlog: Backlog,
}

impl StdoutLines {
    pub(crate) fn send(&self, line: String) {
        self.backlog.queued(line.len() + 1);
        let _ = self.lines.send(line);
    }

    pub(crate) fn backlog(&self) -> &Backlog {
        &self.backlog
    }
}

/// Writes lines to stdout in order; flushes whenever no more lines are waiting.
pub(crate) fn stdout_writer() -> (StdoutLines, StdoutTask) {
    let (lines, mut receiver) = unbounded_channel::<String>();
    let backlog = Backlog::default();
    let drained = backlog.clone();
    let task = tokio::task::spawn_blocking(move || {
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::with_capacity(64 * 1024, stdout.lock());
        let write = |out: &mut std::io::BufWriter<_>, line: &str| {
            let ok = writeln!(out, "{line}").is_ok();
            drained.written(line.len() + 1);
            ok
        };
        while let Some(line) = receiver.blocking_recv() {
            if !write(&mut out, &line) {
                return;
            }
            while let Ok(line) = receiver.try_recv() {
                if !write(&mut out, &line) {
                    return;
                }
            }
            if out.flush().is_err() {
                return;
            }
        }
    });
    let task = StdoutTask {
        task,
        backlog: backlog.clone(),
    };
    (StdoutLines { lines, backlog }, task)
}

/// An `AsyncWrite` whose flushes hand the bytes to a writer task instead of writing them at
/// once: messages answered in the same tick of the event loop go out in one write. The task
/// ends (after writing everything) once the writer is dropped.
pub(crate) struct BatchedWriter {
    pending: Vec<u8>,
    chunks: UnboundedSender<Vec<u8>>,
    backlog: Backlog,
}

impl BatchedWriter {
    /// Starts the task that writes to `out`; `StdoutTask::finish` waits until it has written
    /// everything.
    pub(crate) fn start<W: AsyncWrite + Unpin + Send + 'static>(mut out: W) -> (BatchedWriter, StdoutTask) {
        let (chunks, mut receiver) = unbounded_channel::<Vec<u8>>();
        let backlog = Backlog::default();
        let drained = backlog.clone();
        let task = tokio::spawn(async move {
            let mut batch = Vec::new();
            while let Some(chunk) = receiver.recv().await {
                batch.extend_from_slice(&chunk);
                // Let the other answers of this tick queue up behind this one.
                tokio::task::yield_now().await;
                while let Ok(chunk) = receiver.try_recv() {
                    batch.extend_from_slice(&chunk);
                }
                if out.write_all(&batch).await.is_err() || out.flush().await.is_err() {
                    return;
                }
                drained.written(batch.len());
                batch.clear();
            }
        });
        (
            BatchedWriter {
                pending: Vec::new(),
                chunks,
                backlog: backlog.clone(),
            },
            StdoutTask { task, backlog },
        )
    }

    /// What it has queued and not yet written.
    pub(crate) fn backlog(&self) -> Backlog {
        self.backlog.clone()
    }
}

impl AsyncWrite for BatchedWriter {
    fn poll_write(mut self: Pin<&mut Self>, _cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        self.pending.extend_from_slice(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        if !self.pending.is_empty() {
            let chunk = std::mem::take(&mut self.pending);
            self.backlog.queued(chunk.len());
            if self.chunks.send(chunk).is_err() {
                return Poll::Ready(Err(std::io::ErrorKind::BrokenPipe.into()));
            }
        }
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.poll_flush(cx)
    }
}

/// Resolves once the client has closed its end of the host's stdout (a pipe or socket whose
/// reader went away): nothing written from then on would reach it, so the session ends as
/// at end of input. A thread waits in `poll` for the error or hang-up the kernel reports on
/// the descriptor, so a host with nothing to write notices too. Never, when stdout is a
/// terminal or a file.
#[cfg(unix)]
pub(crate) async fn stdout_closed() {
    // SAFETY: fstat writes into a zeroed stat of the right type for a descriptor we own.
    let kind = unsafe {
        let mut stat: libc::stat = std::mem::zeroed();
        (libc::fstat(1, &mut stat) == 0).then_some(stat.st_mode & libc::S_IFMT)
    };
    if !matches!(kind, Some(libc::S_IFIFO | libc::S_IFSOCK)) {
        return std::future::pending().await;
    }
    let (closed, notice) = tokio::sync::oneshot::channel::<()>();
    let spawned = std::thread::Builder::new().name("omp-host-stdout-watch".into()).spawn(move || loop {
        // No events asked for: poll reports only POLLERR and POLLHUP, which it always does.
        let mut watched = libc::pollfd { fd: 1, events: 0, revents: 0 };
        // SAFETY: one valid pollfd; -1 waits without a time limit.
        let ready = unsafe { libc::poll(&mut watched, 1, -1) };
        if ready > 0 && watched.revents & (libc::POLLERR | libc::POLLHUP | libc::POLLNVAL) != 0 {
            let _ = closed.send(());
            return;
        }
    });
    if spawned.is_err() || notice.await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Never on Windows: a pipe's writer is told nothing when its reader goes away until it
/// writes, so there the session ends when a write to stdout fails or input ends.
#[cfg(windows)]
pub(crate) async fn stdout_closed() {
    std::future::pending().await
}

/// Resolves with the name of the first of SIGTERM, SIGINT or SIGHUP to arrive.
#[cfg(unix)]
pub(crate) async fn shutdown_signal() -> &'static str {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut int), Ok(mut hup)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt()), signal(SignalKind::hangup())) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
        _ = hup.recv() => "SIGHUP",
    }
}

/// Resolves with the name of the first console event to arrive, named as Node names them:
/// Ctrl-C is SIGINT, Ctrl-Break SIGBREAK, and the console's closing SIGHUP (Windows ends the
/// process a few seconds after that, shut down or not). Windows has no SIGTERM.
#[cfg(windows)]
pub(crate) async fn shutdown_signal() -> &'static str {
    use tokio::signal::windows::{ctrl_break, ctrl_c, ctrl_close};
    let (Ok(mut int), Ok(mut brk), Ok(mut close)) = (ctrl_c(), ctrl_break(), ctrl_close()) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = int.recv() => "SIGINT",
        _ = brk.recv() => "SIGBREAK",
        _ = close.recv() => "SIGHUP",
    }
}
