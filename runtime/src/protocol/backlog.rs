//! How much of the host's output waits to be written to stdout. A client that stops reading
//! (or reads slowly) while tools stream partial results would otherwise make the host keep
//! every update in memory; while the backlog is over `LIMIT`, the front ends hold back each
//! call's updates and send only its latest once the client has caught up (a partial result
//! stands for everything before it). Results and every other message always go out.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::Notify;

use crate::events::Event;

/// Output bytes queued and not yet written past which updates are held back.
pub(crate) const LIMIT: u64 = 4 * 1024 * 1024;

/// Bytes queued for stdout and not yet written (cheap to clone).
#[derive(Clone, Default)]
pub(crate) struct Backlog(Arc<Inner>);

#[derive(Default)]
struct Inner {
    queued: AtomicU64,
    /// Every byte written so far (how `StdoutTask::finish` sees a client that stopped reading).
    written: AtomicU64,
    drained: Notify,
}

impl Backlog {
    /// `bytes` more are queued.
    pub(crate) fn queued(&self, bytes: usize) {
        self.0.queued.fetch_add(bytes as u64, Ordering::AcqRel);
    }

    /// `bytes` of the queued ones are written.
    pub(crate) fn written(&self, bytes: usize) {
        self.0.written.fetch_add(bytes as u64, Ordering::AcqRel);
        let before = self.0.queued.fetch_sub(bytes as u64, Ordering::AcqRel);
        if before > LIMIT && before - bytes as u64 <= LIMIT {
            self.0.drained.notify_waiters();
        }
    }

    /// How many bytes have been written so far.
    pub(crate) fn written_so_far(&self) -> u64 {
        self.0.written.load(Ordering::Acquire)
    }

    /// Whether updates are held back now.
    pub(crate) fn is_over(&self) -> bool {
        self.0.queued.load(Ordering::Acquire) > LIMIT
    }

    /// Resolves once the backlog is at or under `LIMIT`.
    pub(crate) async fn under_limit(&self) {
        loop {
            let drained = self.0.drained.notified();
            tokio::pin!(drained);
            drained.as_mut().enable();
            if !self.is_over() {
                return;
            }
            drained.await;
        }
    }
}

/// Events waiting while the backlog is over its limit, in order, with a call's update
/// replacing the update of the same call that is its latest event waiting.
#[derive(Default)]
pub(crate) struct HeldEvents(VecDeque<Event>);

impl HeldEvents {
    pub(crate) fn push(&mut self, event: Event) {
        if let Event::ToolExecutionUpdate { tool_call_id, .. } = &event {
            let latest_of_call = self.0.iter_mut().rev().find(|held| held.call_id() == Some(tool_call_id.as_str()));
            if let Some(held @ Event::ToolExecutionUpdate { .. }) = latest_of_call {
                *held = event;
                return;
            }
        }
        self.0.push_back(event);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn drain(&mut self) -> impl Iterator<Item = Event> + '_ {
        self.0.drain(..)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn update(call: &str, n: u64) -> Event {
        Event::ToolExecutionUpdate {
            tool_call_id: call.into(),
            tool_name: "t".into(),
            partial_result: serde_json::from_value(json!({ "content": [{ "type": "text", "text": n.to_string() }] })).unwrap(),
            parent_tool_call_id: None,
        }
    }

    fn start(call: &str) -> Event {
        Event::ToolExecutionStart {
            tool_call_id: call.into(),
            tool_name: "t".into(),
            args: json!({}),
            started_at: 0,
            parent_tool_call_id: None,
        }
    }

    fn describe(events: &mut HeldEvents) -> Vec<String> {
        events
            .drain()
            .map(|e| serde_json::to_value(&e).unwrap())
            .map(|e| format!("{} {} {}", e["type"], e["toolCallId"], e["partialResult"]["content"][0]["text"]))
            .collect()
    }

    #[test]
    fn a_calls_later_update_replaces_its_waiting_one_in_place() {
        let mut held = HeldEvents::default();
        held.push(start("a"));
        held.push(update("a", 1));
        held.push(update("b", 1));
        held.push(update("a", 2));
        held.push(update("a", 3));
        assert_eq!(
            describe(&mut held),
            [
                r#""tool_execution_start" "a" null"#,
                r#""tool_execution_update" "a" "3""#,
                r#""tool_execution_update" "b" "1""#
            ]
        );
    }

    #[test]
    fn an_update_after_another_event_of_its_call_waits_behind_it() {
        let mut held = HeldEvents::default();
        held.push(update("a", 1));
        held.push(start("a"));
        held.push(update("a", 2));
        assert_eq!(describe(&mut held).len(), 3);
    }

    #[tokio::test]
    async fn the_backlog_says_when_it_is_back_under_its_limit() {
        let backlog = Backlog::default();
        backlog.queued(LIMIT as usize + 10);
        assert!(backlog.is_over());
        let waiter = tokio::spawn({
            let backlog = backlog.clone();
            async move { backlog.under_limit().await }
        });
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished());
        backlog.written(10);
        tokio::time::timeout(std::time::Duration::from_secs(5), waiter).await.unwrap().unwrap();
        assert!(!backlog.is_over());
    }
}
