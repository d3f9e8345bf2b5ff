//! UI through the client (contract 3.3) and the approval gate (contract 4.6), end to end
//! through `run --ui` and through `mcp` with elicitation: confirm answered yes and no, select
//! and input answered, a question withdrawn by the call's cancel and by its timeout, bad
//! replies refused while the tool keeps waiting, clients without UI getting the no-op values;
//! approval approved, denied, refused without UI, and decided by the config's policy.
use crate::common::*;

use serde_json::{json, Value};

/// `ask` asks one question (`method`) and answers `{hasUI, answer}`; `note` notifies and sets
/// a status; `guarded` declares no approval (tier exec), `reader` is read-tier, `reasoned`
/// decides per call with a reason.
const TOOLS: &str = include_str!("../fixtures/ui_and_approval/tools.mjs");

fn sandbox(name: &str, config: Option<Value>) -> Sandbox {
    let sb = Sandbox::new(name);
    sb.write("project/.omp/tools/ui.js", TOOLS);
    if let Some(config) = config {
        sb.write("project/.omp/omp-host.json", &config.to_string());
    }
    sb
}

fn answer_of(result: &Value) -> Value {
    serde_json::from_str(&text(result)).unwrap_or_else(|e| panic!("not the ask tool's JSON ({e}): {result}"))
}

fn ui_reply(id: &Value, value: Value) -> String {
    json!({ "type": "ui_reply", "id": id, "value": value }).to_string()
}

/// Waits for the question call `call` asks.
fn question(host: &mut LineHost, call: &str) -> Value {
    host.wait_for(&format!("the question of call {call}"), |e| {
        e["type"] == "ui_request" && e["toolCallId"] == call
    })
}

#[test]
fn run_confirm_select_input_and_editor_answered_by_the_client() {
    let sb = sandbox("ui-run", None);
    let mut host = LineHost::run(&sb, &["--ui"]);

    host.call("c1", "ask", json!({"method": "confirm"}));
    let asked = question(&mut host, "c1");
    assert_eq!(
        (asked["method"].as_str(), asked["title"].as_str(), asked["message"].as_str()),
        (Some("confirm"), Some("Delete x?"), Some("This removes x for good"))
    );
    host.send(ui_reply(&asked["id"], json!(true)));
    assert_eq!(answer_of(&host.result("c1")), json!({"hasUI": true, "ctxHasUI": true, "answer": true}));

    host.call("c2", "ask", json!({"method": "confirm"}));
    let asked = question(&mut host, "c2");
    host.send(ui_reply(&asked["id"], json!(false)));
    assert_eq!(answer_of(&host.result("c2"))["answer"], false);

    host.call("c3", "ask", json!({"method": "select"}));
    let asked = question(&mut host, "c3");
    assert_eq!(asked["options"], json!(["red", "green"]));
    host.send(ui_reply(&asked["id"], json!("green")));
    assert_eq!(answer_of(&host.result("c3"))["answer"], "green");

    host.call("c4", "ask", json!({"method": "input"}));
    let asked = question(&mut host, "c4");
    assert_eq!(asked["placeholder"], "first name");
    host.send(ui_reply(&asked["id"], json!("Ann")));
    assert_eq!(answer_of(&host.result("c4"))["answer"], "Ann");

    // Dismissing answers as the no-op UI would.
    host.call("c5", "ask", json!({"method": "editor"}));
    let asked = question(&mut host, "c5");
    assert_eq!(asked["prefill"], "draft text");
    host.send(json!({"type": "ui_reply", "id": asked["id"], "cancelled": true}).to_string());
    assert_eq!(answer_of(&host.result("c5"))["answer"], "undefined");
}

