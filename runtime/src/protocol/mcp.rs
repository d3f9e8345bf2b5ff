//! `omp-host mcp`: the core as a Model Context Protocol server on stdio, through `rmcp`, the
//! official Rust SDK — every protocol revision it speaks (including the stateless
//! `server/discover` handshake), each `tools/call` answered when its own call ends
//! (mcp_call.rs), partial results as `notifications/progress`, `notifications/cancelled`
//! cancelling the call, and `pi.logger`/`console` lines as log messages (mcp_logs.rs). The
//! tool list is the same for the whole session, `resolve` included, so that agents which read
//! it once (or cache it) can resolve a preview; it changes only when a reload changes the
//! tools (mcp_list_changes.rs). Tools that failed to load are reported as warnings to a
//! client that asks for log messages, and a call to one names its load error.
// MCP logging is deprecated for the 2026 revision (SEP-2577) but part of every earlier one.
#![allow(deprecated)]

use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, InitializeRequestParams, InitializeResult, ListToolsResult, LoggingLevel, PaginatedRequestParams,
    ProtocolVersion, ServerCapabilities, ServerConfig, SetLevelRequestParams, SubscriptionFilter, Tool,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, ServiceExt};
use serde_json::json;
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use super::backlog::Backlog;
use super::mcp_cancel::CancelReasons;
use super::mcp_list_changes::ListChanges;
use super::mcp_logs::{dropped_logs, log_message, send_load_errors, severity, tap_filter, LogGate};
use super::mcp_parked::ParkedCalls;
use super::mcp_tools::listed_tool;
use super::stdio::{shutdown_signal, stdout_closed};
use crate::core::events::Event;
use crate::core::Core;
use crate::ext::host::console::LogRecord;
use crate::pending::resolve_tool;
use crate::session_args::{open_session_with, SessionArgs, SessionStoreArgs};

/// The MCP side of the host.
#[derive(Clone)]
pub struct McpServer {
    pub(super) core: Core,
    /// The host's `resolve` tool, listed last.
    resolve: Arc<Tool>,
    pub(super) next_call: Arc<AtomicU64>,
    /// Reasons clients gave in `notifications/cancelled` (noted by the transport).
    pub(super) cancel_reasons: CancelReasons,
    /// The log messages the client asked for.
    pub(super) logs: LogGate,
    /// Where the UI broker's questions go once the client declared elicitation at `initialize`.
    ui_events: UnboundedSender<Event>,
    /// Output not yet written: while the client is behind, progress waits (backlog.rs).
    pub(super) backlog: Backlog,
    /// Calls waiting between two rounds of their request (mcp_call.rs).
    pub(super) parked: ParkedCalls,
    /// Who is told of tool-list changes.
    list_changes: ListChanges,
    /// The revision `initialize` agreed on; a second `initialize` is refused.
    initialized: Arc<Mutex<Option<ProtocolVersion>>>,
}

