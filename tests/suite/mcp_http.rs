//! `omp-host mcp --listen`: MCP over Streamable HTTP, with the official Rust SDK's HTTP client
//! (rmcp, in process) and the official TypeScript SDK's `StreamableHTTPClientTransport` (under
//! Node): list, call with progress, cancel, a preview resolved by the client that staged it
//! and refused to another, hot reload heard by every client; then the socket's defences —
//! no token or a wrong one (401), a forged `Host` or `Origin` (403), an oversized body (413),
//! an address other than loopback without a token (refuses to start) — a client that goes
//! away mid-call (its call is cancelled, its processes killed), and the drain on SIGTERM; then
//! OAuth 2.1 (an issuer's key pair and JWKS made in the test: valid, missing, expired, forged,
//! foreign tokens, scopes, the metadata document, sessions bound to their subject), HTTPS with
//! a self-signed certificate made in the test, and the per-client limits (calls in flight,
//! request rate).
//! Every premise is an event waited for (a line on stderr, a progress notification, a child
//! process), every wait is bounded, and every test has a time limit.
use crate::common::*;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, ClientRequest, ProgressNotificationParam, Request};
use rmcp::service::{NotificationContext, PeerRequestOptions, RunningService};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// How long one test may take in all.
const TEST_LIMIT: Duration = Duration::from_secs(120);

const TOKEN: &str = "test-token-7f3a";

/// `steps` streams progress, `slow` runs `sleep SECS`, `stage` stages a preview whose apply
/// appends its name to applied.log, `hold` waits for the file `release`.
const TOOLS: &str = include_str!("../fixtures/mcp_http/tools.mjs");

/// A running `omp-host mcp --listen 127.0.0.1:0`, once it serves.
struct HttpHost {
    child: Child,
    /// `http://127.0.0.1:PORT/mcp`.
    url: String,
    /// `127.0.0.1:PORT`.
    addr: String,
    /// Every stderr line so far.
    stderr: Arc<Mutex<Vec<String>>>,
    stderr_lines: Receiver<String>,
}

impl HttpHost {
    /// Starts the host with `args` after `mcp`, and `env`, and waits for its serving line.
    fn start(sb: &Sandbox, args: &[&str], env: &[(&str, &str)]) -> HttpHost {
        let mut host = HttpHost::spawn(sb, args, env);
        let line = host.wait_stderr("the serving line", "serving MCP at ");
        let url = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap()
            .trim_end_matches(',')
            .to_string();
        host.addr = url.trim_start_matches("http://").trim_end_matches("/mcp").to_string();
        host.url = url;
        host
    }

    fn spawn(sb: &Sandbox, args: &[&str], env: &[(&str, &str)]) -> HttpHost {
        let mut all = vec!["mcp"];
        all.extend_from_slice(args);
        let mut child = sb
            .command(&all)
            .env_remove("OMP_HOST_TOKEN")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn omp-host");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (sender, stderr_lines) = channel();
        let (pipe, kept) = (child.stderr.take().unwrap(), stderr.clone());
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { return };
                kept.lock().unwrap().push(line.clone());
                let _ = sender.send(line);
            }
        });
        HttpHost {
            child,
            url: String::new(),
            addr: String::new(),
            stderr,
            stderr_lines,
        }
    }

    /// Waits (bounded) for a stderr line containing `pattern`.
    fn wait_stderr(&mut self, what: &str, pattern: &str) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.stderr_lines.recv_timeout(left) {
                Ok(line) if line.contains(pattern) => return line,
                Ok(_) => {}
                Err(_) => panic!("waited for {what}; stderr: {:#?}", self.stderr.lock().unwrap()),
            }
        }
    }

    fn signal(&self, signal: i32) {
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, signal) }, 0);
    }

    /// The exit status, once the host exits (bounded).
    fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the host did not exit; stderr: {:#?}", self.stderr.lock().unwrap());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn stderr_text(&self) -> String {
        self.stderr.lock().unwrap().join("\n")
    }
}

