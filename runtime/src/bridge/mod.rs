//! What crosses between the engine, its extensions' ops and the rest of the host, as types:
//! how a call ended (returned a value, threw with message and location, was stopped and why,
//! or can never settle), what a module's factory produced, what a tool declares about itself
//! (`declared`), where in a source a problem is (`source_location`), plain JSON values
//! (`plain_json`), a call's queue of partial results (`update_queue`), and what a session
//! event delivery came to. Values are read from V8 with serde_v8 (`read`) and written with it
//! (`write`), never passed as JSON text. Nothing here names the engine or the ops, so both
//! can use it.

pub(crate) mod declared;
pub(crate) mod plain_json;
pub(crate) mod source_location;
pub(crate) mod update_queue;

use deno_core::{serde_v8, v8};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use self::plain_json::PlainJson;
use self::source_location::SourceLocation;

/// How one call's `execute` ended, as the engine saw it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CallOutcome {
    /// It returned (or resolved with) this value, already made plain data.
    Returned(Value),
    /// It threw (or rejected).
    Threw(Thrown),
    /// The host stopped its script.
    Stopped(StopReason),
    /// Its promise is still pending and nothing is left that could settle it. `lost_work`:
    /// the host stopped another script meanwhile, which can drop queued promise steps.
    NeverSettled { lost_work: bool },
}

/// What a call's signal aborts with when its deadline stops it.
pub(crate) const DEADLINE_ABORT_REASON: &str = "deadline exceeded";

/// Why the host stopped a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum StopReason {
    /// The call's deadline passed.
    Deadline,
    /// The call was cancelled.
    Cancelled,
    /// The script exhausted the JavaScript heap.
    HeapLimit,
    /// A module took longer than the load time limit.
    LoadTimeout,
    /// A session event's handlers ran past their time limit.
    SessionEventTimeout,
    /// The script belongs to no running job (or to one that has ended) and would not yield.
    Runaway,
    /// The host is shutting down.
    Shutdown,
}

impl StopReason {
    /// The reason as the host log names it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            StopReason::Deadline => "deadline",
            StopReason::Cancelled => "cancelled",
            StopReason::HeapLimit => "heap limit",
            StopReason::LoadTimeout => "load timeout",
            StopReason::SessionEventTimeout => "session event timeout",
            StopReason::Runaway => "runaway",
            StopReason::Shutdown => "shutdown",
        }
    }
}

/// A thrown value, described by the JavaScript side (`ext/host/errors.js`).
#[derive(Debug, Clone, PartialEq, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Thrown {
    pub message: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub stack: Option<String>,
    /// The first place in a tool file the stack points at.
    #[serde(default)]
    pub location: Option<SourceLocation>,
    /// Set when the throw came from `process.exit(code)`.
    #[serde(default)]
    pub process_exit: Option<f64>,
    /// It is omp's `ToolError` (or a subclass): its message is shown as it is.
    #[serde(default)]
    pub tool_error: bool,
}

