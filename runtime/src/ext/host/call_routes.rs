//! Where each running call's news goes: its partial results (`onUpdate`) and, once, its
//! outcome. The host's JavaScript reports both through ops as plain data (serde_v8), so a
//! call costs no promise bookkeeping on the Rust side; the table lives in `OpState` and the
//! engine's service reads it to answer calls that were stopped or can never settle.

use std::collections::HashMap;

use deno_core::{op2, v8, OpState};
use tokio::sync::oneshot;

use crate::engine::bridge::{CallOutcome, Thrown};
use crate::engine::plain_json::PlainJson;
use crate::engine::update_queue::UpdateSender;

/// One running call.
pub(crate) struct Route {
    pub updates: UpdateSender,
    pub reply: oneshot::Sender<CallOutcome>,
    /// How many scripts the engine had stopped when the call started (to tell lost work).
    pub interruptions_at_start: u64,
}

/// The running calls, kept in `OpState`.
#[derive(Default)]
pub(crate) struct CallRoutes(HashMap<String, Route>);

impl CallRoutes {
    pub(crate) fn open(&mut self, call_id: String, route: Route) {
        self.0.insert(call_id, route);
    }

    /// Answers call `call_id` (if it is still running) and forgets it.
    pub(crate) fn finish(&mut self, call_id: &str, outcome: CallOutcome) -> bool {
        match self.0.remove(call_id) {
            Some(Route { updates, reply, .. }) => {
                // The outcome's wake is the only one the call's task needs.
                updates.close_quietly();
                let _ = reply.send(outcome);
                true
            }
            None => false,
        }
    }

    /// Every running call, with whether its queued work may have been lost since it started.
    pub(crate) fn drain(&mut self, interruptions: u64) -> Vec<(String, Route, bool)> {
        self.0
            .drain()
            .map(|(id, route)| {
                let lost = route.interruptions_at_start < interruptions;
                (id, route, lost)
            })
            .collect()
    }
}

/// `onUpdate(partial)` of call `call_id`.
#[op2]
pub(crate) fn op_call_update(state: &mut OpState, #[string] call_id: &str, #[serde] partial: PlainJson) {
    if let Some(route) = state.borrow::<CallRoutes>().0.get(call_id) {
        route.updates.send(partial.0);
    }
}

/// Call `call_id`'s `execute` returned `value` (plain data).
#[op2]
pub(crate) fn op_call_returned(state: &mut OpState, #[string] call_id: &str, #[serde] value: PlainJson) {
    state.borrow_mut::<CallRoutes>().finish(call_id, CallOutcome::Returned(value.0));
}

/// Call `call_id`'s `execute` returned `{content: [{type: "text", text}]}`, the shape most
/// results have: crossing as one string costs a fraction of reading the objects. The text is
/// copied into a buffer of its exact size (the generic conversion reserves twice a one-byte
/// string's length, 800 MB for a 400 MB result).
#[op2(fast)]
pub(crate) fn op_call_returned_text(scope: &mut v8::PinScope<'_, '_>, state: &mut OpState, #[string] call_id: &str, text: v8::Local<v8::String>) {
    let mut copied = String::new();
    text.write_utf8_into(scope, &mut copied);
    // Built by hand: `json!` would serialize `copied` into a second copy of the text.
    let mut block = serde_json::Map::new();
    block.insert("type".into(), "text".into());
    block.insert("text".into(), serde_json::Value::String(copied));
    let mut value = serde_json::Map::new();
    value.insert("content".into(), serde_json::Value::Array(vec![serde_json::Value::Object(block)]));
    let value = serde_json::Value::Object(value);
    state.borrow_mut::<CallRoutes>().finish(call_id, CallOutcome::Returned(value));
}

/// Call `call_id`'s `execute` threw (or rejected) `error`.
#[op2]
pub(crate) fn op_call_threw(state: &mut OpState, #[string] call_id: &str, #[serde] error: Thrown) {
    state.borrow_mut::<CallRoutes>().finish(call_id, CallOutcome::Threw(error));
}
