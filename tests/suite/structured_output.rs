//! pi's structured output: a tool's `outputSchema` (made JSON Schema like its parameters; one
//! that is not a schema is a load error) is listed to MCP clients when its root is an object,
//! a result's `structuredContent` reaches `run` and MCP clients, a `tool_result` handler that
//! replaces `content` alone drops it (pi's rule), and over MCP a non-error result that lacks it
//! or does not match the schema is answered as an error naming the tool, where the client's SDK
//! would throw. pi's `promptSnippet`/`promptGuidelines` reach MCP clients in the `initialize`
//! instructions and each tool's `_meta`. The official TypeScript SDK client validates the
//! answers. Fixtures: tests/fixtures/structured_output/.
use crate::common::*;

use serde_json::{json, Value};

fn sandbox(name: &str) -> Sandbox {
    let sb = Sandbox::new(name);
    sb.write("project/.pi/extensions/report.ts", include_str!("../fixtures/structured_output/report.ts"));
    sb.write("project/.pi/extensions/redact.ts", include_str!("../fixtures/structured_output/redact.ts"));
    sb
}

fn mcp_call(host: &mut LineHost, id: i64, tool: &str, arguments: Value) -> Value {
    host.send(rpc(id, "tools/call", json!({"name": tool, "arguments": arguments})));
    host.rpc_response(id)["result"].clone()
}

fn texts(result: &Value) -> Vec<String> {
    result["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|block| block["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn mcp_lists_the_output_schema_and_the_guidelines() {
    let sb = sandbox("structured-list");
    let mut host = LineHost::start(&sb, &["mcp"]);
    let client = json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}});
    host.send(rpc(0, "initialize", client));
    let initialized = host.rpc_response(0);
    assert_eq!(
        initialized["result"]["instructions"],
        "Guidelines for this server's tools:\n\nreport: Report what was counted\n- Call report once the counting is done.\n- Read its structuredContent, not its text."
    );
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    host.send(rpc(1, "tools/list", json!({})));
    let listed = host.rpc_response(1);
    let tool = |name: &str| {
        listed["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .cloned()
            .unwrap()
    };
    let report = tool("report");
    assert_eq!(
        report["outputSchema"],
        json!({"type": "object", "required": ["count", "items"], "properties": {"count": {"type": "number"}, "items": {"type": "array", "items": {"type": "string"}}}})
    );
    assert_eq!(
        report["_meta"],
        json!({
            "omp-host/promptSnippet": "Report what was counted",
            "omp-host/promptGuidelines": ["Call report once the counting is done.", "Read its structuredContent, not its text."]
        })
    );
    // A zod outputSchema is JSON Schema as a zod tool's parameters are.
    let tally = tool("tally");
    assert_eq!(tally["outputSchema"]["type"], "object");
    assert_eq!(tally["outputSchema"]["properties"]["total"], json!({"type": "number"}));
    assert!(tally["outputSchema"].get("$schema").is_none(), "{tally}");
    assert!(tally.get("_meta").is_none(), "no guidelines, no _meta: {tally}");
    // A schema whose root is not an object is not listed, and the host log says why.
    let word = tool("word");
    assert!(word.get("outputSchema").is_none(), "{word}");
    drop(host);
    let logged = sb.host_log().into_iter().find(|l| l["message"] == "Tool outputSchema not listed over MCP");
    let logged = logged.expect("the host log says why word's outputSchema is not listed");
    assert_eq!(logged["tool"], "word");
    assert!(logged["reason"].as_str().unwrap().contains("MCP requires an object schema"), "{logged}");
}

#[test]
fn a_call_returns_structured_content_over_mcp_and_in_run() {
    let sb = sandbox("structured-call");
    let mut mcp = LineHost::mcp(&sb, &[]);
    let good = mcp_call(&mut mcp, 1, "report", json!({"mode": "good"}));
    assert_eq!(good["isError"], false, "{good}");
    assert_eq!(good["structuredContent"], json!({"count": 2, "items": ["a", "b"]}));
    assert_eq!(texts(&good), ["counted 2"]);
    let tally = mcp_call(&mut mcp, 2, "tally", json!({"numbers": [1, 2, 3]}));
    assert_eq!(tally["structuredContent"], json!({"total": 6}));
    // MCP's structuredContent is an object: another value travels in _meta.
    let word = mcp_call(&mut mcp, 3, "word", json!({}));
    assert_eq!(word["isError"], false, "{word}");
    assert!(word.get("structuredContent").is_none(), "{word}");
    assert_eq!(word["_meta"]["omp-host/structuredContent"], "hello");
    drop(mcp);

    let mut run = LineHost::run(&sb, &[]);
    let ready = run.wait_for("the ready line", |e| e["type"] == "ready");
    let listed = ready["tools"].as_array().unwrap().iter().find(|t| t["name"] == "report").cloned().unwrap();
    assert_eq!(listed["outputSchema"]["required"], json!(["count", "items"]));
    run.call("r1", "report", json!({"mode": "good"}));
    let result = run.result("r1");
    assert_eq!(result["structuredContent"], json!({"count": 2, "items": ["a", "b"]}));
    // An error result keeps what it carries, and `run` checks nothing (as pi).
    run.call("r2", "report", json!({"mode": "wrong"}));
    let wrong = run.result("r2");
    assert_eq!(wrong["isError"], false);
    assert_eq!(wrong["structuredContent"]["count"], "two");
}

