//! The pi packages extensions import (`@earendil-works/*`, `@mariozechner/*`): the real ones
//! where the extension can resolve them (its node_modules), the host's copies otherwise; and
//! JSON modules imported with `with { type: "json" }`.
use std::path::{Path, PathBuf};

use crate::common::*;

/// A tool `t` whose module starts with `imports` and answers `text_expr`.
fn tool_with_imports(imports: &str, text_expr: &str) -> String {
    format!("{imports}\n{}", tool_source("t", text_expr))
}

/// A minimal package `name` in `project/node_modules`, whose ES entry is `source`.
fn install(sb: &Sandbox, name: &str, source: &str) {
    sb.write(
        &format!("project/node_modules/{name}/package.json"),
        &format!(r#"{{"name": "{name}", "version": "1.6.0", "type": "module", "exports": {{".": "./index.js"}}}}"#),
    );
    sb.write(&format!("project/node_modules/{name}/index.js"), source);
}

fn call_ok(sb: &Sandbox) -> String {
    let (code, out, err) = sb.call("t", "{}", &[]);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    out.trim().to_string()
}

#[test]
fn an_installed_pi_package_serves_its_own_names() {
    let sb = Sandbox::new("pi-pkg-installed");
    install(
        &sb,
        "@earendil-works/pi-tui",
        "export const Key = { up: 'up' }; export const matchesKey = (data, key) => data === '\\x1b[A' && key === 'up';",
    );
    sb.write(
        "project/.omp/tools/t.ts",
        &tool_with_imports("import { matchesKey, Key } from \"@earendil-works/pi-tui\";", "matchesKey('\\x1b[A', Key.up)"),
    );
    assert_eq!(call_ok(&sb), "true");
}

#[test]
fn an_old_scope_name_finds_the_installed_earendil_works_package() {
    // pi maps `@mariozechner/pi-*` to its `@earendil-works/pi-*` packages.
    let sb = Sandbox::new("pi-pkg-renamed");
    install(
        &sb,
        "@earendil-works/pi-tui",
        "export const wrapTextWithAnsi = (text, width) => [text.slice(0, width)];",
    );
    sb.write(
        "project/.omp/tools/t.ts",
        &tool_with_imports(
            "import { wrapTextWithAnsi } from \"@mariozechner/pi-tui\";",
            "wrapTextWithAnsi('abcdef', 3).join()",
        ),
    );
    assert_eq!(call_ok(&sb), "abc");
}

#[test]
fn without_pi_installed_the_host_copies_serve() {
    let sb = Sandbox::new("pi-pkg-fallback");
    sb.write(
        "project/.omp/tools/t.ts",
        &tool_with_imports(
            "import { Text } from \"@earendil-works/pi-tui\"; import { StringEnum } from \"@earendil-works/pi-coding-agent\";",
            "typeof Text + ',' + StringEnum(['a', 'b']).enum",
        ),
    );
    assert_eq!(call_ok(&sb), "function,a,b");
}

#[test]
fn a_json_module_imported_with_attributes_loads() {
    let sb = Sandbox::new("json-attributes");
    sb.write("project/package.json", r#"{"name": "with-attributes", "version": "2.3.4"}"#);
    sb.write(
        "project/.omp/tools/t.ts",
        &tool_with_imports(
            "import pkg from \"../../package.json\" with { type: \"json\" };\nimport again from \"../../package.json\";",
            "pkg.name + '@' + pkg.version + ' ' + again.version",
        ),
    );
    assert_eq!(call_ok(&sb), "with-attributes@2.3.4 2.3.4");
}

#[test]
fn node_fs_glob_sync_finds_matching_paths() {
    // pi-coding-agent's package manager imports it at load time.
    let sb = Sandbox::new("fs-glob");
    sb.write("project/docs/a.md", "a");
    sb.write("project/docs/sub/b.md", "b");
    sb.write("project/docs/sub/c.txt", "c");
    sb.write("project/docs/.hidden/d.md", "d");
    sb.write(
        "project/.omp/tools/t.ts",
        &tool_with_imports(
            "import { globSync } from \"node:fs\";",
            "globSync('docs/**/*.md', { cwd: pi.cwd }).sort().join()",
        ),
    );
    assert_eq!(call_ok(&sb), "docs/a.md,docs/sub/b.md");
}

/// pi 1.6.0's packages as the extension corpus installs them (`tests/extensions/install.mjs`),
/// if they are there.
fn installed_pi() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/extensions/node_modules");
    dir.join("@earendil-works/pi-coding-agent/package.json").is_file().then_some(dir)
}

/// As in pi, an extension's `@earendil-works/pi-ai` is pi's extension view of it, which adds
/// TypeBox's `Type` (pi's own code gets pi-ai as it is).
#[test]
fn the_real_pi_packages_load_when_installed() {
    let Some(modules) = installed_pi() else {
        eprintln!("skipped: pi's packages are not installed (node tests/extensions/install.mjs)");
        return;
    };
    let sb = Sandbox::new("pi-pkg-real");
    std::os::unix::fs::symlink(&modules, sb.project.join("node_modules")).unwrap();
    sb.write(
        "project/.omp/tools/t.ts",
        &tool_with_imports(
            "import { matchesKey, Key, Box, Text } from \"@earendil-works/pi-tui\";\n\
             import { defineTool, truncateHead, DEFAULT_MAX_BYTES } from \"@earendil-works/pi-coding-agent\";\n\
             import { StringEnum } from \"@earendil-works/pi-ai/compat\";\n\
             import { Type } from \"@earendil-works/pi-ai\";",
            "[matchesKey('\\x1b[A', Key.up), typeof Box, new Text('hi').render(10).length > 0, typeof defineTool, \
              DEFAULT_MAX_BYTES, truncateHead('a\\nb\\nc', { maxLines: 2 }).content, StringEnum(['x']).enum, Type.Object({}).type].join('|')",
        ),
    );
    assert_eq!(call_ok(&sb), "true|function|true|function|51200|a\nb|x|object");
}
