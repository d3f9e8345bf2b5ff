//! Session entries on their way to the tools' `ctx.sessionManager`. The session log keeps
//! each call's entries (in its file, or in memory when it has none), on the serve core's
//! side, without entering the engine; the JavaScript side takes (and parses) the ones it has
//! not seen only when a tool reads the session (`op_session_new_entries`). Sending them
//! into the engine with every call kept every call's arguments and result alive in the
//! JavaScript heap of a host nobody asked about its session, and garbage collection of that
//! ever larger heap came to cost more than the calls themselves.

use std::sync::{Arc, Mutex};

use deno_core::{op2, OpState};

use crate::session_log::{ClientsOwnFile, SessionLog};

/// What fails in `pi.appendEntry`: no session is open yet, or it is the client's own file.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum SessionError {
    #[class(generic)]
    #[error("pi.appendEntry: {0}")]
    NoSession(#[from] NoSession),
    #[class(generic)]
    #[error("pi.appendEntry: {0}")]
    ClientsOwnFile(#[from] ClientsOwnFile),
}

/// An entry sent before the session was attached.
#[derive(Debug, thiserror::Error)]
#[error("no session is open yet")]
pub(crate) struct NoSession;

/// The session whose entries the tools read (none until the session is attached).
#[derive(Clone, Default)]
pub(crate) struct NewSessionEntries(Arc<Mutex<Option<Arc<SessionLog>>>>);

impl NewSessionEntries {
    /// Tools read `log`'s entries from now on, starting with the ones recorded after this.
    pub(crate) fn attach(&self, log: Arc<SessionLog>) {
        log.skip_unread();
        *self.0.lock().unwrap() = Some(log);
    }

    /// Tools of a new engine read `log`'s entries from now on, starting with every one
    /// recorded since the session started (they saw none of them).
    pub(crate) fn attach_from_start(&self, log: Arc<SessionLog>) {
        log.rewind_unread();
        *self.0.lock().unwrap() = Some(log);
    }

    /// Forgets what the tools have not seen (the session facts are being replaced).
    pub(crate) fn clear(&self) {
        if let Some(log) = self.0.lock().unwrap().as_ref() {
            log.skip_unread();
        }
    }

    /// Appends an extension's `custom` entry to the attached session.
    fn append_custom(&self, custom_type: &str, data: &serde_json::Value) -> Result<(), SessionError> {
        let log = self.0.lock().unwrap().clone();
        match log {
            Some(log) => Ok(log.append_custom(custom_type, data)?),
            None => Err(NoSession.into()),
        }
    }

    /// Appends an extension's message (`pi.sendMessage`) to the attached session; false when
    /// the session is the client's own file, which the host does not write.
    pub(crate) fn append_custom_message(&self, message: &serde_json::Value) -> Result<bool, NoSession> {
        let log = self.0.lock().unwrap().clone();
        match log {
            Some(log) => Ok(log.append_custom_message(message)),
            None => Err(NoSession),
        }
    }

    fn take(&self) -> Vec<String> {
        let log = self.0.lock().unwrap().clone();
        log.map(|log| log.take_unread()).unwrap_or_default()
    }
}

/// `pi.appendEntry(customType, data)`: a `custom` entry at the end of the session.
#[op2]
pub(crate) fn op_session_append_custom(
    state: &mut OpState,
    #[string] custom_type: &str,
    #[serde] data: crate::bridge::plain_json::PlainJson,
) -> Result<(), SessionError> {
    state.borrow::<NewSessionEntries>().append_custom(custom_type, &data.0)
}

/// The entries added since the last time this was asked, as JSON text.
#[op2]
#[serde]
pub(crate) fn op_session_new_entries(state: &mut OpState) -> Vec<String> {
    state.borrow::<NewSessionEntries>().take()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        use deno_error::JsErrorClass;
        let err = SessionError::from(NoSession);
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "pi.appendEntry: no session is open yet");
        let err = SessionError::from(ClientsOwnFile);
        assert!(
            err.get_message().starts_with("pi.appendEntry: the session is the client's own file"),
            "{}",
            err.get_message()
        );
    }
    use crate::session_log::SessionSource;
    use serde_json::json;

    #[test]
    fn entries_are_taken_once_in_order_and_clear_forgets_them() {
        let entries = NewSessionEntries::default();
        assert!(entries.take().is_empty(), "no session attached yet");
        let log = Arc::new(SessionLog::open(&SessionSource::InMemory, std::path::Path::new("/p"), std::path::Path::new("/nonexistent")).unwrap());
        let result = serde_json::from_value(json!({ "content": [] })).unwrap();
        log.record_call("before", "t", serde_json::value::to_raw_value(&json!({})).unwrap(), &result, None);
        entries.attach(log.clone());
        assert!(entries.take().is_empty(), "entries from before the attach are the session's start");
        log.record_call("c1", "t", serde_json::value::to_raw_value(&json!({})).unwrap(), &result, None);
        let taken = entries.take();
        assert_eq!(taken.len(), 2);
        assert!(taken[0].contains("\"c1\""));
        assert!(entries.take().is_empty());
        log.record_call("c2", "t", serde_json::value::to_raw_value(&json!({})).unwrap(), &result, None);
        entries.clear();
        assert!(entries.take().is_empty());
    }
}
