//! `omp-host mcp`: the core as a Model Context Protocol server, through `rmcp`, the official
//! Rust SDK — on stdio here, over Streamable HTTP in http/ — every protocol revision it speaks
//! (including the stateless `server/discover` handshake), each `tools/call` answered when its
//! own call ends (mcp_call.rs), partial results as `notifications/progress`,
//! `notifications/cancelled` cancelling the call, and `pi.logger`/`console` lines as log
//! messages (mcp_logs.rs). One `McpServer` serves one client; every client of a host shares
//! its core (mcp_host.rs). The tool list is the same for the whole session, `resolve`
//! included, so that agents which read it once (or cache it) can resolve a preview; it
//! changes only when a reload changes the tools (mcp_list_changes.rs). Tools that failed to
//! load are reported as warnings to a client that asks for log messages, and a call to one
//! names its load error. The server instructions carry the tools' pi guidelines
//! (mcp_instructions.rs).
// MCP logging is deprecated for the 2026 revision (SEP-2577) but part of every earlier one.
#![allow(deprecated)]

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, DiscoverResult, Implementation, InitializeRequestParams, InitializeResult, ListToolsResult, LoggingLevel,
    PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig, SetLevelRequestParams, SubscriptionFilter, Tool,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData as McpError, Peer, RoleServer, ServerHandler, ServiceExt};
use tokio::sync::mpsc::UnboundedSender;

use super::backlog::Backlog;
use super::mcp_cancel::CancelReasons;
use super::mcp_clients::Outlet;
use super::mcp_host::{LoadingCore, McpHost};
use super::mcp_kept_list::ServedList;
use super::mcp_list_changes::ListChanges;
use super::mcp_logs::{send_load_errors, severity, LogGate};
use super::mcp_parked::ParkedCalls;
use super::mcp_remote::RemoteClient;
use super::stdio::{shutdown_signal, stdout_closed};
use crate::events::Event;
use crate::session_args::{SessionArgs, SessionStoreArgs};

/// How long a tool list waits for the session events before it (pi extensions may register
/// tools in `session_start`); a tool registered later reaches the client by `list_changed`.
const LIST_WAITS_FOR_SESSION_START: std::time::Duration = std::time::Duration::from_secs(2);

/// The MCP side of the host, for one client.
#[derive(Clone)]
pub(crate) struct McpServer {
    /// The core, once the session is loaded.
    pub(super) core: LoadingCore,
    /// The session's UI broker.
    pub(super) ui: crate::ui::UiBroker,
    /// The list kept from the last start, served until the session is loaded (stdio).
    kept: Option<Arc<ServedList>>,
    /// The host's `resolve` tool, listed last.
    resolve: Arc<Tool>,
    pub(super) next_call: Arc<AtomicU64>,
    /// Reasons the client gave in `notifications/cancelled` (noted by the transport).
    pub(super) cancel_reasons: CancelReasons,
    /// The client as the host reaches it: log messages, UI questions, list changes.
    pub(super) outlet: Arc<Outlet>,
    /// The log messages the client asked for.
    pub(super) logs: LogGate,
    /// Where the UI broker's questions go once the client declared elicitation at `initialize`.
    pub(super) ui_events: UnboundedSender<Event>,
    /// Output not yet written: while the client is behind, progress waits (backlog.rs).
    pub(super) backlog: Backlog,
    /// Calls waiting between two rounds of their request (mcp_call.rs).
    pub(super) parked: ParkedCalls,
    /// Who is told of tool-list changes.
    list_changes: ListChanges,
    /// The revision `initialize` agreed on; a second `initialize` is refused.
    initialized: Arc<Mutex<Option<ProtocolVersion>>>,
    /// Whether the client declared elicitation at `initialize`.
    pub(super) elicits: Arc<AtomicBool>,
    /// A client served over HTTP, one of many (None: the only client, on stdio).
    pub(super) remote: Option<Arc<dyn RemoteClient>>,
}

impl McpServer {
    /// A server for one more client of `host`; `backlog` is its output's (stdio), `remote`
    /// says how it is reached over HTTP, `parked` where its calls wait between two rounds of
    /// their request (shared by every HTTP client: on the stateless revision the next round
    /// comes as a request of its own, to another server).
    pub(crate) fn new(host: &McpHost, backlog: Backlog, remote: Option<Arc<dyn RemoteClient>>, parked: ParkedCalls) -> McpServer {
        let outlet = host.clients.connect(backlog);
        McpServer {
            core: host.core.clone(),
            ui: host.ui.clone(),
            kept: host.kept.clone(),
            resolve: host.resolve.clone(),
            next_call: host.next_call.clone(),
            cancel_reasons: CancelReasons::default(),
            logs: outlet.logs.clone(),
            ui_events: outlet.ui_events.clone(),
            backlog: outlet.backlog.clone(),
            list_changes: outlet.list_changes.clone(),
            outlet,
            parked,
            initialized: Arc::default(),
            elicits: Arc::default(),
            remote,
        }
    }

