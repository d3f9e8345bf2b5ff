//! The JavaScript engine as a service: one deno_core runtime (V8, or QuickJS-ng) on a thread
//! of its own, shared by all tools of a session, driven by commands (load a module, start or
//! abort a call, deliver a session event) that any thread sends through an `EngineHandle`.
//! Answers come back as the bridge's types. What stops scripts (deadlines, cancels, the heap
//! limit, scripts that never yield) is in `stop/`; the ops the runtime is built with are in
//! `crate::ext`.

#[cfg(feature = "v8")]
pub(crate) mod buffer_budget;
pub(crate) mod embedded_js;
pub(crate) mod engine_cache;
pub(crate) mod extensions;
pub(crate) mod generation;
pub(crate) mod js;
pub(crate) mod lanes;
#[cfg(feature = "v8")]
pub(crate) mod script_code_cache;
pub(crate) mod service;
pub(crate) mod snapshot;
pub(crate) mod stack_trace;
pub(crate) mod start_error;

use std::future::Future;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

use crate::bridge::update_queue::{update_queue, UpdateReceiver, UpdateSender};
use crate::bridge::{CallOutcome, LoadFailure, ModuleReply, SessionReport, StopReason};
use crate::config::ExecuteOrder;
use crate::loader::transpile::TranspileCache;
use crate::log::HostLog;
use generation::Generation;
pub(crate) use start_error::EngineStartError;

/// The engine thread's stack: deep enough for the parser on any module that fits the size
/// limit, and for V8's own stack limit.
pub(crate) const ENGINE_STACK: usize = 64 * 1024 * 1024;
/// How long past a session event's own limit the host waits for the engine's answer (the
/// watchdog stops handlers 500 ms past it; an engine that cannot be stopped never answers).
const SESSION_EVENT_ANSWER_MARGIN: Duration = Duration::from_secs(1);

/// The engine this binary was built with, its version and (V8) the start-up snapshot it
/// carries; worked out once, after the binary installed its snapshot (`--version`, and a key
/// of every code cache entry).
pub(crate) fn description() -> &'static str {
    static DESCRIPTION: std::sync::LazyLock<String> = std::sync::LazyLock::new(describe);
    DESCRIPTION.as_str()
}

#[cfg(feature = "v8")]
fn describe() -> String {
    let version = deno_core::v8::V8::get_version();
    match snapshot::startup_snapshot() {
        Some(bytes) => format!("engine: V8 {version}, start-up snapshot {:.1} MB", bytes.len() as f64 / 1e6),
        None => format!("engine: V8 {version}"),
    }
}

/// QuickJS-ng as vendored by the `v8x` crate that deno_core's `quickjs` feature uses (see its
/// `quickjs.h`).
#[cfg(not(feature = "v8"))]
fn describe() -> String {
    "engine: QuickJS-ng 0.15.1".to_string()
}

/// What the loader's code cache needs of this engine: its description (which names the
/// start-up snapshot too) and, on V8, how to compile a script's code cache ahead.
pub(crate) fn code_cache_facts() -> crate::loader::code_cache::EngineFacts {
    crate::loader::code_cache::EngineFacts {
        identity: description(),
        #[cfg(feature = "v8")]
        compile_script: Some(script_code_cache::make),
        #[cfg(not(feature = "v8"))]
        compile_script: None,
    }
}

