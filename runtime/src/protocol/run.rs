//! `omp-host run`: the core over JSON lines on stdin/stdout. Each input line is a request
//! (`call`, `cancel`, `session`, `list`, `tool_choice`, `turn_end`, `state`); each output line
//! an event (docs/protocol.md). The host first prints `ready` (tools, load errors and the
//! session it keeps) and delivers the `start` session event. A malformed line
//! gets an `error` event naming the line and the problem, and serving goes on. End of input
//! or SIGTERM/SIGINT/SIGHUP shuts down: running calls' signals are aborted, they get a grace
//! period, `shutdown` is delivered, every process the tools started is killed. Unless
//! `--no-watch`, changed tool files are reloaded and each reload prints a `tools` event.

use std::process::ExitCode;

use serde::Deserialize;
use serde_json::Value;
use tokio::sync::mpsc::unbounded_channel;

use super::backlog::HeldEvents;
use super::stdio::{read_stdin_lines, shutdown_signal, stdout_closed, stdout_writer, InputLine};
use crate::core::Core;
use crate::events::Event;
use crate::pending::TurnEnd;
use crate::session_args::{open_session_with, session_options, SessionArgs, SessionStoreArgs};

/// A request line.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub(crate) enum Request {
    /// Run tool `tool` with `params` as call `id`.
    Call {
        id: String,
        tool: String,
        #[serde(default = "empty_object")]
        params: Value,
    },
    /// Cancel call `id` (its signal aborts; processes it started are killed).
    Cancel { id: String, reason: Option<String> },
    /// Deliver a session event (`{"reason": "start" | "switch" | …}`) to every `onSession`.
    Session { event: Value },
    /// List the loaded tools and load errors.
    List,
    /// Before each model request: which tool choice to force (`resolve` while a preview waits).
    ToolChoice,
    /// The agent's turn ended (`stopReason` as the model's message says: `stop`, `toolUse`,
    /// `aborted`, `error`, …); a forced `resolve` the turn did not make comes back.
    TurnEnd { stop_reason: String },
    /// What the client's agent is doing, for `ctx.isIdle()`, `ctx.hasQueuedMessages()`,
    /// `ctx.model` and `ctx.modelRegistry`; fields left out keep their last value.
    State {
        idle: Option<bool>,
        queued_messages: Option<u64>,
        model: Option<Value>,
        models: Option<Vec<Value>>,
    },
    /// The answer to `ui_request` `id`: its `value`, or `cancelled: true` when the user
    /// dismissed it (clients started with `--ui`).
    UiReply {
        id: String,
        #[serde(default, deserialize_with = "present")]
        value: Option<Value>,
        #[serde(default)]
        cancelled: bool,
    },
}

const REQUEST_TYPES: &str = "call, cancel, session, list, tool_choice, turn_end, state or ui_reply";

