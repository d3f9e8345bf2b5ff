//! The JavaScript engine's own on-disk caches. With QuickJS-ng, v8x keeps a bytecode cache of
//! every script and module it compiles (`~/.cache/v8x/quickjs-bytecode`, or a shared
//! `/tmp/v8x/…` folder when `HOME` is unset); it writes through a fixed `<key>.tmp` name and
//! runs whatever bytecode it finds, unverified, so planted or half-written bytecode would run
//! as the host's user. It cannot be made safe from outside, and it did not shorten start-up
//! here (/work/shared/ENGINE.md), so it is turned off. The V8 build keeps no such cache.

/// Turns the engine's bytecode cache off. Call at the start of `main`, before any thread
/// starts (it sets an environment variable the engine reads once).
pub fn disable_engine_bytecode_cache() {
    if cfg!(feature = "quickjs") {
        std::env::set_var("V82JSC_NO_BC_CACHE", "1");
    }
}
