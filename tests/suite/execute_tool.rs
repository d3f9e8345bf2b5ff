//! pi's `ctx.executeTool`: a tool calls another through the host's pipeline (lookup,
//! validation, `tool_call` handlers, exposure), gets its partial results and an outcome that
//! never rejects; the nested call runs under its caller's permit (an exclusive caller calling
//! an exclusive tool does not wait on itself), is cancelled with its caller, is bounded in
//! depth, and reaches `run` clients as pi's events with `parentToolCallId`, but not MCP
//! clients, whose answer stays the caller's. Fixture: tests/fixtures/execute_tool/.
use crate::common::*;

use serde_json::{json, Value};

fn sandbox(name: &str) -> Sandbox {
    let sb = Sandbox::new(name);
    sb.write(
        "project/.pi/extensions/orchestrator.ts",
        include_str!("../fixtures/execute_tool/orchestrator.ts"),
    );
    sb
}

/// What the `call` tool saw of its nested call.
fn seen(result: &Value) -> Value {
    serde_json::from_str(&text(result)).unwrap_or_else(|e| panic!("{e}: {result}"))
}

#[test]
fn a_tool_calls_another_and_sees_its_updates_and_result() {
    let sb = sandbox("exec-tool-basic");
    let mut host = LineHost::run(&sb, &[]);
    host.call("c1", "call", json!({"name": "echo", "args": {"text": "hi"}}));
    let outcome = seen(&host.result("c1"));
    assert_eq!(outcome["id"], "c1/1");
    assert_eq!(outcome["name"], "echo");
    assert_eq!(outcome["isError"], false);
    assert_eq!(outcome["text"], "echo:hi id=c1/1");
    assert_eq!(outcome["updates"], json!(["partial hi"]));
    assert_eq!(outcome["durationIsNumber"], true);
    // What a tool may call: direct tools while active and codemode ones, not model-only ones
    // nor the host's own `resolve`.
    let callable = outcome["callable"].as_array().unwrap();
    for name in ["call", "echo", "by_code"] {
        assert!(callable.contains(&json!(name)), "{name} in {callable:?}");
    }
    for name in ["model_only", "resolve"] {
        assert!(!callable.contains(&json!(name)), "{name} not in {callable:?}");
    }
    // The run client sees the nested call as pi shows it, before its caller's end.
    let start = host.wait_for("the nested start", |e| e["type"] == "tool_execution_start" && e["toolCallId"] == "c1/1");
    assert_eq!(start["parentToolCallId"], "c1");
    assert_eq!(start["toolName"], "echo");
    let update = host.wait_for("the nested update", |e| e["type"] == "tool_execution_update" && e["toolCallId"] == "c1/1");
    assert_eq!(update["parentToolCallId"], "c1");
    let end = host.wait_for("the nested end", |e| e["type"] == "tool_execution_end" && e["toolCallId"] == "c1/1");
    assert_eq!(end["parentToolCallId"], "c1");
    let (_, lines) = host.finish();
    let position = |id: &str| lines.iter().position(|e| e["type"] == "tool_execution_end" && e["toolCallId"] == id).unwrap();
    assert!(position("c1/1") < position("c1"), "the nested end comes first");
    let parent_end = &lines[position("c1")];
    assert!(parent_end.get("parentToolCallId").is_none(), "{parent_end}");
}

#[test]
fn failures_come_back_as_error_outcomes() {
    let sb = sandbox("exec-tool-failures");
    let mut host = LineHost::run(&sb, &[]);
    let cases = [
        ("unknown", json!({"name": "nope"}), "Tool nope not found"),
        (
            "invalid",
            json!({"name": "strict", "args": {"n": "seven"}}),
            "Validation failed for tool \"strict\"",
        ),
        (
            "model",
            json!({"name": "model_only"}),
            "Tool model_only cannot be called by another tool: it is registered with exposure \"model-only\", which other tools cannot call",
        ),
        (
            "builtin",
            json!({"name": "resolve", "args": {"action": "discard", "reason": "x"}}),
            "Tool resolve cannot be called by another tool: it is the host's own tool",
        ),
        ("blocked", json!({"name": "blocked_one"}), "blocked for blocked/1"),
        ("threw", json!({"name": "throws"}), "it broke"),
    ];
    for (id, params, says) in &cases {
        host.call(id, "call", params.clone());
        let outcome = seen(&host.result(id));
        assert_eq!(outcome["isError"], true, "{id}: {outcome}");
        assert!(outcome["text"].as_str().unwrap().contains(says), "{id}: {outcome}");
    }
    // A codemode tool is callable by tools although the model cannot call it.
    host.call("code", "call", json!({"name": "by_code"}));
    let outcome = seen(&host.result("code"));
    assert_eq!((outcome["isError"].clone(), outcome["text"].clone()), (json!(false), json!("codemode ran")));
}

/// `call` and `alone` both run alone (pi's `executionMode: "sequential"`): the nested call
/// takes no permit of its own, so it does not wait for its caller to end.
#[test]
fn an_exclusive_tool_calls_an_exclusive_tool() {
    let sb = sandbox("exec-tool-exclusive");
    let mut host = LineHost::run(&sb, &[]);
    host.call("x", "call", json!({"name": "alone"}));
    let outcome = seen(&host.result("x"));
    assert_eq!(outcome["text"], "alone ran");
}