impl Drop for HttpHost {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The sandbox with the test tools, and the host serving them with the test token.
fn serve(name: &str) -> (Sandbox, HttpHost) {
    let sb = Sandbox::new(name);
    let tools = sb.write("project/t.js", TOOLS);
    let host = HttpHost::start(
        &sb,
        &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--only"],
        &[("OMP_HOST_TOKEN", TOKEN)],
    );
    (sb, host)
}

/// What an rmcp client heard besides answers.
#[derive(Clone)]
struct Heard {
    progress: UnboundedSender<String>,
    list_changed: UnboundedSender<()>,
}

impl rmcp::ClientHandler for Heard {
    async fn on_progress(&self, params: ProgressNotificationParam, _context: NotificationContext<RoleClient>) {
        let _ = self.progress.send(params.message.unwrap_or_default());
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        let _ = self.list_changed.send(());
    }
}

struct RustClient {
    service: RunningService<RoleClient, Heard>,
    progress: UnboundedReceiver<String>,
    list_changed: UnboundedReceiver<()>,
}

/// An rmcp client over Streamable HTTP, with the test token.
async fn rust_client(url: &str) -> RustClient {
    let (progress, progress_heard) = unbounded_channel();
    let (list_changed, list_changes) = unbounded_channel();
    let config = StreamableHttpClientTransportConfig::with_uri(url).auth_header(TOKEN);
    let transport = StreamableHttpClientTransport::from_config(config);
    let service = Heard { progress, list_changed }.serve(transport).await.expect("handshake over HTTP");
    RustClient {
        service,
        progress: progress_heard,
        list_changed: list_changes,
    }
}

fn call(name: &str, arguments: Value) -> CallToolRequestParams {
    serde_json::from_value(json!({ "name": name, "arguments": arguments })).unwrap()
}

fn call_with_progress(name: &str, arguments: Value, token: &str) -> CallToolRequestParams {
    serde_json::from_value(json!({ "name": name, "arguments": arguments, "_meta": { "progressToken": token } })).unwrap()
}

fn first_text(result: &rmcp::model::CallToolResult) -> String {
    result.content[0].as_text().map(|t| t.text.clone()).unwrap_or_default()
}

async fn next<T>(receiver: &mut UnboundedReceiver<T>, what: &str) -> T {
    tokio::time::timeout(WAIT, receiver.recv())
        .await
        .unwrap_or_else(|_| panic!("waited for {what}"))
        .unwrap_or_else(|| panic!("the client ended before {what}"))
}

fn applied(sb: &Sandbox) -> String {
    std::fs::read_to_string(sb.project.join("applied.log")).unwrap_or_default()
}

// Multi-threaded: the test's own waits block, the clients' tasks must still run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_sdk_client_lists_calls_with_progress_and_cancels() {
    tokio::time::timeout(TEST_LIMIT, async {
        let (_sb, host) = serve("http-rmcp");
        let mut client = rust_client(&host.url).await;
        let info = client.service.peer_info().expect("server info");
        assert_eq!(info.server_info.as_ref().map(|s| s.name.as_str()), Some("omp-host"));
        let listed = client.service.list_tools(Some(Default::default())).await.unwrap();
        let names: Vec<String> = listed.tools.iter().map(|t| t.name.to_string()).collect();
        assert_eq!(names, ["steps", "slow", "stage", "hold", "resolve"]);

        let counted = client.service.call_tool(call_with_progress("steps", json!({"n": 3}), "p1")).await.unwrap();
        assert_eq!(first_text(&counted), "counted 3");
        for n in 1..=3 {
            assert_eq!(next(&mut client.progress, "a progress notification").await, format!("at {n}"));
        }

        let slow = Request::new(call_with_progress("slow", json!({"secs": 61.5}), "p2"));
        let handle = client
            .service
            .send_cancellable_request(ClientRequest::CallToolRequest(slow), PeerRequestOptions::no_options())
            .await
            .unwrap();
        assert_eq!(next(&mut client.progress, "the slow call's progress").await, "sleeping");
        wait_until("the slow call's child to start", || process_running("sleep 61[.]5"));
        handle.cancel(Some("the test cancels".into())).await.unwrap();
        wait_until("the cancelled call's child to be killed", || !process_running("sleep 61[.]5"));

        let unknown = client.service.call_tool(call("ghost", json!({}))).await.unwrap_err();
        assert!(unknown.to_string().contains("Unknown tool: ghost"), "{unknown}");
        client.service.cancel().await.unwrap();
    })
    .await
    .expect("the test's time limit");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_is_resolved_by_the_client_that_staged_it_and_refused_to_another() {
    tokio::time::timeout(TEST_LIMIT, async {
        let (sb, host) = serve("http-owners");
        let staging = rust_client(&host.url).await;
        let other = rust_client(&host.url).await;
        let preview = staging.service.call_tool(call("stage", json!({"name": "one"}))).await.unwrap();
        assert_eq!(first_text(&preview), "preview of one");
        assert!(format!("{:?}", preview.content).contains("Call the `resolve` tool"), "the reminder: {preview:?}");

        let resolve = json!({"action": "apply", "reason": "looks right"});
        let refused = other.service.call_tool(call("resolve", resolve.clone())).await.unwrap();
        assert_eq!(refused.is_error, Some(true));
        assert_eq!(
            first_text(&refused),
            "The pending action waiting was staged by another client's calls; a client can resolve only what its own calls staged. Nothing was applied or discarded."
        );
        let discard = other.service.call_tool(call("resolve", json!({"action": "discard", "reason": "not mine"}))).await.unwrap();
        assert_eq!(discard.is_error, Some(true), "another client cannot discard it either");
        assert_eq!(applied(&sb), "", "nothing was applied by the other client");

        let done = staging.service.call_tool(call("resolve", resolve)).await.unwrap();
        assert_eq!((done.is_error, first_text(&done)), (Some(false), "wrote one".to_string()));
        assert_eq!(applied(&sb), "one\n");
        staging.service.cancel().await.unwrap();
        other.service.cancel().await.unwrap();
    })
    .await
    .expect("the test's time limit");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_is_heard_by_every_connected_client() {
    tokio::time::timeout(TEST_LIMIT, async {
        let sb = Sandbox::new("http-reload");
        let tool = sb.write("project/greet.js", &tool_source("greet", "'hello'"));
        let host = HttpHost::start(
            &sb,
            &["--listen", "127.0.0.1:0", "--tool", &path_str(&tool), "--only"],
            &[("OMP_HOST_TOKEN", TOKEN)],
        );
        let mut first = rust_client(&host.url).await;
        let mut second = rust_client(&host.url).await;
        for client in [&first, &second] {
            let answer = client.service.call_tool(call("greet", json!({}))).await.unwrap();
            assert_eq!(first_text(&answer), "hello");
        }
        std::fs::write(&tool, tool_source("greet", "'hello again'")).unwrap();
        next(&mut first.list_changed, "the first client's list_changed").await;
        next(&mut second.list_changed, "the second client's list_changed").await;
        let answer = second.service.call_tool(call("greet", json!({}))).await.unwrap();
        assert_eq!(first_text(&answer), "hello again");
        first.service.cancel().await.unwrap();
        second.service.cancel().await.unwrap();
    })
    .await
    .expect("the test's time limit");
}

#[test]
fn the_typescript_sdk_client_over_http_lists_calls_cancels_and_resolves_only_its_own() {
    let client = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/node");
    assert!(
        client.join("node_modules/@modelcontextprotocol/sdk").is_dir(),
        "the TypeScript SDK is not installed: scripts/ensure-test-clients.sh runs `npm ci` in {}",
        client.display()
    );
    let (sb, host) = serve("http-ts-sdk");
    let mut node = std::process::Command::new("node");
    node.arg(client.join("http_session.mjs")).args([&host.url, TOKEN]);
    let out = faults::run_bounded(node, TEST_LIMIT);
    assert!(out.status.success(), "{}\nhost: {}", stderr(&out), host.stderr_text());
    let seen: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)));
    assert_eq!(seen["server"]["name"], "omp-host");
    assert!(seen["sessionA"].is_string() && seen["sessionA"] != seen["sessionB"], "{seen}");
    assert_eq!(seen["tools"], json!(["steps", "slow", "stage", "hold", "resolve"]));
    assert_eq!(seen["steps"], "counted 3");
    assert_eq!(seen["progress"], json!(["at 1", "at 2", "at 3"]));
    assert!(seen["slow"]["error"].as_str().unwrap().contains("the test cancels"), "{}", seen["slow"]);
    wait_until("the cancelled call's child to be killed", || !process_running("sleep 66[.]5"));
    assert_eq!(seen["staged"][0], "preview of from-a");
    assert_eq!(seen["refused"]["isError"], true);
    assert!(
        seen["refused"]["text"].as_str().unwrap().contains("staged by another client's calls"),
        "{}",
        seen["refused"]
    );
    assert_eq!(seen["applied"], json!({"isError": false, "text": "wrote from-a"}));
    assert_eq!(applied(&sb), "from-a\n");
}

