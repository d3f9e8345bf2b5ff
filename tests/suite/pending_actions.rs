//! Pending actions and the hidden `resolve` tool (contract 8 and 9), through each front end:
//! apply, discard with and without `reject`, nothing pending, an apply that throws then a
//! discard, two previews resolved newest first, a second resolve after apply, cancelling a
//! resolve, requeueing on an aborted turn and on a turn that ignored the forced choice,
//! shutdown with actions pending, and bad `resolve` arguments leaving the queue as it was.
use crate::common::*;

use serde_json::{json, Value};

/// `stage` stages a write of `name`: apply appends `name` to applied.log (or throws when
/// `fail`, or waits for the file `release` when `slow`), reject appends `name: reason` to
/// rejected.log (no reject at all when `noReject`). `source` names the staging tool.
const STAGE: &str = include_str!("../fixtures/pending_actions/stage.mjs");

fn lines(sb: &Sandbox, file: &str) -> Vec<String> {
    std::fs::read_to_string(sb.project.join(file))
        .unwrap_or_default()
        .lines()
        .map(String::from)
        .collect()
}

fn resolve(action: &str, reason: &str) -> Value {
    json!({ "action": action, "reason": reason })
}

fn stage(sb: &Sandbox) -> LineHost {
    sb.write("project/.omp/tools/stage.js", STAGE);
    LineHost::run(sb, &[])
}

#[test]
fn run_apply_discard_and_nothing_pending() {
    let sb = Sandbox::new("pending-run");
    let mut host = stage(&sb);
    let resolve_tool = host.seen[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "resolve")
        .cloned()
        .expect("resolve is listed");
    assert_eq!((resolve_tool["hidden"].clone(), resolve_tool["builtin"].clone()), (json!(true), json!(true)));

    host.call("s1", "stage", json!({"name": "a"}));
    assert_eq!(text(&host.result("s1")), "preview of a");
    // The queued event and the reminder come before the staging call's end, so an agent that
    // moves on when a call ends already has the reminder.
    let position = |what: &dyn Fn(&Value) -> bool| host.seen.iter().position(what);
    let end = position(&|e| e["type"] == "tool_execution_end" && e["toolCallId"] == "s1").unwrap();
    assert!(
        position(&|e| e["type"] == "pending_action" && e["state"] == "queued").is_some_and(|p| p < end),
        "{:?}",
        host.seen
    );
    assert!(position(&|e| e["type"] == "steer").is_some_and(|p| p < end), "{:?}", host.seen);
    let queued = host.wait_for("the queued event", |e| e["type"] == "pending_action" && e["state"] == "queued");
    assert_eq!(queued["action"]["label"], "write a");
    assert_eq!(queued["action"]["toolCallId"], "s1");
    assert_eq!(queued["action"]["directiveLabel"], "pending-action:stage");
    let steer = host.wait_for("the reminder", |e| e["type"] == "steer");
    assert_eq!(
        steer["message"],
        json!({"role": "custom", "customType": "resolve-reminder", "display": false, "attribution": "agent", "details": {"toolName": "stage"}, "content": "<system-reminder>\nThis is a preview. Call the `resolve` tool to apply or discard these changes.\n</system-reminder>"})
    );
    assert!(lines(&sb, "applied.log").is_empty(), "nothing is applied before resolve");
    host.call("r1", "resolve", json!({"action": "apply", "reason": "looks right", "extra": {"ticket": 7}}));
    let applied = host.result("r1");
    assert_eq!(text(&applied), "wrote a");
    assert_eq!(
        applied["details"],
        json!({"action": "apply", "reason": "looks right", "sourceToolName": "stage", "label": "write a", "extra": {"ticket": 7}, "sourceResultDetails": {"name": "a", "extra": {"ticket": 7}}})
    );
    assert_eq!(lines(&sb, "applied.log"), ["a"]);
    host.wait_for("the applied event", |e| e["type"] == "pending_action" && e["state"] == "applied");

    // A second resolve after the apply finds nothing: never applied twice.
    host.call("r2", "resolve", resolve("apply", "again"));
    let again = host.result("r2");
    assert_eq!(
        (text(&again).as_str(), again["isError"].clone()),
        ("No pending action to resolve. Nothing to apply or discard.", json!(true))
    );
    host.call("r3", "resolve", resolve("discard", "nothing"));
    let none = host.result("r3");
    assert_eq!(
        (text(&none).as_str(), none["isError"].clone()),
        ("Nothing to discard; no pending action remains.", json!(false))
    );
    assert_eq!(none["details"], json!({"action": "discard", "reason": "nothing"}));
    assert_eq!(lines(&sb, "applied.log"), ["a"]);

    // Discard with reject (it runs once, gets the reason) and without.
    host.call("s2", "stage", json!({"name": "b"}));
    host.result("s2");
    host.call("r4", "resolve", resolve("discard", "not wanted"));
    let discarded = host.result("r4");
    assert_eq!(text(&discarded), "Discarded: write b. Reason: not wanted");
    assert_eq!(lines(&sb, "rejected.log"), ["b: not wanted"]);
    host.call("s3", "stage", json!({"name": "c", "noReject": true}));
    host.result("s3");
    host.call("r5", "resolve", resolve("discard", "no"));
    assert_eq!(text(&host.result("r5")), "Discarded: write c. Reason: no");
    assert_eq!(lines(&sb, "rejected.log"), ["b: not wanted"]);
}

