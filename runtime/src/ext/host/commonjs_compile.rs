//! Compiling a CommonJS file's `require` wrapper into the function `require` calls, with V8's
//! code cache. The wrapper text is made in Rust and handed to V8 as it is: an ASCII text
//! (nearly every package) becomes an external string over the Rust buffer, so a 9 MB package
//! is neither copied into V8's heap nor, for the cache key, turned into UTF-16 and hashed
//! there; the key hashes the UTF-8 text once (`CodeCache::for_commonjs`). A file compiled
//! ahead (`loader::compile_ahead`) brings its code cache with it.

use deno_core::{v8, ModuleSpecifier};

use crate::loader::code_cache::CodeCache;

/// The wrapper function, or what compiling it threw (a `SyntaxError` naming the line, or the
/// watchdog's stop).
pub(crate) enum Compiled<'s> {
    Function(v8::Local<'s, v8::Value>),
    Threw(Option<v8::Local<'s, v8::Value>>),
}

/// What became of V8's code cache in a compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CodeCacheUse {
    /// There was one, and V8 took it.
    Consumed,
    /// There was none (or V8 rejected it): V8 compiled the text and its cache was kept.
    Made,
    /// The cache is off (or the text did not compile).
    Off,
}

/// Compiles `wrapper` (the text `cjs::commonjs_wrapper` made) as the script named `url` and
/// runs it to get the function; `code_cache` gives and keeps V8's code cache of it.
pub(crate) fn compile<'s>(
    scope: &mut v8::PinScope<'s, '_>,
    url: &ModuleSpecifier,
    wrapper: String,
    code_cache: Option<&CodeCache>,
) -> (Compiled<'s>, CodeCacheUse) {
    let cached = code_cache.and_then(|cache| cache.for_commonjs(url, &wrapper));
    let (Some(text), Some(name)) = (source_string(scope, wrapper), v8::String::new(scope, url.as_str())) else {
        return (Compiled::Threw(None), CodeCacheUse::Off);
    };
    let origin = v8::ScriptOrigin::new(scope, name.into(), 0, 0, false, 0, None, false, false, false, None);
    v8::tc_scope!(let scope, scope);
    let (script, make_cache) = match cached.as_ref().and_then(|info| info.data.as_deref()) {
        Some(data) => {
            let mut source = v8::script_compiler::Source::new_with_cached_data(text, Some(&origin), v8::CachedData::new(data));
            let script = v8::script_compiler::compile(
                scope,
                &mut source,
                v8::script_compiler::CompileOptions::ConsumeCodeCache,
                v8::script_compiler::NoCacheReason::NoReason,
            );
            // V8 rejects a cache made by another version, with other flags, or for other text.
            let rejected = source.get_cached_data().is_none_or(|data| data.rejected());
            (script, rejected)
        }
        None => (v8::Script::compile(scope, text, Some(&origin)), cached.is_some()),
    };
    let Some(script) = script else {
        return (Compiled::Threw(scope.exception()), CodeCacheUse::Off);
    };
    let mut used = match (&cached, make_cache) {
        (None, _) => CodeCacheUse::Off,
        (Some(_), false) => CodeCacheUse::Consumed,
        (Some(_), true) => CodeCacheUse::Made,
    };
    if let (CodeCacheUse::Made, Some(cache), Some(info)) = (used, code_cache, &cached) {
        match script.get_unbound_script(scope).create_code_cache() {
            Some(data) => cache.store(url, info.hash, &data),
            None => used = CodeCacheUse::Off,
        }
    }
    match script.run(scope) {
        Some(function) => (Compiled::Function(function), used),
        None => (Compiled::Threw(scope.exception()), used),
    }
}

/// `text` as a V8 string: an ASCII text is an external string over the same buffer.
fn source_string<'s>(scope: &mut v8::PinScope<'s, '_>, text: String) -> Option<v8::Local<'s, v8::String>> {
    #[cfg(feature = "v8")]
    if text.is_ascii() {
        return v8::String::new_external_onebyte(scope, text.into_bytes().into_boxed_slice());
    }
    v8::String::new(scope, &text)
}

#[cfg(all(test, feature = "v8"))]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::disk_cache::DiskCache;
    use crate::loader::cjs;

    /// Compiles `source`'s wrapper for `path` in a fresh runtime with a code cache over `dir`
    /// and calls the function with an `exports` object: what `exports.answer` became, and what
    /// became of the code cache. `ahead` compiles it ahead first (as a first start would).
    fn require_in_fresh_runtime(dir: &Path, path: &Path, source: &str, ahead: bool) -> (Result<i64, String>, CodeCacheUse) {
        crate::stop::v8_flags::set_once();
        let cache = CodeCache::over(&DiskCache::at(dir.to_path_buf()), crate::engine::code_cache_facts());
        if ahead {
            cache.compile_ahead_if_commonjs(path, source);
        }
        let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let _entered = tokio.enter();
        let mut runtime = deno_core::JsRuntime::new(Default::default());
        deno_core::scope!(scope, &mut runtime);
        let url = cjs::require_url(path).unwrap();
        let (compiled, used) = compile(scope, &url, cjs::commonjs_wrapper(source), Some(&cache));
        let answer = match compiled {
            Compiled::Function(function) => {
                let function = v8::Local::<v8::Function>::try_from(function).unwrap();
                let exports = v8::Object::new(scope);
                let undefined = v8::undefined(scope).into();
                function.call(scope, undefined, &[exports.into()]).unwrap();
                let key = v8::String::new(scope, "answer").unwrap();
                Ok(exports.get(scope, key.into()).unwrap().integer_value(scope).unwrap())
            }
            Compiled::Threw(thrown) => Err(thrown.map(|t| t.to_rust_string_lossy(scope)).unwrap_or_default()),
        };
        (answer, used)
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        crate::scratch_dir::scratch_dir("commonjs-compile", name)
    }

    fn large_source(last_line: &str) -> String {
        let filler: String = (0..20_000).map(|i| format!("function f{i}(a) {{ return a + {i}; }}\n")).collect();
        format!("{filler}{last_line}\n")
    }

    #[test]
    fn a_large_commonjs_file_compiled_ahead_is_taken_not_compiled_again() {
        let dir = scratch("ahead");
        let path = Path::new("/t/pkg/big.js");
        let source = large_source("exports.answer = f2(40);");
        assert_eq!(require_in_fresh_runtime(&dir, path, &source, true), (Ok(42), CodeCacheUse::Consumed));
        assert_eq!(
            require_in_fresh_runtime(&dir, path, &source, false),
            (Ok(42), CodeCacheUse::Consumed),
            "and it was kept for the next start"
        );
        // Not compiled ahead (the control): the engine compiles it and keeps the cache.
        let other = Path::new("/t/pkg/other.js");
        let edited = large_source("exports.answer = f1(41);");
        assert_eq!(require_in_fresh_runtime(&dir, other, &edited, false), (Ok(42), CodeCacheUse::Made));
        assert_eq!(require_in_fresh_runtime(&dir, other, &edited, false), (Ok(42), CodeCacheUse::Consumed));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn what_v8_refuses_to_compile_comes_back_as_the_syntax_error() {
        let dir = scratch("refused");
        let (answer, used) = require_in_fresh_runtime(&dir, Path::new("/t/bad.js"), "let a = 1; let a = 2;", false);
        assert_eq!(answer, Err("SyntaxError: Identifier 'a' has already been declared".to_string()));
        assert_eq!(used, CodeCacheUse::Off);
        let _ = std::fs::remove_dir_all(dir);
    }
}
