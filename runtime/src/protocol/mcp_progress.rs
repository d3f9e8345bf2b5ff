//! One MCP call's `notifications/progress`: at most one is on its way at a time, and while
//! one is, or while the client is behind (backlog.rs), a newer update replaces the one
//! waiting, so a tool streaming faster than the client reads costs one update per call, not
//! a queue of them. The latest waiting update goes out before the call's result.

use std::future::Future;
use std::pin::Pin;

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::{Peer, RoleServer};

use super::backlog::Backlog;
use crate::result::{text_of, ToolResult};

type Sending = Pin<Box<dyn Future<Output = ()> + Send>>;

pub(crate) struct ProgressRelay {
    token: Option<ProgressToken>,
    peer: Peer<RoleServer>,
    backlog: Backlog,
    sent: f64,
    sending: Option<Sending>,
    waiting: Option<ToolResult>,
}

impl ProgressRelay {
    /// A relay for the call whose request carried `token` (none: updates are dropped).
    pub(crate) fn new(token: Option<ProgressToken>, peer: Peer<RoleServer>, backlog: Backlog) -> ProgressRelay {
        ProgressRelay {
            token,
            peer,
            backlog,
            sent: 0.0,
            sending: None,
            waiting: None,
        }
    }

    /// A new partial result: sent now if nothing is on its way and the client keeps up,
    /// else it waits (replacing an older one that waits).
    pub(crate) fn update(&mut self, partial: ToolResult) {
        if self.token.is_some() {
            self.waiting = Some(partial);
            self.start_if_ready();
        }
    }

    /// Resolves once the notification on its way is handed over, or the client has caught up
    /// while an update waits; never while there is nothing to do.
    pub(crate) async fn settle(&mut self) {
        match (&mut self.sending, &self.waiting) {
            (Some(sending), _) => {
                sending.await;
                self.sending = None;
            }
            (None, Some(_)) => self.backlog.under_limit().await,
            (None, None) => std::future::pending().await,
        }
        self.start_if_ready();
    }

    /// Sends what is on its way and what waits (before the call's result).
    pub(crate) async fn finish(&mut self) {
        if let Some(sending) = self.sending.take() {
            sending.await;
        }
        if let Some(partial) = self.waiting.take() {
            self.send(partial).await;
        }
    }

    fn start_if_ready(&mut self) {
        if self.sending.is_none() && !self.backlog.is_over() {
            if let Some(partial) = self.waiting.take() {
                self.sending = Some(self.send(partial));
            }
        }
    }

    fn send(&mut self, partial: ToolResult) -> Sending {
        self.sent += 1.0;
        let token = self.token.clone();
        let peer = self.peer.clone();
        let progress = self.sent;
        let message = text_of(&partial);
        Box::pin(async move {
            if let Some(token) = token {
                let mut note = ProgressNotificationParam::new(token, progress);
                note.message = Some(message);
                let _ = peer.notify_progress(note).await;
            }
        })
    }
}