#[test]
fn run_two_previews_resolve_newest_first_and_a_failed_apply_stays_pending() {
    let sb = Sandbox::new("pending-order");
    let mut host = stage(&sb);
    host.call("s1", "stage", json!({"name": "older"}));
    host.result("s1");
    host.call("s2", "stage", json!({"name": "newer"}));
    host.result("s2");
    host.call("r1", "resolve", resolve("apply", "yes"));
    assert_eq!(text(&host.result("r1")), "wrote newer");
    host.call("r2", "resolve", resolve("apply", "yes"));
    assert_eq!(text(&host.result("r2")), "wrote older");
    assert_eq!(lines(&sb, "applied.log"), ["newer", "older"]);

    host.call("s3", "stage", json!({"name": "broken", "fail": true}));
    host.result("s3");
    host.call("r3", "resolve", resolve("apply", "try"));
    let failed = host.result("r3");
    assert_eq!((text(&failed).as_str(), failed["isError"].clone()), ("Apply failed: disk full", json!(true)));
    let requeued = host.wait_for("the requeue", |e| {
        e["type"] == "pending_action"
            && e["state"] == "queued"
            && e["action"]["label"] == "write broken"
            && e["action"]["directiveLabel"] == "pending-action:stage-requeued"
    });
    assert_eq!(requeued["action"]["toolCallId"], "s3");
    host.call("r4", "resolve", resolve("discard", "give up"));
    assert_eq!(text(&host.result("r4")), "Discarded: write broken. Reason: give up");
    let reminders = host.seen.iter().filter(|e| e["type"] == "steer").count();
    assert_eq!(reminders, 4, "one reminder per staged preview, and again after the failed apply");
    assert_eq!(lines(&sb, "rejected.log"), ["broken: give up"]);

    // A ToolError from apply reads as it is.
    host.call("s4", "stage", json!({"name": "t", "toolError": true}));
    host.result("s4");
    host.call("r5", "resolve", resolve("apply", "try"));
    assert_eq!(text(&host.result("r5")), "target exists");
}