/// Serves until the client goes away or a signal; `watch` reloads changed tool files.
pub async fn serve(args: SessionArgs, store: SessionStoreArgs, watch: bool) -> ExitCode {
    // A broken config file does not end the server (the client would show only "connection
    // closed"): it serves no tools and says why, in the log and in every call's error.
    let (mut options, config_error) = match crate::session_args::session_options_despite_config(&args) {
        Ok(found) => found,
        Err(code) => return code,
    };
    options.source = store.source();
    let tap = options.log_tap.clone();
    let (log_sink, mut log_lines) = unbounded_channel::<LogRecord>();
    let logs = LogGate::default();
    tap.subscribe(log_sink, tap_filter(&logs));
    options.log_tap = tap;
    let mut session = match open_session_with(options).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    if let Some(error) = &config_error {
        session.registry.add_error(crate::registry::LoadError {
            path: error.path.clone(),
            resolved_path: error.path.clone(),
            error: format!("{error}; no tools are served until it is fixed and the server restarts"),
            location: None,
            source: None,
        });
    }
    for error in session.registry.errors() {
        crate::host_eprintln!("omp-host mcp: {}: {}", error.path.display(), error.error);
    }
    match session.session_log.file() {
        Some(file) => crate::host_eprintln!("omp-host mcp: session {} ({})", session.session_id, file.display()),
        None => crate::host_eprintln!("omp-host mcp: session {}", session.session_id),
    }
    let resolve = session
        .registry
        .get(resolve_tool::NAME)
        .map(|tool| listed_tool(tool))
        .expect("the host's resolve tool");
    let (host_events, mut host_event_stream) = unbounded_channel();
    // Changes from now on are reloaded once the client is connected.
    let watching = crate::reload::watch(&session, watch && config_error.is_none());
    let core = Core::new(session, host_events);
    core.session_event(json!({ "reason": "start" }));
    let (ui_events, ui_event_stream) = unbounded_channel();
    let (input, output) = rmcp::transport::stdio_pipes();
    let (output, writer) = super::stdio::BatchedWriter::start(output);
    let output_backlog = output.backlog();
    let server = McpServer {
        ui_events,
        backlog: output_backlog.clone(),
        core: core.clone(),
        resolve: Arc::new(resolve),
        next_call: Arc::default(),
        cancel_reasons: CancelReasons::default(),
        logs: logs.clone(),
        parked: ParkedCalls::default(),
        list_changes: ListChanges::default(),
        initialized: Arc::default(),
    };
    let list_changes = server.list_changes.clone();
    let closing_subscriptions = server.list_changes.clone();
    let input_closed = tokio_util::sync::CancellationToken::new();
    let transport = super::mcp_transport::McpStdio::new(input, output, input_closed.clone(), server.cancel_reasons.clone());
    // As a boxed service: rmcp spawns a task per request holding the future of its handler
    // (5.6 KB inline, copied eight times per request by the spawn and the task's stages);
    // boxed, the task holds a pointer.
    let running = match server.into_dyn().serve(transport).await {
        Ok(running) => running,
        Err(e) => {
            crate::host_eprintln!("omp-host mcp: the client did not complete the MCP handshake: {e}");
            core.shutdown("the client went away", None).await;
            return ExitCode::FAILURE;
        }
    };
    let peer = running.peer().clone();
    tokio::spawn(super::mcp_ui::serve(ui_event_stream, peer.clone(), core.ui().clone(), logs.clone()));
    let reload_peer = peer.clone();
    let reload_logs = logs.clone();
    let reload_core = core.clone();
    tokio::spawn(async move {
        // A reload changes the tools: tell the clients that asked, and the new load errors.
        while let Some(event) = host_event_stream.recv().await {
            if let Event::Tools { reloaded: Some(_), .. } = &event {
                list_changes.announce().await;
                if reload_logs.wants(LoggingLevel::Warning) {
                    send_load_errors(&reload_peer, reload_core.registry().errors()).await;
                }
            }
            report_host_event(event);
        }
    });
    watching.reload_into(core.clone());
    // While the client is behind (backlog.rs), log messages are dropped and counted, and
    // the count is said once it has caught up: logs cannot stand for each other as updates do.
    let backlog = output_backlog;
    tokio::spawn(async move {
        let mut dropped = 0u64;
        loop {
            let record = tokio::select! {
                record = log_lines.recv() => record,
                _ = backlog.under_limit(), if dropped > 0 => {
                    let _ = peer.notify_logging_message(dropped_logs(dropped)).await;
                    dropped = 0;
                    continue;
                }
            };
            let Some(record) = record else { break };
            let message = log_message(record);
            if backlog.is_over() {
                dropped += 1;
                continue;
            }
            let _ = peer.notify_logging_message(message).await;
        }
    });
    // The service runs on while the host shuts down, so the calls' last answers reach the
    // client; it ends when rmcp has sent them after the end of input, or when cancelled.
    let stop_service = running.cancellation_token();
    let mut service = tokio::spawn(running.waiting());
    let ending = tokio::select! {
        _ = &mut service => "the client closed the connection".to_string(),
        _ = input_closed.cancelled() => "the client closed the connection".to_string(),
        signal = shutdown_signal() => format!("the host received {signal}"),
        _ = stdout_closed() => "the client closed the host's output".to_string(),
    };
    closing_subscriptions.close();
    core.shutdown(&format!("the host is shutting down ({ending})"), None).await;
    if !service.is_finished() {
        if !input_closed.is_cancelled() {
            stop_service.cancel();
        }
        let _ = service.await;
    }
    // Everything answered so far reaches the client before the host exits.
    writer.finish().await;
    ExitCode::SUCCESS
}

