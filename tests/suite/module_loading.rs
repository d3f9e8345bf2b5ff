//! Module loading: TypeScript transform, module kinds, import forms, CommonJS, the transpile
//! cache, and errors that point at the original `.ts` line.
use crate::common::*;

#[test]
fn typescript_gets_a_full_transform() {
    let sb = Sandbox::new("ts-transform");
    sb.write(
        "project/.omp/tools/ts.ts",
        r#"enum Level { Low = 1, High }
const enum Fixed { A = 7 }
namespace Geo { export const pi = 3; export namespace Inner { export const e = 2; } }
class Box { constructor(private readonly width: number, public height = 2) {} area(): number { return this.width * this.height; } }
const cfg = { mode: "x" } satisfies Record<string, string>;
const tuple = [1, "a"] as const;
function decorated<T extends object>(v: T): T { return v; }
export default (pi: any) => ({
  name: "ts", label: "ts", description: "d", parameters: { type: "object" },
  async execute(): Promise<any> {
    const parts = [Level.High, Level[2], Fixed.A, Geo.pi + Geo.Inner.e, new Box(3).area(), cfg.mode, tuple.length, decorated({ k: 1 }).k];
    return { content: [{ type: "text", text: parts.join(",") }] };
  },
});
"#,
    );
    let (code, out, err) = sb.call("ts", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "2,High,7,5,6,x,2,1");
}

#[test]
fn every_module_kind_loads() {
    let sb = Sandbox::new("kinds");
    sb.write("project/.omp/tools/a.ts", &tool_source("a_ts", "'ts'"));
    sb.write("project/.omp/tools/b.mts", &tool_source("b_mts", "'mts'"));
    sb.write("project/.omp/tools/c.js", &tool_source("c_js", "'js'"));
    sb.write("project/.omp/tools/d.mjs", &tool_source("d_mjs", "'mjs'"));
    sb.write(
        "project/.omp/tools/e.cjs",
        "module.exports = () => ({ name: 'e_cjs', label: 'e', description: 'd', parameters: {}, execute: async () => ({ content: [{ type: 'text', text: 'cjs' }] }) });",
    );
    let names = sb.tool_names(&[]);
    for name in ["a_ts", "b_mts", "c_js", "d_mjs", "e_cjs"] {
        assert!(names.contains(&name.to_string()), "{name} missing from {names:?}");
    }
    assert_eq!(sb.call("e_cjs", "{}", &[]).1.trim(), "cjs");
    assert_eq!(sb.call("b_mts", "{}", &[]).1.trim(), "mts");
}