#[test]
fn the_python_sdk_client_over_http_lists_calls_cancels_answers_and_resolves_only_its_own() {
    let client = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/python");
    let python = client.join(".venv/bin/python");
    assert!(
        python.is_file(),
        "the Python SDK is not installed: scripts/ensure-test-clients.sh makes {}",
        client.join(".venv").display()
    );
    let sb = Sandbox::new("http-py-sdk");
    let tools = sb.write("project/t.js", TOOLS);
    let pick = sb.write("project/pick.js", ASKS);
    let host = HttpHost::start(
        &sb,
        &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--tool", &path_str(&pick), "--only"],
        &[("OMP_HOST_TOKEN", TOKEN)],
    );
    let mut py = std::process::Command::new(&python);
    py.arg(client.join("http_session.py")).args([&host.url, TOKEN]);
    let out = faults::run_bounded(py, TEST_LIMIT);
    assert!(out.status.success(), "{}\nhost: {}", stderr(&out), host.stderr_text());
    // The SDK warns when a session's end is not answered as it expects.
    assert!(!stderr(&out).contains("termination failed"), "{}", stderr(&out));
    let seen: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)));
    assert_eq!(seen["server"], "omp-host");
    assert_eq!(seen["tools"], json!(["steps", "slow", "stage", "hold", "pick", "resolve"]));
    assert_eq!(seen["steps"], "counted 3");
    assert_eq!(seen["progress"], json!(["at 1", "at 2", "at 3"]));
    assert_eq!(seen["slow"], "cancelled");
    wait_until("the cancelled call's child to be killed", || !process_running("sleep 67[.]5"));
    assert_eq!(seen["picked"], "picked green true");
    assert_eq!(seen["staged"], "preview of from-py");
    assert_eq!(seen["refused"]["isError"], true);
    assert!(
        seen["refused"]["text"].as_str().unwrap().contains("staged by another client's calls"),
        "{}",
        seen["refused"]
    );
    assert_eq!(seen["applied"], json!({"isError": false, "text": "wrote from-py"}));
    assert_eq!(applied(&sb), "from-py\n");
}

/// A tool that asks its user a color and a confirmation.
const ASKS: &str = "export default (pi) => ({ name: 'pick', label: 'Pick', description: 'asks', approval: 'read', parameters: { type: 'object' }, async execute(id, p, onUpdate, ctx) { const color = await ctx.ui.select('Color?', ['red', 'green']); const sure = await ctx.ui.confirm('Sure?', 'really'); return { content: [{ type: 'text', text: `picked ${color} ${sure}` }] }; } });";

