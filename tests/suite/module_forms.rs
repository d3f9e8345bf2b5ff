//! Module forms and host packages docs/tools.md promises, each exercised by a tool: `.cts`
//! modules, legacy decorators, `createRequire` with `require.resolve`, the
//! `@earendil-works/*` remap, omp's `ToolError`, and `process.exit` inside a call.
use crate::common::*;

#[test]
fn cts_modules_load_as_commonjs_typescript() {
    let sb = Sandbox::new("cts");
    sb.write(
        "project/.omp/tools/legacy.cts",
        "const label: string = 'cts';\nmodule.exports = () => ({ name: 'from_cts', label, description: 'd', parameters: {}, execute: async () => ({ content: [{ type: 'text', text: typeof module + ' ' + label }] }) });\n",
    );
    let (code, out, err) = sb.call("from_cts", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "object cts");
}

#[test]
fn legacy_decorators_run_on_classes_methods_and_parameters() {
    let sb = Sandbox::new("decorators");
    sb.write(
        "project/.omp/tools/decorated.ts",
        r#"const seen: string[] = [];
function sealed(constructor: Function) { seen.push('class:' + constructor.name); }
function logged(target: any, key: string, descriptor: PropertyDescriptor) {
  const original = descriptor.value;
  descriptor.value = function (...args: any[]) { seen.push('call:' + key); return original.apply(this, args); };
}
function tagged(target: any, key: string, index: number) { seen.push('param:' + key + '#' + index); }
@sealed
class Greeter {
  @logged
  greet(@tagged name: string) { return 'hello ' + name; }
}
export default () => ({ name: 'decorated', label: 'd', description: 'd', parameters: {}, async execute() {
  const said = new Greeter().greet('ann');
  return { content: [{ type: 'text', text: said + ' | ' + seen.join(',') }] };
} });
"#,
    );
    let (code, out, err) = sb.call("decorated", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "hello ann | param:greet#0,class:Greeter,call:greet");
}

#[test]
fn create_require_loads_and_resolves_from_the_tool_folder() {
    let sb = Sandbox::new("create-require");
    sb.write("project/.omp/tools/req/lib/helper.cjs", "module.exports = { twice: (n) => n * 2 };\n");
    sb.write(
        "project/.omp/tools/req/node_modules/left-pad/package.json",
        r#"{"name": "left-pad", "main": "index.js"}"#,
    );
    sb.write(
        "project/.omp/tools/req/node_modules/left-pad/index.js",
        "module.exports = (s, n) => String(s).padStart(n, '0');\n",
    );
    sb.write(
        "project/.omp/tools/req/index.ts",
        "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconst { twice } = require('./lib/helper.cjs');\nconst pad = require('left-pad');\nconst where = require.resolve('left-pad');\nexport default () => ({ name: 'req', label: 'r', description: 'd', parameters: {}, execute: async () => ({ content: [{ type: 'text', text: [twice(21), pad(7, 3), where.endsWith('/req/node_modules/left-pad/index.js')].join(' ') }] }) });\n",
    );
    let (code, out, err) = sb.call("req", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "42 007 true");
}

#[test]
fn earendil_works_packages_are_remapped_like_the_other_scopes() {
    let sb = Sandbox::new("earendil");
    sb.write(
        "project/.omp/tools/e.ts",
        "import { Type } from '@earendil-works/pi-ai';\nimport { Text } from '@earendil-works/pi-tui';\nimport * as agent from '@mariozechner/pi-coding-agent';\nexport default () => ({ name: 'earendil', label: 'e', description: 'd', parameters: Type.Object({ n: Type.Number() }), execute: async (id: string, p: { n: number }) => ({ content: [{ type: 'text', text: [p.n, typeof Text, typeof agent.getMarkdownTheme].join(' ') }] }) });\n",
    );
    let (code, out, err) = sb.call("earendil", r#"{"n": 3}"#, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "3 function function");
}

#[test]
fn tool_error_messages_reach_the_model_as_they_are() {
    let sb = Sandbox::new("tool-error");
    sb.write(
        "project/.omp/tools/t.ts",
        "import { ToolError } from '@oh-my-pi/pi-coding-agent/tools/tool-errors';\nexport default () => ({ name: 'fails', label: 'f', description: 'd', parameters: {}, async execute() { throw new ToolError('File not found: notes.md'); } });\n",
    );
    let (code, out, _) = sb.call("fails", "{}", &["--json"]);
    assert_eq!(code, 1);
    let end: serde_json::Value = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|e| e["type"] == "tool_execution_end")
        .unwrap();
    assert_eq!(text(&end["result"]), "File not found: notes.md");
    assert_eq!(end["result"]["isError"], true);
}

