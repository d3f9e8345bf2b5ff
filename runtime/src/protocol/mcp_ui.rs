//! UI through an MCP client. A client that declared the `elicitation` capability (form mode)
//! at `initialize` gets each question a tool asks as an `elicitation/create` request
//! (`serve`); on the 2026-07-28 revision a request that declares it in its own `_meta` gets
//! the same form inside an input-required result instead (mcp_call.rs). Each form has one
//! field, `value` (confirm: a boolean, select: a string enum, input and editor: a string);
//! `ui.notify` is a log message (logger `ui`). An accepted form answers with its `value`;
//! decline, cancel, or a form of the wrong shape answers as the no-op UI would. A withdrawn
//! question (its call cancelled, its signal or timeout) sends `notifications/cancelled` for
//! the elicitation.
// MCP logging is deprecated for the 2026 revision (SEP-2577) but part of every earlier one.
#![allow(deprecated)]

use rmcp::model::{
    ClientResult, ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema, LoggingLevel, LoggingMessageNotificationParam,
    ServerRequest,
};
use rmcp::service::{PeerRequestOptions, RequestHandle};
use rmcp::{Peer, RoleServer};
use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedReceiver;

use super::mcp_logs::LogGate;
use crate::events::Event;
use crate::ui::UiBroker;

/// Whether the client's `initialize` capabilities allow form elicitation.
pub(crate) fn client_can_elicit(capabilities: &rmcp::model::ClientCapabilities) -> bool {
    match &capabilities.elicitation {
        // No mode named means form (the 2025-06-18 shape).
        Some(elicitation) => elicitation.form.is_some() || elicitation.url.is_none(),
        None => false,
    }
}

/// Serves the broker's events to the client until the broker lets go.
pub(crate) async fn serve(mut events: UnboundedReceiver<Event>, peer: Peer<RoleServer>, ui: UiBroker, logs: LogGate) {
    while let Some(event) = events.recv().await {
        match event {
            question @ Event::UiRequest { .. } => {
                let Some(Asked { id, params, withdrawn }) = asked(question) else { continue };
                let (peer, ui) = (peer.clone(), ui.clone());
                tokio::spawn(async move {
                    let value = ask(&peer, params, withdrawn).await;
                    // A form of the wrong shape counts as dismissed.
                    if ui.reply(&id, value).is_err() {
                        let _ = ui.reply(&id, None);
                    }
                });
            }
            Event::UiNotify { message, level, .. } => {
                if let Some(note) = notification(&message, &level, &logs) {
                    let _ = peer.notify_logging_message(note).await;
                }
            }
            // A withdrawn question is cancelled through its token; MCP has no status line.
            _ => {}
        }
    }
}

/// `ui.notify(message, level)` as a log message, if the client wants that level now.
pub(crate) fn notification(message: &str, level: &str, logs: &LogGate) -> Option<LoggingMessageNotificationParam> {
    let level = match level {
        "warning" => LoggingLevel::Warning,
        "error" => LoggingLevel::Error,
        _ => LoggingLevel::Info,
    };
    logs.wants(level)
        .then(|| LoggingMessageNotificationParam::new(level, json!(message)).with_logger("ui"))
}

/// The `value` of an accepted form (None: dismissed).
pub(crate) fn answer_value(result: ElicitResult) -> Option<Value> {
    if result.action != ElicitationAction::Accept {
        return None;
    }
    result.content.and_then(|content| content.get("value").cloned())
}

/// Sends the elicitation and waits for the answer's `value` (None: dismissed, withdrawn,
/// or the client could not answer).
async fn ask(peer: &Peer<RoleServer>, params: ElicitRequestParams, withdrawn: tokio_util::sync::CancellationToken) -> Option<Value> {
    let request = ServerRequest::ElicitRequest(ElicitRequest::new(params));
    let handle: RequestHandle<RoleServer> = peer.send_cancellable_request(request, PeerRequestOptions::no_options()).await.ok()?;
    let id = handle.id.clone();
    tokio::select! {
        answer = handle.await_response() => match answer {
            Ok(ClientResult::ElicitResult(result)) => answer_value(result),
            _ => None,
        },
        _ = withdrawn.cancelled() => {
            let note = rmcp::model::CancelledNotificationParam::new(Some(id), Some("the tool stopped waiting for an answer".into()));
            let _ = peer.notify_cancelled(note).await;
            None
        }
    }
}

/// A question as a form: its id, the form, and the token cancelled when it is withdrawn.
pub(crate) struct Asked {
    pub id: String,
    pub params: ElicitRequestParams,
    pub withdrawn: tokio_util::sync::CancellationToken,
}

/// The form for a `UiRequest` event (None for any other event).
pub(crate) fn asked(event: Event) -> Option<Asked> {
    let Event::UiRequest {
        id,
        method,
        title,
        options,
        message,
        placeholder,
        prefill,
        withdrawn,
        ..
    } = event
    else {
        return None;
    };
    let params = form(method, title, options, message, placeholder, prefill);
    Some(Asked { id, params, withdrawn })
}

/// The form for one question: one field, `value`.
fn form(
    method: &str,
    title: String,
    options: Option<Vec<String>>,
    message: Option<String>,
    placeholder: Option<String>,
    prefill: Option<String>,
) -> ElicitRequestParams {
    let mut field = match method {
        "confirm" => json!({ "type": "boolean", "title": "Confirm" }),
        "select" => json!({ "type": "string", "title": "Choice", "enum": options.unwrap_or_default() }),
        "editor" => json!({ "type": "string", "title": "Text" }),
        _ => json!({ "type": "string", "title": "Answer" }),
    };
    if let Some(description) = message.filter(|m| !m.is_empty()).or(placeholder) {
        field["description"] = json!(description);
    }
    if let Some(prefill) = prefill.filter(|_| method == "editor") {
        field["default"] = json!(prefill);
    }
    let schema = json!({ "type": "object", "properties": { "value": field }, "required": ["value"] });
    let requested_schema: ElicitationSchema =
        serde_json::from_value(schema).unwrap_or_else(|_| ElicitationSchema::builder().required_string("value").build().expect("a one-field schema"));
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: title,
        requested_schema,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_question_is_a_one_field_form() {
        let form = |method: &str, options: Option<Vec<String>>| {
            let params = form(method, "Pick".into(), options, Some("Sure?".into()), None, Some("draft".into()));
            serde_json::to_value(params).unwrap()
        };
        let select = form("select", Some(vec!["a".into(), "b".into()]));
        assert_eq!(select["requestedSchema"]["properties"]["value"]["enum"], json!(["a", "b"]), "{select}");
        assert_eq!(select["message"], "Pick");
        assert_eq!(form("confirm", None)["requestedSchema"]["properties"]["value"]["type"], "boolean");
        assert_eq!(form("editor", None)["requestedSchema"]["properties"]["value"]["default"], "draft");
    }
}
