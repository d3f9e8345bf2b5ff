//! The two lines a tool call adds to the session file, in pi's shape: the assistant message
//! asking for the call (a `toolCall` block) and the `toolResult` message. They are written
//! from a fixed skeleton in which only the call's own values are serialized (by serde_json):
//! every call writes them, and serializing the skeleton's constant keys and values field by
//! field was a sixth of the serve thread's instructions per MCP call (callgrind). The tests
//! hold the skeleton to the typed shape it stands for.

use std::sync::LazyLock;

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

use crate::result::ToolResult;

/// The most of a call's arguments, content or details one entry keeps, in JSON bytes.
pub(crate) const MAX_PART_BYTES: usize = 1024 * 1024;

/// A call that ended, as the session records it.
pub(crate) struct RecordedCall<'a> {
    pub call_id: &'a str,
    pub tool: &'a str,
    /// The arguments, as JSON text.
    pub arguments: &'a RawValue,
    pub result: &'a ToolResult,
    /// pi's `nestedCalls`: the calls it made of other tools (`core/nested_record.rs`).
    pub nested_calls: Option<&'a Value>,
    /// When it ended: ISO 8601 text (the entries' `timestamp`) and milliseconds since the
    /// epoch (the messages').
    pub timestamp: &'a str,
    pub now_ms: u64,
}

/// The entry ids of a call's two lines, and the entry they follow.
pub(crate) struct LineIds<'a> {
    pub parent: Option<&'a str>,
    pub call: &'a str,
    pub result: &'a str,
}

