//! `omp-host mcp` on stdio started again over the same tools: `initialize` and `tools/list`
//! are answered from the list the last start kept, before the modules load; calls wait for
//! the load; a loaded list that differs is announced as a tool-list change; a changed module
//! file, or `--no-cache`, means no kept list.
use crate::common::*;

use serde_json::{json, Value};

/// A module whose factory waits until the file `go` exists in the project, then names its
/// one tool after the contents of `name.txt`.
const GATED: &str = r#"import fs from "node:fs";
import path from "node:path";
export default async (pi) => {
  while (!fs.existsSync(path.join(pi.cwd, "go"))) await new Promise((r) => setTimeout(r, 10));
  const name = fs.readFileSync(path.join(pi.cwd, "name.txt"), "utf8").trim();
  return { name, label: name, description: "says " + name, parameters: { type: "object" }, promptSnippet: "Ask " + name + " who it is.",
    async execute() { return { content: [{ type: "text", text: "I am " + name }] }; } };
};
"#;

/// The file of the tool list the host kept in the sandbox's cache, if it kept one.
fn kept_entry(sb: &Sandbox) -> Option<std::path::PathBuf> {
    let entries = std::fs::read_dir(sb.cache_dir().join("transpiled")).ok()?;
    entries
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().is_some_and(|name| name.to_string_lossy().starts_with("mcp-tools-")))
}

fn tool_names(answer: &Value) -> Vec<String> {
    let tools = answer["result"]["tools"].as_array().cloned().unwrap_or_default();
    tools.iter().map(|t| t["name"].as_str().unwrap_or("").to_string()).collect()
}

/// A sandbox whose project holds the gated module, its gate open, naming its tool `name`.
fn gated_project(sandbox: &str, name: &str) -> Sandbox {
    let sb = Sandbox::new(sandbox);
    sb.write("project/.omp/tools/gated.js", GATED);
    sb.write("project/name.txt", name);
    sb.write("project/go", "");
    sb
}

/// One start that loads the tools and keeps their list, then ends.
fn start_and_keep(sb: &Sandbox, extra: &[&str]) -> Vec<String> {
    let mut host = LineHost::mcp(sb, extra);
    host.send(rpc(1, "tools/list", json!({})));
    let names = tool_names(&host.rpc_response(1));
    if !extra.contains(&"--no-cache") {
        wait_until("the tool list kept for the next start", || kept_entry(sb).is_some());
    }
    let (status, _) = host.finish();
    assert!(status.success(), "{status}");
    names
}

#[test]
fn a_second_start_lists_the_kept_tools_before_they_load_and_calls_wait_for_the_load() {
    let sb = gated_project("mcp-kept-list", "first");
    assert_eq!(start_and_keep(&sb, &[]), ["first", "resolve"]);

    // The factory now waits for `go`, which is written only after the answers below: a host
    // that loaded before answering would never answer (and the wait would fail).
    std::fs::remove_file(sb.project.join("go")).unwrap();
    sb.write("project/name.txt", "second");
    let mut host = LineHost::start(&sb, &["mcp"]);
    let client = json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}});
    host.send(rpc(0, "initialize", client));
    let instructions = host.rpc_response(0)["result"]["instructions"].as_str().unwrap_or_default().to_string();
    assert!(instructions.contains("Ask first who it is."), "the kept instructions: {instructions:?}");
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    host.send(rpc(1, "tools/list", json!({})));
    assert_eq!(tool_names(&host.rpc_response(1)), ["first", "resolve"], "the kept list, before the load");
    host.send(rpc(2, "tools/call", json!({"name": "second", "arguments": {}})));
    host.send(rpc(3, "tools/call", json!({"name": "first", "arguments": {}})));
    sb.write("project/go", "");

    host.wait_for("the list change the load found", |l| l["method"] == "notifications/tools/list_changed");
    let called = host.rpc_response(2);
    assert_eq!(text(&called["result"]), "I am second", "{called}");
    let gone = host.rpc_response(3);
    let message = gone["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("first"), "a call of a tool the load did not find fails, naming it: {gone}");
    host.send(rpc(4, "tools/list", json!({})));
    assert_eq!(tool_names(&host.rpc_response(4)), ["second", "resolve"], "the loaded list");
    let (status, _) = host.finish();
    assert!(status.success(), "{status}");
}

