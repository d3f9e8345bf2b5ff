//! What the core reports (events), in the wire shape the `run` protocol and `call --json`
//! print: omp's `tool_execution_start/update/end` names with camelCase fields, plus session
//! events, tool lists and errors. Each call's events go to the sink given with the call;
//! host-wide events go to the core's own sink.

use serde::Serialize;
use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

use crate::pending::Action;
use crate::result::ToolResult;

/// Where events go.
pub(crate) type EventSink = UnboundedSender<Event>;

/// An event from the core.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum Event {
    ToolExecutionStart {
        tool_call_id: String,
        tool_name: String,
        args: Value,
        /// Milliseconds since the Unix epoch.
        started_at: u64,
        /// For a call a tool made of another (pi's `ctx.executeTool`): the caller's id.
        #[serde(skip_serializing_if = "Option::is_none")]
        parent_tool_call_id: Option<String>,
    },
    ToolExecutionUpdate {
        tool_call_id: String,
        tool_name: String,
        partial_result: ToolResult,
        #[serde(skip_serializing_if = "Option::is_none")]
        parent_tool_call_id: Option<String>,
    },
    ToolExecutionEnd {
        tool_call_id: String,
        tool_name: String,
        result: ToolResult,
        is_error: bool,
        duration_ms: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        parent_tool_call_id: Option<String>,
    },
    /// A session event was delivered to the tools' `onSession` handlers.
    SessionEvent {
        reason: String,
        delivered: u64,
        errors: Vec<Value>,
        timed_out: bool,
    },
    /// The pending-action queue changed: an action was staged or came back (`queued`), is
    /// forced for the next model request (`in_flight`), or is done (`applied`, `discarded`).
    PendingAction {
        state: &'static str,
        action: Action,
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// A message for the agent to add to its conversation (the resolve reminder, contract 8.2).
    Steer { message: Value },
    /// The answer to `tool_choice`: the tool choice to force for the next model request
    /// (provider-neutral `{"type": "tool", "name": "resolve"}`), or null.
    ToolChoice {
        tool_choice: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        action: Option<Action>,
    },
    /// A tool called `ctx.abort()`: the client should stop the agent's turn. `toolCallId` is
    /// the call that asked (absent when an `onSession` handler asked).
    AbortTurn {
        #[serde(skip_serializing_if = "Option::is_none")]
        tool_call_id: Option<String>,
    },
    /// An extension's `pi.sendMessage`: `message` is pi's custom message (`role: "custom"`,
    /// `customType`, `content`, `display`, `details`, `timestamp`) for the client's
    /// conversation, as pi's `message_end` carries it; `options` are pi's delivery options
    /// (`deliverAs`, `triggerTurn`) when given; `toolCallId` the call that sent it, if one did.
    MessageEnd {
        message: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        options: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        tool_call_id: Option<String>,
    },
    /// The loaded tools and load errors: the answer to `list`, and sent by itself after each
    /// hot reload, with the module files that reload loaded again, added or removed.
    Tools {
        tools: Vec<Value>,
        errors: Vec<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        reloaded: Option<Vec<std::path::PathBuf>>,
    },
    /// A question for the user (`pi.ui.select/confirm/input/editor`, or the approval gate);
    /// the client answers with `ui_reply` and this `id`.
    UiRequest {
        id: String,
        tool_call_id: Option<String>,
        method: &'static str,
        title: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        options: Option<Vec<String>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        placeholder: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        prefill: Option<String>,
        /// Cancelled when the question is answered or withdrawn (for front ends that wait).
        #[serde(skip)]
        withdrawn: tokio_util::sync::CancellationToken,
    },
    /// A question is no longer waiting for an answer: its call was cancelled or ended, its
    /// signal aborted or its timeout passed.
    UiWithdrawn { id: String, tool_call_id: Option<String>, reason: String },
    /// `pi.ui.notify(message, type)`; `level` is `info`, `warning` or `error`.
    UiNotify {
        tool_call_id: Option<String>,
        message: String,
        level: String,
    },
    /// `pi.ui.setStatus(key, text)`; a null `text` clears the status.
    UiStatus {
        tool_call_id: Option<String>,
        key: String,
        text: Option<String>,
    },
    /// A request that could not be understood or carried out; `id` is the request's call id
    /// when it had one.
    Error {
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
}

impl Event {
    /// The call an event belongs to, if any.
    pub(crate) fn call_id(&self) -> Option<&str> {
        match self {
            Event::ToolExecutionStart { tool_call_id, .. } | Event::ToolExecutionUpdate { tool_call_id, .. } | Event::ToolExecutionEnd { tool_call_id, .. } => {
                Some(tool_call_id)
            }
            _ => None,
        }
    }

    /// For an event of a call a tool made of another: the calling tool's call id.
    pub(crate) fn parent_call_id(&self) -> Option<&str> {
        match self {
            Event::ToolExecutionStart { parent_tool_call_id, .. }
            | Event::ToolExecutionUpdate { parent_tool_call_id, .. }
            | Event::ToolExecutionEnd { parent_tool_call_id, .. } => parent_tool_call_id.as_deref(),
            _ => None,
        }
    }
}

/// Milliseconds since the Unix epoch.
pub(crate) fn epoch_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
