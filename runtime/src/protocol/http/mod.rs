//! `omp-host mcp --listen ADDR`: MCP over Streamable HTTP, through rmcp's own server
//! transport — its session manager for the revisions that open a session with `initialize`
//! (up to 2025-11-25), and its stateless form for 2026-07-28 requests — on the same serve core
//! as stdio: one `McpServer` per client, every client sharing the host's tools, engine and
//! core (mcp_host.rs). Around rmcp: authorization (auth.rs: a shared token, or OAuth access
//! tokens, oauth.rs and jwks.rs), the `Host`/`Origin` allowlists (origin.rs), the body limit
//! and the health endpoints (router.rs), what is each client's own (clients.rs), whose
//! session it is under OAuth (sessions.rs), the per-client limits (limits.rs), and the
//! graceful drain on SIGTERM or SIGINT (drain.rs); HTTPS when given a certificate (tls.rs),
//! else plain HTTP for loopback or behind a proxy that terminates TLS.

pub(crate) mod auth;
pub(crate) mod clients;
pub(crate) mod drain;
pub(crate) mod jwks;
pub(crate) mod limits;
pub(crate) mod oauth;
pub(crate) mod origin;
pub(crate) mod router;
pub(crate) mod sessions;
pub(crate) mod settings;
pub(crate) mod tls;
pub(crate) mod watched;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::{GracefulShutdown, Watcher};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tokio_util::sync::CancellationToken;

pub(crate) use clients::Remote;

use super::backlog::Backlog;
use super::mcp::McpServer;
use super::mcp_host::McpHost;
use super::mcp_parked::ParkedCalls;
use super::stdio::shutdown_signal;
use crate::session_args::{SessionArgs, SessionStoreArgs};
use clients::ClientCalls;
use drain::{Drain, InFlight};
use router::{Router, Routes};
use settings::HttpSettings;

const WHO: &str = "omp-host mcp";

/// How long a client may take to send a request's headers.
const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// How long, once the calls have ended, their last answers get to reach the clients.
const ANSWERS_OUT: Duration = Duration::from_secs(5);

/// How long connections get to close once the server stops.
const CONNECTIONS_CLOSE: Duration = Duration::from_secs(5);