/// A client that can show forms: it answers the color question with its own color, and any
/// other question `true`.
#[derive(Clone)]
struct FormClient(&'static str);

impl rmcp::ClientHandler for FormClient {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        let capabilities = serde_json::from_value(json!({"elicitation": {"form": {}}})).unwrap();
        rmcp::model::ClientConfig::new(capabilities, rmcp::model::Implementation::new("form-client", "1"))
    }

    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        _context: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::ErrorData> {
        let rmcp::model::ElicitRequestParams::FormElicitationParams { message, .. } = request else {
            panic!("a form was expected")
        };
        let value = if message == "Color?" { json!(self.0) } else { json!(true) };
        Ok(rmcp::model::ElicitResult::new(rmcp::model::ElicitationAction::Accept).with_content(json!({ "value": value })))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_clients_questions_reach_that_client() {
    tokio::time::timeout(TEST_LIMIT, async {
        let sb = Sandbox::new("http-elicit");
        let tool = sb.write("project/pick.js", ASKS);
        let host = HttpHost::start(
            &sb,
            &["--listen", "127.0.0.1:0", "--tool", &path_str(&tool), "--only"],
            &[("OMP_HOST_TOKEN", TOKEN)],
        );
        let green = FormClient("green")
            .serve(StreamableHttpClientTransport::from_config(
                StreamableHttpClientTransportConfig::with_uri(host.url.as_str()).auth_header(TOKEN),
            ))
            .await
            .expect("handshake");
        let red = FormClient("red")
            .serve(StreamableHttpClientTransport::from_config(
                StreamableHttpClientTransportConfig::with_uri(host.url.as_str()).auth_header(TOKEN),
            ))
            .await
            .expect("handshake");
        let (by_green, by_red) = tokio::join!(green.call_tool(call("pick", json!({}))), red.call_tool(call("pick", json!({}))));
        assert_eq!(first_text(&by_green.unwrap()), "picked green true");
        assert_eq!(first_text(&by_red.unwrap()), "picked red true");
        green.cancel().await.unwrap();
        red.cancel().await.unwrap();
    })
    .await
    .expect("the test's time limit");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_2026_revision_is_served_statelessly_with_questions_in_input_required_rounds() {
    use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
    tokio::time::timeout(TEST_LIMIT, async {
        let sb = Sandbox::new("http-2026");
        let tool = sb.write("project/pick.js", ASKS);
        let host = HttpHost::start(
            &sb,
            &["--listen", "127.0.0.1:0", "--tool", &path_str(&tool), "--only"],
            &[("OMP_HOST_TOKEN", TOKEN)],
        );
        let lifecycle = ClientLifecycleMode::Discover {
            preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
        };
        let client = FormClient("green")
            .serve_with_lifecycle(
                StreamableHttpClientTransport::from_config(StreamableHttpClientTransportConfig::with_uri(host.url.as_str()).auth_header(TOKEN)),
                lifecycle,
            )
            .await
            .expect("discover");
        let listed = client.list_tools(Some(Default::default())).await.unwrap();
        assert_eq!(listed.tools.len(), 2, "pick and resolve: {listed:?}");
        // Each round is a request of its own; the call waits between them.
        let picked = client.call_tool(call("pick", json!({}))).await.unwrap();
        assert_eq!(first_text(&picked), "picked green true");
        client.cancel().await.unwrap();
    })
    .await
    .expect("the test's time limit");
}

/// One HTTP/1.1 request on a connection of its own: the status, the response head (lowercase)
/// and the body.
fn exchange(addr: &str, request: &str) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    // The server may answer (413) before it has read everything: what it did not read is
    // its to drop, and the answer is read all the same.
    let _ = stream.write_all(request.as_bytes());
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    split_response(&String::from_utf8_lossy(&response))
}

fn split_response(response: &str) -> (u16, String, String) {
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((response, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// A POST to /mcp with `headers` (each line ending in CRLF) and `body`.
fn post(addr: &str, headers: &str, body: &str) -> String {
    format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

fn initialize_body() -> String {
    json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}).to_string()
}

fn bearer() -> String {
    format!("Authorization: Bearer {TOKEN}\r\n")
}

#[test]
fn no_token_or_a_wrong_one_gets_401_with_a_bearer_challenge() {
    let (_sb, host) = serve("http-401");
    let (status, head, body) = exchange(&host.addr, &post(&host.addr, "", &initialize_body()));
    assert_eq!(status, 401, "{head}{body}");
    assert!(head.contains("www-authenticate: bearer realm=\"omp-host\""), "{head}");
    assert!(body.contains("needs a bearer token"), "{body}");
    let (status, head, _) = exchange(&host.addr, &post(&host.addr, "Authorization: Bearer not-the-token\r\n", &initialize_body()));
    assert_eq!(status, 401);
    assert!(head.contains("error=\"invalid_token\""), "{head}");
    let (status, head, _) = exchange(&host.addr, &post(&host.addr, &bearer(), &initialize_body()));
    assert_eq!(status, 200, "the token passes: {head}");
    assert!(head.contains("mcp-session-id:"), "{head}");
    let (status, _, body) = exchange(&host.addr, "GET /healthz HTTP/1.1\r\nHost: lb.internal\r\nConnection: close\r\n\r\n");
    assert_eq!((status, body.trim()), (200, "ok"), "health needs no token and takes any Host");
}

#[test]
fn a_forged_host_or_origin_gets_403() {
    let (_sb, host) = serve("http-403");
    let forged_host = post(&host.addr, &bearer(), &initialize_body()).replace(&format!("Host: {}", host.addr), "Host: attacker.example:80");
    let (status, _, body) = exchange(&host.addr, &forged_host);
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("Host header is not allowed"), "{body}");
    let (status, _, body) = exchange(
        &host.addr,
        &post(&host.addr, &format!("{}Origin: http://attacker.example\r\n", bearer()), &initialize_body()),
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("Origin header is not allowed"), "{body}");
    let (status, head, _) = exchange(
        &host.addr,
        &post(&host.addr, &format!("{}Origin: http://localhost:5173\r\n", bearer()), &initialize_body()),
    );
    assert_eq!(status, 200, "a loopback page's origin is allowed: {head}");
    let localhost = post(&host.addr, &bearer(), &initialize_body()).replace(&format!("Host: {}", host.addr), "Host: localhost:1");
    assert_eq!(exchange(&host.addr, &localhost).0, 200, "loopback names are allowed");
}

#[test]
fn a_body_over_the_limit_gets_413() {
    let sb = Sandbox::new("http-413");
    let tools = sb.write("project/t.js", TOOLS);
    let config = sb.write("project/http.json", r#"{"http": {"maxBodyBytes": 65536}}"#);
    let host = HttpHost::start(
        &sb,
        &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--only", "--config", &path_str(&config)],
        &[("OMP_HOST_TOKEN", TOKEN)],
    );
    let padding = "x".repeat(100 * 1024);
    let big = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": padding, "version": "0"}}}).to_string();
    // Declared up front.
    let (status, head, body) = exchange(&host.addr, &post(&host.addr, &bearer(), &big));
    assert_eq!(status, 413, "{head}{body}");
    assert!(body.contains("at most 65536 bytes") && body.contains("http.maxBodyBytes"), "{body}");
    // Streamed in chunks with no length given.
    let mut chunked = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\n{}Transfer-Encoding: chunked\r\n\r\n",
        host.addr,
        bearer()
    );
    for chunk in big.as_bytes().chunks(8192) {
        chunked.push_str(&format!("{:x}\r\n{}\r\n", chunk.len(), String::from_utf8_lossy(chunk)));
    }
    chunked.push_str("0\r\n\r\n");
    let (status, _, body) = exchange(&host.addr, &chunked);
    assert_eq!(status, 413, "{body}");
    // Under the limit it is served.
    assert_eq!(exchange(&host.addr, &post(&host.addr, &bearer(), &initialize_body())).0, 200);
}

#[test]
fn a_client_that_stops_mid_body_gets_408_and_the_server_keeps_serving() {
    let sb = Sandbox::new("http-408");
    let tools = sb.write("project/t.js", TOOLS);
    let config = sb.write("project/http.json", r#"{"http": {"bodyReadTimeoutMs": 300}}"#);
    let host = HttpHost::start(
        &sb,
        &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--only", "--config", &path_str(&config)],
        &[("OMP_HOST_TOKEN", TOKEN)],
    );
    // Headers promise 1,000 bytes; 10 come, then nothing (the socket stays open).
    let mut stalled = TcpStream::connect(&host.addr).unwrap();
    stalled.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{}Content-Length: 1000\r\n\r\n{{\"jsonrpc\"",
        host.addr,
        bearer()
    );
    stalled.write_all(head.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stalled.read_to_string(&mut answer);
    let (status, _, body) = split_response(&answer);
    assert_eq!(status, 408, "{answer}");
    assert!(body.contains("within 300 ms") && body.contains("http.bodyReadTimeoutMs"), "{body}");
    // Other clients were served all along.
    assert_eq!(exchange(&host.addr, &post(&host.addr, &bearer(), &initialize_body())).0, 200);
}

#[test]
fn sessions_past_the_cap_get_503_until_one_ends() {
    let sb = Sandbox::new("http-max-sessions");
    let tools = sb.write("project/t.js", TOOLS);
    let config = sb.write("project/http.json", r#"{"http": {"maxSessions": 3}}"#);
    let host = HttpHost::start(
        &sb,
        &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--only", "--config", &path_str(&config)],
        &[("OMP_HOST_TOKEN", TOKEN)],
    );
    let open: Vec<String> = (0..3).map(|_| raw_session(&host.addr)).collect();
    let (status, head, body) = exchange(&host.addr, &post(&host.addr, &bearer(), &initialize_body()));
    assert_eq!(status, 503, "{head}{body}");
    assert!(body.contains("3 MCP sessions are open") && body.contains("http.maxSessions"), "{body}");
    assert!(head.to_ascii_lowercase().contains("retry-after: 30"), "{head}");
    // The open sessions are still served.
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).to_string();
    let (status, _, _) = exchange(&host.addr, &post(&host.addr, &format!("{}Mcp-Session-Id: {}\r\n", bearer(), open[0]), &list));
    assert_eq!(status, 200);
    // One ends: a new one may open.
    let end = format!(
        "DELETE /mcp HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{}Mcp-Session-Id: {}\r\n\r\n",
        host.addr,
        bearer(),
        open[1]
    );
    assert_eq!(exchange(&host.addr, &end).0, 204);
    raw_session(&host.addr);
}

#[test]
fn an_address_other_than_loopback_without_a_token_refuses_to_start() {
    let sb = Sandbox::new("http-no-token");
    let mut command = sb.command(&["mcp", "--listen", "0.0.0.0:0", "--only"]);
    command.env_remove("OMP_HOST_TOKEN");
    let out = faults::run_bounded(command, RUN_LIMIT);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("refusing to serve on 0.0.0.0:0 without authorization") && stderr(&out).contains("OMP_HOST_TOKEN"),
        "{}",
        stderr(&out)
    );
    // With a token it serves.
    let mut host = HttpHost::start(&sb, &["--listen", "0.0.0.0:0", "--only"], &[("OMP_HOST_TOKEN", TOKEN)]);
    assert!(
        host.stderr_text().contains("bearer token from OMP_HOST_TOKEN required"),
        "{}",
        host.stderr_text()
    );
    host.signal(libc::SIGTERM);
    assert_eq!(host.wait_exit().code(), Some(0));
}

/// An MCP session opened over raw HTTP: its id.
fn raw_session(addr: &str) -> String {
    let (status, head, _) = exchange(addr, &post(addr, &bearer(), &initialize_body()));
    assert_eq!(status, 200, "{head}");
    let session = head
        .lines()
        .find_map(|line| line.strip_prefix("mcp-session-id: "))
        .expect("a session id")
        .trim()
        .to_string();
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    let (status, _, _) = exchange(addr, &post(addr, &format!("{}Mcp-Session-Id: {session}\r\n", bearer()), &initialized));
    assert_eq!(status, 202);
    session
}

/// Starts `slow` for `secs` in `session` on a kept-alive connection of its own, and returns
/// the connection once the call's child runs.
fn raw_slow_call(addr: &str, session: &str, secs: &str) -> TcpStream {
    let call =
        json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "slow", "arguments": {"secs": secs.parse::<f64>().unwrap()}}}).to_string();
    let request = post(addr, &format!("{}Mcp-Session-Id: {session}\r\n", bearer()), &call).replace("Connection: close\r\n", "");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let pattern = format!("sleep {}", secs.replace('.', "[.]"));
    wait_until("the slow call's child to start", || process_running(&pattern));
    stream
}

#[test]
fn a_client_that_goes_away_mid_call_gets_its_call_cancelled() {
    let (_sb, host) = serve("http-gone");
    let session = raw_session(&host.addr);
    let connection = raw_slow_call(&host.addr, &session, "62.5");
    drop(connection);
    wait_until("the abandoned call's child to be killed", || !process_running("sleep 62[.]5"));

    // Ending the session cancels its calls too.
    let _kept = raw_slow_call(&host.addr, &session, "63.5");
    let delete = format!(
        "DELETE /mcp HTTP/1.1\r\nHost: {addr}\r\n{}Mcp-Session-Id: {session}\r\nConnection: close\r\n\r\n",
        bearer(),
        addr = host.addr
    );
    let (status, head, _) = exchange(&host.addr, &delete);
    assert!((200..300).contains(&status), "{head}");
    wait_until("the ended session's call's child to be killed", || !process_running("sleep 63[.]5"));
}

/// Starts `hold` with a progress token and waits for its progress, then returns the handle.
async fn hold(client: &mut RustClient) -> rmcp::service::RequestHandle<RoleClient> {
    let request = Request::new(call_with_progress("hold", json!({}), "hold"));
    let handle = client
        .service
        .send_cancellable_request(ClientRequest::CallToolRequest(request), PeerRequestOptions::no_options())
        .await
        .unwrap();
    assert_eq!(next(&mut client.progress, "hold's progress").await, "holding");
    handle
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_drains_refusing_new_calls_while_running_ones_finish() {
    tokio::time::timeout(TEST_LIMIT, async {
        let (sb, mut host) = serve("http-drain");
        let mut client = rust_client(&host.url).await;
        let held = hold(&mut client).await;
        host.signal(libc::SIGTERM);
        host.wait_stderr("the drain to begin", "draining: no new calls; 1 running call(s)");

        let refused = client.service.call_tool(call("steps", json!({"n": 1}))).await.unwrap_err();
        assert!(refused.to_string().contains("the server is shutting down (draining)"), "{refused}");
        assert!(refused.to_string().contains("-32000"), "{refused}");
        let (status, _, body) = exchange(&host.addr, &format!("GET /readyz HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", host.addr));
        assert_eq!((status, body.trim()), (503, "draining: no new calls are taken"));

        std::fs::write(sb.project.join("release"), "").unwrap();
        let answer = tokio::time::timeout(WAIT, held.await_response())
            .await
            .expect("the held call's answer")
            .unwrap();
        let rmcp::model::ServerResult::CallToolResult(result) = answer else {
            panic!("{answer:?}")
        };
        assert_eq!(first_text(&result), "released", "the running call finished");
        assert_eq!(host.wait_exit().code(), Some(0), "{}", host.stderr_text());
    })
    .await
    .expect("the test's time limit");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_cancels_what_is_still_running_after_the_drain_grace() {
    tokio::time::timeout(TEST_LIMIT, async {
        let sb = Sandbox::new("http-drain-grace");
        let tools = sb.write("project/t.js", TOOLS);
        let config = sb.write("project/http.json", r#"{"http": {"drainGraceMs": 200}, "shutdownGraceMs": 200}"#);
        let mut host = HttpHost::start(
            &sb,
            &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--only", "--config", &path_str(&config)],
            &[("OMP_HOST_TOKEN", TOKEN)],
        );
        let client = rust_client(&host.url).await;
        let slow = Request::new(call("slow", json!({"secs": 64.5})));
        let _handle = client
            .service
            .send_cancellable_request(ClientRequest::CallToolRequest(slow), PeerRequestOptions::no_options())
            .await
            .unwrap();
        wait_until("the slow call's child to start", || process_running("sleep 64[.]5"));
        host.signal(libc::SIGTERM);
        assert_eq!(host.wait_exit().code(), Some(0), "{}", host.stderr_text());
        assert!(!process_running("sleep 64[.]5"), "the call's child was killed");
    })
    .await
    .expect("the test's time limit");
}

// ---- OAuth 2.1: the server as a resource server, tokens from an issuer made in the test ----

const ISSUER: &str = "https://issuer.test";
const RESOURCE: &str = "https://mcp.test/mcp";

/// `look` reads (tier `read`), `poke` says nothing (tier `exec`).
const SCOPED_TOOLS: &str = include_str!("../fixtures/mcp_http/scoped_tools.mjs");

/// An issuer's signing key: a P-256 key pair made for the test, with its key id.
struct SigningKey {
    kid: &'static str,
    private: jsonwebtoken::EncodingKey,
    public: jsonwebtoken::jwk::Jwk,
}

impl SigningKey {
    fn new(kid: &'static str) -> SigningKey {
        use aws_lc_rs::signature::{EcdsaKeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &aws_lc_rs::rand::SystemRandom::new()).unwrap();
        let private = jsonwebtoken::EncodingKey::from_ec_der(pkcs8.as_ref());
        let mut public = jsonwebtoken::jwk::Jwk::from_encoding_key(&private, jsonwebtoken::Algorithm::ES256).unwrap();
        public.common.key_id = Some(kid.to_string());
        SigningKey { kid, private, public }
    }

    /// A token with `claims`, its header naming `kid`.
    fn sign_as(&self, kid: &str, claims: &Value) -> String {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
        header.kid = Some(kid.to_string());
        jsonwebtoken::encode(&header, claims, &self.private).unwrap()
    }

    fn sign(&self, claims: &Value) -> String {
        self.sign_as(self.kid, claims)
    }
}

fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

/// Claims the server takes, with `scope`.
fn claims(scope: &str) -> Value {
    json!({"iss": ISSUER, "aud": RESOURCE, "sub": "tester", "iat": now(), "nbf": now() - 10, "exp": now() + 600, "scope": scope})
}

/// Serves `jwks` at `/jwks.json` on 127.0.0.1 from a thread of its own (so the test's blocking
/// waits never stall it): its URL, and a count of the fetches.
fn serve_jwks(jwks: Value) -> (String, Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}/jwks.json", listener.local_addr().unwrap());
    let fetches = Arc::new(AtomicUsize::new(0));
    let counted = fetches.clone();
    let body = jwks.to_string();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            loop {
                let Ok((stream, _)) = listener.accept().await else { return };
                let (body, counted) = (body.clone(), counted.clone());
                let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
                    let body = body.clone();
                    let found = request.uri().path() == "/jwks.json";
                    if found {
                        counted.fetch_add(1, Ordering::SeqCst);
                    }
                    async move {
                        let mut response = hyper::Response::new(http_body_util::Full::new(bytes::Bytes::from(body)));
                        if !found {
                            *response.status_mut() = hyper::StatusCode::NOT_FOUND;
                        }
                        Ok::<_, std::convert::Infallible>(response)
                    }
                });
                tokio::spawn(hyper::server::conn::http1::Builder::new().serve_connection(hyper_util::rt::TokioIo::new(stream), service));
            }
        });
    });
    (url, fetches)
}