/// How to build an engine.
#[derive(Debug, Clone)]
pub(crate) struct EngineOptions {
    /// The session's working directory (`pi.cwd`).
    pub cwd: PathBuf,
    pub cache: TranspileCache,
    pub log: HostLog,
    /// The JavaScript heap limit, in bytes.
    pub heap_limit: usize,
    /// Where console and logger lines are offered to the front end.
    pub log_tap: crate::ext::host::console::LogTap,
    /// The session's pending-action queue (`pi.pushPendingAction` stages into it).
    pub pending: crate::pending::PendingQueue,
    /// Where `ctx.abort()` asks the client to stop the turn.
    pub turn_aborts: crate::ext::host::turn::TurnAborts,
    /// Where tools' calls of other tools go (`ctx.executeTool`): the serve core.
    pub nested_calls: crate::ext::host::nested_calls::NestedCalls,
    /// The session's UI broker (`pi.ui` asks the client through it).
    pub ui: crate::ui::UiBroker,
    /// Where extensions' changes to the tool set go (`pi.registerTool` late, `pi.setActiveTools`).
    pub tools: crate::tool_changes::ToolChanges,
    /// How long a due stop may go unanswered before the engine is replaced.
    pub wedged_after: crate::stop::watchdog::WedgedAfter,
    /// What this engine's tools may reach (one policy per engine: `lanes`).
    pub permissions: crate::permissions::Permissions,
}

/// Start a call on the engine.
pub(crate) struct Invoke {
    pub call_id: String,
    pub run: Run,
    pub reply: oneshot::Sender<CallOutcome>,
    pub updates: UpdateSender,
    /// Set by whoever takes the call first: the engine, to run it, or the caller, to run it
    /// on another engine after this one was lost (`CallRun::take_back`).
    pub claimed: Arc<AtomicBool>,
}

/// What a call runs.
pub(crate) enum Run {
    /// Tool `tool`'s `execute` with validated `params`.
    Tool { tool: ToolRef, params: Value, order: ExecuteOrder },
    /// Pending action `action_id`'s apply (`op` "apply") or reject ("discard"), for `resolve`,
    /// on the engine that staged it (`engine`).
    Action {
        action_id: u64,
        engine: u64,
        op: &'static str,
        reason: String,
        extra: Value,
    },
}

/// Load a module and run its factory.
pub(crate) struct Load {
    pub path: PathBuf,
    /// 0 for a first load; a reload's own number, so the file is imported afresh.
    pub version: u64,
    pub key: String,
    pub timeout: Duration,
    pub reply: oneshot::Sender<Result<ModuleReply, LoadFailure>>,
}

/// What the engine thread is asked to do.
pub(crate) enum Command {
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
    /// Run a tool's `prepareArguments` (pi's) on a call's arguments, before they are validated.
    PrepareArguments {
        tool_id: u32,
        params: Value,
        reply: oneshot::Sender<Result<Value, String>>,
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

/// A tool as one engine knows it: its index there, and which engine (tool indexes of a
/// replaced engine mean nothing to its successor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ToolRef {
    pub engine: u64,
    pub id: u32,
}

/// A call running on the engine: its outcome, its partial results as they come, and a token
/// cancelled if the engine running it is wedged (its outcome will not come then).
pub(crate) struct CallRun {
    pub outcome: oneshot::Receiver<CallOutcome>,
    pub updates: UpdateReceiver,
    pub engine_lost: CancellationToken,
    /// The engine the call was meant for.
    pub engine: u64,
    claimed: Arc<AtomicBool>,
}

impl CallRun {
    /// A run on engine `engine`, which answers `outcome`, streams `updates`, and is lost with
    /// `engine_lost`.
    pub(crate) fn new(outcome: oneshot::Receiver<CallOutcome>, updates: UpdateReceiver, engine_lost: CancellationToken, engine: u64) -> CallRun {
        CallRun {
            outcome,
            updates,
            engine_lost,
            engine,
            claimed: Arc::default(),
        }
    }

    /// True if the engine never took the call up, which it now never will (after its engine
    /// was lost, the call may then run elsewhere without running twice).
    pub(crate) fn take_back(&self) -> bool {
        !self.claimed.swap(true, Ordering::AcqRel)
    }