#[test]
fn run_bad_replies_are_refused_and_the_tool_keeps_waiting() {
    let sb = sandbox("ui-run-bad", None);
    let mut host = LineHost::run(&sb, &["--ui"]);
    host.call("c1", "ask", json!({"method": "confirm"}));
    let asked = question(&mut host, "c1");
    let id = asked["id"].as_str().unwrap().to_string();

    host.send(ui_reply(&json!("ui-999"), json!(true)));
    let unknown = host.wait_for("the unknown-id error", |e| e["type"] == "error" && e["id"] == "ui-999");
    let message = unknown["message"].as_str().unwrap();
    assert!(
        message.contains("ui_reply") && message.contains("no UI request with id \"ui-999\""),
        "{message}"
    );

    host.send(ui_reply(&asked["id"], json!("yes")));
    let shape = host.wait_for("the wrong-shape error", |e| e["type"] == "error" && e["id"] == id.as_str());
    let message = shape["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("UI request \"{id}\" (confirm)")) && message.contains("true or false"),
        "{message}"
    );

    host.send(json!({"type": "ui_reply", "id": id}).to_string());
    let missing = host.wait_for("the missing-value error", |e| {
        e["type"] == "error" && e["message"].as_str().is_some_and(|m| m.contains("needs \"value\""))
    });
    assert_eq!(missing["id"], id.as_str());

    assert!(
        host.seen.iter().all(|e| e["type"] != "tool_execution_end"),
        "the tool still waits: {:#?}",
        host.seen
    );
    host.send(ui_reply(&asked["id"], json!(true)));
    assert_eq!(answer_of(&host.result("c1"))["answer"], true);
}

#[test]
fn run_a_question_is_withdrawn_when_its_call_is_cancelled_or_times_out() {
    let sb = sandbox("ui-run-cancel", None);
    let mut host = LineHost::run(&sb, &["--ui"]);
    host.call("c1", "ask", json!({"method": "select"}));
    let asked = question(&mut host, "c1");
    host.send(json!({"type": "cancel", "id": "c1", "reason": "user pressed Esc"}).to_string());
    let withdrawn = host.wait_for("the withdrawal", |e| e["type"] == "ui_withdrawn");
    assert_eq!((withdrawn["id"].clone(), withdrawn["toolCallId"].clone()), (asked["id"].clone(), json!("c1")));
    let result = host.result("c1");
    assert_eq!(text(&result), "Tool ask was aborted: user pressed Esc.");
    // The answer comes too late: the question is gone.
    host.send(ui_reply(&asked["id"], json!("red")));
    host.wait_for("the late reply's error", |e| e["type"] == "error" && e["id"] == asked["id"]);

    host.call("c2", "ask", json!({"method": "confirm", "timeout": 50}));
    let asked = question(&mut host, "c2");
    let withdrawn = host.wait_for("the timeout", |e| e["type"] == "ui_withdrawn" && e["id"] == asked["id"]);
    assert_eq!(withdrawn["reason"], "timed out after 50 ms");
    assert_eq!(answer_of(&host.result("c2"))["answer"], false);
}

#[test]
fn run_notify_and_status_are_events() {
    let sb = sandbox("ui-run-notify", None);
    let mut host = LineHost::run(&sb, &["--ui"]);
    host.call("n1", "note", json!({}));
    assert_eq!(text(&host.result("n1")), "noted");
    let notify = host.wait_for("the notification", |e| e["type"] == "ui_notify");
    assert_eq!(
        notify,
        json!({"type": "ui_notify", "toolCallId": "n1", "message": "disk nearly full", "level": "warning"})
    );
    let statuses: Vec<Value> = host.seen.iter().filter(|e| e["type"] == "ui_status").cloned().collect();
    assert_eq!(
        statuses,
        [
            json!({"type": "ui_status", "toolCallId": "n1", "key": "sync", "text": "syncing"}),
            json!({"type": "ui_status", "toolCallId": "n1", "key": "sync", "text": null})
        ]
    );
}

