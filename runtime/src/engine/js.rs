//! The JavaScript side of the engine, on the engine thread: one deno_core runtime with the
//! host's ops, deno_web's globals and the tool module loader, plus handles to the functions
//! `ext/host/bootstrap.js` exports. Starts calls, session events and module loads, runs the
//! event loop, and turns JavaScript values into the bridge's types. Every entry into
//! JavaScript marks the engine busy for the watchdog, and a script the watchdog stopped is
//! cleared here so the next one runs.

use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::rc::Rc;
use std::task::Poll;

use deno_core::{v8, JsRuntime, ModuleSpecifier, PollEventLoopOptions, RuntimeOptions};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::{EngineOptions, EngineStartError};
use crate::bridge::{self, LoadFailure, ModuleReply};
use crate::children::ChildRegistry;
use crate::config::ExecuteOrder;
use crate::ext::host::session::NewSessionEntries;
use crate::loader::{file_url, ToolModuleLoader};
use crate::log::HostLog;
use crate::stop::heap_limit;
use crate::stop::watchdog::{Attached, Stopped, WatchHandle, Watchdog};

const BOOTSTRAP: &str = "omp:/host/bootstrap";

/// Loads and evaluates `ext/host/bootstrap.js` (a lookup when the runtime came from the
/// snapshot, where it already ran) and takes the functions it exports.
pub(super) async fn evaluate_bootstrap(runtime: &mut JsRuntime) -> Result<HostFunctions, String> {
    let bootstrap = ModuleSpecifier::parse(BOOTSTRAP).expect("static URL");
    let id = runtime.load_side_es_module(&bootstrap).await.map_err(|e| e.to_string())?;
    let evaluation = runtime.mod_evaluate(id);
    runtime.run_event_loop(PollEventLoopOptions::default()).await.map_err(|e| e.to_string())?;
    evaluation.await.map_err(|e| e.to_string())?;
    let namespace = runtime.get_module_namespace(id).map_err(|e| e.to_string())?;
    deno_core::scope!(scope, runtime);
    let namespace = v8::Local::new(scope, namespace);
    let get = |name: &str| -> Result<v8::Global<v8::Function>, String> {
        let key = v8::String::new(scope, name).expect("short string");
        let value = namespace.get(scope, key.into()).ok_or_else(|| format!("bootstrap lacks {name}"))?;
        let function = v8::Local::<v8::Function>::try_from(value).map_err(|_| format!("bootstrap {name} is not a function"))?;
        Ok(v8::Global::new(scope, function))
    };
    Ok(HostFunctions {
        configure_session: get("configureSession")?,
        set_session_info: get("setSessionInfo")?,
        load_module: get("loadModule")?,
        start_call: get("startCall")?,
        abort_call: get("abortCall")?,
        concurrency_for: get("concurrencyFor")?,
        approval_for: get("approvalFor")?,
        prepare_arguments_for: get("prepareArgumentsFor")?,
        session_event: get("sessionEvent")?,
        warm_up: get("warmUp")?,
        resolve_action: get("resolveAction")?,
        forget_action: get("forgetAction")?,
    })
}

/// A module evaluation being waited on.
pub(crate) type EvalFuture = Pin<Box<dyn Future<Output = Result<(), deno_core::error::CoreError>>>>;

/// A JavaScript promise (or value) being waited on.
pub(crate) type JsFuture = Pin<Box<dyn Future<Output = Result<v8::Global<v8::Value>, Box<deno_core::error::JsError>>>>>;

/// The functions exported by `ext/host/bootstrap.js`.
pub(super) struct HostFunctions {
    configure_session: v8::Global<v8::Function>,
    set_session_info: v8::Global<v8::Function>,
    load_module: v8::Global<v8::Function>,
    start_call: v8::Global<v8::Function>,
    abort_call: v8::Global<v8::Function>,
    concurrency_for: v8::Global<v8::Function>,
    approval_for: v8::Global<v8::Function>,
    prepare_arguments_for: v8::Global<v8::Function>,
    session_event: v8::Global<v8::Function>,
    pub(super) warm_up: v8::Global<v8::Function>,
    resolve_action: v8::Global<v8::Function>,
    forget_action: v8::Global<v8::Function>,
}

/// What one turn of the event loop came to.
pub(crate) enum LoopTurn {
    /// Nothing is left to run until something new starts.
    Idle,
    /// A script was stopped (`stopped` says whose and why, when the watchdog did it) or threw
    /// out of the event loop; the engine has recovered and can go on.
    Interrupted { stopped: Option<Stopped> },
}