#[test]
fn a_tool_result_patch_replacing_content_alone_drops_structured_content() {
    let sb = sandbox("structured-patch");
    let mut run = LineHost::run(&sb, &[]);
    run.call("c", "report", json!({"mode": "good", "patch": "content"}));
    let content_only = run.result("c");
    // The handler saw the structured content, then replaced the content alone.
    assert_eq!(text(&content_only), r#"redacted; saw {"count":2,"items":["a","b"]}"#);
    assert!(content_only.get("structuredContent").is_none(), "{content_only}");
    run.call("b", "report", json!({"mode": "good", "patch": "both"}));
    let both = run.result("b");
    assert_eq!(text(&both), "replaced");
    assert_eq!(both["structuredContent"], json!({"count": 0, "items": []}));
    run.call("d", "report", json!({"mode": "good", "patch": "details"}));
    let details = run.result("d");
    assert_eq!(details["structuredContent"], json!({"count": 2, "items": ["a", "b"]}));
    assert_eq!(text(&details), "counted 2");
}

#[test]
fn a_missing_or_mismatched_structured_content_is_a_clear_mcp_error() {
    let sb = sandbox("structured-check");
    let mut mcp = LineHost::mcp(&sb, &[]);
    let missing = mcp_call(&mut mcp, 1, "report", json!({"mode": "missing"}));
    assert_eq!(missing["isError"], true, "{missing}");
    assert_eq!(
        texts(&missing),
        [
            "Tool \"report\" declares an outputSchema but returned no structuredContent, which MCP requires of its every result",
            "counted, but said nothing structured"
        ]
    );
    let wrong = mcp_call(&mut mcp, 2, "report", json!({"mode": "wrong"}));
    assert_eq!(wrong["isError"], true, "{wrong}");
    assert!(wrong.get("structuredContent").is_none(), "{wrong}");
    assert_eq!(
        texts(&wrong)[0],
        "Tool \"report\" returned structuredContent that does not match its outputSchema:\n  - count: Invalid input: expected number, received string"
    );
    // An error result needs none.
    let failed = mcp_call(&mut mcp, 3, "report", json!({"mode": "error"}));
    assert_eq!(failed["isError"], true);
    assert_eq!(texts(&failed), ["could not count"]);
}

#[test]
fn an_output_schema_that_is_not_a_schema_is_a_load_error_naming_the_tool() {
    let sb = Sandbox::new("structured-bad");
    sb.write(
        "project/.pi/extensions/bad_output.ts",
        include_str!("../fixtures/structured_output/bad_output.ts"),
    );
    let list = sb.list_json(&[]);
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1, "{list}");
    assert_eq!(
        errors[0].1,
        "Failed to load tool: tool \"bad_output\" has an invalid outputSchema: outputSchema must be a zod schema, a TypeBox schema or a JSON Schema object, got string"
    );
}

#[test]
fn the_typescript_sdk_client_accepts_the_structured_results() {
    let client = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/node");
    assert!(
        client.join("node_modules/@modelcontextprotocol/sdk").is_dir(),
        "the TypeScript SDK is not installed: scripts/test.sh runs `npm ci` in {}",
        client.display()
    );
    let sb = sandbox("structured-ts-sdk");
    let seen = sb.node_client(&client.join("structured_output.mjs"), &[]);
    assert_eq!(
        seen["instructions"].as_str().map(|i| i.contains("- Call report once the counting is done.")),
        Some(true),
        "{seen}"
    );
    assert_eq!(seen["outputSchemas"], json!({"report": true, "tally": true, "word": false, "resolve": false}));
    // The SDK validated these against the listed outputSchema and let them through.
    assert_eq!(seen["good"]["structuredContent"], json!({"count": 2, "items": ["a", "b"]}), "{seen}");
    assert_eq!(seen["tally"]["structuredContent"], json!({"total": 5}), "{seen}");
    // Where the SDK would have thrown, the host's error result reaches the caller.
    for case in ["missing", "wrong"] {
        assert_eq!(seen[case]["isError"], true, "{case}: {seen}");
        assert!(
            seen[case]["content"][0]["text"].as_str().unwrap().starts_with("Tool \"report\" "),
            "{case}: {seen}"
        );
    }
}
