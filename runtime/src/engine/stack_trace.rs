//! The engine's stack-trace callback, guarded against tools that replace built-ins. On
//! QuickJS-ng the `v8x` facade builds the call-site objects it hands to deno_core with the
//! realm's own `Array.prototype.map`, so a tool that replaces `map` makes them arbitrary
//! values, and deno_core's formatter (which casts each one to an object) panics inside a
//! callback that cannot unwind: the whole host aborts. Here call sites that are not objects
//! are dropped before deno_core sees them; the error keeps its name and message but loses its
//! frames (V8 builds call sites natively, so there nothing is ever dropped).

use deno_core::v8;

/// Installs the guarded callback on the runtime's isolate, in place of deno_core's own.
pub(crate) fn install(isolate: &mut v8::Isolate) {
    isolate.set_prepare_stack_trace_callback(guarded_prepare_stack_trace);
}

fn guarded_prepare_stack_trace<'s, 'i>(
    scope: &mut v8::PinScope<'s, 'i>,
    error: v8::Local<'s, v8::Value>,
    callsites: v8::Local<'s, v8::Array>,
) -> v8::Local<'s, v8::Value> {
    let sound = callsites.is_array() && (0..callsites.length()).all(|i| callsites.get_index(scope, i).is_some_and(|site| site.is_object()));
    let callsites = if sound { callsites } else { v8::Array::new(scope, 0) };
    deno_core::error::prepare_stack_trace_callback(scope, error, callsites)
}
