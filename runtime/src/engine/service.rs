//! The engine thread's loop: takes commands (load a module, start or abort a call, ask a
//! tool's concurrency, deliver a session event), runs the JavaScript event loop, and answers
//! each job when it settles — or when the watchdog stopped its script, or when nothing is left
//! that could settle it. Calls never wait for one another here: each reports its own outcome
//! through its route (`call_routes`). While a module loads, calls keep being started and
//! served; other loads wait their turn.

use std::future::{poll_fn, Future};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::oneshot;

use super::js::{JsFuture, JsHost, LoopTurn};
use super::{Command, Invoke, Load, Run};
use crate::bridge::{CallOutcome, LoadFailure, ModuleReply, SessionReport, StopReason, DEADLINE_ABORT_REASON};
use crate::ext::host::call_routes::{CallRoutes, Route};
use crate::stop::watchdog::Stopped;

/// Queued tool files are handed to the read-ahead this many at a time (one task reads each
/// batch; reading everything queued would hold a thousand files in memory at once) ...
const READ_AHEAD_BATCH: usize = 16;
/// ... whenever fewer than this many of the loads queued have been handed over.
const READ_AHEAD_LOW: usize = 4;

/// A session event being delivered.
struct RunningEvent {
    key: String,
    future: JsFuture,
    reply: oneshot::Sender<SessionReport>,
}

/// What makes the loop hand control back to `serve`.
enum Next {
    Load(Load),
    Closed,
}

pub(crate) struct Service {
    js: JsHost,
    commands: UnboundedReceiver<Command>,
    events: Vec<RunningEvent>,
    /// How many scripts have been stopped so far.
    interruptions: u64,
    /// The module being loaded, and how its load was stopped if it was.
    loading: Option<(String, Option<LoadFailure>)>,
    /// No more calls will come, so a pending promise nothing can settle is final.
    sealed: bool,
    /// Loads asked for while another load ran, in order.
    queued_loads: std::collections::VecDeque<Load>,
    /// How many of the first `queued_loads` have been handed to the read-ahead.
    handed_to_read_ahead: usize,
    /// Cancelled once this engine is found wedged: it is being replaced, so once it is free
    /// again it takes up nothing more (a call queued here may already run on the new one).
    lost: tokio_util::sync::CancellationToken,
}

impl Service {
    pub(crate) fn new(js: JsHost, commands: UnboundedReceiver<Command>) -> Service {
        let lost = js.watch().wedged();
        Service {
            js,
            commands,
            events: Vec::new(),
            interruptions: 0,
            loading: None,
            sealed: false,
            queued_loads: Default::default(),
            handed_to_read_ahead: 0,
            lost,
        }
    }

    /// Serves commands until every handle to the engine is dropped, then aborts what runs.
    pub(crate) async fn serve(mut self) {
        while let Next::Load(load) = poll_fn(|cx| self.turn(cx)).await {
            self.load(load).await;
        }
        let running = self.routes(|routes| routes.drain(0));
        for (id, route, _) in running {
            let _ = route.reply.send(CallOutcome::Stopped(StopReason::Shutdown));
            self.js.abort_call(&id, "the host is shutting down");
        }
        self.js.children().kill_all();
    }