/// The isolate's limits: `heap_limit` for the JavaScript heap and, on V8, as much again for
/// the memory behind ArrayBuffers (outside that heap).
fn create_params(heap_limit: usize) -> v8::CreateParams {
    let params = v8::CreateParams::default().heap_limits(0, heap_limit);
    #[cfg(feature = "v8")]
    let params = params.array_buffer_allocator(super::buffer_budget::allocator(heap_limit));
    params
}

pub(crate) struct JsHost {
    // Field order matters: the watchdog stops reading the isolate before the runtime (and its
    // isolate) drops, and the runtime drops before the watchdog.
    _attached: Attached,
    runtime: JsRuntime,
    host: HostFunctions,
    log: HostLog,
    /// Kept alive for its thread (dropped after the runtime).
    _watchdog: Watchdog,
    watch: WatchHandle,
    /// The heap limit that was set, in bytes (a heap stop raises it for a moment).
    heap_limit: usize,
    /// The runtime's module loader, to read tool files ahead of their turn.
    loader: Rc<ToolModuleLoader>,
}

impl JsHost {
    /// Creates the runtime (from the start-up snapshot when the binary carries one), runs the
    /// host bootstrap and configures the session.
    pub(crate) async fn start(options: &EngineOptions) -> Result<JsHost, EngineStartError> {
        #[cfg(feature = "v8")]
        crate::stop::v8_flags::set_once();
        let loader = Rc::new(ToolModuleLoader::new(options.cache.clone(), options.cwd.clone(), super::code_cache_facts()));
        let mut runtime = JsRuntime::try_new(RuntimeOptions {
            module_loader: Some(loader.clone()),
            extensions: super::extensions::extensions(options),
            startup_snapshot: super::snapshot::startup_snapshot(),
            create_params: Some(create_params(options.heap_limit)),
            ..Default::default()
        })
        .map_err(|e| EngineStartError::Runtime(e.to_string()))?;
        // From a snapshot the bootstrap module is already evaluated: this only looks it up.
        let host = evaluate_bootstrap(&mut runtime).await.map_err(EngineStartError::Bootstrap)?;
        // A tool that replaces built-ins must not be able to crash the stack-trace callback.
        super::stack_trace::install(runtime.v8_isolate());
        let watchdog = Watchdog::start(runtime.v8_isolate().thread_safe_handle(), options.wedged_after.clone());
        let context = runtime.main_context();
        let attached = watchdog.attach(runtime.v8_isolate(), context);
        let watch = watchdog.handle();
        heap_limit::install(&mut runtime, watch.clone());
        // Ops that wait in a system call tell the watchdog (ext/node/fs/wait.rs).
        runtime.op_state().borrow_mut().put(watch.clone());
        // `require` compiles CommonJS files with the loader's code cache (and compiles ahead
        // through it).
        runtime.op_state().borrow_mut().put(loader.code_cache().clone());
        let mut js = JsHost {
            _attached: attached,
            runtime,
            host,
            log: options.log.clone(),
            _watchdog: watchdog,
            watch,
            heap_limit: options.heap_limit,
            loader,
        };
        let cwd = options.cwd.display().to_string();
        js.call_sync::<serde_json::Value>(&js.host.configure_session.clone(), &[&cwd])
            .map_err(EngineStartError::ConfigureSession)?;
        js.call_sync::<serde_json::Value>(&js.host.warm_up.clone(), &[])
            .map_err(EngineStartError::WarmUp)?;
        Ok(js)
    }

    pub(crate) fn watch(&self) -> WatchHandle {
        self.watch.clone()
    }

    /// The registry of the tools' child processes.
    pub(crate) fn children(&self) -> ChildRegistry {
        self.runtime.op_state().borrow().borrow::<ChildRegistry>().clone()
    }

    /// Where the session's new entries wait for the tools to read them.
    pub(crate) fn new_session_entries(&self) -> NewSessionEntries {
        self.runtime.op_state().borrow().borrow::<NewSessionEntries>().clone()
    }

    /// The runtime's op state (update routes, child tables).
    pub(crate) fn op_state(&self) -> Rc<std::cell::RefCell<deno_core::OpState>> {
        self.runtime.op_state()
    }

    /// Turns serializable arguments into JavaScript values.
    fn globals(&mut self, args: &[&dyn erased::Arg]) -> Vec<v8::Global<v8::Value>> {
        deno_core::scope!(scope, &mut self.runtime);
        args.iter()
            .map(|arg| {
                let local = arg.to_js(scope);
                v8::Global::new(scope, local)
            })
            .collect()
    }

