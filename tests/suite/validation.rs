//! Schemas and validation end to end: the wire schema the model sees, omp's coercions and
//! defaults before `execute`, the verbatim error text, broken schemas as load errors, and
//! `pi.zod`'s safeParse/parse on the same Rust validator.
use crate::common::*;

use serde_json::{json, Value};

/// A zod tool whose execute echoes the arguments it received (and records that it ran).
const ZOD_ECHO: &str = include_str!("../fixtures/validation/zod_echo.ts");

fn echo(sb: &Sandbox, params: Value) -> (i32, String) {
    let (code, out, _) = sb.call("echo", &params.to_string(), &[]);
    (code, out.trim_end().to_string())
}

#[test]
fn wire_schema_follows_contract_5_1() {
    let sb = Sandbox::new("wire");
    sb.write("project/.omp/tools/echo.ts", ZOD_ECHO);
    let list = sb.list_json(&[]);
    let schema = &list["tools"][0]["parameters"];
    assert!(schema.get("$schema").is_none(), "$schema is dropped: {schema}");
    assert_eq!(schema["required"], json!(["path"]), "defaulted properties leave required: {schema}");
    assert_eq!(schema["properties"]["count"], json!({"type": "integer", "minimum": 1, "default": 3}));
    assert_eq!(
        schema["properties"]["note"]["type"],
        json!(["string", "null"]),
        "anyOf[scalar, null] becomes a type list"
    );
    assert_eq!(schema["additionalProperties"], false);
    assert!(schema["properties"].get("_i").is_none(), "the intent field is omp's agent's business");
}

#[test]
fn defaults_are_filled_before_execute() {
    let sb = Sandbox::new("defaults");
    sb.write("project/.omp/tools/echo.ts", ZOD_ECHO);
    let (code, out) = echo(&sb, json!({"path": "a", "limits": {}}));
    assert_eq!(code, 0, "{out}");
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got, json!({"path": "a", "count": 3, "verbose": false, "limits": {"max": 10}}));
}

#[test]
fn omp_coercions_apply() {
    let sb = Sandbox::new("coerce");
    sb.write("project/.omp/tools/echo.ts", ZOD_ECHO);
    let (code, out) = echo(
        &sb,
        json!({"path": 42, "count": "7", "verbose": "yes", "tags": "[\"x\",\"y\"]", "limits": "{\"max\": \"5\"}", "mode": null, "note": "null", "extra": 1}),
    );
    assert_eq!(code, 0, "{out}");
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got["path"], "42", "non-string to string");
    assert_eq!(got["count"], 7, "numeric string");
    assert_eq!(got["verbose"], true, "boolean word");
    assert_eq!(got["tags"], json!(["x", "y"]), "JSON-array string");
    assert_eq!(got["limits"], json!({"max": 5}), "JSON-object string, nested numeric string");
    assert!(
        got.get("mode").is_none() && got.get("note").is_none(),
        "optional null / \"null\" deleted: {got}"
    );
    assert_eq!(got["extra"], 1, "unknown root keys survive");
    let (code, out) = echo(&sb, json!({"path": "p", "tags": "solo", "verbose": 0}));
    assert_eq!(code, 0, "{out}");
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got["tags"], json!(["solo"]), "a single value wrapped as an array");
    assert_eq!(got["verbose"], false, "0 as a boolean");
}

#[test]
fn failed_validation_never_reaches_execute_and_says_why_verbatim() {
    let sb = Sandbox::new("invalid");
    sb.write("project/.omp/tools/echo.ts", ZOD_ECHO);
    let (code, out) = echo(&sb, json!({"count": 0, "mode": "medium", "verbose": "perhaps"}));
    assert_eq!(code, 1);
    let expected = [
        "Validation failed for tool \"echo\":",
        // omp 17.3.5's wording for pi.zod parameters (checked with omp's own code).
        "  - path: path must be A path (was missing)",
        "  - count: count must be a number at least 1 (was 0)",
        "  - verbose: verbose must be boolean or undefined (was a string)",
        "  - mode: mode must be \"fast\", \"slow\" or undefined (was \"medium\")",
        "",
        "Received arguments:",
        "{",
        "  \"count\": 0,",
        "  \"mode\": \"medium\",",
        "  \"verbose\": \"perhaps\"",
        "}",
    ]
    .join("\n");
    assert_eq!(out, expected);
    // In one session: the failing call does not run execute, the next one counts 0 runs.
    let mut host = LineHost::run(&sb, &[]);
    host.call("bad", "echo", json!({"count": "x"}));
    assert!(text(&host.result("bad")).starts_with("Validation failed for tool \"echo\":"));
    host.call("n", "ran", json!({}));
    assert_eq!(text(&host.result("n")), "0");
}

