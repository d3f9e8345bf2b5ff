//! `omp-host mcp`: the loaded tools as a Model Context Protocol server over stdio (JSON-RPC
//! 2.0, one message per line), so MCP clients use omp tools as they are. `tools/call` runs
//! through the same pipeline as every other call: partial results become
//! `notifications/progress` when the client asked for progress, and `notifications/cancelled`
//! cancels the call (and stops a runaway script). Malformed messages get JSON-RPC errors and
//! the server keeps serving.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use crate::cli::{open_session, SessionArgs};
use crate::pipeline::messages::{Event, Request};
use crate::pipeline::watchdog::Interrupter;
use crate::pipeline::Pipeline;
use crate::result::{text_of, ToolResult};

/// The newest protocol revision this server speaks; older ones a client asks for are accepted.
const PROTOCOL_VERSION: &str = "2025-06-18";
const KNOWN_VERSIONS: &[&str] = &["2025-06-18", "2025-03-26", "2024-11-05"];

/// What the server remembers about a `tools/call` in flight.
struct PendingCall {
    rpc_id: Value,
    progress_token: Option<Value>,
    progress: u64,
    cancelled: bool,
}

type Pending = Arc<Mutex<HashMap<String, PendingCall>>>;

pub async fn serve(args: SessionArgs) -> ExitCode {
    let mut session = match open_session(&args).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    for error in session.registry.errors() {
        eprintln!("omp-host mcp: {}: {}", error.path.display(), error.error);
    }
    let tools: Vec<Value> = session
        .registry
        .tools()
        .iter()
        .map(|t| json!({ "name": t.name, "title": t.label, "description": t.description, "inputSchema": input_schema(&t.parameters) }))
        .collect();
    let names: HashSet<String> = session.registry.tools().iter().map(|t| t.name.clone()).collect();
    let (requests, request_stream) = unbounded_channel();
    let (events, mut event_stream) = unbounded_channel();
    let _ = requests.send(Request::Session { event: json!({ "reason": "start" }) });
    let pending: Pending = Arc::default();
    let pipeline = Pipeline::new(&mut session, events);
    let reader = Reader { requests, interrupter: pipeline.interrupter(), pending: pending.clone(), tools, names, next_call: 0 };
    std::thread::Builder::new().name("omp-host-mcp-reader".into()).spawn(move || reader.run()).expect("spawn reader");
    let write_events = async {
        while let Some(event) = event_stream.recv().await {
            forward(event, &pending);
        }
    };
    tokio::join!(pipeline.run(request_stream), write_events);
    session.engine.kill_children();
    ExitCode::SUCCESS
}

/// MCP requires an object schema at the top; anything else is wrapped so clients accept it.
fn input_schema(parameters: &Value) -> Value {
    match parameters {
        Value::Object(map) if map.get("type").and_then(Value::as_str) == Some("object") => parameters.clone(),
        Value::Object(map) if map.is_empty() => json!({ "type": "object" }),
        _ => json!({ "type": "object", "properties": {} }),
    }
}

fn send(message: Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{message}");
    let _ = out.flush();
}

fn respond(id: &Value, result: Value) {
    send(json!({ "jsonrpc": "2.0", "id": id, "result": result }));
}

fn respond_error(id: &Value, code: i64, message: &str) {
    send(json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } }));
}

/// Turns pipeline events into progress notifications and `tools/call` responses.
fn forward(event: Event, pending: &Pending) {
    match event {
        Event::ToolExecutionUpdate { tool_call_id, partial_result, .. } => {
            let mut calls = pending.lock().unwrap();
            let Some(call) = calls.get_mut(&tool_call_id) else { return };
            let Some(token) = call.progress_token.clone() else { return };
            call.progress += 1;
            send(json!({
                "jsonrpc": "2.0",
                "method": "notifications/progress",
                "params": { "progressToken": token, "progress": call.progress, "message": text_of(&partial_result) },
            }));
        }
        Event::Result { tool_call_id, result, .. } => {
            let Some(call) = pending.lock().unwrap().remove(&tool_call_id) else { return };
            // The protocol says a cancelled request gets no response.
            if !call.cancelled {
                respond(&call.rpc_id, call_result(result));
            }
        }
        Event::Error { message } => eprintln!("omp-host mcp: {message}"),
        Event::SessionEvent { reason, errors, timed_out, .. } if timed_out || !errors.is_empty() => {
            eprintln!("omp-host mcp: session event {reason}: {} handler error(s){}", errors.len(), if timed_out { ", timed out" } else { "" });
        }
        _ => {}
    }
}

