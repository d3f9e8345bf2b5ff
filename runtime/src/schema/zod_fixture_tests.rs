//! Checks the validator against real zod: `tests/fixtures/validation/messages.json` (written by
//! `generate-messages.mjs` with zod 4.4.3) lists schemas, inputs and what `safeParse` returned.
//! The file is found under `$OMP_HOST_REPO_ROOT` when that is set at build time, else under the
//! repository root (the runtime crate's parent folder).

use super::issues::Issue;
use super::{wire_schema_from_zod, CompiledSchema};
use serde::Deserialize;
use serde_json::{Map, Value};

#[derive(Deserialize)]
struct FixtureCase {
    name: String,
    schema: Value,
    wire_source: Value,
    input: Value,
    expected: Expected,
}

#[derive(Deserialize)]
struct Expected {
    success: bool,
    #[serde(default)]
    data: Option<Value>,
    #[serde(default)]
    issues: Vec<ExpectedIssue>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct ExpectedIssue {
    path: Vec<Value>,
    message: String,
    code: String,
}

fn fixture_path() -> String {
    let root = option_env!("OMP_HOST_REPO_ROOT").unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    format!("{root}/tests/fixtures/validation/messages.json")
}

fn load_cases() -> Vec<FixtureCase> {
    let path = fixture_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let cases: Vec<FixtureCase> = serde_json::from_str(&text).expect("messages.json parses");
    assert!(cases.len() >= 100, "expected the full fixture set, found {} cases", cases.len());
    cases
}

fn as_expected(issue: &Issue) -> ExpectedIssue {
    ExpectedIssue {
        path: issue.path.iter().map(|segment| serde_json::to_value(segment).unwrap()).collect(),
        message: issue.message.clone(),
        code: issue.code.clone(),
    }
}

/// `{ ...input, ...data }`.
fn spread(input: &Value, data: &Value) -> Value {
    match (input, data) {
        (Value::Object(input), Value::Object(data)) => {
            let mut merged: Map<String, Value> = input.clone();
            for (key, value) in data {
                merged.insert(key.clone(), value.clone());
            }
            Value::Object(merged)
        }
        _ => data.clone(),
    }
}

#[test]
fn parse_value_matches_zod_safe_parse() {
    let mut mismatches = Vec::new();
    for case in load_cases() {
        let compiled = CompiledSchema::compile(&case.schema).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        match (compiled.parse_value(case.input.clone()), &case.expected) {
            (
                Ok(value),
                Expected {
                    success: true,
                    data: Some(data),
                    ..
                },
            ) => {
                // key order matters: zod rebuilds objects in schema order
                let (got, want) = (serde_json::to_string(&value).unwrap(), serde_json::to_string(data).unwrap());
                if got != want {
                    mismatches.push(format!("{}: data {got} != zod {want}", case.name));
                }
            }
            (
                Err(issues),
                Expected {
                    success: false, issues: want, ..
                },
            ) => {
                let got: Vec<ExpectedIssue> = issues.iter().map(as_expected).collect();
                if &got != want {
                    mismatches.push(format!("{}: issues {got:?} != zod {want:?}", case.name));
                }
            }
            (got, _) => mismatches.push(format!("{}: got {got:?}, zod success={}", case.name, case.expected.success)),
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
}

#[test]
fn tool_call_errors_match_zod_messages_when_nothing_was_coerced() {
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for case in load_cases().into_iter().filter(|c| !c.expected.success) {
        let wire = wire_schema_from_zod(case.wire_source.clone());
        let compiled = CompiledSchema::compile(&wire)
            .unwrap_or_else(|e| panic!("{}: {e}", case.name))
            .with_message_style(crate::schema::compiled::MessageStyle::Zod);
        let Err(failure) = compiled.prepare_arguments(case.input.clone()) else {
            continue;
        };
        if failure.normalized.is_some() {
            continue;
        }
        compared += 1;
        let got: Vec<ExpectedIssue> = failure.issues.iter().map(as_expected).collect();
        if got != case.expected.issues {
            mismatches.push(format!("{}: {got:?} != zod {:?}", case.name, case.expected.issues));
        }
        let text = failure.message("fixture_tool");
        for issue in &failure.issues {
            assert!(text.contains(&format!("\n  - {}: {}", issue.display_path(), issue.message)), "{}", case.name);
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
    assert!(compared >= 40, "only {compared} failing cases were compared");
}

#[test]
fn tool_calls_accept_what_zod_accepts() {
    let mut mismatches = Vec::new();
    for case in load_cases().into_iter().filter(|c| c.expected.success) {
        let wire = wire_schema_from_zod(case.wire_source.clone());
        let compiled = CompiledSchema::compile(&wire).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let data = case.expected.data.as_ref().expect("success has data");
        match compiled.prepare_arguments(case.input.clone()) {
            Ok(value) => {
                let want = spread(&case.input, data);
                if value != want {
                    mismatches.push(format!("{}: {value} != {{...input, ...zod}} {want}", case.name));
                }
            }
            Err(failure) => mismatches.push(format!("{}: rejected: {}", case.name, failure.message("t"))),
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
}
