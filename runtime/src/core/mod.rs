//! The serve core: the one front door every front end (`run`, `mcp`, `call`) goes through.
//! It takes requests — call a tool, cancel a call, deliver a session event, list the tools,
//! shut down — and reports events. Each call is a task of its own (`call.rs`); session
//! events are delivered in order (`lifecycle.rs`); shutdown aborts what runs, gives it a
//! grace period, tells the tools, and kills every process they started.

pub(crate) mod approval;
pub(crate) mod call;
pub(crate) mod deadlines;
pub(crate) mod engine;
pub(crate) mod lifecycle;
mod nested;
mod nested_record;
pub(crate) mod outcome;
pub(crate) mod pending_events;
pub(crate) mod settings;
pub(crate) mod wake_relay;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use serde_json::Value;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::bridge::SessionReport;
use crate::config::HostConfig;
use crate::events::{Event, EventSink};
use crate::ext::host::turn::TurnAborts;
use crate::log::HostLog;
use crate::pending::{PendingQueue, TurnEnd};
use crate::registry::{Registry, ToolEntry};
use crate::schedule::Scheduler;
use crate::session::Session;
use crate::session_log::SessionLog;
use call::CallControl;
pub(crate) use call::{CallRequest, Watch};
use deadlines::Deadlines;
use engine::ToolEngine;
use lifecycle::Lifecycle;
use settings::{CallSettings, LiveConfig};
use wake_relay::WakeRelay;

/// What a core serves besides its engine.
pub(crate) struct Parts {
    pub(crate) registry: Registry,
    pub(crate) config: HostConfig,
    pub(crate) settings: CallSettings,
    pub(crate) log: HostLog,
    pub(crate) pending: PendingQueue,
    /// Where calls are recorded for `ctx.sessionManager` (None: nowhere).
    pub(crate) session_log: Option<Arc<SessionLog>>,
    pub(crate) ui: crate::ui::UiBroker,
    /// Extensions' changes to the tool set, which a call to a tool not found waits for.
    pub(crate) tool_changes: crate::tool_changes::ToolChanges,
}

/// Why a call request was refused before it became a call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("call: id \"{0}\" is already running; use a new id for each call")]
    DuplicateId(String),
    #[error("call: the host is shutting down")]
    ShuttingDown,
}

/// The core, shared by the front end's tasks.
#[derive(Clone)]
pub struct Core {
    inner: Arc<Inner>,
}

pub(crate) struct Inner {
    engine: Arc<dyn ToolEngine>,
    /// The tools being served; hot reload swaps in a new registry (calls already running
    /// keep the entry they started with).
    registry: Arc<RwLock<Arc<Registry>>>,
    pending: PendingQueue,
    session_log: Option<Arc<SessionLog>>,
    ui: crate::ui::UiBroker,
    /// Extensions' changes to the tool set (a call to a tool not found waits for them).
    tool_changes: crate::tool_changes::ToolChanges,
    /// Where host-wide events go.
    sink: EventSink,
    /// The config in force; a changed config file replaces it (`replace_config`).
    live: RwLock<Arc<LiveConfig>>,
    scheduler: Scheduler,
    /// The running calls' deadlines, on one timer.
    deadlines: Deadlines,
    /// Gathers the engine's answers to calls into one wake of the serve thread.
    wake_relay: WakeRelay,
    lifecycle: Lifecycle,
    running: Mutex<HashMap<String, Arc<CallControl>>>,
    tasks: TaskTracker,
    shutting_down: AtomicBool,
    /// Cancelled when shutdown's grace is over: work still going on (an apply whose
    /// `resolve` was cancelled) is stopped.
    stopping: CancellationToken,
    /// Cancelled when shutdown begins: host-wide work such as hot reload stops.
    closing: CancellationToken,
}

impl Inner {
    fn tool(&self, name: &str) -> Option<Arc<ToolEntry>> {
        self.registry.read().unwrap().get(name).cloned()
    }