/// The host serving SCOPED_TOOLS with OAuth: tokens from ISSUER whose keys are at `jwks_uri`.
fn serve_oauth(name: &str, jwks_uri: &str) -> (Sandbox, HttpHost) {
    serve_oauth_with(name, jwks_uri, SCOPED_TOOLS)
}

/// `serve_oauth` with the tool module `tools`.
fn serve_oauth_with(name: &str, jwks_uri: &str, tools: &str) -> (Sandbox, HttpHost) {
    let sb = Sandbox::new(name);
    let tools = sb.write("project/t.js", tools);
    let oauth = json!({"http": {"oauth": {
        "issuer": ISSUER, "jwksUri": jwks_uri, "resource": RESOURCE, "leewaySeconds": 5,
        "scopes": {"tools:read": {"tiers": ["read"]}, "tools:all": "*"},
    }}});
    let config = sb.write("project/http.json", &oauth.to_string());
    let host = HttpHost::start(
        &sb,
        &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--only", "--config", &path_str(&config)],
        &[],
    );
    assert!(
        host.stderr_text().contains("OAuth access tokens from https://issuer.test required"),
        "{}",
        host.stderr_text()
    );
    (sb, host)
}

/// An rmcp client over Streamable HTTP with the access token `token`.
async fn client_with(url: &str, token: &str) -> RunningService<RoleClient, FormClient> {
    let config = StreamableHttpClientTransportConfig::with_uri(url).auth_header(token);
    FormClient("green")
        .serve(StreamableHttpClientTransport::from_config(config))
        .await
        .expect("handshake with an access token")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oauth_a_valid_token_serves_the_tools_its_scopes_cover_and_a_call_beyond_them_names_the_scope() {
    tokio::time::timeout(TEST_LIMIT, async {
        let key = SigningKey::new("key-1");
        let (jwks_uri, fetches) = serve_jwks(json!({"keys": [key.public]}));
        let (_sb, host) = serve_oauth("http-oauth-scopes", &jwks_uri);

        let reader = client_with(&host.url, &key.sign(&claims("tools:read"))).await;
        let listed = reader.list_tools(Some(Default::default())).await.unwrap();
        let names: Vec<String> = listed.tools.iter().map(|t| t.name.to_string()).collect();
        assert_eq!(names, ["look", "resolve"], "the list holds only what the token covers");
        assert_eq!(first_text(&reader.call_tool(call("look", json!({}))).await.unwrap()), "looked");
        let refused = reader.call_tool(call("poke", json!({}))).await.unwrap_err().to_string();
        assert!(refused.contains("insufficient_scope: tool `poke` needs the scope `tools:all`"), "{refused}");
        assert!(refused.contains("-32003") && refused.contains("the token's scopes: tools:read"), "{refused}");

        let everything = client_with(&host.url, &key.sign(&claims("openid tools:all"))).await;
        let listed = everything.list_tools(Some(Default::default())).await.unwrap();
        assert_eq!(listed.tools.len(), 3, "look, poke and resolve: {listed:?}");
        assert_eq!(first_text(&everything.call_tool(call("poke", json!({}))).await.unwrap()), "poked");
        assert_eq!(fetches.load(std::sync::atomic::Ordering::SeqCst), 1, "the JWKS is fetched once and kept");
        reader.cancel().await.unwrap();
        everything.cancel().await.unwrap();
    })
    .await
    .expect("the test's time limit");
}

#[test]
fn oauth_refusals_are_401_with_the_metadata_challenge_and_the_reason() {
    let key = SigningKey::new("key-1");
    let (jwks_uri, _) = serve_jwks(json!({"keys": [key.public]}));
    let (_sb, host) = serve_oauth("http-oauth-401", &jwks_uri);
    let challenge = "www-authenticate: bearer resource_metadata=\"https://mcp.test/.well-known/oauth-protected-resource/mcp\"";

    let (status, head, body) = exchange(&host.addr, &post(&host.addr, "", &initialize_body()));
    assert_eq!(status, 401, "{head}{body}");
    assert!(head.contains(challenge), "{head}");
    assert!(!head.contains("error="), "no token is not an invalid one: {head}");
    assert!(body.contains("needs an OAuth access token"), "{body}");

    let with = |token: &str| exchange(&host.addr, &post(&host.addr, &format!("Authorization: Bearer {token}\r\n"), &initialize_body()));
    let (status, head, _) = with(&key.sign(&claims("tools:read")));
    assert_eq!(status, 200, "a valid token passes: {head}");

    let mut wrong_audience = claims("tools:read");
    wrong_audience["aud"] = json!("https://other.test/mcp");
    let mut expired = claims("tools:read");
    (expired["exp"], expired["nbf"]) = (json!(now() - 3600), json!(now() - 7200));
    let mut wrong_issuer = claims("tools:read");
    wrong_issuer["iss"] = json!("https://evil.test");
    let forger = SigningKey::new("key-1");
    let refusals = [
        (
            "a wrong audience",
            key.sign(&wrong_audience),
            "audience (aud) is not this resource (https://mcp.test/mcp)",
        ),
        ("an expired token", key.sign(&expired), "the access token has expired (exp)"),
        (
            "a bad signature",
            forger.sign(&claims("tools:read")),
            "signature does not verify against the issuer's key",
        ),
        (
            "an unknown key id",
            key.sign_as("key-9", &claims("tools:read")),
            "key id `key-9`, which the issuer's JWKS does not have",
        ),
        ("a wrong issuer", key.sign(&wrong_issuer), "issuer (iss) is not https://issuer.test"),
        ("not a JWT", "not-a-jwt".to_string(), "the access token is not a JWT"),
    ];
    for (what, token, reason) in refusals {
        let (status, head, body) = with(&token);
        assert_eq!(status, 401, "{what}: {head}{body}");
        assert!(head.contains(challenge) && head.contains("error=\"invalid_token\""), "{what}: {head}");
        assert!(body.contains(reason), "{what}: {body}");
        assert!(head.contains(&reason.to_ascii_lowercase()), "the reason in the challenge too: {what}: {head}");
    }
}

/// A token sees the guidelines of only the tools its scopes cover, at `initialize` and at the
/// 2026-07-28 revision's `server/discover`: another tool's are not its to read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oauth_the_server_instructions_hold_only_the_covered_tools_guidelines() {
    tokio::time::timeout(TEST_LIMIT, async {
        let key = SigningKey::new("key-1");
        let (jwks_uri, _) = serve_jwks(json!({"keys": [key.public]}));
        let (_sb, host) = serve_oauth_with(
            "http-oauth-instructions",
            &jwks_uri,
            include_str!("../fixtures/mcp_http/scoped_guided_tools.mjs"),
        );
        let (read_token, all_token) = (key.sign(&claims("tools:read")), key.sign(&claims("tools:all")));

        let reader = client_with(&host.url, &read_token).await;
        let instructions = reader.peer_info().and_then(|info| info.instructions.clone()).unwrap_or_default();
        assert!(instructions.contains("Look before you poke."), "{instructions}");
        assert!(!instructions.contains("Poke only the staging server."), "{instructions}");
        reader.cancel().await.unwrap();

        // The 2026-07-28 revision: the rmcp client's `server/discover` handshake.
        let url = host.url.clone();
        let discovered = |token: String| {
            let url = url.clone();
            async move {
                use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
                let lifecycle = ClientLifecycleMode::Discover {
                    preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
                };
                let config = StreamableHttpClientTransportConfig::with_uri(url.as_str()).auth_header(token);
                let client = FormClient("green")
                    .serve_with_lifecycle(StreamableHttpClientTransport::from_config(config), lifecycle)
                    .await
                    .expect("discover");
                let instructions = client.peer_info().and_then(|info| info.instructions.clone()).unwrap_or_default();
                client.cancel().await.unwrap();
                instructions
            }
        };
        let instructions = discovered(read_token).await;
        assert!(instructions.contains("Look before you poke."), "{instructions}");
        assert!(!instructions.contains("Poke only the staging server."), "{instructions}");
        let instructions = discovered(all_token).await;
        assert!(
            instructions.contains("Look before you poke.") && instructions.contains("Poke only the staging server."),
            "{instructions}"
        );
    })
    .await
    .expect("the test's time limit");
}

