//! Calls tools make of other tools (pi's `ctx.executeTool`), served like the front end's: the
//! same task (`call.rs`) with its lookup, validation, approval, deadline and truncation. A
//! nested call belongs to its caller: it asks the caller's client, stages for the caller's
//! client, runs under the caller's permit, is cancelled with it and ends when it ends, and
//! (where the front end watches calls start, as `run` does) its events reach the front end
//! too, marked with the caller's id, as pi's do.

use std::sync::{Arc, Weak};

use serde_json::Value;

use super::call::{self, CallControl, CallRequest, Watch};
use super::nested_record::NestedCallRecord;
use super::Inner;
use crate::events::{Event, EventSink};
use crate::ext::host::nested_calls::{NestedCallRequest, NestedCalls};
use crate::result::error_result;

/// How deep calls may nest: a tool calling itself without end is stopped here.
pub(super) const MAX_DEPTH: usize = 16;

/// Serves the engines' nested-call requests while the core lives.
pub(super) fn serve(inner: &Arc<Inner>, nested_calls: &NestedCalls) {
    let (requests, mut received) = tokio::sync::mpsc::unbounded_channel();
    nested_calls.serve_with(requests);
    let inner: Weak<Inner> = Arc::downgrade(inner);
    tokio::spawn(async move {
        while let Some(request) = received.recv().await {
            let Some(inner) = inner.upgrade() else { return };
            match request {
                NestedCallRequest::Start {
                    parent,
                    id,
                    tool,
                    params,
                    events,
                } => start(&inner, parent, id, tool, params, events),
                NestedCallRequest::Cancel { id, reason } => {
                    let control = inner.running.lock().unwrap().get(&id).cloned();
                    if let Some(control) = control {
                        control.cancel(&reason);
                    }
                }
            }
        }
    });
}

/// Starts call `id` of `tool`, made by running call `parent`; its events go to `events`
/// (and, tagged with `parent`, to the caller's front end if it watches calls start).
pub(super) fn start(inner: &Arc<Inner>, parent: String, id: String, tool: String, params: Value, events: EventSink) {
    // `recorded`: where the call was noted in its caller's record of nested calls.
    let refuse = |why: String, recorded: Option<(&NestedCallRecord, usize)>| {
        let result = error_result(&format!("ctx.executeTool(\"{tool}\"): {why}"));
        if let Some((record, place)) = recorded {
            record.finish(place, &result);
        }
        let _ = events.send(Event::ToolExecutionEnd {
            tool_call_id: id.clone(),
            tool_name: tool.clone(),
            is_error: true,
            result,
            duration_ms: 0.0,
            parent_tool_call_id: Some(parent.clone()),
        });
    };
    if inner.shutting_down.load(std::sync::atomic::Ordering::SeqCst) {
        return refuse("the host is shutting down".into(), None);
    }
    let caller = inner.running.lock().unwrap().get(&parent).cloned();
    let Some(caller) = caller else {
        return refuse(format!("the calling tool's call {parent} is no longer running"), None);
    };
    // Noted as it starts, as pi notes it: a call refused below is noted as failed.
    let recorded_as = caller.record().start(&id, &tool, &params);
    if caller.depth() + 1 >= MAX_DEPTH {
        return refuse(
            format!("calls are nested {MAX_DEPTH} deep, the most the host allows (does a tool call itself without end?)"),
            recorded_as.map(|place| (caller.record(), place)),
        );
    }
    let (front, front_watch) = caller.front().clone();
    let sink = if front_watch.start { tee(events.clone(), front) } else { events.clone() };
    let control = Arc::new(CallControl::nested_in(caller.clone(), recorded_as));
    if let Err(refused) = inner.admit(&id, &control) {
        return refuse(refused.to_string(), recorded_as.map(|place| (caller.record(), place)));
    }
    inner.ui.route_like(&id, &parent);
    if let Some(owner) = inner.pending.owner_of(Some(&parent)) {
        inner.pending.own_call(&id, &owner);
    }
    let request = CallRequest {
        id: id.clone(),
        tool,
        params,
        sink,
        watch: Watch::ALL,
        parent: Some(parent),
    };
    let task = call::run(inner.clone(), request, control);
    let ended = inner.clone();
    inner.tasks.spawn(Box::pin(async move {
        task.await;
        ended.ui.unroute_call(&id);
        ended.pending.release_call(&id);
    }));
}

/// A sink whose events go to both `caller` and `front`.
fn tee(caller: EventSink, front: EventSink) -> EventSink {
    let (sink, mut received) = tokio::sync::mpsc::unbounded_channel::<Event>();
    tokio::spawn(async move {
        while let Some(event) = received.recv().await {
            let _ = front.send(event.clone());
            let _ = caller.send(event);
        }
    });
    sink
}
