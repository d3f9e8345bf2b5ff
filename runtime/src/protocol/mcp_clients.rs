//! The MCP clients connected now — one on stdio, any number over HTTP — each as the host
//! reaches it (an `Outlet`): its peer once it has spoken, the log levels it asked for, who of
//! it listens for tool-list changes, where its UI questions go, and how far behind its output
//! is. Log lines, tool-list changes and new load errors go to every client that wants them.
// MCP logging is deprecated for the 2026 revision (SEP-2577) but part of every earlier one.
#![allow(deprecated)]

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use rmcp::model::LoggingLevel;
use rmcp::{Peer, RoleServer};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use super::backlog::Backlog;
use super::mcp_list_changes::ListChanges;
use super::mcp_logs::{dropped_logs, log_message, send_load_errors, LogGate, LogLine};
use crate::core::Core;
use crate::events::Event;
use crate::ui::UiBroker;

/// One connected client.
pub(crate) struct Outlet {
    /// The log messages it asked for.
    pub logs: LogGate,
    /// Who of it is told of tool-list changes.
    pub list_changes: ListChanges,
    /// Its output not yet written (stdio; over HTTP rmcp's streams pace the output).
    pub backlog: Backlog,
    /// Where its UI questions go (the UI broker sends to this).
    pub ui_events: UnboundedSender<Event>,
    /// It was answered from the list kept by the last start, before the tools loaded.
    pub served_early: AtomicBool,
    peer: OnceLock<Peer<RoleServer>>,
    log_lines: UnboundedSender<LogLine>,
    /// Taken when the peer is known: what the client's log and UI tasks read.
    streams: Mutex<Option<(UnboundedReceiver<LogLine>, UnboundedReceiver<Event>)>>,
}

/// Every client connected now; cheap to clone.
#[derive(Clone, Default)]
pub(crate) struct Clients(Arc<Mutex<Connected>>);

#[derive(Default)]
struct Connected {
    outlets: Vec<Weak<Outlet>>,
    /// The clients that wanted each log line the tap let through, in the order of the lines
    /// (see `tap_filter`).
    wanting: VecDeque<Vec<Arc<Outlet>>>,
}

impl Clients {
    /// A client connects; it stays in the list while the answer lives.
    pub(crate) fn connect(&self, backlog: Backlog) -> Arc<Outlet> {
        let (log_lines, log_stream) = unbounded_channel();
        let (ui_events, ui_stream) = unbounded_channel();
        let outlet = Arc::new(Outlet {
            logs: LogGate::default(),
            list_changes: ListChanges::default(),
            backlog,
            ui_events,
            served_early: AtomicBool::new(false),
            peer: OnceLock::new(),
            log_lines,
            streams: Mutex::new(Some((log_stream, ui_stream))),
        });
        let mut connected = self.0.lock().unwrap();
        connected.outlets.retain(|o| o.strong_count() > 0);
        connected.outlets.push(Arc::downgrade(&outlet));
        outlet
    }

    /// The clients connected now.
    pub(crate) fn each(&self) -> Vec<Arc<Outlet>> {
        self.0.lock().unwrap().outlets.iter().filter_map(Weak::upgrade).collect()
    }

