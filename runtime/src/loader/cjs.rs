//! Runs CommonJS modules (`module.exports = fn`, `require("./x")`) inside the ES module
//! graph: the code is wrapped in Node's function wrapper, literal `require` targets are
//! imported ahead of it, `module.exports` becomes the default export, and the names the
//! module was found to export (cjs_exports.rs) become named exports holding
//! `module.exports[name]` once it has run, as in Node. The wrapper prefix stays on the first
//! line so every other line keeps its number for stack traces.

use std::path::Path;

use regex::Regex;

/// String-literal `require("…")` targets in `code`, in order of appearance, without repeats.
pub fn literal_requires(code: &str) -> Vec<String> {
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

/// Wraps CommonJS `code` from `path`; `deps` are (specifier as written, module URL) pairs that
/// resolved and are imported up front so `require` can return them synchronously; `names` are
/// its named exports.
pub fn wrap_commonjs(code: &str, path: &Path, deps: &[(String, String)], names: &[String]) -> String {
    let (body, source_map) = split_source_map(code);
    let file = serde_json::to_string(&path.display().to_string()).unwrap();
    let dir = serde_json::to_string(&path.parent().unwrap_or(Path::new("/")).display().to_string()).unwrap();
    let mut out = String::with_capacity(body.len() + 512);
    for (i, (_, url)) in deps.iter().enumerate() {
        out.push_str(&format!("import * as __omp_dep{i} from {};", serde_json::to_string(url).unwrap()));
    }
    out.push_str("import { makeRequire as __omp_makeRequire } from \"omp:/host/cjs\";");
    out.push_str("const __omp_deps = {");
    for (i, (spec, url)) in deps.iter().enumerate() {
        out.push_str(&format!("{}: [__omp_dep{i}, {}],", serde_json::to_string(spec).unwrap(), serde_json::to_string(url).unwrap()));
    }
    out.push_str("};");
    out.push_str(&format!(
        "const module = {{ exports: {{}}, id: {file}, filename: {file}, loaded: false, children: [], paths: [] }};\
         const __omp_require = __omp_makeRequire({file}, __omp_deps);\
         (function (exports, require, module, __filename, __dirname) {{"
    ));
    out.push_str(body);
    out.push_str(&format!(
        "\n}}).call(module.exports, module.exports, __omp_require, module, {file}, {dir});\n\
         module.loaded = true;\n\
         export const __ompCommonJs = true;\n\
         export default module.exports;\n"
    ));
    if !names.is_empty() {
        out.push_str("const __omp_exported = module.exports ?? {};\n");
        for (i, name) in names.iter().filter(|n| n.as_str() != "__ompCommonJs").enumerate() {
            let quoted = serde_json::to_string(name).unwrap();
            out.push_str(&format!("const __omp_named{i} = __omp_exported[{quoted}];\nexport {{ __omp_named{i} as {quoted} }};\n"));
        }
    }
    if let Some(map) = source_map {
        out.push_str(map);
        out.push('\n');
    }
    out
}

/// Splits off a trailing `//# sourceMappingURL=` line so it can stay the file's last line.
fn split_source_map(code: &str) -> (&str, Option<&str>) {
    match code.rfind("\n//# sourceMappingURL=") {
        Some(at) => (&code[..at], Some(code[at + 1..].trim_end())),
        None => (code, None),
    }
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
    fn wrapper_keeps_line_numbers_and_source_map_last() {
        let code = "line1();\nline2();\n//# sourceMappingURL=data:application/json;base64,AAA";
        let out = wrap_commonjs(code, Path::new("/t/x.cjs"), &[("./a".into(), "file:///t/a.js".into())], &["run".into(), "not-an-identifier".into()]);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].ends_with("line1();") && lines[0].contains("import * as __omp_dep0 from \"file:///t/a.js\""));
        assert_eq!(lines[1], "line2();");
        assert!(lines.last().unwrap().starts_with("//# sourceMappingURL="));
        assert!(out.contains("export default module.exports;"));
        assert!(out.contains("export { __omp_named0 as \"run\" };") && out.contains("as \"not-an-identifier\" };"), "{out}");
    }
}
