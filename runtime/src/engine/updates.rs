//! Partial results a tool reports through `onUpdate`, routed from the engine straight to the
//! task that runs the call, in the order they were reported. The value arrives as plain data
//! (`js/host/plain.js`) through serde_v8.

use std::collections::HashMap;

use deno_core::{op2, OpState};
use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

/// Where each running call's updates go, kept in `OpState`.
#[derive(Default)]
pub struct UpdateRoutes(HashMap<String, UnboundedSender<Value>>);

impl UpdateRoutes {
    pub fn open(&mut self, call_id: &str, sink: UnboundedSender<Value>) {
        self.0.insert(call_id.to_string(), sink);
    }

    pub fn close(&mut self, call_id: &str) {
        self.0.remove(call_id);
    }
}

/// `onUpdate(partial)` of call `call_id`.
#[op2]
pub fn op_call_update(state: &mut OpState, #[string] call_id: &str, #[serde] partial: super::plain_json::PlainJson) {
    if let Some(sink) = state.borrow::<UpdateRoutes>().0.get(call_id) {
        let _ = sink.send(partial.0);
    }
}
