//! `omp-host mcp`: the tools as a Model Context Protocol server (JSON-RPC over stdio).
mod common;
use common::faults::unstoppable_loop;
use common::*;

use serde_json::{json, Value};

/// Starts `omp-host mcp` and completes the handshake at `version`; answers the initialize result.
fn mcp_host(sb: &Sandbox, version: &str) -> (LineHost, Value) {
    let mut host = LineHost::start(sb, &["mcp"]);
    host.send(rpc(
        0,
        "initialize",
        json!({"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}}),
    ));
    let init = response(&mut host, 0);
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    (host, init)
}

/// Waits for the response to request `id`.
fn response(host: &mut LineHost, id: i64) -> Value {
    host.wait_for(&format!("the response to request {id}"), |l| {
        l["id"] == id && (l.get("result").is_some() || l.get("error").is_some())
    })
}

const TOOLS: &str = "export default (pi) => [\n  { name: 'steps', label: 'Steps', description: 'counts', parameters: pi.zod.object({ n: pi.zod.number().int().min(1) }), async execute(id, p, onUpdate) { for (let i = 1; i <= p.n; i++) { onUpdate({ content: [{ type: 'text', text: 'at ' + i }] }); await new Promise((r) => setTimeout(r, 5)); } return { content: [{ type: 'text', text: 'counted ' + p.n }], details: { n: p.n } }; } },\n  { name: 'slow', label: 'Slow', description: 'sleeps', parameters: { type: 'object' }, async execute(id, p, onUpdate, ctx, signal) { onUpdate({ content: [{ type: 'text', text: 'sleeping' }] }); const r = await pi.exec('sleep', [String(p.secs)], { signal }); return { content: [{ type: 'text', text: 'woke ' + r.killed }] }; } },\n];";

#[test]
fn initialize_list_and_call_with_progress() {
    let sb = Sandbox::new("mcp-basic");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, init) = mcp_host(&sb, "2025-03-26");
    assert_eq!(init["result"]["protocolVersion"], "2025-03-26");
    assert_eq!(init["result"]["serverInfo"]["name"], "omp-host");
    assert!(init["result"]["capabilities"]["tools"].is_object());
    assert_eq!(init["result"]["capabilities"]["tools"]["listChanged"], true);
    host.send(rpc(2, "tools/list", json!({})));
    let tools = response(&mut host, 2)["result"]["tools"].as_array().unwrap().clone();
    let steps = tools.iter().find(|t| t["name"] == "steps").unwrap();
    assert_eq!(steps["inputSchema"]["properties"]["n"]["type"], "integer");
    assert_eq!(steps["title"], "Steps");
    host.send(rpc(
        3,
        "tools/call",
        json!({"name": "steps", "arguments": {"n": 3}, "_meta": {"progressToken": "tok"}}),
    ));
    let done = response(&mut host, 3)["result"].clone();
    assert_eq!(done["content"], json!([{"type": "text", "text": "counted 3"}]));
    assert_eq!(done["isError"], false);
    assert_eq!(done["structuredContent"], json!({"n": 3}), "the tool's details travel as structuredContent");
    let progress: Vec<Value> = host.seen.iter().filter(|l| l["method"] == "notifications/progress").cloned().collect();
    assert_eq!(progress.len(), 3);
    assert_eq!(progress[2]["params"], json!({"progressToken": "tok", "progress": 3.0, "message": "at 3"}));
    host.send(rpc(4, "tools/call", json!({"name": "steps", "arguments": {"n": 0}})));
    let invalid = response(&mut host, 4)["result"].clone();
    assert_eq!(invalid["isError"], true);
    assert!(invalid["content"][0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Validation failed for tool \"steps\":"));
    host.send(rpc(5, "ping", json!({})));
    assert_eq!(response(&mut host, 5)["result"], json!({}));
}

#[test]
fn current_protocol_revisions_are_spoken() {
    let sb = Sandbox::new("mcp-versions");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, init) = mcp_host(&sb, "2025-11-25");
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25");
    host.send(rpc(1, "tools/call", json!({"name": "steps", "arguments": {"n": 1}})));
    assert_eq!(response(&mut host, 1)["result"]["content"][0]["text"], "counted 1");
    drop(host);
    // The stateless revision: no initialize, `server/discover` first.
    let mut host = LineHost::start(&sb, &["mcp"]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "0"}});
    host.send(rpc(7, "server/discover", json!({"_meta": meta})));
    let discovered = response(&mut host, 7);
    let versions = discovered["result"]["supportedVersions"].as_array().unwrap_or_else(|| panic!("{discovered}"));
    assert!(
        versions.iter().any(|v| v == "2026-07-28") && versions.iter().any(|v| v == "2025-11-25"),
        "{discovered}"
    );
}

