//! V8's code cache: compiling a tool module and the CommonJS file it requires leaves code
//! cache entries beside the transpiled code; the next start uses them and still answers the
//! same; a damaged entry is ignored (the store verifies every read); `--no-cache` keeps none.
//! Large CommonJS packages, compiled ahead on a first start, run the same on the first start
//! and the next.
use crate::common::*;

fn code_entries(sb: &Sandbox) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(sb.cache_dir())
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("v8-code-"))
        .map(|e| e.into_path())
        .collect()
}

fn tool(sb: &Sandbox) {
    sb.write(
        "project/.omp/tools/t.ts",
        "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport default () => ({ name: 't', label: 't', description: 'd', parameters: { type: 'object' }, async execute() { return { content: [{ type: 'text', text: String(require('./lib.cjs').x) }] }; } });",
    );
    sb.write("project/.omp/tools/lib.cjs", "module.exports = { x: 6 * 7 };");
}

#[test]
fn compiled_code_is_kept_and_used_again() {
    if !cfg!(feature = "v8") {
        return;
    }
    let sb = Sandbox::new("code-cache");
    tool(&sb);
    let (code, out, err) = sb.call("t", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "42"), "{err}");
    let entries = code_entries(&sb);
    assert!(entries.len() >= 2, "the module and the CommonJS file each leave an entry: {entries:?}");
    let (code, out, _) = sb.call("t", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "42"));
    for entry in &entries {
        std::fs::write(entry, b"not what was stored").unwrap();
    }
    let (code, out, err) = sb.call("t", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "42"), "a damaged entry is a miss: {err}");
}

#[test]
fn no_cache_keeps_no_compiled_code() {
    let sb = Sandbox::new("code-cache-off");
    tool(&sb);
    let (code, out, _) = sb.call("t", "{}", &["--no-cache"]);
    assert_eq!((code, out.trim()), (0, "42"));
    assert!(code_entries(&sb).is_empty());
}

/// A CommonJS package large enough to be compiled ahead (over 512 KiB), imported by one tool
/// (through its facade module) and required by another (through `require`).
fn large_package_tools(sb: &Sandbox) {
    let filler: String = (0..16_000).map(|i| format!("function helper{i}(a) {{ return a + {i}; }}\n")).collect();
    for name in ["imported", "required"] {
        sb.write(
            &format!("project/.omp/tools/node_modules/{name}-pkg/index.js"),
            &format!("{filler}exports.answer = helper2(40);\nexports.lines = __filename.endsWith('index.js');\n"),
        );
    }
    sb.write(
        "project/.omp/tools/imported.ts",
        "import { answer, lines } from 'imported-pkg';\nexport default () => ({ name: 'imported', label: 'i', description: 'd', parameters: { type: 'object' }, async execute() { return { content: [{ type: 'text', text: `${answer} ${lines}` }] }; } });",
    );
    sb.write(
        "project/.omp/tools/required.ts",
        "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport default () => ({ name: 'required', label: 'r', description: 'd', parameters: { type: 'object' }, async execute() { const { answer, lines } = require('required-pkg'); return { content: [{ type: 'text', text: `${answer} ${lines}` }] }; } });",
    );
}

#[test]
fn a_large_commonjs_package_runs_the_same_on_its_first_start_and_the_next() {
    let sb = Sandbox::new("code-cache-large");
    large_package_tools(&sb);
    for start in ["first", "next"] {
        for tool in ["imported", "required"] {
            let (code, out, err) = sb.call(tool, "{}", &[]);
            assert_eq!((code, out.trim()), (0, "42 true"), "{tool} on the {start} start: {err}");
        }
    }
    if cfg!(feature = "v8") {
        assert!(code_entries(&sb).len() >= 4, "both packages and both tools have compiled code kept");
    }
}
