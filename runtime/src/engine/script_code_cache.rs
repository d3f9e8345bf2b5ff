//! V8's code cache of a classic script, made on a runtime of its own (on whatever thread calls
//! it), for `loader::compile_ahead`. V8 accepts a code cache only in an isolate started from
//! the same snapshot as the isolate that made it, so this runtime starts from the engine's
//! start-up snapshot, with the engine's extensions (whose native functions the snapshot
//! refers to); it only compiles, and runs nothing.

use deno_core::{v8, JsRuntime, RuntimeOptions};

/// The compiling runtime's heap limit: ample for compiling any module under the size limit.
const COMPILE_HEAP_LIMIT: usize = 1024 * 1024 * 1024;

/// Compiles `source` as the script `require` compiles under `name` (`commonjs_compile`), and serializes
/// the result; None if it does not compile.
pub(crate) fn make(name: &str, source: &str) -> Option<Vec<u8>> {
    crate::stop::v8_flags::set_once();
    let options = super::snapshot::placeholder_options(COMPILE_HEAP_LIMIT);
    // deno_core's runtime expects a tokio runtime around it, even one that never runs.
    let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
    let _entered = tokio.enter();
    let mut runtime = JsRuntime::try_new(RuntimeOptions {
        extensions: super::extensions::extensions(&options),
        startup_snapshot: super::snapshot::startup_snapshot(),
        create_params: Some(v8::CreateParams::default().heap_limits(0, COMPILE_HEAP_LIMIT)),
        ..Default::default()
    })
    .ok()?;
    deno_core::scope!(scope, &mut runtime);
    // A source that does not compile is the engine's to report, when `require` runs it: the
    // error is caught here, so V8 does not print it.
    v8::tc_scope!(let scope, scope);
    let text = v8::String::new(scope, source)?;
    let resource = v8::String::new(scope, name)?;
    // The origin `commonjs_compile` gives the script (V8 checks its module flag against the
    // cache).
    let origin = v8::ScriptOrigin::new(scope, resource.into(), 0, 0, false, 0, None, false, false, false, None);
    let mut script = v8::script_compiler::Source::new(text, Some(&origin));
    let unbound = v8::script_compiler::compile_unbound_script(
        scope,
        &mut script,
        v8::script_compiler::CompileOptions::NoCompileOptions,
        v8::script_compiler::NoCacheReason::NoReason,
    )?;
    Some(unbound.create_code_cache()?.to_vec())
}
