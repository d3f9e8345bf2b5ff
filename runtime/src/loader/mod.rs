//! Loading tool modules into the engine: specifier resolution, transpiling with a disk cache,
//! CommonJS wrapping, JSON modules and the embedded host modules, behind deno_core's
//! `ModuleLoader` trait.

pub(crate) mod cjs;
pub(crate) mod cjs_exports;
pub(crate) mod cjs_graph;
pub(crate) mod code_cache;
pub(crate) mod compile_ahead;
mod esm_commonjs_names;
pub(crate) mod handed_on;
pub(crate) mod import_site;
pub(crate) mod native_addon;
pub(crate) mod nesting;
pub(crate) mod pi_install;
pub(crate) mod read_ahead;
pub(crate) mod reload_query;
pub(crate) mod resolve;
pub(crate) mod transpile;
pub(crate) mod transpiled;
pub(crate) mod virtual_modules;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deno_core::error::ModuleLoaderError;

use code_cache::CodeCache;
use deno_core::{
    ModuleLoadOptions, ModuleLoadReferrer, ModuleLoadResponse, ModuleLoader, ModuleSource, ModuleSourceCode, ModuleSpecifier, ModuleType, RequestedModuleType,
    ResolutionKind,
};
use deno_error::JsErrorBox;

use read_ahead::ReadAhead;
use resolve::Resolved;
use transpile::{ModuleFormat, TranspileCache};

/// The engine's module loader. `cwd` is where bare imports from host modules resolve.
pub(crate) struct ToolModuleLoader {
    files: FileLoader,
    cwd: PathBuf,
    /// Tool files read ahead of their import (`prefetch`) by `FileLoader::load_file`; taken
    /// by their import.
    read_ahead: ReadAhead,
}

impl ToolModuleLoader {
    pub(crate) fn new(cache: TranspileCache, cwd: PathBuf, engine: code_cache::EngineFacts) -> Self {
        let files = FileLoader {
            code_cache: CodeCache::over(cache.store(), engine),
            cache,
        };
        let reader = files.clone();
        ToolModuleLoader {
            files,
            cwd,
            read_ahead: ReadAhead::new(Arc::new(move |url: &ModuleSpecifier| reader.load_file(url, None))),
        }
    }

    /// Starts reading the tool files at `urls` (in order, on the blocking pool), so each
    /// import, when its turn comes, finds its source ready instead of waiting for a thread to
    /// read it (the engine loads one tool file after another). Files already queued are left
    /// alone.
    pub(crate) fn prefetch(&self, urls: impl IntoIterator<Item = ModuleSpecifier>) {
        let files = urls.into_iter().filter(|url| url.scheme() == "file");
        self.read_ahead.queue(files);
    }

    /// The V8 code cache it hands modules (also for scripts compiled outside the loader).
    pub(crate) fn code_cache(&self) -> &CodeCache {
        &self.files.code_cache
    }
}

/// A file path as a `file://` URL.
pub(crate) fn file_url(path: &Path) -> Result<ModuleSpecifier, JsErrorBox> {
    ModuleSpecifier::from_file_path(path).map_err(|_| JsErrorBox::generic(format!("not an absolute path: {}", path.display())))
}

fn to_url(resolved: Resolved) -> Result<ModuleSpecifier, JsErrorBox> {
    match resolved {
        Resolved::File(path) => file_url(&path),
        Resolved::Virtual(url) => ModuleSpecifier::parse(&url).map_err(JsErrorBox::from_err),
    }
}

impl ToolModuleLoader {
    fn referrer_dir(&self, referrer: &str) -> PathBuf {
        ModuleSpecifier::parse(referrer)
            .ok()
            .filter(|u| u.scheme() == "file")
            .and_then(|u| u.to_file_path().ok())
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_else(|| self.cwd.clone())
    }

    /// Loads a file on a thread of tokio's blocking pool: transpiling a large module takes
    /// seconds, and the engine thread waiting for it asynchronously lets the load's time limit
    /// stop waiting (the thread finishes on its own and its result is dropped). The pool keeps
    /// its threads for the next file: a thread started and ended per file cost a TLB shootdown
    /// on every core each, which on a busy virtual machine made loading a large tool folder
    /// many times slower.
    fn load_file_async(&self, url: &ModuleSpecifier, referrer: Option<&str>) -> ModuleLoadResponse {
        if let Some(read) = self.read_ahead.take(url) {
            return ModuleLoadResponse::Async(Box::pin(async move { read.await.unwrap_or_else(|_| Err(thread_failed())) }));
        }
        let files = self.files.clone();
        let url = url.clone();
        let referrer = referrer.map(str::to_string);
        let Ok(tokio) = tokio::runtime::Handle::try_current() else {
            return ModuleLoadResponse::Sync(files.load_file(&url, referrer.as_deref()));
        };
        let loading = tokio.spawn_blocking(move || files.load_file(&url, referrer.as_deref()));
        ModuleLoadResponse::Async(Box::pin(async move { loading.await.unwrap_or_else(|_| Err(thread_failed())) }))
    }
}

