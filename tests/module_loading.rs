//! Module loading: TypeScript transform, module kinds, import forms, CommonJS, the transpile
//! cache, and errors that point at the original `.ts` line.
mod common;
use common::*;

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
    use omp_host::loader::transpile::{cache_key, transpile_uncached, TranspileCache};
    let sb = Sandbox::new("cache");
    let v1 = tool_source("cached", "'v1' as string");
    let tool = sb.write("project/.omp/tools/cached.ts", &v1);
    assert_eq!(sb.call("cached", "{}", &[]).1.trim(), "v1");
    let dir = sb.cache_dir().join("transpiled");
    let entries = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(&dir).expect("cache dir exists").map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "entry")).collect()
    };
    assert_eq!(entries().len(), 1, "one cached module: {:?}", entries());
    // A second start reads the cache instead of transpiling: an entry written through the
    // cache (which signs it) shows through.
    let planted = transpile_uncached(&tool, &tool_source("cached", "'from-cache'")).unwrap();
    TranspileCache::at(dir.clone()).remember(&cache_key(&tool, &v1), &planted);
    assert_eq!(sb.call("cached", "{}", &[]).1.trim(), "from-cache");
    // An entry changed behind the cache's back is not trusted: the module is transpiled again.
    let entry = entries().pop().unwrap();
    let tampered = std::fs::read(&entry).unwrap().iter().map(|&b| if b == b'f' { b'F' } else { b }).collect::<Vec<u8>>();
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