#[test]
fn run_without_ui_tools_get_the_no_op_ui() {
    let sb = sandbox("ui-run-none", None);
    let mut host = LineHost::run(&sb, &[]);
    for (id, method, answer) in [
        ("c1", "confirm", json!(false)),
        ("c2", "select", json!("undefined")),
        ("c3", "input", json!("undefined")),
        ("c4", "editor", json!("undefined")),
    ] {
        host.call(id, "ask", json!({ "method": method }));
        assert_eq!(
            answer_of(&host.result(id)),
            json!({"hasUI": false, "ctxHasUI": false, "answer": answer}),
            "{method}"
        );
    }
    host.call("n1", "note", json!({}));
    host.result("n1");
    let (_, lines) = host.finish();
    assert!(lines.iter().all(|e| !e["type"].as_str().unwrap_or("").starts_with("ui_")), "{lines:#?}");
}

/// omp's first line, then options naming this host's config keys (the config refuses omp's
/// `tools.approval.<name>`).
const NO_UI: &str = "Tool \"guarded\" requires approval but no interactive UI available.\nOptions:\n  1. Set \"approvalMode\": \"yolo\" in the config (.omp/omp-host.json or ~/.config/omp-host/config.json)\n  2. Add \"toolSettings\": { \"guarded\": { \"approval\": \"allow\" } } to the config\n  3. Use a client that can ask the user (MCP elicitation, or `run` with --ui) to approve the tool call";

#[test]
fn run_approval_prompts_and_policies() {
    let config = json!({"approvalMode": "always-ask", "toolSettings": {"note": {"approval": "allow"}, "ask": {"approval": "deny"}}});
    let sb = sandbox("approval-run", Some(config));
    let mut host = LineHost::run(&sb, &["--ui"]);

    host.call("g1", "guarded", json!({}));
    let asked = question(&mut host, "g1");
    assert_eq!(
        (asked["method"].as_str(), asked["title"].as_str(), asked["options"].clone()),
        (Some("select"), Some("Allow tool: guarded"), json!(["Approve", "Deny"]))
    );
    host.send(ui_reply(&asked["id"], json!("Approve")));
    assert_eq!(text(&host.result("g1")), "guarded ran");

    host.call("g2", "guarded", json!({}));
    let asked = question(&mut host, "g2");
    host.send(ui_reply(&asked["id"], json!("Deny")));
    let denied = host.result("g2");
    assert_eq!(
        (text(&denied).as_str(), denied["isError"].clone()),
        ("Tool call denied by user: guarded", json!(true))
    );

    // A reason from the tool's approval function is shown; a read-tier call is within the mode.
    host.call("r1", "reasoned", json!({"tier": "write"}));
    let asked = question(&mut host, "r1");
    assert_eq!(asked["title"], "Allow tool: reasoned\nReason: it touches write");
    host.send(json!({"type": "ui_reply", "id": asked["id"], "cancelled": true}).to_string());
    assert_eq!(text(&host.result("r1")), "Tool call denied by user: reasoned");
    host.call("r2", "reasoned", json!({"tier": "read"}));
    assert_eq!(text(&host.result("r2")), "reasoned ran");
    host.call("d1", "reader", json!({}));
    assert_eq!(text(&host.result("d1")), "reader ran");

    // The config decides first: allow runs without asking, deny refuses.
    host.call("n1", "note", json!({}));
    assert_eq!(text(&host.result("n1")), "noted");
    host.call("a1", "ask", json!({"method": "confirm"}));
    assert_eq!(
        text(&host.result("a1")),
        "Tool \"ask\" is blocked by user policy.\nTo allow: remove \"toolSettings.ask.approval: deny\" from the config (.omp/omp-host.json or ~/.config/omp-host/config.json)."
    );

    // Cancelled while the prompt waits: withdrawn, and the tool never ran.
    host.call("g3", "guarded", json!({}));
    let asked = question(&mut host, "g3");
    host.send(json!({"type": "cancel", "id": "g3", "reason": "changed my mind"}).to_string());
    host.wait_for("the prompt's withdrawal", |e| e["type"] == "ui_withdrawn" && e["id"] == asked["id"]);
    assert_eq!(text(&host.result("g3")), "Tool was not executed because the run was aborted: changed my mind.");

    let prompts = host.seen.iter().filter(|e| e["type"] == "ui_request").count();
    assert_eq!(prompts, 4, "allowed tools and read-tier calls are never asked about: {:#?}", host.seen);
}