#[test]
fn run_forced_choice_requeues_on_aborted_and_ignored_turns() {
    let sb = Sandbox::new("pending-turns");
    let mut host = stage(&sb);
    host.send(r#"{"type":"tool_choice"}"#);
    let none = host.wait_for("an empty tool choice", |e| e["type"] == "tool_choice");
    assert_eq!(none["toolChoice"], Value::Null);
    host.seen.clear();

    host.call("s1", "stage", json!({"name": "x"}));
    host.result("s1");
    host.send(r#"{"type":"tool_choice"}"#);
    let forced = host.wait_for("the forced choice", |e| e["type"] == "tool_choice");
    assert_eq!(forced["toolChoice"], json!({"type": "tool", "name": "resolve"}));
    assert_eq!(forced["action"]["label"], "write x");
    host.wait_for("in flight", |e| e["type"] == "pending_action" && e["state"] == "in_flight");
    // The turn is aborted: the action comes back, requeued.
    host.send(r#"{"type":"turn_end","stopReason":"aborted"}"#);
    host.wait_for("the requeue after an aborted turn", |e| {
        e["type"] == "pending_action" && e["state"] == "queued" && e["action"]["directiveLabel"] == "pending-action:stage-requeued"
    });
    // Forced again, and the model ignores it: back again.
    host.send(r#"{"type":"tool_choice"}"#);
    host.wait_for("the second forced choice", |e| {
        e["type"] == "tool_choice" && e["action"]["directiveLabel"] == "pending-action:stage-requeued"
    });
    host.send(r#"{"type":"turn_end","stopReason":"stop"}"#);
    host.wait_for("the requeue after an ignored choice", |e| {
        e["type"] == "pending_action" && e["action"]["directiveLabel"] == "pending-action:stage-requeued-requeued"
    });
    // Forced a third time and resolved in that turn; a second resolve in the turn finds nothing.
    host.send(r#"{"type":"tool_choice"}"#);
    host.wait_for("the third forced choice", |e| {
        e["type"] == "tool_choice" && e["action"]["directiveLabel"] == "pending-action:stage-requeued-requeued"
    });
    host.call("r1", "resolve", resolve("apply", "fine"));
    assert_eq!(text(&host.result("r1")), "wrote x");
    host.call("r2", "resolve", resolve("apply", "twice?"));
    assert_eq!(text(&host.result("r2")), "No pending action to resolve. Nothing to apply or discard.");
    host.send(r#"{"type":"turn_end","stopReason":"stop"}"#);
    assert_eq!(lines(&sb, "applied.log"), ["x"]);

    // A failed apply in a forced turn can be discarded in the same turn.
    host.call("s2", "stage", json!({"name": "broken", "fail": true}));
    host.result("s2");
    host.send(r#"{"type":"tool_choice"}"#);
    host.wait_for("the forced choice for broken", |e| {
        e["type"] == "tool_choice" && e["action"]["label"] == "write broken"
    });
    host.call("r3", "resolve", resolve("apply", "try"));
    assert_eq!(text(&host.result("r3")), "Apply failed: disk full");
    host.call("r4", "resolve", resolve("discard", "give up"));
    assert_eq!(text(&host.result("r4")), "Discarded: write broken. Reason: give up");
    host.send(r#"{"type":"turn_end","stopReason":"stop"}"#);

    // Once a turn's action is resolved, another resolve in the turn touches nothing, and says
    // that other actions wait (it is not told nothing is pending).
    for name in ["p", "q"] {
        host.call(name, "stage", json!({"name": name}));
        host.result(name);
    }
    host.send(r#"{"type":"tool_choice"}"#);
    host.wait_for("the forced choice for q", |e| e["type"] == "tool_choice" && e["action"]["label"] == "write q");
    host.call("r5", "resolve", resolve("apply", "yes"));
    assert_eq!(text(&host.result("r5")), "wrote q");
    host.call("r6", "resolve", resolve("discard", "and the other?"));
    let spent = host.result("r6");
    assert_eq!(
        (text(&spent).as_str(), spent["isError"].clone()),
        ("This turn's pending action was already taken by an earlier `resolve` call; nothing was applied or discarded. 1 other pending action waits for a later turn.", json!(true))
    );
    assert_eq!(lines(&sb, "rejected.log"), ["broken: give up"], "p was not discarded");
    host.send(r#"{"type":"turn_end","stopReason":"stop"}"#);
    host.send(r#"{"type":"tool_choice"}"#);
    host.wait_for("the forced choice for p", |e| e["type"] == "tool_choice" && e["action"]["label"] == "write p");
}

#[test]
fn run_cancelling_a_resolve_never_applies_twice() {
    let sb = Sandbox::new("pending-cancel");
    let mut host = stage(&sb);
    host.call("s1", "stage", json!({"name": "slow", "slow": true}));
    host.result("s1");
    host.call("r1", "resolve", resolve("apply", "go"));
    host.wait_for("the resolve to start", |e| e["type"] == "tool_execution_start" && e["toolCallId"] == "r1");
    host.cancel("r1");
    assert_eq!(text(&host.result("r1")), "Tool resolve was aborted: Interrupted by user.");
    // While the apply still runs, the action is not offered again.
    host.call("r2", "resolve", resolve("apply", "again"));
    assert_eq!(text(&host.result("r2")), "No pending action to resolve. Nothing to apply or discard.");
    std::fs::write(sb.project.join("release"), "").unwrap();
    host.wait_for("the background apply to finish", |e| e["type"] == "pending_action" && e["state"] == "applied");
    assert_eq!(lines(&sb, "applied.log"), ["slow"]);
}

#[test]
fn run_shutdown_waits_for_an_apply_whose_resolve_was_cancelled_and_never_also_rejects_it() {
    let sb = Sandbox::new("pending-cancel-shutdown");
    let mut host = stage(&sb);
    host.call("s1", "stage", json!({"name": "slow", "slow": true}));
    host.result("s1");
    host.call("r1", "resolve", resolve("apply", "go"));
    host.wait_for("the resolve to start", |e| e["type"] == "tool_execution_start" && e["toolCallId"] == "r1");
    host.cancel("r1");
    host.result("r1");
    // Input ends while the apply still runs; it completes within the shutdown grace.
    host.close_stdin();
    std::fs::write(sb.project.join("release"), "").unwrap();
    let (status, events) = host.finish();
    assert!(status.success());
    assert_eq!(lines(&sb, "applied.log"), ["slow"]);
    assert!(
        lines(&sb, "rejected.log").is_empty(),
        "an applied action was also rejected: {:?}",
        lines(&sb, "rejected.log")
    );
    let states: Vec<&str> = events
        .iter()
        .filter(|e| e["type"] == "pending_action")
        .map(|e| e["state"].as_str().unwrap())
        .collect();
    assert_eq!(states.last(), Some(&"applied"), "{states:?}");
}

#[test]
fn run_bad_resolve_arguments_leave_the_queue_as_it_was() {
    let sb = Sandbox::new("pending-bad");
    let mut host = stage(&sb);
    host.call("s1", "stage", json!({"name": "a"}));
    host.result("s1");
    host.call("r1", "resolve", json!({"action": "apply"}));
    let missing = text(&host.result("r1"));
    assert!(missing.starts_with("Validation failed for tool \"resolve\":\n  - reason: "), "{missing}");
    host.call("r2", "resolve", json!({"action": "maybe", "reason": "x"}));
    let unknown = text(&host.result("r2"));
    assert!(unknown.starts_with("Validation failed for tool \"resolve\":\n  - action: "), "{unknown}");
    host.call("r3", "resolve", resolve("apply", "now properly"));
    assert_eq!(text(&host.result("r3")), "wrote a", "the action was still pending");
}

#[test]
fn run_shutdown_rejects_every_pending_action_once_and_says_so() {
    let sb = Sandbox::new("pending-shutdown");
    let mut host = stage(&sb);
    for name in ["one", "two"] {
        host.call(name, "stage", json!({"name": name}));
        host.result(name);
    }
    host.call("three", "stage", json!({"name": "three", "noReject": true}));
    host.result("three");
    let (_, events) = host.finish();
    let mut rejected = lines(&sb, "rejected.log");
    rejected.sort();
    assert_eq!(rejected, ["one: session ended", "two: session ended"]);
    let discarded: Vec<&str> = events
        .iter()
        .filter(|e| e["type"] == "pending_action" && e["state"] == "discarded" && e["reason"] == "session ended")
        .map(|e| e["action"]["label"].as_str().unwrap())
        .collect();
    assert_eq!(discarded, ["write three", "write two", "write one"]);
}

fn mcp_call(host: &mut LineHost, id: i64, tool: &str, arguments: Value) -> Value {
    host.send(rpc(id, "tools/call", json!({"name": tool, "arguments": arguments})));
    host.wait_for(&format!("the response to {id}"), |l| l["id"] == id && l.get("result").is_some())["result"].clone()
}

fn mcp_tool_names(host: &mut LineHost, id: i64) -> Vec<String> {
    host.send(rpc(id, "tools/list", json!({})));
    let list = host.wait_for(&format!("the response to {id}"), |l| l["id"] == id);
    list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn mcp_lists_resolve_always_and_reminds_in_the_staging_result() {
    let sb = Sandbox::new("pending-mcp");
    sb.write("project/.omp/tools/stage.js", STAGE);
    let mut host = LineHost::start(&sb, &["mcp"]);
    host.send(rpc(
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}),
    ));
    host.wait_for("initialize", |l| l["id"] == 0);
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    // Agents read the list once (or cache it) and ignore list changes: `resolve` is there
    // before anything is pending, and the list never changes for a preview.
    assert_eq!(mcp_tool_names(&mut host, 1), ["stage", "resolve"]);

    let staged = mcp_call(&mut host, 2, "stage", json!({"name": "old"}));
    assert_eq!(staged["content"][0]["text"], "preview of old");
    assert_eq!(
        staged["content"][1]["text"],
        "<system-reminder>\nThis is a preview. Call the `resolve` tool to apply or discard these changes.\n</system-reminder>"
    );
    assert_eq!(mcp_tool_names(&mut host, 3), ["stage", "resolve"]);
    mcp_call(&mut host, 4, "stage", json!({"name": "new"}));
    assert_eq!(
        mcp_call(&mut host, 5, "resolve", resolve("apply", "ok"))["content"][0]["text"],
        "wrote new",
        "newest first"
    );
    let failed = mcp_call(&mut host, 6, "stage", json!({"name": "bad", "fail": true}));
    assert_eq!(failed["content"].as_array().unwrap().len(), 2);
    let apply = mcp_call(&mut host, 7, "resolve", resolve("apply", "try"));
    assert_eq!(
        (apply["content"][0]["text"].clone(), apply["isError"].clone()),
        (json!("Apply failed: disk full"), json!(true))
    );
    assert_eq!(
        apply["content"][1]["text"], staged["content"][1]["text"],
        "the action waits again: the reminder comes again"
    );
    assert_eq!(
        mcp_call(&mut host, 8, "resolve", resolve("discard", "no"))["content"][0]["text"],
        "Discarded: write bad. Reason: no"
    );
    assert_eq!(mcp_call(&mut host, 9, "resolve", resolve("apply", "ok"))["content"][0]["text"], "wrote old");
    let none = mcp_call(&mut host, 10, "resolve", resolve("apply", "more"));
    assert_eq!(
        (none["content"][0]["text"].clone(), none["isError"].clone()),
        (json!("No pending action to resolve. Nothing to apply or discard."), json!(true))
    );
    assert_eq!(mcp_tool_names(&mut host, 11), ["stage", "resolve"]);
    let changes = host.seen.iter().filter(|l| l["method"] == "notifications/tools/list_changed").count();
    assert_eq!(changes, 0, "a preview does not change the tool list");
    assert_eq!(lines(&sb, "applied.log"), ["new", "old"]);
    assert_eq!(lines(&sb, "rejected.log"), ["bad: no"]);

    mcp_call(&mut host, 12, "stage", json!({"name": "left"}));
    let (status, _) = host.finish();
    assert!(status.success());
    assert_eq!(
        lines(&sb, "rejected.log"),
        ["bad: no", "left: session ended"],
        "shutdown rejects what is pending, once"
    );
}

#[test]
fn call_resolves_what_it_staged_or_discards_it_at_exit() {
    let sb = Sandbox::new("pending-call");
    sb.write("project/.omp/tools/stage.js", STAGE);
    let (code, out, err) = sb.call("stage", r#"{"name": "kept"}"#, &["--resolve", "apply", "--reason", "ship it"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().collect::<Vec<_>>(), ["preview of kept", "wrote kept"]);
    assert_eq!(lines(&sb, "applied.log"), ["kept"]);

    let (code, out, _) = sb.call("stage", r#"{"name": "dropped"}"#, &["--resolve", "discard", "--reason", "changed my mind"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("Discarded: write dropped. Reason: changed my mind"));
    assert_eq!(lines(&sb, "rejected.log"), ["dropped: changed my mind"]);

    let (code, out, err) = sb.call("stage", r#"{"name": "unresolved"}"#, &[]);
    assert_eq!((code, out.trim()), (0, "preview of unresolved"));
    assert!(err.contains("discarded the pending preview \"write unresolved\" (session ended)"), "{err}");
    assert_eq!(lines(&sb, "rejected.log"), ["dropped: changed my mind", "unresolved: session ended"]);
    assert_eq!(lines(&sb, "applied.log"), ["kept"]);

    let (code, out, _) = sb.call("stage", r#"{"name": "broken", "fail": true}"#, &["--resolve", "apply"]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().last(), Some("Apply failed: disk full"));
    assert_eq!(
        lines(&sb, "rejected.log").last().map(String::as_str),
        Some("broken: session ended"),
        "still pending after the failed apply, so discarded at exit"
    );
}