    /// What the engine sets when it takes the call up (the `Invoke`'s `claimed`).
    pub(crate) fn claim(&self) -> Arc<AtomicBool> {
        self.claimed.clone()
    }
}

/// A handle to the session's engine; cheap to clone and usable from any thread. A wedged
/// engine is replaced in place (`restart`): every clone reaches the new one from then on.
/// An engine stops when it is replaced or the last handle is dropped.
#[derive(Clone)]
pub(crate) struct EngineHandle {
    shared: Arc<Shared>,
}

struct Shared {
    /// How engines are built (again, for a replacement).
    options: EngineOptions,
    current: RwLock<Arc<Generation>>,
    /// What the session told the engine, told again to a replacement.
    told: Mutex<Told>,
    /// False while a replacement loads the tools: calls wait before they start.
    serving: tokio::sync::watch::Sender<bool>,
    /// The engine that will replace the one serving, started once that one was suspected of
    /// being wedged (`prepare_replacement`), and taken by `restart`.
    replacement: Mutex<Option<tokio::task::JoinHandle<SpawnResult>>>,
}

/// A started engine and its thread, or why it could not start.
type SpawnResult = Result<(Generation, std::thread::JoinHandle<()>), EngineStartError>;

/// The session's facts as last told to the engine.
#[derive(Default)]
struct Told {
    session_log: Option<Arc<crate::session_log::SessionLog>>,
    info: Option<Value>,
    state: Option<Value>,
}

impl EngineHandle {
    /// Starts the engine thread: the runtime, the host bootstrap, the session's `pi`. Its
    /// engines are numbered from `first` (`lanes` gives each lane its own range). The thread
    /// ends once every handle to the engine is dropped; nothing joins it.
    pub(crate) async fn start_numbered(options: EngineOptions, first: u64) -> Result<EngineHandle, EngineStartError> {
        let (first, _thread) = generation::spawn(options.clone(), first).await?;
        let shared = Shared {
            options,
            current: RwLock::new(Arc::new(first)),
            told: Mutex::default(),
            serving: tokio::sync::watch::channel(true).0,
            replacement: Mutex::default(),
        };
        Ok(EngineHandle { shared: Arc::new(shared) })
    }

    fn current(&self) -> Arc<Generation> {
        self.shared.current.read().unwrap().clone()
    }

    fn send(&self, command: Command) {
        let _ = self.current().commands.send(command);
    }

    /// The number of the engine serving now (tool entries say which engine loaded them).
    pub(crate) fn generation(&self) -> u64 {
        self.current().number
    }

    /// Cancelled once the engine serving now is found wedged (a stop was due and it did not
    /// look for one in `watchdog::WEDGED_AFTER`).
    pub(crate) fn wedged(&self) -> CancellationToken {
        self.current().lost()
    }

    /// Cancelled once the engine serving now is suspected of being wedged: a stop went
    /// unanswered for part of the time after which it would be given up on.
    pub(crate) fn suspected(&self) -> CancellationToken {
        self.current().watch.suspected()
    }

    /// Whether an engine to replace the one serving has been started (`prepare_replacement`).
    pub(crate) fn replacement_prepared(&self) -> bool {
        self.shared.replacement.lock().unwrap().is_some()
    }

    /// Starts the engine that would replace the one serving, if none is started yet, so a
    /// `restart` soon after does not wait for all of its start (a new engine's start is most
    /// of a replacement's time on QuickJS-ng). Kept until a `restart` takes it, should the
    /// suspected engine go on.
    pub(crate) fn prepare_replacement(&self) {
        let mut replacement = self.shared.replacement.lock().unwrap();
        if replacement.is_none() {
            let serving = self.generation();
            let number = serving + 1;
            let context = serde_json::json!({ "engine": serving, "replacement": number });
            self.shared.options.log.write(
                "info",
                "Starting the engine that would replace one that does not look for interrupts",
                Some(&context),
            );
            *replacement = Some(tokio::spawn(generation::spawn(self.shared.options.clone(), number)));
        }
    }