#[test]
fn oauth_the_protected_resource_metadata_names_the_resource_issuer_and_scopes() {
    let key = SigningKey::new("key-1");
    let (jwks_uri, _) = serve_jwks(json!({"keys": [key.public]}));
    let (_sb, host) = serve_oauth("http-oauth-metadata", &jwks_uri);
    for path in ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"] {
        let (status, head, body) = exchange(&host.addr, &format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", host.addr));
        assert_eq!(status, 200, "{path}: {head}{body}");
        assert!(head.contains("content-type: application/json"), "{head}");
        let document: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        assert_eq!(document["resource"], RESOURCE);
        assert_eq!(document["authorization_servers"], json!([ISSUER]));
        assert_eq!(document["scopes_supported"], json!(["tools:all", "tools:read"]));
        assert_eq!(document["bearer_methods_supported"], json!(["header"]));
    }
}

// ---- HTTPS: a certificate made in the test ----

/// One HTTP/1.1 exchange over TLS to `addr`, trusting `roots`, for the name `localhost`.
async fn tls_exchange(addr: &str, roots: &rustls::RootCertStore, request: &str) -> Result<(u16, String, String), String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::aws_lc_rs::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots.clone())
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let exchange = async {
        let tcp = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
        let mut stream = connector.connect(name, tcp).await.map_err(|e| format!("the TLS handshake: {e}"))?;
        stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
        let mut response = Vec::new();
        // A server that closes without close_notify still gave its whole answer here.
        let _ = stream.read_to_end(&mut response).await;
        Ok(split_response(&String::from_utf8_lossy(&response)))
    };
    tokio::time::timeout(WAIT, exchange).await.map_err(|_| "no answer in time".to_string())?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_certificate_the_server_speaks_https_and_a_client_trusting_it_lists_the_tools() {
    tokio::time::timeout(TEST_LIMIT, async {
        let sb = Sandbox::new("http-tls");
        let tools = sb.write("project/t.js", SCOPED_TOOLS);
        let certified = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
        let cert = sb.write("project/cert.pem", &certified.cert.pem());
        let key = sb.write("project/key.pem", &certified.signing_key.serialize_pem());
        let args = [
            "--listen",
            "127.0.0.1:0",
            "--tool",
            &path_str(&tools),
            "--only",
            "--tls-cert",
            &path_str(&cert),
            "--tls-key",
            &path_str(&key),
        ];
        let mut host = HttpHost::spawn(&sb, &args, &[("OMP_HOST_TOKEN", TOKEN)]);
        let line = host.wait_stderr("the serving line", "serving MCP at ");
        let url = line.split_whitespace().find(|w| w.starts_with("https://")).unwrap_or_else(|| panic!("{line}"));
        let addr = url.trim_start_matches("https://").trim_end_matches(',').trim_end_matches("/mcp").to_string();
        let mut roots = rustls::RootCertStore::empty();
        roots.add(certified.cert.der().clone()).unwrap();
        let localhost = |request: String| request.replace(&format!("Host: {addr}"), "Host: localhost");

        let (status, head, body) = tls_exchange(&addr, &roots, &localhost(post(&addr, &bearer(), &initialize_body())))
            .await
            .unwrap();
        assert_eq!(status, 200, "{head}{body}");
        let session = head
            .lines()
            .find_map(|l| l.strip_prefix("mcp-session-id: "))
            .expect("a session id")
            .trim()
            .to_string();
        let with_session = format!("{}Mcp-Session-Id: {session}\r\n", bearer());
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
        let (status, _, _) = tls_exchange(&addr, &roots, &localhost(post(&addr, &with_session, &initialized))).await.unwrap();
        assert_eq!(status, 202);
        let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).to_string();
        let (status, head, body) = tls_exchange(&addr, &roots, &localhost(post(&addr, &with_session, &list))).await.unwrap();
        assert_eq!(status, 200, "{head}{body}");
        assert!(
            body.contains("\"name\":\"look\"") && body.contains("\"name\":\"poke\""),
            "the tools over https: {body}"
        );

        // A client that does not trust the certificate gets no further than the handshake,
        // and a plain-HTTP request gets no answer.
        let refused = tls_exchange(&addr, &rustls::RootCertStore::empty(), &post(&addr, &bearer(), &initialize_body())).await;
        assert!(refused.as_ref().is_err_and(|e| e.contains("the TLS handshake")), "{refused:?}");
        let (status, _, _) = exchange(&addr, &post(&addr, &bearer(), &initialize_body()));
        assert_eq!(status, 0, "plain HTTP is not served on the TLS port");
    })
    .await
    .expect("the test's time limit");
}

