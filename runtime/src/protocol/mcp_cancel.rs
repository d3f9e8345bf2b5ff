//! The reasons MCP clients give in `notifications/cancelled`. rmcp cancels the request's
//! token as soon as it reads the notification and hands the notification to the server only
//! afterwards, in a task of its own, so a call that looked for the reason when its token fired
//! found none yet: the tool was aborted with `Interrupted by user` and the reason, stored
//! later, was never taken. The transport notes the reason as it reads the line, before rmcp
//! sees it (the request's own task may not have begun yet: a client can cancel at once). A
//! request's reason goes when the request ends; reasons for requests that never come are
//! kept only among the last `KEPT`.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use rmcp::model::RequestId;

/// How many reasons are kept at most (the oldest go first).
const KEPT: usize = 256;

/// The reasons given for cancelling requests, by request id.
#[derive(Clone, Default)]
pub(crate) struct CancelReasons(Arc<Mutex<Reasons>>);

#[derive(Default)]
struct Reasons {
    given: HashMap<String, String>,
    /// The ids in `given`, oldest first.
    order: VecDeque<String>,
}

impl Reasons {
    fn forget(&mut self, request: &str) {
        if self.given.remove(request).is_some() {
            self.order.retain(|id| id != request);
        }
    }
}

/// A `notifications/cancelled` line, as far as the request and the reason go.
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

/// The request a `notifications/cancelled` line cancels, and the reason it gives, if the
/// line is one.
pub(crate) fn cancelled_request(line: &[u8]) -> Option<(RequestId, Option<String>)> {
    // Most lines are not: a byte search spares them the parse.
    if !line.windows(9).any(|w| w == b"cancelled") {
        return None;
    }
    let cancelled = serde_json::from_slice::<Cancelled>(line).ok()?;
    (cancelled.method == "notifications/cancelled").then_some((cancelled.params.request_id, cancelled.params.reason))
}

/// A request being served; dropping it forgets any reason given for it.
pub(crate) struct InFlight {
    reasons: CancelReasons,
    request: String,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.reasons.0.lock().unwrap().forget(&self.request);
    }
}

impl CancelReasons {
    /// Request `request` is being served until the answer is dropped.
    pub(crate) fn begin(&self, request: &RequestId) -> InFlight {
        InFlight {
            reasons: self.clone(),
            request: request.to_string(),
        }
    }

    /// Notes the reason if `line` is a `notifications/cancelled` that gives one.
    pub(crate) fn note(&self, line: &[u8]) {
        let Some((request, Some(reason))) = cancelled_request(line) else { return };
        let request = request.to_string();
        let mut reasons = self.0.lock().unwrap();
        reasons.forget(&request);
        reasons.given.insert(request.clone(), reason);
        reasons.order.push_back(request);
        while reasons.order.len() > KEPT {
            let oldest = reasons.order.pop_front().expect("longer than KEPT");
            reasons.given.remove(&oldest);
        }
    }

    /// The reason given for cancelling the request `in_flight`, if any.
    pub(crate) fn reason(&self, in_flight: &InFlight) -> Option<String> {
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
    fn a_cancel_names_its_request_with_or_without_a_reason() {
        let line = br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c7"}}"#;
        assert_eq!(cancelled_request(line), Some((RequestId::String("c7".into()), None)));
        assert_eq!(
            cancelled_request(&cancelled(json!(4), "slow")),
            Some((RequestId::Number(4), Some("slow".into())))
        );
        assert_eq!(
            cancelled_request(br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"cancelled"}}"#),
            None
        );
    }

    #[test]
    fn a_reason_is_kept_until_its_request_ends_even_if_noted_before_it_began() {
        let reasons = CancelReasons::default();
        reasons.note(&cancelled(json!(3), "user gave up"));
        let numbered = reasons.begin(&RequestId::Number(3));
        let named = reasons.begin(&RequestId::String("call-3".into()));
        reasons.note(&cancelled(json!("call-3"), "too slow"));
        assert_eq!(reasons.reason(&numbered).as_deref(), Some("user gave up"));
        assert_eq!(reasons.reason(&named).as_deref(), Some("too slow"));
        drop(numbered);
        drop(named);
        let state = reasons.0.lock().unwrap();
        assert!(state.given.is_empty() && state.order.is_empty());
    }

    #[test]
    fn other_lines_give_no_reason_and_reasons_for_requests_that_never_come_are_bounded() {
        let reasons = CancelReasons::default();
        let first = reasons.begin(&RequestId::Number(1));
        reasons.note(br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"cancelled"}}"#);
        reasons.note(br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#);
        assert_eq!(reasons.reason(&first), None);
        for id in 0..1000 {
            reasons.note(&cancelled(json!(format!("never-{id}")), "late"));
        }
        let state = reasons.0.lock().unwrap();
        assert_eq!((state.given.len(), state.order.len()), (KEPT, KEPT));
        assert!(state.given.contains_key("never-999") && !state.given.contains_key("never-0"));
    }
}