    /// From now on, a due stop may go unanswered for `after` before the engine (this one and
    /// its replacements) counts as wedged.
    pub(crate) fn set_wedged_after(&self, after: Duration) {
        self.shared.options.wedged_after.set(after);
    }

    /// Whether the engine serving now was lost to a panic of its thread (not wedged).
    pub(crate) fn crashed(&self) -> bool {
        self.current().watch.has_crashed()
    }

    /// The jobs (`call:<id>`, `load:<n>`, …) whose stops were due when the engine serving now
    /// was found wedged.
    pub(crate) fn wedged_by(&self) -> Vec<String> {
        self.current().watch.wedged_by()
    }

    /// How long those stops had gone unanswered then (`WEDGED_ALONE_AFTER` or the setting).
    pub(crate) fn wedged_within(&self) -> Duration {
        self.current().watch.wedged_within()
    }

    /// Replaces the engine with a new one (a wedged engine cannot be freed; its thread is
    /// left to end when its script does): the old one's children are killed, what it owed is
    /// given up, and the session's facts are told to the new one. Calls wait (`serving`) until
    /// `resume_serving`, once the tools are loaded again.
    pub(crate) async fn restart(&self) -> Result<(), EngineStartError> {
        self.shared.serving.send_replace(false);
        let prepared = self.shared.replacement.lock().unwrap().take();
        let started = match prepared {
            Some(prepared) => prepared.await.unwrap_or_else(|e| Err(EngineStartError::ReplacementLost(e.to_string()))),
            None => generation::spawn(self.shared.options.clone(), self.generation() + 1).await,
        };
        let (fresh, thread) = match started {
            Ok(started) => started,
            Err(e) => {
                self.resume_serving();
                return Err(e);
            }
        };
        // Not joined, as the thread it replaces is not: a wedged thread ends on its own.
        drop(thread);
        {
            let told = self.shared.told.lock().unwrap();
            if let Some(log) = &told.session_log {
                fresh.new_session_entries.attach_from_start(log.clone());
            }
            for info in [&told.info, &told.state].into_iter().flatten() {
                let _ = fresh.commands.send(Command::SessionInfo(info.clone()));
            }
        }
        let old = std::mem::replace(&mut *self.shared.current.write().unwrap(), Arc::new(fresh));
        old.lost().cancel();
        old.children.kill_all();
        old.demote();
        Ok(())
    }

    /// Calls may start again (after `restart`, the tools are loaded).
    pub(crate) fn resume_serving(&self) {
        self.shared.serving.send_replace(true);
    }

    /// The serving engine's number, unless a replacement is loading the tools or the engine
    /// was found wedged and its replacement has not begun yet (a call taken back from it
    /// must wait for the replacement, not go to it again).
    pub(crate) fn serving_now(&self) -> Option<u64> {
        let serving = *self.shared.serving.borrow();
        let current = self.current();
        (serving && !current.lost().is_cancelled()).then_some(current.number)
    }

    /// Waits while a replacement engine loads the tools (or has yet to begin); answers the
    /// serving engine's number.
    pub(crate) async fn serving(&self) -> u64 {
        let mut serving = self.shared.serving.subscribe();
        loop {
            if let Some(number) = self.serving_now() {
                return number;
            }
            // A replacement sends `false`, then `true` once the new engine serves.
            if serving.changed().await.is_err() {
                return self.generation();
            }
        }
    }

