//! Who hears that the tool list changed (a reload). A session opened with `initialize` at a
//! revision before 2026-07-28 gets `notifications/tools/list_changed` as it always did. The
//! 2026-07-28 revision sends nothing unasked: a client opens a `subscriptions/listen` request
//! naming the notifications it wants, and each change goes to every such request still open.

use std::sync::{Arc, Mutex};

use rmcp::model::SubscriptionFilter;
use rmcp::service::{SubscriptionContext, SubscriptionSink};
use rmcp::{Peer, RoleServer};

/// The clients that asked to hear of changes; cheap to clone.
#[derive(Clone, Default)]
pub(crate) struct ListChanges(Arc<Mutex<Listening>>);

#[derive(Default)]
struct Listening {
    /// The session's peer, when the session was opened with `initialize` before 2026-07-28.
    legacy: Option<Peer<RoleServer>>,
    /// Open `subscriptions/listen` requests, by a number of ours.
    listeners: Vec<(u64, SubscriptionSink)>,
    next: u64,
    /// Cancelled when the session ends: open subscriptions end with it (rmcp would otherwise
    /// wait for them, as for any request in flight, before the host can exit).
    closing: tokio_util::sync::CancellationToken,
}

impl ListChanges {
    /// What a `subscriptions/listen` request can have from this server: tool-list changes.
    pub(crate) fn offered() -> SubscriptionFilter {
        SubscriptionFilter::builder().tools_list_changed().build()
    }

    /// The session was opened with `initialize` at a revision that expects unasked changes.
    pub(crate) fn legacy_session(&self, peer: Peer<RoleServer>) {
        self.0.lock().unwrap().legacy = Some(peer);
    }

    /// Serves one `subscriptions/listen` request until the client cancels it or the session
    /// ends.
    pub(crate) async fn listen(&self, subscription: SubscriptionContext) {
        let (number, closing) = {
            let mut listening = self.0.lock().unwrap();
            listening.next += 1;
            let number = listening.next;
            listening.listeners.push((number, subscription.sink().clone()));
            (number, listening.closing.clone())
        };
        tokio::select! {
            _ = subscription.cancelled() => {}
            _ = closing.cancelled() => {}
        }
        self.0.lock().unwrap().listeners.retain(|(n, _)| *n != number);
    }

    /// The session is ending: open subscriptions end (each gets its final result).
    pub(crate) fn close(&self) {
        self.0.lock().unwrap().closing.cancel();
    }

    /// Tells everyone who asked that the tool list changed.
    pub(crate) async fn announce(&self) {
        let (legacy, listeners) = {
            let listening = self.0.lock().unwrap();
            (
                listening.legacy.clone(),
                listening.listeners.iter().map(|(_, sink)| sink.clone()).collect::<Vec<_>>(),
            )
        };
        if let Some(peer) = legacy {
            let _ = peer.notify_tool_list_changed().await;
        }
        for sink in listeners {
            let _ = sink.notify_tool_list_changed().await;
        }
    }
}
