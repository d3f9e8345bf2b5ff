//! Turns a module's source into JavaScript the engine can run: TypeScript gets swc's full
//! transform (enums, parameter properties, namespaces, `satisfies`…) through deno_ast, with an
//! inline source map so errors point at the original `.ts` line. A CommonJS module's named
//! exports are found statically with deno_ast's CommonJS analysis (the rules of Node's
//! cjs-module-lexer), so `import { x } from "cjs-package"` works. Results are cached on disk,
//! keyed by a hash of the file's path and contents, so a second start skips transpiling.
//!
//! swc recurses once per nesting level of the syntax, so parsing runs on a thread of its own
//! with a large stack, and a module nested deeper than that stack can take (see `nesting`) or
//! larger than `MAX_MODULE_BYTES` is refused with an error naming the file.

use std::io::Read;
use std::path::{Path, PathBuf};

use deno_ast::{MediaType, ModuleSpecifier, ParseParams, SourceMapOption};

use super::handed_on::HandedOn;
use super::nesting;
pub(crate) use super::transpiled::{CjsExports, ModuleFormat, TranspileError, Transpiled};
use crate::disk_cache::DiskCache;

/// Bump when the transform or its options change, so old cache entries are ignored.
const TRANSFORM_VERSION: &str = "omp-host-transpile-v5";

/// The largest module file the host reads (16 MiB): far above real tools, bundles included.
pub(crate) const MAX_MODULE_BYTES: usize = 16 * 1024 * 1024;

/// The parser thread's stack. Only the pages a parse touches are ever committed.
const PARSE_STACK_BYTES: usize = 64 * 1024 * 1024;

/// Stack one unit of the nesting estimate may take in swc (parser, transforms, code generator
/// and dropping the tree), with a margin: the worst construct measured takes about 3.8 KiB per
/// token in a release build (nested parenthesised types), unoptimized builds (debug, and the
/// test suite's profile) far more.
const STACK_PER_NESTING_UNIT: usize = if cfg!(any(debug_assertions, unoptimized)) { 64 * 1024 } else { 8 * 1024 };

/// The deepest nesting estimate the parser thread's stack holds (8,192 in a release build;
/// the deepest of 9,000 files of real packages and bundles measured 619).
pub(crate) const MAX_NESTING: usize = PARSE_STACK_BYTES / STACK_PER_NESTING_UNIT;

/// The on-disk cache of transpiled modules, over the verified `DiskCache` (an entry is the
/// format's tag byte, `E` or `C`, then for CommonJS its export list as one JSON line, then
/// the code).
#[derive(Debug, Clone)]
pub struct TranspileCache {
    store: DiskCache,
    /// CommonJS modules on their way from the loader to `require` (see `handed_on`).
    handed_on: HandedOn,
}

impl TranspileCache {
    pub fn at(dir: PathBuf) -> Self {
        TranspileCache {
            store: DiskCache::at(dir),
            handed_on: HandedOn::default(),
        }
    }

    pub(crate) fn disabled() -> Self {
        TranspileCache {
            store: DiskCache::disabled(),
            handed_on: HandedOn::default(),
        }
    }

    /// The general store underneath, for other compiled artefacts of the same modules.
    pub(crate) fn store(&self) -> &DiskCache {
        &self.store
    }

    /// The entry under `key` for the module whose text is `source` (the key hashes it, so an
    /// entry that says "the code is the source" can be answered from it).
    pub(crate) fn lookup(&self, key: &str, source: &str) -> Option<Transpiled> {
        let bytes = self.store.get(key)?;
        let (tag, rest) = bytes.split_first()?;
        let format = match tag.to_ascii_uppercase() {
            b'E' => ModuleFormat::Esm,
            b'C' => ModuleFormat::CommonJs,
            _ => return None,
        };
        let (cjs_exports, code) = match format {
            ModuleFormat::Esm => (None, rest),
            ModuleFormat::CommonJs => {
                // A CommonJS entry carries its export list (one JSON line) before the code.
                let newline = rest.iter().position(|b| *b == b'\n')?;
                let exports: CjsExports = serde_json::from_slice(&rest[..newline]).ok()?;
                (Some(exports), &rest[newline + 1..])
            }
        };
        // A lower-case tag: plain JavaScript that runs as it is, stored without its code.
        let code = if tag.is_ascii_lowercase() {
            code.is_empty().then(|| source.to_string())?
        } else {
            String::from_utf8(code.to_vec()).ok()?
        };
        Some(Transpiled { code, format, cjs_exports })
    }