    /// Calls a host function; the future settles when its promise does (drive the loop).
    fn call(&mut self, function: &v8::Global<v8::Function>, args: &[&dyn erased::Arg]) -> JsFuture {
        let args = self.globals(args);
        let future = {
            let _busy = self.watch.busy();
            self.runtime.call_with_args(function, &args)
        };
        self.clear_stop();
        Box::pin(future)
    }

    /// Calls a host function that answers at once (returns no promise) and reads its answer.
    fn call_sync<T: DeserializeOwned>(&mut self, function: &v8::Global<v8::Function>, args: &[&dyn erased::Arg]) -> Result<T, String> {
        let mut future = self.call(function, args);
        let waker = deno_core::futures::task::noop_waker();
        match future.as_mut().poll(&mut std::task::Context::from_waker(&waker)) {
            Poll::Ready(Ok(value)) => self.read(&value),
            Poll::Ready(Err(err)) => Err(err.to_string()),
            Poll::Pending => Err("the host function did not answer at once".into()),
        }
    }

    /// Reads a settled JavaScript value as `T`.
    pub(crate) fn read<T: DeserializeOwned>(&mut self, value: &v8::Global<v8::Value>) -> Result<T, String> {
        deno_core::scope!(scope, &mut self.runtime);
        let local = v8::Local::new(scope, value);
        bridge::read(scope, local)
    }

    /// A script stopped while it ran leaves the isolate terminating: clear it so the next
    /// script runs. Answers what the watchdog stopped, if it was a stop.
    fn clear_stop(&mut self) -> Option<Stopped> {
        let stopped = self.watch.take_stopped();
        let isolate = self.runtime.v8_isolate();
        // A termination V8 has not delivered yet (no JavaScript ran after it) would stop
        // whatever runs next: cancel it whenever the watchdog stopped something.
        if stopped.is_some() || isolate.is_execution_terminating() {
            isolate.cancel_terminate_execution();
            // A stopped script skips its `finally` blocks, so the job key it set is still
            // current: host code run next would count as that job's, and a stop meant for
            // that job would stop it (another call's start, say) instead.
            self.leave_async_context();
        }
        if let Some(stop) = &stopped {
            // Which job's script was stopped, and why: a cancel, a deadline, a runaway, ….
            let context = serde_json::json!({ "job": stop.key, "reason": stop.reason.name() });
            self.log.write("info", "Stopped a running script", Some(&context));
            if stop.reason == bridge::StopReason::HeapLimit {
                heap_limit::after_stop(&mut self.runtime, self.watch.clone(), self.heap_limit);
            }
        }
        stopped
    }

    /// Starts call `call_id` (job number `job`, `WatchHandle::begun`) of tool `tool_id` with
    /// validated `params`; its outcome arrives through its route (`call_routes`). Answers what
    /// was stopped meanwhile, if anything.
    pub(crate) fn begin_call(&mut self, tool_id: u32, call_id: &str, job: u32, params: &Value, order: ExecuteOrder) -> Option<Stopped> {
        let order = match order {
            ExecuteOrder::Omp => "omp",
            ExecuteOrder::Pi => "pi",
        };
        let args = self.globals(&[&tool_id, &call_id, &job, params, &order]);
        let function = self.host.start_call.clone();
        {
            let _busy = self.watch.busy();
            drop(self.runtime.call_with_args(&function, &args));
            // Let the call's first steps run now, so a later stop of another script loses
            // as little of this call's queued work as possible.
            deno_core::scope!(scope, &mut self.runtime);
            scope.perform_microtask_checkpoint();
        }
        self.clear_stop()
    }

    /// Starts call `call_id` (job number `job`) running pending action `action_id`'s apply or
    /// reject (for `resolve`); its outcome arrives through its route like a tool call's.
    pub(crate) fn begin_action(&mut self, action_id: u64, call_id: &str, job: u32, op: &str, reason: &str, extra: &Value) -> Option<Stopped> {
        let args = self.globals(&[&call_id, &job, &action_id, &op, &reason, extra]);
        let function = self.host.resolve_action.clone();
        {
            let _busy = self.watch.busy();
            drop(self.runtime.call_with_args(&function, &args));
            deno_core::scope!(scope, &mut self.runtime);
            scope.perform_microtask_checkpoint();
        }
        self.clear_stop()
    }

