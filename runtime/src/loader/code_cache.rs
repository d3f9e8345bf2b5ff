//! V8's code cache for tool modules and the packages they load, kept in the transpile cache's
//! verified store (so it is private, checked on every read, and cleared with it). ES modules
//! get it through the module loader (`SourceCodeCacheInfo` on the module's source, stored back
//! when V8 has compiled it); CommonJS files, which the host's `require` compiles itself
//! (`ext::host::commonjs_compile`), through `for_commonjs`, which also hands over the code a
//! large file got compiled ahead (`compile_ahead`). An entry is keyed by the
//! engine, the file's URL and a hash of the exact source, so an edited file never meets the
//! cache of its old text; V8 itself rejects data made by another version or flags.

use std::path::Path;

use deno_core::{ModuleSpecifier, SourceCodeCacheInfo};

use super::cjs;
use super::compile_ahead::CompileAhead;
use super::transpile;
use crate::disk_cache::DiskCache;

/// CommonJS files at least this large are compiled ahead (see `compile_ahead`); below it,
/// compiling takes a few milliseconds and a thread would not pay for itself.
const COMPILE_AHEAD_MIN_BYTES: usize = 512 * 1024;

/// What the engine running the code tells its code cache: who it is (in every key, so that
/// another engine, version or start-up snapshot never meets this one's cache) and how it
/// compiles a script's code cache on a thread of its own (None: it cannot).
#[derive(Debug, Clone, Copy)]
pub(crate) struct EngineFacts {
    pub identity: &'static str,
    pub compile_script: Option<CompileScript>,
}

/// Compiles `source` as the script `require` compiles under `name`; V8's serialized code
/// cache of it, or None if it does not compile.
pub(crate) type CompileScript = fn(name: &str, source: &str) -> Option<Vec<u8>>;

/// Where compiled code is kept; a cache that is off keeps nothing and asks V8 for nothing.
#[derive(Debug, Clone)]
pub(crate) struct CodeCache {
    store: DiskCache,
    engine: EngineFacts,
    /// Large CommonJS files being compiled ahead of their `require` (shared by clones).
    ahead: CompileAhead,
}

impl CodeCache {
    /// The code cache over `store` (the transpile cache's), used only on V8 and when the
    /// store has a folder.
    pub(crate) fn over(store: &DiskCache, engine: EngineFacts) -> CodeCache {
        let store = if cfg!(feature = "v8") && store.folder().is_some() {
            store.clone()
        } else {
            DiskCache::disabled()
        };
        CodeCache {
            store,
            engine,
            ahead: CompileAhead::default(),
        }
    }

    fn enabled(&self) -> bool {
        self.store.folder().is_some()
    }

    /// What V8 needs to use (or, with no data, to make) the cache for `code` at `url`.
    pub(crate) fn for_module(&self, url: &ModuleSpecifier, code: &str) -> Option<SourceCodeCacheInfo> {
        self.for_source(url, source_hash(code.as_bytes()))
    }

    fn for_source(&self, url: &ModuleSpecifier, hash: u64) -> Option<SourceCodeCacheInfo> {
        if !self.enabled() {
            return None;
        }
        let data = self.store.get(&self.entry_key(url, hash)).map(Into::into);
        Some(SourceCodeCacheInfo { hash, data })
    }

    /// Keeps the cache V8 made for the source with `hash` at `url`.
    pub(crate) fn store(&self, url: &ModuleSpecifier, hash: u64, data: &[u8]) {
        if self.enabled() {
            self.store.put(&self.entry_key(url, hash), data);
        }
    }

