//! The reasons MCP clients give in `notifications/cancelled`. rmcp cancels the request's
//! token as soon as it reads the notification and hands the notification to the server only
//! afterwards, in a task of its own, so a call that looked for the reason when its token fired
//! found none yet: the tool was aborted with `Interrupted by user` and the reason, stored
//! later, was never taken. The transport notes the reason as it reads the line, before rmcp
//! sees it, and only for requests in flight, so nothing is kept for requests that have ended.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use rmcp::model::RequestId;

/// Requests in flight, and the reasons given for cancelling them.
#[derive(Clone, Default)]
pub struct CancelReasons(Arc<Mutex<Reasons>>);

#[derive(Default)]
struct Reasons {
    in_flight: HashSet<String>,
    given: HashMap<String, String>,
}

/// A `notifications/cancelled` line, as far as the reason goes.
#[derive(serde::Deserialize)]
struct Cancelled<'a> {
    method: &'a str,
    params: CancelledParams,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct CancelledParams {
    request_id: RequestId,
    reason: Option<String>,
}

/// A request in flight; dropping it forgets the request and any reason given for it.
pub struct InFlight {
    reasons: CancelReasons,
    request: String,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut reasons = self.reasons.0.lock().unwrap();
        reasons.in_flight.remove(&self.request);
        reasons.given.remove(&self.request);
    }
}

impl CancelReasons {
    /// Request `request` is in flight until the answer is dropped.
    pub fn begin(&self, request: &RequestId) -> InFlight {
        let request = request.to_string();
        self.0.lock().unwrap().in_flight.insert(request.clone());
        InFlight {
            reasons: self.clone(),
            request,
        }
    }

    /// Notes the reason if `line` is a `notifications/cancelled` of a request in flight.
    pub fn note(&self, line: &[u8]) {
        // Most lines are not: a byte search spares them the parse.
        if !line.windows(9).any(|w| w == b"cancelled") {
            return;
        }
        let Ok(cancelled) = serde_json::from_slice::<Cancelled>(line) else { return };
        let (Some(reason), "notifications/cancelled") = (cancelled.params.reason, cancelled.method) else {
            return;
        };
        let request = cancelled.params.request_id.to_string();
        let mut reasons = self.0.lock().unwrap();
        if reasons.in_flight.contains(&request) {
            reasons.given.insert(request, reason);
        }
    }

    /// The reason given for cancelling the request `in_flight`, if any.
    pub fn reason(&self, in_flight: &InFlight) -> Option<String> {
        self.0.lock().unwrap().given.get(&in_flight.request).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cancelled(id: serde_json::Value, reason: &str) -> Vec<u8> {
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": id, "reason": reason}})
            .to_string()
            .into_bytes()
    }

    #[test]
    fn a_reason_is_kept_for_a_request_in_flight_until_it_ends() {
        let reasons = CancelReasons::default();
        let numbered = reasons.begin(&RequestId::Number(3));
        let named = reasons.begin(&RequestId::String("call-3".into()));
        reasons.note(&cancelled(json!(3), "user gave up"));
        reasons.note(&cancelled(json!("call-3"), "too slow"));
        assert_eq!(reasons.reason(&numbered).as_deref(), Some("user gave up"));
        assert_eq!(reasons.reason(&named).as_deref(), Some("too slow"));
        drop(numbered);
        drop(named);
        let state = reasons.0.lock().unwrap();
        assert!(state.in_flight.is_empty() && state.given.is_empty());
    }

    #[test]
    fn reasons_for_requests_not_in_flight_and_other_lines_are_ignored() {
        let reasons = CancelReasons::default();
        let other = reasons.begin(&RequestId::Number(1));
        reasons.note(&cancelled(json!(9), "late"));
        reasons.note(br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"cancelled"}}"#);
        reasons.note(br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#);
        assert_eq!(reasons.reason(&other), None);
        assert!(reasons.0.lock().unwrap().given.is_empty());
    }
}