    /// The log tap's judgement, as each line is written: some client wants its level now.
    /// Which ones is noted beside the line, so a line goes to the clients that wanted it
    /// when it was written (the tap offers lines one at a time, judging each just before
    /// queueing it, so the notes and the lines keep one order).
    pub(crate) fn tap_filter(&self) -> impl Fn(&str) -> bool + Send + Sync + 'static {
        let clients = self.clone();
        move |level: &str| {
            let level = super::mcp_logs::level_of(level);
            let mut connected = clients.0.lock().unwrap();
            let wanting: Vec<Arc<Outlet>> = connected
                .outlets
                .iter()
                .filter_map(Weak::upgrade)
                .filter(|outlet| outlet.logs.wants(level))
                .collect();
            if wanting.is_empty() {
                return false;
            }
            connected.wanting.push_back(wanting);
            true
        }
    }

    /// Hands each line the tap let through to the clients that wanted it.
    pub(crate) fn dispatch_logs(&self, mut lines: UnboundedReceiver<LogLine>) {
        let clients = self.clone();
        tokio::spawn(async move {
            while let Some(line) = lines.recv().await {
                let wanting = clients.0.lock().unwrap().wanting.pop_front().unwrap_or_default();
                for outlet in wanting {
                    let _ = outlet.log_lines.send(line.clone());
                }
            }
        });
    }

    /// A reload changed the tools: every client that asked hears of it, and of the load
    /// errors if it wants warnings.
    pub(crate) async fn tools_changed(&self, core: &Core) {
        Clients::tell(self.each(), core, true).await;
    }

    /// The session loaded after some clients were served the list kept from the last start:
    /// if the loaded list differs (`changed`), those that asked hear of it; the load errors go
    /// to those that want warnings (none were loaded when they began).
    pub(crate) async fn loaded_late(&self, core: &Core, changed: bool) {
        let early = self.each().into_iter().filter(|outlet| outlet.served_early.load(Ordering::SeqCst)).collect();
        Clients::tell(early, core, changed).await;
    }

    /// Tells `outlets` that the list changed (if it did), and of the load errors.
    async fn tell(outlets: Vec<Arc<Outlet>>, core: &Core, changed: bool) {
        for outlet in outlets {
            if changed {
                outlet.list_changes.announce().await;
            }
            if outlet.logs.wants(LoggingLevel::Warning) {
                if let Some(peer) = outlet.peer.get() {
                    send_load_errors(peer, core.registry().errors()).await;
                }
            }
        }
    }

    /// The host is shutting down: open subscriptions end.
    pub(crate) fn close(&self) {
        for outlet in self.each() {
            outlet.list_changes.close();
        }
    }
}

impl Outlet {
    /// The client has spoken through `peer`: its log messages and UI questions start going
    /// out (once; later calls do nothing).
    pub(crate) fn attach(&self, peer: &Peer<RoleServer>, ui: &UiBroker) {
        if self.peer.set(peer.clone()).is_err() {
            return;
        }
        let Some((log_stream, ui_stream)) = self.streams.lock().unwrap().take() else {
            return;
        };
        tokio::spawn(super::mcp_ui::serve(ui_stream, peer.clone(), ui.clone(), self.logs.clone()));
        tokio::spawn(send_logs(log_stream, peer.clone(), self.backlog.clone()));
    }
}

/// Sends a client its log lines. While the client is behind (backlog.rs), they are dropped
/// and counted, and the count is said once it has caught up: logs cannot stand for each
/// other as updates do.
async fn send_logs(mut lines: UnboundedReceiver<LogLine>, peer: Peer<RoleServer>, backlog: Backlog) {
    let mut dropped = 0u64;
    loop {
        let line = tokio::select! {
            line = lines.recv() => line,
            _ = backlog.under_limit(), if dropped > 0 => {
                let _ = peer.notify_logging_message(dropped_logs(dropped)).await;
                dropped = 0;
                continue;
            }
        };
        let Some(line) = line else { break };
        let message = log_message(line);
        if backlog.is_over() {
            dropped += 1;
            continue;
        }
        let _ = peer.notify_logging_message(message).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_goes_to_the_clients_that_wanted_its_level_when_it_was_written() {
        let clients = Clients::default();
        let info = clients.connect(Backlog::default());
        let errors = clients.connect(Backlog::default());
        info.logs.set_session_level(LoggingLevel::Info);
        errors.logs.set_session_level(LoggingLevel::Error);
        let wanted = clients.tap_filter();
        assert!(wanted("info") && wanted("error"));
        assert!(!wanted("debug"), "nobody asked for debug");
        let mut connected = clients.0.lock().unwrap();
        let counts: Vec<usize> = connected.wanting.drain(..).map(|w| w.len()).collect();
        assert_eq!(counts, [1, 2], "info: one client; error: both");
    }

    #[test]
    fn a_client_gone_is_no_longer_served() {
        let clients = Clients::default();
        let gone = clients.connect(Backlog::default());
        gone.logs.set_session_level(LoggingLevel::Debug);
        drop(gone);
        assert!(clients.each().is_empty());
        assert!(!clients.tap_filter()("error"));
    }
}
