//! Network APIs over loopback: `fetch` and `node:http` / `node:net` against an HTTP server this
//! test starts (hyper, on 127.0.0.1), servers that tools start themselves, the error shape of
//! failed requests, and what happens to requests and servers when their call ends or is
//! cancelled. Fixture tools: tests/fixtures/network/network_tools.mjs.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener as StdListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::*;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::sync::Notify;

type Body = http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>;

fn fixture() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/network/network_tools.mjs")
        .display()
        .to_string()
}

/// What the test server saw, for assertions about requests the host stopped.
#[derive(Default)]
struct Seen {
    hang_started: usize,
    hang_dropped: usize,
}

/// Sets a flag when the handler of a `/hang` request is dropped (its connection went away).
struct DropSignal(Arc<Mutex<Seen>>);

impl Drop for DropSignal {
    fn drop(&mut self) {
        self.0.lock().unwrap().hang_dropped += 1;
    }
}

struct TestServer {
    addr: SocketAddr,
    seen: Arc<Mutex<Seen>>,
}

impl TestServer {
    fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn wait_for(&self, what: &str, ready: impl Fn(&Seen) -> bool, timeout: Duration) {
        let start = Instant::now();
        while !ready(&self.seen.lock().unwrap()) {
            assert!(start.elapsed() < timeout, "timed out waiting for: {what}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// A response body sent chunk by chunk as the test's handler produces them.
struct ChunkBody(tokio::sync::mpsc::Receiver<Bytes>);

impl hyper::body::Body for ChunkBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
        self.0.poll_recv(cx).map(|chunk| chunk.map(|bytes| Ok(hyper::body::Frame::data(bytes))))
    }
}

fn full(text: impl Into<Bytes>) -> Body {
    Full::new(text.into()).boxed()
}

async fn route(request: Request<Incoming>, seen: Arc<Mutex<Seen>>, release: Arc<Notify>) -> Response<Body> {
    let method = request.method().to_string();
    let path = request.uri().path().to_string();
    let content_type = request
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let x_test = request.headers().get("x-test").map(|v| v.to_str().unwrap().to_string());
    match path.as_str() {
        "/json" => Response::builder()
            .header("content-type", "application/json")
            .body(full(r#"{"hello":"world"}"#))
            .unwrap(),
        "/echo" => {
            let body = request.into_body().collect().await.unwrap().to_bytes();
            let reply = json!({ "method": method, "contentType": content_type, "body": String::from_utf8_lossy(&body), "xTest": x_test });
            Response::builder()
                .header("content-type", "application/json")
                .body(full(reply.to_string()))
                .unwrap()
        }
        "/redirect" => Response::builder().status(302).header("location", "/json").body(full("")).unwrap(),
        "/stream" => {
            let (tx, rx) = tokio::sync::mpsc::channel(4);
            tokio::spawn(async move {
                tx.send(Bytes::from("first chunk")).await.unwrap();
                release.notified().await;
                tx.send(Bytes::from("second chunk,")).await.unwrap();
                tx.send(Bytes::from("third chunk")).await.unwrap();
            });
            Response::new(ChunkBody(rx).boxed())
        }
        "/release" => {
            release.notify_one();
            Response::new(full("released"))
        }
        "/hang" => {
            seen.lock().unwrap().hang_started += 1;
            let _signal = DropSignal(seen.clone());
            std::future::pending::<()>().await;
            unreachable!()
        }
        _ => Response::builder().status(404).body(full("not here")).unwrap(),
    }
}

/// Starts the loopback server on a thread of its own; it lives until the test process ends.
fn start_server() -> TestServer {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let (tx, rx) = std_mpsc::channel();
    let seen_in_server = seen.clone();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            let release = Arc::new(Notify::new());
            loop {
                let (stream, _) = listener.accept().await.unwrap();
                let (seen, release) = (seen_in_server.clone(), release.clone());
                tokio::spawn(async move {
                    let service = service_fn(move |req| {
                        let (seen, release) = (seen.clone(), release.clone());
                        async move { Ok::<_, std::convert::Infallible>(route(req, seen, release).await) }
                    });
                    let _ = hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service).await;
                });
            }
        });
    });
    TestServer {
        addr: rx.recv().unwrap(),
        seen,
    }
}

