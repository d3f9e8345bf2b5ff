//! One call's journey through the pipeline: prepared (tool found, arguments validated,
//! concurrency and deadline chosen), waiting for its scheduling permit, running on the engine,
//! then finished with a shaped result — whether it returned, threw, was cancelled or ran
//! past its deadline.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use deno_core::futures::FutureExt;
use serde::Deserialize;
use serde_json::Value;

use super::settings::{configured_concurrency, PipelineSettings};
use super::JsFuture;
use crate::engine::Engine;
use crate::registry::{SourceLocation, ToolEntry};
use crate::result::{error_result, normalize_result, ToolResult};
use crate::schedule::{Concurrency, SchedulePermit, Scheduler};
use crate::session::Session;

pub enum Stage {
    /// Waiting for the shared/exclusive permit.
    Waiting(Pin<Box<dyn Future<Output = SchedulePermit>>>),
    /// `execute` is running; the permit is held until the call ends.
    Running { js: JsFuture, _permit: SchedulePermit },
    /// Done before it ever ran (unknown tool, invalid arguments, aborted while waiting).
    Finished(ToolResult),
}

pub struct CallSlot {
    pub id: String,
    pub tool: ToolEntry,
    pub params: Value,
    pub stage: Stage,
    pub deadline: Duration,
    pub deadline_at: Option<Instant>,
    pub sleep: Option<Pin<Box<tokio::time::Sleep>>>,
    pub cancel: Option<String>,
    pub accepted: Instant,
    pub started: Option<Instant>,
    /// The JavaScript side still holds state for this call (its signal) that must be aborted.
    pub abort_js: bool,
    /// Its script was stopped because it exhausted the JavaScript heap.
    pub heap_exceeded: bool,
    heap_limit_mb: usize,
    /// The pipeline's interruption count when this call started.
    pub interruptions_at_start: u64,
    /// How many session events must have been delivered before this call may start.
    pub after_session_events: u64,
}

impl CallSlot {
    pub fn is_running(&self) -> bool {
        matches!(self.stage, Stage::Running { .. })
    }

    /// The call's result once it has one: settled, cancelled or past its deadline.
    pub fn poll_outcome(&mut self, cx: &mut Context<'_>, engine: &mut Engine) -> Option<ToolResult> {
        match &mut self.stage {
            Stage::Finished(result) => Some(result.clone()),
            Stage::Waiting(_) => None,
            Stage::Running { js, .. } => {
                if let Poll::Ready(settled) = js.poll_unpin(cx) {
                    // Past its deadline or cancelled, a call ends as such even if its promise
                    // settled meanwhile (often because the host killed its child process).
                    if self.cancel.is_some() || self.deadline_at.is_some_and(|d| d <= Instant::now()) {
                        return Some(self.stopped_result());
                    }
                    return Some(match settled {
                        Ok(value) => result_from_reply(&engine.to_string(&value)),
                        Err(err) => {
                            let text = err.to_string();
                            if text.contains("execution terminated") {
                                self.stopped_result()
                            } else {
                                error(&text)
                            }
                        }
                    });
                }
                if let Some(reason) = self.cancel.clone() {
                    self.abort_js = true;
                    engine.abort_call(&self.id, &reason);
                    return Some(aborted(&self.tool.name, &reason));
                }
                if self.sleep.as_mut().is_some_and(|s| s.poll_unpin(cx).is_ready()) {
                    self.abort_js = true;
                    let result = self.deadline_result();
                    engine.abort_call(&self.id, "deadline exceeded");
                    return Some(result);
                }
                None
            }
        }
    }

    fn deadline_result(&self) -> ToolResult {
        let mut result = error(&deadline_message(&self.tool.name, self.deadline));
        result.details = serde_json::json!({ "deadlineExceeded": true, "deadlineMs": self.deadline.as_millis() as u64 });
        result
    }

