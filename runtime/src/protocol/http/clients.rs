//! What belongs to each client served over HTTP. A client is one MCP session (rmcp's session
//! manager gives each `initialize` its own `McpServer`), or, on the stateless 2026-07-28
//! revision, whoever the request's credentials name: the OAuth subject, else the holders of the
//! server's token (one identity; on loopback without a token, the local user). Its calls own
//! what they stage (a random key per session, the identity for stateless requests, given to the
//! pending queue), so only its own `resolve` acts on its previews; and its calls in flight are
//! known by session and request id, so that a client that drops a request's response stream
//! before the answer (it went away) or ends its session gets those calls cancelled — rmcp
//! keeps a session's calls running for a client that might resume the stream, and a client
//! that is gone never does. The reasons clients give in `notifications/cancelled` are noted
//! here too, before rmcp cancels the request (see mcp_cancel.rs).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rmcp::model::RequestId;
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};

use super::drain::{Drain, Entered};
use super::limits::{client_of, Limits, Slot};
use crate::pending::PendingQueue;
use crate::protocol::mcp_access::Access;
use crate::protocol::mcp_cancel::CancelReasons;
use crate::protocol::mcp_remote::{CallHold, RemoteClient};

/// The header that names a client's MCP session.
pub(crate) const SESSION_HEADER: &str = "mcp-session-id";

/// A client served over HTTP.
#[derive(Clone)]
pub(crate) struct Remote {
    /// The key its calls own pending actions by.
    pub owner: Arc<str>,
    /// Every HTTP client's calls in flight (shared).
    pub calls: ClientCalls,
    /// The server's drain (shared).
    pub drain: Drain,
    /// The per-client limits (shared).
    pub limits: Limits,
}

/// One call of a remote client, from its start to its end (held by the call's `Running`):
/// the call is its client's, and counts as running for the drain.
struct RemoteCall {
    pending: PendingQueue,
    call_id: String,
    _running: Entered,
    _slot: Slot,
}

impl Drop for RemoteCall {
    fn drop(&mut self) {
        self.pending.release_call(&self.call_id);
    }
}

impl Remote {
    /// A new client, with a fresh owner key.
    pub(crate) fn new(calls: &ClientCalls, drain: &Drain, limits: &Limits) -> Remote {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).expect("the system's random numbers");
        Remote {
            owner: Arc::from(format!("client-{}", hex::encode(bytes))),
            calls: calls.clone(),
            drain: drain.clone(),
            limits: limits.clone(),
        }
    }
}

impl RemoteClient for Remote {
    /// Call `call_id` of this client begins (refused while the server drains, or past the
    /// client's calls in flight).
    fn begin_call(&self, pending: &PendingQueue, call_id: &str, context: &RequestContext<RoleServer>) -> Result<CallHold, McpError> {
        let running = self.drain.call()?;
        let client = match context.extensions.get::<hyper::http::request::Parts>() {
            Some(parts) => client_of(parts),
            None => self.owner.to_string(),
        };
        let slot = self.limits.call(&client)?;
        pending.own_call(call_id, &self.owner_for(context));
        Ok(Box::new(RemoteCall {
            pending: pending.clone(),
            call_id: call_id.to_string(),
            _running: running,
            _slot: slot,
        }))
    }

    /// Who owns what a call of this request stages: the session's key, or for a stateless
    /// request (no session) the identity its credentials give, so that a later stateless
    /// request of the same identity can resolve it.
    fn owner_for(&self, context: &RequestContext<RoleServer>) -> Arc<str> {
        let Some(parts) = context.extensions.get::<hyper::http::request::Parts>() else {
            return self.owner.clone();
        };
        if parts.headers.contains_key(SESSION_HEADER) {
            return self.owner.clone();
        }
        stateless_owner(parts.extensions.get::<Arc<Access>>().and_then(|access| access.subject.as_deref()))
    }

    /// While the answer lives, the request being served (one of an MCP session's) stands for
    /// call `call_id`: dropping its response stream, or ending the session, cancels the call.
    /// None for a stateless request (rmcp cancels it when its stream is dropped).
    fn track(&self, context: &RequestContext<RoleServer>, call_id: &str, reasons: &CancelReasons) -> Option<CallHold> {
        let parts = context.extensions.get::<hyper::http::request::Parts>()?;
        let session = parts.headers.get(SESSION_HEADER)?.to_str().ok()?;
        Some(Box::new(self.calls.track(session, &context.id, call_id, reasons)))
    }
}