    /// Stores `transpiled`, the result for `source`, under `key`. Code identical to the source
    /// (plain JavaScript) is not stored again: the entry says so with a lower-case tag, and
    /// stays a few bytes where the package may be megabytes.
    pub fn remember(&self, key: &str, source: &str, transpiled: &Transpiled) {
        let unchanged = transpiled.code == source;
        let code = if unchanged { "" } else { transpiled.code.as_str() };
        let mut bytes = Vec::with_capacity(2 + code.len());
        let tag = match transpiled.format {
            ModuleFormat::Esm => b'E',
            ModuleFormat::CommonJs => b'C',
        };
        bytes.push(if unchanged { tag.to_ascii_lowercase() } else { tag });
        if transpiled.format == ModuleFormat::CommonJs {
            bytes.extend_from_slice(
                serde_json::to_string(&transpiled.cjs_exports.clone().unwrap_or_default())
                    .unwrap_or_default()
                    .as_bytes(),
            );
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(code.as_bytes());
        self.store.put(key, &bytes);
    }
}

/// Media types that need swc's TypeScript transform.
fn is_typescript(media: MediaType) -> bool {
    matches!(media, MediaType::TypeScript | MediaType::Mts | MediaType::Cts | MediaType::Tsx | MediaType::Jsx)
}

/// Transpiles (or fetches from the cache) the module at `path` whose text is `source`.
pub(crate) fn transpile(path: &Path, source: &str, cache: &TranspileCache) -> Result<Transpiled, TranspileError> {
    transpile_with_key(path, source, cache, &cache_key(path, source), &|| {})
}

/// `transpile`, calling `before_parse` first when the module has to be parsed (it was neither
/// handed on nor in the cache), so other work on it can start beside the parse.
pub(crate) fn transpile_with(path: &Path, source: &str, cache: &TranspileCache, before_parse: &dyn Fn()) -> Result<Transpiled, TranspileError> {
    transpile_with_key(path, source, cache, &cache_key(path, source), before_parse)
}

/// `transpile_with`, for a CommonJS module that `require` is about to run (the loader's facade
/// of it, or a file its `require`s reach): the result is also kept for that `require`.
pub(crate) fn transpile_ahead_of_require(path: &Path, source: &str, cache: &TranspileCache, before_parse: &dyn Fn()) -> Result<Transpiled, TranspileError> {
    let key = cache_key(path, source);
    let transpiled = transpile_with_key(path, source, cache, &key, before_parse)?;
    if transpiled.format == ModuleFormat::CommonJs {
        cache.handed_on.keep(&key, transpiled.clone());
    }
    Ok(transpiled)
}

fn transpile_with_key(path: &Path, source: &str, cache: &TranspileCache, key: &str, before_parse: &dyn Fn()) -> Result<Transpiled, TranspileError> {
    if let Some(handed_on) = cache.handed_on.take(key) {
        return Ok(handed_on);
    }
    if let Some(hit) = cache.lookup(key, source) {
        return Ok(hit);
    }
    before_parse();
    let transpiled = transpile_uncached(path, source)?;
    cache.remember(key, source, &transpiled);
    Ok(transpiled)
}

/// The cache key of the module at `path` with text `source`: a hash of both and of the
/// transform's version.
pub fn cache_key(path: &Path, source: &str) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(TRANSFORM_VERSION.as_bytes());
    hasher.update(&[0]);
    hasher.update(path.as_os_str().as_encoded_bytes());
    hasher.update(&[0]);
    hasher.update(source.as_bytes());
    hex::encode(&hasher.finalize().as_bytes()[..16])
}

