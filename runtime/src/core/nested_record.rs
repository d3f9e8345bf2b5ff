//! The record of the calls a client's call made of other tools (pi's `ctx.executeTool`), at
//! any depth, kept as pi keeps it: `nestedCalls` on the calling call's `toolResult` message in
//! the session file. Bounded as pi bounds it: at most 256 calls, each call's arguments kept
//! up to 8 KiB and 32 KiB in all (past that only their size), errors cut at 500 characters;
//! `complete` is false when anything was left out or a call had not finished.

use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;
use serde_json::Value;

use crate::result::{text_of, ToolResult};

const MAX_CALLS: usize = 256;
const MAX_ARGUMENT_BYTES_PER_CALL: usize = 8 * 1024;
const MAX_ARGUMENT_BYTES_TOTAL: usize = 32 * 1024;
const MAX_ERROR_CHARS: usize = 500;

/// One nested call, in pi's `NestedToolCallRecord` shape.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct CallRecord {
    id: String,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    arguments: Option<Value>,
    /// The arguments' size as JSON, when they were left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    arguments_bytes: Option<usize>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    duration_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip)]
    started: Instant,
}

#[derive(Debug, Default)]
struct Recorded {
    calls: Vec<CallRecord>,
    /// Nothing was left out (calls past the limit, arguments past theirs).
    whole: bool,
    argument_bytes: usize,
}

/// The nested calls of one client's call; shared by every call nested in it.
#[derive(Debug)]
pub(crate) struct NestedCallRecord(Mutex<Recorded>);

impl Default for NestedCallRecord {
    fn default() -> NestedCallRecord {
        NestedCallRecord(Mutex::new(Recorded {
            whole: true,
            ..Recorded::default()
        }))
    }
}

impl NestedCallRecord {
    /// Notes call `id` of `tool` with `arguments` as it starts; its place in the record, or
    /// None when the record is full.
    pub(crate) fn start(&self, id: &str, tool: &str, arguments: &Value) -> Option<usize> {
        let mut recorded = self.0.lock().unwrap();
        if recorded.calls.len() >= MAX_CALLS {
            recorded.whole = false;
            return None;
        }
        let bytes = serde_json::to_vec(arguments).map_or(0, |json| json.len());
        let fits = bytes <= MAX_ARGUMENT_BYTES_PER_CALL && recorded.argument_bytes + bytes <= MAX_ARGUMENT_BYTES_TOTAL;
        if fits {
            recorded.argument_bytes += bytes;
        } else {
            recorded.whole = false;
        }
        recorded.calls.push(CallRecord {
            id: id.to_string(),
            name: tool.to_string(),
            arguments: fits.then(|| arguments.clone()),
            arguments_bytes: (!fits).then_some(bytes),
            status: "unfinished",
            duration_ms: None,
            error: None,
            started: Instant::now(),
        });
        Some(recorded.calls.len() - 1)
    }

    /// The call at `place` ended with `result` (a failed one's text is kept as its error).
    pub(crate) fn finish(&self, place: usize, result: &ToolResult) {
        let error = result.is_error.then(|| text_of(result)).filter(|text| !text.is_empty());
        let mut recorded = self.0.lock().unwrap();
        let Some(call) = recorded.calls.get_mut(place) else { return };
        call.status = if result.is_error { "error" } else { "ok" };
        call.duration_ms = Some(call.started.elapsed().as_millis() as u64);
        call.error = error.map(|text| text.chars().take(MAX_ERROR_CHARS).collect());
    }

    /// pi's `nestedCalls`: the calls so far, or None when no call was made.
    pub(crate) fn snapshot(&self) -> Option<Value> {
        let recorded = self.0.lock().unwrap();
        if recorded.calls.is_empty() && recorded.whole {
            return None;
        }
        let complete = recorded.whole && recorded.calls.iter().all(|call| call.status != "unfinished");
        Some(serde_json::json!({ "calls": recorded.calls, "complete": complete }))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::result::error_result;

    fn succeeded() -> ToolResult {
        serde_json::from_value(json!({ "content": [{ "type": "text", "text": "done" }] })).unwrap()
    }

    #[test]
    fn no_call_leaves_no_record() {
        assert_eq!(NestedCallRecord::default().snapshot(), None);
    }

    #[test]
    fn calls_are_kept_with_their_arguments_status_and_error() {
        let record = NestedCallRecord::default();
        let ok = record.start("c/1", "echo", &json!({"text": "hi"})).unwrap();
        let failed = record.start("c/2", "strict", &json!({})).unwrap();
        let running = record.start("c/1/1", "slow", &json!({})).unwrap();
        record.finish(ok, &succeeded());
        record.finish(failed, &error_result(&"x".repeat(600)));
        let snapshot = record.snapshot().unwrap();
        assert_eq!(snapshot["complete"], false, "one call is still running");
        let calls = snapshot["calls"].as_array().unwrap();
        assert_eq!((calls[0]["id"].clone(), calls[0]["status"].clone()), (json!("c/1"), json!("ok")));
        assert_eq!(calls[0]["arguments"], json!({"text": "hi"}));
        assert!(calls[0]["durationMs"].is_u64() && calls[0].get("error").is_none());
        assert_eq!(calls[1]["status"], "error");
        assert_eq!(calls[1]["error"].as_str().unwrap().len(), MAX_ERROR_CHARS);
        assert_eq!(calls[2]["status"], "unfinished");
        assert!(calls[2].get("durationMs").is_none());
        record.finish(running, &succeeded());
        assert_eq!(record.snapshot().unwrap()["complete"], true);
    }

    #[test]
    fn arguments_and_calls_past_the_limits_are_left_out() {
        let record = NestedCallRecord::default();
        let big = json!({"text": "x".repeat(MAX_ARGUMENT_BYTES_PER_CALL)});
        let place = record.start("c/1", "echo", &big).unwrap();
        record.finish(place, &succeeded());
        let snapshot = record.snapshot().unwrap();
        assert!(snapshot["calls"][0].get("arguments").is_none());
        assert_eq!(snapshot["calls"][0]["argumentsBytes"], MAX_ARGUMENT_BYTES_PER_CALL + 11);
        assert_eq!(snapshot["complete"], false);

        let record = NestedCallRecord::default();
        for n in 0..MAX_CALLS {
            let place = record.start(&format!("c/{n}"), "echo", &json!({})).unwrap();
            record.finish(place, &succeeded());
        }
        assert!(record.start("c/last", "echo", &json!({})).is_none());
        let snapshot = record.snapshot().unwrap();
        assert_eq!(snapshot["calls"].as_array().unwrap().len(), MAX_CALLS);
        assert_eq!(snapshot["complete"], false);
    }
}
