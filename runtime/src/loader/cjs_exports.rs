//! The named exports an ES module sees when it imports a CommonJS module, found as Node finds
//! them: the module's own statically detected exports (transpile.rs, deno_ast's analysis) plus,
//! recursively, the exports of the modules it re-exports (`module.exports = require("./x")`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::resolve::{self, Resolved};
use super::transpile::{self, CjsExports, ModuleFormat, TranspileCache};

/// How deep re-export chains are followed (cjs-module-lexer users stop at cycles; this also
/// bounds pathological chains).
const MAX_DEPTH: usize = 16;

/// Every name `exports` (of the module at `path`) makes importable, without `default`.
pub(crate) fn named_exports(path: &Path, exports: &CjsExports, cache: &TranspileCache) -> Vec<String> {
    let mut names = Vec::new();
    let mut seen_files = HashSet::from([path.to_path_buf()]);
    collect(path, exports, cache, &mut names, &mut seen_files, 0);
    names
}

fn collect(path: &Path, exports: &CjsExports, cache: &TranspileCache, names: &mut Vec<String>, seen: &mut HashSet<PathBuf>, depth: usize) {
    for name in &exports.exports {
        if name != "default" && !names.contains(name) {
            names.push(name.clone());
        }
    }
    if depth >= MAX_DEPTH {
        return;
    }
    let dir = path.parent().unwrap_or(Path::new("/"));
    for specifier in &exports.reexports {
        let Ok(Resolved::File(target)) = resolve::resolve_as(specifier, dir, resolve::Importer::Require) else {
            continue;
        };
        if !seen.insert(target.clone()) {
            continue;
        }
        let Ok(text) = transpile::read_module_source(&target) else { continue };
        let Ok(out) = transpile::transpile(&target, text.strip_prefix('\u{feff}').unwrap_or(&text), cache) else {
            continue;
        };
        if let (ModuleFormat::CommonJs, Some(inner)) = (out.format, out.cjs_exports.as_ref()) {
            collect(&target, inner, cache, names, seen, depth + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_reexports_across_files_and_stops_at_cycles() {
        let dir = std::env::temp_dir().join(format!("omp-host-cjs-exports-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        std::fs::write(dir.join("index.js"), "module.exports = require('./lib/impl');").unwrap();
        std::fs::write(dir.join("lib/impl.js"), "exports.highlight = function () {}; exports.default = 1; Object.defineProperty(exports, 'fromGetter', { enumerable: true, get() { return 2; } }); __exportStar(require('../index'));").unwrap();
        let cache = TranspileCache::disabled();
        let text = std::fs::read_to_string(dir.join("index.js")).unwrap();
        let out = transpile::transpile(&dir.join("index.js"), &text, &cache).unwrap();
        assert_eq!(out.cjs_exports.as_ref().unwrap().reexports, vec!["./lib/impl".to_string()]);
        let names = named_exports(&dir.join("index.js"), out.cjs_exports.as_ref().unwrap(), &cache);
        assert_eq!(names, vec!["fromGetter".to_string(), "highlight".to_string()]);
        let _ = std::fs::remove_dir_all(dir);
    }
}