#[test]
fn relative_imports_json_dynamic_import_and_import_meta() {
    let sb = Sandbox::new("imports");
    sb.write(
        "project/.omp/tools/multi/index.ts",
        r#"import { a } from "./lib/a.js";
import { b } from "./lib/b";
import { c } from "./lib/c.ts";
import { d } from "./lib/sub";
import data from "./lib/data.json";
export default async () => {
  const lazy = await import("./lib/lazy.js");
  return { name: "multi", label: "m", description: "d", parameters: {}, async execute() {
    const meta = [import.meta.url.startsWith("file://"), import.meta.filename.endsWith("index.ts"), import.meta.dirname === import.meta.dir, import.meta.path === import.meta.filename];
    return { content: [{ type: "text", text: [a, b, c, d, data.n, lazy.value, ...meta].join(" ") }] };
  } };
};
"#,
    );
    sb.write("project/.omp/tools/multi/lib/a.ts", "export const a: string = 'A';");
    sb.write("project/.omp/tools/multi/lib/b.ts", "export const b = 'B';");
    sb.write("project/.omp/tools/multi/lib/c.ts", "export const c = 'C';");
    sb.write("project/.omp/tools/multi/lib/sub/index.ts", "export const d = 'D';");
    sb.write("project/.omp/tools/multi/lib/data.json", r#"{"n": 5}"#);
    sb.write("project/.omp/tools/multi/lib/lazy.ts", "export const value = 'L';");
    let (code, out, err) = sb.call("multi", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "A B C D 5 L true true true true");
}

#[test]
fn commonjs_modules_and_relative_require() {
    let sb = Sandbox::new("cjs");
    sb.write(
        "project/.omp/tools/legacy/index.js",
        "const { greet } = require('./helper');\nconst conf = require('./conf.json');\nconst path = require('path');\nconst topThis = this === module.exports;\nmodule.exports = function (pi) { return { name: 'legacy', label: 'l', description: 'd', parameters: {}, execute: async () => ({ content: [{ type: 'text', text: greet(conf.who) + ' ' + path.basename(__filename) + ' ' + typeof module + ' ' + topThis }] }) }; };\n",
    );
    sb.write("project/.omp/tools/legacy/helper.js", "exports.greet = (who) => 'hi ' + who;\n");
    sb.write("project/.omp/tools/legacy/conf.json", r#"{"who": "ann"}"#);
    let (code, out, err) = sb.call("legacy", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "hi ann index.js object true");
}

#[test]
fn transpiled_output_is_cached_by_content() {
    use omp_host::{cache_key, transpile_uncached, TranspileCache};
    let sb = Sandbox::new("cache");
    let v1 = tool_source("cached", "'v1' as string");
    let tool = sb.write("project/.omp/tools/cached.ts", &v1);
    assert_eq!(sb.call("cached", "{}", &[]).1.trim(), "v1");
    let dir = sb.cache_dir().join("transpiled");
    // Transpiled modules (V8's code cache, `v8-code-*`, lives in the same store).
    let entries = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(&dir)
            .expect("cache dir exists")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "entry") && !p.file_name().unwrap().to_string_lossy().starts_with("v8-code-"))
            .collect()
    };
    assert_eq!(entries().len(), 1, "one cached module: {:?}", entries());
    // A second start reads the cache instead of transpiling: an entry written through the
    // cache (which signs it) shows through.
    let planted = transpile_uncached(&tool, &tool_source("cached", "'from-cache'")).unwrap();
    TranspileCache::at(dir.clone()).remember(&cache_key(&tool, &v1), &v1, &planted);
    assert_eq!(sb.call("cached", "{}", &[]).1.trim(), "from-cache");
    // An entry changed behind the cache's back is not trusted: the module is transpiled again.
    let entry = entries().pop().unwrap();
    let tampered = std::fs::read(&entry)
        .unwrap()
        .iter()
        .map(|&b| if b == b'f' { b'F' } else { b })
        .collect::<Vec<u8>>();
    std::fs::write(&entry, tampered).unwrap();
    assert_eq!(sb.call("cached", "{}", &[]).1.trim(), "v1");
    // Changing the source changes the key, so the new text is transpiled.
    std::fs::write(&tool, tool_source("cached", "'v2' as string")).unwrap();
    assert_eq!(sb.call("cached", "{}", &[]).1.trim(), "v2");
    // --no-cache neither reads nor writes it.
    let before = std::fs::read_dir(&dir).unwrap().count();
    std::fs::write(&tool, tool_source("cached", "'v3' as string")).unwrap();
    assert_eq!(sb.call("cached", "{}", &["--no-cache"]).1.trim(), "v3");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), before);
}

#[test]
fn thrown_errors_point_at_the_typescript_line() {
    let sb = Sandbox::new("stack");
    sb.write(
        "project/.omp/tools/thrower.ts",
        "interface Opts { deep: boolean }\ntype Alias = string;\nexport default () => ({\n  name: 'thrower', label: 't', description: 'd', parameters: {},\n  async execute(id: string, params: Opts): Promise<never> {\n    const label: Alias = 'x';\n    throw new Error('exploded ' + label);\n  },\n});\n",
    );
    let (code, out, err) = sb.call("thrower", "{}", &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("exploded x"), "{out}");
    assert!(out.contains("thrower.ts:7:"), "expected the .ts line 7 in: {out}");
}

