//! The op behind `pi.pushPendingAction`: stages the action in the session's queue (Rust owns
//! it; the JavaScript side keeps only the action's functions) and answers its id.

use deno_core::{op2, OpState};

use crate::pending::{PendingQueue, Staged};

#[op2(fast)]
pub(crate) fn op_pending_push(
    state: &mut OpState,
    #[string] label: String,
    #[string] source_tool_name: String,
    has_reject: bool,
    #[string] call_id: String,
) -> u32 {
    let tool_call_id = (!call_id.is_empty()).then_some(call_id);
    let engine = state.try_borrow::<crate::bridge::EngineNumber>().map_or(1, |n| n.0);
    let id = state
        .borrow::<PendingQueue>()
        .push(Staged {
            label,
            source_tool_name,
            tool_call_id,
            has_reject,
            engine,
        })
        .id;
    // Ids count up from 1 per session; they stay far below u32::MAX.
    id as u32
}