    /// Queues the import of the module at `path` and the run of its factory, within `timeout`
    /// (counted from when the engine takes it up: loads run one at a time, in the order they
    /// were queued); the answer comes through the future. A `version` other than 0 imports
    /// the file (and the tool's own files it imports) afresh, for hot reload.
    pub(crate) fn load(&self, path: PathBuf, version: u64, key: String, timeout: Duration) -> impl Future<Output = Result<ModuleReply, LoadFailure>> + use<> {
        let (reply, answer) = oneshot::channel();
        let engine = self.current();
        let _ = engine.commands.send(Command::Load(Load {
            path,
            version,
            key: key.clone(),
            timeout,
            reply,
        }));
        let lost = engine.lost();
        let watch = engine.watch.clone();
        async move {
            tokio::select! {
                biased;
                answer = answer => answer.unwrap_or(Err(LoadFailure::Threw {
                    message: "the engine stopped".into(),
                    location: None,
                })),
                _ = lost.cancelled() => Err(LoadFailure::EngineWedged {
                    culprit: watch.wedged_by().contains(&key),
                }),
            }
        }
    }

    /// Starts call `call_id`.
    /// A tool's call goes only to the engine that loaded the tool (`Run::Tool`'s `tool`): on
    /// another, its `engine_lost` is cancelled from the start.
    pub(crate) fn invoke(&self, call_id: &str, run: Run) -> CallRun {
        let (reply, outcome) = oneshot::channel();
        let (updates, update_stream) = update_queue();
        let engine = self.current();
        if let Run::Tool { tool, .. } = run {
            if tool.engine != engine.number {
                let gone = CancellationToken::new();
                gone.cancel();
                return CallRun::new(outcome, update_stream, gone, tool.engine);
            }
        }
        let run_handle = CallRun::new(outcome, update_stream, engine.lost(), engine.number);
        let _ = engine.commands.send(Command::Invoke(Invoke {
            call_id: call_id.to_string(),
            run,
            reply,
            updates,
            claimed: run_handle.claim(),
        }));
        run_handle
    }

    /// Lets go of pending action `action_id`'s functions.
    pub(crate) fn forget_action(&self, action_id: u64) {
        self.send(Command::ForgetAction(action_id));
    }

    /// Watches call `call_id` until it ends: past `deadline` its code is stopped.
    pub(crate) fn watch_call(&self, call_id: &str, deadline: std::time::Instant) {
        self.current().watch.arm(&Invoke::key(call_id), deadline, StopReason::Deadline);
    }

    /// Call `call_id` ended: what it left behind may run briefly, then counts as a runaway.
    pub(crate) fn call_ended(&self, call_id: &str) {
        self.current().watch.disarm(&Invoke::key(call_id));
    }

    /// Stops call `call_id` now: a script of it that spins is stopped at once, its signal is
    /// aborted with `reason`, and its children are killed.
    pub(crate) fn stop_call(&self, call_id: &str, why: StopReason, reason: &str) {
        let engine = self.current();
        engine.watch.stop(&Invoke::key(call_id), why, reason);
        // The abort is queued before the children die: an engine waiting for work takes its
        // commands before the news of a child's exit, so the tool's signal fires before the
        // tool can see its children gone and return (which forgets its signal). Sent after the
        // kill, the abort lost that race in a CI run on QuickJS-ng. An engine busy running
        // other calls' JavaScript may still see the exit first.
        let _ = engine.commands.send(Command::Abort {
            call_id: call_id.to_string(),
            reason: reason.to_string(),
        });
        // A script blocked in a synchronous child (execSync) only returns once it is gone.
        engine.children.kill_call(call_id);
    }

    /// Aborts call `call_id`'s signal and nothing else: the tool may still answer.
    pub(crate) fn abort_signal(&self, call_id: &str, reason: &str) {
        self.send(Command::Signal {
            call_id: call_id.to_string(),
            reason: reason.to_string(),
        });
    }

    /// Asks the engine that loaded `tool` a question about it (`question` makes the command
    /// from the tool's index and where to reply); None if another engine serves now, or if the
    /// engine is lost before it answers.
    async fn ask_about<T>(&self, tool: ToolRef, question: impl FnOnce(u32, oneshot::Sender<T>) -> Command) -> Option<T> {
        let (reply, answer) = oneshot::channel();
        let engine = self.current();
        if tool.engine != engine.number {
            return None;
        }
        let lost = engine.lost();
        let _ = engine.commands.send(question(tool.id, reply));
        tokio::select! {
            answer = answer => answer.ok(),
            _ = lost.cancelled() => None,
        }
    }