fn call_fixture(sb: &Sandbox, name: &str, params: Value) -> Value {
    let (code, stdout, stderr) = sb.call(name, &params.to_string(), &["--tool", &fixture(), "--only"]);
    assert_eq!(code, 0, "{name} failed\nstdout: {stdout}\nstderr: {stderr}");
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{name} printed no JSON ({e}): {stdout}\n{stderr}"))
}

/// `call_fixture` in a sandbox of its own.
fn call_fixture_in_sandbox(sandbox: &str, name: &str, params: Value) -> Value {
    call_fixture(&Sandbox::new(sandbox), name, params)
}

/// A port nothing listens on (bound, then released).
fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// `omp-host run`, driven line by line: send a request, then read events until one matches.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    events: std_mpsc::Receiver<Value>,
}

impl Session {
    fn start(sb: &Sandbox) -> Session {
        let mut child = sb
            .command(&["run", "--tool", &fixture(), "--only"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn omp-host run");
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, rx) = std_mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Ok(value) = serde_json::from_str::<Value>(&line) {
                    if tx.send(value).is_err() {
                        break;
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        let mut session = Session { child, stdin, events: rx };
        session.until("ready", |e| e["type"] == "ready");
        session
    }

    fn send(&mut self, line: String) {
        writeln!(self.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    fn until(&mut self, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(event) if matches(&event) => return event,
                Ok(_) => {}
                Err(_) => panic!("timed out waiting for {what}"),
            }
        }
    }

    fn result(&mut self, id: &str) -> Value {
        self.until(&format!("result of {id}"), |e| e["type"] == "tool_execution_end" && e["toolCallId"] == id)["result"].clone()
    }

    fn update_text(&mut self, id: &str) -> String {
        let event = self.until(&format!("update of {id}"), |e| e["type"] == "tool_execution_update" && e["toolCallId"] == id);
        event["partialResult"]["content"][0]["text"].as_str().unwrap().to_string()
    }

    fn finish(mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("omp-host run did not exit after its input closed");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn json_text(result: &Value) -> Value {
    serde_json::from_str(&text(result)).unwrap_or_else(|e| panic!("not JSON ({e}): {result}"))
}

#[test]
fn fetch_get_post_redirect_404_streaming_and_abort() {
    let server = start_server();
    let facts = call_fixture_in_sandbox("net-fetch", "fetch_suite", json!({ "base": server.base() }));
    assert_eq!(facts["get"], json!({ "status": 200, "type": "application/json", "body": { "hello": "world" } }));
    assert_eq!(
        facts["post"],
        json!({ "method": "POST", "contentType": "application/json", "body": "{\"a\":1,\"b\":[true,null]}", "xTest": null })
    );
    let base = server.base();
    assert_eq!(
        facts["redirect"],
        json!({ "status": 200, "redirected": true, "url": format!("{base}/json"), "body": { "hello": "world" } })
    );
    assert_eq!(facts["manual"], json!({ "status": 302, "location": "/json" }));
    assert_eq!(
        facts["missing"],
        json!({ "status": 404, "ok": false, "statusText": "Not Found", "body": "not here" })
    );
    assert_eq!(facts["stream"], json!({ "first": "first chunk", "rest": "second chunk,third chunk" }));
    assert_eq!(facts["form"], json!({ "multipart": true, "hasField": true }));
    assert_eq!(facts["request"], json!({ "method": "PUT", "body": "from a Request", "header": "yes" }));
    assert_eq!(facts["response"], json!({ "made": true }));
    assert_eq!(facts["timeout"], "TimeoutError");
    assert_eq!(facts["abort"], "AbortError");
}

#[test]
fn failed_fetches_reject_like_node_and_never_hang() {
    let server = start_server();
    let sb = Sandbox::new("net-fetch-errors");
    let refused = format!("http://127.0.0.1:{}/", free_port());
    // TLS to a plain-HTTP port: the handshake fails.
    let tls = format!("https://{}/json", server.addr);
    let started = Instant::now();
    let facts = call_fixture(
        &sb,
        "fetch_errors",
        json!({ "refused": refused, "tls": tls, "dns": "http://no-such-host.invalid/" }),
    );
    assert!(started.elapsed() < Duration::from_secs(15), "failures come back promptly");
    for key in ["refused", "tls", "dns"] {
        assert_eq!(facts[key]["name"], "TypeError", "{key}: {}", facts[key]);
        assert_eq!(facts[key]["message"], "fetch failed", "{key}: {}", facts[key]);
        assert_eq!(facts[key]["isTypeError"], true);
    }
    assert_eq!(facts["refused"]["causeCode"], "ECONNREFUSED");
    let port = refused.trim_start_matches("http://127.0.0.1:").trim_end_matches('/');
    assert_eq!(facts["refused"]["causeMessage"], format!("connect ECONNREFUSED 127.0.0.1:{port}"));
    assert_eq!(facts["dns"]["causeCode"], "ENOTFOUND");
    assert_eq!(facts["dns"]["causeMessage"], "getaddrinfo ENOTFOUND no-such-host.invalid");
    assert!(
        facts["tls"]["causeMessage"].as_str().is_some_and(|m| !m.is_empty()),
        "a TLS failure has a cause: {}",
        facts["tls"]
    );
}

#[test]
fn cancelling_a_call_stops_its_requests() {
    let server = start_server();
    let sb = Sandbox::new("net-cancel");
    let mut session = Session::start(&sb);
    session.send(call_line("h", "fetch_hang", json!({ "base": server.base() })));
    assert_eq!(session.update_text("h"), "requested");
    server.wait_for("the request to reach the server", |s| s.hang_started == 1, Duration::from_secs(10));
    assert_eq!(server.seen.lock().unwrap().hang_dropped, 0);
    session.send(json!({ "type": "cancel", "id": "h", "reason": "user pressed Esc" }).to_string());
    let result = session.result("h");
    assert!(text(&result).contains("aborted"), "{result}");
    server.wait_for("the cancelled request's connection to close", |s| s.hang_dropped == 1, Duration::from_secs(10));
    session.finish();
}

#[test]
fn a_request_left_running_is_aborted_when_its_call_ends() {
    let server = start_server();
    let sb = Sandbox::new("net-left-request");
    let mut session = Session::start(&sb);
    session.send(call_line("l", "fetch_and_leave", json!({ "base": server.base() })));
    assert_eq!(json_text(&session.result("l")), json!({ "left": true }));
    session.send(call_line("o", "left_fetch_outcome", json!({})));
    let outcome = json_text(&session.result("o"));
    assert_eq!(
        (outcome["name"].clone(), outcome["message"].clone()),
        (json!("AbortError"), json!("The tool call ended")),
        "{outcome}"
    );
    session.finish();
}

#[test]
fn a_tool_serves_http_and_answers_a_request_from_outside() {
    let sb = Sandbox::new("net-serve");
    let mut session = Session::start(&sb);
    session.send(call_line("s", "serve_once", json!({})));
    let port: u16 = session.update_text("s").parse().unwrap();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        stream,
        "POST /answer?x=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: network-test\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 201 Created\r\n"), "{reply}");
    assert!(reply.to_ascii_lowercase().contains("x-served-by: tool"), "{reply}");
    // writeHead then end(data): the head is out before the length is known, so the body is
    // chunked, exactly as Node frames it.
    assert!(reply.ends_with("\r\n\r\n10\r\nthanks for hello\r\n0\r\n\r\n"), "{reply}");
    let facts = json_text(&session.result("s"));
    assert_eq!(
        facts,
        json!({ "method": "POST", "url": "/answer?x=1", "body": "hello", "agent": "network-test" })
    );
    session.finish();
}

#[test]
fn a_server_left_listening_is_closed_when_its_call_ends() {
    let sb = Sandbox::new("net-leave");
    let mut session = Session::start(&sb);
    session.send(call_line("l", "serve_and_leave", json!({})));
    let port = json_text(&session.result("l"))["port"].as_u64().unwrap() as u16;
    // The host is still running; the call is over, so its server must be gone.
    let start = Instant::now();
    loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            // Reset: the connection reached the listener's backlog as it closed; look again.
            Err(err) if err.kind() == std::io::ErrorKind::ConnectionReset => {}
            Err(err) => {
                assert_eq!(err.kind(), std::io::ErrorKind::ConnectionRefused);
                break;
            }
            Ok(_) => {}
        }
        assert!(start.elapsed() < Duration::from_secs(5), "the server on port {port} is still accepting");
        std::thread::sleep(Duration::from_millis(20));
    }
    // And the host goes on serving calls.
    session.send(call_line("again", "serve_and_leave", json!({})));
    assert!(json_text(&session.result("again"))["port"].as_u64().is_some());
    session.finish();
}

#[test]
fn node_http_client_and_server_in_one_tool() {
    let facts = call_fixture_in_sandbox("net-http-self", "http_self", json!({}));
    let reply = |method: &str, url: &str, body: &str, type_: Value, length: Value, chunked: Value| json!({ "method": method, "url": url, "body": body, "type": type_, "length": length, "chunked": chunked });
    assert_eq!(
        facts["get"],
        json!({ "status": 200, "message": "OK", "cookies": ["a=1", "b=2"], "body": reply("GET", "/x?y=1", "", Value::Null, Value::Null, Value::Null) })
    );
    assert_eq!(facts["post"]["body"], reply("POST", "/p", "one", json!("text/plain"), json!("3"), Value::Null));
    assert_eq!(facts["chunked"]["body"], reply("POST", "/c", "abc", Value::Null, Value::Null, json!("chunked")));
    assert_eq!(
        facts["missing"],
        json!({ "status": 404, "message": "Not Found", "cookies": null, "body": null })
    );
    assert_eq!(facts["fetch"]["method"], "PATCH");
    assert_eq!(facts["fetch"]["body"], "via fetch");
    assert_eq!(facts["refused"]["code"], "ECONNREFUSED");
    assert_eq!(facts["refused"]["syscall"], "connect");
    assert!(facts["refused"]["message"].as_str().unwrap().starts_with("connect ECONNREFUSED 127.0.0.1:"));
}

#[test]
fn node_net_echo_server_and_client() {
    let facts = call_fixture_in_sandbox("net-echo", "net_echo", json!({}));
    assert_eq!(
        facts,
        json!({ "remotePort": true, "remoteAddress": "127.0.0.1", "echoed": "hello echo", "bytes": [10, 10], "closed": true })
    );
}

#[test]
fn node_http_upgrades_hand_the_connection_over_on_both_sides() {
    let facts = call_fixture_in_sandbox("net-http-upgrade", "http_upgrade", json!({}));
    // The same call under Node (tests/fixtures/run-under-node.mjs) answers exactly this.
    assert_eq!(
        facts,
        json!({
            "upgraded": { "status": 101, "message": "Switching Protocols", "seen": "/up true 0", "upgrade": "shout", "heard": "hello;PING" },
            "refused": { "status": 403, "body": "nope" },
            "connect": { "status": 200, "target": "tunnel.example:443", "through": "THROUGH" },
            "raw": { "statusLine": "HTTP/1.1 101 Switching Protocols", "after": "hello;QUIET" },
            "unheard": { "status": 200, "body": "plain /nobody upgrade=false" },
            "closed": true
        })
    );
}

#[test]
fn an_upgrade_listener_that_writes_no_response_head_hangs_up_as_under_node() {
    let facts = call_fixture_in_sandbox("net-http-upgrade-broken", "http_upgrade_broken", json!({}));
    // Under Node the client fails with a parse error (garbage) or a hang-up (silent); hyper
    // reads the head here, so both close the connection: a hang-up, and nothing waits.
    assert_eq!(facts, json!({ "garbage": { "error": "ECONNRESET" }, "silent": { "error": "ECONNRESET" } }));
}
