//! The JavaScript engine: one deno_core runtime (QuickJS-ng here, V8 where it can be built)
//! shared by all tools of a session, with the host's ops, deno_web's globals and the tool
//! module loader. Offers loading a tool module, starting calls, and driving the event loop.

pub mod captured_output;
pub mod child_supervisor;
pub mod children;
pub mod engine_cache;
pub mod exec;
pub mod node;
pub mod ops_host;
pub mod ops_require;
pub mod ops_schema;
pub mod updates;

use std::future::{poll_fn, Future};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::task::Poll;

use deno_core::futures::FutureExt;
use deno_core::{v8, JsRuntime, ModuleSpecifier, PollEventLoopOptions, RuntimeOptions};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

use crate::loader::transpile::TranspileCache;
use crate::loader::{file_url, ToolModuleLoader};
use crate::log::HostLog;
use updates::{CallUpdate, UpdateSink};

deno_core::extension!(
    omp_host,
    ops = [
        ops_host::op_host_info,
        ops_host::op_hrtime_ns,
        ops_host::op_process_kill,
        ops_host::op_log,
        exec::op_exec_start,
        exec::op_exec_collect,
        exec::op_exec_kill,
        ops_require::op_require_resolve,
        ops_require::op_require_source,
        updates::op_call_update,
        ops_schema::op_schema_parse,
    ],
    options = { cache: TranspileCache, log: HostLog, updates: UpdateSink },
    state = |state, options| {
        state.put(options.cache);
        state.put(options.log);
        state.put(options.updates);
        state.put(children::ChildRegistry::new());
        state.put(ops_schema::SchemaCache::default());
    }
);

/// How to build an engine.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// The session's working directory (`pi.cwd`).
    pub cwd: PathBuf,
    pub cache: TranspileCache,
    pub log: HostLog,
    /// The JavaScript heap limit, in bytes.
    pub heap_limit: usize,
}

/// An error from JavaScript, already formatted (message and source-mapped stack).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct JsFailure(pub String);

impl JsFailure {
    fn from_core(err: impl std::fmt::Display) -> Self {
        JsFailure(err.to_string())
    }
}

/// The host functions exported by `js/host/bootstrap.js`.
struct HostFunctions {
    configure_session: v8::Global<v8::Function>,
    load_module: v8::Global<v8::Function>,
    call_tool: v8::Global<v8::Function>,
    abort_call: v8::Global<v8::Function>,
    active_call: v8::Global<v8::Function>,
    concurrency_for: v8::Global<v8::Function>,
    session_event: v8::Global<v8::Function>,
    warm_up: v8::Global<v8::Function>,
}

/// What a driven future ended with.
#[derive(Debug)]
pub enum Driven<T> {
    Done(T),
    /// The JavaScript side has nothing left to run, so the future can never finish.
    Stalled,
}

pub struct Engine {
    runtime: JsRuntime,
    host: HostFunctions,
    updates: Option<UnboundedReceiver<CallUpdate>>,
    log: HostLog,
    /// Set while JavaScript runs on the engine thread (read by the deadline watchdog).
    busy: Arc<BusyFlag>,
    /// Set by the near-heap-limit callback when a script exhausted the heap.
    heap_exceeded: Arc<AtomicBool>,
    stopped_in_call: Option<bool>,
}

/// Whether the engine thread is inside JavaScript, since when, and — when the host knows —
/// for which call.
#[derive(Debug, Default)]
pub struct BusyFlag {
    since_ms: AtomicU64,
    call: std::sync::Mutex<Option<String>>,
}

