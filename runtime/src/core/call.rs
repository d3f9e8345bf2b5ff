//! One call, as one task: find the tool, validate the arguments, wait for earlier session
//! events and for the shared/exclusive permit, run `execute` on the engine while racing its
//! outcome against cancellation and the deadline, then shape and bound the result. An
//! `EndGuard` emits `tool_execution_end` when the task ends, whatever path it took, so no
//! exit path can forget it; no call's answer waits for another call.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::approval;
use super::nested_record::NestedCallRecord;
use super::outcome;
use super::settings::configured_concurrency;
use super::Inner;
use crate::bridge::{CallOutcome, StopReason, DEADLINE_ABORT_REASON};
use crate::engine::{CallRun, Run};
use crate::events::{epoch_ms, Event, EventSink};
use crate::pending::{resolve_tool, Action, Resolution, Take};
use crate::registry::{DeclaredConcurrency, Runs, ToolEntry};
use crate::result::{error_result, normalize_result, ToolResult};
use crate::schedule::Concurrency;

/// A call's cancel switch, shared by the task and whoever may cancel it, and what the calls
/// it makes of other tools (pi's `ctx.executeTool`) take from it.
pub(crate) struct CallControl {
    token: CancellationToken,
    reason: Mutex<Option<String>>,
    /// Cancelled when the call is cancelled or ends: the calls it made end with it.
    ended: CancellationToken,
    /// The call that made this one, for a nested call.
    parent: Option<Arc<CallControl>>,
    /// Where the call's events go and which ones the front end wants (its nested calls'
    /// events go there too).
    front: (EventSink, Watch),
    /// The record of the calls made under the client's call this one is or belongs to
    /// (pi's `nestedCalls`), made when the first of them starts; and this call's place in
    /// it if it is a nested one.
    record: OnceLock<Arc<NestedCallRecord>>,
    recorded_as: Option<usize>,
}

impl CallControl {
    /// The switch of a call the front end made, whose events go to `sink`.
    pub(crate) fn new(sink: EventSink, watch: Watch) -> CallControl {
        let token = CancellationToken::new();
        CallControl {
            ended: token.child_token(),
            token,
            reason: Mutex::default(),
            parent: None,
            front: (sink, watch),
            record: OnceLock::new(),
            recorded_as: None,
        }
    }

    /// The switch of a call `parent` makes: cancelling or ending `parent` cancels it.
    /// `recorded_as` is its place in the record of nested calls (`record`).
    pub(crate) fn nested_in(parent: Arc<CallControl>, recorded_as: Option<usize>) -> CallControl {
        let token = parent.ended.child_token();
        CallControl {
            ended: token.child_token(),
            token,
            reason: Mutex::default(),
            front: parent.front.clone(),
            record: OnceLock::from(parent.shared_record()),
            recorded_as,
            parent: Some(parent),
        }
    }

    /// The record of the nested calls of the client's call this one is or belongs to.
    pub(crate) fn record(&self) -> &NestedCallRecord {
        self.record.get_or_init(Arc::default)
    }

    fn shared_record(&self) -> Arc<NestedCallRecord> {
        self.record.get_or_init(Arc::default).clone()
    }

    /// Cancels the call with `reason` (the first reason wins).
    pub(crate) fn cancel(&self, reason: &str) {
        self.reason.lock().unwrap().get_or_insert_with(|| reason.to_string());
        self.token.cancel();
    }

    fn reason(&self) -> String {
        if let Some(reason) = self.reason.lock().unwrap().clone() {
            return reason;
        }
        match &self.parent {
            Some(parent) if parent.token.is_cancelled() => parent.reason(),
            Some(_) => "the tool that called it ended first".into(),
            None => "Interrupted by user".into(),
        }
    }

    /// How many calls deep this one is made (0: the front end made it).
    pub(crate) fn depth(&self) -> usize {
        self.parent.as_ref().map_or(0, |parent| parent.depth() + 1)
    }

    /// Where the front end gets the call's events, and which.
    pub(crate) fn front(&self) -> &(EventSink, Watch) {
        &self.front
    }
}

/// A call as requested.
pub(crate) struct CallRequest {
    pub id: String,
    pub tool: String,
    pub params: Value,
    pub sink: EventSink,
    /// Which events the front end wants besides the end (which it always gets).
    pub watch: Watch,
    /// The running call that made this one (pi's `ctx.executeTool`): its events say so, it
    /// runs under that call's shared/exclusive permit, and the session file does not
    /// record it (as pi's transcript does not).
    pub parent: Option<String>,
}

