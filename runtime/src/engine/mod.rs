//! The JavaScript engine as a service: one deno_core runtime (V8, or QuickJS-ng) on a thread
//! of its own, shared by all tools of a session, driven by commands (load a module, start or
//! abort a call, deliver a session event) that any thread sends through an `EngineHandle`.
//! Answers come back as the bridge's types. A watchdog thread stops scripts that never yield.

pub mod bridge;
#[cfg(feature = "v8")]
pub mod buffer_budget;
pub mod call_routes;
pub mod captured_output;
pub mod child_supervisor;
pub mod children;
pub mod console;
pub mod embedded_js;
pub mod engine_cache;
pub mod exec;
pub mod fetch;
pub mod heap_limit;
pub mod js;
pub mod node;
pub mod ops_host;
pub mod ops_pending;
pub mod ops_require;
pub mod ops_schema;
pub mod ops_session;
pub mod ops_turn;
pub mod ops_ui;
pub mod plain_json;
pub mod service;
pub mod snapshot;
pub mod stack_trace;
#[cfg(feature = "v8")]
pub mod v8_flags;
pub mod watchdog;

use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::oneshot;

use crate::config::ExecuteOrder;
use crate::loader::transpile::TranspileCache;
use crate::log::HostLog;
pub use bridge::{CallOutcome, LoadFailure, ModuleReply, SessionReport, StopReason, Thrown, ToolDescriptor};
use watchdog::WatchHandle;

/// The engine thread's stack: deep enough for the parser on any module that fits the size
/// limit, and for V8's own stack limit.
const ENGINE_STACK: usize = 64 * 1024 * 1024;
/// How long past a session event's own limit the host waits for the engine's answer (the
/// watchdog stops handlers 500 ms past it; an engine that cannot be stopped never answers).
const SESSION_EVENT_ANSWER_MARGIN: Duration = Duration::from_secs(1);

/// The engine this binary was built with, its version, and the start-up snapshot it carries.
#[cfg(feature = "v8")]
pub fn description() -> String {
    let version = deno_core::v8::V8::get_version();
    match snapshot::startup_snapshot() {
        Some(bytes) => format!("engine: V8 {version}, start-up snapshot {:.1} MB", bytes.len() as f64 / 1e6),
        None => format!("engine: V8 {version}"),
    }
}

/// The engine this binary was built with, and its version (QuickJS-ng as vendored by the
/// `v8x` crate that deno_core's `quickjs` feature uses; see its `quickjs.h`).
#[cfg(not(feature = "v8"))]
pub fn description() -> String {
    "engine: QuickJS-ng 0.15.1".to_string()
}

/// How to build an engine.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// The session's working directory (`pi.cwd`).
    pub cwd: PathBuf,
    pub cache: TranspileCache,
    pub log: HostLog,
    /// The JavaScript heap limit, in bytes.
    pub heap_limit: usize,
    /// Where console and logger lines are offered to the front end.
    pub log_tap: console::LogTap,
    /// The session's pending-action queue (`pi.pushPendingAction` stages into it).
    pub pending: crate::pending::PendingQueue,
    /// Where `ctx.abort()` asks the client to stop the turn.
    pub turn_aborts: ops_turn::TurnAborts,
    /// The session's UI broker (`pi.ui` asks the client through it).
    pub ui: crate::ui::UiBroker,
}

/// Start a call on the engine.
pub struct Invoke {
    pub call_id: String,
    pub run: Run,
    pub reply: oneshot::Sender<CallOutcome>,
    pub updates: UnboundedSender<Value>,
}

/// What a call runs.
pub enum Run {
    /// Tool `tool_id`'s `execute` with validated `params`.
    Tool { tool_id: u32, params: Value, order: ExecuteOrder },
    /// Pending action `action_id`'s apply (`op` "apply") or reject ("discard"), for `resolve`.
    Action {
        action_id: u64,
        op: &'static str,
        reason: String,
        extra: Value,
    },
}

/// Load a module and run its factory.
pub struct Load {
    pub path: PathBuf,
    /// 0 for a first load; a reload's own number, so the file is imported afresh.
    pub version: u64,
    pub key: String,
    pub timeout: Duration,
    pub reply: oneshot::Sender<Result<ModuleReply, LoadFailure>>,
}