#[test]
fn typebox_and_plain_json_schema_tools_are_validated_too() {
    let sb = Sandbox::new("typebox-validate");
    sb.write(
        "project/.omp/tools/tb.ts",
        r#"import { Type } from "@sinclair/typebox";
export default () => [{
  name: "tb", label: "tb", description: "d",
  parameters: Type.Object({ n: Type.Integer({ minimum: 0, default: 1 }), flag: Type.Optional(Type.Boolean()) }),
  async execute(id: string, p: unknown) { return { content: [{ type: "text", text: JSON.stringify(p) }] }; },
}, {
  name: "plain", label: "p", description: "d",
  parameters: { type: "object", properties: { when: { type: "string", format: "date" } }, required: ["when"] },
  async execute(id: string, p: unknown) { return { content: [{ type: "text", text: JSON.stringify(p) }] }; },
}];
"#,
    );
    let list = sb.list_json(&[]);
    assert_eq!(
        list["tools"][0]["parameters"],
        json!({"type": "object", "properties": {"n": {"minimum": 0, "default": 1, "type": "integer"}, "flag": {"type": "boolean"}}, "required": ["n"]})
    );
    assert_eq!(sb.call("tb", r#"{"flag": "true", "keep": 1}"#, &[]).1.trim(), r#"{"flag":true,"keep":1,"n":1}"#);
    let (code, out, _) = sb.call("tb", r#"{"n": -1}"#, &[]);
    assert_eq!(code, 1);
    assert!(out.contains("  - n: "), "{out}");
    let (code, out, _) = sb.call("plain", r#"{"when": "yesterday"}"#, &[]);
    assert_eq!(code, 1);
    assert!(out.starts_with("Validation failed for tool \"plain\":\n  - when: "), "{out}");
    assert_eq!(sb.call("plain", r#"{"when": "2026-11-22"}"#, &[]).1.trim(), r#"{"when":"2026-11-22"}"#);
}

#[test]
fn a_schema_the_validator_cannot_compile_is_a_load_error_for_that_tool() {
    let sb = Sandbox::new("broken-schema");
    sb.write(
        "project/.omp/tools/broken.ts",
        r#"export default () => [
  { name: "bad_pattern", label: "b", description: "d", parameters: { type: "object", properties: { a: { type: "string", pattern: "(unclosed" } } }, execute: async () => ({ content: [] }) },
  { name: "bad_type", label: "b", description: "d", parameters: { type: "object", properties: { a: { type: 12 } } }, execute: async () => ({ content: [] }) },
  { name: "not_object", label: "b", description: "d", parameters: 5, execute: async () => ({ content: [] }) },
  { name: "fine", label: "f", description: "d", parameters: { type: "object" }, execute: async () => ({ content: [{ type: "text", text: "fine" }] }) },
];
"#,
    );
    let list = sb.list_json(&[]);
    let errors: Vec<String> = errors_of(&list).into_iter().map(|(_, e)| e).collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    let about = |tool: &str| {
        errors
            .iter()
            .find(|e| e.contains(&format!("tool \"{tool}\"")))
            .unwrap_or_else(|| panic!("no error for {tool}: {errors:?}"))
    };
    assert!(about("bad_pattern").starts_with("Failed to load tool: ") && about("bad_pattern").contains("/properties/a/pattern"));
    assert!(about("bad_type").contains("/properties/a/type"));
    assert!(about("not_object").contains("parameters must be a zod schema, a TypeBox schema or a JSON Schema object"));
    assert_eq!(sb.tool_names(&[]), ["fine"]);
    assert_eq!(sb.call("fine", "{}", &[]).1.trim(), "fine");
}

#[test]
fn zod_safe_parse_and_parse_use_the_rust_validator() {
    let sb = Sandbox::new("safeparse");
    sb.write(
        "project/.omp/tools/sp.ts",
        r#"export default (pi: any) => ({ name: "sp", label: "s", description: "d", parameters: pi.zod.object({}), async execute() {
  const { z } = pi.zod;
  const User = z.object({ name: z.string().min(2), age: z.number().int().nonnegative().default(0), tags: z.array(z.string()).max(2) });
  const ok = User.safeParse({ name: "Ann", tags: [], extra: true });
  const bad = User.safeParse({ name: "A", age: -1, tags: ["a", "b", "c"] });
  const strict = User.strict().safeParse({ name: "Ann", tags: [], extra: true });
  let thrown = "";
  try { User.parse({}); } catch (e) { thrown = e.issues.map((i: any) => i.path.join(".") + ": " + i.message).join("; "); }
  return { content: [{ type: "text", text: JSON.stringify({ ok, bad: bad.error.issues.map((i: any) => [i.path, i.message]), strict: strict.error.issues.map((i: any) => i.message), thrown }) }] };
} });
"#,
    );
    let (code, out, err) = sb.call("sp", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        got["ok"],
        json!({"success": true, "data": {"name": "Ann", "age": 0, "tags": []}}),
        "defaults filled, unknown keys stripped"
    );
    assert_eq!(
        got["bad"],
        json!([
            [["name"], "Too small: expected string to have >=2 characters"],
            [["age"], "Too small: expected number to be >=0"],
            [["tags"], "Too big: expected array to have <=2 items"]
        ])
    );
    assert_eq!(got["strict"], json!(["Unrecognized key: \"extra\""]));
    assert_eq!(
        got["thrown"],
        "name: Invalid input: expected string, received undefined; tags: Invalid input: expected array, received undefined"
    );
}