/// A field that is there, even as `null`.
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// Serves until end of input or a signal; `watch` reloads changed tool files (hot reload);
/// with `ui`, the client shows UI (`ui_request` events, `ui_reply` requests) and tools see
/// `pi.hasUI`.
pub(crate) async fn serve(args: SessionArgs, store: SessionStoreArgs, watch: bool, ui: bool) -> ExitCode {
    let mut options = match session_options(&args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    options.source = store.source();
    let (events, mut event_stream) = unbounded_channel::<Event>();
    if ui {
        options.ui.attach(events.clone());
    }
    let session = match open_session_with(options).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    // Watching starts before `ready`, so a change made after `ready` is always seen.
    let watching = crate::reload::watch(&session, watch);
    let (lines, writer) = stdout_writer();
    let ready = serde_json::json!({
        "type": "ready",
        "tools": session.registry.listed().map(|tool| crate::tool_view::tool_json(tool)).collect::<Vec<_>>(),
        "errors": session.registry.errors(),
        "session": session.session_log.describe(),
    });
    lines.send(ready.to_string());
    // The printer runs until shutdown is over, then prints what is queued and ends: an
    // engine that cannot be stopped still holds senders, and must not keep the host alive.
    let (shutdown_over, printer_finish) = tokio::sync::oneshot::channel::<()>();
    // While the client is behind (backlog.rs), events wait and a call's updates coalesce.
    let printer = tokio::spawn(async move {
        let print = |event: Event| lines.send(serde_json::to_string(&event).unwrap_or_default());
        let backlog = lines.backlog().clone();
        let mut held = HeldEvents::default();
        let relay = async {
            loop {
                tokio::select! {
                    event = event_stream.recv() => match event {
                        Some(event) if held.is_empty() && !backlog.is_over() => print(event),
                        Some(event) => held.push(event),
                        None => return,
                    },
                    _ = backlog.under_limit(), if !held.is_empty() => held.drain().for_each(print),
                }
            }
        };
        tokio::select! {
            _ = relay => {}
            _ = printer_finish => {}
        }
        held.drain().for_each(print);
        event_stream.close();
        while let Ok(event) = event_stream.try_recv() {
            print(event);
        }
    });
    let core = Core::new(session, events.clone());
    core.session_event(serde_json::json!({ "reason": "start" }));
    watching.reload_into(core.clone());
    let mut input = read_stdin_lines();
    let signal = shutdown_signal();
    let output_closed = stdout_closed();
    tokio::pin!(signal, output_closed);
    let ending = loop {
        tokio::select! {
            line = input.recv() => match line {
                Some(line) => handle(&core, &events, line),
                None => break "end of input",
            },
            signal = &mut signal => break signal,
            _ = &mut output_closed => break "the client closed the host's output",
        }
    };
    core.shutdown(&format!("the host is shutting down ({ending})"), None).await;
    let _ = shutdown_over.send(());
    drop(core);
    drop(events);
    let _ = printer.await;
    writer.finish().await;
    ExitCode::SUCCESS
}

fn handle(core: &Core, events: &tokio::sync::mpsc::UnboundedSender<Event>, line: InputLine) {
    let (number, text) = match line {
        InputLine::Line { number, text } => (number, text),
        InputLine::NotUtf8 { number } => {
            let _ = events.send(Event::Error {
                message: format!("input line {number}: not UTF-8 text; the line was skipped"),
                id: None,
            });
            return;
        }
    };
    let request = match parse_request(&text) {
        Ok(request) => request,
        Err(message) => {
            let _ = events.send(Event::Error {
                message: format!("input line {number}: {message}"),
                id: None,
            });
            return;
        }
    };
    match request {
        Request::Call { id, tool, params } => {
            if let Err(refused) = core.call(id.clone(), tool, params, events.clone()) {
                let _ = events.send(Event::Error {
                    message: format!("input line {number}: {refused}"),
                    id: Some(id),
                });
            }
        }
        Request::Cancel { id, reason } => {
            if !core.cancel(&id, reason.as_deref().unwrap_or("Interrupted by user")) {
                let message = format!("input line {number}: cancel: no running call with id \"{id}\"");
                let _ = events.send(Event::Error { message, id: Some(id) });
            }
        }
        Request::Session { event } => core.session_event(event),
        Request::List => {
            let _ = events.send(core.tools_event());
        }
        Request::ToolChoice => {
            let _ = events.send(core.tool_choice());
        }
        Request::TurnEnd { stop_reason } => core.turn_end(match stop_reason.as_str() {
            "aborted" => TurnEnd::Aborted,
            "error" => TurnEnd::Error,
            _ => TurnEnd::Completed,
        }),
        Request::State {
            idle,
            queued_messages,
            model,
            models,
        } => {
            let fields = [
                ("idle", idle.map(Value::from)),
                ("queuedMessages", queued_messages.map(Value::from)),
                ("model", model),
                ("models", models.map(Value::from)),
            ];
            let state: serde_json::Map<String, Value> = fields.into_iter().filter_map(|(key, value)| Some((key.to_string(), value?))).collect();
            core.client_state(Value::Object(state));
        }
        Request::UiReply { id, value, cancelled } => {
            let answer = if cancelled {
                Ok(None)
            } else {
                value.map(Some).ok_or("needs \"value\" (or \"cancelled\": true)".to_string())
            };
            let refused = match answer {
                Ok(value) => core.ui().reply(&id, value).err().map(|e| e.to_string()),
                Err(problem) => Some(match core.ui().method_of(&id) {
                    Some(_) => format!("UI request \"{id}\": {problem}"),
                    None => crate::ui::ReplyError::UnknownId(id.clone()).to_string(),
                }),
            };
            if let Some(message) = refused {
                let _ = events.send(Event::Error {
                    message: format!("input line {number}: ui_reply: {message}"),
                    id: Some(id),
                });
            }
        }
    }
}

/// Parses one request line, with messages that say what is wrong.
pub(crate) fn parse_request(line: &str) -> Result<Request, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let kind = value
        .get("type")
        .and_then(|t| t.as_str())
        .ok_or(format!("missing \"type\" ({REQUEST_TYPES})"))?
        .to_string();
    if !matches!(
        kind.as_str(),
        "call" | "cancel" | "session" | "list" | "tool_choice" | "turn_end" | "state" | "ui_reply"
    ) {
        return Err(format!("unknown type \"{kind}\" (expected {REQUEST_TYPES})"));
    }
    serde_json::from_value(value).map_err(|e| format!("bad \"{kind}\" request: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_parse_and_bad_lines_say_why() {
        assert!(matches!(parse_request(r#"{"type":"call","id":"a","tool":"t"}"#), Ok(Request::Call { params, .. }) if params == serde_json::json!({})));
        assert!(parse_request("{").unwrap_err().starts_with("not JSON"));
        assert!(parse_request(r#"{"id":1}"#).unwrap_err().contains("missing \"type\""));
        assert!(parse_request(r#"{"type":"nope"}"#).unwrap_err().contains("unknown type \"nope\""));
        assert!(parse_request(r#"{"type":"call","tool":"t"}"#).unwrap_err().contains("bad \"call\" request"));
    }
}
