//! The pending-action queue, seen from the front ends: each change becomes a
//! `pending_action` event, and an action that starts (or goes back to) waiting also steers
//! the resolve reminder into the agent's conversation. At shutdown every action still pending
//! is discarded — its `reject("session ended")` runs so the tool can clean up — and the
//! client is told which.

use std::time::Duration;

use serde_json::json;

use super::engine::ToolEngine;
use crate::engine::Run;
use crate::events::{Event, EventSink};
use crate::pending::{Action, Change, PendingQueue, REMINDER};

/// How long all the `reject("session ended")` calls of a shutdown may take together.
const SHUTDOWN_REJECTS: Duration = Duration::from_secs(2);

/// The resolve reminder as omp steers it (contract 8.2).
pub(crate) fn reminder(action: &Action) -> serde_json::Value {
    json!({
        "role": "custom",
        "customType": "resolve-reminder",
        "display": false,
        "attribution": "agent",
        "details": { "toolName": action.source_tool_name },
        "content": REMINDER,
    })
}

/// Tells `sink` about each queue change as it happens (no reminders once the session is
/// shutting down: nobody will act on them).
pub(crate) fn forward(pending: &PendingQueue, sink: EventSink) {
    let closing = pending.closing_flag();
    pending.listen(move |change| {
        let (state, action) = match change {
            Change::Queued(action) => ("queued", action),
            Change::InFlight(action) => ("in_flight", action),
            Change::Applied(action) => ("applied", action),
            Change::Discarded(action) => ("discarded", action),
        };
        let steer = (state == "queued" && !closing.load(std::sync::atomic::Ordering::SeqCst)).then(|| reminder(&action));
        let _ = sink.send(Event::PendingAction { state, action, reason: None });
        if let Some(message) = steer {
            let _ = sink.send(Event::Steer { message });
        }
    });
}

/// Discards every pending action whose functions were lost with a replaced engine (nothing
/// of them can run); a `pending_action` event says why. Answers how many there were.
pub(crate) fn discard_lost(pending: &PendingQueue, sink: &EventSink, reason: &str) -> usize {
    let actions = pending.drain();
    let count = actions.len();
    for action in actions {
        tell_discarded(sink, action, reason);
    }
    count
}

/// The `pending_action` event of an action discarded for `reason`.
fn tell_discarded(sink: &EventSink, action: Action, reason: &str) {
    let _ = sink.send(Event::PendingAction {
        state: "discarded",
        action,
        reason: Some(reason.to_string()),
    });
}

/// Discards every action still pending at shutdown: each `reject` runs once with the reason
/// `session ended`, and a `pending_action` event says the action was discarded.
pub(crate) async fn discard_all(engine: &dyn ToolEngine, pending: &PendingQueue, sink: &EventSink) {
    let actions = pending.drain();
    let rejects = async {
        for action in &actions {
            if action.has_reject {
                let run = Run::Action {
                    action_id: action.id,
                    engine: action.engine,
                    op: "discard",
                    reason: "session ended".into(),
                    extra: serde_json::Value::Null,
                };
                let call = engine.invoke(&format!("shutdown-discard-{}", action.id), run);
                let _ = call.outcome.await;
            }
        }
    };
    let _ = tokio::time::timeout(SHUTDOWN_REJECTS, rejects).await;
    for action in actions {
        engine.forget_action(action.id);
        tell_discarded(sink, action, "session ended");
    }
}