/// The owner key of stateless requests with OAuth subject `subject` (None: the server's token,
/// or no token on loopback).
fn stateless_owner(subject: Option<&str>) -> Arc<str> {
    match subject {
        Some(subject) => Arc::from(format!("stateless-sub:{subject}")),
        None => Arc::from("stateless"),
    }
}

/// The calls in flight of clients with MCP sessions, by session and request id; cheap to
/// clone.
#[derive(Clone, Default)]
pub(crate) struct ClientCalls(Arc<Mutex<HashMap<String, SessionCalls>>>);

#[derive(Default)]
struct SessionCalls {
    /// Call ids by the JSON of their request's id.
    calls: HashMap<String, String>,
    /// Where the session's cancel reasons go.
    reasons: CancelReasons,
}

/// A request tracked until dropped.
pub(crate) struct Tracked {
    calls: ClientCalls,
    session: String,
    request: String,
}

impl Drop for Tracked {
    fn drop(&mut self) {
        let mut sessions = self.calls.0.lock().unwrap();
        if let Some(session) = sessions.get_mut(&self.session) {
            session.calls.remove(&self.request);
            if session.calls.is_empty() {
                sessions.remove(&self.session);
            }
        }
    }
}

/// The key of a request id: its JSON (`7` and `"7"` are different ids).
pub(crate) fn request_key(id: &serde_json::Value) -> String {
    id.to_string()
}

impl ClientCalls {
    fn track(&self, session: &str, request: &RequestId, call_id: &str, reasons: &CancelReasons) -> Tracked {
        let request = request_key(&serde_json::to_value(request).unwrap_or_default());
        let mut sessions = self.0.lock().unwrap();
        let calls = sessions.entry(session.to_string()).or_default();
        calls.reasons = reasons.clone();
        calls.calls.insert(request.clone(), call_id.to_string());
        Tracked {
            calls: self.clone(),
            session: session.to_string(),
            request,
        }
    }

    /// The call request `request` (its id's key) of `session` stands for, if any.
    pub(crate) fn call_of(&self, session: &str, request: &str) -> Option<String> {
        self.0.lock().unwrap().get(session)?.calls.get(request).cloned()
    }

    /// Every call of `session` in flight.
    pub(crate) fn calls_of(&self, session: &str) -> Vec<String> {
        let sessions = self.0.lock().unwrap();
        sessions.get(session).map(|s| s.calls.values().cloned().collect()).unwrap_or_default()
    }

    /// Notes the reason a `notifications/cancelled` of `session` gives (a message body).
    pub(crate) fn note_cancel(&self, session: &str, body: &[u8]) {
        let reasons = self.0.lock().unwrap().get(session).map(|s| s.reasons.clone());
        if let Some(reasons) = reasons {
            reasons.note(body);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_request_stands_for_its_call_until_dropped() {
        let calls = ClientCalls::default();
        let reasons = CancelReasons::default();
        let first = calls.track("s1", &RequestId::Number(7), "mcp-1", &reasons);
        let _second = calls.track("s1", &RequestId::String("7".into()), "mcp-2", &reasons);
        assert_eq!(calls.call_of("s1", &request_key(&json!(7))).as_deref(), Some("mcp-1"));
        assert_eq!(calls.call_of("s1", &request_key(&json!("7"))).as_deref(), Some("mcp-2"));
        assert_eq!(calls.call_of("s2", &request_key(&json!(7))), None, "another session's request 7");
        drop(first);
        let mut left = calls.calls_of("s1");
        left.sort();
        assert_eq!(left, ["mcp-2"]);
    }

    #[test]
    fn a_cancel_reason_reaches_the_sessions_reasons() {
        let calls = ClientCalls::default();
        let reasons = CancelReasons::default();
        let _tracked = calls.track("s1", &RequestId::Number(3), "mcp-1", &reasons);
        let in_flight = reasons.begin(&RequestId::Number(3));
        calls.note_cancel(
            "s2",
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"other"}}"#,
        );
        calls.note_cancel(
            "s1",
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"user left"}}"#,
        );
        assert_eq!(reasons.reason(&in_flight).as_deref(), Some("user left"));
    }
}
