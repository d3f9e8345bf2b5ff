//! Partial results a tool reports through `onUpdate`, carried from the engine to whoever
//! runs the call, in the order they were reported.

use deno_core::{op2, OpState};
use tokio::sync::mpsc::UnboundedSender;

/// One `onUpdate(partial)` of call `call_id`; `json` is the partial result as JSON.
#[derive(Debug, Clone)]
pub struct CallUpdate {
    pub call_id: String,
    pub json: String,
}

/// The sending end, kept in `OpState`.
pub struct UpdateSink(pub UnboundedSender<CallUpdate>);

#[op2(fast)]
pub fn op_call_update(state: &mut OpState, #[string] call_id: String, #[string] json: String) {
    if let Some(sink) = state.try_borrow::<UpdateSink>() {
        let _ = sink.0.send(CallUpdate { call_id, json });
    }
}