/// Reads a module's text, refusing files over `MAX_MODULE_BYTES` before reading them whole.
pub(crate) fn read_module_source(path: &Path) -> Result<String, TranspileError> {
    let cannot_read = |e: std::io::Error| TranspileError(format!("cannot read {}: {e}", path.display()));
    let file = crate::regular_file::open(path).map_err(cannot_read)?;
    // Sized from the file's length up front: growing the buffer as it fills copied a large
    // package several times over.
    let length = file.metadata().map(|m| m.len() as usize).ok();
    let mut bytes = Vec::with_capacity(length.unwrap_or(0).min(MAX_MODULE_BYTES + 1));
    file.take(MAX_MODULE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(cannot_read)?;
    if bytes.len() > MAX_MODULE_BYTES {
        return Err(too_large(path, length.unwrap_or(bytes.len())));
    }
    String::from_utf8(bytes).map_err(|e| TranspileError(format!("cannot read {}: not UTF-8 text ({e})", path.display())))
}

fn too_large(path: &Path, size: usize) -> TranspileError {
    let mb = |bytes: usize| bytes as f64 / (1024.0 * 1024.0);
    TranspileError(format!(
        "{}: the module is {:.1} MB, over the {:.0} MB limit for tool modules",
        path.display(),
        mb(size),
        mb(MAX_MODULE_BYTES)
    ))
}

/// Parses and transforms without touching the cache, on the parser thread.
pub fn transpile_uncached(path: &Path, source: &str) -> Result<Transpiled, TranspileError> {
    if source.len() > MAX_MODULE_BYTES {
        return Err(too_large(path, source.len()));
    }
    let owned_path = path.to_path_buf();
    let owned_source = source.to_string();
    let (answer, answered) = std::sync::mpsc::sync_channel(1);
    let parser = std::thread::Builder::new()
        .name("omp-host-parse".into())
        .stack_size(PARSE_STACK_BYTES)
        .spawn(move || {
            let mut trees = Vec::new();
            let result = check_nesting(&owned_path, &owned_source).and_then(|()| transpile_on_this_thread(&owned_path, &owned_source, &mut trees));
            let _ = answer.send(result);
            // Freeing a large module's syntax tree takes a while (90-130 ms for the 9 MB
            // `typescript` package): the caller has its answer by now. The tree is freed on
            // this thread, whose stack is sized for it.
            drop(trees);
        })
        .map_err(|e| TranspileError(format!("{}: cannot start the parser thread: {e}", path.display())))?;
    match answered.recv() {
        Ok(result) => result,
        // The thread ended without answering: it panicked.
        Err(_) => {
            let panic = parser.join().err();
            let reason = panic
                .as_ref()
                .and_then(|panic| {
                    panic
                        .downcast_ref::<String>()
                        .map(String::as_str)
                        .or_else(|| panic.downcast_ref::<&str>().copied())
                })
                .unwrap_or("unknown cause");
            Err(TranspileError(format!(
                "{}: the TypeScript compiler failed on this module ({reason})",
                path.display()
            )))
        }
    }
}

/// Refuses a module whose syntax may nest deeper than the parser thread's stack holds. Files
/// with fewer bytes than `MAX_NESTING` cannot, so only larger ones are scanned.
fn check_nesting(path: &Path, source: &str) -> Result<(), TranspileError> {
    if source.len() <= MAX_NESTING {
        return Ok(());
    }
    let found = nesting::estimate(source, media_type_of(path), MAX_NESTING);
    if found.depth <= MAX_NESTING {
        return Ok(());
    }
    let before = &source[..found.offset];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    Err(TranspileError(format!(
        "{}:{line}:{column}: the code is nested too deeply to parse safely (more than {MAX_NESTING} levels of brackets, operators or statements)",
        path.display()
    )))
}

fn media_type_of(path: &Path) -> MediaType {
    match MediaType::from_path(path) {
        MediaType::Unknown => MediaType::JavaScript,
        media => media,
    }
}

/// Parses and transforms `source`; the syntax trees it is done with go to `trees`, for the
/// caller to free once the answer is sent.
fn transpile_on_this_thread(path: &Path, source: &str, trees: &mut Vec<deno_ast::ParsedSource>) -> Result<Transpiled, TranspileError> {
    let specifier = ModuleSpecifier::from_file_path(path).map_err(|_| TranspileError(format!("{}: not an absolute path", path.display())))?;
    let media = media_type_of(path);
    let parsed = deno_ast::parse_program(ParseParams {
        specifier: specifier.clone(),
        text: source.into(),
        media_type: media,
        capture_tokens: false,
        scope_analysis: false,
        maybe_syntax: None,
    })
    .map_err(|diagnostic| TranspileError(diagnostic.to_string()))?;

    let format = detect_format(path, &parsed, source);
    // An ES module's `require`, `__filename` and `__dirname`, as Bun gives them.
    let prelude = match format {
        ModuleFormat::Esm => super::esm_commonjs_names::prelude(&parsed),
        ModuleFormat::CommonJs => None,
    };
    let with_prelude = |code: &str| match &prelude {
        Some(prelude) => super::esm_commonjs_names::with_prelude(code, prelude),
        None => code.to_string(),
    };
    if !is_typescript(media) {
        // Plain JavaScript runs as it is; its lines are already the original ones.
        let cjs_exports = (format == ModuleFormat::CommonJs).then(|| analyze(&parsed));
        trees.push(parsed);
        return Ok(Transpiled {
            code: with_prelude(source),
            format,
            cjs_exports,
        });
    }
    let module_kind = match format {
        ModuleFormat::Esm => deno_ast::ModuleKind::Esm,
        ModuleFormat::CommonJs => deno_ast::ModuleKind::Cjs,
    };
    let emitted = parsed
        .transpile(
            &deno_ast::TranspileOptions {
                imports_not_used_as_values: deno_ast::ImportsNotUsedAsValues::Remove,
                decorators: deno_ast::DecoratorsTranspileOption::LegacyTypeScript { emit_metadata: false },
                ..Default::default()
            },
            &deno_ast::TranspileModuleOptions {
                module_kind: Some(module_kind),
            },
            &deno_ast::EmitOptions {
                source_map: SourceMapOption::Inline,
                inline_sources: false,
                ..Default::default()
            },
        )
        .map_err(|e| TranspileError(format!("{}: {e}", path.display())))?
        .into_source();
    // TypeScript written as CommonJS (`.cts`) has its exports in the emitted code.
    let cjs_exports = match format {
        ModuleFormat::Esm => None,
        ModuleFormat::CommonJs => Some(
            deno_ast::parse_script(ParseParams {
                specifier,
                text: emitted.text.clone().into(),
                media_type: MediaType::Cjs,
                capture_tokens: false,
                scope_analysis: false,
                maybe_syntax: None,
            })
            .map(|parsed| {
                let exports = analyze(&parsed);
                trees.push(parsed);
                exports
            })
            .unwrap_or_default(),
        ),
    };
    Ok(Transpiled {
        code: with_prelude(&emitted.text),
        format,
        cjs_exports,
    })
}

/// A CommonJS module's exports and re-exports (deno_ast's port of cjs-module-lexer's rules).
fn analyze(parsed: &deno_ast::ParsedSource) -> CjsExports {
    let analysis = parsed.analyze_cjs();
    CjsExports {
        exports: analysis.exports,
        reexports: analysis.reexports,
    }
}

/// Whether `source` uses `module.exports`, `exports.` or `require(`, or asks whether
/// `exports` or `module` exist (a UMD wrapper: `(typeof exports !== 'undefined' ? exports :
/// G)`): a script that does is taken for CommonJS, as Node runs it.
pub(crate) fn looks_commonjs(source: &str) -> bool {
    ["module.exports", "exports.", "require(", "typeof exports", "typeof module"]
        .iter()
        .any(|marker| source.contains(marker))
}

/// `.cjs`/`.cts` are CommonJS; `.mjs`/`.mts` are ES modules; otherwise a file with no
/// `import`/`export` that `looks_commonjs` is CommonJS.
fn detect_format(path: &Path, parsed: &deno_ast::ParsedSource, source: &str) -> ModuleFormat {
    match path.extension().and_then(|e| e.to_str()) {
        Some("cjs" | "cts") => return ModuleFormat::CommonJs,
        Some("mjs" | "mts") => return ModuleFormat::Esm,
        _ => {}
    }
    if parsed.compute_is_script() && looks_commonjs(source) {
        ModuleFormat::CommonJs
    } else {
        ModuleFormat::Esm
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(source: &str) -> Transpiled {
        transpile_uncached(Path::new("/virtual/tool.ts"), source).unwrap()
    }

    #[test]
    fn full_typescript_transform_not_type_stripping() {
        let out = ts("enum Color { Red, Green }\nclass P { constructor(private x: number) {} }\nnamespace N { export const y = 1; }\nconst c = { a: 1 } satisfies object;\nconst t = [1, 2] as const;\nexport default () => [Color.Green, new P(1), N.y, c, t];\n");
        assert!(
            out.code.contains("Color[Color[\"Green\"] = 1]") || out.code.contains("Color[\"Green\"] = 1"),
            "{}",
            out.code
        );
        assert!(out.code.contains("this.x = x"), "{}", out.code);
        assert!(!out.code.contains("satisfies") && !out.code.contains("as const"), "{}", out.code);
        assert!(out.code.contains("sourceMappingURL=data:application/json"), "inline source map");
        assert_eq!(out.format, ModuleFormat::Esm);
    }

    #[test]
    fn commonjs_is_detected() {
        let js = transpile_uncached(Path::new("/v/t.js"), "module.exports = function () {};").unwrap();
        assert_eq!(js.format, ModuleFormat::CommonJs);
        let cjs_ext = transpile_uncached(Path::new("/v/t.cjs"), "const x = 1;").unwrap();
        assert_eq!(cjs_ext.format, ModuleFormat::CommonJs);
        let esm = transpile_uncached(Path::new("/v/t.js"), "export default 1; // module.exports").unwrap();
        assert_eq!(esm.format, ModuleFormat::Esm);
    }

    #[test]
    fn syntax_errors_name_file_line_and_column() {
        let err = transpile_uncached(Path::new("/v/broken.ts"), "const a = 1;\nconst = ;\n").unwrap_err().0;
        assert!(err.contains("broken.ts:2:"), "{err}");
    }

    /// Nested forms of every construct measured while sizing the parser stack (see
    /// `STACK_PER_NESTING_UNIT`): (name, extension, prefix, repeated opening, repeated closing, suffix).
    /// Left out: nested `<T>(…)` type assertions, which swc parses in time exponential in their
    /// depth (25 levels take minutes), long before the stack matters.
    const NESTED_CONSTRUCTS: &[(&str, &str, &str, &str, &str, &str)] = &[
        ("parens", "ts", "const x = ", "(", ")", "1;"),
        ("arrays", "js", "const x = ", "[", "]", "1;"),
        ("objects", "ts", "const x = ", "{a:", "}", "1;"),
        ("calls", "ts", "const x = ", "f(", ")", "1;"),
        ("indexing", "ts", "const x = ", "a[", "]", "0;"),
        ("templates", "ts", "const x = ", "`${", "}`", "1;"),
        ("spreads", "ts", "const x = ", "[...", "]", "a;"),
        ("blocks", "ts", "", "{", "}", ""),
        ("namespaces", "ts", "", "namespace A{", "}", ""),
        ("function expressions", "ts", "const x = ", "function(){return ", "}", "1;"),
        ("class expressions", "ts", "const x = ", "class{m(){return ", "}}", "1;"),
        ("arrow defaults", "ts", "const x = ", "(a=", ")=>1", "1;"),
        ("type parens", "ts", "let x: ", "(", ")", "number;"),
        ("tuple types", "ts", "let x: ", "[", "]", "number;"),
        ("object types", "ts", "let x: ", "{a:", "}", "number;"),
        ("generic types", "ts", "let x: ", "Array<", ">", "number;"),
        ("jsx with expressions", "tsx", "const x = ", "<a>{", "}</a>", "1;"),
        ("negations", "js", "const x = ", "!", "", "1;"),
        ("unary minus", "ts", "const x = ", "- ", "", "1;"),
        ("typeof", "ts", "const x = ", "typeof ", "", "1;"),
        ("await", "ts", "const x = async () => ", "await ", "", "1;"),
        ("new", "ts", "const x = ", "new ", "", "A;"),
        ("keyof", "ts", "let x: ", "keyof ", "", "number;"),
        ("function types", "ts", "let x: ", "()=>", "", "number;"),
        ("conditional types", "ts", "let x: ", "A extends B ? C : ", "", "number;"),
        ("arrows", "ts", "const x = ", "a=>", "", "1;"),
        ("assignments", "ts", "let a; a", "=a", "", "=1;"),
        ("conditionals", "ts", "const x = ", "a?1:", "", "1;"),
        ("exponents", "ts", "const x = 1", "**1", "", ";"),
        ("sums", "js", "const x = 1", "+1", "", ";"),
        ("member chains", "ts", "const x = a", ".b", "", ";"),
        ("optional chains", "ts", "const x = a", "?.b", "", ";"),
        ("call chains", "ts", "const x = a", ".b()", "", ";"),
        ("labels", "ts", "", "l:", "", "0;"),
        ("nested ifs", "js", "let a; ", "if(a)", "", "0;"),
        ("else-if chains", "ts", "let a; if(a){}", "else if(a){}", "", ""),
        ("else-if chains without braces", "ts", "let a; if(a)a;", "else if(a)a;", "", ""),
    ];

    fn nested_source(prefix: &str, open: &str, close: &str, suffix: &str, depth: usize) -> String {
        let labels = open == "l:";
        let opening: String = if labels {
            (0..depth).map(|i| format!("l{i}:")).collect()
        } else {
            open.repeat(depth)
        };
        format!("{prefix}{opening}{suffix}{}\nexport default 1;\n", close.repeat(depth))
    }

    /// The parser thread must survive every module the nesting check lets through: each
    /// construct nested as deep as the check allows is parsed (an overflow would abort the
    /// whole test process). Quick to fail, slow to pass: about a minute in a release build.
    #[test]
    fn every_construct_the_nesting_check_accepts_parses_without_overflow() {
        for (name, ext, prefix, open, close, suffix) in NESTED_CONSTRUCTS {
            let path = PathBuf::from(format!("/v/deep.{ext}"));
            let fits = |depth: usize| {
                let source = nested_source(prefix, open, close, suffix, depth);
                source.len() <= MAX_NESTING || nesting::estimate(&source, media_type_of(&path), MAX_NESTING).depth <= MAX_NESTING
            };
            let (mut accepted, mut refused) = (1, MAX_NESTING + 1);
            while refused - accepted > 1 {
                let middle = (accepted + refused) / 2;
                if fits(middle) {
                    accepted = middle;
                } else {
                    refused = middle;
                }
            }
            let deepest = nested_source(prefix, open, close, suffix, accepted);
            let started = std::time::Instant::now();
            let outcome = transpile_uncached(&path, &deepest);
            if let Err(err) = &outcome {
                assert!(!err.0.contains("nested too deeply"), "{name} at {accepted}: {err}");
            }
            let too_deep = nested_source(prefix, open, close, suffix, refused);
            let err = transpile_uncached(&path, &too_deep).expect_err(name);
            eprintln!("{name}: {accepted} levels parsed in {:?}", started.elapsed());
            assert!(err.0.contains("/v/deep.") && err.0.contains("nested too deeply"), "{name}: {err}");
        }
    }

    #[test]
    fn module_size_is_limited() {
        let big = format!("export default 1;\n//{}", "x".repeat(MAX_MODULE_BYTES));
        let err = transpile_uncached(Path::new("/v/big.ts"), &big).unwrap_err().0;
        assert!(err.starts_with("/v/big.ts: the module is 16.0 MB, over the 16 MB limit"), "{err}");
    }

    /// An empty transpile cache in a folder of its own (`name` keeps the tests apart).
    fn scratch_cache(name: &str) -> (PathBuf, TranspileCache) {
        let dir = std::env::temp_dir().join(format!("omp-host-tcache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = TranspileCache::at(dir.clone());
        (dir, cache)
    }

    #[test]
    fn a_commonjs_module_transpiled_ahead_of_require_is_handed_on_once_without_the_disk() {
        let (dir, cache) = scratch_cache("handed-on");
        let path = Path::new("/v/package.js");
        let source = "exports.answer = 42;";
        let ahead = transpile_ahead_of_require(path, source, &cache, &|| {}).unwrap();
        assert_eq!(ahead.format, ModuleFormat::CommonJs);
        // The disk entry now says something else: what `require` gets shows where it came from.
        let planted = Transpiled {
            code: "exports.other = 1;".into(),
            format: ModuleFormat::CommonJs,
            cjs_exports: None,
        };
        cache.remember(&cache_key(path, source), source, &planted);
        let handed_on = transpile(path, source, &cache).unwrap();
        assert_eq!(handed_on.code, source, "the first require takes the kept module");
        assert_eq!(handed_on.cjs_exports, ahead.cjs_exports);
        assert_eq!(transpile(path, source, &cache).unwrap().code, planted.code, "kept once; then the disk");
        // ES modules are not kept (nothing requires them).
        let esm_path = Path::new("/v/module.js");
        let esm = "export const a = 1;";
        transpile_ahead_of_require(esm_path, esm, &cache, &|| {}).unwrap();
        cache.remember(&cache_key(esm_path, esm), esm, &planted);
        assert_eq!(transpile(esm_path, esm, &cache).unwrap().code, planted.code);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn cache_hit_skips_transpiling() {
        let (dir, cache) = scratch_cache("hit");
        let path = Path::new("/v/cached.ts");
        let source = "export const a: number = 1;";
        let first = transpile(path, source, &cache).unwrap();
        assert!(first.code.contains("= 1"));
        // Replace the entry through the cache: a hit must return the stored text, proving no
        // re-transpile.
        cache.remember(
            &cache_key(path, source),
            source,
            &Transpiled {
                code: "export const a = 2; // from cache".into(),
                format: ModuleFormat::Esm,
                cjs_exports: None,
            },
        );
        let second = transpile(path, source, &cache).unwrap();
        assert!(second.code.contains("from cache"));
        // Different content is a different key.
        let third = transpile(path, "export const a: number = 3;", &cache).unwrap();
        assert!(third.code.contains("= 3"));
        // A CommonJS entry keeps its export list.
        let exports = CjsExports {
            exports: vec!["x".into(), "y".into()],
            reexports: vec!["./z".into()],
        };
        let cjs = Transpiled {
            code: "module.exports = {};\n// line two".into(),
            format: ModuleFormat::CommonJs,
            cjs_exports: Some(exports.clone()),
        };
        cache.remember("cjs-key", "its source", &cjs);
        let back = cache.lookup("cjs-key", "its source").unwrap();
        assert_eq!((back.code, back.format, back.cjs_exports), (cjs.code, ModuleFormat::CommonJs, Some(exports)));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn plain_javascript_is_cached_without_a_second_copy_of_its_code() {
        let (dir, cache) = scratch_cache("plain");
        let path = Path::new("/v/package.js");
        let source = format!("exports.answer = 42;\n// {}\n", "padding ".repeat(20_000));
        let first = transpile(path, &source, &cache).unwrap();
        assert_eq!((first.code.as_str(), first.format), (source.as_str(), ModuleFormat::CommonJs));
        let key = cache_key(path, &source);
        let entry = cache.store().get(&key).expect("an entry");
        assert!(entry.len() < 200, "the entry holds the format and exports, not the code: {} bytes", entry.len());
        let back = cache.lookup(&key, &source).unwrap();
        assert_eq!((back.code, back.format, back.cjs_exports), (source.clone(), first.format, first.cjs_exports));
        // Transpiled TypeScript still keeps its code.
        let ts_path = Path::new("/v/typed.ts");
        let typed = "export const a: number = 1;";
        transpile(ts_path, typed, &cache).unwrap();
        let ts_entry = cache.store().get(&cache_key(ts_path, typed)).unwrap();
        assert!(String::from_utf8_lossy(&ts_entry).contains("export const a = 1"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