    /// The client has spoken through `peer` (its first request or the handshake).
    pub(super) fn heard(&self, peer: &Peer<RoleServer>) {
        self.outlet.attach(peer, &self.ui);
    }

    /// The list kept from the last start, while the session still loads; this client is then
    /// one served early, told after the load what changed (`Clients::loaded_late`).
    fn kept_while_loading(&self) -> Option<&ServedList> {
        let kept = self.kept.as_deref().filter(|_| self.core.now().is_none())?;
        self.outlet.served_early.store(true, Ordering::SeqCst);
        Some(kept)
    }

    /// The core once the session is loaded (a call waits for it), or why it is not.
    pub(super) async fn loaded_core(&self) -> Result<crate::core::Core, McpError> {
        self.core.ready().await.map_err(|e| McpError::internal_error(e, None))
    }

    /// The server's facts, with `instructions` for the model.
    fn info_with(&self, instructions: Option<String>) -> ServerConfig {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_tool_list_changed().enable_logging().build();
        let mut info = ServerConfig::new(capabilities);
        info.server_info = Implementation::new("omp-host", env!("CARGO_PKG_VERSION"));
        info.instructions = instructions;
        info
    }

    /// Over HTTP with OAuth, the instructions of only the tools the request's token covers
    /// (the others' guidelines are not that client's to read); None elsewhere.
    fn scoped_instructions(&self, context: &RequestContext<RoleServer>) -> Option<Option<String>> {
        let access = super::mcp_access::access_of(context)?;
        // Over HTTP the host serves once loaded.
        let registry = self.core.now()?.registry();
        let covered = registry.listed_module_tools().filter(|tool| access.covers(tool));
        Some(super::mcp_instructions::instructions(covered.map(|tool| tool.as_ref())))
    }
}