// ---- Per-client limits ----

/// The host serving TOOLS with the test token and `http` settings.
fn serve_with(name: &str, http: Value) -> (Sandbox, HttpHost) {
    let sb = Sandbox::new(name);
    let tools = sb.write("project/t.js", TOOLS);
    let config = sb.write("project/http.json", &json!({ "http": http }).to_string());
    let host = HttpHost::start(
        &sb,
        &["--listen", "127.0.0.1:0", "--tool", &path_str(&tools), "--only", "--config", &path_str(&config)],
        &[("OMP_HOST_TOKEN", TOKEN)],
    );
    (sb, host)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_past_the_clients_calls_in_flight_is_refused_and_other_clients_are_not() {
    tokio::time::timeout(TEST_LIMIT, async {
        let (sb, host) = serve_with("http-calls-in-flight", json!({"maxCallsInFlight": 2}));
        let mut busy = rust_client(&host.url).await;
        let first = hold(&mut busy).await;
        let second = hold(&mut busy).await;
        let refused = busy.service.call_tool(call("steps", json!({"n": 1}))).await.unwrap_err().to_string();
        assert!(
            refused.contains("too many calls in flight: this client already has 2 calls running"),
            "{refused}"
        );
        assert!(refused.contains("-32004") && refused.contains("http.maxCallsInFlight"), "{refused}");

        let other = rust_client(&host.url).await;
        let answer = other.service.call_tool(call("steps", json!({"n": 1}))).await.unwrap();
        assert_eq!(first_text(&answer), "counted 1", "another client has its own count");

        std::fs::write(sb.project.join("release"), "").unwrap();
        for held in [first, second] {
            tokio::time::timeout(WAIT, held.await_response())
                .await
                .expect("the held call's answer")
                .unwrap();
        }
        let answer = busy.service.call_tool(call("steps", json!({"n": 1}))).await.unwrap();
        assert_eq!(first_text(&answer), "counted 1", "once its calls ended, the client calls again");
        busy.service.cancel().await.unwrap();
        other.service.cancel().await.unwrap();
    })
    .await
    .expect("the test's time limit");
}

#[test]
fn requests_past_the_clients_rate_get_429_with_a_json_rpc_error() {
    // 0.05 per second: no token comes back while the test runs.
    let (_sb, host) = serve_with("http-rate", json!({"rateLimit": {"perSecond": 0.05, "burst": 3}}));
    for n in 1..=3 {
        let (status, head, _) = exchange(&host.addr, &post(&host.addr, &bearer(), &initialize_body()));
        assert_eq!(status, 200, "request {n} of the burst: {head}");
    }
    let (status, head, body) = exchange(&host.addr, &post(&host.addr, &bearer(), &initialize_body()));
    assert_eq!(status, 429, "{head}{body}");
    assert!(head.contains("retry-after: "), "{head}");
    let error: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    assert_eq!(error["error"]["code"], -32005, "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("rate limited: this client sent more than 0.05 requests per second (burst 3; http.rateLimit)"),
        "{message}"
    );
    let (status, _, _) = exchange(&host.addr, "GET /healthz HTTP/1.1\r\nHost: lb\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200, "health is not rate limited");
}

#[test]
fn oauth_a_session_answers_only_tokens_of_the_subject_that_opened_it() {
    let key = SigningKey::new("key-1");
    let (jwks_uri, _) = serve_jwks(json!({"keys": [key.public]}));
    let (_sb, host) = serve_oauth("http-oauth-session", &jwks_uri);
    let token_of = |sub: &str| {
        let mut claims = claims("tools:all");
        claims["sub"] = json!(sub);
        format!("Authorization: Bearer {}\r\n", key.sign(&claims))
    };
    let (alice, bob) = (token_of("alice"), token_of("bob"));
    let (status, head, _) = exchange(&host.addr, &post(&host.addr, &alice, &initialize_body()));
    assert_eq!(status, 200, "{head}");
    let session = head
        .lines()
        .find_map(|l| l.strip_prefix("mcp-session-id: "))
        .expect("a session id")
        .trim()
        .to_string();
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).to_string();
    let in_session = |token: &str, body: &str| exchange(&host.addr, &post(&host.addr, &format!("{token}Mcp-Session-Id: {session}\r\n"), body));
    assert_eq!(in_session(&alice, &initialized).0, 202);
    let (status, _, body) = in_session(&bob, &list);
    assert_eq!((status, body.trim()), (404, "Not Found: Session not found"), "another subject's valid token");
    let (status, _, body) = in_session(&alice, &list);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"name\":\"poke\""), "{body}");
}