#[test]
fn load_errors_point_at_the_typescript_line() {
    let sb = Sandbox::new("loadstack");
    sb.write(
        "project/.omp/tools/bad-factory.ts",
        "type T = { a: number };\nconst v: T = { a: 1 };\nexport default function (pi: unknown): never {\n  throw new TypeError(`factory failed ${v.a}`);\n}\n",
    );
    sb.write("project/.omp/tools/bad-syntax.ts", "const ok = 1;\nconst broken: number = ;\n");
    let list = sb.list_json(&[]);
    let errors = list["errors"].as_array().unwrap();
    let factory = errors.iter().find(|e| e["path"].as_str().unwrap().ends_with("bad-factory.ts")).unwrap();
    assert_eq!(factory["error"], "Failed to load tool: factory failed 1");
    assert_eq!(factory["location"]["line"], 4);
    let syntax = errors.iter().find(|e| e["path"].as_str().unwrap().ends_with("bad-syntax.ts")).unwrap();
    assert!(syntax["error"].as_str().unwrap().starts_with("Failed to load tool: "), "{syntax}");
    assert_eq!(syntax["location"]["line"], 2, "{syntax}");
}

/// The CommonJS export patterns real packages use (hand-written, TypeScript's and Babel's
/// emit, esbuild's hint, re-exports across files), imported by name from an ES module.
const CJS_PACKAGES: &[(&str, &str)] = &[
    ("node_modules/plain/package.json", r#"{"name":"plain","main":"index.js"}"#),
    ("node_modules/plain/index.js", "exports.highlight = (s) => `<${s}>`;\nexports.version = '1.2.3';\nmodule.exports.extra = 42;\n"),
    ("node_modules/objlit/package.json", r#"{"name":"objlit","main":"main.js"}"#),
    ("node_modules/objlit/main.js", "function a() { return 'a'; }\nconst b = 2;\nmodule.exports = { a, b, 'not-ident': 3 };\n"),
    ("node_modules/tsemit/package.json", r#"{"name":"tsemit"}"#),
    (
        "node_modules/tsemit/index.js",
        "\"use strict\";\nvar __createBinding = (this && this.__createBinding) || function (o, m, k, k2) { if (k2 === undefined) k2 = k; Object.defineProperty(o, k2, { enumerable: true, get: function() { return m[k]; } }); };\nvar __exportStar = (this && this.__exportStar) || function(m, exports) { for (var p in m) if (p !== \"default\" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p); };\nObject.defineProperty(exports, \"__esModule\", { value: true });\nexports.own = void 0;\nexports.own = 'own';\n__exportStar(require(\"./lib/more\"), exports);\n",
    ),
    ("node_modules/tsemit/lib/more.js", "\"use strict\";\nObject.defineProperty(exports, \"__esModule\", { value: true });\nexports.more = void 0;\nexports.more = 'more';\n"),
    ("node_modules/hinted/package.json", r#"{"name":"hinted","main":"dist/index.cjs"}"#),
    (
        "node_modules/hinted/dist/index.cjs",
        "var exported = {}; exported.alpha = 1; exported.beta = 2;\nmodule.exports = Object.assign(exported, {});\n0 && (module.exports = { alpha, beta });\n",
    ),
    ("node_modules/facade/package.json", r#"{"name":"facade","main":"index.js"}"#),
    ("node_modules/facade/index.js", "module.exports = require('./impl.js');\n"),
    ("node_modules/facade/impl.js", "exports.deep = 'deep';\n"),
];

const CJS_IMPORTER: &str = include_str!("../fixtures/module_loading/cjs_importer.mjs");

#[test]
fn commonjs_packages_can_be_imported_by_name_as_under_node() {
    let sb = Sandbox::new("cjs-named");
    for (path, text) in CJS_PACKAGES {
        sb.write(&format!("project/{path}"), text);
    }
    let tool = sb.write("project/tool.mjs", CJS_IMPORTER);
    let (code, out, err) = sb.call("cjs_named", "{}", &["--tool", &path_str(&tool), "--only"]);
    assert_eq!(code, 0, "{err}");
    let host: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let runner = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-under-node.mjs");
    let node = std::process::Command::new("node")
        .arg(runner)
        .arg(&tool)
        .arg("cjs_named")
        .arg("{}")
        .output()
        .expect("node is installed");
    assert!(node.status.success(), "node: {}", String::from_utf8_lossy(&node.stderr));
    let node: serde_json::Value = serde_json::from_slice(&node.stdout).unwrap();
    assert_eq!(host, node, "named imports from CommonJS differ from Node's");
    assert_eq!(host["plain"][0], "<x>");
    assert_eq!(host["tsemit"], serde_json::json!(["own", "more"]));
    assert_eq!(host["facade"][0], "deep");
}

#[test]
fn native_addons_fail_clearly_and_optional_ones_fall_back() {
    let sb = Sandbox::new("native-addon");
    // An ELF header, so the file is what a real addon starts with (and not UTF-8 text).
    let elf: &[u8] = &[0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0xff, 0xfe, 0, 0];
    for pkg in ["optional-native", "hard-native"] {
        let path = sb.root.join(format!("project/node_modules/{pkg}/build/Release/binding.node"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, elf).unwrap();
        sb.write(
            &format!("project/node_modules/{pkg}/package.json"),
            &format!(r#"{{"name":"{pkg}","version":"1.0.0","main":"index.js"}}"#),
        );
    }
    sb.write(
        "project/node_modules/optional-native/index.js",
        "let native = null;\ntry { native = require('./build/Release/binding.node'); } catch (err) { exports.loadError = { message: err.message, code: err.code }; }\nexports.add = native ? native.add : (a, b) => a + b;\n",
    );
    sb.write(
        "project/node_modules/hard-native/index.js",
        "const native = require('./build/Release/binding');\nexports.add = native.add;\n",
    );
    let optional = sb.write(
        "project/optional.mjs",
        "import { add, loadError } from 'optional-native';\nexport default () => ({ name: 'uses_optional', label: 'o', description: 'd', parameters: { type: 'object', properties: {} }, async execute() { return { content: [{ type: 'text', text: JSON.stringify({ sum: add(2, 3), loadError }) }] }; } });\n",
    );
    let hard = sb.write("project/hard.mjs", "import { add } from 'hard-native';\nexport default () => [];\n");
    let (code, out, err) = sb.call("uses_optional", "{}", &["--tool", &path_str(&optional), "--only"]);
    assert_eq!(code, 0, "{err}");
    let facts: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(facts["sum"], 5, "the package fell back to JavaScript");
    assert_eq!(facts["loadError"]["code"], "ERR_DLOPEN_FAILED");
    let addon = sb.root.join("project/node_modules/optional-native/build/Release/binding.node");
    let requirer = sb.root.join("project/node_modules/optional-native/index.js");
    assert_eq!(
        facts["loadError"]["message"],
        format!(
            "native addons are not supported by omp-host: cannot load {} (required by package optional-native@1.0.0 ({}))",
            addon.display(),
            requirer.display()
        )
    );
    let out = sb.run(&["check", &path_str(&hard)]);
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(!out.status.success());
    assert!(
        text.contains("native addons are not supported by omp-host: cannot load") && text.contains("hard-native/build/Release/binding.node"),
        "{text}"
    );
    assert!(text.contains("required by package hard-native@1.0.0"), "{text}");
    assert!(!text.contains("UTF-8"), "{text}");
}

#[test]
fn commonjs_require_cycles_and_one_instance_per_file_as_under_node() {
    let sb = Sandbox::new("cjs-cycles");
    // semver's shape: two classes that require each other at the bottom of their files.
    sb.write("project/node_modules/cyc/package.json", r#"{"name":"cyc","main":"index.js"}"#);
    sb.write("project/node_modules/cyc/index.js", "const Range = require('./range');\nconst Comparator = require('./comparator');\nmodule.exports = { Range, Comparator, loads: require('./counter').loads };\n");
    sb.write(
        "project/node_modules/cyc/range.js",
        "require('./counter').loads.push('range');\nclass Range { test(v) { return new Comparator(v).ok(); } }\nmodule.exports = Range;\nconst Comparator = require('./comparator');\n",
    );
    sb.write(
        "project/node_modules/cyc/comparator.js",
        "require('./counter').loads.push('comparator');\nconst partial = require('./range');\nclass Comparator { constructor(v) { this.v = v; } ok() { return this.v > 0 && typeof Range === 'function'; } }\nComparator.sawPartialRange = typeof partial;\nmodule.exports = Comparator;\nconst Range = require('./range');\n",
    );
    sb.write("project/node_modules/cyc/counter.js", "exports.loads = [];\n");
    let tool = sb.write(
        "project/tool.mjs",
        "import cyc from 'cyc';\nimport Range from 'cyc/range.js';\nexport default () => ({ name: 'cycles', label: 'c', description: 'd', parameters: { type: 'object', properties: {} }, async execute() { return { content: [{ type: 'text', text: JSON.stringify({ test: new cyc.Range().test(1), partial: cyc.Comparator.sawPartialRange, sameInstance: Range === cyc.Range, loads: cyc.loads }) }] }; } });\n",
    );
    let (code, out, err) = sb.call("cycles", "{}", &["--tool", &path_str(&tool), "--only"]);
    assert_eq!(code, 0, "{err}");
    let host: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let runner = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-under-node.mjs");
    let node = std::process::Command::new("node")
        .arg(runner)
        .arg(&tool)
        .arg("cycles")
        .arg("{}")
        .output()
        .expect("node is installed");
    assert!(node.status.success(), "node: {}", String::from_utf8_lossy(&node.stderr));
    let node: serde_json::Value = serde_json::from_slice(&node.stdout).unwrap();
    assert_eq!(host, node);
    assert_eq!(
        host,
        serde_json::json!({ "test": true, "partial": "function", "sameInstance": true, "loads": ["range", "comparator"] })
    );
}

/// An ES module that uses `require`, `__dirname` or `__filename` without declaring them gets
/// them, as Bun (omp) and pi's loader give them: turndown's ESM build calls `require`.
/// Fixture: tests/fixtures/module_loading/esm_require/ (the package goes to node_modules).
#[test]
fn es_modules_get_require_dirname_and_filename() {
    let sb = Sandbox::new("esm-require");
    let fixture = |name: &str| std::fs::read_to_string(format!("{}/tests/fixtures/module_loading/esm_require/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    sb.write("project/.omp/tools/esm_require/index.ts", &fixture("tool.ts"));
    sb.write("project/.omp/tools/esm_require/local.cjs", &fixture("local.cjs"));
    for file in ["package.json", "esm.js", "cjs.js", "helper.cjs"] {
        sb.write(
            &format!("project/.omp/tools/esm_require/node_modules/dual-build/{file}"),
            &fixture(&format!("dual-build/{file}")),
        );
    }
    let (code, out, err) = sb.call("esm_require", "{}", &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.trim(), "hello pi true true cjs-sibling");
}

/// As in Node, a module's imports resolve from its real place too: an extension folder linked
/// into a tool folder finds the dependencies installed beside its real folder (hoisted by npm).
#[cfg(unix)]
#[test]
fn a_linked_module_folder_finds_packages_beside_its_real_place() {
    let sb = Sandbox::new("linked-module");
    sb.write(
        "deps/node_modules/shout/package.json",
        r#"{"name": "shout", "type": "module", "exports": "./index.js"}"#,
    );
    sb.write("deps/node_modules/shout/index.js", "export const shout = (s) => s.toUpperCase() + '!';");
    sb.write(
        "deps/node_modules/linked-tool/index.ts",
        &format!("import {{ shout }} from \"shout\";\n{}", tool_source("t", "shout('hi')")),
    );
    std::fs::create_dir_all(sb.project.join(".omp/tools")).unwrap();
    std::os::unix::fs::symlink(sb.root.join("deps/node_modules/linked-tool"), sb.project.join(".omp/tools/linked-tool")).unwrap();
    let (code, out, err) = sb.call("t", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "HI!"), "stderr: {err}");
}