/// Serves the tools over HTTP on `listen` until SIGTERM or SIGINT, then drains and exits.
pub(crate) async fn serve(args: SessionArgs, store: SessionStoreArgs, watch: bool, listen: &str, tls: Option<crate::config::http::TlsConfig>) -> ExitCode {
    let (options, config_error) = match crate::session_args::session_options_despite_config(&args) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let env_token = std::env::var(settings::TOKEN_VARIABLE).ok();
    let settings = match HttpSettings::resolve(listen, &options.config.http, env_token, tls) {
        Ok(settings) => settings,
        Err(why) => {
            eprintln!("{WHO}: {why}");
            return ExitCode::from(2);
        }
    };
    let auth = match &settings.oauth {
        Some(config) => match oauth::OAuth::new(config) {
            Ok(oauth) => auth::Auth::oauth(oauth),
            Err(why) => {
                eprintln!("{WHO}: {why}");
                return ExitCode::from(2);
            }
        },
        None => auth::Auth::new(settings.token.as_deref()),
    };
    let acceptor = match &settings.tls {
        Some(files) => match tls::acceptor(&files.cert, &files.key) {
            Ok(acceptor) => Some(acceptor),
            Err(why) => {
                eprintln!("{WHO}: {why}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let listener = match TcpListener::bind(settings.addr).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("{WHO}: cannot listen on {}: {e}", settings.addr);
            return ExitCode::FAILURE;
        }
    };
    let (host, core) = match McpHost::open(options, config_error, &store, watch, WHO).await {
        Ok(opened) => opened,
        Err(code) => return code,
    };
    let (calls, drain, parked) = (ClientCalls::default(), Drain::default(), ParkedCalls::default());
    let limits = limits::Limits::new(settings.max_calls_in_flight, settings.rate_limit);
    let streams_end = CancellationToken::new();
    let config = StreamableHttpServerConfig::default()
        .with_cancellation_token(streams_end.clone())
        .with_max_request_body_bytes(settings.max_body_bytes);
    let config = origin::apply(config, &settings.allowed_hosts, &settings.allowed_origins);
    let factory = {
        let (host, calls, drain, parked, limits) = (host.clone(), calls.clone(), drain.clone(), parked.clone(), limits.clone());
        move || {
            Ok(McpServer::new(
                &host,
                Backlog::default(),
                Some(Arc::new(Remote::new(&calls, &drain, &limits))),
                parked.clone(),
            ))
        }
    };
    let sessions = Arc::new(LocalSessionManager::default());
    let mcp = StreamableHttpService::new(factory, sessions.clone(), config);
    let authorization = match (auth.oauth_server(), auth.required()) {
        (Some(oauth), _) => format!("OAuth access tokens from {} required", oauth.issuer()),
        (None, true) => format!("bearer token from {} required", settings.token_source),
        (None, false) => "no authorization (loopback only)".to_string(),
    };
    let responses = InFlight::default();
    let router = Router::new(Routes {
        mcp,
        auth,
        limits,
        owners: sessions::SessionOwners::new(sessions),
        max_body_bytes: settings.max_body_bytes,
        body_read_timeout: settings.body_read_timeout,
        max_sessions: settings.max_sessions,
        calls,
        core: core.clone(),
        drain: drain.clone(),
        responses: responses.clone(),
    });
    let addr = listener.local_addr().unwrap_or(settings.addr);
    // The signal handlers are in place before the serving line: a SIGTERM sent as soon as it
    // is read is a drain, not the default death.
    let signal = shutdown_signal();
    tokio::pin!(signal);
    let early = tokio::select! {
        biased;
        signal = &mut signal => Some(signal),
        _ = std::future::ready(()) => None,
    };
    let scheme = if acceptor.is_some() { "https" } else { "http" };
    crate::host_eprintln!("{WHO}: serving MCP at {scheme}://{addr}/mcp, health at /healthz and /readyz; {authorization}");
    let stop_accepting = CancellationToken::new();
    let accepting = tokio::spawn(accept(listener, acceptor, router, stop_accepting.clone()));

    let signal = match early {
        Some(signal) => signal,
        None => signal.await,
    };
    crate::host_eprintln!(
        "{WHO}: {signal}: draining: no new calls; {} running call(s) get up to {} ms to finish",
        drain.running(),
        settings.drain_grace.as_millis()
    );
    drain.begin();
    let reason = tokio::select! {
        _ = tokio::time::timeout(settings.drain_grace, drain.calls_ended()) => format!("the host received {signal}"),
        again = shutdown_signal() => format!("the host received {signal}, then {again}"),
    };
    host.clients.close();
    core.shutdown(&format!("the host is shutting down ({reason})"), None).await;
    let _ = tokio::time::timeout(ANSWERS_OUT, responses.empty()).await;
    streams_end.cancel();
    stop_accepting.cancel();
    let _ = accepting.await;
    crate::host_eprintln!("{WHO}: stopped");
    ExitCode::SUCCESS
}

/// Sets up an accepted connection: answers go out at once (with Nagle's algorithm a response
/// written in two parts, head then an event-stream body, waits for the client's delayed ACK:
/// about 40 ms a call).
fn prepare(stream: &tokio::net::TcpStream) {
    let _ = stream.set_nodelay(true);
}

/// Takes connections until `stop` (TLS first with `acceptor`), then lets the open ones finish
/// (bounded).
async fn accept(listener: TcpListener, acceptor: Option<TlsAcceptor>, router: Router, stop: CancellationToken) {
    let graceful = GracefulShutdown::new();
    loop {
        let accepted = tokio::select! {
            biased;
            _ = stop.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                crate::host_eprintln!("{WHO}: cannot accept a connection: {e}");
                // Out of descriptors, typically: give connections time to close.
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        prepare(&stream);
        let (router, watcher) = (router.clone(), graceful.watcher());
        match acceptor.clone() {
            None => serve_connection(stream, peer, router, watcher),
            // The handshake runs in a task of its own, within the time a request's headers
            // get: a client that stalls it holds nothing else up.
            Some(acceptor) => {
                tokio::spawn(async move {
                    if let Ok(Ok(stream)) = tokio::time::timeout(HEADER_READ_TIMEOUT, acceptor.accept(stream)).await {
                        serve_connection(stream, peer, router, watcher);
                    }
                });
            }
        }
    }
    drop(listener);
    let _ = tokio::time::timeout(CONNECTIONS_CLOSE, graceful.shutdown()).await;
}

/// Serves HTTP/1.1 on one connection (plain or TLS), watched by the graceful shutdown.
fn serve_connection<S>(stream: S, peer: std::net::SocketAddr, router: Router, watcher: Watcher)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        // Who the request is from, for the per-client limits.
        request.extensions_mut().insert(limits::PeerAddr(peer));
        let router = router.clone();
        async move { Ok::<_, std::convert::Infallible>(router.handle(request).await) }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT)
        .serve_connection(TokioIo::new(stream), service);
    let connection = watcher.watch(connection);
    tokio::spawn(async move {
        let _ = connection.await;
    });
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn an_accepted_connection_sends_without_delay() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = tokio::net::TcpStream::connect(listener.local_addr().unwrap());
        let (accepted, _client) = tokio::join!(listener.accept(), client);
        let (stream, _) = accepted.unwrap();
        assert!(!stream.nodelay().unwrap(), "the premise: sockets start with Nagle's algorithm on");
        super::prepare(&stream);
        assert!(stream.nodelay().unwrap());
    }
}