/// Which of a call's events a front end uses; the ones it does not are never built.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Watch {
    pub start: bool,
    pub updates: bool,
}

impl Watch {
    /// Every event (the `run` protocol and `call --json`).
    pub(crate) const ALL: Watch = Watch { start: true, updates: true };
}

/// Emits the call's end event when dropped: with the result it was given, or with an error
/// saying the call was lost if the task ended without one.
struct EndGuard {
    sink: EventSink,
    id: String,
    tool: String,
    parent: Option<String>,
    accepted: Instant,
    result: Option<ToolResult>,
    /// For a nested call: where its end is noted in the record of nested calls.
    recorded: Option<(Arc<NestedCallRecord>, usize)>,
}

impl EndGuard {
    fn finish(mut self, result: ToolResult) {
        self.result = Some(result);
    }
}

impl Drop for EndGuard {
    fn drop(&mut self) {
        let result = self
            .result
            .take()
            .unwrap_or_else(|| error_result(&format!("Tool {} was interrupted: the host stopped serving the call", self.tool)));
        if let Some((record, place)) = self.recorded.take() {
            record.finish(place, &result);
        }
        let _ = self.sink.send(Event::ToolExecutionEnd {
            tool_call_id: std::mem::take(&mut self.id),
            tool_name: std::mem::take(&mut self.tool),
            is_error: result.is_error,
            result,
            duration_ms: self.accepted.elapsed().as_secs_f64() * 1000.0,
            parent_tool_call_id: self.parent.take(),
        });
    }
}

/// Runs call `request` to its end; `control` cancels it.
pub(crate) async fn run(inner: Arc<Inner>, request: CallRequest, control: Arc<CallControl>) {
    let CallRequest {
        id,
        tool: tool_name,
        params,
        sink,
        watch,
        parent,
    } = request;
    let after_session_events = inner.lifecycle.requested_so_far();
    if watch.start {
        let _ = sink.send(Event::ToolExecutionStart {
            tool_call_id: id.clone(),
            tool_name: tool_name.clone(),
            args: params.clone(),
            started_at: epoch_ms(),
            parent_tool_call_id: parent.clone(),
        });
    }
    let end = EndGuard {
        sink: sink.clone(),
        id: id.clone(),
        tool: tool_name.clone(),
        parent: parent.clone(),
        accepted: Instant::now(),
        result: None,
        recorded: control.recorded_as.map(|place| (control.shared_record(), place)),
    };
    let updates = watch.updates.then_some(Updates {
        sink: &sink,
        parent: parent.as_deref(),
    });
    let recorded = inner.session_log.as_ref().filter(|_| parent.is_none());
    let arguments = recorded.and_then(|_| serde_json::value::to_raw_value(&params).ok());
    let nested = parent.is_some();
    let result = execute(&inner, &id, &tool_name, params, updates, &control, after_session_events, nested).await;
    // The calls this one made end with it.
    control.ended.cancel();
    if let (Some(log), Some(arguments)) = (recorded, arguments) {
        // Before the end goes out: a call the client starts after seeing it sees this one.
        let nested_calls = control.record.get().and_then(|record| record.snapshot());
        log.record_call(&id, &tool_name, arguments, &result, nested_calls.as_ref());
    }
    end.finish(result);
    inner.forget(&id);
}

/// Where a call's partial results go, and the call that made it (if another call did).
#[derive(Clone, Copy)]
struct Updates<'a> {
    sink: &'a EventSink,
    parent: Option<&'a str>,
}

