//! The call pipeline: every call goes through here, so every tool gets the same guarantees.
//! One driver owns the session's engine and, turn by turn, reads requests, validates
//! arguments, schedules calls (shared or exclusive), starts them on the engine, forwards
//! partial results, enforces cancellation and deadlines, shapes and bounds results, and emits
//! events — with a watchdog thread for scripts that never yield.

pub mod call;
pub mod messages;
pub mod order;
pub mod settings;
pub mod watchdog;

use std::future::poll_fn;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use deno_core::futures::FutureExt;
use serde_json::Value;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

use crate::engine::updates::CallUpdate;
use crate::engine::LoopTurn;
use crate::result::{normalize_result, ToolResult};
use crate::schedule::Scheduler;
use crate::session::Session;
use call::{CallSlot, Stage};
use messages::{Event, Request};
use order::ResultOrder;
use settings::{PipelineSettings, SESSION_EVENT_TIMEOUT, SHUTDOWN_EVENT_TIMEOUT};
use watchdog::Watchdog;

type JsFuture = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<deno_core::v8::Global<deno_core::v8::Value>, Box<deno_core::error::JsError>>>>,
>;

/// A session event being delivered.
struct LifecycleSlot {
    key: String,
    reason: String,
    future: JsFuture,
}

/// Runs requests until the request stream closes and all work is done.
pub struct Pipeline<'s> {
    session: &'s mut Session,
    settings: PipelineSettings,
    scheduler: Scheduler,
    watchdog: Watchdog,
    updates: UnboundedReceiver<CallUpdate>,
    events: UnboundedSender<Event>,
    calls: Vec<CallSlot>,
    /// The session event being delivered (one at a time, in order) and those waiting.
    lifecycle: Vec<LifecycleSlot>,
    lifecycle_queue: std::collections::VecDeque<Value>,
    /// How many times a script had to be stopped; calls compare it to explain lost work.
    interruptions: u64,
    /// Session events requested and delivered so far: a call waits for those before it.
    lifecycle_requested: u64,
    lifecycle_done: u64,
    order: ResultOrder<(String, ToolResult)>,
    lifecycle_count: u64,
    requests_closed: bool,
}

