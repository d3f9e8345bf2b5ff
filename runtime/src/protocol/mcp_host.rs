//! What every MCP client of one host shares, on stdio or over HTTP: the session opened once
//! (tools loaded, the engine, the core), `resolve` as listed, the call counter (call ids are
//! unique across clients), and the clients connected now. Opening it reports load errors and
//! a broken config on stderr; `start` then follows hot reload (each client that asked hears
//! of tool-list changes) and hands log lines to the clients that want them.

use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use rmcp::model::Tool;
use serde_json::json;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

use super::mcp_clients::Clients;
use super::mcp_logs::LogLine;
use super::mcp_tools::listed_tool;
use crate::config::ConfigError;
use crate::core::Core;
use crate::events::Event;
use crate::pending::resolve_tool;
use crate::session::SessionOptions;
use crate::session_args::{open_session_with, SessionStoreArgs};

/// The host's side shared by its MCP clients; cheap to clone.
#[derive(Clone)]
pub(crate) struct McpHost {
    pub core: Core,
    /// The host's `resolve` tool, listed last.
    pub resolve: Arc<Tool>,
    /// Numbers the calls of every client.
    pub next_call: Arc<AtomicU64>,
    pub clients: Clients,
}

/// What `start` sets going once the host serves.
pub(crate) struct Started {
    host_events: UnboundedReceiver<Event>,
    log_lines: UnboundedReceiver<LogLine>,
    watching: crate::reload::Watching,
}

impl McpHost {
    /// Opens the session for `options` (`config_error`: why the config was not read; no tools
    /// are then served, and every call says why). `who` prefixes the lines on stderr.
    pub(crate) async fn open(
        mut options: SessionOptions,
        config_error: Option<ConfigError>,
        store: &SessionStoreArgs,
        watch: bool,
        who: &str,
    ) -> Result<(McpHost, Started), ExitCode> {
        options.source = store.source();
        let clients = Clients::default();
        let (log_sink, log_lines) = unbounded_channel::<LogLine>();
        options.log_tap.subscribe(log_sink, Arc::new(clients.tap_filter()));
        let mut session = open_session_with(options).await?;
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
        let resolve = session
            .registry
            .get(resolve_tool::NAME)
            .map(|tool| listed_tool(tool))
            .expect("the host's resolve tool");
        let (host_events, host_event_stream) = unbounded_channel();
        // Changes from now on are reloaded once the host serves.
        let watching = crate::reload::watch(&session, watch && config_error.is_none());
        let core = Core::new(session, host_events);
        core.session_event(json!({ "reason": "start" }));
        let host = McpHost {
            core,
            resolve: Arc::new(resolve),
            next_call: Arc::default(),
            clients,
        };
        let started = Started {
            host_events: host_event_stream,
            log_lines,
            watching,
        };
        Ok((host, started))
    }

    /// Follows reloads and sends log lines from now on.
    pub(crate) fn start(&self, started: Started, who: &'static str) {
        let Started {
            mut host_events,
            log_lines,
            watching,
        } = started;
        let (clients, core) = (self.clients.clone(), self.core.clone());
        tokio::spawn(async move {
            while let Some(event) = host_events.recv().await {
                if let Event::Tools { reloaded: Some(_), .. } = &event {
                    clients.tools_changed(&core).await;
                }
                report_host_event(event, who);
            }
        });
        watching.reload_into(self.core.clone());
        self.clients.dispatch_logs(log_lines);
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
