//! The host's `pi.zod` and TypeBox builders, run inside the engine, produce the same JSON
//! (key for key, in the same order) as real zod 4.4.3 and @sinclair/typebox for every case in
//! tests/fixtures/schemas (generated from the real libraries by generate.mjs there).
use crate::common::*;

use serde_json::Value;

/// Runs a fixture tool that evaluates every case's `src` with our builders and returns the
/// results in `details` (details are never truncated).
fn evaluate_in_engine(sb: &Sandbox, body: &str) -> Vec<Value> {
    sb.write(
        "project/.omp/tools/fixtures.ts",
        &format!(
            "import {{ Type, StringEnum }} from '@sinclair/typebox';\nimport {{ StringEnum as PiStringEnum }} from '@mariozechner/pi-ai';\nexport default (pi: any) => ({{ name: 'fixtures', label: 'f', description: 'd', parameters: {{ type: 'object' }},\n  async execute(id: string, params: {{ cases: {{ name: string, src: string }}[] }}) {{\n    const z = pi.zod;\n    const out = params.cases.map((c) => {{ try {{ {body} }} catch (e) {{ return {{ error: String(e) }}; }} }});\n    return {{ content: [{{ type: 'text', text: 'ok' }}], details: {{ out, same: StringEnum === PiStringEnum }} }};\n  }} }});\n"
        ),
    );
    let cases_path = if body.contains("toJSONSchema") { "zod.json" } else { "typebox.json" };
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(fixtures().join(cases_path)).unwrap()).unwrap();
    let params = serde_json::json!({ "cases": cases.iter().map(|c| serde_json::json!({ "name": c["name"], "src": c["src"], "options": c.get("options").cloned().unwrap_or(Value::Null) })).collect::<Vec<_>>() });
    let (code, out, err) = sb.call("fixtures", &params.to_string(), &["--json"]);
    assert_eq!(code, 0, "{err}");
    let result = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|l| l["type"] == "tool_execution_end")
        .expect("end line");
    assert_eq!(result["result"]["details"]["same"], true, "pi-ai's StringEnum is the TypeBox module's");
    result["result"]["details"]["out"].as_array().unwrap().clone()
}

fn fixtures() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schemas")
}

