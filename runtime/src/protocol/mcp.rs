//! `omp-host mcp`: the core as a Model Context Protocol server on stdio, through `rmcp`, the
//! official Rust SDK — every protocol revision it speaks (including the stateless
//! `server/discover` handshake), each `tools/call` answered when its own call ends, partial
//! results as `notifications/progress`, `notifications/cancelled` cancelling the call, a
//! tool's `details` as `structuredContent`, and `pi.logger`/`console` lines as log messages.
//! Pending actions: `resolve` is listed while one waits (with `tools/list_changed`), and the
//! call that staged a preview carries the resolve reminder in its result. Hot reload (unless
//! `--no-watch`) sends `tools/list_changed` after each reload, and its load errors to stderr.
// MCP logging is deprecated for the 2026 revision (SEP-2577) but part of every earlier one.
#![allow(deprecated)]

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, InitializeRequestParams, InitializeResult, ListToolsResult, LoggingLevel,
    LoggingMessageNotificationParam, PaginatedRequestParams, ServerCapabilities, ServerConfig, SetLevelRequestParams, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, ServiceExt};
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use super::backlog::Backlog;
use super::mcp_cancel::CancelReasons;
use super::mcp_progress::ProgressRelay;
use super::stdio::shutdown_signal;
use crate::cli::{open_session_with, SessionArgs, SessionStoreArgs};
use crate::core::events::Event;
use crate::core::{CallRequest, Core, Watch};
use crate::engine::console::LogRecord;
use crate::pending::{resolve_tool, REMINDER};
use crate::registry::ToolEntry;
use crate::result::{ContentBlock, ToolResult};

/// The MCP side of the host.
#[derive(Clone)]
struct McpServer {
    core: Core,
    /// The hidden `resolve` tool, listed while an action is pending.
    resolve: Arc<Tool>,
    next_call: Arc<AtomicU64>,
    /// Reasons clients gave in `notifications/cancelled` (noted by the transport).
    cancel_reasons: CancelReasons,
    /// The lowest level of log message the client wants.
    log_level: Arc<Mutex<LoggingLevel>>,
    /// Where the UI broker's questions go once the client declared elicitation.
    ui_events: UnboundedSender<Event>,
    /// Output not yet written: while the client is behind, progress waits (backlog.rs).
    backlog: Backlog,
}

