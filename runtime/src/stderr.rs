//! The host's stderr, which no client is obliged to read. Everything written while a session
//! serves (tool output, the host's own notices) goes through one writer thread with a bounded
//! queue, so a full stderr pipe never blocks the host; what does not fit is dropped and
//! counted. At exit the queue is given a bounded time to drain (`drain`).

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How much text may wait for stderr before more is dropped.
const QUEUE_BYTES: usize = 1024 * 1024;

struct Queue {
    lines: SyncSender<Vec<u8>>,
    /// Bytes handed over and not yet written.
    queued: AtomicUsize,
    dropped: AtomicUsize,
}

fn queue() -> &'static Queue {
    static QUEUE: OnceLock<Queue> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let (lines, receiver) = sync_channel::<Vec<u8>>(4096);
        std::thread::Builder::new()
            .name("omp-host-stderr".into())
            .spawn(move || {
                let stderr = std::io::stderr();
                for bytes in receiver {
                    let mut out = stderr.lock();
                    let _ = out.write_all(&bytes);
                    let _ = out.flush();
                    queue().queued.fetch_sub(bytes.len(), Ordering::AcqRel);
                }
            })
            .expect("spawn stderr writer");
        Queue {
            lines,
            queued: AtomicUsize::new(0),
            dropped: AtomicUsize::new(0),
        }
    })
}

/// Writes `text` to stderr without ever blocking the caller.
pub(crate) fn write(text: &str) {
    write_bytes(text.as_bytes());
}

/// Writes `text` (any bytes) to stderr without ever blocking the caller.
pub(crate) fn write_bytes(text: &[u8]) {
    let _ = QUEUE_STARTED.set(());
    let queue = queue();
    let dropped = queue.dropped.load(Ordering::Acquire);
    let mut bytes = Vec::with_capacity(text.len() + 64);
    if dropped > 0 && queue.queued.load(Ordering::Acquire) < QUEUE_BYTES / 2 {
        queue.dropped.fetch_sub(dropped, Ordering::AcqRel);
        bytes.extend_from_slice(format!("[omp-host: {dropped} bytes of output to stderr were dropped: nothing was reading stderr]\n").as_bytes());
    }
    bytes.extend_from_slice(text);
    if queue.queued.fetch_add(bytes.len(), Ordering::AcqRel) + bytes.len() > QUEUE_BYTES {
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

/// Waits until everything queued was written, or `limit` passed (nobody reads stderr).
pub(crate) fn drain(limit: Duration) {
    let Some(queue) = QUEUE_STARTED.get().map(|_| queue()) else { return };
    let started = Instant::now();
    while queue.queued.load(Ordering::Acquire) > 0 && started.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Set once anything was queued, so `drain` never starts the writer thread for nothing.
static QUEUE_STARTED: OnceLock<()> = OnceLock::new();

/// `eprintln!` through the non-blocking queue.
#[macro_export]
macro_rules! host_eprintln {
    ($($arg:tt)*) => {
        $crate::stderr::write(&format!("{}\n", format_args!($($arg)*)))
    };
}
