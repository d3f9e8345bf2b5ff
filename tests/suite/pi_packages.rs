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

/// pi installed as `npm install -g` lays it out under `prefix`: the package with its `pi`
/// command linked into `bin`, and pi-tui beside it.
#[cfg(unix)]
fn install_pi_globally(prefix: &Path) {
    let modules = prefix.join("lib/node_modules/@earendil-works");
    let package = |name: &str, source: &str| {
        let dir = modules.join(name);
        std::fs::create_dir_all(dir.join("dist")).unwrap();
        let manifest = format!(r#"{{"name": "@earendil-works/{name}", "type": "module", "exports": {{".": "./dist/index.js"}}}}"#);
        std::fs::write(dir.join("package.json"), manifest).unwrap();
        std::fs::write(dir.join("dist/index.js"), source).unwrap();
        dir
    };
    let pi = package(
        "pi-coding-agent",
        "export const defineTool = (tool) => tool; export const DEFAULT_MAX_BYTES = 51200;",
    );
    std::fs::write(pi.join("dist/cli.js"), "").unwrap();
    package("pi-tui", "export const matchesKey = (data, key) => data === '\\x1b[A' && key === 'up';");
    std::fs::create_dir_all(prefix.join("bin")).unwrap();
    std::os::unix::fs::symlink("../lib/node_modules/@earendil-works/pi-coding-agent/dist/cli.js", prefix.join("bin/pi")).unwrap();
}

/// pi gives every extension its own packages; so does the host, from the `pi` on `PATH`, for
/// an extension with no `node_modules` of its own.
#[cfg(unix)]
#[test]
fn the_pi_command_on_path_serves_its_packages_to_an_extension_without_them() {
    let sb = Sandbox::new("pi-pkg-global");
    let prefix = sb.root.join("prefix");
    install_pi_globally(&prefix);
    sb.write(
        "project/.omp/tools/t.ts",
        &tool_with_imports(
            "import { defineTool, DEFAULT_MAX_BYTES } from \"@earendil-works/pi-coding-agent\";\n\
             import { matchesKey } from \"@mariozechner/pi-tui\";",
            "[typeof defineTool, DEFAULT_MAX_BYTES, matchesKey('\\x1b[A', 'up')].join('|')",
        ),
    );
    let path = std::env::join_paths(std::iter::once(prefix.join("bin")).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()))).unwrap();
    let with_pi = sb.command(&["call", "t", "--params", "{}"]).env("PATH", &path).output().unwrap();
    assert_eq!(stdout(&with_pi).trim(), "function|51200|true", "stderr: {}", stderr(&with_pi));

    // Without pi on PATH, the host's small copies serve, and they lack these names (which one
    // the error names first differs between the engines).
    let without = sb.command(&["call", "t", "--params", "{}"]).output().unwrap();
    assert!(
        stderr(&without).contains("small built-in copy served the import"),
        "stdout: {}\nstderr: {}",
        stdout(&without),
        stderr(&without)
    );
}

/// Without pi, a name the host's copy lacks, or a module it has no copy of, is a load error
/// that says why the copy served the import and how to get pi's own package.
#[test]
fn without_pi_a_missing_name_or_module_says_to_install_pi() {
    let sb = Sandbox::new("pi-pkg-missing");
    sb.write(
        "project/.omp/tools/name.ts",
        &tool_with_imports("import { DEFAULT_MAX_BYTES } from \"@earendil-works/pi-coding-agent\";", "DEFAULT_MAX_BYTES"),
    );
    sb.write(
        "project/.omp/tools/module.ts",
        &tool_with_imports("import { StringEnum } from \"@earendil-works/pi-ai/compat\";", "typeof StringEnum"),
    );
    let errors = crate::common::errors_of(&sb.list_json(&[]));
    let error_of = |file: &str| errors.iter().find(|(path, _)| path.ends_with(file)).map(|(_, e)| e.clone()).unwrap_or_default();
    let name = error_of("name.ts");
    assert!(name.contains("does not provide an export named 'DEFAULT_MAX_BYTES'"), "{name}");
    assert!(
        name.contains("small built-in copy served the import") && name.contains("npm install -g @earendil-works/pi-coding-agent"),
        "{name}"
    );
    let module = error_of("module.ts");
    assert!(module.contains("Cannot find module \"@earendil-works/pi-ai/compat\""), "{module}");
    assert!(module.contains("no built-in copy of this module") && module.contains("module.ts:1"), "{module}");
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
