//! Network permissions end to end, against servers this test starts on 127.0.0.1 (there is no
//! other network here): a tool granted `loopback:PORT` reaches that port through `fetch`,
//! `node:http` and `node:net`, and is refused any other port, a listen, and a DNS lookup of a
//! name no rule names; a `fetch` redirect from the granted port to another is refused at the
//! hop; a name granted by `*` that resolves to a loopback address (`localhost`, from
//! /etc/hosts, so the test is deterministic) is refused after resolving (DNS rebinding gains
//! nothing), and so is a loopback address written out. Every refusal is Node's `EACCES`
//! naming the policy, and a `Permission denied` line in the host log; the refused servers see
//! no connection. Without a policy everything is reached, as before.
//! Fixtures (the probe tool and its scripts): tests/fixtures/permissions_net/.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use serde_json::Value;

use crate::common::permissions::*;

/// Helpers the scripts share: a fetch, an http GET and a net round trip, each answering the
/// text the server sent, and a listen.
const HELPERS: &str = include_str!("../fixtures/permissions_net/helpers.js");

/// An HTTP/1.0 server on 127.0.0.1 answering every request with `response` (a whole HTTP
/// response); counts the connections it accepted.
struct Server {
    port: u16,
    connections: Arc<AtomicUsize>,
}

impl Server {
    fn start(response: impl Fn(u16) -> String + Send + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(AtomicUsize::new(0));
        let seen = connections.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                seen.fetch_add(1, Ordering::SeqCst);
                let mut request = Vec::new();
                let mut buf = [0u8; 4096];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => request.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = stream.write_all(response(port).as_bytes());
            }
        });
        Server { port, connections }
    }

    /// A server that answers `text`.
    fn text(text: &'static str) -> Server {
        Server::start(move |_| {
            format!(
                "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
                text.len()
            )
        })
    }

    fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

/// A sandbox with the probe tool (netprobe.mjs: it runs the script it is given, the body of
/// an async function of `net`, `http`, `dns` and `attempt`, and answers what it returns as
/// JSON; `attempt(fn)` gives `{ ok }` or the error's `{ code, message }`, a `fetch` failure's
/// `cause` when it has one) and `policy` (if any) as the project's config.
struct Fixture(Probe);

impl Fixture {
    fn new(name: &str, policy: Option<&str>) -> Fixture {
        Fixture(Probe::new(name, "netprobe", include_str!("../fixtures/permissions_net/netprobe.mjs"), policy))
    }

    /// Runs `script`, after the shared helpers, in the tool; its answer.
    fn run(&self, script: &str) -> Value {
        self.0.run(&format!("{HELPERS}\n{script}"))
    }

    fn denials(&self) -> Vec<Value> {
        self.0.denials()
    }
}

fn policy(net: &[String]) -> String {
    serde_json::json!({ "permissions": { "default": { "preset": "none", "net": net } } }).to_string()
}

/// Asserts each named attempt in `results` is a refusal naming the policy.
fn assert_refused(results: &Value, names: &[&str]) {
    for name in names {
        let result = &results[*name];
        assert_eq!(result["code"], "EACCES", "{name} was not refused: {result}");
        let message = result["message"].as_str().unwrap();
        assert!(
            message.contains("EACCES: permission denied") && message.contains("permissions.default") && message.contains("\"net\""),
            "{name}: the refusal does not name the policy: {message}"
        );
    }
}

fn assert_ok(results: &Value, name: &str, expected: &str) {
    assert_eq!(results[name]["ok"], expected, "{name}: {}", results[name]);
}

