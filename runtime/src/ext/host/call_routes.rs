//! Where each running call's news goes: its partial results (`onUpdate`) and, once, its
//! outcome. The host's JavaScript reports both through ops as plain data (serde_v8), so a
//! call costs no promise bookkeeping on the Rust side; the table lives in `OpState` and the
//! engine's service reads it to answer calls that were stopped or can never settle. A call's
//! route also holds the event streams of the calls it made (`ctx.executeTool`) that its
//! JavaScript has not read to the end, so they go with it however it ends.

use std::collections::HashMap;

use deno_core::{op2, v8, OpState};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::oneshot;

use crate::events::Event;

use crate::bridge::plain_json::PlainJson;
use crate::bridge::update_queue::UpdateSender;
use crate::bridge::{CallOutcome, Thrown};

/// One running call.
pub(crate) struct Route {
    pub updates: UpdateSender,
    pub reply: oneshot::Sender<CallOutcome>,
    /// How many scripts the engine had stopped when the call started (to tell lost work).
    pub interruptions_at_start: u64,
    /// The events of the calls this call made, by their ids, while its JavaScript reads them.
    pub nested: HashMap<String, UnboundedReceiver<Event>>,
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

    /// Keeps the events of call `id`, made by running call `parent`; false (and dropped) if
    /// `parent` is not running.
    pub(crate) fn keep_nested(&mut self, parent: &str, id: String, events: UnboundedReceiver<Event>) -> bool {
        match self.0.get_mut(parent) {
            Some(route) => {
                route.nested.insert(id, events);
                true
            }
            None => false,
        }
    }

    /// Takes the events of call `id`, made by a running call (`<parent id>/<n>`).
    pub(crate) fn take_nested(&mut self, id: &str) -> Option<UnboundedReceiver<Event>> {
        let (parent, _) = id.rsplit_once('/')?;
        self.0.get_mut(parent)?.nested.remove(id)
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

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::mpsc::unbounded_channel;

    fn route() -> Route {
        let (updates, _) = crate::bridge::update_queue::update_queue();
        let (reply, _) = oneshot::channel();
        Route {
            updates,
            reply,
            interruptions_at_start: 0,
            nested: HashMap::new(),
        }
    }

    /// The event streams of the calls a call made go with it when it ends, read or not, and
    /// whichever way it ends (its JavaScript stopped between two reads leaves them unread).
    #[test]
    fn a_calls_nested_event_streams_end_with_it() {
        let mut routes = CallRoutes::default();
        routes.open("c1".into(), route());
        routes.open("c2".into(), route());
        let (first, first_events) = unbounded_channel::<Event>();
        let (second, second_events) = unbounded_channel::<Event>();
        assert!(routes.keep_nested("c1", "c1/1".into(), first_events));
        assert!(routes.keep_nested("c2", "c2/1".into(), second_events));
        assert!(!routes.keep_nested("gone", "gone/1".into(), unbounded_channel::<Event>().1));

        let taken = routes.take_nested("c1/1").expect("kept under its caller");
        assert!(routes.keep_nested("c1", "c1/1".into(), taken), "put back between two reads");
        routes.finish("c1", CallOutcome::Stopped(crate::bridge::StopReason::Cancelled));
        assert!(first.is_closed(), "the finished call's stream is dropped");
        assert!(routes.take_nested("c1/1").is_none());

        let _ = routes.drain(0);
        assert!(second.is_closed(), "a drained call's stream is dropped too");
    }
}
