//! What every MCP client of one host shares, on stdio or over HTTP: the core once the session
//! is loaded, the UI broker, `resolve` as listed, the call counter (call ids are unique across
//! clients), the clients connected now, and on a stdio start the tool list kept from the last
//! start (mcp_kept_list.rs), served until the session is loaded. Loading reports load errors
//! and a broken config on stderr, then follows hot reload (each client that asked hears of
//! tool-list changes) and hands log lines to the clients that want them.

use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use rmcp::model::Tool;
use serde_json::json;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};
use tokio::sync::watch;

use super::mcp_clients::Clients;
use super::mcp_kept_list::{ListKeeper, ServedList};
use super::mcp_logs::LogLine;
use super::mcp_tools::listed_tool;
use crate::config::ConfigError;
use crate::core::Core;
use crate::events::Event;
use crate::registry::ToolEntry;
use crate::session::SessionOptions;
use crate::session_args::{open_session_with, SessionStoreArgs};

/// How long the list kept for the next start waits for the session events (pi extensions may
/// register tools in `session_start`), as `tools/list` does.
const KEEP_WAITS_FOR_SESSION_START: std::time::Duration = std::time::Duration::from_secs(2);

/// The host's side shared by its MCP clients; cheap to clone.
#[derive(Clone)]
pub(crate) struct McpHost {
    pub core: LoadingCore,
    /// The session's UI broker (clients attach to it before the session is loaded).
    pub ui: crate::ui::UiBroker,
    /// The host's `resolve` tool, listed last.
    pub resolve: Arc<Tool>,
    /// Numbers the calls of every client.
    pub next_call: Arc<AtomicU64>,
    pub clients: Clients,
    /// The list kept from the last start, served while the session loads (stdio only).
    pub kept: Option<Arc<ServedList>>,
}

/// The serve core once the session is loaded, or why it could not be; cheap to clone.
#[derive(Clone)]
pub(crate) struct LoadingCore(watch::Receiver<Option<Result<Core, String>>>);

impl LoadingCore {
    /// The core, if the session is loaded.
    pub(crate) fn now(&self) -> Option<Core> {
        self.0.borrow().as_ref()?.as_ref().ok().cloned()
    }

    /// Waits until the session is loaded: its core, or why the engine did not start.
    pub(crate) async fn ready(&self) -> Result<Core, String> {
        let mut loaded = self.0.clone();
        let outcome = loaded.wait_for(Option::is_some).await;
        match outcome.as_deref() {
            Ok(Some(outcome)) => outcome.clone(),
            _ => Err("the host stopped before its tools were loaded".to_string()),
        }
    }
}

/// What loading the session needs, made before it.
pub(crate) struct ToLoad {
    options: SessionOptions,
    config_error: Option<ConfigError>,
    watch: bool,
    who: &'static str,
    log_lines: UnboundedReceiver<LogLine>,
    loaded: watch::Sender<Option<Result<Core, String>>>,
    keeper: Option<ListKeeper>,
}

impl McpHost {
    /// The host for `options`, not loaded yet (`config_error`: why the config was not read;
    /// no tools are then served, and every call says why). With `keep`, the list this start
    /// serves is kept for the next, and one kept by the last start is served until the
    /// session is loaded. `who` prefixes the lines on stderr.
    pub(crate) fn prepare(
        mut options: SessionOptions,
        config_error: Option<ConfigError>,
        store: &SessionStoreArgs,
        watch: bool,
        keep: bool,
        who: &'static str,
    ) -> (McpHost, ToLoad) {
        options.source = store.source();
        let clients = Clients::default();
        let (log_sink, log_lines) = unbounded_channel::<LogLine>();
        options.log_tap.subscribe(log_sink, Arc::new(clients.tap_filter()));
        let keeper = if keep && config_error.is_none() {
            let found = crate::discovery::discover(&options.discovery, &options.config);
            let keeper = ListKeeper::for_session(&options, &found);
            options.discovered = Some(found);
            keeper
        } else {
            None
        };
        let kept = keeper.as_ref().and_then(ListKeeper::kept).map(Arc::new);
        let (loaded, core) = watch::channel(None);
        let host = McpHost {
            core: LoadingCore(core),
            ui: options.ui.clone(),
            resolve: Arc::new(listed_tool(&ToolEntry::resolve())),
            next_call: Arc::default(),
            clients,
            kept,
        };
        let to_load = ToLoad {
            options,
            config_error,
            watch,
            who,
            log_lines,
            loaded,
            keeper,
        };
        (host, to_load)
    }