    fn turn(&mut self, cx: &mut Context<'_>) -> Poll<Next> {
        if self.lost.is_cancelled() {
            return Poll::Ready(Next::Closed);
        }
        if let Some(load) = self.queued_loads.pop_front() {
            self.handed_to_read_ahead = self.handed_to_read_ahead.saturating_sub(1);
            return Poll::Ready(Next::Load(load));
        }
        for _ in 0..64 {
            let mut progressed = false;
            loop {
                match self.commands.poll_recv(cx) {
                    Poll::Ready(Some(Command::Load(load))) => return Poll::Ready(Next::Load(load)),
                    Poll::Ready(Some(command)) => {
                        self.handle(command);
                        progressed = true;
                    }
                    Poll::Ready(None) => return Poll::Ready(Next::Closed),
                    Poll::Pending => break,
                }
            }
            progressed |= self.poll_jobs(cx);
            if !progressed {
                return Poll::Pending;
            }
        }
        cx.waker().wake_by_ref();
        Poll::Pending
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Invoke(invoke) => self.start_call(invoke),
            Command::Abort { call_id, reason } => self.abort(&call_id, &reason),
            Command::Signal { call_id, reason } => self.js.abort_call(&call_id, &reason),
            Command::Concurrency { tool_id, params, reply } => {
                let _ = reply.send(self.js.concurrency_for(tool_id, &params));
            }
            Command::Approval { tool_id, params, reply } => {
                let _ = reply.send(self.js.approval_for(tool_id, &params));
            }
            Command::PrepareArguments { tool_id, params, reply } => {
                let _ = reply.send(self.js.prepare_arguments_for(tool_id, &params));
            }
            Command::SessionEvent {
                event,
                tool_ids,
                key,
                timeout,
                reply,
            } => {
                let job = self.js.watch().begun(&key);
                let future = self.js.begin_session_event(&event, &tool_ids, job, timeout.as_millis() as u64);
                self.events.push(RunningEvent { key, future, reply });
            }
            Command::SessionInfo(info) => self.js.set_session_info(&info),
            Command::Seal => self.sealed = true,
            Command::ForgetAction(action_id) => self.js.forget_action(action_id),
            Command::Load(_) => unreachable!("loads are taken by turn"),
        }
    }

    /// Works on the running calls' routes.
    fn routes<R>(&mut self, f: impl FnOnce(&mut CallRoutes) -> R) -> R {
        let state = self.js.op_state();
        let mut state = state.borrow_mut();
        f(state.borrow_mut::<CallRoutes>())
    }

    fn start_call(&mut self, invoke: Invoke) {
        let Invoke {
            call_id,
            run,
            reply,
            updates,
            claimed,
        } = invoke;
        if claimed.swap(true, std::sync::atomic::Ordering::AcqRel) {
            // Taken back after this engine was found wedged: it runs on the new engine.
            return;
        }
        let route = Route {
            updates,
            reply,
            interruptions_at_start: self.interruptions,
            nested: Default::default(),
        };
        self.routes(|routes| routes.open(call_id.clone(), route));
        let job = self.js.watch().begun(&Invoke::key(&call_id));
        let stopped = match run {
            Run::Tool { tool, params, order } => self.js.begin_call(tool.id, &call_id, job, &params, order),
            Run::Action {
                action_id, op, reason, extra, ..
            } => self.js.begin_action(action_id, &call_id, job, op, &reason, &extra),
        };
        if let Some(stopped) = stopped {
            self.interrupted(Some(stopped));
        }
    }

    /// Aborts call `call_id`: its signal, its children, its pending outcome.
    fn abort(&mut self, call_id: &str, reason: &str) {
        self.routes(|routes| routes.finish(call_id, CallOutcome::Stopped(StopReason::Cancelled)));
        self.js.watch().stop_handled(&Invoke::key(call_id));
        self.js.abort_call(call_id, reason);
        self.js.children().kill_call(call_id);
    }

    /// Runs the event loop and answers settled jobs; true if anything happened.
    fn poll_jobs(&mut self, cx: &mut Context<'_>) -> bool {
        let mut progressed = false;
        let idle = match self.js.poll_loop(cx) {
            Poll::Pending => false,
            Poll::Ready(LoopTurn::Idle) => true,
            Poll::Ready(LoopTurn::Interrupted { stopped }) => {
                self.interrupted(stopped);
                progressed = true;
                false
            }
        };
        progressed |= self.poll_events(cx);
        if idle && !progressed && self.sealed {
            progressed |= self.fail_stalled();
        }
        progressed
    }

    fn poll_events(&mut self, cx: &mut Context<'_>) -> bool {
        let mut progressed = false;
        let mut index = 0;
        while index < self.events.len() {
            let Poll::Ready(settled) = self.events[index].future.as_mut().poll(cx) else {
                index += 1;
                continue;
            };
            let event = self.events.remove(index);
            let report = match settled {
                Ok(value) => self.js.read::<SessionReport>(&value).unwrap_or_default(),
                Err(err) => SessionReport {
                    errors: vec![crate::bridge::plain_json::PlainJson(
                        serde_json::json!({ "tool": "", "error": err.to_string() }),
                    )],
                    ..Default::default()
                },
            };
            self.js.watch().disarm(&event.key);
            let _ = event.reply.send(report);
            progressed = true;
        }
        progressed
    }

    /// A script was stopped (or threw out of the loop): answer the job it belonged to.
    fn interrupted(&mut self, stopped: Option<Stopped>) {
        self.interruptions += 1;
        let Some(Stopped { key: Some(key), reason }) = stopped else { return };
        if let Some(call_id) = key.strip_prefix("call:") {
            if self.routes(|routes| routes.finish(call_id, CallOutcome::Stopped(reason))) {
                // The signal aborts with the reason the stop was asked for (a client's cancel
                // reason): the stop can take effect before the engine takes the abort command.
                let abort_reason = self.js.watch().abort_reason(&key).unwrap_or_else(|| match reason {
                    StopReason::Deadline => DEADLINE_ABORT_REASON.into(),
                    _ => "stopped by the host".into(),
                });
                self.js.abort_call(call_id, &abort_reason);
            }
        } else if let Some(index) = self.events.iter().position(|e| e.key == key) {
            let event = self.events.remove(index);
            let _ = event.reply.send(SessionReport {
                timed_out: true,
                ..Default::default()
            });
        } else if let Some((loading, failure)) = &mut self.loading {
            if *loading == key {
                *failure = Some(if reason == StopReason::HeapLimit {
                    LoadFailure::HeapLimit
                } else {
                    LoadFailure::TimedOut
                });
            }
        }
    }

    /// The loop is idle and no more calls will come, so pending promises can never settle:
    /// answer them as such. (Before that, a later call could still settle them — a tool may
    /// resolve a promise another of its calls waits on — so they wait for their deadline.)
    fn fail_stalled(&mut self) -> bool {
        let interruptions = self.interruptions;
        let calls = self.routes(|routes| routes.drain(interruptions));
        let calls_stalled = !calls.is_empty();
        for (_, route, lost_work) in calls {
            let _ = route.reply.send(CallOutcome::NeverSettled { lost_work });
        }
        let events = std::mem::take(&mut self.events);
        for event in &events {
            self.js.watch().disarm(&event.key);
        }
        let stalled = calls_stalled || !events.is_empty();
        for event in events {
            let _ = event.reply.send(SessionReport {
                timed_out: true,
                ..Default::default()
            });
        }
        stalled
    }

    /// Loads one module within its time limit, keeping other jobs going meanwhile.
    async fn load(&mut self, load: Load) {
        self.read_ahead();
        let watch = self.js.watch();
        watch.arm(&load.key, Instant::now() + load.timeout, StopReason::LoadTimeout);
        let job = watch.begun(&load.key);
        self.loading = Some((load.key.clone(), None));
        // Waiting past the limit (a top-level await or factory that never yields control
        // back) is a timeout too; a script that spins is stopped by the watchdog.
        let result = match tokio::time::timeout(load.timeout + Duration::from_millis(100), self.load_steps(&load, job)).await {
            Ok(result) => result,
            Err(_) => Err(LoadFailure::TimedOut),
        };
        self.loading = None;
        watch.disarm(&load.key);
        let _ = load.reply.send(result);
    }

    async fn load_steps(&mut self, load: &Load, job: u32) -> Result<ModuleReply, LoadFailure> {
        let id = self.js.import_module(&load.path, load.version).await?;
        let evaluation = self.js.evaluate_module(id, job)?;
        self.drive(evaluation).await?.map_err(|e| super::js::threw(&e.to_string()))?;
        let factory = self.js.begin_factory(id, &load.path, job)?;
        let settled = self.drive(factory).await?;
        self.js.load_reply(settled)
    }

    /// Takes the commands waiting while a module loads: calls, cancels and session events are
    /// served at once (a hot reload never holds up calls); further loads wait their turn.
    /// True if any was taken.
    fn take_commands_while_loading(&mut self, cx: &mut Context<'_>) -> bool {
        let mut took = false;
        let mut queued = false;
        while let Poll::Ready(Some(command)) = self.commands.poll_recv(cx) {
            took = true;
            match command {
                Command::Load(load) => {
                    self.queued_loads.push_back(load);
                    queued = true;
                }
                command => self.handle(command),
            }
        }
        if queued {
            self.read_ahead();
        }
        took
    }

    /// Has the next queued tool files read, so each is ready when its turn comes: a batch
    /// at a time, topped up when few of those queued are left unread.
    fn read_ahead(&mut self) {
        let Some(batch) = read_ahead_batch(self.handed_to_read_ahead, self.queued_loads.len()) else {
            return;
        };
        self.handed_to_read_ahead = batch.end;
        let loads = self.queued_loads.range(batch).map(|load| (load.path.as_path(), load.version));
        self.js.prefetch_modules(loads);
    }

    /// Drives `future` to its end while serving the other jobs (and new commands, except
    /// loads); fails if the load it belongs to was stopped or can never finish.
    async fn drive<F: Future + Unpin>(&mut self, mut future: F) -> Result<F::Output, LoadFailure> {
        poll_fn(|cx| loop {
            if let Some((_, Some(failure))) = &self.loading {
                return Poll::Ready(Err(failure.clone()));
            }
            if self.lost.is_cancelled() {
                return Poll::Ready(Err(LoadFailure::EngineWedged { culprit: false }));
            }
            let took = self.take_commands_while_loading(cx);
            if let Poll::Ready(value) = std::pin::Pin::new(&mut future).poll(cx) {
                return Poll::Ready(Ok(value));
            }
            let idle = match self.js.poll_loop(cx) {
                Poll::Pending => false,
                Poll::Ready(LoopTurn::Idle) => true,
                Poll::Ready(LoopTurn::Interrupted { stopped }) => {
                    self.interrupted(stopped);
                    false
                }
            };
            let progressed = self.poll_events(cx) || took;
            if idle && !progressed {
                return Poll::Ready(match std::pin::Pin::new(&mut future).poll(cx) {
                    Poll::Ready(value) => Ok(value),
                    Poll::Pending => Err(LoadFailure::NeverSettled),
                });
            }
            if !idle && !progressed {
                return Poll::Pending;
            }
        })
        .await
    }
}

