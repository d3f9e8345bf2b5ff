//! Where tool output meant for a terminal goes: `console.*` and `process.stdout/stderr` writes
//! reach the host's stderr (stdout carries the protocol) through `crate::stderr`'s bounded
//! queue, so a client that never reads stderr cannot block the host. Every console line and
//! `pi.logger` line is also offered to the front end (MCP logging) through the `LogTap`.

use std::sync::{Arc, Mutex};

use deno_core::{op2, OpState};
use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

/// One line for the front end's log: level (`debug`…`error`), which logger, and the data.
#[derive(Debug, Clone)]
pub(crate) struct LogRecord {
    pub level: String,
    pub logger: &'static str,
    pub data: Value,
}

/// Whether the front end wants a line at a level (`debug`, `info`, `warn`, `error`) now:
/// judged as the line is written, so a line written while nobody wanted it is never sent.
pub(crate) type LogWanted = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// Where lines go, and which are wanted.
type Subscriber = (UnboundedSender<LogRecord>, LogWanted);

/// The front end's subscription to log lines (none until one subscribes).
#[derive(Clone, Default)]
pub(crate) struct LogTap(Arc<Mutex<Option<Subscriber>>>);

impl std::fmt::Debug for LogTap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LogTap")
    }
}

impl LogTap {
    /// Sends every later line `wanted` at the time to `sink`.
    pub(crate) fn subscribe(&self, sink: UnboundedSender<LogRecord>, wanted: LogWanted) {
        *self.0.lock().unwrap() = Some((sink, wanted));
    }

    pub(crate) fn offer(&self, record: LogRecord) {
        if let Some((sink, wanted)) = self.0.lock().unwrap().as_ref() {
            if wanted(&record.level) {
                let _ = sink.send(record);
            }
        }
    }
}

/// `console.*` and process stream writes: to stderr, and to the front end's log.
#[op2(fast)]
pub(crate) fn op_console(state: &mut OpState, #[string] level: &str, #[string] text: &str) {
    crate::stderr::write(text);
    if let Some(tap) = state.try_borrow::<LogTap>() {
        let line = text.strip_suffix('\n').unwrap_or(text);
        tap.offer(LogRecord {
            level: level.to_string(),
            logger: "console",
            data: Value::String(line.to_string()),
        });
    }
}