#[test]
fn run_approval_without_ui_is_refused_with_omps_message() {
    let sb = sandbox("approval-run-no-ui", Some(json!({"approvalMode": "write"})));
    let mut host = LineHost::run(&sb, &[]);
    host.call("g1", "guarded", json!({}));
    let refused = host.result("g1");
    assert_eq!((text(&refused).as_str(), refused["isError"].clone()), (NO_UI, json!(true)));
    host.call("r1", "reasoned", json!({"tier": "write"}));
    assert_eq!(text(&host.result("r1")), "reasoned ran", "write-tier calls run in write mode");
}

#[test]
fn the_default_mode_is_yolo_and_a_prompt_policy_tightens_it() {
    let sb = sandbox("approval-yolo", Some(json!({"toolSettings": {"reader": {"approval": "prompt"}}})));
    let mut host = LineHost::run(&sb, &[]);
    host.call("g1", "guarded", json!({}));
    assert_eq!(text(&host.result("g1")), "guarded ran");
    host.call("d1", "reader", json!({}));
    assert!(text(&host.result("d1")).starts_with("Tool \"reader\" requires approval but no interactive UI available."));
}

// ---- MCP ----

/// Starts `omp-host mcp` with these client capabilities.
fn mcp_host(sb: &Sandbox, capabilities: Value) -> LineHost {
    let mut host = LineHost::start(sb, &["mcp"]);
    host.send(rpc(
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": capabilities, "clientInfo": {"name": "test", "version": "0"}}),
    ));
    response(&mut host, 0);
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    host
}

fn response(host: &mut LineHost, id: i64) -> Value {
    host.wait_for(&format!("the response to request {id}"), |l| {
        l["id"] == id && (l.get("result").is_some() || l.get("error").is_some())
    })
}

fn call(host: &mut LineHost, id: i64, tool: &str, arguments: Value) {
    host.send(rpc(id, "tools/call", json!({ "name": tool, "arguments": arguments })));
}

/// Waits for the next elicitation the host sends that was not yet seen.
fn elicitation(host: &mut LineHost, seen: &mut Vec<Value>) -> Value {
    let known = seen.clone();
    let request = host.wait_for("an elicitation", |l| l["method"] == "elicitation/create" && !known.contains(&l["id"]));
    seen.push(request["id"].clone());
    request
}

fn answer(host: &mut LineHost, request: &Value, result: Value) {
    host.send(json!({ "jsonrpc": "2.0", "id": request["id"], "result": result }).to_string());
}

fn result_text(host: &mut LineHost, id: i64) -> String {
    response(host, id)["result"]["content"][0]["text"].as_str().unwrap_or("").to_string()
}

#[test]
fn mcp_elicitation_answers_confirm_and_select() {
    let sb = sandbox("ui-mcp", None);
    let mut host = mcp_host(&sb, json!({"elicitation": {}}));
    let mut seen = Vec::new();

    call(&mut host, 1, "ask", json!({"method": "confirm"}));
    let asked = elicitation(&mut host, &mut seen);
    assert_eq!(asked["params"]["message"], "Delete x?");
    assert_eq!(asked["params"]["requestedSchema"]["properties"]["value"]["type"], "boolean");
    assert_eq!(
        asked["params"]["requestedSchema"]["properties"]["value"]["description"],
        "This removes x for good"
    );
    answer(&mut host, &asked, json!({"action": "accept", "content": {"value": true}}));
    assert_eq!(
        serde_json::from_str::<Value>(&result_text(&mut host, 1)).unwrap(),
        json!({"hasUI": true, "ctxHasUI": true, "answer": true})
    );

    call(&mut host, 2, "ask", json!({"method": "confirm"}));
    let asked = elicitation(&mut host, &mut seen);
    answer(&mut host, &asked, json!({"action": "accept", "content": {"value": false}}));
    assert!(result_text(&mut host, 2).contains("\"answer\":false"));

    call(&mut host, 3, "ask", json!({"method": "select"}));
    let asked = elicitation(&mut host, &mut seen);
    assert_eq!(asked["params"]["requestedSchema"]["properties"]["value"]["enum"], json!(["red", "green"]));
    answer(&mut host, &asked, json!({"action": "accept", "content": {"value": "green"}}));
    assert!(result_text(&mut host, 3).contains("\"answer\":\"green\""));

    // Decline is the no-op value.
    call(&mut host, 4, "ask", json!({"method": "input"}));
    let asked = elicitation(&mut host, &mut seen);
    answer(&mut host, &asked, json!({"action": "decline"}));
    assert!(result_text(&mut host, 4).contains("\"answer\":\"undefined\""));
}