    /// Lets go of pending action `action_id`'s functions.
    pub(crate) fn forget_action(&mut self, action_id: u64) {
        let function = self.host.forget_action.clone();
        // The function runs at once; its (empty) answer is not needed.
        drop(self.call(&function, &[&action_id]));
    }

    /// Aborts call `call_id`'s signal with `reason` (it may already be gone).
    pub(crate) fn abort_call(&mut self, call_id: &str, reason: &str) {
        let function = self.host.abort_call.clone();
        drop(self.call(&function, &[&call_id, &reason]));
    }

    /// Asks a tool's `concurrency` function about these arguments.
    pub(crate) fn concurrency_for(&mut self, tool_id: u32, params: &Value) -> Option<String> {
        let function = self.host.concurrency_for.clone();
        self.call_sync::<String>(&function, &[&tool_id, params]).ok().filter(|s| !s.is_empty())
    }

    /// What a tool's `approval` says for these arguments (its value, or what its function
    /// returned), as plain data; null when it threw or returned nothing plain.
    pub(crate) fn approval_for(&mut self, tool_id: u32, params: &Value) -> Value {
        let function = self.host.approval_for.clone();
        self.call_sync::<Value>(&function, &[&tool_id, params]).unwrap_or(Value::Null)
    }

    /// What a tool's `prepareArguments` made of these arguments (plain data), or the message
    /// it failed with.
    pub(crate) fn prepare_arguments_for(&mut self, tool_id: u32, params: &Value) -> Result<Value, String> {
        #[derive(serde::Deserialize)]
        struct Prepared {
            #[serde(default)]
            value: Value,
            #[serde(default)]
            error: Option<String>,
        }
        let function = self.host.prepare_arguments_for.clone();
        match self.call_sync::<Prepared>(&function, &[&tool_id, params])? {
            Prepared { error: Some(message), .. } => Err(message),
            Prepared { value, .. } => Ok(value),
        }
    }

    /// Replaces the session facts tools see in `ctx`.
    pub(crate) fn set_session_info(&mut self, info: &Value) {
        let function = self.host.set_session_info.clone();
        drop(self.call(&function, &[info]));
    }

    /// Starts delivering a session event to the `onSession` of `tool_ids`, as job `job`.
    pub(crate) fn begin_session_event(&mut self, event: &Value, tool_ids: &[u32], job: u32, timeout_ms: u64) -> JsFuture {
        let function = self.host.session_event.clone();
        self.call(&function, &[event, &tool_ids, &job, &timeout_ms])
    }

    /// Fetches, transpiles and compiles the module at `path` and everything it imports. A
    /// `version` other than 0 marks the URL (`?omp-reload=N`) so a changed file is a new module.
    pub(crate) async fn import_module(&mut self, path: &Path, version: u64) -> Result<deno_core::ModuleId, LoadFailure> {
        let url = module_url(path, version).map_err(|e| LoadFailure::Threw {
            message: e.to_string(),
            location: None,
        })?;
        self.runtime.load_side_es_module(&url).await.map_err(|e| threw(&e.to_string()))
    }

