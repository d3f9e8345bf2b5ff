//! CommonJS modules in the ES module graph. An ES module that imports a CommonJS file gets a
//! small facade module: it imports what the CommonJS graph below needs as ES modules (Node
//! built-ins, host packages, `.mjs` files; see cjs_graph.rs), then runs the file through the
//! host's synchronous `require` (ext/host/cjs.js), whose single module cache gives Node's
//! semantics (one instance per file, partial exports inside require cycles). `module.exports`
//! is the default export, and the names the module was found to export (cjs_exports.rs) are
//! named exports holding `module.exports[name]` once it has run, as in Node.

use std::path::Path;

use regex::Regex;

use super::cjs_graph::EsmDependency;

/// String-literal `require("…")` targets in `code`, in order of appearance, without repeats.
pub(crate) fn literal_requires(code: &str) -> Vec<String> {
    static PATTERN: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let pattern = PATTERN.get_or_init(|| Regex::new(r#"\brequire\s*\(\s*(?:"([^"\n]+)"|'([^'\n]+)')\s*\)"#).unwrap());
    let mut found: Vec<String> = Vec::new();
    for caps in pattern.captures_iter(code) {
        let spec = caps.get(1).or_else(|| caps.get(2)).unwrap().as_str().to_string();
        if !found.contains(&spec) {
            found.push(spec);
        }
    }
    found
}

/// `code` as `require` compiles it: a function expression of Node's module parameters. The
/// wrapper's head stays on the first line, so every other line keeps its number.
pub(crate) fn commonjs_wrapper(code: &str) -> String {
    const HEAD: &str = "(function (exports, require, module, __filename, __dirname) {";
    const TAIL: &str = "\n})";
    let mut wrapped = String::with_capacity(HEAD.len() + code.len() + TAIL.len());
    wrapped.push_str(HEAD);
    wrapped.push_str(code);
    wrapped.push_str(TAIL);
    wrapped
}

/// The URL `require` compiles the file at `path` under (ext/host/cjs.js: `file://` and the path).
pub(crate) fn require_url(path: &Path) -> Option<deno_core::ModuleSpecifier> {
    deno_core::resolve_url(&format!("file://{}", path.display())).ok()
}

/// The facade ES module for the CommonJS file at `path`: imports `dependencies`, registers
/// the ES modules among them for `require`, runs the file and exports what it exported. A
/// `reloaded` file runs afresh, with the tool's own CommonJS files beside it (hot reload).
pub(crate) fn facade_module(path: &Path, dependencies: &[EsmDependency], names: &[String], reloaded: bool) -> String {
    let quote = |text: &str| serde_json::to_string(text).unwrap();
    let mut out = String::with_capacity(256 + 96 * (dependencies.len() + names.len()));
    out.push_str("import { requireModule as __omp_requireModule, registerEsm as __omp_registerEsm } from \"omp:/host/cjs\";\n");
    for (i, dependency) in dependencies.iter().enumerate() {
        out.push_str(&format!("import * as __omp_dep{i} from {};\n", quote(&dependency.url)));
    }
    for (i, dependency) in dependencies.iter().enumerate() {
        out.push_str(&format!("__omp_registerEsm({}, __omp_dep{i});\n", quote(&dependency.key)));
    }
    out.push_str(&format!(
        "const __omp_exported = __omp_requireModule({}, {reloaded});\nexport const __ompCommonJs = true;\nexport default __omp_exported;\n",
        quote(&path.display().to_string())
    ));
    for (i, name) in names.iter().filter(|n| n.as_str() != "__ompCommonJs").enumerate() {
        let quoted = quote(name);
        out.push_str(&format!(
            "const __omp_named{i} = __omp_exported?.[{quoted}];\nexport {{ __omp_named{i} as {quoted} }};\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_literal_requires_once_each() {
        let code = "const a = require('./a'); const b = require(\"node:fs\"); require('./a'); require(x); require.resolve('y');";
        assert_eq!(literal_requires(code), vec!["./a".to_string(), "node:fs".to_string()]);
    }

    #[test]
    fn facade_imports_registers_runs_and_exports() {
        let deps = vec![EsmDependency {
            url: "omp:/node/fs".into(),
            key: "omp:/node/fs".into(),
        }];
        let out = facade_module(Path::new("/t/x.cjs"), &deps, &["run".into(), "not-an-identifier".into()], false);
        assert!(out.contains("import * as __omp_dep0 from \"omp:/node/fs\";"), "{out}");
        assert!(out.contains("__omp_registerEsm(\"omp:/node/fs\", __omp_dep0);"), "{out}");
        assert!(out.contains("__omp_requireModule(\"/t/x.cjs\", false)"), "{out}");
        assert!(out.contains("export default __omp_exported;"));
        assert!(
            out.contains("export { __omp_named0 as \"run\" };") && out.contains("as \"not-an-identifier\" };"),
            "{out}"
        );
    }
}