#[allow(clippy::too_many_arguments)]
async fn execute(
    inner: &Arc<Inner>,
    id: &str,
    tool_name: &str,
    params: Value,
    updates: Option<Updates<'_>>,
    control: &CallControl,
    after_session_events: u64,
    nested: bool,
) -> ToolResult {
    // While a replacement engine loads the tools, calls wait for its registry.
    if let Err(cancelled) = serving_engine(inner, control, 0).await {
        return cancelled;
    }
    // The model may call the active tools; a tool may call the ones pi's exposure lets it.
    let usable = |inner: &Inner| {
        inner.tool(tool_name).filter(|tool| {
            let registry = inner.registry.read().unwrap();
            match nested {
                false => registry.is_active(tool),
                true => registry.why_not_callable_by_tools(tool).is_none(),
            }
        })
    };
    let found = match usable(inner) {
        Some(tool) => Some(tool),
        // An extension may register or activate it while the session events before this
        // call are delivered (pi's `session_start`): those first, then look again.
        None => {
            tokio::select! {
                biased;
                _ = control.token.cancelled() => return outcome::not_executed(&control.reason()),
                _ = async {
                    inner.lifecycle.wait_for_earlier(after_session_events).await;
                    inner.tool_changes.settled().await;
                } => {}
            }
            usable(inner)
        }
    };
    let Some(mut tool) = found else {
        let registry = inner.registry.read().unwrap().clone();
        return error_result(&match registry.get(tool_name) {
            Some(tool) if nested => format!(
                "Tool {tool_name} cannot be called by another tool: {}",
                registry.why_not_callable_by_tools(tool).unwrap_or_default()
            ),
            Some(tool) => format!("Tool {tool_name} is not active: {}", registry.why_inactive(tool).unwrap_or_default()),
            None => format!("Tool {tool_name} not found{}", registry.why_missing(tool_name)),
        });
    };
    // pi's `prepareArguments` (a tool's own fix-up of older argument shapes) comes first.
    let params = if tool.prepares_arguments {
        match inner.engine.prepare_arguments(tool.tool_ref(), params).await {
            Some(Ok(prepared)) => prepared,
            Some(Err(message)) => return error_result(&format!("prepareArguments failed for tool \"{tool_name}\": {message}")),
            None => return outcome::engine_gone(tool_name),
        }
    } else {
        params
    };
    let params = match &tool.validator {
        Some(validator) => match validator.prepare_call_arguments(params, tool.extension.is_some().then_some(&tool.parameters)) {
            Ok(params) => params,
            Err(failure) => return error_result(&failure.message(tool_name)),
        },
        None => params,
    };
    let cancelled = control.token.cancelled();
    tokio::pin!(cancelled);
    tokio::select! {
        biased;
        _ = &mut cancelled => {
            inner.ui.withdraw_call(id, &control.reason());
            return outcome::not_executed(&control.reason());
        }
        approved = approval::gate(inner, &tool, id, &params) => if let Err(refusal) = approved {
            return error_result(&refusal);
        }
    }
    tokio::select! {
        biased;
        _ = &mut cancelled => return outcome::not_executed(&control.reason()),
        _ = inner.lifecycle.wait_for_earlier(after_session_events) => {}
    }
    // A nested call runs under its caller's permit: taking one of its own would wait
    // forever on an exclusive caller, or make an exclusive one wait on its caller.
    let _permit = if nested {
        None
    } else {
        let concurrency = concurrency_of(inner, &tool, &params).await;
        tokio::select! {
            biased;
            _ = &mut cancelled => return outcome::not_executed(&control.reason()),
            permit = inner.scheduler.acquire(concurrency) => Some(permit),
        }
    };
    let live = inner.live();
    let deadline_after = live.settings.deadline_for(&live.config, tool_name);
    // The watchdog (a thread) keeps real time; the race below keeps tokio's clock, which a
    // test may pause and advance.
    let deadline = Instant::now() + deadline_after;
    let timer_deadline = tokio::time::Instant::now() + deadline_after;
    let (mut run, resolving, mut retry) = match tool.runs {
        Runs::Module => {
            // Kept until the engine takes the call up, in case it is replaced before then.
            let retry = params.clone();
            match start_tool(inner, id, tool_name, &mut tool, params, deadline, control, None).await {
                Ok(run) => (run, None, Some(retry)),
                Err(result) => return result,
            }
        }
        Runs::Resolve => {
            let request = resolve_tool::Request::from_params(&params);
            let action = match inner.pending.take_for_resolve(id) {
                Take::Action(action) => action,
                Take::Nothing => return resolve_tool::nothing_pending(&request),
                Take::TurnSpent { waiting } => return resolve_tool::turn_spent(waiting),
                Take::NotYours { others } => return resolve_tool::not_yours(others),
            };
            let run = Run::Action {
                action_id: action.id,
                engine: action.engine,
                op: request.op.as_str(),
                reason: request.reason.clone(),
                extra: request.extra.clone(),
            };
            inner.engine.watch_call(id, deadline);
            (inner.engine.invoke(id, run), Some((request, action)), None)
        }
    };
    // Watched once for the whole call (a timer made anew in the loop was registered again with
    // every update the call streamed).
    let deadline_watch = inner.deadlines.watch(timer_deadline);
    let deadline_passed = deadline_watch.passed();
    tokio::pin!(deadline_passed);
    // The engine answers from its thread: through the relay, one wake reaches every call it
    // answered meanwhile.
    let relay = inner.wake_relay.slot();
    let ended = loop {
        tokio::select! {
            biased;
            settled = relay.relayed(&mut run.outcome) => {
                // Updates reported before the call settled go out before its end.
                while let Some(update) = run.updates.try_recv() {
                    emit_update(updates, id, tool_name, update);
                }
                break settled.map_or(Ended::EngineGone, Ended::Settled);
            }
            _ = run.engine_lost.cancelled() => match retry.take() {
                // The lost engine never took the call up: it runs on the one that replaced it.
                Some(params) if run.take_back() => {
                    let again = params.clone();
                    match start_tool(inner, id, tool_name, &mut tool, params, deadline, control, Some(run.engine)).await {
                        Ok(restarted) => {
                            run = restarted;
                            retry = Some(again);
                        }
                        Err(result) => return result,
                    }
                }
                _ => break Ended::EngineReplaced,
            },
            Some(update) = relay.relayed(run.updates.recv()) => emit_update(updates, id, tool_name, update),
            _ = &mut cancelled => break Ended::Cancelled(control.reason()),
            _ = &mut deadline_passed => break Ended::Deadline,
        }
    };
    // Questions the call left unanswered (its own, or ones it stopped waiting for) go away.
    inner.ui.withdraw_call(id, &withdraw_reason(&ended));
    let result = match resolving {
        None => tool_result(inner, id, tool_name, ended, deadline_after),
        Some((request, action)) => resolve_result(inner, id, tool_name, ended, deadline_after, request, action, run),
    };
    inner.engine.call_ended(id);
    bound(inner, &tool, id, result)
}