impl<'s> Pipeline<'s> {
    pub fn new(session: &'s mut Session, events: UnboundedSender<Event>) -> Pipeline<'s> {
        let settings = PipelineSettings::from_config(&session.config, session.heap_limit);
        session.engine.warm_up();
        let (busy, isolate) = session.engine.watch_handles();
        let updates = session.engine.take_updates().expect("the pipeline owns the update stream");
        let _ = crate::result::cleanup_spill_dir(&settings.spill_dir, crate::result::SPILL_MAX_AGE);
        Pipeline {
            session,
            settings,
            scheduler: Scheduler::new(),
            watchdog: Watchdog::start(busy, isolate),
            updates,
            events,
            calls: Vec::new(),
            lifecycle: Vec::new(),
            lifecycle_queue: Default::default(),
            interruptions: 0,
            lifecycle_requested: 0,
            lifecycle_done: 0,
            order: ResultOrder::default(),
            lifecycle_count: 0,
            requests_closed: false,
        }
    }

    /// A handle other threads use to stop a runaway script when its call is cancelled.
    pub fn interrupter(&self) -> watchdog::Interrupter {
        self.watchdog.interrupter()
    }

    /// Serves `requests` until they end and every call and session event has finished.
    pub async fn run(mut self, mut requests: UnboundedReceiver<Request>) {
        poll_fn(|cx| self.turn(cx, &mut requests)).await
    }

    fn emit(&self, event: Event) {
        let _ = self.events.send(event);
    }

    /// One pass over everything; Ready when all work is done and no request can come.
    fn turn(&mut self, cx: &mut Context<'_>, requests: &mut UnboundedReceiver<Request>) -> Poll<()> {
        for _ in 0..64 {
            let mut progressed = self.take_requests(cx, requests);
            progressed |= self.start_ready_calls(cx);
            let idle = match self.session.engine.poll_turn(cx) {
                Poll::Pending => false,
                Poll::Ready(LoopTurn::Idle) => true,
                Poll::Ready(LoopTurn::Interrupted { reason, heap_exceeded }) => {
                    // A cancellation may be what stopped the script: take it in first.
                    self.take_requests(cx, requests);
                    self.interrupted(&reason, heap_exceeded);
                    progressed = true;
                    false
                }
            };
            progressed |= self.forward_updates(cx);
            // A cancellation that stopped a script arrives while that script runs: take it in
            // before deciding how stopped calls ended.
            progressed |= self.take_requests(cx, requests);
            progressed |= self.poll_calls(cx);
            progressed |= self.poll_lifecycle(cx);
            if idle && self.requests_closed && !progressed {
                // Nothing ran in this pass, the engine has nothing left to run and no request
                // can arrive: whatever is still pending can never settle.
                progressed |= self.fail_stalled();
            }
            if self.requests_closed && self.calls.is_empty() && self.lifecycle.is_empty() && self.lifecycle_queue.is_empty() {
                return Poll::Ready(());
            }
            if !progressed {
                return Poll::Pending;
            }
        }
        cx.waker().wake_by_ref();
        Poll::Pending
    }

    /// Accepts every request waiting; true if there was any.
    fn take_requests(&mut self, cx: &mut Context<'_>, requests: &mut UnboundedReceiver<Request>) -> bool {
        let mut took = false;
        while !self.requests_closed {
            match requests.poll_recv(cx) {
                Poll::Ready(Some(request)) => {
                    self.accept(request);
                    took = true;
                }
                Poll::Ready(None) => self.requests_closed = true,
                Poll::Pending => break,
            }
        }
        took
    }

    fn accept(&mut self, request: Request) {
        match request {
            Request::Call { id, tool, params } => self.accept_call(id, tool, params),
            Request::Cancel { id, reason } => {
                let reason = reason.unwrap_or_else(|| "Interrupted by user".to_string());
                match self.calls.iter_mut().find(|c| c.id == id) {
                    Some(slot) => slot.cancel = Some(reason),
                    None => self.emit(Event::Error { message: format!("cancel: no running call with id \"{id}\"") }),
                }
            }
            Request::Session { event } => {
                self.lifecycle_requested += 1;
                self.lifecycle_queue.push_back(event);
                self.start_next_lifecycle();
            }
            Request::List => {
                let tools = self.session.registry.tools().iter().map(|t| serde_json::to_value(t).unwrap_or_default()).collect();
                let errors = self.session.registry.errors().iter().map(|e| serde_json::to_value(e).unwrap_or_default()).collect();
                self.emit(Event::Tools { tools, errors });
            }
        }
    }

    fn accept_call(&mut self, id: String, tool_name: String, params: Value) {
        if self.calls.iter().any(|c| c.id == id) {
            self.emit(Event::Error { message: format!("call: id \"{id}\" is already running; use a new id for each call") });
            return;
        }
        self.order.requested(&id);
        self.emit(Event::ToolExecutionStart { tool_call_id: id.clone(), tool_name: tool_name.clone(), args: params.clone(), started_at: epoch_ms() });
        let mut slot = call::prepare(self.session, &self.settings, &self.scheduler, id, tool_name, params);
        slot.after_session_events = self.lifecycle_requested;
        if let Stage::Finished(result) = &slot.stage {
            let result = result.clone();
            self.finish_now(slot, result);
            return;
        }
        self.calls.push(slot);
    }

    /// Calls whose permit arrived start on the engine.
    fn start_ready_calls(&mut self, cx: &mut Context<'_>) -> bool {
        let mut progressed = false;
        for slot in &mut self.calls {
            if let Some(reason) = slot.cancel.clone() {
                if matches!(slot.stage, Stage::Waiting(_)) {
                    slot.stage = Stage::Finished(call::error(&format!("Tool was not executed because the run was aborted: {reason}.")));
                    progressed = true;
                    continue;
                }
            }
            if slot.after_session_events > self.lifecycle_done {
                continue;
            }
            let Stage::Waiting(permit) = &mut slot.stage else { continue };
            let Poll::Ready(permit) = permit.poll_unpin(cx) else { continue };
            let deadline = Instant::now() + slot.deadline;
            self.watchdog.arm(&slot.id, deadline);
            slot.deadline_at = Some(deadline);
            slot.sleep = Some(Box::pin(tokio::time::sleep_until(deadline.into())));
            slot.started = Some(Instant::now());
            slot.interruptions_at_start = self.interruptions;
            let info = self.session.call_info_json();
            let js = self.session.engine.start_call(slot.tool.js_id, &slot.id, &slot.params.to_string(), &info);
            let mut stopped = self.session.engine.take_stopped_in_call();
            if stopped.is_none() {
                // Let this call's first steps run on their own: if another script has to be
                // stopped later, fewer of this call's queued steps can be lost with it.
                self.session.engine.run_microtasks(&slot.id);
                stopped = self.session.engine.take_stopped_in_call();
            }
            slot.heap_exceeded = stopped == Some(true);
            slot.stage = Stage::Running { js: Box::pin(js), _permit: permit };
            progressed = true;
        }
        progressed
    }

    fn forward_updates(&mut self, cx: &mut Context<'_>) -> bool {
        let mut progressed = false;
        while let Poll::Ready(Some(update)) = self.updates.poll_recv(cx) {
            progressed = true;
            let Some(slot) = self.calls.iter().find(|c| c.id == update.call_id && c.is_running()) else { continue };
            let partial = normalize_result(serde_json::from_str(&update.json).unwrap_or(Value::Null));
            self.emit(Event::ToolExecutionUpdate { tool_call_id: slot.id.clone(), tool_name: slot.tool.name.clone(), partial_result: partial });
        }
        progressed
    }

    /// Settled calls, cancellations and deadlines.
    fn poll_calls(&mut self, cx: &mut Context<'_>) -> bool {
        let mut progressed = false;
        let mut index = 0;
        while index < self.calls.len() {
            let outcome = self.calls[index].poll_outcome(cx, &mut self.session.engine);
            match outcome {
                Some(result) => {
                    let slot = self.calls.remove(index);
                    self.finish(slot, result);
                    progressed = true;
                }
                None => index += 1,
            }
        }
        progressed
    }

    /// Stops a finished call's watch, shapes its result and emits end (and results in order).
    fn finish(&mut self, mut slot: CallSlot, result: ToolResult) {
        self.watchdog.disarm(&slot.id);
        if slot.is_running() || slot.abort_js {
            self.session.engine.abort_call(&slot.id, "call finished");
        }
        slot.stage = Stage::Finished(result.clone());
        self.finish_now(slot, result);
    }

    fn finish_now(&mut self, slot: CallSlot, result: ToolResult) {
        let mut policy = self.settings.truncation.clone();
        if slot.tool.truncate.as_deref() == Some("tail") {
            policy.keep = crate::result::Keep::Tail;
        }
        let result = crate::result::truncate_result(result, &policy, &self.settings.spill_dir, &slot.id);
        let duration_ms = slot.accepted.elapsed().as_secs_f64() * 1000.0;
        self.emit(Event::ToolExecutionEnd {
            tool_call_id: slot.id.clone(),
            tool_name: slot.tool.name.clone(),
            is_error: result.is_error,
            result: result.clone(),
            duration_ms,
        });
        for (id, (tool_name, result)) in self.order.finished(&slot.id, (slot.tool.name.clone(), result)) {
            self.emit(Event::Result { tool_call_id: id, tool_name, result });
        }
    }

    /// JavaScript was stopped or threw out of the event loop: find the call whose script it
    /// was and end it with the reason. A call is only blamed with evidence: the engine names
    /// it, or its deadline has passed, or it was cancelled (or, for the heap, it is the only
    /// one running).
    fn interrupted(&mut self, reason: &str, heap_exceeded: bool) {
        self.interruptions += 1;
        let victim = self.session.engine.active_call();
        let now = Instant::now();
        let running: Vec<usize> = (0..self.calls.len()).filter(|&i| self.calls[i].is_running()).collect();
        let named = victim.as_deref().and_then(|id| running.iter().copied().find(|&i| self.calls[i].id == id));
        let target = named
            .or_else(|| running.iter().copied().find(|&i| self.calls[i].deadline_at.is_some_and(|d| d <= now)))
            .or_else(|| running.iter().copied().find(|&i| self.calls[i].cancel.is_some()))
            .or_else(|| if heap_exceeded && running.len() == 1 { Some(running[0]) } else { None });
        let Some(index) = target else {
            if heap_exceeded {
                self.session.log.write("error", "A script ran out of heap and was stopped; no call could be blamed", None);
            }
            return;
        };
        let slot = &self.calls[index];
        let result = if heap_exceeded {
            call::out_of_memory(&slot.tool.name, self.settings.heap_limit_mb)
        } else if reason.contains("execution terminated") {
            slot.stopped_result()
        } else {
            call::error(reason)
        };
        let slot = self.calls.remove(index);
        self.finish(slot, result);
    }

    fn fail_stalled(&mut self) -> bool {
        let stalled: Vec<usize> = (0..self.calls.len()).filter(|&i| self.calls[i].is_running()).collect();
        for index in stalled.into_iter().rev() {
            let slot = self.calls.remove(index);
            let message = if slot.interruptions_at_start < self.interruptions {
                format!(
                    "Tool {} could not finish: the host had to stop another tool's runaway script while this call was between steps, and its pending work was lost with it",
                    slot.tool.name
                )
            } else {
                format!("Tool {} never settled: its promise is still pending and nothing is left that could settle it", slot.tool.name)
            };
            self.finish(slot, call::error(&message));
        }
        let waiting = self.lifecycle.len();
        for slot in std::mem::take(&mut self.lifecycle) {
            self.watchdog.disarm(&slot.key);
            self.lifecycle_done += 1;
            self.emit(Event::SessionEvent { reason: slot.reason, delivered: 0, errors: Vec::new(), timed_out: true });
        }
        self.start_next_lifecycle();
        waiting > 0 || !self.calls.is_empty()
    }

    /// Starts the next queued session event unless one is being delivered.
    fn start_next_lifecycle(&mut self) {
        while self.lifecycle.is_empty() {
            let Some(event) = self.lifecycle_queue.pop_front() else { return };
            self.start_lifecycle(event);
        }
    }

    fn start_lifecycle(&mut self, event: Value) {
        let reason = event.get("reason").and_then(Value::as_str).unwrap_or("").to_string();
        if reason.is_empty() {
            self.lifecycle_done += 1;
            self.emit(Event::Error { message: "session: the event needs a string \"reason\" (start, switch, branch, tree, shutdown, …)".into() });
            return;
        }
        let timeout = if reason == "shutdown" { SHUTDOWN_EVENT_TIMEOUT } else { SESSION_EVENT_TIMEOUT };
        self.lifecycle_count += 1;
        let key = format!("session-event-{}", self.lifecycle_count);
        // A handler that spins is stopped a little after the soft timeout.
        self.watchdog.arm(&key, Instant::now() + timeout + Duration::from_millis(500));
        let info = self.session.call_info_json();
        let future = self.session.engine.start_session_event(&event.to_string(), &info, timeout.as_millis() as u64);
        self.lifecycle.push(LifecycleSlot { key, reason, future: Box::pin(future) });
    }

    fn poll_lifecycle(&mut self, cx: &mut Context<'_>) -> bool {
        let mut progressed = false;
        let mut index = 0;
        while index < self.lifecycle.len() {
            let Poll::Ready(settled) = self.lifecycle[index].future.poll_unpin(cx) else {
                index += 1;
                continue;
            };
            let slot = self.lifecycle.remove(index);
            self.watchdog.disarm(&slot.key);
            self.lifecycle_done += 1;
            progressed = true;
            let report: Value = match settled {
                Ok(value) => serde_json::from_str(&self.session.engine.to_string(&value)).unwrap_or(Value::Null),
                Err(err) => serde_json::json!({ "errors": [{ "tool": "", "error": err.to_string() }] }),
            };
            let errors = report.get("errors").and_then(Value::as_array).cloned().unwrap_or_default();
            for error in &errors {
                self.session.log.write("warn", "Custom tool onSession error", Some(error));
            }
            let timed_out = report.get("timedOut").and_then(Value::as_bool).unwrap_or(false);
            if timed_out {
                self.session.log.write("warn", "Custom tool onSession handlers timed out", Some(&serde_json::json!({ "reason": slot.reason })));
            }
            self.emit(Event::SessionEvent {
                reason: slot.reason,
                delivered: report.get("delivered").and_then(Value::as_u64).unwrap_or(0),
                errors,
                timed_out,
            });
        }
        if progressed {
            self.start_next_lifecycle();
        }
        progressed
    }
}

fn epoch_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}
