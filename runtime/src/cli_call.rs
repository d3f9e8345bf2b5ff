//! `omp-host call NAME --params JSON`: runs one tool once, streaming partial results, and
//! prints the result (text, or JSON lines with `--json`).

use std::process::ExitCode;

use serde_json::Value;

use crate::cli::{open_session, SessionArgs};
use crate::invoke::{run_call, RawOutcome};

pub async fn call(name: String, params: String, args: SessionArgs, json: bool) -> ExitCode {
    let params: Value = match serde_json::from_str(&params) {
        Ok(v @ Value::Object(_)) => v,
        Ok(other) => {
            eprintln!("omp-host call: --params must be a JSON object, got {other}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("omp-host call: --params is not valid JSON: {e}");
            return ExitCode::from(2);
        }
    };
    let mut session = match open_session(&args).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    if session.registry.get(&name).is_none() {
        eprintln!("omp-host call: Tool {name} not found");
        let names: Vec<&str> = session.registry.tools().iter().map(|t| t.name.as_str()).collect();
        if names.is_empty() {
            eprintln!("  no tools were found; see `omp-host list`");
        } else {
            eprintln!("  available: {}", names.join(", "));
        }
        return ExitCode::from(2);
    }
    let mut updates = session.engine.take_updates().expect("updates taken once");
    let mut on_update = |update: crate::engine::updates::CallUpdate| {
        let partial: Value = serde_json::from_str(&update.json).unwrap_or(Value::Null);
        if json {
            println!("{}", serde_json::json!({ "type": "tool_execution_update", "toolCallId": update.call_id, "partialResult": partial }));
        } else {
            eprintln!("… {}", text_of(&partial));
        }
    };
    let record = match run_call(&mut session, &mut updates, &name, "call-1", &params, &mut on_update).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("omp-host call: {e}");
            return ExitCode::FAILURE;
        }
    };
    session.engine.kill_children();
    let (result, is_error) = match record.outcome {
        RawOutcome::Returned(value) => {
            let is_error = value.get("isError").and_then(Value::as_bool).unwrap_or(false);
            (value, is_error)
        }
        RawOutcome::Threw { message, location } => {
            let mut text = message;
            if let Some(at) = location {
                text.push_str(&format!("\n    at {at}"));
            }
            (serde_json::json!({ "content": [{ "type": "text", "text": text }], "details": {}, "isError": true }), true)
        }
    };
    if json {
        println!("{}", serde_json::json!({ "type": "result", "toolCallId": record.call_id, "result": result }));
    } else {
        println!("{}", text_of(&result));
    }
    if is_error { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// The joined text blocks of a result-shaped value.
fn text_of(value: &Value) -> String {
    match value.get("content").and_then(Value::as_array) {
        Some(blocks) => blocks.iter().filter_map(|b| b.get("text").and_then(Value::as_str)).collect::<Vec<_>>().join("\n"),
        None => value.to_string(),
    }
}