/// Through the caller's signal (the default), and, when the caller gave the nested call a
/// signal of its own, because the host ends a call's nested calls with it.
#[test]
fn cancelling_the_caller_cancels_the_nested_call() {
    let sb = sandbox("exec-tool-cancel");
    let mut host = LineHost::run(&sb, &[]);
    for (caller, own_signal) in [("p", false), ("q", true)] {
        host.call(caller, "call", json!({"name": "slow", "ownSignal": own_signal}));
        let nested_id = format!("{caller}/1");
        host.wait_for("the nested start", |e| e["type"] == "tool_execution_start" && e["toolCallId"] == nested_id);
        host.cancel(caller);
        let nested = host.wait_for("the nested end", |e| e["type"] == "tool_execution_end" && e["toolCallId"] == nested_id);
        assert_eq!(nested["isError"], true, "{nested}");
        assert!(text(&nested["result"]).contains("Interrupted by user"), "{nested}");
        host.result(caller);
    }
    // The host goes on serving.
    host.call("after", "call", json!({"name": "echo", "args": {"text": "again"}}));
    let after = seen(&host.result("after"));
    assert_eq!(after["text"], "echo:again id=after/1", "what the caller saw: {after}");
}

#[test]
fn a_tool_calling_itself_is_stopped_at_the_depth_limit() {
    let sb = sandbox("exec-tool-depth");
    let mut host = LineHost::run(&sb, &[]);
    host.call("r", "recurse", json!({}));
    let result = host.result("r");
    assert_eq!(result["isError"], true, "{result}");
    assert!(text(&result).contains("calls are nested 16 deep, the most the host allows"), "{result}");
}

/// Over MCP the client gets its own call's answer; the nested call's events stay inside.
#[test]
fn an_mcp_client_gets_the_callers_answer() {
    let sb = sandbox("exec-tool-mcp");
    let mut host = LineHost::mcp(&sb, &[]);
    host.send(rpc(
        1,
        "tools/call",
        json!({"name": "call", "arguments": {"name": "echo", "args": {"text": "mcp"}}}),
    ));
    let answer = host.rpc_response(1);
    let content = answer["result"]["content"][0]["text"].as_str().unwrap().to_string();
    let outcome: Value = serde_json::from_str(&content).unwrap();
    assert_eq!(outcome["text"].as_str().unwrap().split(" id=").next(), Some("echo:mcp"));
    assert_eq!(answer["result"]["isError"], false);
}

/// `omp-host call` prints its own call's result alone, and its partial results only.
#[test]
fn the_call_command_prints_only_the_callers_result() {
    let sb = sandbox("exec-tool-cli");
    let (code, stdout, stderr) = sb.call("call", r#"{"name": "echo", "args": {"text": "cli"}}"#, &[]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert_eq!(serde_json::from_str::<Value>(lines[0]).unwrap()["text"], "echo:cli id=call-1/1");
    assert!(!stderr.contains("partial cli"), "{stderr}");
}

/// As pi does, the session file keeps a record of the calls a call made (`nestedCalls` on its
/// `toolResult` message): each call's id, tool, arguments, status, duration and, for a failed
/// one, its error; a call that made none has no record.
#[test]
fn the_session_file_records_the_calls_a_call_made() {
    let sb = sandbox("exec-tool-record");
    let mut host = LineHost::run(&sb, &["--session", "nested"]);
    host.call("c1", "call", json!({"name": "echo", "args": {"text": "hi"}}));
    host.result("c1");
    host.call("c2", "call", json!({"name": "strict", "args": {"n": "seven"}}));
    host.result("c2");
    host.call("c3", "echo", json!({"text": "alone"}));
    host.result("c3");
    host.finish();
    let text = std::fs::read_to_string(sb.data_dir().join("sessions/nested.jsonl")).unwrap();
    let results: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|entry| entry["message"]["role"] == "toolResult")
        .map(|entry| entry["message"].clone())
        .collect();
    let of = |id: &str| {
        results
            .iter()
            .find(|m| m["toolCallId"] == id)
            .unwrap_or_else(|| panic!("no result of {id}: {text}"))
    };
    let echoed = &of("c1")["nestedCalls"];
    assert_eq!(echoed["complete"], true, "{echoed}");
    let call = &echoed["calls"][0];
    assert_eq!(
        (call["id"].clone(), call["name"].clone(), call["arguments"].clone(), call["status"].clone()),
        (json!("c1/1"), json!("echo"), json!({"text": "hi"}), json!("ok")),
        "{echoed}"
    );
    assert!(call["durationMs"].is_u64() && call.get("error").is_none(), "{echoed}");
    let failed = &of("c2")["nestedCalls"]["calls"][0];
    assert_eq!(failed["status"], "error", "{failed}");
    assert!(failed["error"].as_str().unwrap().contains("Validation failed for tool \"strict\""), "{failed}");
    assert!(of("c3").get("nestedCalls").is_none(), "a call that made none has no record");
}
