//! What happens when the JavaScript heap nears its limit (`heapLimitMb`): the engine's
//! near-heap-limit callback has the watchdog stop the script that is running and gives it
//! room to unwind, and once the host has dealt with the stop the limit goes back to what was
//! set, so every stop starts from the configured limit and a long session's limit does not
//! creep up by that room at every stop. (On QuickJS-ng this relies on the host's v8x patch
//! that acts on interrupts at the next poll: patches/README.md.)

use deno_core::JsRuntime;

use super::watchdog::WatchHandle;

/// Room given to the stopped script (and the host's own unwinding) above the limit.
const UNWIND_ROOM: usize = 64 * 1024 * 1024;

/// Installs the callback on `runtime`'s isolate.
pub(crate) fn install(runtime: &mut JsRuntime, watch: WatchHandle) {
    runtime.add_near_heap_limit_callback(move |current, _initial| {
        watch.heap_exceeded();
        current + UNWIND_ROOM
    });
}

/// After a heap stop has been dealt with: puts the limit back to `limit` bytes.
pub(crate) fn after_stop(runtime: &mut JsRuntime, watch: WatchHandle, limit: usize) {
    // The stopped script's garbage goes first: V8 keeps the limit above what is live.
    runtime.v8_isolate().low_memory_notification();
    runtime.remove_near_heap_limit_callback(limit);
    install(runtime, watch);
}
