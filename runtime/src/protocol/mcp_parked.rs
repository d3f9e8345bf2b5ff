//! The MCP calls parked between two rounds of their request (2026-07-28's input-required
//! round trip, mcp_call.rs): each waits under the random `requestState` its last round gave
//! the client, until the client comes back with the answers or the session ends.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc::UnboundedReceiver;

use super::mcp_logs::AskedLogs;
use super::mcp_remote::CallHold;
use crate::events::Event;

/// A call being served, between the rounds of its request.
pub(crate) struct Running {
    pub call_id: String,
    pub tool: String,
    /// The tool's `outputSchema` as MCP lists it, compiled: its results are checked against it.
    pub output: Option<Arc<crate::schema::CompiledSchema>>,
    pub events: UnboundedReceiver<Event>,
    /// Its questions come back in input-required results (else they go as
    /// `elicitation/create`, or nowhere).
    pub asks_in_results: bool,
    /// The log messages its request asked for, while it runs (held, not read).
    #[allow(dead_code, reason = "held for its drop")]
    pub asked_logs: Option<AskedLogs>,
    /// For a client served over HTTP: the call is its client's while it runs (held).
    #[allow(dead_code, reason = "held for its drop")]
    pub remote: Option<CallHold>,
}

/// Calls waiting for the client's answers, by the `requestState` their last round gave.
#[derive(Clone, Default)]
pub(crate) struct ParkedCalls(Arc<Mutex<HashMap<String, Running>>>);

impl ParkedCalls {
    /// Keeps `running` until a request names `state`.
    pub(crate) fn park(&self, state: String, running: Running) {
        self.0.lock().unwrap().insert(state, running);
    }

    /// The call parked under `state`, no longer parked.
    pub(crate) fn take(&self, state: &str) -> Option<Running> {
        self.0.lock().unwrap().remove(state)
    }
}