    /// Prepares and loads the host (`prepare` without a kept list).
    pub(crate) async fn open(
        options: SessionOptions,
        config_error: Option<ConfigError>,
        store: &SessionStoreArgs,
        watch: bool,
        who: &'static str,
    ) -> Result<(McpHost, Core), ExitCode> {
        let (host, to_load) = McpHost::prepare(options, config_error, store, watch, false, who);
        let core = host.load(to_load).await?;
        Ok((host, core))
    }

    /// Opens the session, delivers `session_start`, and from then on follows reloads and
    /// sends log lines. Clients waiting for the core get it (or why the engine did not
    /// start). With a keeper, the list is kept for the next start once the session events
    /// have settled, and clients served a kept list that differs hear that the list changed.
    pub(crate) async fn load(&self, to_load: ToLoad) -> Result<Core, ExitCode> {
        let ToLoad {
            options,
            config_error,
            watch,
            who,
            log_lines,
            loaded,
            keeper,
        } = to_load;
        let mut session = match open_session_with(options).await {
            Ok(session) => session,
            Err(code) => {
                loaded.send_replace(Some(Err("the JavaScript engine failed to start (the host's stderr says why)".into())));
                return Err(code);
            }
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
            crate::host_eprintln!("{who}: {}: {}", error.path.display(), error.error);
        }
        match session.session_log.file() {
            Some(file) => crate::host_eprintln!("{who}: session {} ({})", session.session_id, file.display()),
            None => crate::host_eprintln!("{who}: session {}", session.session_id),
        }
        let (host_events, host_event_stream) = unbounded_channel();
        // Changes from now on are reloaded once the host serves.
        let watching = crate::reload::watch(&session, watch && config_error.is_none());
        let core = Core::new(session, host_events);
        core.session_event(json!({ "reason": "start" }));
        loaded.send_replace(Some(Ok(core.clone())));
        self.follow(host_event_stream, who);
        watching.reload_into(core.clone());
        self.clients.dispatch_logs(log_lines);
        if let Some(keeper) = keeper {
            let (host, core) = (self.clone(), core.clone());
            tokio::spawn(async move { host.keep_list(&core, &keeper).await });
        }
        Ok(core)
    }

    /// The list as a stdio client is served it now.
    pub(crate) fn served_list(&self, core: &Core) -> ServedList {
        let registry = core.registry();
        let mut tools: Vec<Tool> = registry.listed_module_tools().map(|tool| listed_tool(tool)).collect();
        tools.push(self.resolve.as_ref().clone());
        let instructions = super::mcp_instructions::instructions(registry.listed_module_tools().map(|tool| tool.as_ref()));
        ServedList { tools, instructions }
    }

    /// If clients were served the list kept by the last start and the loaded one differs,
    /// they hear that the list changed (and get the load errors now, if they want warnings);
    /// then the loaded list is kept for the next start.
    async fn keep_list(&self, core: &Core, keeper: &ListKeeper) {
        core.tools_settled(KEEP_WAITS_FOR_SESSION_START).await;
        let list = self.served_list(core);
        if let Some(kept) = &self.kept {
            self.clients.loaded_late(core, **kept != list).await;
        }
        keeper.keep(&list);
    }

    /// Reports host events on stderr, and tells the clients of every reload.
    fn follow(&self, mut host_events: UnboundedReceiver<Event>, who: &'static str) {
        let (clients, core) = (self.clients.clone(), self.core.clone());
        tokio::spawn(async move {
            while let Some(event) = host_events.recv().await {
                if let Event::Tools { reloaded: Some(_), .. } = &event {
                    if let Some(core) = core.now() {
                        clients.tools_changed(&core).await;
                    }
                }
                report_host_event(event, who);
            }
        });
    }
}

/// Session-event reports and errors go to stderr (MCP has no place for them).
fn report_host_event(event: Event, who: &str) {
    match event {
        Event::Error { message, .. } => crate::host_eprintln!("{who}: {message}"),
        Event::Tools {
            reloaded: Some(modules),
            errors,
            ..
        } => {
            let modules: Vec<String> = modules.iter().map(|m| m.display().to_string()).collect();
            crate::host_eprintln!("{who}: reloaded {}", modules.join(", "));
            for error in errors {
                crate::host_eprintln!("{who}: {}: {}", error["path"].as_str().unwrap_or(""), error["error"].as_str().unwrap_or(""));
            }
        }
        Event::SessionEvent { reason, errors, timed_out, .. } if timed_out || !errors.is_empty() => {
            crate::host_eprintln!(
                "{who}: session event {reason}: {} handler error(s){}",
                errors.len(),
                if timed_out { ", timed out" } else { "" }
            );
        }
        _ => {}
    }
}