impl BusyFlag {
    fn enter(&self) -> BusyGuard<'_> {
        let now = epoch_ms().max(1);
        self.since_ms.store(now, Ordering::SeqCst);
        BusyGuard(self)
    }

    fn enter_for(&self, call_id: &str) -> BusyGuard<'_> {
        *self.call.lock().unwrap() = Some(call_id.to_string());
        self.enter()
    }

    /// The call whose code is running, when the host knows it (a call's synchronous start).
    pub fn running_call(&self) -> Option<String> {
        self.call.lock().unwrap().clone()
    }

    /// How long JavaScript has been running without returning, if it is running.
    pub fn running_for(&self) -> Option<std::time::Duration> {
        match self.since_ms.load(Ordering::SeqCst) {
            0 => None,
            since => Some(std::time::Duration::from_millis(epoch_ms().saturating_sub(since))),
        }
    }
}

struct BusyGuard<'a>(&'a BusyFlag);

impl Drop for BusyGuard<'_> {
    fn drop(&mut self) {
        self.0.since_ms.store(0, Ordering::SeqCst);
        *self.0.call.lock().unwrap() = None;
    }
}

fn epoch_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// What one turn of the event loop came to.
#[derive(Debug)]
pub enum LoopTurn {
    /// Nothing is left to run until something new starts.
    Idle,
    /// JavaScript was stopped (deadline, cancellation or heap limit) or threw out of the
    /// loop; the engine has recovered and can go on.
    Interrupted { reason: String, heap_exceeded: bool },
}