#[test]
fn a_fast_call_is_answered_while_a_slow_one_runs() {
    let sb = Sandbox::new("mcp-fast");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    host.send(rpc(
        1,
        "tools/call",
        json!({"name": "slow", "arguments": {"secs": 63.1}, "_meta": {"progressToken": 1}}),
    ));
    host.wait_for("the slow call to begin", |l| l["method"] == "notifications/progress");
    host.send(rpc(2, "tools/call", json!({"name": "steps", "arguments": {"n": 1}})));
    assert_eq!(response(&mut host, 2)["result"]["content"][0]["text"], "counted 1");
    assert!(!host.seen.iter().any(|l| l["id"] == 1), "the slow call is still running");
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}).to_string());
    wait_until("the slow call's process to be killed", || !process_running("sleep 63[.]1"));
}

#[test]
fn malformed_messages_get_json_rpc_errors_and_serving_goes_on() {
    let sb = Sandbox::new("mcp-errors");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    // Unparsable input is ignored, as the official MCP SDKs do (no id to answer); well-formed
    // JSON that is not a message is an Invalid Request.
    host.send("{not json");
    host.send_bytes(b"\xff\xfe not UTF-8\n");
    host.send(json!({"jsonrpc": "2.0", "id": 5}).to_string());
    host.wait_for("the Invalid Request error", |l| l["error"]["code"] == -32600);
    host.send(rpc(1, "no/such/method", json!({})));
    assert_eq!(response(&mut host, 1)["error"]["code"], -32601);
    host.send(rpc(2, "tools/call", json!({"name": "ghost"})));
    let unknown = response(&mut host, 2);
    assert_eq!(unknown["error"]["code"], -32602);
    assert!(unknown["error"]["message"].as_str().unwrap().contains("ghost"), "{unknown}");
    // A tools/call whose params are not a call's is Invalid params, saying what is wrong
    // (rmcp answered -32601 "tools/call", as if the method did not exist).
    for (id, params) in [(3, json!({"arguments": {}})), (4, json!({"name": "steps", "arguments": [1]}))] {
        host.send(rpc(id, "tools/call", params));
        let error = response(&mut host, id)["error"].clone();
        assert_eq!(error["code"], -32602, "{error}");
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .starts_with("tools/call: params must be {\"name\": string, \"arguments\": object (optional)}"),
            "{error}"
        );
    }
    host.send(rpc(6, "tools/call", json!({"name": "steps", "arguments": {"n": 1}})));
    assert_eq!(response(&mut host, 6)["result"]["content"][0]["text"], "counted 1");
}

#[test]
fn cancelled_notification_stops_the_call_without_a_response() {
    let sb = Sandbox::new("mcp-cancel");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    host.send(rpc(
        1,
        "tools/call",
        json!({"name": "slow", "arguments": {"secs": 63.2}, "_meta": {"progressToken": 1}}),
    ));
    host.wait_for("the slow call to begin", |l| l["method"] == "notifications/progress");
    wait_until("the sleep to start", || process_running("sleep 63[.]2"));
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "reason": "user gave up"}}).to_string());
    wait_until("the cancelled call's process to be killed", || !process_running("sleep 63[.]2"));
    host.send(rpc(2, "tools/call", json!({"name": "steps", "arguments": {"n": 1}})));
    assert_eq!(response(&mut host, 2)["result"]["content"][0]["text"], "counted 1");
    assert!(host.seen.iter().all(|l| l["id"] != 1), "a cancelled request gets no response: {:#?}", host.seen);
}

/// The reason a client gives in `notifications/cancelled` is the reason the tool's signal
/// aborts with (rmcp cancels the request before it hands the notification to the server, so
/// the host takes the reason from the line as it reads it), for numbered and named requests.
#[test]
fn a_cancel_reason_reaches_the_tools_signal() {
    let sb = Sandbox::new("mcp-cancel-reason");
    sb.write(
        "project/.omp/tools/t.js",
        "import { writeFileSync } from 'node:fs';\nexport default () => ({ name: 'waits', label: 'w', description: 'd', parameters: { type: 'object' }, async execute(id, p, onUpdate, ctx, signal) { signal.addEventListener('abort', () => writeFileSync(p.file, String(signal.reason?.message ?? signal.reason) + '\\n')); onUpdate({ content: [{ type: 'text', text: 'waiting' }] }); await new Promise(() => {}); } });",
    );
    let (mut host, _) = mcp_host(&sb, "2025-11-25");
    for (id, reason) in [(json!(1), "user gave up"), (json!("call-2"), "too slow for me")] {
        let file = sb.root.join(format!("reason-{}", id.to_string().trim_matches('"')));
        host.send(
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "waits", "arguments": {"file": path_str(&file)}, "_meta": {"progressToken": id}}})
                .to_string(),
        );
        host.wait_for("the call to begin", |l| {
            l["method"] == "notifications/progress" && l["params"]["progressToken"] == id
        });
        host.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": id, "reason": reason}}).to_string());
        assert_eq!(common::faults::wait_for_file(&file, WAIT), reason);
    }
}