/// A `tools/call` of the stateless 2026-07-28 revision (no session: its `_meta` says who the
/// client is), answered with the call's result.
fn stateless_call(addr: &str, auth: &str, id: i64, tool: &str, arguments: Value) -> Value {
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"},
    });
    let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments, "_meta": meta}});
    let headers = format!("{auth}MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: {tool}\r\n");
    let (status, head, body) = exchange(addr, &post(addr, &headers, &body.to_string()));
    assert_eq!(status, 200, "{head}{body}");
    // The answer is JSON, or the last `data:` line of an event stream.
    let json = body
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .next_back()
        .unwrap_or(body.trim())
        .to_string();
    let answer: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {body}"));
    assert_eq!(answer["id"], id, "{answer}");
    answer["result"].clone()
}

fn result_text(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

/// Stateless requests have no connection to hold a preview by: it belongs to the identity the
/// request's credentials give (here the server's token), and a later request resolves it.
#[test]
fn a_stateless_request_resolves_the_preview_an_earlier_one_staged() {
    let (sb, host) = serve("http-stateless-preview");
    let preview = stateless_call(&host.addr, &bearer(), 1, "stage", json!({"name": "two"}));
    assert_eq!(result_text(&preview), "preview of two");
    assert!(preview.to_string().contains("Call the `resolve` tool"), "the reminder: {preview}");
    let done = stateless_call(&host.addr, &bearer(), 2, "resolve", json!({"action": "apply", "reason": "fine"}));
    assert_eq!((done["isError"].clone(), result_text(&done)), (json!(false), "wrote two".to_string()));
    assert_eq!(applied(&sb), "two\n");
}

/// Under OAuth a stateless preview is its subject's: another subject's stateless `resolve` is
/// refused, the subject's own applies it.
#[test]
fn oauth_a_stateless_preview_is_resolved_only_by_its_subject() {
    let key = SigningKey::new("key-1");
    let (jwks_uri, _) = serve_jwks(json!({"keys": [key.public]}));
    let (sb, host) = serve_oauth_with("http-oauth-stateless", &jwks_uri, TOOLS);
    let token_of = |sub: &str| {
        let mut claims = claims("tools:all");
        claims["sub"] = json!(sub);
        format!("Authorization: Bearer {}\r\n", key.sign(&claims))
    };
    let (alice, bob) = (token_of("alice"), token_of("bob"));
    let preview = stateless_call(&host.addr, &alice, 1, "stage", json!({"name": "three"}));
    assert_eq!(result_text(&preview), "preview of three");
    let apply = json!({"action": "apply", "reason": "fine"});
    let refused = stateless_call(&host.addr, &bob, 2, "resolve", apply.clone());
    assert_eq!(refused["isError"], true, "{refused}");
    assert!(result_text(&refused).contains("staged by another client's calls"), "{refused}");
    assert_eq!(applied(&sb), "");
    let done = stateless_call(&host.addr, &alice, 3, "resolve", apply);
    assert_eq!(result_text(&done), "wrote three", "{done}");
    assert_eq!(applied(&sb), "three\n");
}
