//! Turns a module's source into JavaScript the engine can run: TypeScript gets swc's full
//! transform (enums, parameter properties, namespaces, `satisfies`…) through deno_ast, with an
//! inline source map so errors point at the original `.ts` line. A CommonJS module's named
//! exports are found statically with deno_ast's CommonJS analysis (the rules of Node's
//! cjs-module-lexer), so `import { x } from "cjs-package"` works. Results are cached on disk,
//! keyed by a hash of the file's path and contents, so a second start skips transpiling.

use std::path::{Path, PathBuf};

use deno_ast::{MediaType, ModuleSpecifier, ParseParams, SourceMapOption};
use sha2::{Digest, Sha256};

/// Bump when the transform or its options change, so old cache entries are ignored.
const TRANSFORM_VERSION: &str = "omp-host-transpile-v2";

/// How a module exposes its exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModuleFormat {
    Esm,
    CommonJs,
}

/// JavaScript ready to run, and whether it is an ES module or CommonJS.
#[derive(Debug, Clone)]
pub struct Transpiled {
    pub code: String,
    pub format: ModuleFormat,
    /// For CommonJS: the names it exports and the specifiers it re-exports.
    pub cjs_exports: Option<CjsExports>,
}

/// What a CommonJS module exports, as cjs-module-lexer would report it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CjsExports {
    pub exports: Vec<String>,
    /// Specifiers whose exports it passes on (`module.exports = require("./x")`,
    /// `__exportStar(require("y"))`).
    pub reexports: Vec<String>,
}

/// A parse error, already formatted with the file, line and column.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TranspileError(pub String);

/// The on-disk cache of transpiled modules (`None` disables caching).
#[derive(Debug, Clone)]
pub struct TranspileCache {
    dir: Option<PathBuf>,
}

impl TranspileCache {
    pub fn at(dir: PathBuf) -> Self {
        TranspileCache { dir: Some(dir) }
    }

    pub fn disabled() -> Self {
        TranspileCache { dir: None }
    }

    fn entry(&self, key: &str, format: ModuleFormat) -> Option<PathBuf> {
        let tag = match format {
            ModuleFormat::Esm => "esm",
            ModuleFormat::CommonJs => "cjs",
        };
        self.dir.as_ref().map(|d| d.join(format!("{key}.{tag}.js")))
    }

    fn lookup(&self, key: &str) -> Option<Transpiled> {
        [ModuleFormat::Esm, ModuleFormat::CommonJs].into_iter().find_map(|format| {
            let path = self.entry(key, format)?;
            let code = std::fs::read_to_string(&path).ok()?;
            let cjs_exports = match format {
                ModuleFormat::Esm => None,
                // A CommonJS entry is only whole with its export list beside it.
                ModuleFormat::CommonJs => Some(serde_json::from_str(&std::fs::read_to_string(exports_entry(&path)).ok()?).ok()?),
            };
            Some(Transpiled { code, format, cjs_exports })
        })
    }

    fn store(&self, key: &str, transpiled: &Transpiled) {
        let Some(path) = self.entry(key, transpiled.format) else { return };
        if let Some(exports) = &transpiled.cjs_exports {
            write_atomically(&exports_entry(&path), &serde_json::to_string(exports).unwrap_or_default());
        }
        write_atomically(&path, &transpiled.code);
    }
}

/// The export list stored beside a cached CommonJS module.
fn exports_entry(code_entry: &Path) -> PathBuf {
    code_entry.with_extension("exports.json")
}