/// Session-event reports and errors go to stderr (MCP has no place for them).
fn report_host_event(event: Event) {
    match event {
        Event::Error { message, .. } => crate::host_eprintln!("omp-host mcp: {message}"),
        Event::Tools {
            reloaded: Some(modules),
            errors,
            ..
        } => {
            let modules: Vec<String> = modules.iter().map(|m| m.display().to_string()).collect();
            crate::host_eprintln!("omp-host mcp: reloaded {}", modules.join(", "));
            for error in errors {
                crate::host_eprintln!(
                    "omp-host mcp: {}: {}",
                    error["path"].as_str().unwrap_or(""),
                    error["error"].as_str().unwrap_or("")
                );
            }
        }
        Event::SessionEvent { reason, errors, timed_out, .. } if timed_out || !errors.is_empty() => {
            crate::host_eprintln!(
                "omp-host mcp: session event {reason}: {} handler error(s){}",
                errors.len(),
                if timed_out { ", timed out" } else { "" }
            );
        }
        _ => {}
    }
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_tool_list_changed().enable_logging().build();
        let mut info = ServerConfig::new(capabilities);
        info.server_info = Implementation::new("omp-host", env!("CARGO_PKG_VERSION"));
        info
    }

    /// The handshake of the revisions before 2026-07-28 (once a session: a second one is
    /// refused). A client that can show elicitation forms gets the tools' UI; the session gets
    /// log messages at `info` and tool-list changes without asking, as those revisions say.
    async fn initialize(&self, request: InitializeRequestParams, context: RequestContext<RoleServer>) -> Result<InitializeResult, McpError> {
        let mut initialized = self.initialized.lock().unwrap();
        if let Some(version) = initialized.as_ref() {
            return Err(McpError::invalid_request(
                format!("the session is already initialized (protocol {version}); a second initialize is refused"),
                None,
            ));
        }
        let result = self.negotiate_initialize(&request)?;
        context.peer.set_peer_info(request.clone());
        if super::mcp_ui::client_can_elicit(&request.capabilities) {
            self.core.ui().attach(self.ui_events.clone());
        }
        if result.protocol_version.as_str() < ProtocolVersion::V_2026_07_28.as_str() {
            self.logs.set_session_level(LoggingLevel::Info);
            self.list_changes.legacy_session(context.peer.clone());
        }
        *initialized = Some(result.protocol_version.clone());
        Ok(result)
    }

    /// The session began: the tool modules that failed to load, as warnings.
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        if self.logs.wants(LoggingLevel::Warning) {
            send_load_errors(&context.peer, self.core.registry().errors()).await;
        }
    }

    /// Every loaded tool, and `resolve` last: the list stays the same while the tools do.
    /// A request of the 2026-07-28 revision that asks for warnings hears of the tool modules
    /// that failed to load.
    async fn list_tools(&self, _request: Option<PaginatedRequestParams>, context: RequestContext<RoleServer>) -> Result<ListToolsResult, McpError> {
        let registry = self.core.registry();
        if context.meta.log_level().is_some_and(|level| severity(level) <= severity(LoggingLevel::Warning)) {
            send_load_errors(&context.peer, registry.errors()).await;
        }
        let mut tools: Vec<Tool> = registry.module_tools().map(|tool| listed_tool(tool)).collect();
        tools.push(self.resolve.as_ref().clone());
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(&self, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        self.serve_call(request, context).await
    }

    async fn set_level(&self, request: SetLevelRequestParams, _context: RequestContext<RoleServer>) -> Result<(), McpError> {
        self.logs.set_session_level(request.level);
        Ok(())
    }

    /// `subscriptions/listen` (2026-07-28): tool-list changes.
    fn accepted_subscription_filter(&self, _requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        Some(ListChanges::offered())
    }

    async fn listen(&self, subscription: SubscriptionContext) -> Result<(), McpError> {
        self.list_changes.listen(subscription).await;
        Ok(())
    }
}