/// What the engine thread is asked to do.
pub enum Command {
    Load(Load),
    Invoke(Invoke),
    /// Abort a call's signal, kill its children, drop its pending promise.
    Abort {
        call_id: String,
        reason: String,
    },
    /// Abort a call's signal only: the call may still settle with its own result.
    Signal {
        call_id: String,
        reason: String,
    },
    /// Ask a tool's `concurrency` function about these arguments.
    Concurrency {
        tool_id: u32,
        params: Value,
        reply: oneshot::Sender<Option<String>>,
    },
    /// Ask a tool's `approval` (value or function) about these arguments.
    Approval {
        tool_id: u32,
        params: Value,
        reply: oneshot::Sender<Value>,
    },
    /// Deliver a session event to the `onSession` of `tool_ids`.
    SessionEvent {
        event: Value,
        tool_ids: Vec<u32>,
        key: String,
        timeout: Duration,
        reply: oneshot::Sender<SessionReport>,
    },
    /// Replace the session facts tools see in `ctx`.
    SessionInfo(Value),
    /// Kill every child process the tools started.
    /// No more calls will come (input ended): calls nothing can settle end now.
    Seal,
    /// Let go of a pending action's functions.
    ForgetAction(u64),
}

/// A call running on the engine: its outcome, and its partial results as they come.
pub struct CallRun {
    pub outcome: oneshot::Receiver<CallOutcome>,
    pub updates: UnboundedReceiver<Value>,
}

/// A handle to the engine thread; cheap to clone and usable from any thread. The engine
/// stops when the last handle is dropped.
#[derive(Clone)]
pub struct EngineHandle {
    commands: UnboundedSender<Command>,
    watch: WatchHandle,
    /// The tools' child processes, killed from here (the engine thread may be blocked in a
    /// synchronous child that only returns once it is gone).
    children: children::ChildRegistry,
    /// The session whose entries the tools read.
    new_session_entries: ops_session::NewSessionEntries,
}

/// The engine thread itself; `join` waits for it after the last handle is gone.
pub struct EngineThread(std::thread::JoinHandle<()>);

impl EngineThread {
    pub fn join(self) {
        let _ = self.0.join();
    }
}

impl EngineHandle {
    /// Starts the engine thread: the runtime, the host bootstrap, the session's `pi`.
    pub async fn start(options: EngineOptions) -> Result<(EngineHandle, EngineThread), String> {
        let (commands, receiver) = unbounded_channel();
        let (ready, started) = oneshot::channel();
        let thread = std::thread::Builder::new()
            .name("omp-host-engine".into())
            .stack_size(ENGINE_STACK)
            .spawn(move || {
                // Its blocking pool's threads load module files (`loader`).
                let runtime = match tokio::runtime::Builder::new_current_thread().thread_name("omp-host-load").enable_all().build() {
                    Ok(runtime) => runtime,
                    Err(e) => {
                        let _ = ready.send(Err(format!("could not start the engine's event loop: {e}")));
                        return;
                    }
                };
                // Unconstrained: the service decides the engine is idle when nothing it polls
                // is ready, and tokio's cooperative budget would make ready channels and
                // handles answer "pending" after a burst of commands (a thousand queued
                // loads failed as "never settled" with it).
                runtime.block_on(tokio::task::unconstrained(async move {
                    match js::JsHost::start(&options).await {
                        Ok(js) => {
                            let _ = ready.send(Ok((js.watch(), js.children(), js.new_session_entries())));
                            service::Service::new(js, receiver).serve().await;
                        }
                        Err(e) => {
                            let _ = ready.send(Err(e));
                        }
                    }
                }));
                // A module file still transpiling past its load's time limit is not waited for.
                runtime.shutdown_background();
            })
            .map_err(|e| format!("could not start the engine thread: {e}"))?;
        let (watch, children, new_session_entries) = started.await.map_err(|_| "the engine thread ended while starting".to_string())??;
        Ok((
            EngineHandle {
                commands,
                watch,
                children,
                new_session_entries,
            },
            EngineThread(thread),
        ))
    }

    fn send(&self, command: Command) {
        let _ = self.commands.send(command);
    }

    /// Queues the import of the module at `path` and the run of its factory, within `timeout`
    /// (counted from when the engine takes it up: loads run one at a time, in the order they
    /// were queued); the answer comes through the future. A `version` other than 0 imports
    /// the file (and the tool's own files it imports) afresh, for hot reload.
    pub fn load(&self, path: PathBuf, version: u64, key: String, timeout: Duration) -> impl Future<Output = Result<ModuleReply, LoadFailure>> + use<> {
        let (reply, answer) = oneshot::channel();
        self.send(Command::Load(Load {
            path,
            version,
            key,
            timeout,
            reply,
        }));
        async move {
            answer.await.unwrap_or(Err(LoadFailure::Threw {
                message: "the engine stopped".into(),
                location: None,
            }))
        }
    }

