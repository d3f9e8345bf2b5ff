//! The start-up snapshot: V8's heap as it is once the host's JavaScript (deno_web, fetch,
//! the Node shims and `ext/host/bootstrap.js` with everything it imports) has been evaluated.
//! The binary's build script makes it with `create`; the binary hands it back through
//! `use_startup_snapshot` before anything starts, so no start parses or runs that code again.
//! Without one (QuickJS, or the library used on its own) every start evaluates the bootstrap.
//!
//! What the bootstrap reads from the process (pid, environment, argv, cwd, clocks) must not be
//! frozen into the snapshot: `configureSession` reads it afresh at every start.

use std::sync::OnceLock;

static STARTUP_SNAPSHOT: OnceLock<&'static [u8]> = OnceLock::new();

/// Makes every engine this process starts begin from `snapshot` (ignored when empty, which is
/// what the build script writes for engines that have no snapshot).
pub fn use_startup_snapshot(snapshot: &'static [u8]) {
    if !snapshot.is_empty() {
        let _ = STARTUP_SNAPSHOT.set(snapshot);
    }
}

/// The snapshot engines start from, if the binary installed one.
pub(crate) fn startup_snapshot() -> Option<&'static [u8]> {
    STARTUP_SNAPSHOT.get().copied()
}

/// Runs the host's JavaScript once and returns the snapshot of the resulting heap.
#[cfg(feature = "v8")]
pub fn create() -> Result<Box<[u8]>, String> {
    use std::rc::Rc;

    use deno_core::{JsRuntimeForSnapshot, RuntimeOptions};

    use crate::loader::ToolModuleLoader;

    // Placeholders: the ops' state is not part of the snapshot, only the JavaScript heap.
    let options = placeholder_options(512 * 1024 * 1024);
    let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    tokio.block_on(async {
        let mut runtime = JsRuntimeForSnapshot::try_new(RuntimeOptions {
            module_loader: Some(Rc::new(ToolModuleLoader::new(
                options.cache.clone(),
                options.cwd.clone(),
                super::code_cache_facts(),
            ))),
            extensions: super::extensions::extensions(&options),
            ..Default::default()
        })
        .map_err(|e| e.to_string())?;
        let host = super::js::evaluate_bootstrap(&mut runtime).await?;
        // The lazily loaded web APIs every call touches go into the snapshot too.
        let warm_up = Box::pin(runtime.call(&host.warm_up));
        runtime.with_event_loop_promise(warm_up, Default::default()).await.map_err(|e| e.to_string())?;
        drop(host);
        Ok(runtime.snapshot())
    })
}

/// Options for a runtime that runs no tool (the snapshot's, or one that only compiles): the
/// extensions must be the engine's, but their state is never used.
#[cfg(feature = "v8")]
pub(super) fn placeholder_options(heap_limit: usize) -> super::EngineOptions {
    super::EngineOptions {
        cwd: "/".into(),
        cache: crate::loader::transpile::TranspileCache::disabled(),
        log: crate::log::HostLog::in_dir(std::env::temp_dir().join("omp-host-snapshot-logs")),
        heap_limit,
        log_tap: Default::default(),
        pending: crate::pending::PendingQueue::new(),
        turn_aborts: Default::default(),
        nested_calls: Default::default(),
        ui: crate::ui::UiBroker::default(),
        tools: crate::tool_changes::ToolChanges::default(),
        wedged_after: Default::default(),
        permissions: Default::default(),
    }
}
