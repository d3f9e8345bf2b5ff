//! The CommonJS files reachable from one CommonJS module through string-literal `require`s,
//! and what they need loaded before any of them runs: CommonJS itself is run by the host's
//! synchronous `require` (ext/host/cjs.js, one module cache as in Node, so require cycles work),
//! but Node built-ins, host packages and ES modules are ES modules that must be imported ahead.

use std::collections::{HashSet, VecDeque};
use std::path::{Path, PathBuf};

use super::cjs::literal_requires;
use super::native_addon;
use super::resolve::{self, Resolved};
use super::transpile::{self, ModuleFormat, TranspileCache};

/// How many CommonJS files one scan follows at most (a bound, not a limit real packages meet).
const MAX_FILES: usize = 20_000;

/// An ES module the CommonJS graph requires: its URL to import, and the key `require` finds
/// it by (the file path for files, the URL for host modules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EsmDependency {
    pub url: String,
    pub key: String,
}

/// Everything the CommonJS graph below `entry` requires that is an ES module.
pub(crate) fn esm_dependencies(entry: &Path, entry_code: &str, cache: &TranspileCache) -> Vec<EsmDependency> {
    let mut found: Vec<EsmDependency> = Vec::new();
    let mut seen_files: HashSet<PathBuf> = HashSet::from([entry.to_path_buf()]);
    let mut queue: VecDeque<(PathBuf, String)> = VecDeque::from([(entry.to_path_buf(), entry_code.to_string())]);
    while let Some((file, code)) = queue.pop_front() {
        let dir = file.parent().unwrap_or(Path::new("/")).to_path_buf();
        for specifier in literal_requires(&code) {
            let Ok(resolved) = resolve::resolve_as(&specifier, &dir, resolve::Importer::Require) else {
                continue;
            };
            let dependency = match resolved {
                Resolved::Virtual(url) => EsmDependency { key: url.clone(), url },
                Resolved::File(path) => {
                    if native_addon::is_native_addon(&path) || path.extension().is_some_and(|e| e == "json") || seen_files.contains(&path) {
                        continue;
                    }
                    seen_files.insert(path.clone());
                    let Ok(text) = super::transpile::read_module_source(&path) else { continue };
                    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
                    let Ok(out) = transpile::transpile_ahead_of_require(&path, text, cache, &|| {}) else {
                        continue;
                    };
                    if out.format == ModuleFormat::CommonJs {
                        if seen_files.len() < MAX_FILES {
                            queue.push_back((path, out.code));
                        }
                        continue;
                    }
                    let Ok(url) = super::file_url(&path) else { continue };
                    EsmDependency {
                        url: url.to_string(),
                        key: path.display().to_string(),
                    }
                }
            };
            if !found.contains(&dependency) {
                found.push(dependency);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_commonjs_and_collects_builtins_and_es_modules() {
        let dir = std::env::temp_dir().join(format!("omp-host-cjs-graph-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.js"), "const b = require('./b'); const fs = require('node:fs'); module.exports = b;").unwrap();
        std::fs::write(
            dir.join("b.js"),
            "const a = require('./a'); const m = require('./m.mjs'); const d = require('./data.json'); exports.x = 1;",
        )
        .unwrap();
        std::fs::write(dir.join("m.mjs"), "export const y = 2;").unwrap();
        std::fs::write(dir.join("data.json"), "{}").unwrap();
        let cache = TranspileCache::disabled();
        let code = std::fs::read_to_string(dir.join("a.js")).unwrap();
        let deps = esm_dependencies(&dir.join("a.js"), &code, &cache);
        let keys: Vec<&str> = deps.iter().map(|d| d.key.as_str()).collect();
        assert_eq!(keys, vec!["omp:/node/fs", dir.join("m.mjs").to_str().unwrap()]);
        assert!(deps[1].url.starts_with("file:///"));
    }
}
