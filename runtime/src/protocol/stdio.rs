//! Standard streams for the line-based front ends: a reader thread that hands over stdin
//! line by line (a line that is not UTF-8 is reported by number, and reading goes on), a
//! stdout writer task that batches lines and flushes when it runs dry (and its async form,
//! `BatchedWriter`, for the MCP transport), and the signals that end a session (SIGTERM,
//! SIGINT, SIGHUP).

use std::io::{BufRead, Write};
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// One line of input, or why it could not be read.
pub enum InputLine {
    Line { number: usize, text: String },
    NotUtf8 { number: usize },
}

/// Reads stdin on a thread of its own (so a busy host never stops input from being read)
/// and sends each non-blank line; the channel closes at end of input.
pub fn read_stdin_lines() -> UnboundedReceiver<InputLine> {
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

/// Writes lines to stdout in order; flushes whenever no more lines are waiting.
pub fn stdout_writer() -> (UnboundedSender<String>, tokio::task::JoinHandle<()>) {
    let (lines, mut receiver) = unbounded_channel::<String>();
    let task = tokio::task::spawn_blocking(move || {
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::with_capacity(64 * 1024, stdout.lock());
        while let Some(line) = receiver.blocking_recv() {
            if writeln!(out, "{line}").is_err() {
                return;
            }
            while let Ok(line) = receiver.try_recv() {
                if writeln!(out, "{line}").is_err() {
                    return;
                }
            }
            if out.flush().is_err() {
                return;
            }
        }
    });
    (lines, task)
}

/// An `AsyncWrite` whose flushes hand the bytes to a writer task instead of writing them at
/// once: messages answered in the same tick of the event loop go out in one write. The task
/// ends (after writing everything) once the writer is dropped.
pub struct BatchedWriter {
    pending: Vec<u8>,
    chunks: UnboundedSender<Vec<u8>>,
}

impl BatchedWriter {
    /// Starts the task that writes to `out`; await the handle to know everything was written.
    pub fn start<W: AsyncWrite + Unpin + Send + 'static>(mut out: W) -> (BatchedWriter, tokio::task::JoinHandle<()>) {
        let (chunks, mut receiver) = unbounded_channel::<Vec<u8>>();
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
                batch.clear();
            }
        });
        (BatchedWriter { pending: Vec::new(), chunks }, task)
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

/// Resolves with the name of the first of SIGTERM, SIGINT or SIGHUP to arrive.
pub async fn shutdown_signal() -> &'static str {
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