    /// The result for a call whose script the host stopped: why it was stopped.
    pub fn stopped_result(&self) -> ToolResult {
        if self.heap_exceeded {
            return out_of_memory(&self.tool.name, self.heap_limit_mb);
        }
        if let Some(reason) = &self.cancel {
            return aborted(&self.tool.name, reason);
        }
        if self.deadline_at.is_some_and(|d| d <= Instant::now()) {
            return self.deadline_result();
        }
        error(&format!("Tool {} was stopped by the host.", self.tool.name))
    }
}

/// Looks the tool up, validates the arguments and decides concurrency and deadline.
pub fn prepare(session: &mut Session, settings: &PipelineSettings, scheduler: &Scheduler, id: String, tool_name: String, params: Value) -> CallSlot {
    let accepted = Instant::now();
    let missing_tool = || ToolEntry::missing(&tool_name);
    let mut slot = CallSlot {
        id,
        tool: session.registry.get(&tool_name).cloned().unwrap_or_else(missing_tool),
        params: params.clone(),
        stage: Stage::Finished(error(&format!("Tool {tool_name} not found"))),
        deadline: settings.deadline_for(&session.config, &tool_name),
        deadline_at: None,
        sleep: None,
        cancel: None,
        accepted,
        started: None,
        abort_js: false,
        heap_exceeded: false,
        heap_limit_mb: settings.heap_limit_mb,
        interruptions_at_start: 0,
        after_session_events: 0,
    };
    if session.registry.get(&tool_name).is_none() {
        return slot;
    }
    let params = match session.prepare_arguments(&tool_name, params) {
        Ok(params) => params,
        Err(message) => {
            slot.stage = Stage::Finished(error(&message));
            return slot;
        }
    };
    let concurrency = configured_concurrency(&session.config, &tool_name).unwrap_or_else(|| {
        match session.engine.concurrency_for(slot.tool.js_id, &params.to_string()).as_str() {
            "exclusive" => Concurrency::Exclusive,
            _ => Concurrency::Shared,
        }
    });
    let scheduler = scheduler.clone();
    slot.params = params;
    slot.stage = Stage::Waiting(Box::pin(async move { scheduler.acquire(concurrency).await }));
    slot
}

#[derive(Deserialize)]
struct Reply {
    ok: bool,
    value: Option<Value>,
    error: Option<Thrown>,
}

#[derive(Deserialize)]
struct Thrown {
    message: String,
    location: Option<SourceLocation>,
}

/// Shapes the JavaScript side's reply: a returned value is normalized (contract 4.4); a throw
/// becomes an error result with the message verbatim, plus where in the `.ts` file it was.
pub fn result_from_reply(reply: &str) -> ToolResult {
    let Ok(reply) = serde_json::from_str::<Reply>(reply) else {
        return error(&format!("omp-host: unreadable reply from the engine: {reply}"));
    };
    if reply.ok {
        return normalize_result(reply.value.unwrap_or(Value::Null));
    }
    let thrown = reply.error.unwrap_or(Thrown { message: String::new(), location: None });
    let mut result = error_result(&thrown.message);
    if let Some(location) = thrown.location {
        result.details = serde_json::json!({ "errorLocation": location });
    }
    result
}

pub fn error(message: &str) -> ToolResult {
    error_result(message)
}

fn aborted(tool: &str, reason: &str) -> ToolResult {
    let mut result = error_result(&format!("Tool {tool} was aborted: {reason}."));
    result.details = serde_json::json!({ "aborted": true, "reason": reason });
    result
}

pub fn out_of_memory(tool: &str, heap_limit_mb: usize) -> ToolResult {
    let mut result = error(&format!("Tool {tool} ran out of memory (JavaScript heap limit of {heap_limit_mb} MB) and was stopped."));
    result.details = serde_json::json!({ "heapLimitExceeded": true, "heapLimitMb": heap_limit_mb });
    result
}

pub fn deadline_message(tool: &str, deadline: Duration) -> String {
    format!("Tool {tool} did not finish within its deadline of {} and was stopped.", human_duration(deadline))
}

fn human_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms % 60_000 == 0 && ms >= 60_000 {
        format!("{} min", ms / 60_000)
    } else if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}
