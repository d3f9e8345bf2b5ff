//! The ops behind pi's tool-set members (`ext/host/extension_api.js`): `pi.registerTool` after
//! an extension's load, `pi.setActiveTools`, `pi.getActiveTools` and `pi.getAllTools`. They
//! hand changes to the session (`tool_changes.rs`), which applies them and tells the front
//! ends, and read the session's view of its tools.

use deno_core::{op2, OpState};
use serde_json::Value;

use crate::bridge::ToolDescriptor;
use crate::tool_changes::ToolChanges;

/// A tool the extension loaded from `path` registered after its load.
#[op2]
pub(crate) fn op_tools_register_late(state: &mut OpState, #[string] path: String, #[serde] tool: ToolDescriptor) {
    state.borrow::<ToolChanges>().register(path.into(), tool);
}

/// `pi.setActiveTools(names)`.
#[op2]
pub(crate) fn op_tools_set_active(state: &mut OpState, #[serde] names: Vec<String>) {
    state.borrow::<ToolChanges>().choose_active(&names);
}

/// `pi.getActiveTools()`.
#[op2]
#[serde]
pub(crate) fn op_tools_active(state: &mut OpState) -> Vec<String> {
    state.borrow::<ToolChanges>().active()
}

/// `pi.getAllTools()`.
#[op2]
#[serde]
pub(crate) fn op_tools_all(state: &mut OpState) -> Vec<Value> {
    state.borrow::<ToolChanges>().all()
}