    /// The config in force now.
    fn live(&self) -> Arc<LiveConfig> {
        self.live.read().unwrap().clone()
    }

    /// Counts call `id` as running, unless a call of that id already is.
    fn admit(&self, id: &str, control: &Arc<CallControl>) -> Result<(), Refused> {
        let mut running = self.running.lock().unwrap();
        if running.contains_key(id) {
            return Err(Refused::DuplicateId(id.to_string()));
        }
        running.insert(id.to_string(), control.clone());
        Ok(())
    }

    fn forget(&self, id: &str) {
        self.running.lock().unwrap().remove(id);
    }
}

impl Core {
    /// Serves `session`'s tools; host-wide events (session events, lists) go to `sink`.
    pub fn new(session: Session, sink: EventSink) -> Core {
        let settings = CallSettings::from_config(&session.config, session.heap_limit);
        let _ = crate::result::cleanup_spill_dir(&settings.spill_dir, crate::result::SPILL_MAX_AGE);
        forward_turn_aborts(&session.turn_aborts, sink.clone());
        session.turn_aborts.send_messages_to(sink.clone());
        let nested_calls = session.nested_calls.clone();
        let session_log = Some(session.session_log);
        let parts = Parts {
            registry: session.registry,
            config: session.config,
            settings,
            log: session.log,
            pending: session.pending,
            session_log,
            ui: session.ui,
            tool_changes: session.tool_changes,
        };
        let core = Core::with_engine(Arc::new(session.engine), parts, sink);
        nested::serve(&core.inner, &nested_calls);
        core
    }

    /// The core over any engine (the real one, or a fake in tests).
    pub(crate) fn with_engine(engine: Arc<dyn ToolEngine>, parts: Parts, sink: EventSink) -> Core {
        let Parts {
            registry,
            config,
            settings,
            log,
            pending,
            session_log,
            ui,
            tool_changes,
        } = parts;
        pending_events::forward(&pending, sink.clone());
        let host_sink = sink.clone();
        let registry = Arc::new(RwLock::new(Arc::new(registry)));
        let current = registry.clone();
        let with_handlers = move || current.read().unwrap().session_targets();
        let lifecycle = Lifecycle::start(engine.clone(), log, sink, Arc::new(with_handlers));
        let inner = Inner {
            engine,
            registry,
            pending,
            session_log,
            ui,
            tool_changes,
            sink: host_sink,
            live: RwLock::new(Arc::new(LiveConfig { config, settings })),
            scheduler: Scheduler::new(),
            deadlines: Deadlines::start(),
            wake_relay: WakeRelay::start(),
            lifecycle,
            running: Mutex::default(),
            tasks: TaskTracker::new(),
            shutting_down: AtomicBool::new(false),
            stopping: CancellationToken::new(),
            closing: CancellationToken::new(),
        };
        Core { inner: Arc::new(inner) }
    }

    /// The loaded tools and load errors.
    pub(crate) fn registry(&self) -> Arc<Registry> {
        self.inner.registry.read().unwrap().clone()
    }

    /// The tools and errors as the `tools` event carries them.
    pub(crate) fn tools_event(&self) -> Event {
        tools_event(&self.registry(), None)
    }

    /// Serves `registry` from now on (hot reload): new calls use its tools, calls already
    /// running finish on the code they started with. The host sink gets a `tools` event
    /// naming the module files that were `reloaded`. With `start_new_tools`, once the session
    /// has started, the tools that are new in it (loaded again, or added) get a `start` of
    /// their own, which calls started from now on wait for; its place in line is the answer
    /// (`wait_for_session_events`).
    pub(crate) fn replace_registry(&self, registry: Registry, reloaded: Vec<PathBuf>, start_new_tools: bool) -> Option<u64> {
        let registry = Arc::new(registry);
        let known = self.inner.registry.read().unwrap().session_targets();
        let fresh = registry
            .session_targets()
            .into_iter()
            .filter(|target| start_new_tools && !known.contains(target))
            .collect();
        // Queued before the new tools are served: a call that finds them waits for the start.
        let start = self.inner.lifecycle.request_start_for(fresh);
        *self.inner.registry.write().unwrap() = registry.clone();
        let _ = self.inner.sink.send(tools_event(&registry, Some(reloaded)));
        start
    }