/// A tool result as an MCP `CallToolResult` (content blocks already have MCP's shape).
fn call_result(result: ToolResult) -> Value {
    let mut value = json!({ "content": result.content, "isError": result.is_error });
    if result.details.as_object().is_some_and(|d| !d.is_empty()) {
        value["_meta"] = json!({ "omp-host/details": result.details });
    }
    value
}

struct Reader {
    requests: UnboundedSender<Request>,
    interrupter: Interrupter,
    pending: Pending,
    tools: Vec<Value>,
    names: HashSet<String>,
    next_call: u64,
}

impl Reader {
    fn run(mut self) {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if !line.trim().is_empty() {
                self.handle(&line);
            }
        }
        let _ = self.requests.send(Request::Session { event: json!({ "reason": "shutdown" }) });
    }

    fn handle(&mut self, line: &str) {
        let message: Value = match serde_json::from_str(line) {
            Ok(m) => m,
            Err(e) => return respond_error(&Value::Null, -32700, &format!("Parse error: {e}")),
        };
        if let Value::Array(_) = message {
            return respond_error(&Value::Null, -32600, "Invalid Request: batches are not supported");
        }
        let id = message.get("id").cloned();
        let Some(method) = message.get("method").and_then(Value::as_str) else {
            // A response from the client (we send no requests) or garbage.
            if message.get("result").is_none() && message.get("error").is_none() {
                respond_error(&id.unwrap_or(Value::Null), -32600, "Invalid Request: missing \"method\"");
            }
            return;
        };
        let params = message.get("params").cloned().unwrap_or(json!({}));
        match (method, id) {
            ("initialize", Some(id)) => {
                let asked = params.get("protocolVersion").and_then(Value::as_str).unwrap_or(PROTOCOL_VERSION);
                let version = if KNOWN_VERSIONS.contains(&asked) { asked } else { PROTOCOL_VERSION };
                respond(
                    &id,
                    json!({
                        "protocolVersion": version,
                        "capabilities": { "tools": { "listChanged": false } },
                        "serverInfo": { "name": "omp-host", "version": env!("CARGO_PKG_VERSION") },
                    }),
                );
            }
            ("ping", Some(id)) => respond(&id, json!({})),
            ("tools/list", Some(id)) => respond(&id, json!({ "tools": self.tools })),
            ("tools/call", Some(id)) => self.call(id, &params),
            ("notifications/cancelled", None) => self.cancel(&params),
            (_, None) => {} // other notifications (initialized, roots changed…) need nothing
            (other, Some(id)) => respond_error(&id, -32601, &format!("Method not found: {other}")),
        }
    }

    fn call(&mut self, id: Value, params: &Value) {
        let Some(name) = params.get("name").and_then(Value::as_str) else {
            return respond_error(&id, -32602, "Invalid params: tools/call needs a string \"name\"");
        };
        if !self.names.contains(name) {
            return respond_error(&id, -32602, &format!("Unknown tool: {name}"));
        }
        let arguments = match params.get("arguments") {
            None | Some(Value::Null) => json!({}),
            Some(args @ Value::Object(_)) => args.clone(),
            Some(_) => return respond_error(&id, -32602, "Invalid params: \"arguments\" must be an object"),
        };
        self.next_call += 1;
        let call_id = format!("mcp-{}", self.next_call);
        let progress_token = params.get("_meta").and_then(|m| m.get("progressToken")).cloned();
        self.pending.lock().unwrap().insert(call_id.clone(), PendingCall { rpc_id: id, progress_token, progress: 0, cancelled: false });
        let _ = self.requests.send(Request::Call { id: call_id, tool: name.to_string(), params: arguments });
    }

    fn cancel(&mut self, params: &Value) {
        let Some(request_id) = params.get("requestId") else { return };
        let reason = params.get("reason").and_then(Value::as_str).unwrap_or("Interrupted by user").to_string();
        let call_id = {
            let mut calls = self.pending.lock().unwrap();
            let Some((call_id, call)) = calls.iter_mut().find(|(_, c)| &c.rpc_id == request_id) else { return };
            call.cancelled = true;
            call_id.clone()
        };
        let _ = self.requests.send(Request::Cancel { id: call_id.clone(), reason: Some(reason) });
        self.interrupter.cancelled(&call_id);
    }
}
