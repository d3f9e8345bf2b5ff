//! `omp-host mcp`: the tools as a Model Context Protocol server (JSON-RPC over stdio).
mod common;
use common::*;

use serde_json::{json, Value};

fn rpc(id: i64, method: &str, params: Value) -> String {
    json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }).to_string()
}

fn response(lines: &[Value], id: i64) -> &Value {
    lines.iter().find(|l| l["id"] == id).unwrap_or_else(|| panic!("no response {id} in {lines:#?}"))
}

/// `run_protocol`, but for the `mcp` command.
fn mcp_session(sb: &Sandbox, script: &[(u64, String)]) -> Vec<Value> {
    use std::io::{BufRead, Write};
    let mut child = sb
        .command(&["mcp"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let script = script.to_vec();
    let writer = std::thread::spawn(move || {
        for (delay, line) in script {
            std::thread::sleep(std::time::Duration::from_millis(delay));
            let _ = writeln!(stdin, "{line}");
        }
    });
    let lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines().map(|l| serde_json::from_str(&l.unwrap()).unwrap()).collect();
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    lines
}

const TOOLS: &str = "export default (pi) => [\n  { name: 'steps', label: 'Steps', description: 'counts', parameters: pi.zod.object({ n: pi.zod.number().int().min(1) }), async execute(id, p, onUpdate) { for (let i = 1; i <= p.n; i++) { onUpdate({ content: [{ type: 'text', text: 'at ' + i }] }); await new Promise((r) => setTimeout(r, 5)); } return { content: [{ type: 'text', text: 'counted ' + p.n }], details: { n: p.n } }; } },\n  { name: 'slow', label: 'Slow', description: 'sleeps', parameters: { type: 'object' }, async execute(id, p, onUpdate, ctx, signal) { const r = await pi.exec('sleep', ['63.5'], { signal }); return { content: [{ type: 'text', text: 'woke ' + r.killed }] }; } },\n];";

#[test]
fn initialize_list_and_call_with_progress() {
    let sb = Sandbox::new("mcp-basic");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let lines = mcp_session(
        &sb,
        &[
            (0, rpc(1, "initialize", json!({"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}}))),
            (0, json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string()),
            (0, rpc(2, "tools/list", json!({}))),
            (0, rpc(3, "tools/call", json!({"name": "steps", "arguments": {"n": 3}, "_meta": {"progressToken": "tok"}}))),
            (0, rpc(4, "tools/call", json!({"name": "steps", "arguments": {"n": 0}}))),
            (0, rpc(5, "ping", json!({}))),
        ],
    );
    let init = &response(&lines, 1)["result"];
    assert_eq!(init["protocolVersion"], "2025-03-26");
    assert_eq!(init["serverInfo"]["name"], "omp-host");
    assert!(init["capabilities"]["tools"].is_object());
    let tools = response(&lines, 2)["result"]["tools"].as_array().unwrap();
    let steps = tools.iter().find(|t| t["name"] == "steps").unwrap();
    assert_eq!(steps["inputSchema"]["properties"]["n"]["type"], "integer");
    assert_eq!(steps["title"], "Steps");
    let progress: Vec<&Value> = lines.iter().filter(|l| l["method"] == "notifications/progress").collect();
    assert_eq!(progress.len(), 3);
    assert_eq!(progress[2]["params"], json!({"progressToken": "tok", "progress": 3, "message": "at 3"}));
    assert_eq!(response(&lines, 3)["result"]["content"], json!([{"type": "text", "text": "counted 3"}]));
    assert_eq!(response(&lines, 3)["result"]["isError"], false);
    let invalid = &response(&lines, 4)["result"];
    assert_eq!(invalid["isError"], true);
    assert!(invalid["content"][0]["text"].as_str().unwrap().starts_with("Validation failed for tool \"steps\":"));
    assert_eq!(response(&lines, 5)["result"], json!({}));
}

#[test]
fn malformed_messages_get_json_rpc_errors_and_serving_goes_on() {
    let sb = Sandbox::new("mcp-errors");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let lines = mcp_session(
        &sb,
        &[
            (0, "{not json".to_string()),
            (0, rpc(1, "no/such/method", json!({}))),
            (0, rpc(2, "tools/call", json!({"name": "ghost"}))),
            (0, rpc(3, "tools/call", json!({"arguments": {}}))),
            (0, rpc(4, "tools/call", json!({"name": "steps", "arguments": [1]}))),
            (0, json!({"jsonrpc": "2.0", "id": 5}).to_string()),
            (0, rpc(6, "tools/call", json!({"name": "steps", "arguments": {"n": 1}}))),
        ],
    );
    assert!(lines.iter().any(|l| l["id"].is_null() && l["error"]["code"] == -32700));
    assert_eq!(response(&lines, 1)["error"]["code"], -32601);
    assert_eq!(response(&lines, 2)["error"], json!({"code": -32602, "message": "Unknown tool: ghost"}));
    assert_eq!(response(&lines, 3)["error"]["code"], -32602);
    assert_eq!(response(&lines, 4)["error"]["code"], -32602);
    assert_eq!(response(&lines, 5)["error"]["code"], -32600);
    assert_eq!(response(&lines, 6)["result"]["content"][0]["text"], "counted 1");
}

#[test]
fn cancelled_notification_stops_the_call_without_a_response() {
    let sb = Sandbox::new("mcp-cancel");
    sb.write("project/.omp/tools/t.js", TOOLS);
    let started = std::time::Instant::now();
    let lines = mcp_session(
        &sb,
        &[
            (0, rpc(1, "tools/call", json!({"name": "slow", "arguments": {}}))),
            (300, json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "reason": "user gave up"}}).to_string()),
            (200, rpc(2, "tools/call", json!({"name": "steps", "arguments": {"n": 1}}))),
        ],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
    assert!(lines.iter().all(|l| l["id"] != 1), "a cancelled request gets no response: {lines:#?}");
    assert_eq!(response(&lines, 2)["result"]["content"][0]["text"], "counted 1");
    let sleepers = std::process::Command::new("pgrep").args(["-f", "sleep 63[.]5"]).output().unwrap();
    assert!(sleepers.stdout.is_empty(), "the cancelled call's process was killed");
}