fn thread_failed() -> JsErrorBox {
    JsErrorBox::generic("the module loading thread failed")
}

/// What loading a file needs, apart from the loader (so it can move to another thread).
#[derive(Clone)]
struct FileLoader {
    cache: TranspileCache,
    code_cache: CodeCache,
}

impl FileLoader {
    fn load_file(&self, url: &ModuleSpecifier, referrer: Option<&str>) -> Result<ModuleSource, JsErrorBox> {
        let path = url.to_file_path().map_err(|_| JsErrorBox::generic(format!("bad file URL {url}")))?;
        if native_addon::is_native_addon(&path) {
            // Fail where it is imported (a dynamic import in try/catch can fall back).
            let from = referrer
                .and_then(|r| ModuleSpecifier::parse(r).ok())
                .and_then(|u| u.to_file_path().ok())
                .unwrap_or_else(|| path.clone());
            let error = serde_json::to_string(&native_addon::message(&path, &from)).unwrap();
            let code = format!("throw Object.assign(new Error({error}), {{ code: {:?} }});", native_addon::CODE);
            return Ok(ModuleSource::new(ModuleType::JavaScript, ModuleSourceCode::String(code.into()), url, None));
        }
        let text = transpile::read_module_source(&path).map_err(|e| JsErrorBox::generic(e.0))?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let code = if path.extension().is_some_and(|e| e == "json") {
            serde_json::from_str::<serde_json::Value>(text).map_err(|e| JsErrorBox::generic(format!("invalid JSON in {}: {e}", path.display())))?;
            format!("export default {text};")
        } else {
            let compile_ahead = || self.code_cache.compile_ahead_if_commonjs(&path, text);
            let out = transpile::transpile_ahead_of_require(&path, text, &self.cache, &compile_ahead).map_err(|e| JsErrorBox::generic(e.0))?;
            let code = with_bun_import_meta(out.code);
            match out.format {
                ModuleFormat::Esm => code,
                ModuleFormat::CommonJs => {
                    let dependencies = cjs_graph::esm_dependencies(&path, &code, &self.cache);
                    let names = out
                        .cjs_exports
                        .as_ref()
                        .map(|e| cjs_exports::named_exports(&path, e, &self.cache))
                        .unwrap_or_default();
                    cjs::facade_module(&path, &dependencies, &names, reload_query::is_marked(url))
                }
            }
        };
        let code_cache = self.code_cache.for_module(url, &code);
        Ok(ModuleSource::new(
            ModuleType::JavaScript,
            ModuleSourceCode::String(code.into()),
            url,
            code_cache,
        ))
    }
}

/// The file at `url` as a JSON module (checked to be JSON here, so a bad file names itself).
fn json_module(url: &ModuleSpecifier) -> Result<ModuleSource, JsErrorBox> {
    let path = url.to_file_path().map_err(|_| JsErrorBox::generic(format!("bad file URL {url}")))?;
    let text = transpile::read_module_source(&path).map_err(|e| JsErrorBox::generic(e.0))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    serde_json::from_str::<serde_json::Value>(&text).map_err(|e| JsErrorBox::generic(format!("invalid JSON in {}: {e}", path.display())))?;
    Ok(ModuleSource::new(ModuleType::Json, ModuleSourceCode::String(text.into()), url, None))
}

/// Whether `url` is one of the host's own modules, which reach the engine's ops directly: a
/// tool importing one could answer another call or stage for it. Only the host's modules may
/// import them, and the CommonJS wrapper the host writes into a tool's module (`omp:/host/cjs`,
/// which is `require` itself).
fn host_internal(url: &str) -> bool {
    url.starts_with("omp:/host/") && url != "omp:/host/cjs"
}

/// Bun's `import.meta.dir` / `import.meta.path`, added on the first line only when used.
fn with_bun_import_meta(code: String) -> String {
    if code.contains("import.meta.dir") || code.contains("import.meta.path") {
        format!("import.meta.dir = import.meta.dirname; import.meta.path = import.meta.filename;{code}")
    } else {
        code
    }
}

