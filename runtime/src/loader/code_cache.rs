//! V8's code cache for tool modules and the packages they load, kept in the transpile cache's
//! verified store (so it is private, checked on every read, and cleared with it). ES modules
//! get it through the module loader (`SourceCodeCacheInfo` on the module's source, stored back
//! when V8 has compiled it); CommonJS files, which the host's `require` compiles with
//! `evalContext`, through the runtime's eval-context callbacks. An entry is keyed by the
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

/// The runtime's callbacks for `evalContext` scripts (deno_core's types, which it does not
/// export by name): read the cache for a source, and keep what V8 made.
type ReadForEval = Box<dyn Fn(&ModuleSpecifier, &[u16]) -> Result<SourceCodeCacheInfo, deno_error::JsErrorBox>>;
type KeepFromEval = Box<dyn Fn(ModuleSpecifier, u64, &[u8])>;

/// Where compiled code is kept; a cache that is off keeps nothing and asks V8 for nothing.
#[derive(Debug, Clone)]
pub struct CodeCache {
    store: DiskCache,
    /// Large CommonJS files being compiled ahead of their `require` (shared by clones).
    ahead: CompileAhead,
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
        CodeCache {
            store,
            ahead: CompileAhead::default(),
        }
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

    /// Called when the plain JavaScript file at `path`, whose text is `source`, is about to be
    /// parsed (it was not in the transpile cache, so this is its first start): a large file
    /// that looks like CommonJS starts compiling, wrapped as `require` will run it, on a thread
    /// of its own (see `compile_ahead`).
    pub fn compile_ahead_if_commonjs(&self, path: &Path, source: &str) {
        let plain_javascript = matches!(path.extension().and_then(|e| e.to_str()), Some("js" | "cjs") | None);
        if !self.enabled() || source.len() < COMPILE_AHEAD_MIN_BYTES || !plain_javascript || !transpile::looks_commonjs(source) {
            return;
        }
        let Some(url) = cjs::require_url(path) else { return };
        let store = self.clone();
        self.ahead
            .start(url, cjs::commonjs_wrapper(source), move |url, made| store.store(url, made.hash, &made.data));
    }

    /// The runtime's callbacks for scripts compiled with `evalContext` (CommonJS files); None
    /// when the cache is off. A file compiled ahead gets that code cache (waiting for it if
    /// need be), when it was made from the same text.
    pub fn eval_context_callbacks(&self) -> Option<(ReadForEval, KeepFromEval)> {
        if !self.enabled() {
            return None;
        }
        let reader = self.clone();
        let writer = self.clone();
        Some((
            Box::new(move |url, units| {
                let hash = units_hash(units);
                if let Some(made) = reader.ahead.take(url).filter(|made| made.hash == hash) {
                    return Ok(SourceCodeCacheInfo {
                        hash,
                        data: Some(made.data.into()),
                    });
                }
                Ok(reader.for_source(url, hash).unwrap_or(SourceCodeCacheInfo { hash: 0, data: None }))
            }),
            Box::new(move |url, hash, data| writer.store(&url, hash, data)),
        ))
    }
}

/// A 64-bit hash of the whole source text (the first bytes of its BLAKE3 hash).
fn source_hash(bytes: &[u8]) -> u64 {
    first_eight(blake3::hash(bytes).as_bytes())
}