/// Serves until the client goes away or a signal; `watch` reloads changed tool files.
pub async fn serve(args: SessionArgs, store: SessionStoreArgs, watch: bool) -> ExitCode {
    let mut options = match crate::cli::session_options(&args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    options.source = store.source();
    let tap = options.log_tap.clone();
    let (log_sink, mut log_lines) = unbounded_channel::<LogRecord>();
    tap.subscribe(log_sink);
    options.log_tap = tap;
    let session = match open_session_with(options).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    for error in session.registry.errors() {
        crate::host_eprintln!("omp-host mcp: {}: {}", error.path.display(), error.error);
    }
    match session.session_log.file() {
        Some(file) => crate::host_eprintln!("omp-host mcp: session {} ({})", session.session_id, file.display()),
        None => crate::host_eprintln!("omp-host mcp: session {}", session.session_id),
    }
    let resolve = session.registry.get(resolve_tool::NAME).map(mcp_tool).expect("the host's resolve tool");
    let (host_events, mut host_event_stream) = unbounded_channel();
    // Changes from now on are reloaded once the client is connected.
    let watching = crate::reload::watch(&session, watch);
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
        log_level: Arc::new(Mutex::new(LoggingLevel::Info)),
    };
    let level = server.log_level.clone();
    let server_level = level.clone();
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
    tokio::spawn(super::mcp_ui::serve(ui_event_stream, peer.clone(), core.ui().clone(), server_level.clone()));
    let pending = core.pending().clone();
    let list_peer = peer.clone();
    tokio::spawn(async move {
        // `resolve` is listed only while an action is pending, and a reload changes the
        // tools: tell the client when the list changes.
        let mut listed = false;
        while let Some(event) = host_event_stream.recv().await {
            let changed = match &event {
                Event::PendingAction { .. } if pending.has_pending() != listed => {
                    listed = !listed;
                    true
                }
                Event::Tools { reloaded: Some(_), .. } => true,
                _ => false,
            };
            if changed {
                let _ = list_peer.notify_tool_list_changed().await;
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
            let wanted = *level.lock().unwrap();
            let Some(message) = log_message(&record, wanted) else { continue };
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
    };
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

/// A loaded tool as MCP lists it.
fn mcp_tool(tool: &Arc<ToolEntry>) -> Tool {
    let schema = match &tool.parameters {
        Value::Object(map) if map.get("type").and_then(Value::as_str) == Some("object") => map.clone(),
        _ => json!({ "type": "object", "properties": {} }).as_object().cloned().unwrap_or_default(),
    };
    let mut listed = Tool::new(tool.name.clone(), tool.description.clone(), Arc::new(schema));
    listed.title = Some(tool.label.clone());
    listed
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

fn level_of(name: &str) -> LoggingLevel {
    match name {
        "debug" => LoggingLevel::Debug,
        "warn" | "warning" => LoggingLevel::Warning,
        "error" => LoggingLevel::Error,
        _ => LoggingLevel::Info,
    }
}

/// Orders levels from least to most severe.
pub(super) fn severity(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

/// A log line as an MCP log message, if the client wants that level.
fn log_message(record: &LogRecord, wanted: LoggingLevel) -> Option<LoggingMessageNotificationParam> {
    let level = level_of(&record.level);
    (severity(level) >= severity(wanted)).then(|| LoggingMessageNotificationParam::new(level, record.data.clone()).with_logger(record.logger))
}

/// The warning that `count` log messages were dropped while the client was not reading.
fn dropped_logs(count: u64) -> LoggingMessageNotificationParam {
    let text = format!("omp-host: {count} log messages were dropped: the client was not reading the host's output");
    LoggingMessageNotificationParam::new(LoggingLevel::Warning, json!(text)).with_logger("omp-host")
}

/// A tool result as an MCP `CallToolResult`; the tool's `details` travel as
/// `structuredContent`.
fn call_result(result: ToolResult) -> CallToolResult {
    let content = result
        .content
        .into_iter()
        .map(|block| match block {
            ContentBlock::Text { text } => rmcp::model::ContentBlock::text(text),
            ContentBlock::Image { data, mime_type } => rmcp::model::ContentBlock::image(data, mime_type),
        })
        .collect();
    let mut answer = if result.is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    if result.details.as_object().is_some_and(|d| !d.is_empty()) {
        answer.structured_content = Some(result.details);
    }
    answer
}

impl McpServer {
    /// One `tools/call`: starts the call in the core, relays its updates as progress, and
    /// answers with its result; a cancelled request cancels the call.
    async fn serve_call(&self, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        if self.core.registry().get(&name).is_none() {
            return Err(McpError::invalid_params(format!("Unknown tool: {name}"), None));
        }
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let is_resolve = name == resolve_tool::NAME;
        let call_id = format!("mcp-{}", self.next_call.fetch_add(1, Ordering::Relaxed) + 1);
        let (sink, mut events) = unbounded_channel();
        let progress_token = context.meta.get_progress_token();
        let watch = Watch {
            start: false,
            updates: progress_token.is_some(),
        };
        let request = CallRequest {
            id: call_id.clone(),
            tool: name,
            params: arguments,
            sink,
            watch,
        };
        self.core
            .start(request)
            .map_err(|refused| McpError::internal_error(refused.to_string(), None))?;
        let in_flight = self.cancel_reasons.begin(&context.id);
        let mut cancelled = false;
        let mut progress = ProgressRelay::new(progress_token, context.peer.clone(), self.backlog.clone());
        loop {
            let event = tokio::select! {
                event = events.recv() => event,
                _ = progress.settle() => continue,
                _ = context.ct.cancelled(), if !cancelled => {
                    cancelled = true;
                    let reason = self.cancel_reasons.reason(&in_flight).unwrap_or_else(|| "Interrupted by user".into());
                    self.core.cancel(&call_id, &reason);
                    continue;
                }
            };
            match event {
                Some(Event::ToolExecutionUpdate { partial_result, .. }) => progress.update(partial_result),
                Some(Event::ToolExecutionEnd { result, .. }) => {
                    // The latest update waiting goes out before the result.
                    progress.finish().await;
                    let is_error = result.is_error;
                    let mut answer = call_result(result);
                    // MCP has no steering messages: a call that staged a preview says so itself,
                    // and so does a failed apply (its action waits again).
                    let pending = self.core.pending();
                    let staged = !pending.staged_by(&call_id).is_empty();
                    let apply_failed = is_resolve && is_error && pending.has_pending();
                    if staged || apply_failed {
                        answer.content.push(rmcp::model::ContentBlock::text(REMINDER));
                    }
                    return Ok(answer.into());
                }
                Some(_) => {}
                None => return Err(McpError::internal_error("the call ended without a result", None)),
            }
        }
    }
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_tool_list_changed().enable_logging().build();
        let mut info = ServerConfig::new(capabilities);
        info.server_info = Implementation::new("omp-host", env!("CARGO_PKG_VERSION"));
        info
    }

    /// The handshake; a client that can show elicitation forms gets the tools' UI.
    async fn initialize(&self, request: InitializeRequestParams, context: RequestContext<RoleServer>) -> Result<InitializeResult, McpError> {
        context.peer.set_peer_info(request.clone());
        if super::mcp_ui::client_can_elicit(&request.capabilities) {
            self.core.ui().attach(self.ui_events.clone());
        }
        self.negotiate_initialize(&request)
    }

    async fn list_tools(&self, _request: Option<PaginatedRequestParams>, _context: RequestContext<RoleServer>) -> Result<ListToolsResult, McpError> {
        let mut tools: Vec<Tool> = self.core.registry().module_tools().map(mcp_tool).collect();
        if self.core.pending().has_pending() {
            tools.push(self.resolve.as_ref().clone());
        }
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(&self, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        self.serve_call(request, context).await
    }

    async fn set_level(&self, request: SetLevelRequestParams, _context: RequestContext<RoleServer>) -> Result<(), McpError> {
        *self.log_level.lock().unwrap() = request.level;
        Ok(())
    }
}
