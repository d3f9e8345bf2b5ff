//! Per-client limits over HTTP, so that one client cannot take the server from the others:
//! calls in flight (`http.maxCallsInFlight`, default 16: a `tools/call` past it is refused
//! with a JSON-RPC error until one of the client's calls ends) and a request rate (a token
//! bucket, `http.rateLimit: { perSecond, burst }`, off unless configured: a POST past it gets
//! 429 with `Retry-After` and a JSON-RPC error as its body). A client is known by, first, its
//! OAuth subject (`sub`), else its MCP session, else its IP address (stateless requests); a
//! client that opens many sessions with one token is still one client under OAuth.
//! Memory stays bounded: a client's entry goes once it has no call in flight and a full
//! bucket, and idle entries are swept when the table grows.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::model::ErrorCode;
use rmcp::ErrorData as McpError;

use super::clients::SESSION_HEADER;
use crate::config::http::RateConfig;
use crate::protocol::mcp_access::Access;

/// The JSON-RPC error of a call past the client's calls in flight.
pub(crate) const TOO_MANY_CALLS: ErrorCode = ErrorCode(-32004);

/// The JSON-RPC error of a request past the client's rate.
pub(crate) const RATE_LIMITED: ErrorCode = ErrorCode(-32005);

/// Calls in flight per client unless the config says otherwise.
pub(crate) const DEFAULT_CALLS_IN_FLIGHT: usize = 16;

/// Past this many clients in the table, idle ones are swept on the next insert.
const SWEEP_OVER: usize = 4096;

/// The peer's address, put in each request's extensions by the accept loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PeerAddr(pub SocketAddr);

/// Who a request is from, for the limits: the OAuth subject, else the MCP session, else the IP.
pub(crate) fn client_of(parts: &hyper::http::request::Parts) -> String {
    if let Some(subject) = parts.extensions.get::<Arc<Access>>().and_then(|a| a.subject.clone()) {
        return format!("sub:{subject}");
    }
    if let Some(session) = parts.headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok()) {
        return format!("session:{session}");
    }
    match parts.extensions.get::<PeerAddr>() {
        Some(PeerAddr(addr)) => format!("ip:{}", addr.ip()),
        None => "unknown".into(),
    }
}

/// The limits and every client's state; cheap to clone.
#[derive(Clone)]
pub(crate) struct Limits(Arc<Inner>);

struct Inner {
    calls_in_flight: usize,
    rate: Option<(f64, f64)>,
    clients: Mutex<HashMap<String, ClientState>>,
}

struct ClientState {
    in_flight: usize,
    tokens: f64,
    refilled: Instant,
}

/// One call of a client, counted until dropped.
pub(crate) struct Slot {
    limits: Limits,
    client: String,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut clients = self.limits.0.clients.lock().unwrap();
        if let Some(state) = clients.get_mut(&self.client) {
            state.in_flight = state.in_flight.saturating_sub(1);
            if self.limits.idle(state, Instant::now()) {
                clients.remove(&self.client);
            }
        }
    }
}

impl Limits {
    pub(crate) fn new(calls_in_flight: usize, rate: Option<RateConfig>) -> Limits {
        let rate = rate.map(|r| (r.per_second, r.burst.unwrap_or(r.per_second).max(1.0)));
        Limits(Arc::new(Inner {
            calls_in_flight,
            rate,
            clients: Mutex::new(HashMap::new()),
        }))
    }

    /// A call of `client` starts, or the refusal when it has its limit running.
    pub(crate) fn call(&self, client: &str) -> Result<Slot, McpError> {
        let mut clients = self.0.clients.lock().unwrap();
        let state = self.entry(&mut clients, client);
        if state.in_flight >= self.0.calls_in_flight {
            return Err(McpError::new(
                TOO_MANY_CALLS,
                format!(
                    "too many calls in flight: this client already has {} calls running (http.maxCallsInFlight); retry when one has ended",
                    state.in_flight
                ),
                None,
            ));
        }
        state.in_flight += 1;
        Ok(Slot {
            limits: self.clone(),
            client: client.to_string(),
        })
    }

    /// A request of `client` is taken, or how long until it would be (past its rate).
    pub(crate) fn request(&self, client: &str) -> Result<(), Duration> {
        let Some((per_second, _)) = self.0.rate else { return Ok(()) };
        let mut clients = self.0.clients.lock().unwrap();
        let state = self.entry(&mut clients, client);
        if state.tokens >= 1.0 {
            state.tokens -= 1.0;
            return Ok(());
        }
        Err(Duration::from_secs_f64(((1.0 - state.tokens) / per_second).max(0.001)))
    }

    /// The rate, for the refusal's words.
    pub(crate) fn rate(&self) -> Option<(f64, f64)> {
        self.0.rate
    }

    /// `client`'s state, its bucket refilled to now.
    fn entry<'a>(&self, clients: &'a mut HashMap<String, ClientState>, client: &str) -> &'a mut ClientState {
        let now = Instant::now();
        if clients.len() > SWEEP_OVER && !clients.contains_key(client) {
            clients.retain(|_, state| !self.idle(state, now));
        }
        let burst = self.0.rate.map_or(0.0, |(_, burst)| burst);
        let state = clients.entry(client.to_string()).or_insert(ClientState {
            in_flight: 0,
            tokens: burst,
            refilled: now,
        });
        if let Some((per_second, burst)) = self.0.rate {
            let elapsed = now.duration_since(state.refilled).as_secs_f64();
            state.tokens = (state.tokens + elapsed * per_second).min(burst);
        }
        state.refilled = now;
        state
    }

    /// Whether `state` holds nothing worth keeping (no call, a full bucket).
    fn idle(&self, state: &ClientState, now: Instant) -> bool {
        let full = match self.0.rate {
            None => true,
            Some((per_second, burst)) => state.tokens + now.duration_since(state.refilled).as_secs_f64() * per_second >= burst,
        };
        state.in_flight == 0 && full
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_past_the_limit_are_refused_until_one_ends() {
        let limits = Limits::new(2, None);
        let first = limits.call("a").unwrap();
        let _second = limits.call("a").unwrap();
        let refused = limits.call("a").err().unwrap();
        assert_eq!(refused.code, TOO_MANY_CALLS);
        assert!(refused.message.contains("http.maxCallsInFlight"), "{}", refused.message);
        assert!(limits.call("b").is_ok(), "another client has its own count");
        drop(first);
        assert!(limits.call("a").is_ok());
    }

    #[test]
    fn the_bucket_takes_a_burst_then_refuses_and_entries_go_when_idle() {
        let limits = Limits::new(
            16,
            Some(RateConfig {
                per_second: 0.01,
                burst: Some(2.0),
            }),
        );
        assert!(limits.request("a").is_ok() && limits.request("a").is_ok());
        let wait = limits.request("a").err().unwrap();
        assert!(wait > Duration::from_secs(50), "{wait:?}");
        assert!(limits.request("b").is_ok());
        let unlimited = Limits::new(16, None);
        drop(unlimited.call("c").unwrap());
        assert!(unlimited.0.clients.lock().unwrap().is_empty(), "an idle client is not kept");
    }
}