    /// Called when the plain JavaScript file at `path`, whose text is `source`, is about to be
    /// parsed (it was not in the transpile cache, so this is its first start): a large file
    /// that looks like CommonJS starts compiling, wrapped as `require` will run it, on a thread
    /// of its own (see `compile_ahead`).
    pub(crate) fn compile_ahead_if_commonjs(&self, path: &Path, source: &str) {
        let plain_javascript = matches!(path.extension().and_then(|e| e.to_str()), Some("js" | "cjs") | None);
        let Some(compile_script) = self.engine.compile_script else { return };
        if !self.enabled() || source.len() < COMPILE_AHEAD_MIN_BYTES || !plain_javascript || !transpile::looks_commonjs(source) {
            return;
        }
        let Some(url) = cjs::require_url(path) else { return };
        let store = self.clone();
        self.ahead.start(url, cjs::commonjs_wrapper(source), compile_script, move |url, made| {
            store.store(url, made.hash, &made.data)
        });
    }

    /// What V8 needs to use (or, with no data, to make) the cache for the CommonJS wrapper
    /// text `wrapper` of the file `require` compiles under `url`. A file compiled ahead gets
    /// that code cache (waiting for it if need be), when it was made from the same text.
    pub(crate) fn for_commonjs(&self, url: &ModuleSpecifier, wrapper: &str) -> Option<SourceCodeCacheInfo> {
        if !self.enabled() {
            return None;
        }
        let hash = source_hash(wrapper.as_bytes());
        if let Some(made) = self.ahead.take(url).filter(|made| made.hash == hash) {
            return Some(SourceCodeCacheInfo {
                hash,
                data: Some(made.data.into()),
            });
        }
        self.for_source(url, hash)
    }

    /// The store key: the engine, the URL and the source hash, hashed into a safe file name.
    fn entry_key(&self, url: &ModuleSpecifier, hash: u64) -> String {
        let mut hasher = blake3::Hasher::new();
        hasher.update(self.engine.identity.as_bytes());
        hasher.update(&[0]);
        hasher.update(url.as_str().as_bytes());
        hasher.update(&hash.to_le_bytes());
        format!("v8-code-{}", hex::encode(&hasher.finalize().as_bytes()[..20]))
    }
}

/// A 64-bit hash of the whole source text (the first bytes of its BLAKE3 hash).
pub(super) fn source_hash(bytes: &[u8]) -> u64 {
    first_eight(blake3::hash(bytes).as_bytes())
}

fn first_eight(digest: &[u8]) -> u64 {
    u64::from_le_bytes(digest[..8].try_into().expect("eight bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENGINE: EngineFacts = EngineFacts {
        identity: "the test engine",
        compile_script: None,
    };

    fn scratch(name: &str) -> std::path::PathBuf {
        crate::scratch_dir::scratch_dir("code-cache", name)
    }

    #[test]
    fn stored_code_comes_back_only_for_the_same_url_and_source() {
        let dir = scratch("roundtrip");
        let cache = CodeCache::over(&DiskCache::at(dir.clone()), ENGINE);
        let url = ModuleSpecifier::parse("file:///t/a.js").unwrap();
        let first = cache.for_module(&url, "export const a = 1;");
        if !cfg!(feature = "v8") {
            assert!(first.is_none(), "only V8 has a code cache");
            return;
        }
        let first = first.unwrap();
        assert!(first.data.is_none());
        cache.store(&url, first.hash, b"compiled");
        assert_eq!(cache.for_module(&url, "export const a = 1;").unwrap().data.as_deref(), Some(&b"compiled"[..]));
        assert!(cache.for_module(&url, "export const a = 2;").unwrap().data.is_none(), "an edited source misses");
        let other = ModuleSpecifier::parse("file:///t/b.js").unwrap();
        assert!(cache.for_module(&other, "export const a = 1;").unwrap().data.is_none(), "another file misses");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_disabled_store_asks_v8_for_nothing() {
        let cache = CodeCache::over(&DiskCache::disabled(), ENGINE);
        let url = ModuleSpecifier::parse("file:///t/a.js").unwrap();
        assert!(cache.for_module(&url, "1").is_none());
        assert!(cache.for_commonjs(&url, "1").is_none());
    }
}
