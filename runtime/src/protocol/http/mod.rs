//! `omp-host mcp --listen ADDR`: MCP over Streamable HTTP, through rmcp's own server
//! transport — its session manager for the revisions that open a session with `initialize`
//! (up to 2025-11-25), and its stateless form for 2026-07-28 requests — on the same serve core
//! as stdio: one `McpServer` per client, every client sharing the host's tools, engine and
//! core (mcp_host.rs). Around rmcp: authorization (auth.rs), the `Host`/`Origin` allowlists
//! (origin.rs), the body limit and the health endpoints (router.rs), what is each client's own
//! (clients.rs), and the graceful drain on SIGTERM or SIGINT (drain.rs). TLS, OAuth and rate
//! limits are not here yet: serve behind a proxy that terminates TLS.

pub mod auth;
pub mod clients;
pub mod drain;
pub mod origin;
pub mod router;
pub mod settings;
pub mod watched;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

pub use clients::Remote;

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
pub async fn serve(args: SessionArgs, store: SessionStoreArgs, watch: bool, listen: &str) -> ExitCode {
    let (options, config_error) = match crate::session_args::session_options_despite_config(&args) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let env_token = std::env::var(settings::TOKEN_VARIABLE).ok();
    let settings = match HttpSettings::resolve(listen, &options.config.http, env_token) {
        Ok(settings) => settings,
        Err(why) => {
            eprintln!("{WHO}: {why}");
            return ExitCode::from(2);
        }
    };
    let listener = match TcpListener::bind(settings.addr).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("{WHO}: cannot listen on {}: {e}", settings.addr);
            return ExitCode::FAILURE;
        }
    };
    let (host, started) = match McpHost::open(options, config_error, &store, watch, WHO).await {
        Ok(opened) => opened,
        Err(code) => return code,
    };
    host.start(started, WHO);
    let core = host.core.clone();
    let (calls, drain, parked) = (ClientCalls::default(), Drain::default(), ParkedCalls::default());
    let streams_end = CancellationToken::new();
    let config = StreamableHttpServerConfig::default()
        .with_cancellation_token(streams_end.clone())
        .with_max_request_body_bytes(settings.max_body_bytes);
    let config = origin::apply(config, &settings.allowed_hosts, &settings.allowed_origins);
    let factory = {
        let (host, calls, drain, parked) = (host.clone(), calls.clone(), drain.clone(), parked.clone());
        move || Ok(McpServer::new(&host, Backlog::default(), Some(Remote::new(&calls, &drain, &parked))))
    };
    let mcp = StreamableHttpService::new(factory, Arc::new(LocalSessionManager::default()), config);
    let auth = auth::Auth::new(settings.token.as_deref());
    let authorization = match auth.required() {
        true => format!("bearer token from {} required", settings.token_source),
        false => "no authorization (loopback only)".to_string(),
    };
    let responses = InFlight::default();
    let router = Router::new(Routes {
        mcp,
        auth,
        max_body_bytes: settings.max_body_bytes,
        calls,
        core: core.clone(),
        drain: drain.clone(),
        responses: responses.clone(),
    });
    let addr = listener.local_addr().unwrap_or(settings.addr);
    crate::host_eprintln!("{WHO}: serving MCP at http://{addr}/mcp, health at /healthz and /readyz; {authorization}");
    let stop_accepting = CancellationToken::new();
    let accepting = tokio::spawn(accept(listener, router, stop_accepting.clone()));

    let signal = shutdown_signal().await;
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

/// Takes connections until `stop`, then lets the open ones finish (bounded).
async fn accept(listener: TcpListener, router: Router, stop: CancellationToken) {
    let graceful = GracefulShutdown::new();
    loop {
        let accepted = tokio::select! {
            biased;
            _ = stop.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) => {
                crate::host_eprintln!("{WHO}: cannot accept a connection: {e}");
                // Out of descriptors, typically: give connections time to close.
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let router = router.clone();
        let service = hyper::service::service_fn(move |request| {
            let router = router.clone();
            async move { Ok::<_, std::convert::Infallible>(router.handle(request).await) }
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_READ_TIMEOUT)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(CONNECTIONS_CLOSE, graceful.shutdown()).await;
}