impl ModuleLoader for ToolModuleLoader {
    fn resolve(&self, specifier: &str, referrer: &str, _kind: ResolutionKind) -> Result<ModuleSpecifier, ModuleLoaderError> {
        if specifier.starts_with("omp:/") {
            // The host's modules import each other; "." is the host loading its bootstrap.
            if host_internal(specifier) && !referrer.starts_with("omp:") && referrer != "." {
                let site = ModuleSpecifier::parse(referrer).ok().and_then(|u| u.to_file_path().ok());
                let at = site
                    .map(|path| format!(" (imported at {})", import_site::describe(&path, specifier)))
                    .unwrap_or_default();
                return Err(JsErrorBox::generic(format!(
                    "Cannot import \"{specifier}\": the host's own modules are not for tools, whose reach goes through the pi API, node: modules and packages{at}"
                )));
            }
            return ModuleSpecifier::parse(specifier).map_err(JsErrorBox::from_err);
        }
        if specifier.starts_with("file://") && referrer.starts_with("omp:") {
            return ModuleSpecifier::parse(specifier).map_err(JsErrorBox::from_err);
        }
        // A module a hot reload imports afresh keeps its mark (resolving by path would drop it).
        if specifier.starts_with("file://") && reload_query::version_of(specifier).is_some() {
            return ModuleSpecifier::parse(specifier).map_err(JsErrorBox::from_err);
        }
        // Fault injection for the host's own tests (tests/faults_module.rs): one panic on the
        // engine thread, which the host must survive by replacing the engine. (Only a static
        // import gets here outside V8's frames, where a panic can unwind.)
        static PANICKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        if std::env::var_os("OMP_HOST_TEST_PANIC_ON_IMPORT").is_some_and(|s| s == specifier) && !PANICKED.swap(true, std::sync::atomic::Ordering::SeqCst) {
            panic!("OMP_HOST_TEST_PANIC_ON_IMPORT asked for a panic on importing {specifier}");
        }
        let dir = self.referrer_dir(referrer);
        let resolved = resolve::resolve(specifier, &dir).map_err(|e| {
            // Name the importing file and line, so the user knows which import to change.
            let referrer_path = ModuleSpecifier::parse(referrer)
                .ok()
                .filter(|u| u.scheme() == "file")
                .and_then(|u| u.to_file_path().ok());
            match referrer_path {
                Some(path) => JsErrorBox::generic(format!("{} (imported at {})", e.0, import_site::describe(&path, specifier))),
                None => JsErrorBox::generic(e.0),
            }
        })?;
        Ok(reload_query::carry(referrer, to_url(resolved)?))
    }

    fn load(&self, url: &ModuleSpecifier, referrer: Option<&ModuleLoadReferrer>, options: ModuleLoadOptions) -> ModuleLoadResponse {
        // `import data from "./x.json" with { type: "json" }`: a JSON module, as the
        // attribute asks (a plain import of a .json file gets an ES module exporting it).
        if url.scheme() == "file" && options.requested_module_type == RequestedModuleType::Json {
            return ModuleLoadResponse::Sync(json_module(url));
        }
        if url.scheme() == "file" {
            return self.load_file_async(url, referrer.map(|r| r.specifier.as_str()));
        }
        let result = match url.scheme() {
            "omp" => virtual_modules::source(url.as_str())
                .map(|src| {
                    ModuleSource::new(
                        ModuleType::JavaScript,
                        ModuleSourceCode::String(deno_core::ModuleCodeString::from_static(src)),
                        url,
                        None,
                    )
                })
                .ok_or_else(|| JsErrorBox::generic(format!("omp-host has no built-in module {url}"))),
            other => Err(JsErrorBox::generic(format!("cannot load {url}: the {other}: scheme is not supported"))),
        };
        ModuleLoadResponse::Sync(result)
    }

    fn code_cache_ready(&self, url: ModuleSpecifier, hash: u64, code_cache: &[u8]) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> {
        self.files.code_cache.store(&url, hash, code_cache);
        Box::pin(std::future::ready(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn source_of(response: ModuleLoadResponse) -> String {
        let source = match response {
            ModuleLoadResponse::Sync(source) => source,
            ModuleLoadResponse::Async(future) => future.await,
        }
        .expect("the file loads");
        match source.code {
            ModuleSourceCode::String(code) => code.as_str().to_string(),
            ModuleSourceCode::Bytes(bytes) => String::from_utf8_lossy(bytes.as_bytes()).into_owned(),
        }
    }

    #[tokio::test]
    async fn a_prefetched_file_is_read_ahead_of_its_import_and_only_for_it() {
        let dir = std::env::temp_dir().join(format!("omp-host-prefetch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("tool.js");
        std::fs::write(&file, "export default 'first';").unwrap();
        let engine = code_cache::EngineFacts {
            identity: "the test engine",
            compile_script: None,
        };
        let loader = ToolModuleLoader::new(TranspileCache::disabled(), dir.clone(), engine);
        let url = file_url(&file).unwrap();
        loader.prefetch([url.clone()]);
        let read = tokio::time::timeout(std::time::Duration::from_secs(30), async {
            while loader.read_ahead.busy() {
                tokio::task::yield_now().await;
            }
        });
        read.await.expect("the read ahead finishes");
        std::fs::write(&file, "export default 'second';").unwrap();
        let imported = source_of(loader.load_file_async(&url, None)).await;
        assert!(imported.contains("'first'"), "the import takes what was read ahead: {imported}");
        assert_eq!(loader.read_ahead.pending(), 0, "taken once");
        let again = source_of(loader.load_file_async(&url, None)).await;
        assert!(again.contains("'second'"), "a later import reads the file: {again}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