#[test]
fn the_same_list_after_the_load_is_not_announced() {
    let sb = gated_project("mcp-kept-same", "same");
    start_and_keep(&sb, &[]);
    let entry = kept_entry(&sb).expect("a kept list");
    let kept_at = modified(&entry);
    let mut host = LineHost::mcp(&sb, &[]);
    host.send(rpc(1, "tools/call", json!({"name": "same", "arguments": {}})));
    assert_eq!(text(&host.rpc_response(1)["result"]), "I am same");
    // Keeping the list again is the last thing the load does, after any announcement.
    wait_until("the list kept again", || modified(&entry) > kept_at);
    let (_, lines) = host.finish();
    assert!(
        !lines.iter().any(|l| l["method"] == "notifications/tools/list_changed"),
        "the loaded list is the one served: {lines:?}"
    );
}

fn modified(path: &std::path::Path) -> std::time::SystemTime {
    std::fs::metadata(path).and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH)
}

#[test]
fn a_changed_module_file_is_loaded_before_the_list_is_answered() {
    let sb = Sandbox::new("mcp-kept-changed");
    let module =
        "export default () => ({ name: 'alpha', label: 'a', description: 'd', parameters: { type: 'object' }, async execute() { return { content: [] }; } });";
    sb.write("project/.omp/tools/t.js", module);
    assert_eq!(start_and_keep(&sb, &[]), ["alpha", "resolve"]);
    sb.write("project/.omp/tools/t.js", &module.replace("alpha", "beta"));
    let mut host = LineHost::mcp(&sb, &[]);
    host.send(rpc(1, "tools/list", json!({})));
    assert_eq!(tool_names(&host.rpc_response(1)), ["beta", "resolve"], "not the list kept for the old file");
    let (_, lines) = host.finish();
    assert!(!lines.iter().any(|l| l["method"] == "notifications/tools/list_changed"), "{lines:?}");
}

#[test]
fn no_list_is_kept_without_the_cache() {
    let sb = gated_project("mcp-kept-no-cache", "plain");
    assert_eq!(start_and_keep(&sb, &["--no-cache"]), ["plain", "resolve"]);
    assert_eq!(kept_entry(&sb), None);
}

#[test]
fn a_client_gone_while_the_tools_load_does_not_wait_for_them() {
    let sb = gated_project("mcp-kept-gone", "slow");
    // A load that would outlast the test's wait if the host waited for it.
    sb.write("project/.omp/omp-host.json", r#"{"loadTimeoutMs": 120000}"#);
    start_and_keep(&sb, &[]);
    std::fs::remove_file(sb.project.join("go")).unwrap();
    let mut host = LineHost::mcp(&sb, &[]);
    host.send(rpc(1, "tools/list", json!({})));
    assert_eq!(tool_names(&host.rpc_response(1)), ["slow", "resolve"]);
    let (status, _) = host.finish();
    assert!(status.success(), "{status}");
}

#[test]
fn a_load_error_found_after_the_kept_list_was_served_reaches_the_client() {
    let sb = gated_project("mcp-kept-error", "fragile");
    start_and_keep(&sb, &[]);
    std::fs::remove_file(sb.project.join("go")).unwrap();
    // The factory will throw: what it reads is gone (the module file is unchanged).
    std::fs::remove_file(sb.project.join("name.txt")).unwrap();
    let mut host = LineHost::mcp(&sb, &[]);
    host.send(rpc(1, "tools/list", json!({})));
    assert_eq!(tool_names(&host.rpc_response(1)), ["fragile", "resolve"]);
    sb.write("project/go", "");
    let warning = host.wait_for("the load error as a warning", |l| l["method"] == "notifications/message");
    assert_eq!(warning["params"]["level"], "warning", "{warning}");
    let data = warning["params"]["data"].as_str().unwrap_or_default();
    assert!(
        data.contains("gated.js") && data.contains("name.txt"),
        "names the module and what failed: {data}"
    );
    host.wait_for("the list change", |l| l["method"] == "notifications/tools/list_changed");
    host.send(rpc(2, "tools/list", json!({})));
    assert_eq!(tool_names(&host.rpc_response(2)), ["resolve"]);
    let (status, _) = host.finish();
    assert!(status.success(), "{status}");
}
