//! Tools registered through pi's ExtensionAPI get pi 1.6.0's argument rules: pi-schema's
//! coercion (`"5"` for a number is 5, a single value for an array is wrapped, `"2.5"` for an
//! integer is 2) and its wording of a failure (`duration: missing`, `expected one of [..]`,
//! dotted paths, the arguments as received), while an omp tool in the same session keeps omp's
//! wording. Each expected text is what pi-ai's `validateToolArguments` answered under Node for
//! the same schema and arguments (tests/fixtures/pi_validation/plan.js).
use crate::common::*;

use serde_json::{json, Value};

/// The extension: one tool, `plan`, whose TypeBox parameters cover the keywords tested here.
const PLAN: &str = include_str!("../fixtures/pi_validation/plan.js");

/// An omp custom tool with a required property, to see omp's wording beside pi's.
const OMP_TOOL: &str = include_str!("../fixtures/pi_validation/omp_tool.ts");

fn session(name: &str) -> (Sandbox, LineHost) {
    let sb = Sandbox::new(name);
    sb.write("project/.pi/extensions/plan.js", PLAN);
    sb.write("project/.omp/tools/omp_plan.ts", OMP_TOOL);
    let host = LineHost::run(&sb, &[]);
    (sb, host)
}

/// Calls `tool` and returns (isError, text).
fn call(host: &mut LineHost, id: &str, tool: &str, params: Value) -> (bool, String) {
    host.call(id, tool, params);
    let result = host.result(id);
    (result["isError"] == json!(true), text(&result))
}

#[test]
fn failures_read_as_under_pi() {
    let (_sb, mut host) = session("pi-validation-wording");
    let cases = [
        (json!({}), "Validation failed for tool \"plan\":\n  - duration: missing\n  - count: missing\n  - mode: missing\n\nReceived arguments:\n{}"),
        (
            json!({"duration": "1h", "count": "abc", "mode": "medium"}),
            "Validation failed for tool \"plan\":\n  - count: expected number, got string\n  - mode: expected one of [\"fast\",\"slow\"]\n\nReceived arguments:\n{\n  \"duration\": \"1h\",\n  \"count\": \"abc\",\n  \"mode\": \"medium\"\n}",
        ),
        (
            json!({"duration": "1h", "count": 1, "mode": "fast", "questions": [{"prompt": "a"}, {"options": "x"}]}),
            "Validation failed for tool \"plan\":\n  - questions.1.prompt: missing\n\nReceived arguments:\n{\n  \"duration\": \"1h\",\n  \"count\": 1,\n  \"mode\": \"fast\",\n  \"questions\": [\n    {\n      \"prompt\": \"a\"\n    },\n    {\n      \"options\": \"x\"\n    }\n  ]\n}",
        ),
        (
            json!({"duration": 5, "count": 1, "mode": "slow", "limit": 20, "name": "AB", "extra": true}),
            "Validation failed for tool \"plan\":\n  - limit: expected <= 10\n  - name: expected to match ^[a-z]+$\n  - extra: unknown field\n\nReceived arguments:\n{\n  \"duration\": 5,\n  \"count\": 1,\n  \"mode\": \"slow\",\n  \"limit\": 20,\n  \"name\": \"AB\",\n  \"extra\": true\n}",
        ),
        (
            json!({"duration": "1h", "count": 2.5, "mode": "fast", "limit": "2.5", "verbose": "maybe", "questions": "q"}),
            "Validation failed for tool \"plan\":\n  - verbose: expected boolean, got string\n  - questions.0: expected object, got string\n\nReceived arguments:\n{\n  \"duration\": \"1h\",\n  \"count\": 2.5,\n  \"mode\": \"fast\",\n  \"limit\": \"2.5\",\n  \"verbose\": \"maybe\",\n  \"questions\": \"q\"\n}",
        ),
        (
            json!({"duration": null, "count": null, "mode": null, "verbose": null}),
            "Validation failed for tool \"plan\":\n  - mode: expected one of [\"fast\",\"slow\"]\n\nReceived arguments:\n{\n  \"duration\": null,\n  \"count\": null,\n  \"mode\": null,\n  \"verbose\": null\n}",
        ),
    ];
    for (i, (params, expected)) in cases.into_iter().enumerate() {
        let (is_error, text) = call(&mut host, &format!("c{i}"), "plan", params);
        assert!(is_error, "case {i}: {text}");
        assert_eq!(text, expected, "case {i}");
    }
}

#[test]
fn arguments_are_coerced_as_pi_coerces_them() {
    let (_sb, mut host) = session("pi-validation-coercion");
    // pi: {"duration":"1h","count":5,"mode":"fast","verbose":true,"limit":3}
    let (is_error, text) = call(
        &mut host,
        "ok",
        "plan",
        json!({"duration": "1h", "count": "5", "mode": "fast", "verbose": "true", "limit": "3"}),
    );
    assert!(!is_error, "{text}");
    assert_eq!(text, r#"{"duration":"1h","count":5,"mode":"fast","verbose":true,"limit":3}"#);
    // A number for a string, a single object for an array, a string for an array of strings,
    // "2.5" for an integer (truncated), and no default or stripping of its own.
    let (is_error, text) = call(
        &mut host,
        "wrap",
        "plan",
        json!({"duration": 90, "count": "1e1", "mode": "slow", "limit": "2.5", "questions": {"prompt": "p", "options": "only"}}),
    );
    assert!(!is_error, "{text}");
    assert_eq!(
        text,
        r#"{"duration":"90","count":10,"mode":"slow","limit":2,"questions":[{"prompt":"p","options":["only"]}]}"#
    );
}

#[test]
fn omp_tools_keep_omps_wording_beside_pi_tools() {
    let (_sb, mut host) = session("pi-validation-omp");
    let (is_error, text) = call(&mut host, "omp", "omp_plan", json!({}));
    assert!(is_error);
    assert!(
        text.starts_with("Validation failed for tool \"omp_plan\":\n  - duration: is required\n"),
        "{text}"
    );
    let (_, text) = call(&mut host, "pi", "plan", json!({"count": 1, "mode": "fast"}));
    assert!(text.starts_with("Validation failed for tool \"plan\":\n  - duration: missing\n"), "{text}");
}

/// A tool an extension registers only from `session_start` is pi's too.
#[test]
fn a_tool_registered_in_session_start_is_validated_as_pis() {
    let sb = Sandbox::new("pi-validation-late");
    sb.write(
        "project/.pi/extensions/late.ts",
        r#"
export default function (pi) {
  pi.on("session_start", async () => {
    pi.registerTool({ name: "late_plan", label: "l", description: "registered late",
      parameters: { type: "object", properties: { duration: { type: "string" } }, required: ["duration"] },
      async execute() { return { content: [{ type: "text", text: "ran" }] }; } });
  });
}
"#,
    );
    let (code, out, err) = sb.call("late_plan", "{}", &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.starts_with("Validation failed for tool \"late_plan\":\n  - duration: missing\n"), "{out}");
}
