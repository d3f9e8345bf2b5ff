//! Which log messages an MCP client gets. A session opened with `initialize` (the revisions
//! before 2026-07-28) gets every message at or above its level (`info` until the client sends
//! `logging/setLevel`). The 2026-07-28 revision has no session level: a request asks for log
//! messages with `io.modelcontextprotocol/logLevel` in its `_meta`, so messages go out only
//! while a request that asked is being served, at the most detailed level such a request
//! asked for (the host's log lines are not tied to a call, so they cannot be sent to one
//! request alone). Each client has its gate, judged as a line is written (mcp_clients.rs). Also
//! the texts: a log line, a tool module's load error, the note that
//! messages were dropped.
// MCP logging is deprecated for the 2026 revision (SEP-2577) but part of every earlier one.
#![allow(deprecated)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use serde_json::json;

use crate::ext::host::console::LogRecord;
use crate::registry::LoadError;

/// The log levels clients asked for; cheap to clone.
#[derive(Clone, Default)]
pub(crate) struct LogGate(Arc<Mutex<Asked>>);

#[derive(Default)]
struct Asked {
    /// The session's level, once a client opened a session with `initialize` or set one.
    session: Option<LoggingLevel>,
    /// The levels requests being served asked for, by a number of the gate's.
    requests: HashMap<u64, LoggingLevel>,
    next: u64,
}

/// A request that asked for log messages; dropping it ends the asking.
pub(crate) struct AskedLogs {
    gate: LogGate,
    number: u64,
}

impl Drop for AskedLogs {
    fn drop(&mut self) {
        self.gate.0.lock().unwrap().requests.remove(&self.number);
    }
}

impl LogGate {
    /// The session's level (`initialize`, `logging/setLevel`).
    pub(crate) fn set_session_level(&self, level: LoggingLevel) {
        self.0.lock().unwrap().session = Some(level);
    }

    /// A request asks for messages at `level` while the answer is held.
    pub(crate) fn ask(&self, level: LoggingLevel) -> AskedLogs {
        let mut asked = self.0.lock().unwrap();
        asked.next += 1;
        let number = asked.next;
        asked.requests.insert(number, level);
        AskedLogs { gate: self.clone(), number }
    }

    /// The least severe level wanted now, if any message is wanted at all.
    pub(crate) fn wanted(&self) -> Option<LoggingLevel> {
        let asked = self.0.lock().unwrap();
        asked
            .session
            .into_iter()
            .chain(asked.requests.values().copied())
            .min_by_key(|level| severity(*level))
    }

    /// Whether a message at `level` goes out now.
    pub(crate) fn wants(&self, level: LoggingLevel) -> bool {
        self.wanted().is_some_and(|wanted| severity(level) >= severity(wanted))
    }
}

/// A log line as the log tap hands it over.
pub(crate) type LogLine = LogRecord;

/// The MCP level of one of the host's level names.
pub(crate) fn level_of(name: &str) -> LoggingLevel {
    match name {
        "debug" => LoggingLevel::Debug,
        "warn" | "warning" => LoggingLevel::Warning,
        "error" => LoggingLevel::Error,
        _ => LoggingLevel::Info,
    }
}

/// Orders levels from least to most severe.
pub(crate) fn severity(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

/// A log line (one the gate let through as it was written) as an MCP log message.
pub(crate) fn log_message(record: LogRecord) -> LoggingMessageNotificationParam {
    LoggingMessageNotificationParam::new(level_of(&record.level), record.data).with_logger(record.logger)
}

/// Sends each of `errors` to the client as a warning.
pub(crate) async fn send_load_errors(peer: &rmcp::Peer<rmcp::RoleServer>, errors: &[LoadError]) {
    for error in errors {
        let _ = peer.notify_logging_message(load_error_message(error)).await;
    }
}

/// A load error (a tool module that failed to load, or a config file's problem), as a
/// warning: where, and what is wrong.
fn load_error_message(error: &LoadError) -> LoggingMessageNotificationParam {
    let text = format!("omp-host: load error: {}", error.text());
    LoggingMessageNotificationParam::new(LoggingLevel::Warning, json!(text)).with_logger("omp-host")
}

/// The warning that `count` log messages were dropped while the client was not reading.
pub(crate) fn dropped_logs(count: u64) -> LoggingMessageNotificationParam {
    let text = format!("omp-host: {count} log messages were dropped: the client was not reading the host's output");
    LoggingMessageNotificationParam::new(LoggingLevel::Warning, json!(text)).with_logger("omp-host")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_session_level_only_requests_that_asked_get_messages() {
        let gate = LogGate::default();
        assert!(!gate.wants(LoggingLevel::Error), "nothing asked: nothing goes out");
        let warnings = gate.ask(LoggingLevel::Warning);
        assert!(gate.wants(LoggingLevel::Warning) && !gate.wants(LoggingLevel::Info));
        let debug = gate.ask(LoggingLevel::Debug);
        assert!(gate.wants(LoggingLevel::Debug), "the most detailed level asked for");
        drop(debug);
        assert!(!gate.wants(LoggingLevel::Info));
        drop(warnings);
        assert!(!gate.wants(LoggingLevel::Error), "the requests ended");
    }

    #[test]
    fn a_session_level_holds_between_requests() {
        let gate = LogGate::default();
        gate.set_session_level(LoggingLevel::Info);
        assert!(gate.wants(LoggingLevel::Info) && !gate.wants(LoggingLevel::Debug));
        let _debug = gate.ask(LoggingLevel::Debug);
        assert!(gate.wants(LoggingLevel::Debug));
    }
}