#[test]
fn a_tool_reaches_its_granted_loopback_port_and_no_other() {
    let granted = Server::text("granted");
    let other = Server::text("other");
    let fx = Fixture::new("perm-net-port", Some(&policy(&[format!("loopback:{}", granted.port)])));
    let (a, b) = (granted.port, other.port);
    let results = fx.run(
        &include_str!("../fixtures/permissions_net/reaches_granted_port.js")
            .replace("__GRANTED__", &a.to_string())
            .replace("__OTHER__", &b.to_string()),
    );
    for name in ["fetch", "fetchLocalhost", "http", "net"] {
        assert_ok(&results, name, "granted");
    }
    assert_refused(&results, &["fetchOther", "httpOther", "netOther", "listen"]);
    assert_eq!(other.connections(), 0, "the refused server was reached");
    assert_eq!(fx.denials().len(), 4, "one log line per refusal: {:?}", fx.denials());
}

#[test]
fn a_fetch_redirect_from_the_granted_port_to_another_is_refused() {
    let target = Server::text("target");
    let target_port = target.port;
    let redirect =
        Server::start(move |_| format!("HTTP/1.0 302 Found\r\nLocation: http://127.0.0.1:{target_port}/\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"));
    let fx = Fixture::new("perm-net-redirect", Some(&policy(&[format!("loopback:{}", redirect.port)])));
    let results = fx.run(&include_str!("../fixtures/permissions_net/follows_redirect.js").replace("__PORT__", &redirect.port.to_string()));
    assert_refused(&results, &["followed"]);
    assert!(
        results["followed"]["message"].as_str().unwrap().contains(&format!("127.0.0.1:{target_port}")),
        "{results}"
    );
    assert_ok(&results, "manual", "302");
    assert!(redirect.connections() >= 2, "the granted server was not reached");
    assert_eq!(target.connections(), 0, "the redirect reached the refused port");
    assert_eq!(fx.denials().len(), 1, "{:?}", fx.denials());
}

#[test]
fn a_granted_name_that_resolves_to_loopback_is_refused() {
    // `*` grants every name but only public addresses: `localhost` (from /etc/hosts) resolves
    // to a loopback address, so it is refused once resolved, as a rebinding name would be.
    let server = Server::text("local");
    let fx = Fixture::new("perm-net-rebind", Some(&policy(&["*".to_string()])));
    let p = server.port;
    let results = fx.run(&include_str!("../fixtures/permissions_net/resolves_to_loopback.js").replace("__PORT__", &p.to_string()));
    assert_refused(&results, &["fetch", "http", "net", "literal"]);
    for name in ["fetch", "http", "net"] {
        let message = results[name]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("localhost:{p} (")),
            "{name}: the refusal does not name the address: {message}"
        );
    }
    // Looking the name up is allowed (`*` names it); connecting to what it gave is not.
    assert!(results["lookup"]["ok"].as_str().is_some_and(|a| a == "127.0.0.1" || a == "::1"), "{results}");
    assert_eq!(server.connections(), 0, "the loopback server was reached");
    assert!(fx.denials().len() >= 4, "{:?}", fx.denials());
}

#[test]
fn a_dns_lookup_of_a_name_no_rule_names_is_refused() {
    let fx = Fixture::new("perm-net-dns", Some(&policy(&["loopback:9".to_string(), "api.example.com:443".to_string()])));
    let results = fx.run(include_str!("../fixtures/permissions_net/looks_up_unnamed.js"));
    assert_refused(&results, &["denied", "callback"]);
    // `loopback:9` names `localhost` (on one port; a lookup has none).
    assert_ok(&results, "localhost", "127.0.0.1");
    assert_eq!(fx.denials().len(), 2, "{:?}", fx.denials());
}

#[test]
fn without_a_policy_everything_is_reached() {
    let server = Server::text("open");
    let fx = Fixture::new("perm-net-open", None);
    let p = server.port;
    let results = fx.run(&include_str!("../fixtures/permissions_net/reaches_everything.js").replace("__PORT__", &p.to_string()));
    for name in ["fetch", "http", "net"] {
        assert_ok(&results, name, "open");
    }
    assert_ok(&results, "listen", "listening");
    assert_ok(&results, "lookup", "127.0.0.1");
    assert!(fx.denials().is_empty(), "{:?}", fx.denials());
}