/// Starts the `slow` tool (a `sleep` child that ends when the call's signal is aborted) and
/// waits until its child runs.
fn host_in_a_slow_call(sb: &Sandbox, secs: &str) -> LineHost {
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, _) = mcp_host(sb, "2025-06-18");
    host.send(rpc(
        1,
        "tools/call",
        json!({"name": "slow", "arguments": {"secs": secs.parse::<f64>().unwrap()}, "_meta": {"progressToken": 1}}),
    ));
    host.wait_for("the slow call to begin", |l| l["method"] == "notifications/progress");
    wait_until("the sleep to start", || process_running(&format!("sleep {}", secs.replace('.', "[.]"))));
    host
}

/// The answer to request 1 among `lines`.
fn answer_to_the_slow_call(lines: &[Value]) -> &Value {
    lines
        .iter()
        .find(|l| l["id"] == 1)
        .unwrap_or_else(|| panic!("the call in flight was never answered: {lines:#?}"))
}

/// End of input shuts the host down at once, as in `run`: the call's signal is aborted, its
/// answer still reaches the client, and the host exits (it used to wait up to 5 s for rmcp to
/// give up on the call, which lost its answer).
#[test]
fn a_client_that_closes_stdin_mid_call_ends_the_host_and_its_children() {
    let sb = Sandbox::new("mcp-close");
    let host = host_in_a_slow_call(&sb, "63.3");
    let closed = std::time::Instant::now();
    let (status, lines) = host.finish();
    assert!(status.success(), "{status}");
    assert!(
        closed.elapsed() < std::time::Duration::from_secs(5),
        "the host exits promptly: {:?}",
        closed.elapsed()
    );
    assert_eq!(answer_to_the_slow_call(&lines)["result"]["content"][0]["text"], "woke true");
    wait_until("the call's child to be gone", || !process_running("sleep 63[.]3"));
}

/// SIGTERM likewise: the call's answer is sent before the host exits (it used to be lost).
#[test]
fn sigterm_mid_call_answers_the_call_then_exits() {
    let sb = Sandbox::new("mcp-sigterm");
    let mut host = host_in_a_slow_call(&sb, "63.4");
    host.signal("TERM");
    let status = host.wait_exit(WAIT);
    assert!(status.success(), "{status}");
    let answer = host.wait_for("the answer to the call in flight", |l| l["id"] == 1);
    assert_eq!(answer["result"]["content"][0]["text"], "woke true");
    wait_until("the call's child to be gone", || !process_running("sleep 63[.]4"));
}

#[test]
fn tool_logs_and_console_output_become_log_messages() {
    let sb = Sandbox::new("mcp-logging");
    sb.write(
        "project/.omp/tools/t.js",
        "export default (pi) => ({ name: 'chatty', label: 'c', description: 'd', parameters: { type: 'object' }, async execute() { pi.logger.warn('disk nearly full', { free: 3 }); console.error('console says hi'); return { content: [{ type: 'text', text: 'ok' }] }; } });",
    );
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    host.send(rpc(1, "logging/setLevel", json!({"level": "info"})));
    response(&mut host, 1);
    host.send(rpc(2, "tools/call", json!({"name": "chatty", "arguments": {}})));
    response(&mut host, 2);
    let warn = host.wait_for("the logger's line", |l| {
        l["method"] == "notifications/message" && l["params"]["logger"] == "pi.logger"
    });
    assert_eq!(warn["params"]["level"], "warning");
    assert_eq!(warn["params"]["data"]["message"], "disk nearly full");
    assert_eq!(warn["params"]["data"]["context"]["free"], 3);
    let console = host.wait_for("the console line", |l| {
        l["method"] == "notifications/message" && l["params"]["logger"] == "console"
    });
    assert_eq!(console["params"]["data"], "console says hi");
}

/// A wedged engine (a cancelled loop of long builtin calls no stop reaches) is replaced under
/// `mcp` as under `run`: the client is told the tool list changed, and the next call is served.
#[test]
fn a_wedged_engine_is_replaced_and_the_client_told() {
    let sb = Sandbox::new("mcp-wedged");
    let tools = &format!("export default () => [\n  {{ name: 'unstoppable_loop', label: 'L', description: 'wedges', parameters: {{ type: 'object' }}, async execute(id, p, onUpdate) {{ {} }} }},\n  {{ name: 'ok', label: 'Ok', description: 'answers', parameters: {{ type: 'object' }}, async execute() {{ return {{ content: [{{ type: 'text', text: 'alive' }}] }}; }} }},\n];", unstoppable_loop("onUpdate({ content: [] });"));
    sb.write("project/.omp/tools/t.js", tools);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    host.send(rpc(
        1,
        "tools/call",
        json!({"name": "unstoppable_loop", "arguments": {}, "_meta": {"progressToken": 1}}),
    ));
    host.wait_for("the loop to begin", |l| l["method"] == "notifications/progress");
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}).to_string());
    host.wait_for("the tool list to change", |l| l["method"] == "notifications/tools/list_changed");
    host.send(rpc(2, "tools/call", json!({"name": "ok", "arguments": {}})));
    assert_eq!(response(&mut host, 2)["result"]["content"][0]["text"], "alive");
}
