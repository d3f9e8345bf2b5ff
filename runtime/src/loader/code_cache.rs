//! V8's code cache for tool modules and the packages they load, kept in the transpile cache's
//! verified store (so it is private, checked on every read, and cleared with it). ES modules
//! get it through the module loader (`SourceCodeCacheInfo` on the module's source, stored back
//! when V8 has compiled it); CommonJS files, which the host's `require` compiles with
//! `evalContext`, through the runtime's eval-context callbacks. An entry is keyed by the
//! engine, the file's URL and a hash of the exact source, so an edited file never meets the
//! cache of its old text; V8 itself rejects data made by another version or flags.

use deno_core::{ModuleSpecifier, SourceCodeCacheInfo};

use crate::disk_cache::DiskCache;

/// The runtime's callbacks for `evalContext` scripts (deno_core's types, which it does not
/// export by name): read the cache for a source, and keep what V8 made.
type ReadForEval = Box<dyn Fn(&ModuleSpecifier, &[u16]) -> Result<SourceCodeCacheInfo, deno_error::JsErrorBox>>;
type KeepFromEval = Box<dyn Fn(ModuleSpecifier, u64, &[u8])>;

/// Where compiled code is kept; a cache that is off keeps nothing and asks V8 for nothing.
#[derive(Debug, Clone)]
pub struct CodeCache {
    store: DiskCache,
}

impl CodeCache {
    /// The code cache over `store` (the transpile cache's), used only on V8 and when the
    /// store has a folder.
    pub fn over(store: &DiskCache) -> CodeCache {
        let store = if cfg!(feature = "v8") && store.folder().is_some() {
            store.clone()
        } else {
            DiskCache::disabled()
        };
        CodeCache { store }
    }

    fn enabled(&self) -> bool {
        self.store.folder().is_some()
    }

    /// What V8 needs to use (or, with no data, to make) the cache for `code` at `url`.
    pub fn for_module(&self, url: &ModuleSpecifier, code: &str) -> Option<SourceCodeCacheInfo> {
        self.for_source(url, source_hash(code.as_bytes()))
    }

    fn for_source(&self, url: &ModuleSpecifier, hash: u64) -> Option<SourceCodeCacheInfo> {
        if !self.enabled() {
            return None;
        }
        let data = self.store.get(&entry_key(url, hash)).map(Into::into);
        Some(SourceCodeCacheInfo { hash, data })
    }

    /// Keeps the cache V8 made for the source with `hash` at `url`.
    pub fn store(&self, url: &ModuleSpecifier, hash: u64, data: &[u8]) {
        if self.enabled() {
            self.store.put(&entry_key(url, hash), data);
        }
    }

    /// The runtime's callbacks for scripts compiled with `evalContext` (CommonJS files); None
    /// when the cache is off.
    pub fn eval_context_callbacks(&self) -> Option<(ReadForEval, KeepFromEval)> {
        if !self.enabled() {
            return None;
        }
        let reader = self.clone();
        let writer = self.clone();
        Some((
            Box::new(move |url, units| Ok(reader.for_source(url, units_hash(units)).unwrap_or(SourceCodeCacheInfo { hash: 0, data: None }))),
            Box::new(move |url, hash, data| writer.store(&url, hash, data)),
        ))
    }
}

/// A 64-bit hash of the whole source text (the first bytes of its BLAKE3 hash).
fn source_hash(bytes: &[u8]) -> u64 {
    first_eight(blake3::hash(bytes).as_bytes())
}

/// `source_hash` of UTF-16 source text (its little-endian bytes).
fn units_hash(units: &[u16]) -> u64 {
    let mut hasher = blake3::Hasher::new();
    if cfg!(target_endian = "little") {
        // SAFETY: the u16 slice's memory, viewed as the bytes it is made of (u8 has no
        // alignment or validity requirements); on little-endian targets they are the LE bytes.
        hasher.update(unsafe { std::slice::from_raw_parts(units.as_ptr().cast::<u8>(), std::mem::size_of_val(units)) });
    } else {
        let mut buffer = [0u8; 8192];
        for chunk in units.chunks(buffer.len() / 2) {
            for (i, unit) in chunk.iter().enumerate() {
                buffer[2 * i..2 * i + 2].copy_from_slice(&unit.to_le_bytes());
            }
            hasher.update(&buffer[..2 * chunk.len()]);
        }
    }
    first_eight(hasher.finalize().as_bytes())
}

fn first_eight(digest: &[u8]) -> u64 {
    u64::from_le_bytes(digest[..8].try_into().expect("eight bytes"))
}

/// The engine, once (it goes into every key).
static ENGINE: std::sync::LazyLock<String> = std::sync::LazyLock::new(crate::engine::description);

/// The store key: the engine, the URL and the source hash, hashed into a safe file name.
fn entry_key(url: &ModuleSpecifier, hash: u64) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(ENGINE.as_bytes());
    hasher.update(&[0]);
    hasher.update(url.as_str().as_bytes());
    hasher.update(&hash.to_le_bytes());
    format!("v8-code-{}", hex::encode(&hasher.finalize().as_bytes()[..20]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("omp-host-code-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn stored_code_comes_back_only_for_the_same_url_and_source() {
        let dir = scratch("roundtrip");
        let cache = CodeCache::over(&DiskCache::at(dir.clone()));
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
    fn utf16_sources_hash_as_their_little_endian_bytes() {
        let units: Vec<u16> = "módulo 🙂 ".repeat(3000).encode_utf16().collect();
        let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        assert_eq!(units_hash(&units), source_hash(&bytes));
    }

    #[test]
    fn a_disabled_store_asks_v8_for_nothing() {
        let cache = CodeCache::over(&DiskCache::disabled());
        let url = ModuleSpecifier::parse("file:///t/a.js").unwrap();
        assert!(cache.for_module(&url, "1").is_none());
        assert!(cache.eval_context_callbacks().is_none());
    }
}
