//! `omp-host mcp`: the tools as a Model Context Protocol server (JSON-RPC over stdio).
use crate::common::faults::unstoppable_loop;
use crate::common::*;

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
    assert_eq!(
        done.get("structuredContent"),
        None,
        "clients show structuredContent to the model instead of content"
    );
    assert_eq!(done["_meta"]["omp-host/details"], json!({"n": 3}), "the tool's details travel in _meta");
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
        assert_eq!(crate::common::faults::wait_for_file(&file, WAIT), reason);
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

// ---- What agents need: the tools as real agents see them ----

/// A pi extension's tool lists the `annotations` it declared (they win over the hints the
/// approval tier gives), and its `executionMode: "sequential"` makes its calls run alone.
#[test]
fn an_extension_tools_declared_annotations_and_execution_mode_are_honoured() {
    let sb = Sandbox::new("mcp-pi-annotations");
    sb.write(
        "project/.pi/extensions/hinted.ts",
        "export default (pi) => {\n  pi.registerTool({ name: 'lookup', label: 'Lookup', description: 'reads', annotations: { readOnlyHint: true, openWorldHint: false, title: 'Look it up' }, executionMode: 'sequential', parameters: { type: 'object', properties: {} }, async execute() { return { content: [{ type: 'text', text: 'found' }] }; } });\n};",
    );
    let (mut host, _) = mcp_host(&sb, "2025-11-25");
    host.send(rpc(1, "tools/list", json!({})));
    let tools = response(&mut host, 1)["result"]["tools"].as_array().unwrap().clone();
    let lookup = tools.iter().find(|t| t["name"] == "lookup").unwrap();
    assert_eq!(
        lookup["annotations"],
        json!({"title": "Look it up", "readOnlyHint": true, "destructiveHint": false, "openWorldHint": false})
    );
    let list = sb.list_json(&[]);
    assert_eq!(list["tools"][0]["concurrency"], "exclusive");
}

#[test]
fn tools_carry_hints_from_their_approval_tier_and_resolve_is_always_listed() {
    let sb = Sandbox::new("mcp-annotations");
    sb.write(
        "project/.omp/tools/t.js",
        "export default () => [\n  { name: 'look', label: 'Look', description: 'reads', approval: 'read', parameters: { type: 'object' }, async execute() { return { content: [{ type: 'text', text: 'seen' }] }; } },\n  { name: 'write_it', label: 'Write', description: 'writes', approval: 'write', parameters: { type: 'object' }, async execute() { return { content: [] }; } },\n  { name: 'run_it', label: 'Run', description: 'runs', parameters: { type: 'object' }, async execute() { return { content: [] }; } },\n];",
    );
    let (mut host, _) = mcp_host(&sb, "2025-11-25");
    host.send(rpc(1, "tools/list", json!({})));
    let tools = response(&mut host, 1)["result"]["tools"].as_array().unwrap().clone();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["look", "write_it", "run_it", "resolve"], "resolve is listed with nothing pending");
    let hints = |name: &str| tools.iter().find(|t| t["name"] == name).unwrap()["annotations"].clone();
    assert_eq!(hints("look"), json!({"title": "Look", "readOnlyHint": true, "destructiveHint": false}));
    assert_eq!(hints("write_it")["readOnlyHint"], false);
    assert_eq!(
        hints("run_it"),
        json!({"title": "Run", "readOnlyHint": false, "destructiveHint": true}),
        "no approval means exec"
    );
    assert_eq!(hints("resolve")["readOnlyHint"], false, "resolve carries out a change");
    let resolve = tools.iter().find(|t| t["name"] == "resolve").unwrap();
    assert!(resolve["description"].as_str().unwrap().contains("pending action"), "{resolve}");
}