/// Which of `queued` loads to hand to the read-ahead now, when the first `handed` of them
/// have been: none while at least `READ_AHEAD_LOW` are handed (or all are), else up to the
/// first `READ_AHEAD_BATCH`.
fn read_ahead_batch(handed: usize, queued: usize) -> Option<std::ops::Range<usize>> {
    let handed = handed.min(queued);
    if handed >= READ_AHEAD_LOW || handed == queued {
        return None;
    }
    Some(handed..queued.min(READ_AHEAD_BATCH))
}

impl Invoke {
    /// The watch key of this call (made several times per call: concatenated, where
    /// `format!` cost about 470 instructions a time, callgrind).
    pub(crate) fn key(call_id: &str) -> String {
        ["call:", call_id].concat()
    }
}

#[cfg(test)]
mod read_ahead_tests {
    use super::read_ahead_batch;

    #[test]
    fn queued_loads_are_handed_over_sixteen_at_a_time_when_fewer_than_four_are_left() {
        assert_eq!(read_ahead_batch(0, 50), Some(0..16), "the first batch");
        assert_eq!(read_ahead_batch(4, 50), None, "four handed over still: no top-up");
        assert_eq!(read_ahead_batch(3, 50), Some(3..16), "topped up");
        assert_eq!(read_ahead_batch(0, 2), Some(0..2), "fewer queued than a batch");
        assert_eq!(read_ahead_batch(2, 2), None, "all handed over");
        assert_eq!(read_ahead_batch(9, 1), None, "more counted than queued");
    }
}
