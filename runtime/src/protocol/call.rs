//! `omp-host call NAME --params JSON`: one call through the core (session start, the call,
//! session shutdown), streaming partial results, then the result — as text, or as JSON lines
//! of every event with `--json`. Ctrl-C (or SIGTERM/SIGHUP) cancels the call.

use std::process::ExitCode;

use serde_json::Value;
use tokio::sync::mpsc::unbounded_channel;

use super::stdio::shutdown_signal;
use crate::cli::{open_session, SessionArgs};
use crate::core::events::Event;
use crate::core::Core;
use crate::result::text_of;

const CALL_ID: &str = "call-1";

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
    let session = match open_session(&args).await {
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
    let (events, mut event_stream) = unbounded_channel();
    let core = Core::new(session, events.clone());
    core.session_event(serde_json::json!({ "reason": "start" }));
    if let Err(refused) = core.call(CALL_ID.into(), name, params, events) {
        eprintln!("omp-host call: {refused}");
        return ExitCode::FAILURE;
    }
    core.seal();
    let signal = shutdown_signal();
    tokio::pin!(signal);
    let mut failed = true;
    loop {
        let event = tokio::select! {
            event = event_stream.recv() => event,
            signal = &mut signal => {
                core.cancel(CALL_ID, &format!("the host received {signal}"));
                continue;
            }
        };
        let Some(event) = event else { break };
        if json {
            println!("{}", serde_json::to_string(&event).unwrap_or_default());
        }
        match event {
            Event::ToolExecutionUpdate { partial_result, .. } if !json => eprintln!("… {}", text_of(&partial_result)),
            Event::ToolExecutionEnd { result, .. } => {
                failed = result.is_error;
                if !json {
                    println!("{}", text_of(&result));
                    if let Some(at) = result.details.get("errorLocation") {
                        println!("    at {}:{}:{}", at["file"].as_str().unwrap_or(""), at["line"], at["column"]);
                    }
                }
                break;
            }
            Event::Error { message } if !json => eprintln!("omp-host: {message}"),
            _ => {}
        }
    }
    core.shutdown("the call is over", None).await;
    if json {
        // The shutdown delivery is reported like every other session event.
        while let Ok(event) = event_stream.try_recv() {
            println!("{}", serde_json::to_string(&event).unwrap_or_default());
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