#[test]
fn a_second_initialize_is_refused_and_the_session_goes_on() {
    let sb = Sandbox::new("mcp-reinit");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    host.send(rpc(
        1,
        "initialize",
        json!({"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "again", "version": "0"}}),
    ));
    let again = response(&mut host, 1);
    assert_eq!(again["error"]["code"], -32600, "{again}");
    assert!(
        again["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already initialized (protocol 2025-06-18)"),
        "{again}"
    );
    host.send(rpc(2, "tools/call", json!({"name": "steps", "arguments": {"n": 1}})));
    assert_eq!(response(&mut host, 2)["result"]["content"][0]["text"], "counted 1");
}

#[test]
fn a_batch_gets_an_error_for_each_request_in_it() {
    let sb = Sandbox::new("mcp-batch");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, _) = mcp_host(&sb, "2025-03-26");
    host.send(json!([rpc_value(1, "tools/list"), {"jsonrpc": "2.0", "method": "notifications/progress", "params": {}}, rpc_value(2, "ping")]).to_string());
    for id in [1, 2] {
        let refused = response(&mut host, id);
        assert_eq!(refused["error"]["code"], -32600, "{refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains("batches are not supported"), "{refused}");
    }
    host.send("[]");
    let empty = host.wait_for("the empty batch's error", |l| l["error"]["code"] == -32600 && l.get("id").is_none());
    assert!(empty["error"]["message"].as_str().unwrap().contains("batches"), "{empty}");
    host.send(rpc(3, "ping", json!({})));
    assert_eq!(response(&mut host, 3)["result"], json!({}));
}

fn rpc_value(id: i64, method: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": {}})
}

#[test]
fn a_request_reusing_an_id_in_flight_is_refused_and_both_ids_are_answered_once() {
    let sb = Sandbox::new("mcp-duplicate-id");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    host.send(rpc(
        1,
        "tools/call",
        json!({"name": "slow", "arguments": {"secs": 64.2}, "_meta": {"progressToken": 1}}),
    ));
    host.wait_for("the slow call to begin", |l| l["method"] == "notifications/progress");
    host.send(rpc(1, "tools/call", json!({"name": "steps", "arguments": {"n": 1}})));
    let refused = response(&mut host, 1);
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    assert!(
        refused["error"]["message"].as_str().unwrap().contains("request id 1 is already in use"),
        "{refused}"
    );
    // The same id by another way in (rmcp's reader): refused too.
    host.seen.clear();
    host.send(rpc(1, "tools/list", json!({})));
    host.wait_for("the second refusal", |l| l["id"] == 1 && l["error"]["code"] == -32600);
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}).to_string());
    wait_until("the slow call's process to be killed", || !process_running("sleep 64[.]2"));
    // Cancelled, so the id is free again.
    host.send(rpc(1, "tools/call", json!({"name": "steps", "arguments": {"n": 2}})));
    host.wait_for("the reused id's answer", |l| l["id"] == 1 && l["result"]["content"][0]["text"] == "counted 2");
}

const BROKEN_AND_OK: &str = "export default (pi) => {\n  const x = 1;\n  x.nope();\n};\n";

#[test]
fn load_errors_reach_the_client_as_warnings_and_a_call_names_them() {
    let sb = Sandbox::new("mcp-load-errors");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let broken = sb.write("project/.omp/tools/broken.ts", BROKEN_AND_OK);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    let warning = host.wait_for("the load error as a log message", |l| l["method"] == "notifications/message");
    assert_eq!(warning["params"]["level"], "warning");
    let text = warning["params"]["data"].as_str().unwrap();
    let place = format!("{}:3:", broken.display());
    assert!(text.contains(&place) && text.contains("x.nope is not a function"), "{text}");
    host.send(rpc(1, "tools/call", json!({"name": "broken", "arguments": {}})));
    let error = response(&mut host, 1)["error"].clone();
    let message = error["message"].as_str().unwrap();
    assert!(message.starts_with("Tool \"broken\" failed to load: ") && message.contains(&place), "{error}");
    host.send(rpc(2, "tools/call", json!({"name": "ghost", "arguments": {}})));
    let message = response(&mut host, 2)["error"]["message"].as_str().unwrap().to_string();
    assert!(
        message.starts_with("Unknown tool: ghost. 1 tool module(s) failed to load: ") && message.contains(&place),
        "{message}"
    );
}

/// A config file with a typo does not end the server (the client showed only "Connection
/// closed"): it starts, serves no tools (an ignored config could drop a `deny`), and says why
/// in a warning and in every call's error.
#[test]
fn a_broken_config_at_start_keeps_the_server_up_and_says_why() {
    let sb = Sandbox::new("mcp-broken-config");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let config = sb.write("project/.omp/omp-host.json", r#"{ "toolSetings": {} }"#);
    let (mut host, _) = mcp_host(&sb, "2025-06-18");
    let warning = host.wait_for("the config error as a log message", |l| l["method"] == "notifications/message");
    let text = warning["params"]["data"].as_str().unwrap();
    assert!(
        text.contains(&config.display().to_string()) && text.contains("toolSetings") && text.contains("no tools are served until it is fixed"),
        "{text}"
    );
    host.send(rpc(1, "tools/list", json!({})));
    let tools = response(&mut host, 1)["result"]["tools"].clone();
    let names: Vec<&str> = tools.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["resolve"]);
    host.send(rpc(2, "tools/call", json!({"name": "steps", "arguments": {"n": 1}})));
    let message = response(&mut host, 2)["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("toolSetings"), "{message}");
}

/// The `_meta` every request of the 2026-07-28 revision carries, with these capabilities.
fn meta_2026(capabilities: Value) -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": capabilities,
        "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "0"},
    })
}