/// Starts a tool's call on the serving engine (waiting while a replacement loads the tools),
/// as that engine loaded the tool (`tool` is looked up again if another engine loaded it);
/// never on engine `lost` (it was not replaced after all).
#[allow(clippy::too_many_arguments)]
async fn start_tool(
    inner: &Inner,
    id: &str,
    tool_name: &str,
    tool: &mut Arc<ToolEntry>,
    params: Value,
    deadline: Instant,
    control: &CallControl,
    lost: Option<u64>,
) -> Result<CallRun, ToolResult> {
    let serving = serving_engine(inner, control, tool.engine).await?;
    if lost == Some(serving) {
        return Err(outcome::engine_gone(tool_name));
    }
    if tool.engine != serving {
        *tool = inner.tool(tool_name).ok_or_else(|| error_result(&format!("Tool {tool_name} not found")))?;
    }
    let run = Run::Tool {
        tool: tool.tool_ref(),
        params,
        order: tool.execute_order,
    };
    inner.engine.watch_call(id, deadline);
    Ok(inner.engine.invoke(id, run))
}

/// The serving engine's number, once no replacement is loading the tools (or the call's
/// result if it is cancelled meanwhile).
async fn serving_engine(inner: &Inner, control: &CallControl, tool_engine: u64) -> Result<u64, ToolResult> {
    if let Some(serving) = inner.engine.serving_now(tool_engine) {
        return Ok(serving);
    }
    tokio::select! {
        biased;
        _ = control.token.cancelled() => Err(outcome::not_executed(&control.reason())),
        serving = inner.engine.serving(tool_engine) => Ok(serving),
    }
}

/// How the race between a call's outcome, its cancellation and its deadline ended.
enum Ended {
    Settled(CallOutcome),
    EngineGone,
    /// The engine running it was wedged by another job and replaced.
    EngineReplaced,
    Cancelled(String),
    Deadline,
}

/// Why a call's unanswered questions are withdrawn.
fn withdraw_reason(ended: &Ended) -> String {
    match ended {
        Ended::Cancelled(reason) => reason.clone(),
        Ended::Deadline => "deadline exceeded".into(),
        _ => "the call ended".into(),
    }
}

/// A tool call's result; a cancelled or late call is stopped (signal, script, children).
fn tool_result(inner: &Inner, id: &str, tool_name: &str, ended: Ended, deadline_after: std::time::Duration) -> ToolResult {
    match ended {
        // The watchdog may stop a spinning script at the deadline before the deadline timer
        // here fires: the result is the same either way.
        Ended::Settled(CallOutcome::Stopped(StopReason::Deadline)) => {
            inner.engine.stop_call(id, StopReason::Deadline, DEADLINE_ABORT_REASON);
            outcome::deadline_exceeded(tool_name, deadline_after)
        }
        Ended::Settled(settled) => outcome::from_engine(tool_name, settled, inner.live().settings.heap_limit_mb),
        Ended::EngineGone => outcome::engine_gone(tool_name),
        Ended::EngineReplaced => outcome::engine_replaced(tool_name),
        Ended::Cancelled(reason) => {
            inner.engine.stop_call(id, StopReason::Cancelled, &reason);
            outcome::aborted(tool_name, &reason)
        }
        Ended::Deadline => {
            inner.engine.stop_call(id, StopReason::Deadline, DEADLINE_ABORT_REASON);
            outcome::deadline_exceeded(tool_name, deadline_after)
        }
    }
}