/// The call's two lines, with a newline between them and none after; the second line starts
/// at the offset answered with them.
pub(crate) fn call_lines(call: &RecordedCall, ids: &LineIds) -> (String, usize) {
    let mut out = Vec::with_capacity(1024 + call.arguments.get().len());
    entry_start(&mut out, ids.call, ids.parent, call.timestamp);
    out.extend_from_slice(br#"{"role":"assistant","content":[{"type":"toolCall","id":"#);
    value(&mut out, call.call_id);
    out.extend_from_slice(br#","name":"#);
    value(&mut out, call.tool);
    out.extend_from_slice(br#","arguments":"#);
    bounded_part(&mut out, call.arguments, |out, len| value(out, &omitted("arguments", len)));
    out.extend_from_slice(br#"}],"api":"omp-host","provider":"omp-host","model":"omp-host","usage":"#);
    out.extend_from_slice(no_usage().get().as_bytes());
    out.extend_from_slice(br#","stopReason":"toolUse","timestamp":"#);
    value(&mut out, &call.now_ms);
    out.extend_from_slice(b"}}\n");
    let second = out.len();
    entry_start(&mut out, ids.result, Some(ids.call), call.timestamp);
    out.extend_from_slice(br#"{"role":"toolResult","toolCallId":"#);
    value(&mut out, call.call_id);
    out.extend_from_slice(br#","toolName":"#);
    value(&mut out, call.tool);
    out.extend_from_slice(br#","content":"#);
    bounded_part(&mut out, &call.result.content, |out, _| value(out, &content_omitted()));
    out.extend_from_slice(br#","details":"#);
    bounded_part(&mut out, &call.result.details, |out, len| value(out, &omitted("details", len)));
    if let Some(nested_calls) = call.nested_calls {
        out.extend_from_slice(br#","nestedCalls":"#);
        value(&mut out, nested_calls);
    }
    out.extend_from_slice(br#","isError":"#);
    value(&mut out, &call.result.is_error);
    out.extend_from_slice(br#","timestamp":"#);
    value(&mut out, &call.now_ms);
    out.extend_from_slice(b"}}");
    let lines = String::from_utf8(out).expect("serde_json writes UTF-8, and a RawValue holds a str");
    (lines, second)
}

/// A message entry's members up to its `message`, whose value comes next.
fn entry_start(out: &mut Vec<u8>, id: &str, parent: Option<&str>, timestamp: &str) {
    out.extend_from_slice(br#"{"type":"message","id":"#);
    value(out, id);
    out.extend_from_slice(br#","parentId":"#);
    value(out, &parent);
    out.extend_from_slice(br#","timestamp":"#);
    value(out, timestamp);
    out.extend_from_slice(br#","message":"#);
}

/// pi's usage block with every count zero.
fn no_usage() -> &'static RawValue {
    static NO_USAGE: LazyLock<Box<RawValue>> = LazyLock::new(|| {
        let usage = json!({ "input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0, "cost": { "input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0 } });
        serde_json::value::to_raw_value(&usage).expect("a JSON value serializes")
    });
    &NO_USAGE
}

/// What an entry keeps of a part (`what`) of `len` bytes, over the limit.
fn omitted(what: &str, len: usize) -> Value {
    json!({ "ompHostOmitted": format!("the {what} were {len} bytes; the session keeps at most {MAX_PART_BYTES}") })
}

/// What an entry keeps of a result's content over the limit: a text block saying so.
fn content_omitted() -> Value {
    let notice = format!("[omp-host: the result's content was larger than {MAX_PART_BYTES} bytes and is not kept in the session]");
    json!([{ "type": "text", "text": notice }])
}

/// Writes `part`; when it does not serialize or takes more than `MAX_PART_BYTES`, writes what
/// `instead` writes (given the length written) in its place.
fn bounded_part(out: &mut Vec<u8>, part: &(impl Serialize + ?Sized), instead: impl FnOnce(&mut Vec<u8>, usize)) {
    let start = out.len();
    let written = serde_json::to_writer(&mut *out, part).is_ok();
    let len = out.len() - start;
    if !written || len > MAX_PART_BYTES {
        out.truncate(start);
        instead(out, len);
    }
}

fn value(out: &mut Vec<u8>, value: &(impl Serialize + ?Sized)) {
    serde_json::to_writer(out, value).expect("writing JSON to memory cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed shape the skeleton stands for: pi's message entry.
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct MessageEntry<'a, M> {
        #[serde(rename = "type")]
        kind: &'static str,
        id: &'a str,
        parent_id: Option<&'a str>,
        timestamp: &'a str,
        message: M,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct AssistantToolCall<'a> {
        role: &'static str,
        content: [ToolCallBlock<'a>; 1],
        api: &'static str,
        provider: &'static str,
        model: &'static str,
        usage: &'static RawValue,
        stop_reason: &'static str,
        timestamp: u64,
    }

    #[derive(Serialize)]
    struct ToolCallBlock<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        id: &'a str,
        name: &'a str,
        arguments: &'a RawValue,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct ToolResultMessage<'a> {
        role: &'static str,
        tool_call_id: &'a str,
        tool_name: &'a str,
        content: &'a RawValue,
        details: &'a RawValue,
        #[serde(skip_serializing_if = "Option::is_none")]
        nested_calls: Option<&'a Value>,
        is_error: bool,
        timestamp: u64,
    }

    fn raw(value: &Value) -> Box<RawValue> {
        serde_json::value::to_raw_value(value).unwrap()
    }

    /// The two lines as serde writes the typed entries (parts over the limit replaced).
    fn typed_lines(call: &RecordedCall, ids: &LineIds) -> String {
        let bounded = |part: Box<RawValue>, instead: Value| if part.get().len() <= MAX_PART_BYTES { part } else { raw(&instead) };
        let arguments = bounded(call.arguments.to_owned(), omitted("arguments", call.arguments.get().len()));
        let content = bounded(serde_json::value::to_raw_value(&call.result.content).unwrap(), content_omitted());
        let details = raw(&call.result.details);
        let details_len = details.get().len();
        let details = bounded(details, omitted("details", details_len));
        let asked = MessageEntry {
            kind: "message",
            id: ids.call,
            parent_id: ids.parent,
            timestamp: call.timestamp,
            message: AssistantToolCall {
                role: "assistant",
                content: [ToolCallBlock {
                    kind: "toolCall",
                    id: call.call_id,
                    name: call.tool,
                    arguments: &arguments,
                }],
                api: "omp-host",
                provider: "omp-host",
                model: "omp-host",
                usage: no_usage(),
                stop_reason: "toolUse",
                timestamp: call.now_ms,
            },
        };
        let answered = MessageEntry {
            kind: "message",
            id: ids.result,
            parent_id: Some(ids.call),
            timestamp: call.timestamp,
            message: ToolResultMessage {
                role: "toolResult",
                tool_call_id: call.call_id,
                tool_name: call.tool,
                content: &content,
                details: &details,
                nested_calls: call.nested_calls,
                is_error: call.result.is_error,
                timestamp: call.now_ms,
            },
        };
        format!("{}\n{}", serde_json::to_string(&asked).unwrap(), serde_json::to_string(&answered).unwrap())
    }

    fn result(text: &str, details: Value, is_error: bool) -> ToolResult {
        serde_json::from_value(json!({ "content": [{ "type": "text", "text": text }], "details": details, "isError": is_error })).unwrap()
    }

    #[test]
    fn the_skeleton_writes_what_the_typed_entries_serialize_to() {
        let big = "x".repeat(MAX_PART_BYTES + 1);
        let cases = [
            (
                json!({ "path": "a \"quoted\" name\n", "n": 3 }),
                result("done ✓", json!({ "k": [1, 2] }), false),
                Some("0badc0de"),
            ),
            (json!({}), result("failed", json!({}), true), None),
            (
                json!({ "text": big }),
                result(&big, json!({ "blob": big }), false),
                Some("a \"parent\" from a client's file"),
            ),
        ];
        let nested = json!({ "calls": [{ "id": "c/1", "name": "echo", "arguments": { "text": "hi" }, "status": "ok", "durationMs": 3 }], "complete": true });
        for (n, (arguments, result, parent)) in cases.iter().enumerate() {
            let arguments = raw(arguments);
            let call = RecordedCall {
                call_id: "call-\"7\"",
                tool: "tool\\name",
                arguments: &arguments,
                result,
                nested_calls: (n == 0).then_some(&nested),
                timestamp: "2026-11-28T02:00:00.123Z",
                now_ms: 1_795_000_000_123,
            };
            let ids = LineIds {
                parent: *parent,
                call: "0000002a",
                result: "0000002b",
            };
            let (lines, second) = call_lines(&call, &ids);
            let expected = typed_lines(&call, &ids);
            assert!(lines == expected, "skeleton:\n{:.600}\ntyped:\n{:.600}", lines, expected);
            assert_eq!(&lines[second - 1..second], "\n");
            assert!(!lines[second..].contains('\n'), "one newline, between the lines");
            assert!(lines.len() < 3 * MAX_PART_BYTES, "parts over the limit are left out");
        }
    }
}
