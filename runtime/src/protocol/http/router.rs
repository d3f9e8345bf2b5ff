//! The HTTP endpoints. `/mcp` is MCP over Streamable HTTP: the bearer token is checked
//! (auth.rs), a POST's body is read within its limit (413 past it), then rmcp's service takes
//! the request (it checks `Host` and `Origin`, origin.rs, and speaks the protocol). On the
//! way the router notes what clients.rs needs: the reason a `notifications/cancelled` gives,
//! which call a request's response stream stands for, and a session's end. `/healthz` says the
//! process serves; `/readyz` whether it takes new calls (503 while draining). Anything else
//! is 404. The health endpoints need no token and take any `Host`, for load balancers; nor
//! does the OAuth protected-resource metadata (`/.well-known/oauth-protected-resource`, with
//! or without the resource's path after it), which clients read before they have a token.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::{CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, RETRY_AFTER};
use hyper::{Method, Request, Response, StatusCode};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::StreamableHttpService;

use super::auth::Auth;
use super::clients::{request_key, ClientCalls, SESSION_HEADER};
use super::drain::{Drain, InFlight};
use super::limits::{client_of, Limits, RATE_LIMITED};
use super::oauth;
use super::sessions::SessionOwners;
use super::watched::{OnAbandoned, Watched};
use crate::core::Core;
use crate::protocol::mcp::McpServer;
use crate::protocol::mcp_access::Access;

pub(crate) type HttpBody = BoxBody<Bytes, Infallible>;

/// rmcp's Streamable HTTP service, serving an `McpServer` per client.
pub(crate) type McpService = StreamableHttpService<McpServer, LocalSessionManager>;

/// How much of an oversized body is still read (and dropped) after the 413, so that the
/// client, still sending, reads the answer instead of a reset connection.
const LINGER_BYTES: usize = 64 * 1024 * 1024;
const LINGER_TIME: Duration = Duration::from_secs(5);

/// What the routes serve with.
pub(crate) struct Routes {
    pub mcp: McpService,
    pub auth: Auth,
    pub limits: Limits,
    pub owners: SessionOwners,
    pub max_body_bytes: usize,
    /// How long a request's body may take to arrive (408 past it).
    pub body_read_timeout: Duration,
    /// How many sessions may be open at once (an `initialize` past it gets 503).
    pub max_sessions: usize,
    pub calls: ClientCalls,
    pub core: Core,
    pub drain: Drain,
    /// Responses to POSTs on their way (the drain lets them out before closing streams).
    pub responses: InFlight,
}

/// The routes; cheap to clone.
#[derive(Clone)]
pub(crate) struct Router(Arc<Routes>);

/// The first fields of a JSON-RPC message.
#[derive(serde::Deserialize)]
struct Peek {
    id: Option<serde_json::Value>,
    method: Option<String>,
}

impl Router {
    pub(crate) fn new(routes: Routes) -> Router {
        Router(Arc::new(routes))
    }

    pub(crate) async fn handle(&self, request: Request<Incoming>) -> Response<HttpBody> {
        match request.uri().path() {
            "/mcp" => self.mcp(request).await,
            path if path == oauth::METADATA_PATH || path.starts_with(&format!("{}/", oauth::METADATA_PATH)) => match self.0.auth.oauth_server() {
                Some(oauth) => oauth.metadata(),
                None => text_response(StatusCode::NOT_FOUND, "Not Found: this server takes no OAuth access tokens"),
            },
            "/healthz" => text_response(StatusCode::OK, "ok"),
            "/readyz" if self.0.drain.is_draining() => text_response(StatusCode::SERVICE_UNAVAILABLE, "draining: no new calls are taken"),
            "/readyz" => text_response(StatusCode::OK, "ready"),
            _ => text_response(StatusCode::NOT_FOUND, "Not Found: MCP is served at /mcp"),
        }
    }

    async fn mcp(&self, request: Request<Incoming>) -> Response<HttpBody> {
        let routes = &self.0;
        let mut request = request;
        match routes.auth.admit(request.headers()).await {
            Err(refusal) => return refusal,
            // What the token allows reaches the MCP server in the request's extensions.
            Ok(Some(access)) => {
                request.extensions_mut().insert(access);
            }
            Ok(None) => {}
        }
        let session = request.headers().get(SESSION_HEADER).and_then(|value| value.to_str().ok()).map(str::to_string);
        // Under OAuth a session is the subject's that opened it (sessions.rs).
        if let (Some(session), Some(access)) = (&session, request.extensions().get::<Arc<Access>>()) {
            if !routes.owners.allows(session, access.subject.as_deref()) {
                return text_response(StatusCode::NOT_FOUND, "Not Found: Session not found");
            }
        }
        match *request.method() {
            Method::POST => self.post(request, session).await,
            Method::DELETE => {
                let mut response = routes.mcp.handle(request).await;
                if let Some(session) = session.filter(|_| response.status().is_success()) {
                    routes.owners.forget(&session);
                    for call in routes.calls.calls_of(&session) {
                        routes.core.cancel(&call, "the client ended its MCP session");
                    }
                }
                // rmcp answers a session's end 202; the Python SDK counts only 200 and 204 as
                // done (and warns), the TypeScript SDK any success: 204 suits both.
                if response.status() == StatusCode::ACCEPTED {
                    *response.status_mut() = StatusCode::NO_CONTENT;
                    *response.body_mut() = Full::new(Bytes::new()).boxed();
                }
                response
            }
            _ => routes.mcp.handle(request).await,
        }
    }