/// A `resolve` call's result, and what becomes of its action. A cancelled resolve ends at
/// once, but an apply already running finishes in the background (as in omp) and decides
/// the action's fate then, so nothing is ever applied twice; one stopped at its deadline did
/// not complete, so the action stays pending.
#[allow(clippy::too_many_arguments)]
fn resolve_result(
    inner: &Arc<Inner>,
    id: &str,
    tool_name: &str,
    ended: Ended,
    deadline_after: std::time::Duration,
    request: resolve_tool::Request,
    action: Action,
    run: crate::engine::CallRun,
) -> ToolResult {
    match ended {
        Ended::Settled(settled) => {
            let (result, resolution) = resolve_tool::outcome(&request, &action, settled);
            settle_action(inner, &action, resolution);
            result
        }
        Ended::EngineGone => {
            settle_action(inner, &action, resolve_tool::interrupted(&request));
            outcome::engine_gone(tool_name)
        }
        Ended::EngineReplaced => {
            settle_action(inner, &action, resolve_tool::interrupted(&request));
            outcome::engine_replaced(tool_name)
        }
        Ended::Cancelled(reason) => {
            // Tracked, so shutdown waits for it (within its grace) before discarding what is
            // left: an action is never both applied and rejected.
            let background = inner.clone();
            let id = id.to_string();
            inner.tasks.spawn(async move {
                let inner = background;
                let resolution = tokio::select! {
                    settled = run.outcome => match settled {
                        Ok(settled) => resolve_tool::outcome(&request, &action, settled).1,
                        Err(_) => resolve_tool::interrupted(&request),
                    },
                    _ = inner.stopping.cancelled() => {
                        inner.engine.stop_call(&id, StopReason::Cancelled, "the host is shutting down");
                        resolve_tool::interrupted(&request)
                    }
                };
                settle_action(&inner, &action, resolution);
            });
            outcome::aborted(tool_name, &reason)
        }
        Ended::Deadline => {
            inner.engine.stop_call(id, StopReason::Deadline, DEADLINE_ABORT_REASON);
            settle_action(inner, &action, resolve_tool::interrupted(&request));
            outcome::deadline_exceeded(tool_name, deadline_after)
        }
    }
}

/// Records how a resolve ended; an action that is done lets go of its functions.
fn settle_action(inner: &Inner, action: &Action, resolution: Resolution) {
    inner.pending.finish(action.id, resolution);
    if resolution != Resolution::ApplyFailed {
        inner.engine.forget_action(action.id);
    }
}

fn emit_update(updates: Option<Updates<'_>>, id: &str, tool: &str, partial: Value) {
    if let Some(Updates { sink, parent }) = updates {
        let _ = sink.send(Event::ToolExecutionUpdate {
            tool_call_id: id.to_string(),
            tool_name: tool.to_string(),
            partial_result: normalize_result(partial),
            parent_tool_call_id: parent.map(str::to_owned),
        });
    }
}

/// Decides shared or exclusive: the config file first, then what the tool declared (a
/// function of the arguments is asked per call), else shared.
async fn concurrency_of(inner: &Inner, tool: &ToolEntry, params: &Value) -> Concurrency {
    if let Some(configured) = configured_concurrency(&inner.live().config, &tool.name) {
        return configured;
    }
    let exclusive = match tool.concurrency {
        Some(DeclaredConcurrency::PerCall) => inner.engine.concurrency(tool.tool_ref(), params.clone()).await.as_deref() == Some("exclusive"),
        Some(DeclaredConcurrency::Exclusive) => true,
        Some(DeclaredConcurrency::Shared) | None => false,
    };
    if exclusive {
        Concurrency::Exclusive
    } else {
        Concurrency::Shared
    }
}

/// The central output bound (head, or tail for tools that ask), spilling the rest.
fn bound(inner: &Inner, tool: &ToolEntry, id: &str, result: ToolResult) -> ToolResult {
    let live = inner.live();
    let mut policy = live.settings.truncation.clone();
    if tool.truncate == Some(crate::result::Keep::Tail) {
        policy.keep = crate::result::Keep::Tail;
    }
    crate::result::truncate_result(result, &policy, &live.settings.spill_dir, id)
}