/// Serves until the client goes away or a signal; `watch` reloads changed tool files.
pub(crate) async fn serve(args: SessionArgs, store: SessionStoreArgs, watch: bool) -> ExitCode {
    // A broken config file does not end the server (the client would show only "connection
    // closed"): it serves no tools and says why, in the log and in every call's error.
    let (options, config_error) = match crate::session_args::session_options_despite_config(&args) {
        Ok(found) => found,
        Err(code) => return code,
    };
    // The list kept from the last start of these tools is served while they load; without
    // one, the tools are loaded before the handshake.
    let (host, to_load) = McpHost::prepare(options, config_error, &store, watch, true, "omp-host mcp");
    let mut loading = match host.kept {
        Some(_) => {
            let host = host.clone();
            tokio::spawn(async move { host.load(to_load).await.err() })
        }
        None => match host.load(to_load).await {
            Ok(_) => tokio::spawn(std::future::ready(None)),
            Err(code) => return code,
        },
    };
    let (input, output) = rmcp::transport::stdio_pipes();
    let (output, writer) = super::stdio::BatchedWriter::start(output);
    let server = McpServer::new(&host, output.backlog(), None, ParkedCalls::default());
    let heard = server.clone();
    let input_closed = tokio_util::sync::CancellationToken::new();
    let transport = super::mcp_transport::McpStdio::new(input, output, input_closed.clone(), server.cancel_reasons.clone());
    // As a boxed service: rmcp spawns a task per request holding the future of its handler
    // (5.6 KB inline, copied eight times per request by the spawn and the task's stages);
    // boxed, the task holds a pointer.
    let running = match server.into_dyn().serve(transport).await {
        Ok(running) => running,
        Err(e) => {
            crate::host_eprintln!("omp-host mcp: the client did not complete the MCP handshake: {e}");
            if let Some(core) = host.core.now() {
                core.shutdown("the client went away", None).await;
            }
            return ExitCode::FAILURE;
        }
    };
    heard.heard(running.peer());
    drop(heard);
    // The service runs on while the host shuts down, so the calls' last answers reach the
    // client; it ends when rmcp has sent them after the end of input, or when cancelled.
    let stop_service = running.cancellation_token();
    let mut service = tokio::spawn(running.waiting());
    let ending = tokio::select! {
        _ = &mut service => "the client closed the connection".to_string(),
        _ = input_closed.cancelled() => "the client closed the connection".to_string(),
        signal = shutdown_signal() => format!("the host received {signal}"),
        _ = stdout_closed() => "the client closed the host's output".to_string(),
        Ok(Some(_)) = &mut loading => {
            // The engine did not start (stderr says why): nothing runs to be shut down.
            stop_service.cancel();
            let _ = service.await;
            writer.finish().await;
            return ExitCode::FAILURE;
        }
    };
    host.clients.close();
    // A session still loading is left to end with the process (a factory may take up to the
    // load timeout, per module); the children its factories started are killed as the host
    // exits (children/supervisor.rs).
    match host.core.now() {
        Some(core) => {
            core.shutdown(&format!("the host is shutting down ({ending})"), None).await;
        }
        None => crate::host_eprintln!("omp-host mcp: {ending} before the tools were loaded; not waiting for them"),
    }
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

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        // pi's promptSnippet/promptGuidelines of the tools listed now (mcp_instructions.rs), or
        // of the list kept from the last start while the tools load.
        if let Some(kept) = self.kept_while_loading() {
            return self.info_with(kept.instructions.clone());
        }
        let registry = self.core.now().map(|core| core.registry()).unwrap_or_default();
        self.info_with(super::mcp_instructions::instructions(registry.listed_module_tools().map(|tool| tool.as_ref())))
    }

    /// The 2026-07-28 revision's handshake (`server/discover`): the server's facts, with the
    /// instructions of the tools the caller's token covers, as `initialize` gives them.
    async fn discover(&self, context: RequestContext<RoleServer>) -> Result<DiscoverResult, McpError> {
        let info = match self.scoped_instructions(&context) {
            Some(instructions) => self.info_with(instructions),
            None => self.get_info(),
        };
        Ok(DiscoverResult::from_server_info(self.supported_protocol_versions().into_owned(), info))
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
        let mut result = self.negotiate_initialize(&request)?;
        if let Some(instructions) = self.scoped_instructions(&context) {
            result.instructions = instructions;
        }
        context.peer.set_peer_info(request.clone());
        self.heard(&context.peer);
        if super::mcp_ui::client_can_elicit(&request.capabilities) {
            self.elicits.store(true, Ordering::SeqCst);
            // The only client gets every question; one of many, its own calls' (mcp_call.rs).
            if self.remote.is_none() {
                self.ui.attach(self.ui_events.clone());
            }
        }
        if result.protocol_version.as_str() < ProtocolVersion::V_2026_07_28.as_str() {
            self.logs.set_session_level(LoggingLevel::Info);
            self.list_changes.legacy_session(context.peer.clone());
        }
        *initialized = Some(result.protocol_version.clone());
        Ok(result)
    }

    /// The session began: the tool modules that failed to load, as warnings (while they
    /// still load, the load's end sends them).
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        if let Some(core) = self.core.now().filter(|_| self.logs.wants(LoggingLevel::Warning)) {
            send_load_errors(&context.peer, core.registry().errors()).await;
        }
    }

    /// Every loaded tool (over HTTP with OAuth, those the token's scopes cover), and `resolve`
    /// last: the list stays the same while the tools do. While they load, the list kept from
    /// the last start.
    /// A request of the 2026-07-28 revision that asks for warnings hears of the tool modules
    /// that failed to load.
    async fn list_tools(&self, _request: Option<PaginatedRequestParams>, context: RequestContext<RoleServer>) -> Result<ListToolsResult, McpError> {
        self.heard(&context.peer);
        if let Some(kept) = self.kept_while_loading() {
            return Ok(ListToolsResult::with_all_items(kept.tools.clone()));
        }
        let core = self.loaded_core().await?;
        core.tools_settled(LIST_WAITS_FOR_SESSION_START).await;
        let registry = core.registry();
        if context.meta.log_level().is_some_and(|level| severity(level) <= severity(LoggingLevel::Warning)) {
            send_load_errors(&context.peer, registry.errors()).await;
        }
        // Over HTTP with OAuth, only the tools the token's scopes cover.
        let access = super::mcp_access::access_of(&context);
        let mut tools: Vec<Tool> = registry
            .listed_module_tools()
            .filter(|tool| access.as_ref().is_none_or(|access| access.covers(tool)))
            .map(|tool| super::mcp_tools::listed_tool(tool))
            .collect();
        tools.push(self.resolve.as_ref().clone());
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(&self, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        self.heard(&context.peer);
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
