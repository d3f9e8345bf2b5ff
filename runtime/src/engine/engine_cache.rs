//! The JavaScript engine's own on-disk cache. With QuickJS-ng, v8x keeps a bytecode cache of
//! every script and module it compiles, by default in `~/.cache/v8x/quickjs-bytecode` or, when
//! `HOME` is unset, a shared `/tmp/v8x/…` folder; it writes through a fixed `<key>.tmp` name
//! and runs whatever bytecode it finds there unverified. The host decides where it lives
//! instead: `<cache dir>/quickjs-bytecode`, a private folder (0700, the user's own, with no
//! folder above it another user could swap), or nowhere: when that folder cannot be trusted,
//! or with `--no-cache`, the cache is off. (It saves about 20 ms of a 110 ms start with the
//! example tools.) The V8 build keeps no such cache.

use crate::private_dir;

/// Points the engine's bytecode cache at the host's private folder, or turns it off. Call at
/// the start of `main`, before any thread starts (it sets environment variables the engine
/// reads once).
pub fn configure_engine_bytecode_cache() {
    if !cfg!(feature = "quickjs") {
        return;
    }
    if std::env::args().any(|arg| arg == "--no-cache") {
        std::env::set_var("V82JSC_NO_BC_CACHE", "1");
        return;
    }
    let dir = crate::paths::cache_dir().join("quickjs-bytecode");
    match private_dir::open(&dir).and_then(|_| private_dir::check_ancestors(&dir)) {
        Ok(()) => {
            std::env::remove_var("V82JSC_NO_BC_CACHE");
            std::env::set_var("V82JSC_BC_CACHE_DIR", &dir);
        }
        Err(reason) => {
            eprintln!("omp-host: not using the engine's bytecode cache: {reason}");
            std::env::set_var("V82JSC_NO_BC_CACHE", "1");
        }
    }
}
