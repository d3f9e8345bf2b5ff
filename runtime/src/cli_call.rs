//! `omp-host call NAME --params JSON`: runs one tool once through the call pipeline (session
//! start, the call, session shutdown), streaming partial results, and prints the result —
//! as text, or as JSON lines of every event with `--json`.

use std::process::ExitCode;

use serde_json::Value;
use tokio::sync::mpsc::unbounded_channel;

use crate::cli::{open_session, SessionArgs};
use crate::pipeline::messages::{Event, Request};
use crate::pipeline::Pipeline;
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
    let (requests, request_stream) = unbounded_channel();
    let (events, mut event_stream) = unbounded_channel();
    let _ = requests.send(Request::Session { event: serde_json::json!({ "reason": "start" }) });
    let _ = requests.send(Request::Call { id: CALL_ID.into(), tool: name, params });
    let pipeline = Pipeline::new(&mut session, events);
    let mut failed = false;
    let consume = async {
        let mut requests = Some(requests);
        while let Some(event) = event_stream.recv().await {
            if json {
                println!("{}", serde_json::to_string(&event).unwrap_or_default());
            }
            match event {
                Event::ToolExecutionUpdate { partial_result, .. } if !json => eprintln!("… {}", text_of(&partial_result)),
                Event::Result { result, .. } => {
                    failed = result.is_error;
                    if !json {
                        println!("{}", text_of(&result));
                        if let Some(at) = result.details.get("errorLocation") {
                            println!("    at {}:{}:{}", at["file"].as_str().unwrap_or(""), at["line"], at["column"]);
                        }
                    }
                    // The call is over: end the session, then let the pipeline finish.
                    if let Some(requests) = requests.take() {
                        let _ = requests.send(Request::Session { event: serde_json::json!({ "reason": "shutdown" }) });
                    }
                }
                Event::Error { message } if !json => eprintln!("omp-host: {message}"),
                _ => {}
            }
        }
    };
    tokio::join!(pipeline.run(request_stream), consume);
    session.engine.kill_children();
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
