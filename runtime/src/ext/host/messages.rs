//! `pi.sendMessage(message, options)`: an extension's custom message for the agent's
//! conversation. The host runs no model turn, so the message goes to the client: recorded in
//! the session as pi records it (a `custom_message` entry, unless the session is the client's
//! own file), sent to `run`'s client as pi's `message_end` event with the delivery options, and
//! offered to MCP clients as a log message (logger `message`) when it is for display, MCP
//! having no way to add to a client's conversation.

use deno_core::{op2, OpState};
use serde_json::Value;

use super::console::{LogRecord, LogTap};
use super::session::NewSessionEntries;
use super::turn::TurnAborts;
use crate::bridge::plain_json::PlainJson;
use crate::events::Event;

/// What fails in `pi.sendMessage`: the session has not started, or no session is open.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum MessageError {
    /// Sent while extensions load, before the session started.
    #[class(generic)]
    #[error("pi.sendMessage: the session has not started yet (extensions are loading); send it from session_start or a tool")]
    NotStarted,
    /// No session is open to record it in.
    #[class(generic)]
    #[error("pi.sendMessage: {0}")]
    NoSession(#[from] super::session::NoSession),
}

/// Sends `message` (pi's custom message, built in messages.js) for call `call_id` (empty when
/// no call sent it) with pi's delivery `options` (null when none were given).
#[op2]
pub(crate) fn op_send_message(
    state: &mut OpState,
    #[string] call_id: String,
    #[serde] message: PlainJson,
    #[serde] options: PlainJson,
) -> Result<(), MessageError> {
    let (message, options) = (message.0, options.0);
    // As in pi, where sending while extensions load throws: no front end listens yet.
    if !state.borrow::<TurnAborts>().has_message_sink() {
        return Err(MessageError::NotStarted);
    }
    state.borrow::<NewSessionEntries>().append_custom_message(&message)?;
    if message.get("display") == Some(&Value::Bool(true)) {
        if let Some(tap) = state.try_borrow::<LogTap>() {
            tap.offer(LogRecord {
                level: "info".into(),
                logger: "message",
                data: message.clone(),
            });
        }
    }
    state.borrow::<TurnAborts>().message(Event::MessageEnd {
        message,
        options: (!options.is_null()).then_some(options),
        tool_call_id: (!call_id.is_empty()).then_some(call_id),
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = MessageError::NotStarted;
        assert_eq!(err.get_class(), "Error");
        assert!(err.get_message().starts_with("pi.sendMessage: the session has not started yet"));
        let err = MessageError::from(super::super::session::NoSession);
        assert_eq!(err.get_message(), "pi.sendMessage: no session is open yet");
    }
}