    /// Waits (at most `limit`) until the session events requested so far have been delivered
    /// and the tool-set changes extensions made in them are in the registry: a tool list
    /// asked for at start then has the tools pi extensions register in `session_start`.
    pub(crate) async fn tools_settled(&self, limit: Duration) {
        let requested = self.inner.lifecycle.requested_so_far();
        let settled = async {
            self.inner.lifecycle.wait_for_earlier(requested).await;
            self.inner.tool_changes.settled().await;
        };
        let _ = tokio::time::timeout(limit, settled).await;
    }

    /// Waits until the first `count` session events requested have been delivered.
    pub(crate) async fn wait_for_session_events(&self, count: u64) {
        self.inner.lifecycle.wait_for_earlier(count).await;
    }

    /// Discards every pending action (their functions were lost with a replaced engine),
    /// telling the front end why; answers how many there were.
    pub(crate) fn discard_lost_actions(&self, reason: &str) -> usize {
        pending_events::discard_lost(&self.inner.pending, &self.inner.sink, reason)
    }

    /// Puts `config` in force (the config file changed): calls that start from now on use its
    /// deadlines, concurrency and approval settings, and shutdown its grace. The heap limit
    /// stays what the host started with.
    pub(crate) fn replace_config(&self, config: HostConfig) {
        let mut live = self.inner.live.write().unwrap();
        *live = Arc::new(LiveConfig::replacing(&live, config));
    }

    /// Starts call `id` of `tool`; all its events go to `sink`.
    pub fn call(&self, id: String, tool: String, params: Value, sink: EventSink) -> Result<(), Refused> {
        self.start(CallRequest {
            id,
            tool,
            params,
            sink,
            watch: Watch::ALL,
            parent: None,
        })
    }

    /// Starts a call; the events `request.watch` asks for, and its end, go to its sink.
    pub(crate) fn start(&self, request: CallRequest) -> Result<(), Refused> {
        let inner = &self.inner;
        if inner.shutting_down.load(Ordering::SeqCst) {
            return Err(Refused::ShuttingDown);
        }
        let control = Arc::new(CallControl::new(request.sink.clone(), request.watch));
        inner.admit(&request.id, &control)?;
        // Boxed: the task then holds a pointer, not the call's whole state machine, which
        // spawning would otherwise copy around (a tenth of a busy host's time in profiles).
        inner.tasks.spawn(Box::pin(call::run(inner.clone(), request, control)));
        Ok(())
    }

    /// Cancels call `id` (its signal aborts, its processes are killed); false if no such
    /// call is running.
    pub(crate) fn cancel(&self, id: &str, reason: &str) -> bool {
        let control = self.inner.running.lock().unwrap().get(id).cloned();
        match control {
            Some(control) => {
                control.cancel(reason);
                true
            }
            None => false,
        }
    }

    /// Queues a session event for every `onSession`; the report goes to the host sink.
    pub(crate) fn session_event(&self, event: Value) {
        self.inner.lifecycle.request(event);
    }

    /// No more calls will come (the front end's input ended): calls whose promises nothing
    /// can settle end now instead of at their deadline.
    pub(crate) fn seal(&self) {
        self.inner.shutting_down.store(true, Ordering::SeqCst);
        self.inner.engine.seal();
    }