/// A host on the 2026-07-28 revision: no initialize, `server/discover` first.
fn mcp_host_2026(sb: &Sandbox) -> LineHost {
    let mut host = LineHost::start(sb, &["mcp"]);
    host.send(rpc(0, "server/discover", json!({"_meta": meta_2026(json!({}))})));
    response(&mut host, 0);
    host
}

const CHATTY: &str = "export default (pi) => ({ name: 'chatty', label: 'c', description: 'd', parameters: { type: 'object', properties: { say: { type: 'string' } } }, async execute(id, p) { console.log(p.say); pi.logger.debug('debug ' + p.say); return { content: [{ type: 'text', text: 'said ' + p.say }] }; } });";

#[test]
fn on_the_2026_revision_log_messages_go_only_to_requests_that_ask() {
    let sb = Sandbox::new("mcp-2026-logs");
    sb.write("project/.omp/tools/t.js", CHATTY);
    let mut host = mcp_host_2026(&sb);
    host.send(rpc(
        1,
        "tools/call",
        json!({"name": "chatty", "arguments": {"say": "unasked"}, "_meta": meta_2026(json!({}))}),
    ));
    assert_eq!(response(&mut host, 1)["result"]["content"][0]["text"], "said unasked");
    let mut asking = meta_2026(json!({}));
    asking["io.modelcontextprotocol/logLevel"] = json!("info");
    host.send(rpc(2, "tools/call", json!({"name": "chatty", "arguments": {"say": "asked"}, "_meta": asking})));
    response(&mut host, 2);
    host.wait_for("the asked-for line", |l| {
        l["method"] == "notifications/message" && l["params"]["data"] == "asked"
    });
    let messages: Vec<&Value> = host.seen.iter().filter(|l| l["method"] == "notifications/message").collect();
    assert_eq!(
        messages.len(),
        1,
        "nothing for the request that did not ask, no debug line at info: {messages:?}"
    );
    assert!(!host.seen.iter().any(|l| l["method"] == "notifications/tools/list_changed"), "nothing unasked");
}

#[test]
fn on_the_2026_revision_tool_list_changes_go_to_subscriptions_listen() {
    let sb = Sandbox::new("mcp-2026-listen");
    let tool = sb.write("project/.omp/tools/t.js", CHATTY);
    let mut host = mcp_host_2026(&sb);
    let filter = json!({"toolsListChanged": true, "promptsListChanged": true});
    host.send(rpc(1, "subscriptions/listen", json!({"notifications": filter, "_meta": meta_2026(json!({}))})));
    let acknowledged = host.wait_for("the acknowledgment", |l| l["method"] == "notifications/subscriptions/acknowledged");
    assert_eq!(acknowledged["params"]["notifications"], json!({"toolsListChanged": true}), "{acknowledged}");
    std::fs::write(&tool, CHATTY.replace("'said '", "'now says '")).unwrap();
    let changed = host.wait_for("the change on the subscription", |l| l["method"] == "notifications/tools/list_changed");
    assert_eq!(changed["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"], 1, "{changed}");
    host.send(rpc(
        2,
        "tools/call",
        json!({"name": "chatty", "arguments": {"say": "x"}, "_meta": meta_2026(json!({}))}),
    ));
    assert_eq!(response(&mut host, 2)["result"]["content"][0]["text"], "now says x");
}

const ASKS: &str = "export default (pi) => ({ name: 'pick', label: 'Pick', description: 'asks', approval: 'read', parameters: { type: 'object' }, async execute(id, p, onUpdate, ctx) { const color = await ctx.ui.select('Color?', ['red', 'green']); const sure = await ctx.ui.confirm('Sure?', 'really'); return { content: [{ type: 'text', text: `picked ${color} ${sure} hasUI=${ctx.hasUI}` }] }; } });";

