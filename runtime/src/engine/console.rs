//! Where tool output meant for a terminal goes: `console.*`, `process.stdout/stderr` writes
//! and child output with `stdio: "inherit"` reach the host's stderr (stdout carries the
//! protocol) through a writer thread with a bounded queue, so a client that never reads
//! stderr cannot block the host; what does not fit is dropped and counted. Every console line
//! and `pi.logger` line is also offered to the front end (MCP logging) through the `LogTap`.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};

use deno_core::{op2, OpState};
use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

/// How much tool output may wait for stderr before more is dropped.
const STDERR_QUEUE_BYTES: usize = 1024 * 1024;

/// One line for the front end's log: level (`debug`…`error`), which logger, and the data.
#[derive(Debug, Clone)]
pub struct LogRecord {
    pub level: String,
    pub logger: &'static str,
    pub data: Value,
}

/// The front end's subscription to log lines (none until one subscribes).
#[derive(Clone, Default)]
pub struct LogTap(Arc<Mutex<Option<UnboundedSender<LogRecord>>>>);

impl std::fmt::Debug for LogTap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LogTap")
    }
}

impl LogTap {
    /// Sends every later line to `sink`.
    pub fn subscribe(&self, sink: UnboundedSender<LogRecord>) {
        *self.0.lock().unwrap() = Some(sink);
    }

    pub fn offer(&self, record: LogRecord) {
        if let Some(sink) = self.0.lock().unwrap().as_ref() {
            let _ = sink.send(record);
        }
    }
}

struct StderrQueue {
    lines: SyncSender<Vec<u8>>,
    queued: Arc<AtomicUsize>,
    dropped: AtomicUsize,
}

fn stderr_queue() -> &'static StderrQueue {
    static QUEUE: OnceLock<StderrQueue> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let (lines, receiver) = sync_channel::<Vec<u8>>(4096);
        let queued = Arc::new(AtomicUsize::new(0));
        let drained = queued.clone();
        std::thread::Builder::new()
            .name("omp-host-stderr".into())
            .spawn(move || {
                let stderr = std::io::stderr();
                for bytes in receiver {
                    let mut out = stderr.lock();
                    let _ = out.write_all(&bytes);
                    let _ = out.flush();
                    drained.fetch_sub(bytes.len(), Ordering::AcqRel);
                }
            })
            .expect("spawn stderr writer");
        StderrQueue {
            lines,
            queued,
            dropped: AtomicUsize::new(0),
        }
    })
}

/// Writes `text` to the host's stderr without ever blocking the caller.
pub fn write_stderr(text: &str) {
    let queue = stderr_queue();
    let dropped = queue.dropped.load(Ordering::Acquire);
    let mut bytes = Vec::with_capacity(text.len() + 64);
    if dropped > 0 && queue.queued.load(Ordering::Acquire) < STDERR_QUEUE_BYTES / 2 {
        queue.dropped.fetch_sub(dropped, Ordering::AcqRel);
        bytes.extend_from_slice(format!("[omp-host: {dropped} bytes of tool output to stderr were dropped: nothing was reading stderr]\n").as_bytes());
    }
    bytes.extend_from_slice(text.as_bytes());
    if queue.queued.fetch_add(bytes.len(), Ordering::AcqRel) + bytes.len() > STDERR_QUEUE_BYTES {
        queue.queued.fetch_sub(bytes.len(), Ordering::AcqRel);
        queue.dropped.fetch_add(text.len(), Ordering::AcqRel);
        return;
    }
    let len = bytes.len();
    if let Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) = queue.lines.try_send(bytes) {
        queue.queued.fetch_sub(len, Ordering::AcqRel);
        queue.dropped.fetch_add(text.len(), Ordering::AcqRel);
    }
}

/// `console.*` and process stream writes: to stderr, and to the front end's log.
#[op2(fast)]
pub fn op_console(state: &mut OpState, #[string] level: &str, #[string] text: &str) {
    write_stderr(text);
    if let Some(tap) = state.try_borrow::<LogTap>() {
        let line = text.strip_suffix('\n').unwrap_or(text);
        tap.offer(LogRecord {
            level: level.to_string(),
            logger: "console",
            data: Value::String(line.to_string()),
        });
    }
}