    /// Starts call `call_id`.
    pub fn invoke(&self, call_id: &str, run: Run) -> CallRun {
        let (reply, outcome) = oneshot::channel();
        let (updates, update_stream) = unbounded_channel();
        self.send(Command::Invoke(Invoke {
            call_id: call_id.to_string(),
            run,
            reply,
            updates,
        }));
        CallRun {
            outcome,
            updates: update_stream,
        }
    }

    /// Lets go of pending action `action_id`'s functions.
    pub fn forget_action(&self, action_id: u64) {
        self.send(Command::ForgetAction(action_id));
    }

    /// Watches call `call_id` until it ends: past `deadline` its code is stopped.
    pub fn watch_call(&self, call_id: &str, deadline: std::time::Instant) {
        self.watch.arm(&Invoke::key(call_id), deadline, StopReason::Deadline);
    }

    /// Call `call_id` ended: what it left behind may run briefly, then counts as a runaway.
    pub fn call_ended(&self, call_id: &str) {
        self.watch.disarm(&Invoke::key(call_id));
    }

    /// Stops call `call_id` now: a script of it that spins is stopped at once, its signal is
    /// aborted with `reason`, and its children are killed.
    pub fn stop_call(&self, call_id: &str, why: StopReason, reason: &str) {
        self.watch.stop(&Invoke::key(call_id), why);
        // The abort is queued before the children die: an engine waiting for work takes its
        // commands before the news of a child's exit, so the tool's signal fires before the
        // tool can see its children gone and return (which forgets its signal). Sent after the
        // kill, the abort lost that race in a CI run on QuickJS-ng. An engine busy running
        // other calls' JavaScript may still see the exit first.
        self.send(Command::Abort {
            call_id: call_id.to_string(),
            reason: reason.to_string(),
        });
        // A script blocked in a synchronous child (execSync) only returns once it is gone.
        self.children.kill_call(call_id);
    }

    /// Aborts call `call_id`'s signal and nothing else: the tool may still answer.
    pub fn abort_signal(&self, call_id: &str, reason: &str) {
        self.send(Command::Signal {
            call_id: call_id.to_string(),
            reason: reason.to_string(),
        });
    }

    /// What a tool's `concurrency` function says for these arguments.
    pub async fn concurrency(&self, tool_id: u32, params: Value) -> Option<String> {
        let (reply, answer) = oneshot::channel();
        self.send(Command::Concurrency { tool_id, params, reply });
        answer.await.ok().flatten()
    }

    /// What a tool's `approval` says for these arguments (not yet normalized).
    pub async fn approval(&self, tool_id: u32, params: Value) -> Value {
        let (reply, answer) = oneshot::channel();
        self.send(Command::Approval { tool_id, params, reply });
        answer.await.unwrap_or(Value::Null)
    }

    /// Delivers a session event to the `onSession` of `tool_ids`; handlers that spin past
    /// `timeout` (plus a little) are stopped.
    pub async fn session_event(&self, event: Value, tool_ids: Vec<u32>, key: String, timeout: Duration) -> SessionReport {
        let (reply, answer) = oneshot::channel();
        self.watch.arm(
            &key,
            std::time::Instant::now() + timeout + Duration::from_millis(500),
            StopReason::SessionEventTimeout,
        );
        self.send(Command::SessionEvent {
            event,
            tool_ids,
            key,
            timeout,
            reply,
        });
        // An engine wedged in a system call or a long builtin answers neither the handlers'
        // stop nor this event; the session (and shutdown) does not wait for it past its limit.
        let limit = timeout + SESSION_EVENT_ANSWER_MARGIN;
        match tokio::time::timeout(limit, answer).await {
            Ok(Ok(report)) => report,
            _ => SessionReport {
                timed_out: true,
                ..Default::default()
            },
        }
    }

    /// No more calls will come: calls whose promises nothing can settle end now.
    pub fn seal(&self) {
        self.send(Command::Seal);
    }

    /// Replaces the session facts tools see in `ctx` (entries the old session's calls added
    /// and no tool read go with it), or, given `{"state": …}`, passes on the client's report.
    pub fn set_session_info(&self, info: Value) {
        if info.get("state").is_none() {
            self.new_session_entries.clear();
        }
        self.send(Command::SessionInfo(info));
    }

    /// The tools read the session entries `log` records from now on (they wait outside the
    /// engine until a tool reads the session).
    pub fn attach_session_log(&self, log: std::sync::Arc<crate::session_log::SessionLog>) {
        self.new_session_entries.attach(log);
    }

    /// Kills every child process (group) the tools started.
    pub fn kill_children(&self) {
        self.children.kill_all();
    }
}