/// A value passed to a host function.
pub enum Arg<'a> {
    Str(&'a str),
    Num(f64),
    Object(&'a v8::Global<v8::Object>),
}

impl Engine {
    /// Creates the runtime, runs the host bootstrap and configures the session.
    pub async fn start(options: EngineOptions) -> Result<Engine, JsFailure> {
        let (tx, rx) = unbounded_channel();
        let loader = ToolModuleLoader::new(options.cache.clone(), options.cwd.clone());
        let mut runtime = JsRuntime::try_new(RuntimeOptions {
            module_loader: Some(Rc::new(loader)),
            extensions: vec![
                deno_webidl::deno_webidl::init(),
                deno_web::deno_web::init(
                    Arc::new(deno_web::BlobStore::default()),
                    None,
                    false,
                    deno_web::InMemoryBroadcastChannel::default(),
                ),
                omp_host::init(options.cache.clone(), options.log.clone(), UpdateSink(tx)),
                node::omp_node::init(),
            ],
            create_params: Some(v8::CreateParams::default().heap_limits(0, options.heap_limit)),
            ..Default::default()
        })
        .map_err(JsFailure::from_core)?;

        let bootstrap = ModuleSpecifier::parse("omp:/host/bootstrap").expect("static URL");
        let id = runtime.load_side_es_module(&bootstrap).await.map_err(JsFailure::from_core)?;
        let evaluation = runtime.mod_evaluate(id);
        runtime.run_event_loop(PollEventLoopOptions::default()).await.map_err(JsFailure::from_core)?;
        evaluation.await.map_err(JsFailure::from_core)?;
        let namespace = runtime.get_module_namespace(id).map_err(JsFailure::from_core)?;
        let host = {
            deno_core::scope!(scope, &mut runtime);
            let namespace = v8::Local::new(scope, namespace);
            let get = |name: &str| -> Result<v8::Global<v8::Function>, JsFailure> {
                let key = v8::String::new(scope, name).expect("short string");
                let value = namespace.get(scope, key.into()).ok_or_else(|| JsFailure(format!("bootstrap lacks {name}")))?;
                let function = v8::Local::<v8::Function>::try_from(value).map_err(|_| JsFailure(format!("bootstrap {name} is not a function")))?;
                Ok(v8::Global::new(scope, function))
            };
            HostFunctions {
                configure_session: get("configureSession")?,
                load_module: get("loadModule")?,
                call_tool: get("callTool")?,
                abort_call: get("abortCall")?,
                active_call: get("activeCall")?,
                concurrency_for: get("concurrencyFor")?,
                session_event: get("sessionEvent")?,
                warm_up: get("warmUp")?,
            }
        };
        let heap_exceeded = Arc::new(AtomicBool::new(false));
        let handle = runtime.v8_isolate().thread_safe_handle();
        let flag = heap_exceeded.clone();
        runtime.add_near_heap_limit_callback(move |current, _initial| {
            // Stop the script that ran out of heap; give it room to unwind.
            flag.store(true, Ordering::SeqCst);
            handle.terminate_execution();
            current + 64 * 1024 * 1024
        });
        let mut engine = Engine {
            runtime,
            host,
            updates: Some(rx),
            log: options.log,
            busy: Arc::new(BusyFlag::default()),
            heap_exceeded,
            stopped_in_call: None,
        };
        let session = serde_json::json!({ "cwd": options.cwd.display().to_string() }).to_string();
        let configure = engine.invoke(&engine.host.configure_session.clone(), &[Arg::Str(&session)]);
        engine.settle(configure).await?;
        Ok(engine)
    }

    /// Calls a host function; the future settles when its promise does (drive the loop).
    fn invoke(
        &mut self,
        function: &v8::Global<v8::Function>,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<v8::Global<v8::Value>, Box<deno_core::error::JsError>>> + Unpin + 'static {
        self.invoke_for(None, function, args)
    }

    /// `invoke`, telling the watchdog which call the code belongs to.
    fn invoke_for(
        &mut self,
        call_id: Option<&str>,
        function: &v8::Global<v8::Function>,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<v8::Global<v8::Value>, Box<deno_core::error::JsError>>> + Unpin + 'static {
        let busy = self.busy.clone();
        let _running = match call_id {
            Some(id) => busy.enter_for(id),
            None => busy.enter(),
        };
        let globals: Vec<v8::Global<v8::Value>> = {
            deno_core::scope!(scope, &mut self.runtime);
            args.iter()
                .map(|arg| {
                    let local: v8::Local<v8::Value> = match arg {
                        Arg::Str(s) => v8::String::new(scope, s).expect("string fits").into(),
                        Arg::Num(n) => v8::Number::new(scope, *n).into(),
                        Arg::Object(o) => v8::Local::new(scope, *o).into(),
                    };
                    v8::Global::new(scope, local)
                })
                .collect()
        };
        let call = self.runtime.call_with_args(function, &globals).boxed_local();
        self.clear_stopped_script();
        call
    }

    /// A script stopped while it ran synchronously leaves the isolate terminating: clear it so
    /// the next script runs (the stopped script's future already carries the error), and note
    /// it for `take_stopped_in_call`.
    fn clear_stopped_script(&mut self) {
        if self.runtime.v8_isolate().is_execution_terminating() {
            self.runtime.v8_isolate().cancel_terminate_execution();
            let heap = self.heap_exceeded.swap(false, Ordering::SeqCst);
            self.stopped_in_call = Some(heap);
        }
    }

    /// Calls a host function whose answer is ready at once (it returns no promise) and reads
    /// it as a string; None if it threw or did not answer synchronously.
    fn call_now(&mut self, function: &v8::Global<v8::Function>, args: &[Arg<'_>]) -> Option<String> {
        let mut call = self.invoke(function, args);
        let waker = deno_core::futures::task::noop_waker();
        match call.poll_unpin(&mut std::task::Context::from_waker(&waker)) {
            Poll::Ready(Ok(value)) => Some(self.to_string(&value)),
            _ => None,
        }
    }

    /// Runs queued promise reactions now, so a just-started call's synchronous part and first
    /// continuations finish before anything else runs. A script stopped meanwhile is recorded
    /// as for `take_stopped_in_call`.
    pub fn run_microtasks(&mut self, call_id: &str) {
        let busy = self.busy.clone();
        {
            let _running = busy.enter_for(call_id);
            deno_core::scope!(scope, &mut self.runtime);
            scope.perform_microtask_checkpoint();
        }
        self.clear_stopped_script();
    }

    /// Whether the last host-function call was stopped while it ran (Some(true): it ran out
    /// of heap), clearing the mark.
    pub fn take_stopped_in_call(&mut self) -> Option<bool> {
        self.stopped_in_call.take()
    }

    /// A settled JavaScript value as a Rust string.
    pub fn to_string(&mut self, value: &v8::Global<v8::Value>) -> String {
        deno_core::scope!(scope, &mut self.runtime);
        v8::Local::new(scope, value).to_rust_string_lossy(scope)
    }

    /// Drives the event loop until `future` finishes or nothing is left that could finish it.
    /// Interruptions (a stray error thrown from a timer, a stopped script) are survived.
    pub async fn drive<F: Future + Unpin>(&mut self, mut future: F) -> Driven<F::Output> {
        poll_fn(|cx| {
            for _ in 0..16 {
                if let Poll::Ready(value) = future.poll_unpin(cx) {
                    return Poll::Ready(Driven::Done(value));
                }
                match self.poll_turn(cx) {
                    Poll::Pending => return Poll::Pending,
                    Poll::Ready(LoopTurn::Idle) => {
                        return Poll::Ready(match future.poll_unpin(cx) {
                            Poll::Ready(value) => Driven::Done(value),
                            Poll::Pending => Driven::Stalled,
                        });
                    }
                    Poll::Ready(LoopTurn::Interrupted { .. }) => {}
                }
            }
            cx.waker().wake_by_ref();
            Poll::Pending
        })
        .await
    }

    /// Drives a host-function call to its settled string value.
    async fn settle(
        &mut self,
        call: impl Future<Output = Result<v8::Global<v8::Value>, Box<deno_core::error::JsError>>> + Unpin,
    ) -> Result<String, JsFailure> {
        match self.drive(call).await {
            Driven::Done(Ok(value)) => Ok(self.to_string(&value)),
            Driven::Done(Err(err)) => Err(JsFailure::from_core(err)),
            Driven::Stalled => Err(JsFailure("the host function never settled".into())),
        }
    }

    /// Imports the module at `path` and runs its factory. `request` is the JSON the JS loader
    /// takes (`{path, executeOrder?, piEra}`); the answer is its JSON reply.
    pub async fn load_module(&mut self, path: &Path, request: &str) -> Result<String, JsFailure> {
        let url = file_url(path).map_err(|e| JsFailure(e.to_string()))?;
        let id = self.runtime.load_side_es_module(&url).await.map_err(JsFailure::from_core)?;
        let evaluation = {
            let busy = self.busy.clone();
            let _running = busy.enter();
            self.runtime.mod_evaluate(id).boxed_local()
        };
        // The module's top level may have been stopped (it ran past the load time limit).
        self.clear_stopped_script();
        match self.drive(evaluation).await {
            Driven::Done(Ok(())) => {}
            Driven::Done(Err(err)) => return Err(JsFailure::from_core(err)),
            Driven::Stalled => return Err(JsFailure("top-level await never settled".into())),
        }
        let namespace = self.runtime.get_module_namespace(id).map_err(JsFailure::from_core)?;
        let call = self.invoke(&self.host.load_module.clone(), &[Arg::Object(&namespace), Arg::Str(request)]);
        self.settle(call).await
    }

    /// Starts call `call_id` of loaded tool `tool_id`; the future yields the JS reply JSON
    /// once the loop has been driven far enough.
    pub fn start_call(
        &mut self,
        tool_id: u32,
        call_id: &str,
        params_json: &str,
        info_json: &str,
    ) -> impl Future<Output = Result<v8::Global<v8::Value>, Box<deno_core::error::JsError>>> + Unpin + 'static {
        let function = self.host.call_tool.clone();
        // Only a stop during this call's own start counts (not one left from loading).
        self.stopped_in_call = None;
        self.invoke_for(Some(call_id), &function, &[Arg::Num(tool_id as f64), Arg::Str(call_id), Arg::Str(params_json), Arg::Str(info_json)])
    }

    /// Loads the web globals every call uses, so no call is ever stopped inside their first
    /// load (a lazily loaded script stopped midway cannot be loaded again).
    pub fn warm_up(&mut self) {
        let function = self.host.warm_up.clone();
        let _ = self.invoke(&function, &[]);
    }

    /// The flag the deadline watchdog reads, and the handle it stops JavaScript with.
    pub fn watch_handles(&mut self) -> (Arc<BusyFlag>, v8::IsolateHandle) {
        (self.busy.clone(), self.runtime.v8_isolate().thread_safe_handle())
    }

    /// Runs one turn of the event loop. After a termination or an uncaught error the engine
    /// is made usable again and the interruption is reported.
    pub fn poll_turn(&mut self, cx: &mut std::task::Context<'_>) -> Poll<LoopTurn> {
        let busy = self.busy.clone();
        let polled = {
            let _running = busy.enter();
            self.runtime.poll_event_loop(cx, PollEventLoopOptions::default())
        };
        match polled {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Ok(())) => Poll::Ready(LoopTurn::Idle),
            Poll::Ready(Err(err)) => Poll::Ready(self.recover(err.to_string())),
        }
    }

    /// Clears a termination so the next script runs normally.
    fn recover(&mut self, reason: String) -> LoopTurn {
        self.runtime.v8_isolate().cancel_terminate_execution();
        let heap_exceeded = self.heap_exceeded.swap(false, Ordering::SeqCst);
        if !heap_exceeded && !reason.contains("execution terminated") {
            self.log.write("error", "Uncaught error in tool code", Some(&serde_json::json!({ "error": reason })));
        }
        LoopTurn::Interrupted { reason, heap_exceeded }
    }

    /// After an interruption: the call whose code was running, if the engine can tell.
    pub fn active_call(&mut self) -> Option<String> {
        let function = self.host.active_call.clone();
        self.call_now(&function, &[]).filter(|id| !id.is_empty() && id != "undefined")
    }

    /// Evaluates a tool's `concurrency` (a string, or a function of the arguments):
    /// `shared`, `exclusive`, or empty when the tool does not say.
    pub fn concurrency_for(&mut self, tool_id: u32, params_json: &str) -> String {
        let function = self.host.concurrency_for.clone();
        self.call_now(&function, &[Arg::Num(tool_id as f64), Arg::Str(params_json)]).unwrap_or_default()
    }

    /// Starts delivering a session event to every tool's `onSession`; resolves to a JSON
    /// report of handler errors and timeouts.
    pub fn start_session_event(
        &mut self,
        event_json: &str,
        info_json: &str,
        timeout_ms: u64,
    ) -> impl Future<Output = Result<v8::Global<v8::Value>, Box<deno_core::error::JsError>>> + Unpin + 'static {
        let function = self.host.session_event.clone();
        self.invoke(&function, &[Arg::Str(event_json), Arg::Str(info_json), Arg::Num(timeout_ms as f64)])
    }

    /// Aborts call `call_id`'s signal and kills the processes it started.
    pub fn abort_call(&mut self, call_id: &str, reason: &str) {
        let function = self.host.abort_call.clone();
        let _ = self.invoke(&function, &[Arg::Str(call_id), Arg::Str(reason)]);
        self.children().kill_call(call_id);
    }

    /// Every child process group the host started, by call; usable from any thread.
    pub fn children(&self) -> children::ChildRegistry {
        self.runtime.op_state().borrow().borrow::<children::ChildRegistry>().clone()
    }

    /// Hands out the stream of partial results reported by calls (once).
    pub fn take_updates(&mut self) -> Option<UnboundedReceiver<CallUpdate>> {
        self.updates.take()
    }

    /// Kills every child process still running (host shutdown).
    pub fn kill_children(&mut self) {
        self.children().kill_all();
    }
}
