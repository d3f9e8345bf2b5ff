//! The ops behind pi's `ctx.executeTool` (`ext/host/execute_tool.js`): a tool running another
//! tool through the host's whole call pipeline (lookup, `prepareArguments`, validation,
//! approval, `tool_call`/`tool_result` handlers, deadline, truncation). The engine hands the
//! request to the serve core through `NestedCalls` (the core answers each with the call's
//! events); the JavaScript side awaits those events one at a time: partial results for the
//! caller's `onUpdate`, then the end.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use deno_core::{op2, OpState};
use serde::Serialize;
use serde_json::Value;
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use super::call_routes::CallRoutes;
use crate::bridge::plain_json::PlainJson;
use crate::events::{Event, EventSink};
use crate::result::{error_result, ToolResult};

/// What a tool asks of the serve core about the calls it makes.
#[derive(Debug)]
pub(crate) enum NestedCallRequest {
    /// Run `tool` with `params` as call `id`, inside running call `parent`; every event of
    /// the call goes to `events`.
    Start {
        parent: String,
        id: String,
        tool: String,
        params: Value,
        events: EventSink,
    },
    /// Cancel nested call `id` (the caller's signal aborted).
    Cancel { id: String, reason: String },
}

/// Where the engines send nested-call requests: the serve core, once one serves the session.
#[derive(Clone, Default)]
pub(crate) struct NestedCalls {
    core: Arc<Mutex<Option<UnboundedSender<NestedCallRequest>>>>,
}

impl std::fmt::Debug for NestedCalls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NestedCalls")
    }
}

impl NestedCalls {
    /// Sends every later request to `core`.
    pub(crate) fn serve_with(&self, core: UnboundedSender<NestedCallRequest>) {
        *self.core.lock().unwrap() = Some(core);
    }

    /// Hands `request` to the core; false if no core serves the session.
    fn send(&self, request: NestedCallRequest) -> bool {
        self.core.lock().unwrap().as_ref().is_some_and(|core| core.send(request).is_ok())
    }
}

/// What fails in starting a nested call.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum NestedCallError {
    /// No serve core takes requests: the engine runs outside a served session.
    #[class(generic)]
    #[error("ctx.executeTool: no session is being served, so no tool can be called (only a running tool call can call another tool)")]
    NotServed,
}

/// Starts nested call `id` of `tool` inside running call `parent`; its events are read with
/// `op_nested_call_next`.
#[op2]
pub(crate) fn op_nested_call_start(
    state: &mut OpState,
    #[string] parent: String,
    #[string] id: String,
    #[string] tool: String,
    #[serde] params: PlainJson,
) -> Result<(), NestedCallError> {
    let (events, received) = unbounded_channel();
    let parent_id = parent.clone();
    let request = NestedCallRequest::Start {
        parent,
        id: id.clone(),
        tool,
        params: params.0,
        events,
    };
    if !state.borrow::<NestedCalls>().send(request) {
        return Err(NestedCallError::NotServed);
    }
    // Kept with the calling call: if it ends before reading them, they go with it.
    state.borrow_mut::<CallRoutes>().keep_nested(&parent_id, id, received);
    Ok(())
}

/// What `op_nested_call_next` answers: a partial result, or the call's end.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub(crate) enum NestedCallStep {
    Update {
        partial_result: ToolResult,
    },
    End {
        result: ToolResult,
        is_error: bool,
        duration_ms: Option<f64>,
    },
}

/// The next event of nested call `id` that the caller sees.
#[op2]
#[serde]
pub(crate) async fn op_nested_call_next(state: Rc<RefCell<OpState>>, #[string] id: String) -> NestedCallStep {
    let taken = state.borrow_mut().borrow_mut::<CallRoutes>().take_nested(&id);
    let Some(mut events) = taken else {
        return lost(&id);
    };
    loop {
        match events.recv().await {
            Some(Event::ToolExecutionUpdate { partial_result, .. }) => {
                // Kept for the next step: the call goes on (unless its caller ended meanwhile).
                if let Some((parent, _)) = id.rsplit_once('/') {
                    state.borrow_mut().borrow_mut::<CallRoutes>().keep_nested(parent, id.clone(), events);
                }
                return NestedCallStep::Update { partial_result };
            }
            Some(Event::ToolExecutionEnd {
                result, is_error, duration_ms, ..
            }) => {
                return NestedCallStep::End {
                    result,
                    is_error,
                    duration_ms: Some(duration_ms),
                }
            }
            Some(_) => continue,
            None => return lost(&id),
        }
    }
}

fn lost(id: &str) -> NestedCallStep {
    let result = error_result(&format!("ctx.executeTool: call {id} was lost: the host stopped serving it"));
    NestedCallStep::End {
        result,
        is_error: true,
        duration_ms: None,
    }
}

/// Cancels nested call `id` with `reason` (the caller's signal aborted).
#[op2(fast)]
pub(crate) fn op_nested_call_cancel(state: &mut OpState, #[string] id: String, #[string] reason: String) {
    state.borrow::<NestedCalls>().send(NestedCallRequest::Cancel { id, reason });
}

/// The tools `ctx.executeTool` may call now (`ctx.tools`), as `pi.getAllTools` describes them.
#[op2]
#[serde]
pub(crate) fn op_tools_callable(state: &mut OpState) -> Vec<Value> {
    state.borrow::<crate::tool_changes::ToolChanges>().callable()
}