#[test]
fn process_exit_inside_a_call_ends_only_that_call() {
    let sb = Sandbox::new("exit-in-call");
    sb.write(
        "project/.omp/tools/t.js",
        "export default () => [\n  { name: 'quitter', label: 'q', description: 'd', parameters: {}, async execute() { process.exit(3); } },\n  { name: 'after', label: 'a', description: 'd', parameters: {}, execute: async () => ({ content: [{ type: 'text', text: 'still serving' }] }) },\n];",
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("q", "quitter", serde_json::json!({}));
    let r = host.result("q");
    assert_eq!(r["isError"], true);
    assert_eq!(text(&r), "process.exit(3) was called; omp-host does not let a tool end the host process");
    host.call("a", "after", serde_json::json!({}));
    assert_eq!(text(&host.result("a")), "still serving");
}

#[test]
fn typebox_1x_from_the_bare_package_and_its_subpaths_is_the_hosts_embedded_copy() {
    let sb = Sandbox::new("typebox-1x");
    // No node_modules anywhere: `typebox` and its subpaths are the host's embedded copy,
    // one copy shared by all of them (a format registered through typebox/format is the
    // one typebox/value and typebox/compile check with).
    sb.write(
        "project/.omp/tools/tb1.ts",
        r#"import { Type, type Static } from "typebox";
import { Value } from "typebox/value";
import { Compile } from "typebox/compile";
import { Format } from "typebox/format";
import { System } from "typebox/system";
import { IsValidationError } from "typebox/error";
import { IsSchema } from "typebox/type";
import { Guard } from "typebox/guard";
import * as Schema from "typebox/schema";

const Params = Type.Object({ name: Type.String(), n: Type.Optional(Type.Number({ minimum: 0 })) });
type Params = Static<typeof Params>;
const check = Compile(Params);
Format.Set("shouty", (s: string) => s === s.toUpperCase());
const Shouty = Type.String({ format: "shouty" });

export default () => ({
  name: "tb1", label: "tb1", description: "typebox 1.x",
  parameters: Params,
  async execute(_id: string, p: Params) {
    const facts = [
      p.name,
      p.n ?? "-",
      Value.Check(Params, p),
      check.Check(p),
      Value.Check(Params, { name: "x", n: -1 }),
      Value.Check(Shouty, "LOUD"),
      Value.Check(Shouty, "quiet"),
      Compile(Shouty).Check("quiet"),
      IsSchema(Params),
      typeof System.Settings,
      typeof IsValidationError,
      typeof Guard.IsString,
      typeof Schema.Compile,
    ];
    return { content: [{ type: "text", text: facts.join(" ") }] };
  },
});
"#,
    );
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), vec![]);
    let tool = &list["tools"][0];
    assert_eq!(tool["name"], "tb1");
    assert_eq!(
        tool["parameters"],
        serde_json::json!({
            "type": "object",
            "required": ["name"],
            "properties": { "name": { "type": "string" }, "n": { "type": "number", "minimum": 0 } }
        })
    );

    let (code, out, err) = sb.call("tb1", r#"{"name": "ann", "n": 2}"#, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "ann 2 true true false true false false true object function function function");
    let (code, out, err) = sb.call("tb1", r#"{"name": "bob"}"#, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("bob - true true"), "{out}");

    let (code, out, _) = sb.call("tb1", r#"{"name": "ann", "n": -1}"#, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("Validation failed for tool \"tb1\":") && out.contains("n"), "{out}");
    let (code, out, _) = sb.call("tb1", r#"{"n": 1}"#, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("Validation failed for tool \"tb1\":") && out.contains("name"), "{out}");
}