    async fn post(&self, request: Request<Incoming>, session: Option<String>) -> Response<HttpBody> {
        let routes = &self.0;
        let (parts, mut body) = request.into_parts();
        if let Err(wait) = routes.limits.request(&client_of(&parts)) {
            return rate_limited(wait, routes.limits.rate());
        }
        let declared = parts.headers.get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > routes.max_body_bytes as u64) {
            return too_large(body, routes.max_body_bytes);
        }
        let read = match tokio::time::timeout(routes.body_read_timeout, read_body(&mut body, routes.max_body_bytes)).await {
            Ok(Ok(read)) => read,
            Ok(Err(BodyError::TooLarge)) => return too_large(body, routes.max_body_bytes),
            Ok(Err(BodyError::Unreadable(e))) => {
                return text_response(StatusCode::BAD_REQUEST, &format!("Bad Request: the request body could not be read: {e}"))
            }
            Err(_) => {
                let mut response = text_response(
                    StatusCode::REQUEST_TIMEOUT,
                    &format!(
                        "Request Timeout: the request body did not arrive within {} ms (http.bodyReadTimeoutMs)",
                        routes.body_read_timeout.as_millis()
                    ),
                );
                response.headers_mut().insert(CONNECTION, hyper::header::HeaderValue::from_static("close"));
                return response;
            }
        };
        let peek = serde_json::from_slice::<Peek>(&read).ok().filter(|peek| peek.method.is_some());
        let opens_session = session.is_none() && peek.as_ref().is_some_and(|p| p.method.as_deref() == Some("initialize"));
        if opens_session && routes.owners.open_sessions().await >= routes.max_sessions {
            let mut response = text_response(
                StatusCode::SERVICE_UNAVAILABLE,
                &format!(
                    "Service Unavailable: {} MCP sessions are open, the most this server keeps (http.maxSessions); end sessions you no longer use (DELETE /mcp) or try again later",
                    routes.max_sessions
                ),
            );
            response.headers_mut().insert(RETRY_AFTER, hyper::header::HeaderValue::from_static("30"));
            return response;
        }
        let request_id = peek.and_then(|peek| peek.id);
        if let Some(session) = &session {
            routes.calls.note_cancel(session, &read);
        }
        let access = parts.extensions.get::<Arc<Access>>().cloned();
        let response = routes.mcp.handle(Request::from_parts(parts, Full::new(read))).await;
        // A session opened with an access token is its subject's.
        if let (None, Some(access)) = (&session, access) {
            if let Some(opened) = response.headers().get(SESSION_HEADER).and_then(|v| v.to_str().ok()) {
                routes.owners.note(opened, access.subject.clone()).await;
            }
        }
        let on_abandoned = match (session, request_id) {
            (Some(session), Some(id)) => {
                let (calls, core, request) = (routes.calls.clone(), routes.core.clone(), request_key(&id));
                let cancel: OnAbandoned = Box::new(move || {
                    if let Some(call) = calls.call_of(&session, &request) {
                        core.cancel(&call, "the client went away before the answer (its response stream was closed)");
                    }
                });
                Some(cancel)
            }
            _ => None,
        };
        let (parts, body) = response.into_parts();
        Response::from_parts(parts, Watched::new(body, routes.responses.enter(), on_abandoned).boxed())
    }
}

/// Why a request body was not taken.
enum BodyError {
    TooLarge,
    Unreadable(hyper::Error),
}

/// Reads a request body whole, refusing it past `limit` bytes.
async fn read_body(body: &mut Incoming, limit: usize) -> Result<Bytes, BodyError> {
    let mut read = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(BodyError::Unreadable)?;
        if let Ok(data) = frame.into_data() {
            if read.len() + data.len() > limit {
                return Err(BodyError::TooLarge);
            }
            read.extend_from_slice(&data);
        }
    }
    Ok(Bytes::from(read))
}

/// 413 for a body over `limit`; what the client still sends is read and dropped meanwhile
/// (up to a bound), then the connection closes.
fn too_large(mut body: Incoming, limit: usize) -> Response<HttpBody> {
    tokio::spawn(async move {
        let drop_rest = async {
            let mut dropped = 0;
            while let Some(Ok(frame)) = body.frame().await {
                dropped += frame.data_ref().map_or(0, Bytes::len);
                if dropped > LINGER_BYTES {
                    return;
                }
            }
        };
        let _ = tokio::time::timeout(LINGER_TIME, drop_rest).await;
    });
    let mut response = text_response(
        StatusCode::PAYLOAD_TOO_LARGE,
        &format!("Payload Too Large: a request body may have at most {limit} bytes (http.maxBodyBytes)"),
    );
    response.headers_mut().insert(CONNECTION, "close".parse().expect("a header value"));
    response
}

/// 429 for a request past its client's rate: `Retry-After`, and a JSON-RPC error as the body
/// (its id null: the request's body is not read).
fn rate_limited(wait: Duration, rate: Option<(f64, f64)>) -> Response<HttpBody> {
    let (per_second, burst) = rate.unwrap_or_default();
    let error = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {
            "code": RATE_LIMITED.0,
            "message": format!(
                "rate limited: this client sent more than {per_second} requests per second (burst {burst}; http.rateLimit); retry in {} ms",
                wait.as_millis()
            ),
        },
    });
    let mut response = text_response(StatusCode::TOO_MANY_REQUESTS, &error.to_string());
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, "application/json".parse().expect("a header value"));
    headers.insert(RETRY_AFTER, wait.as_secs_f64().ceil().max(1.0).to_string().parse().expect("a header value"));
    response
}

/// A plain-text response.
pub(crate) fn text_response(status: StatusCode, text: &str) -> Response<HttpBody> {
    let mut response = Response::new(Full::new(Bytes::from(format!("{text}\n"))).boxed());
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(CONTENT_TYPE, "text/plain; charset=utf-8".parse().expect("a header value"));
    response
}
