//! A failed tool call is worded as omp 17.3.5 words it: `pi.zod` parameters in omptype's
//! ArkType style (`name: name must be Name to greet (was missing)`), plain JSON Schema and
//! TypeBox parameters in omp's JSON Schema validator style (`action: must be one of the
//! allowed enum values`). The expected lines were produced by omp's own code
//! (tests/fixtures/validation/generate-omp17-messages.ts → omp17-messages.json).

use crate::common::*;

use serde_json::Value;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validation").join(name)
}

#[test]
fn failed_calls_are_worded_as_omp_17_words_them() {
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(fixture("omp17-messages.json")).unwrap()).unwrap();
    let sb = Sandbox::new("omp17-wording");
    let tools = fixture("omp17_tools.mjs").display().to_string();
    let mut host = LineHost::run(&sb, &["--tool", &tools, "--only"]);
    for (i, case) in cases.iter().enumerate() {
        host.call(&i.to_string(), &format!("case_{i}"), case["input"].clone());
    }
    for i in 0..cases.len() {
        host.result(&i.to_string());
    }
    let (_, events) = host.finish();
    let mut mismatches = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let result = result_of(&events, &i.to_string());
        let got = text(result);
        let label = format!("{} {}", case["family"].as_str().unwrap(), case["name"].as_str().unwrap());
        match case.get("lines") {
            Some(Value::Array(lines)) => {
                let want: Vec<&str> = lines.iter().map(|l| l.as_str().unwrap()).collect();
                let body = got.split("\n\nReceived arguments:").next().unwrap_or("");
                // omp's line, before the expectation this host adds where a description hid
                // it (docs/differences.md; checked in described_expectations_are_named).
                let got_lines: Vec<&str> = body.lines().skip(1).map(|l| l.split("; expected ").next().unwrap_or(l)).collect();
                if result["isError"] != true || got_lines != want {
                    mismatches.push(format!("{label}:\n    omp:  {want:?}\n    host: {got_lines:?}"));
                }
            }
            _ => {
                let got_value: Value = serde_json::from_str(&got).unwrap_or(Value::String(got.clone()));
                if got_value != case["ok"] {
                    mismatches.push(format!("{label}: omp accepted {}, host answered {got}", case["ok"]));
                }
            }
        }
    }
    assert!(cases.len() >= 70, "the fixture has its cases");
    assert!(
        mismatches.is_empty(),
        "{} of {} cases differ from omp 17.3.5:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches.join("\n")
    );
}

/// Where a field's description stands in for what it expects (omp: `kind must be What sort of
/// ticket (was "bugg")`), or omp says only "one of the allowed enum values", the line goes on
/// to name the allowed values or bound, so a person or a model can correct the call.
#[test]
fn described_expectations_are_named() {
    let sb = Sandbox::new("described-expectations");
    sb.write(
        "project/.omp/tools/ticket.ts",
        "export default (pi) => [\n\
         { name: 'ticket', label: 't', description: 'd', parameters: pi.zod.object({ kind: pi.zod.enum(['bug', 'feature']).describe('What sort of ticket'), size: pi.zod.number().min(1).max(5).describe('How big') }), async execute() { return { content: [] }; } },\n\
         { name: 'plain', label: 'p', description: 'd', parameters: { type: 'object', properties: { action: { type: 'string', enum: ['start', 'stop'] } } }, async execute() { return { content: [] }; } },\n\
         ];",
    );
    let (_, out, err) = sb.call("ticket", r#"{"kind":"bugg","size":9}"#, &[]);
    let err = out + err.as_str();
    assert!(
        err.contains(r#"kind: kind must be What sort of ticket (was "bugg"); expected "bug" or "feature""#),
        "{err}"
    );
    assert!(err.contains("size: size must be How big (was 9); expected a number at most 5"), "{err}");
    let (_, out, err) = sb.call("plain", r#"{"action":"go"}"#, &[]);
    let err = out + err.as_str();
    assert!(
        err.contains(r#"action: must be one of the allowed enum values; expected one of "start", "stop""#),
        "{err}"
    );
}
