//! `omp-host mcp` with real MCP clients: the official Rust SDK (rmcp) in process, and the
//! official TypeScript SDK client under Node (installed from npm by scripts/test.sh into
//! tests/clients/node). Each runs what an agent does: list, call with progress, a fast call
//! while a slow one runs, cancel, invalid arguments, an unknown tool, close — and the host's
//! children are gone afterwards. The Rust SDK also speaks the 2026-07-28 revision: questions
//! answered through input-required rounds, and tool-list changes through `subscriptions/listen`.
use crate::common::*;

use rmcp::model::{CallToolRequestParams, ClientRequest, PaginatedRequestParams, Request};
use rmcp::service::PeerRequestOptions;
use rmcp::transport::TokioChildProcess;
use rmcp::ServiceExt;
use serde_json::{json, Value};

const TOOLS: &str = "export default (pi) => [\n  { name: 'steps', label: 'Steps', description: 'counts', parameters: pi.zod.object({ n: pi.zod.number().int().min(1) }), async execute(id, p, onUpdate) { for (let i = 1; i <= p.n; i++) { onUpdate({ content: [{ type: 'text', text: 'at ' + i }] }); await new Promise((r) => setTimeout(r, 5)); } return { content: [{ type: 'text', text: 'counted ' + p.n }], details: { n: p.n } }; } },\n  { name: 'slow', label: 'Slow', description: 'sleeps', parameters: { type: 'object' }, async execute(id, p, onUpdate, ctx, signal) { onUpdate({ content: [{ type: 'text', text: 'sleeping' }] }); const r = await pi.exec('sleep', [String(p.secs)], { signal }); return { content: [{ type: 'text', text: 'woke ' + r.killed }] }; } },\n];";

fn arguments(value: Value) -> serde_json::Map<String, Value> {
    value.as_object().cloned().unwrap()
}

// Multi-threaded: the test's own waits block, the client's tasks must still run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_sdk_client_lists_calls_cancels_and_closes() {
    let sb = Sandbox::new("rmcp-client");
    let tools = sb.write("project/t.js", TOOLS);
    let mut command = tokio::process::Command::from(sb.command(&["mcp", "--tool", &path_str(&tools), "--only"]));
    command.stderr(std::process::Stdio::null());
    let client = ().serve(TokioChildProcess::new(command).unwrap()).await.expect("handshake");
    let info = client.peer_info().expect("server info");
    assert_eq!(info.server_info.as_ref().map(|s| s.name.as_str()), Some("omp-host"));
    assert_eq!(info.protocol_version.as_str(), "2025-11-25");

    let listed = client.list_tools(Some(PaginatedRequestParams::default())).await.unwrap();
    let titles: Vec<(String, Option<String>)> = listed.tools.iter().map(|t| (t.name.to_string(), t.title.clone())).collect();
    assert_eq!(
        titles,
        [
            ("steps".to_string(), Some("Steps".to_string())),
            ("slow".to_string(), Some("Slow".to_string())),
            ("resolve".to_string(), Some("Resolve".to_string()))
        ]
    );

    let counted = client
        .call_tool(CallToolRequestParams::new("steps").with_arguments(arguments(json!({"n": 2}))))
        .await
        .unwrap();
    assert_eq!(counted.structured_content, None, "details are not the result");
    assert_eq!(counted.meta.as_ref().map(|m| m.0["omp-host/details"].clone()), Some(json!({"n": 2})));
    assert_eq!(counted.is_error, Some(false));

    // A slow call, cancelled after a fast call came back while it ran.
    let slow = Request::new(CallToolRequestParams::new("slow").with_arguments(arguments(json!({"secs": 68.5}))));
    let handle = client
        .send_cancellable_request(ClientRequest::CallToolRequest(slow), PeerRequestOptions::no_options())
        .await
        .unwrap();
    wait_until("the slow call's child to start", || process_running("sleep 68[.]5"));
    let fast = client
        .call_tool(CallToolRequestParams::new("steps").with_arguments(arguments(json!({"n": 1}))))
        .await
        .unwrap();
    assert_eq!(fast.meta.as_ref().map(|m| m.0["omp-host/details"].clone()), Some(json!({"n": 1})));
    handle.cancel(Some("the test cancels".into())).await.unwrap();
    wait_until("the cancelled call's child to be killed", || !process_running("sleep 68[.]5"));

    let invalid = client
        .call_tool(CallToolRequestParams::new("steps").with_arguments(arguments(json!({"n": 0}))))
        .await
        .unwrap();
    assert_eq!(invalid.is_error, Some(true));
    let unknown = client.call_tool(CallToolRequestParams::new("ghost")).await.unwrap_err();
    assert!(unknown.to_string().contains("Unknown tool: ghost"), "{unknown}");
    client.cancel().await.unwrap();
}