    /// Calls whose promises nothing can settle end now instead of at their deadline, while
    /// the front end may still start calls of its own (`call`, whose resolve starts only
    /// after the staging call ended, so it cannot settle anything that call waits on).
    pub(crate) fn end_stalled_calls(&self) {
        self.inner.engine.seal();
    }

    /// The session's UI broker.
    pub(crate) fn ui(&self) -> &crate::ui::UiBroker {
        &self.inner.ui
    }

    /// The session's pending-action queue.
    pub(crate) fn pending(&self) -> &PendingQueue {
        &self.inner.pending
    }

    /// Before a model request: the tool choice to force (the `tool_choice` request).
    pub(crate) fn tool_choice(&self) -> Event {
        let action = self.inner.pending.next_tool_choice();
        let tool_choice = action
            .as_ref()
            .map(|_| serde_json::json!({ "type": "tool", "name": crate::pending::resolve_tool::NAME }));
        Event::ToolChoice { tool_choice, action }
    }

    /// What the client reports about its agent (the `state` request): `idle`,
    /// `queuedMessages`, `model`, `models`; tools read it through `ctx`.
    pub(crate) fn client_state(&self, state: Value) {
        self.inner.engine.update_session_info(serde_json::json!({ "state": state }));
    }

    /// The agent's turn ended (the `turn_end` request).
    pub(crate) fn turn_end(&self, how: TurnEnd) {
        self.inner.pending.turn_end(how);
    }

    /// Cancelled once shutdown begins (for host-wide tasks that must end with the session).
    pub(crate) fn closing(&self) -> CancellationToken {
        self.inner.closing.clone()
    }

    /// Shuts down: refuses new calls, aborts every running call's signal and gives the calls
    /// `grace` (the config's `shutdownGraceMs` when None) to finish, stops the rest, delivers
    /// `shutdown` to `onSession`, and kills every process the tools started.
    pub async fn shutdown(&self, reason: &str, grace: Option<Duration>) -> SessionReport {
        let inner = &self.inner;
        inner.shutting_down.store(true, Ordering::SeqCst);
        inner.closing.cancel();
        inner.pending.close();
        inner.engine.seal();
        let grace = grace.unwrap_or(inner.live().settings.shutdown_grace);
        let running: Vec<(String, Arc<CallControl>)> = inner.running.lock().unwrap().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        for (id, _) in &running {
            inner.engine.abort_signal(id, reason);
        }
        inner.tasks.close();
        if tokio::time::timeout(grace, inner.tasks.wait()).await.is_err() {
            for (_, control) in &running {
                control.cancel(reason);
            }
            inner.stopping.cancel();
            inner.tasks.wait().await;
        }
        inner.ui.detach(reason);
        pending_events::discard_all(inner.engine.as_ref(), &inner.pending, &inner.sink).await;
        let report = inner.lifecycle.deliver_now(serde_json::json!({ "reason": "shutdown" })).await;
        inner.engine.kill_children();
        if let Some(log) = &inner.session_log {
            log.close();
        }
        report
    }
}

/// The `tools` event for `registry`; `reloaded` names the module files a hot reload changed.
fn tools_event(registry: &Registry, reloaded: Option<Vec<PathBuf>>) -> Event {
    Event::Tools {
        tools: registry.listed().map(|t| crate::tool_view::tool_json(t)).collect(),
        errors: registry.errors().iter().map(|e| serde_json::to_value(e).unwrap_or_default()).collect(),
        reloaded,
    }
}

/// Turns each `ctx.abort()` into an `abort_turn` event for the front end.
fn forward_turn_aborts(turn_aborts: &TurnAborts, sink: EventSink) {
    let (requests, mut received) = tokio::sync::mpsc::unbounded_channel();
    turn_aborts.subscribe(requests);
    tokio::spawn(async move {
        while let Some(tool_call_id) = received.recv().await {
            if sink.send(Event::AbortTurn { tool_call_id }).is_err() {
                return;
            }
        }
    });
}

#[cfg(test)]
mod tests;