#[test]
fn on_the_2026_revision_a_request_that_can_show_forms_gets_questions_in_input_required_results() {
    let sb = Sandbox::new("mcp-2026-input");
    sb.write("project/.omp/tools/t.js", ASKS);
    let mut host = mcp_host_2026(&sb);
    // A request that cannot show forms: the no-op UI.
    host.send(rpc(1, "tools/call", json!({"name": "pick", "arguments": {}, "_meta": meta_2026(json!({}))})));
    assert_eq!(response(&mut host, 1)["result"]["content"][0]["text"], "picked undefined false hasUI=false");
    let forms = meta_2026(json!({"elicitation": {"form": {}}}));
    host.send(rpc(2, "tools/call", json!({"name": "pick", "arguments": {}, "_meta": forms})));
    let first = response(&mut host, 2)["result"].clone();
    assert_eq!(first["resultType"], "input_required", "{first}");
    let (key, request) = first["inputRequests"]
        .as_object()
        .unwrap()
        .iter()
        .next()
        .map(|(k, v)| (k.clone(), v.clone()))
        .unwrap();
    assert_eq!(request["method"], "elicitation/create", "{request}");
    assert_eq!(request["params"]["message"], "Color?");
    assert_eq!(request["params"]["requestedSchema"]["properties"]["value"]["enum"], json!(["red", "green"]));
    let state = first["requestState"].clone();
    host.send(rpc(
        3,
        "tools/call",
        json!({"name": "pick", "arguments": {}, "_meta": forms, "requestState": state, "inputResponses": {key: {"action": "accept", "content": {"value": "green"}}}}),
    ));
    let second = response(&mut host, 3)["result"].clone();
    assert_eq!(second["resultType"], "input_required", "the second question: {second}");
    let key = second["inputRequests"].as_object().unwrap().keys().next().unwrap().clone();
    assert_eq!(
        second["inputRequests"][&key]["params"]["requestedSchema"]["properties"]["value"]["type"],
        "boolean"
    );
    let state = second["requestState"].clone();
    host.send(rpc(
        4,
        "tools/call",
        json!({"name": "pick", "arguments": {}, "_meta": forms, "requestState": state, "inputResponses": {key: {"action": "accept", "content": {"value": true}}}}),
    ));
    let done = response(&mut host, 4)["result"].clone();
    assert_eq!(done["content"][0]["text"], "picked green true hasUI=true", "{done}");
    // The state is a handle to a waiting call, used once.
    host.send(rpc(
        5,
        "tools/call",
        json!({"name": "pick", "arguments": {}, "_meta": forms, "requestState": state, "inputResponses": {}}),
    ));
    let stale = response(&mut host, 5);
    assert_eq!(stale["error"]["code"], -32602, "{stale}");
}

#[test]
fn on_the_2026_revision_the_approval_prompt_travels_in_an_input_required_result() {
    let sb = Sandbox::new("mcp-2026-approval");
    sb.write("project/.omp/tools/t.js", TOOLS);
    sb.write("project/.omp/omp-host.json", r#"{ "approvalMode": "always-ask" }"#);
    let mut host = mcp_host_2026(&sb);
    let forms = meta_2026(json!({"elicitation": {}}));
    host.send(rpc(1, "tools/call", json!({"name": "steps", "arguments": {"n": 1}, "_meta": forms})));
    let asked = response(&mut host, 1)["result"].clone();
    let (key, request) = asked["inputRequests"]
        .as_object()
        .unwrap()
        .iter()
        .next()
        .map(|(k, v)| (k.clone(), v.clone()))
        .unwrap();
    assert_eq!(request["params"]["message"], "Allow tool: steps", "{request}");
    host.send(rpc(
        2,
        "tools/call",
        json!({"name": "steps", "arguments": {"n": 1}, "_meta": forms, "requestState": asked["requestState"], "inputResponses": {key: {"action": "accept", "content": {"value": "Approve"}}}}),
    ));
    assert_eq!(response(&mut host, 2)["result"]["content"][0]["text"], "counted 1");
}

/// An open `subscriptions/listen` is a request in flight, which rmcp waits for (5 s) when
/// input ends: the session's end now ends it, and the host exits at once.
#[test]
fn an_open_subscription_does_not_hold_up_exit() {
    let sb = Sandbox::new("mcp-2026-listen-exit");
    sb.write("project/.omp/tools/t.js", CHATTY);
    let mut host = mcp_host_2026(&sb);
    host.send(rpc(
        1,
        "subscriptions/listen",
        json!({"notifications": {"toolsListChanged": true}, "_meta": meta_2026(json!({}))}),
    ));
    host.wait_for("the acknowledgment", |l| l["method"] == "notifications/subscriptions/acknowledged");
    host.close_stdin();
    let status = host.wait_exit(std::time::Duration::from_secs(3));
    assert!(status.success(), "{status:?}");
}