#[test]
fn mcp_a_cancelled_call_withdraws_its_elicitation() {
    let sb = sandbox("ui-mcp-cancel", None);
    let mut host = mcp_host(&sb, json!({"elicitation": {"form": {}}}));
    call(&mut host, 1, "ask", json!({"method": "confirm"}));
    let asked = elicitation(&mut host, &mut Vec::new());
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "reason": "user gave up"}}).to_string());
    host.wait_for("the elicitation's cancellation", |l| {
        l["method"] == "notifications/cancelled" && l["params"]["requestId"] == asked["id"]
    });
    call(&mut host, 2, "reader", json!({}));
    assert_eq!(result_text(&mut host, 2), "reader ran");
    assert!(host.seen.iter().all(|l| l["id"] != 1), "a cancelled request gets no response: {:#?}", host.seen);
}

#[test]
fn mcp_without_elicitation_tools_get_the_no_op_ui() {
    let sb = sandbox("ui-mcp-none", None);
    let mut host = mcp_host(&sb, json!({}));
    call(&mut host, 1, "ask", json!({"method": "confirm"}));
    assert_eq!(
        serde_json::from_str::<Value>(&result_text(&mut host, 1)).unwrap(),
        json!({"hasUI": false, "ctxHasUI": false, "answer": false})
    );
    call(&mut host, 2, "ask", json!({"method": "select"}));
    assert!(result_text(&mut host, 2).contains("\"answer\":\"undefined\""));
    assert!(host.seen.iter().all(|l| l["method"] != "elicitation/create"));
}

#[test]
fn mcp_approval_through_elicitation_and_without_it() {
    let config = json!({"approvalMode": "always-ask", "toolSettings": {"ask": {"approval": "deny"}}});
    let sb = sandbox("approval-mcp", Some(config.clone()));
    let mut host = mcp_host(&sb, json!({"elicitation": {}}));
    let mut seen = Vec::new();
    call(&mut host, 1, "guarded", json!({}));
    let asked = elicitation(&mut host, &mut seen);
    assert_eq!(asked["params"]["message"], "Allow tool: guarded");
    assert_eq!(asked["params"]["requestedSchema"]["properties"]["value"]["enum"], json!(["Approve", "Deny"]));
    answer(&mut host, &asked, json!({"action": "accept", "content": {"value": "Approve"}}));
    assert_eq!(result_text(&mut host, 1), "guarded ran");
    call(&mut host, 2, "guarded", json!({}));
    let asked = elicitation(&mut host, &mut seen);
    answer(&mut host, &asked, json!({"action": "cancel"}));
    let denied = response(&mut host, 2)["result"].clone();
    assert_eq!(
        (denied["content"][0]["text"].as_str(), denied["isError"].clone()),
        (Some("Tool call denied by user: guarded"), json!(true))
    );
    call(&mut host, 3, "ask", json!({"method": "confirm"}));
    assert!(result_text(&mut host, 3).starts_with("Tool \"ask\" is blocked by user policy."));

    let sb = sandbox("approval-mcp-none", Some(config));
    let mut host = mcp_host(&sb, json!({}));
    call(&mut host, 1, "guarded", json!({}));
    let refused = response(&mut host, 1)["result"].clone();
    assert_eq!((refused["content"][0]["text"].as_str(), refused["isError"].clone()), (Some(NO_UI), json!(true)));
}