#[test]
fn the_typescript_sdk_client_lists_calls_cancels_and_closes() {
    let client = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/node");
    assert!(
        client.join("node_modules/@modelcontextprotocol/sdk").is_dir(),
        "the TypeScript SDK is not installed: scripts/test.sh runs `npm ci` in {}",
        client.display()
    );
    let sb = Sandbox::new("ts-sdk-client");
    let tools = sb.write("project/t.js", TOOLS);
    let seen = sb.node_client(&client.join("session.mjs"), &["--tool", &path_str(&tools), "--only"]);
    assert_eq!(seen["server"]["name"], "omp-host");
    assert_eq!(
        seen["tools"],
        json!([{"name": "steps", "title": "Steps"}, {"name": "slow", "title": "Slow"}, {"name": "resolve", "title": "Resolve"}])
    );
    assert_eq!(seen["steps"]["content"], json!([{"type": "text", "text": "counted 3"}]));
    assert_eq!(seen["steps"].get("structuredContent"), None, "details are not the result");
    assert_eq!(seen["steps"]["_meta"]["omp-host/details"], json!({"n": 3}));
    assert_eq!(seen["progress"], json!(["at 1", "at 2", "at 3"]));
    assert_eq!(
        seen["fast"]["content"][0]["text"], "counted 1",
        "answered while the slow call ran, within the client's 2 s timeout"
    );
    assert!(seen["slow"]["error"].as_str().unwrap().contains("the test cancels"), "{}", seen["slow"]);
    assert_eq!(seen["invalid"]["isError"], true);
    assert!(seen["unknown"]["error"].as_str().unwrap().contains("Unknown tool: ghost"));
    wait_until("the cancelled call's child to be killed", || !process_running("sleep 67[.]5"));
}

/// A client of the 2026-07-28 revision that can show forms: it answers the color question
/// `green` and any other question `true`.
#[derive(Clone)]
struct FormClient;

impl rmcp::ClientHandler for FormClient {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        let capabilities = serde_json::from_value(json!({"elicitation": {"form": {}}})).unwrap();
        rmcp::model::ClientConfig::new(capabilities, rmcp::model::Implementation::new("form-client", "1"))
    }

    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        _context: rmcp::service::RequestContext<rmcp::RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::ErrorData> {
        let rmcp::model::ElicitRequestParams::FormElicitationParams { message, .. } = request else {
            panic!("a form was expected")
        };
        let value = if message == "Color?" { json!("green") } else { json!(true) };
        Ok(rmcp::model::ElicitResult::new(rmcp::model::ElicitationAction::Accept).with_content(json!({ "value": value })))
    }
}

const ASKS: &str = "export default (pi) => ({ name: 'pick', label: 'Pick', description: 'asks', parameters: { type: 'object' }, async execute(id, p, onUpdate, ctx) { const color = await ctx.ui.select('Color?', ['red', 'green']); const sure = await ctx.ui.confirm('Sure?', 'really'); return { content: [{ type: 'text', text: `picked ${color} ${sure}` }] }; } });";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_sdk_client_on_the_2026_revision_answers_questions_and_hears_list_changes() {
    use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
    let sb = Sandbox::new("rmcp-client-2026");
    let tool = sb.write("project/pick.js", ASKS);
    let mut command = tokio::process::Command::from(sb.command(&["mcp", "--tool", &path_str(&tool), "--only"]));
    command.stderr(std::process::Stdio::null());
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
    };
    let client = FormClient
        .serve_with_lifecycle(TokioChildProcess::new(command).unwrap(), lifecycle)
        .await
        .expect("discover");
    // rmcp's call_tool fulfils each input-required round through the handler and retries.
    let picked = client.call_tool(CallToolRequestParams::new("pick")).await.unwrap();
    assert_eq!(picked.content[0].as_text().map(|t| t.text.as_str()), Some("picked green true"), "{picked:?}");

    let mut subscription = client
        .listen(rmcp::model::SubscriptionFilter::builder().tools_list_changed().build())
        .await
        .unwrap();
    std::fs::write(&tool, ASKS.replace("picked", "chose")).unwrap();
    let heard = tokio::time::timeout(std::time::Duration::from_secs(30), subscription.next())
        .await
        .expect("a change within 30 s");
    assert!(
        matches!(heard, Ok(Some(rmcp::model::ServerNotification::ToolListChangedNotification(_)))),
        "{heard:?}"
    );
    client.cancel().await.unwrap();
}