    /// Starts reading the tool files (path, version) `import_module` will be asked for later,
    /// in that order.
    pub(crate) fn prefetch_modules<'a>(&self, modules: impl IntoIterator<Item = (&'a Path, u64)>) {
        self.loader
            .prefetch(modules.into_iter().filter_map(|(path, version)| module_url(path, version).ok()));
    }

    /// Starts evaluating module `id`; its top level (and what it starts) runs as job `job`.
    pub(crate) fn evaluate_module(&mut self, id: deno_core::ModuleId, job: u32) -> Result<EvalFuture, LoadFailure> {
        let evaluation = {
            let _busy = self.watch.busy();
            self.with_async_context(job, |runtime| runtime.mod_evaluate(id))
        };
        match self.clear_stop() {
            Some(stopped) => Err(load_failure_for(&stopped)),
            None => Ok(Box::pin(evaluation)),
        }
    }

    /// Runs the evaluated module's factory through `loadModule` as job `job`.
    pub(crate) fn begin_factory(&mut self, id: deno_core::ModuleId, path: &Path, job: u32) -> Result<JsFuture, LoadFailure> {
        let namespace = self.runtime.get_module_namespace(id).map_err(|e| threw(&e.to_string()))?;
        let path_text = path.display().to_string();
        let args = {
            deno_core::scope!(scope, &mut self.runtime);
            let namespace: v8::Local<v8::Value> = v8::Local::new(scope, namespace).into();
            let path = bridge::write(scope, &path_text);
            let job: v8::Local<v8::Value> = v8::Integer::new_from_unsigned(scope, job).into();
            vec![v8::Global::new(scope, namespace), v8::Global::new(scope, path), v8::Global::new(scope, job)]
        };
        let function = self.host.load_module.clone();
        let future = {
            let _busy = self.watch.busy();
            self.runtime.call_with_args(&function, &args)
        };
        match self.clear_stop() {
            Some(stopped) => Err(load_failure_for(&stopped)),
            None => Ok(Box::pin(future)),
        }
    }

    /// Reads the loader's reply for a finished load.
    pub(crate) fn load_reply(&mut self, settled: Result<v8::Global<v8::Value>, Box<deno_core::error::JsError>>) -> Result<ModuleReply, LoadFailure> {
        let value = settled.map_err(|e| threw(&e.to_string()))?;
        self.read(&value).map_err(|e| LoadFailure::Threw {
            message: format!("bad loader reply: {e}"),
            location: None,
        })
    }

    /// Runs `f` with job `job` as the async context, so code it starts carries the job.
    fn with_async_context<R>(&mut self, job: u32, f: impl FnOnce(&mut JsRuntime) -> R) -> R {
        {
            deno_core::scope!(scope, &mut self.runtime);
            let job = v8::Integer::new_from_unsigned(scope, job);
            scope.set_continuation_preserved_embedder_data(job.into());
        }
        let result = f(&mut self.runtime);
        self.leave_async_context();
        result
    }

    /// Makes the code that runs next belong to no job.
    fn leave_async_context(&mut self) {
        deno_core::scope!(scope, &mut self.runtime);
        let undefined = v8::undefined(scope);
        scope.set_continuation_preserved_embedder_data(undefined.into());
    }

    /// Runs one turn of the event loop. After a stopped script or an uncaught error the
    /// engine is made usable again and the interruption is reported.
    pub(crate) fn poll_loop(&mut self, cx: &mut std::task::Context<'_>) -> Poll<LoopTurn> {
        let polled = {
            let _busy = self.watch.busy();
            self.runtime.poll_event_loop(cx, PollEventLoopOptions::default())
        };
        match polled {
            Poll::Pending => {
                // A stop can land while the loop runs promise reactions and still leave it pending.
                match self.clear_stop() {
                    Some(stopped) => Poll::Ready(LoopTurn::Interrupted { stopped: Some(stopped) }),
                    None => Poll::Pending,
                }
            }
            Poll::Ready(Ok(())) => match self.clear_stop() {
                Some(stopped) => Poll::Ready(LoopTurn::Interrupted { stopped: Some(stopped) }),
                None => Poll::Ready(LoopTurn::Idle),
            },
            Poll::Ready(Err(err)) => {
                let stopped = self.clear_stop();
                if stopped.is_none() {
                    self.log
                        .write("error", "Uncaught error in tool code", Some(&serde_json::json!({ "error": err.to_string() })));
                }
                Poll::Ready(LoopTurn::Interrupted { stopped })
            }
        }
    }
}

pub(super) fn threw(text: &str) -> LoadFailure {
    let (message, location) = crate::bridge::source_location::split_engine_error(text);
    LoadFailure::Threw { message, location }
}

fn load_failure_for(stopped: &Stopped) -> LoadFailure {
    match stopped.reason {
        crate::bridge::StopReason::HeapLimit => LoadFailure::HeapLimit,
        _ => LoadFailure::TimedOut,
    }
}

/// Values that can be passed to host functions.
pub(crate) mod erased {
    use super::*;

    pub(crate) trait Arg {
        fn to_js<'s>(&self, scope: &mut v8::PinScope<'s, '_>) -> v8::Local<'s, v8::Value>;
    }

    impl<T: Serialize + ?Sized> Arg for T {
        fn to_js<'s>(&self, scope: &mut v8::PinScope<'s, '_>) -> v8::Local<'s, v8::Value> {
            bridge::write(scope, self)
        }
    }
}

/// The URL a tool file is imported under (a reload's own number marks it, so it is imported
/// afresh).
fn module_url(path: &Path, version: u64) -> Result<deno_core::ModuleSpecifier, deno_error::JsErrorBox> {
    let mut url = file_url(path)?;
    if version > 0 {
        crate::loader::reload_query::mark(&mut url, version);
    }
    Ok(url)
}