/// One tool a factory returned, as `ext/host/load.js` describes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ToolDescriptor {
    /// The tool's index on the JavaScript side.
    pub id: u32,
    pub name: String,
    pub label: String,
    pub description: String,
    pub parameters: PlainJson,
    #[serde(default)]
    pub validation: Option<PlainJson>,
    pub schema_kind: self::declared::SchemaKind,
    /// pi's `outputSchema` (the shape of `structuredContent` in the tool's results), as JSON
    /// Schema, when the tool declares one.
    #[serde(default)]
    pub output_schema: Option<OutputSchemaDescriptor>,
    /// The parameter names of `execute`, for telling omp's argument order from pi's.
    #[serde(default)]
    pub execute_params: Vec<String>,
    pub hidden: bool,
    pub deferrable: bool,
    /// The declared `approval` when it is not a function.
    #[serde(default)]
    pub approval: Option<PlainJson>,
    /// `approval` is a function, asked on every call.
    #[serde(default)]
    pub approval_per_call: bool,
    #[serde(default)]
    pub concurrency: Option<self::declared::DeclaredConcurrency>,
    #[serde(default)]
    pub truncate: Option<crate::result::Keep>,
    pub has_on_session: bool,
    /// MCP-style hints the tool declared (pi's `annotations`: `readOnlyHint`, …).
    #[serde(default)]
    pub annotations: Option<PlainJson>,
    /// Registered with `pi.registerTool` (a pi extension's tool) rather than returned.
    #[serde(default)]
    pub registered: bool,
    /// pi's `exposure`, `defaultActive`, `promptSnippet` and `promptGuidelines`.
    #[serde(default)]
    pub exposure: self::declared::Exposure,
    #[serde(default = "active_by_default")]
    pub default_active: bool,
    #[serde(default)]
    pub prompt_snippet: Option<String>,
    #[serde(default)]
    pub prompt_guidelines: Vec<String>,
    /// The tool has pi's `prepareArguments(args)`, run before its arguments are validated.
    #[serde(default)]
    pub prepares_arguments: bool,
}

/// A tool's `outputSchema` as JSON Schema, and which builder made it.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct OutputSchemaDescriptor {
    pub kind: self::declared::SchemaKind,
    pub schema: PlainJson,
}

fn active_by_default() -> bool {
    true
}

/// An entry the factory returned that is not a valid tool.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct EntryError {
    pub message: String,
}

/// `loadModule`'s answer.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct ModuleReply {
    pub ok: bool,
    #[serde(default)]
    pub tools: Vec<ToolDescriptor>,
    #[serde(default)]
    pub errors: Vec<EntryError>,
    #[serde(default)]
    pub error: Option<Thrown>,
    /// Set when the module is a pi extension that used its ExtensionAPI.
    #[serde(default)]
    pub extension: Option<ExtensionFacts>,
    /// The engine-side slot of the extension's session handlers (`pi.on("session_start")`, …).
    #[serde(default, rename = "sessionHandler")]
    pub session_handler: Option<u32>,
}

/// What a pi extension did with its ExtensionAPI while it loaded, besides registering tools.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
pub(crate) struct ExtensionFacts {
    /// The events it subscribed to (`pi.on`), each once.
    #[serde(default)]
    pub handlers: Vec<String>,
    /// The members it used that do nothing here (commands, shortcuts, renderers, …).
    #[serde(default)]
    pub ignored: Vec<String>,
}

/// Why loading a module failed before its factory could answer.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum LoadFailure {
    /// Importing or evaluating it threw (message and location from the engine).
    Threw { message: String, location: Option<SourceLocation> },
    /// It took longer than the load time limit.
    TimedOut,
    /// Its top-level await can never settle.
    NeverSettled,
    /// It exhausted the JavaScript heap.
    HeapLimit,
    /// The engine was wedged before the load ended: by this load's own code (`culprit`, past
    /// its time limit), or by another job's.
    EngineWedged { culprit: bool },
}

/// What delivering a session event to every `onSession` came to.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionReport {
    pub delivered: u64,
    #[serde(default)]
    pub errors: Vec<PlainJson>,
    #[serde(default)]
    pub timed_out: bool,
}

/// Reads a JavaScript value as `T`.
pub(crate) fn read<'s, T: DeserializeOwned>(scope: &mut v8::PinScope<'s, '_>, value: v8::Local<'s, v8::Value>) -> Result<T, String> {
    serde_v8::from_v8(scope, value).map_err(|e| e.to_string())
}

/// Writes `value` as a JavaScript value.
pub(crate) fn write<'s, T: Serialize + ?Sized>(scope: &mut v8::PinScope<'s, '_>, value: &T) -> v8::Local<'s, v8::Value> {
    serde_v8::to_v8(scope, value).unwrap_or_else(|_| v8::null(scope).into())
}

/// The engine's own number, in its op state (a pending action records where it was staged).
#[derive(Debug, Clone, Copy)]
pub(crate) struct EngineNumber(pub u64);
