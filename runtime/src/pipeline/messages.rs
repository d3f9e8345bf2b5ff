//! What flows into the call pipeline (requests) and out of it (events), in the wire shape
//! the `run` protocol and `call --json` print: omp's `tool_execution_start/update/end` names
//! with camelCase fields.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::result::ToolResult;

/// A request to the pipeline.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum Request {
    /// Run tool `tool` with `params` as call `id`.
    Call {
        id: String,
        tool: String,
        #[serde(default = "empty_object")]
        params: Value,
    },
    /// Cancel call `id` (its signal aborts; processes it started are killed).
    Cancel { id: String, reason: Option<String> },
    /// Deliver a session event (`{"reason": "start" | "switch" | …}`) to every `onSession`.
    Session { event: Value },
    /// List the loaded tools and load errors.
    List,
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// An event from the pipeline.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum Event {
    ToolExecutionStart {
        tool_call_id: String,
        tool_name: String,
        args: Value,
        /// Milliseconds since the Unix epoch.
        started_at: u64,
    },
    ToolExecutionUpdate {
        tool_call_id: String,
        tool_name: String,
        partial_result: ToolResult,
    },
    ToolExecutionEnd {
        tool_call_id: String,
        tool_name: String,
        result: ToolResult,
        is_error: bool,
        duration_ms: f64,
    },
    /// Final results, emitted in the order the calls were requested.
    Result {
        tool_call_id: String,
        tool_name: String,
        result: ToolResult,
    },
    /// A session event was delivered.
    SessionEvent {
        reason: String,
        delivered: u64,
        errors: Vec<Value>,
        timed_out: bool,
    },
    /// The answer to a `list` request.
    Tools { tools: Vec<Value>, errors: Vec<Value> },
    /// A request that could not be understood or carried out.
    Error { message: String },
}

impl Event {
    /// The call an event belongs to, if any.
    pub fn call_id(&self) -> Option<&str> {
        match self {
            Event::ToolExecutionStart { tool_call_id, .. }
            | Event::ToolExecutionUpdate { tool_call_id, .. }
            | Event::ToolExecutionEnd { tool_call_id, .. }
            | Event::Result { tool_call_id, .. } => Some(tool_call_id),
            _ => None,
        }
    }
}
