//! The op behind `ctx.abort()`: besides aborting the call's own signal (done in JavaScript),
//! the client is asked to stop the agent's turn. The request goes through the `TurnAborts`
//! tap, which the serve core connects to its front end (`abort_turn` in the `run` protocol).

use std::sync::{Arc, Mutex};

use deno_core::{op2, OpState};
use tokio::sync::mpsc::UnboundedSender;

/// Where turn-abort requests go: the call that asked, or None for an `onSession` handler.
#[derive(Clone, Default)]
pub struct TurnAborts(Arc<Mutex<Option<UnboundedSender<Option<String>>>>>);

impl std::fmt::Debug for TurnAborts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TurnAborts")
    }
}

impl TurnAborts {
    /// Sends every later request to `sink`.
    pub fn subscribe(&self, sink: UnboundedSender<Option<String>>) {
        *self.0.lock().unwrap() = Some(sink);
    }

    pub fn request(&self, call_id: Option<String>) {
        if let Some(sink) = self.0.lock().unwrap().as_ref() {
            let _ = sink.send(call_id);
        }
    }
}

#[op2(fast)]
pub fn op_abort_turn(state: &mut OpState, #[string] call_id: String) {
    let call_id = (!call_id.is_empty()).then_some(call_id);
    state.borrow::<TurnAborts>().request(call_id);
}