    /// What a tool's `concurrency` function says for these arguments (nothing, if another
    /// engine loaded the tool).
    pub(crate) async fn concurrency(&self, tool: ToolRef, params: Value) -> Option<String> {
        self.ask_about(tool, |tool_id, reply| Command::Concurrency { tool_id, params, reply })
            .await
            .flatten()
    }

    /// What a tool's `prepareArguments` made of a call's arguments, or the message it failed
    /// with; None if another engine loaded the tool or the engine was lost.
    pub(crate) async fn prepare_arguments(&self, tool: ToolRef, params: Value) -> Option<Result<Value, String>> {
        self.ask_about(tool, |tool_id, reply| Command::PrepareArguments { tool_id, params, reply })
            .await
    }

    /// What a tool's `approval` says for these arguments (not yet normalized; null, which
    /// counts as the strictest tier, if another engine loaded the tool).
    pub(crate) async fn approval(&self, tool: ToolRef, params: Value) -> Value {
        self.ask_about(tool, |tool_id, reply| Command::Approval { tool_id, params, reply })
            .await
            .unwrap_or(Value::Null)
    }

    /// Delivers a session event to the `onSession` of `tools` (those the serving engine
    /// loaded); handlers that spin past `timeout` (plus a little) are stopped.
    pub(crate) async fn session_event(&self, event: Value, tools: Vec<ToolRef>, key: String, timeout: Duration) -> SessionReport {
        let (reply, answer) = oneshot::channel();
        let engine = self.current();
        let tool_ids = tools.iter().filter(|t| t.engine == engine.number).map(|t| t.id).collect();
        engine.watch.arm(
            &key,
            std::time::Instant::now() + timeout + Duration::from_millis(500),
            StopReason::SessionEventTimeout,
        );
        let _ = engine.commands.send(Command::SessionEvent {
            event,
            tool_ids,
            key,
            timeout,
            reply,
        });
        let lost = engine.lost();
        // An engine wedged in a system call or a long builtin answers neither the handlers'
        // stop nor this event; the session (and shutdown) does not wait for it past its limit.
        let limit = timeout + SESSION_EVENT_ANSWER_MARGIN;
        let answered = tokio::select! {
            answered = tokio::time::timeout(limit, answer) => answered.ok().and_then(Result::ok),
            _ = lost.cancelled() => None,
        };
        match answered {
            Some(report) => report,
            None => SessionReport {
                timed_out: true,
                ..Default::default()
            },
        }
    }

    /// No more calls will come: calls whose promises nothing can settle end now.
    pub(crate) fn seal(&self) {
        self.send(Command::Seal);
    }

    /// Replaces the session facts tools see in `ctx` (entries the old session's calls added
    /// and no tool read go with it), or, given `{"state": …}`, passes on the client's report.
    pub(crate) fn set_session_info(&self, info: Value) {
        let engine = self.current();
        {
            let mut told = self.shared.told.lock().unwrap();
            if info.get("state").is_none() {
                engine.new_session_entries.clear();
                told.info = Some(info.clone());
            } else {
                told.state = Some(info.clone());
            }
        }
        let _ = engine.commands.send(Command::SessionInfo(info));
    }

    /// The tools read the session entries `log` records from now on (they wait outside the
    /// engine until a tool reads the session).
    pub(crate) fn attach_session_log(&self, log: Arc<crate::session_log::SessionLog>) {
        self.shared.told.lock().unwrap().session_log = Some(log.clone());
        self.current().new_session_entries.attach(log);
    }

    /// Kills every child process (group) the tools started.
    pub(crate) fn kill_children(&self) {
        self.current().children.kill_all();
    }
}
