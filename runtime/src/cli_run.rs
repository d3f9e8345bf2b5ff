//! `omp-host run`: serves tool calls over stdin/stdout as JSON lines. Each input line is a
//! request (`call`, `cancel`, `session`, `list`); each output line an event. A malformed line
//! gets an `error` event naming the line and the problem, and serving goes on. At start the
//! host answers with a `ready` line (tools and load errors) and delivers the `start` session
//! event; at end of input it delivers `shutdown`, lets running calls finish and exits.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use crate::cli::{open_session, SessionArgs};
use crate::pipeline::messages::{Event, Request};
use crate::pipeline::watchdog::Interrupter;
use crate::pipeline::Pipeline;

pub async fn run(args: SessionArgs) -> ExitCode {
    let mut session = match open_session(&args).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    let ready = serde_json::json!({
        "type": "ready",
        "tools": session.registry.tools(),
        "errors": session.registry.errors(),
    });
    write_line(&ready.to_string());
    let (requests, request_stream) = unbounded_channel();
    let (events, mut event_stream) = unbounded_channel();
    let _ = requests.send(Request::Session { event: serde_json::json!({ "reason": "start" }) });
    let pipeline = Pipeline::new(&mut session, events.clone());
    spawn_stdin_reader(requests, events, pipeline.interrupter());
    let write_events = async {
        while let Some(event) = event_stream.recv().await {
            write_line(&serde_json::to_string(&event).unwrap_or_default());
        }
    };
    tokio::join!(pipeline.run(request_stream), write_events);
    session.engine.kill_children();
    ExitCode::SUCCESS
}

fn write_line(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Reads requests on a thread of its own so a busy engine never stops input from being read.
fn spawn_stdin_reader(requests: UnboundedSender<Request>, events: UnboundedSender<Event>, interrupter: Interrupter) {
    std::thread::Builder::new()
        .name("omp-host-stdin".into())
        .spawn(move || {
            for (number, line) in std::io::stdin().lock().lines().enumerate() {
                let Ok(line) = line else { break };
                if line.trim().is_empty() {
                    continue;
                }
                match parse_request(&line) {
                    Ok(request) => {
                        let cancelled = match &request {
                            Request::Cancel { id, .. } => Some(id.clone()),
                            _ => None,
                        };
                        let _ = requests.send(request);
                        if let Some(id) = cancelled {
                            interrupter.cancelled(&id);
                        }
                    }
                    Err(message) => {
                        let _ = events.send(Event::Error { message: format!("input line {}: {message}", number + 1) });
                    }
                }
            }
            let _ = requests.send(Request::Session { event: serde_json::json!({ "reason": "shutdown" }) });
        })
        .expect("spawn stdin reader");
}

/// Parses one request line, with messages that say what is wrong.
pub fn parse_request(line: &str) -> Result<Request, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let kind = value.get("type").and_then(|t| t.as_str()).ok_or("missing \"type\" (call, cancel, session or list)")?.to_string();
    if !matches!(kind.as_str(), "call" | "cancel" | "session" | "list") {
        return Err(format!("unknown type \"{kind}\" (expected call, cancel, session or list)"));
    }
    serde_json::from_value(value).map_err(|e| format!("bad \"{kind}\" request: {e}"))
}