/// Writes to a temporary name then renames, so a concurrent reader never sees half a file.
fn write_atomically(path: &Path, text: &str) {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let written = path.parent().map(std::fs::create_dir_all).transpose().is_ok()
        && std::fs::write(&tmp, text).is_ok()
        && std::fs::rename(&tmp, path).is_ok();
    if !written {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// Media types that need swc's TypeScript transform.
fn is_typescript(media: MediaType) -> bool {
    matches!(media, MediaType::TypeScript | MediaType::Mts | MediaType::Cts | MediaType::Tsx | MediaType::Jsx)
}

/// Transpiles (or fetches from the cache) the module at `path` whose text is `source`.
pub fn transpile(path: &Path, source: &str, cache: &TranspileCache) -> Result<Transpiled, TranspileError> {
    let key = cache_key(path, source);
    if let Some(hit) = cache.lookup(&key) {
        return Ok(hit);
    }
    let transpiled = transpile_uncached(path, source)?;
    cache.store(&key, &transpiled);
    Ok(transpiled)
}

fn cache_key(path: &Path, source: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(TRANSFORM_VERSION.as_bytes());
    hasher.update([0]);
    hasher.update(path.as_os_str().as_encoded_bytes());
    hasher.update([0]);
    hasher.update(source.as_bytes());
    hex::encode(&hasher.finalize()[..16])
}

/// Parses and transforms without touching the cache.
pub fn transpile_uncached(path: &Path, source: &str) -> Result<Transpiled, TranspileError> {
    let specifier = ModuleSpecifier::from_file_path(path)
        .map_err(|_| TranspileError(format!("{}: not an absolute path", path.display())))?;
    let media = MediaType::from_path(path);
    let media = if media == MediaType::Unknown { MediaType::JavaScript } else { media };
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
    if !is_typescript(media) {
        // Plain JavaScript runs as it is; its lines are already the original ones.
        let cjs_exports = (format == ModuleFormat::CommonJs).then(|| analyze(&parsed));
        return Ok(Transpiled { code: source.to_string(), format, cjs_exports });
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
            &deno_ast::TranspileModuleOptions { module_kind: Some(module_kind) },
            &deno_ast::EmitOptions { source_map: SourceMapOption::Inline, inline_sources: false, ..Default::default() },
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
            .map(|parsed| analyze(&parsed))
            .unwrap_or_default(),
        ),
    };
    Ok(Transpiled { code: emitted.text, format, cjs_exports })
}

/// A CommonJS module's exports and re-exports (deno_ast's port of cjs-module-lexer's rules).
fn analyze(parsed: &deno_ast::ParsedSource) -> CjsExports {
    let analysis = parsed.analyze_cjs();
    CjsExports { exports: analysis.exports, reexports: analysis.reexports }
}

/// `.cjs`/`.cts` are CommonJS; `.mjs`/`.mts` are ES modules; otherwise a file with no
/// `import`/`export` that uses `module.exports`, `exports.` or `require(` is CommonJS.
fn detect_format(path: &Path, parsed: &deno_ast::ParsedSource, source: &str) -> ModuleFormat {
    match path.extension().and_then(|e| e.to_str()) {
        Some("cjs" | "cts") => return ModuleFormat::CommonJs,
        Some("mjs" | "mts") => return ModuleFormat::Esm,
        _ => {}
    }
    let looks_commonjs = source.contains("module.exports") || source.contains("exports.") || source.contains("require(");
    if parsed.compute_is_script() && looks_commonjs {
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
        assert!(out.code.contains("Color[Color[\"Green\"] = 1]") || out.code.contains("Color[\"Green\"] = 1"), "{}", out.code);
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

    #[test]
    fn cache_hit_skips_transpiling() {
        let dir = std::env::temp_dir().join(format!("omp-host-tcache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = TranspileCache::at(dir.clone());
        let path = Path::new("/v/cached.ts");
        let first = transpile(path, "export const a: number = 1;", &cache).unwrap();
        let entry = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
        // Poison the entry: a hit must return the stored text, proving no re-transpile.
        std::fs::write(&entry, "export const a = 2; // from cache").unwrap();
        let second = transpile(path, "export const a: number = 1;", &cache).unwrap();
        assert!(first.code.contains("= 1") && second.code.contains("from cache"));
        // Different content is a different key.
        let third = transpile(path, "export const a: number = 3;", &cache).unwrap();
        assert!(third.code.contains("= 3"));
    }
}
