//! What a tool asks of the client's agent turn. `ctx.abort()`: besides aborting the call's own
//! signal (done in JavaScript), the client is asked to stop the turn (`abort_turn` in the
//! `run` protocol). `pi.sendMessage` (ext/host/messages.rs): a message for the client's
//! conversation (`message_end`). Both go through the `TurnAborts` tap, which the serve core
//! connects to its front end.

use std::sync::{Arc, Mutex};

use deno_core::{op2, OpState};
use tokio::sync::mpsc::UnboundedSender;

use crate::events::{Event, EventSink};

/// Where turn-abort requests go (the call that asked, or None for an `onSession` handler),
/// and where extensions' messages go.
#[derive(Clone, Default)]
pub(crate) struct TurnAborts {
    aborts: Arc<Mutex<Option<UnboundedSender<Option<String>>>>>,
    messages: Arc<Mutex<Option<EventSink>>>,
}

impl std::fmt::Debug for TurnAborts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TurnAborts")
    }
}

impl TurnAborts {
    /// Sends every later request to `sink`.
    pub(crate) fn subscribe(&self, sink: UnboundedSender<Option<String>>) {
        *self.aborts.lock().unwrap() = Some(sink);
    }

    pub(crate) fn request(&self, call_id: Option<String>) {
        if let Some(sink) = self.aborts.lock().unwrap().as_ref() {
            let _ = sink.send(call_id);
        }
    }

    /// Sends every later message event (`Event::MessageEnd`) to `sink`.
    pub(crate) fn send_messages_to(&self, sink: EventSink) {
        *self.messages.lock().unwrap() = Some(sink);
    }

    /// Whether a front end listens for messages (not while the tools first load).
    pub(crate) fn has_message_sink(&self) -> bool {
        self.messages.lock().unwrap().is_some()
    }

    /// Hands an extension's message event to the front end; false if none listens yet.
    pub(crate) fn message(&self, event: Event) -> bool {
        match self.messages.lock().unwrap().as_ref() {
            Some(sink) => sink.send(event).is_ok(),
            None => false,
        }
    }
}

#[op2(fast)]
pub(crate) fn op_abort_turn(state: &mut OpState, #[string] call_id: String) {
    let call_id = (!call_id.is_empty()).then_some(call_id);
    state.borrow::<TurnAborts>().request(call_id);
}