#[test]
fn zod_to_json_schema_matches_real_zod_for_every_case() {
    let sb = Sandbox::new("zod-fixtures");
    let out = evaluate_in_engine(
        &sb,
        "const s = new Function('z', 'return (' + c.src + ');')(z); const o = c.options ?? {}; return { output: z.toJSONSchema(s, o), input: z.toJSONSchema(s, { ...o, io: 'input' }) };",
    );
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(fixtures().join("zod.json")).unwrap()).unwrap();
    assert_eq!(out.len(), cases.len());
    let mut mismatches = Vec::new();
    for (case, got) in cases.iter().zip(&out) {
        for io in ["output", "input"] {
            // Compare serialized text so key order counts too.
            let want = serde_json::to_string(&case[io]).unwrap();
            let have = serde_json::to_string(&got[io]).unwrap();
            if want != have {
                mismatches.push(format!(
                    "{} ({io}):\n  want {want}\n  got  {have} {}",
                    case["name"],
                    got.get("error").map(|e| e.to_string()).unwrap_or_default()
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
    assert!(cases.len() >= 150, "the fixture covers every builder and chain method");
}

#[test]
fn typebox_builders_match_real_typebox_for_every_case() {
    let sb = Sandbox::new("typebox-fixtures");
    let out = evaluate_in_engine(
        &sb,
        "return { json: JSON.parse(JSON.stringify(new Function('Type', 'StringEnum', 'return (' + c.src + ');')(Type, StringEnum))) };",
    );
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(fixtures().join("typebox.json")).unwrap()).unwrap();
    let mut mismatches = Vec::new();
    for (case, got) in cases.iter().zip(&out) {
        let want = serde_json::to_string(&case["json"]).unwrap();
        let have = serde_json::to_string(&got["json"]).unwrap();
        if want != have {
            mismatches.push(format!(
                "{}:\n  want {want}\n  got  {have} {}",
                case["name"],
                got.get("error").map(|e| e.to_string()).unwrap_or_default()
            ));
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
}

#[test]
fn both_zod_idioms_work() {
    let sb = Sandbox::new("zod-idioms");
    sb.write(
        "project/.omp/tools/t.ts",
        "export default (pi: any) => { const { z } = pi.zod; return { name: 't', label: 't', description: 'd', parameters: pi.zod.object({ a: z.string() }), async execute() { return { content: [{ type: 'text', text: String(pi.zod.z === z) + ' ' + typeof pi.zod.default.object }] }; } }; };",
    );
    assert_eq!(sb.call("t", r#"{"a":"x"}"#, &[]).1.trim(), "true function");
}

#[test]
fn pi_arktype_and_omptype_types_load_with_omps_wire_schema_and_validate_calls_as_omp() {
    let sb = Sandbox::new("arktype");
    sb.write(
        "project/.omp/tools/ark.ts",
        r#"export default (pi) => ({ name: "ark", label: "ark", description: "d", parameters: pi.arktype({ name: "string", "count?": "number >= 0" }), async execute(id, params) { return { content: [{ type: "text", text: params.name + ":" + (params.count ?? "none") }] }; } });"#,
    );
    // The package itself, no node_modules: the host's embedded omptype, the same copy as pi.arktype.
    sb.write(
        "project/.omp/tools/direct.ts",
        r#"import { type } from "@oh-my-pi/omptype";
import { z } from "@oh-my-pi/omptype/zod";
export default (pi: any) => ({
  name: "direct", label: "direct", description: "d",
  parameters: type({ "path /** Where */": "string", "mode?": "'fast' | 'slow'", "note?": "string | null" }),
  async execute(id: string, params: any) {
    const same = pi.arktype === type && z.string()(1) instanceof type.errors;
    return { content: [{ type: "text", text: `${params.path} ${params.mode ?? "-"} ${same}` }] };
  },
});
"#,
    );
    let list = sb.list_json(&[]);
    assert!(errors_of(&list).is_empty(), "{list}");
    let tool = |name: &str| {
        list["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("{name}: {list}"))
            .clone()
    };
    // omp's wire schema (pi-ai's arkToWireSchema): the Type's toJsonSchema, cleaned up and closed.
    assert_eq!(
        tool("ark")["parameters"],
        serde_json::json!({
            "type": "object",
            "properties": { "name": { "type": "string" }, "count": { "type": "number", "minimum": 0 } },
            "required": ["name"],
            "additionalProperties": false
        })
    );
    assert_eq!(
        tool("direct")["parameters"],
        serde_json::json!({
            "type": "object",
            "properties": {
                "mode": { "enum": ["fast", "slow"], "type": "string" },
                "note": { "type": ["string", "null"] },
                "path": { "type": "string", "description": "Where" }
            },
            "required": ["path"],
            "additionalProperties": false
        })
    );

    let (code, out, err) = sb.call("ark", r#"{"name": "x", "count": 2}"#, &[]);
    assert_eq!((code, out.trim()), (0, "x:2"), "{err}");
    let (code, out, err) = sb.call("ark", r#"{"name": "y"}"#, &[]);
    assert_eq!((code, out.trim()), (0, "y:none"), "{err}");
    let (code, out, _) = sb.call("ark", r#"{"count": -1, "name": "x"}"#, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("Validation failed for tool \"ark\":") && out.contains("count"), "{out}");
    let (code, out, _) = sb.call("ark", "{}", &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("Validation failed for tool \"ark\":") && out.contains("name"), "{out}");

    let (code, out, err) = sb.call("direct", r#"{"path": "p", "mode": "fast", "note": null}"#, &[]);
    assert_eq!((code, out.trim()), (0, "p fast true"), "{err}");
    let (code, out, _) = sb.call("direct", r#"{"path": "p", "mode": "medium"}"#, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("Validation failed for tool \"direct\":") && out.contains("mode"), "{out}");
}

/// A zod the host did not build (npm's zod 4 in the tool's node_modules) reaches the host as
/// its own `toJSONSchema()` output view, which lists a `.default()` key as required: the call
/// that leaves it out is validated against the schema the model sees (the key optional) and
/// the default is filled in, as omp does. It used to fail every such call (`style: is
/// required`). The stand-in below answers as zod 4.6's object does.
#[test]
fn a_foreign_zod_default_is_optional_and_filled_in() {
    let sb = Sandbox::new("foreign-zod-default");
    sb.write(
        "project/.omp/tools/style.ts",
        r#"// What npm zod 4's z.object({ text: z.string(), style: z.enum(["plain", "bold"]).default("plain") })
// gives a host that reads it through its own toJSONSchema() (the output view).
const foreign = {
  _zod: { def: { type: "object" } },
  toJSONSchema: () => ({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: { text: { type: "string" }, style: { default: "plain", type: "string", enum: ["plain", "bold"] } },
    required: ["text", "style"],
    additionalProperties: false,
  }),
};
export default () => ({
  name: "style", label: "style", description: "d", parameters: foreign,
  async execute(id, params) { return { content: [{ type: "text", text: params.text + ":" + params.style }] }; },
});
"#,
    );
    let list = sb.list_json(&[]);
    assert_eq!(list["tools"][0]["parameters"]["required"], serde_json::json!(["text"]), "{list}");
    let (code, out, err) = sb.call("style", r#"{"text":"hi"}"#, &[]);
    assert_eq!((code, out.trim()), (0, "hi:plain"), "{err}");
    let (code, out, _) = sb.call("style", r#"{"text":"hi","style":"x"}"#, &[]);
    assert!(code == 1 && out.contains("style"), "{out}");
}