/// `units_hash` of `text`'s UTF-16 code units, without holding them all at once.
pub(super) fn text_hash(text: &str) -> u64 {
    const PIECE: usize = 4096;
    let mut hasher = blake3::Hasher::new();
    let mut units = Vec::with_capacity(2 * PIECE);
    let mut rest = text;
    while !rest.is_empty() {
        let mut end = rest.len().min(PIECE);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (piece, after) = rest.split_at(end);
        units.clear();
        if piece.is_ascii() {
            // Most source text: each byte is a code unit with a zero high byte.
            units.extend(piece.bytes().flat_map(|byte| [byte, 0]));
        } else {
            units.extend(piece.encode_utf16().flat_map(u16::to_le_bytes));
        }
        hasher.update(&units);
        rest = after;
    }
    first_eight(hasher.finalize().as_bytes())
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
        assert_eq!(
            text_hash(&"módulo 🙂 ".repeat(3000)),
            units_hash(&units),
            "hashed from the text as from its units"
        );
        assert_eq!(text_hash(""), units_hash(&[]));
    }

    /// Runs `evalContext` of `source` under `url` in a runtime using `cache`'s callbacks, and
    /// says whether the engine had to make the code cache itself (none given, or rejected).
    #[cfg(feature = "v8")]
    fn engine_made_its_own(cache: &CodeCache, url: &ModuleSpecifier, source: &str) -> bool {
        use std::sync::atomic::{AtomicBool, Ordering};
        let (read, keep) = cache.eval_context_callbacks().unwrap();
        let made = std::sync::Arc::new(AtomicBool::new(false));
        let made_by_engine = made.clone();
        let keep: KeepFromEval = Box::new(move |url, hash, data| {
            made_by_engine.store(true, Ordering::SeqCst);
            keep(url, hash, data)
        });
        let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let _entered = tokio.enter();
        let mut runtime = deno_core::JsRuntime::new(deno_core::RuntimeOptions {
            eval_context_code_cache_cbs: Some((read, keep)),
            ..Default::default()
        });
        let call = format!(
            "const [f, error] = Deno.core.evalContext({}, {}); if (error) throw error.thrown; f(globalThis.out = {{}}); out.answer",
            serde_json::to_string(source).unwrap(),
            serde_json::to_string(url.as_str()).unwrap()
        );
        let answer = runtime.execute_script("[test]", call).expect("the script runs");
        deno_core::scope!(scope, &mut runtime);
        let answer = deno_core::v8::Local::new(scope, answer);
        assert_eq!(answer.integer_value(scope), Some(42));
        made.load(Ordering::SeqCst)
    }

    #[cfg(feature = "v8")]
    #[test]
    fn a_large_commonjs_file_is_compiled_ahead_and_the_engine_uses_that_code() {
        // As the engine does before its first isolate (flags cannot change once V8 is up).
        crate::engine::v8_flags::set_once();
        let dir = scratch("ahead");
        let cache = CodeCache::over(&DiskCache::at(dir.clone()));
        let path = std::path::Path::new("/t/pkg/big.js");
        let filler: String = (0..20_000).map(|i| format!("function f{i}(a) {{ return a + {i}; }}\n")).collect();
        let source = format!("{filler}exports.answer = 42;\n");
        assert!(source.len() >= COMPILE_AHEAD_MIN_BYTES);
        cache.compile_ahead_if_commonjs(path, &source);
        let url = cjs::require_url(path).unwrap();
        let wrapper = cjs::commonjs_wrapper(&source);
        assert!(!engine_made_its_own(&cache, &url, &wrapper), "the code made ahead is taken and accepted");
        let stored = cache.for_source(&url, text_hash(&wrapper)).unwrap();
        assert!(stored.data.is_some(), "and kept on disk for the next start");

        // Controls: a file compiled by the engine (small, or not CommonJS-looking) has no code
        // made ahead.
        let other = std::path::Path::new("/t/pkg/other.js");
        let plain = format!("{filler}globalThis.out.answer = 42;\n");
        cache.compile_ahead_if_commonjs(other, &plain);
        let other_url = cjs::require_url(other).unwrap();
        assert!(engine_made_its_own(&cache, &other_url, &cjs::commonjs_wrapper(&plain)));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_disabled_store_asks_v8_for_nothing() {
        let cache = CodeCache::over(&DiskCache::disabled());
        let url = ModuleSpecifier::parse("file:///t/a.js").unwrap();
        assert!(cache.for_module(&url, "1").is_none());
        assert!(cache.eval_context_callbacks().is_none());
    }
}
