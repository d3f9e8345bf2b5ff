//! The ops behind the client UI (`ext/host/ui.js`): whether a client can show UI, asking a
//! question (answered later through the session's `UiBroker`), waiting for its answer,
//! withdrawing it (signal, timeout), and the `notify` / `setStatus` notifications.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use deno_core::{op2, OpState};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::oneshot;

use crate::ui::{Answer, Method, Question, UiBroker};

/// Answers not yet awaited, by question id (kept in `OpState`).
#[derive(Default)]
pub(crate) struct UiWaits(HashMap<String, oneshot::Receiver<Answer>>);

/// A question as `ui.js` sends it.
#[derive(Debug, Deserialize)]
pub(crate) struct QuestionIn {
    title: String,
    #[serde(default)]
    options: Option<Vec<String>>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    placeholder: Option<String>,
    #[serde(default)]
    prefill: Option<String>,
}

fn call_id(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

/// Whether a client can show UI now.
#[op2(fast)]
pub(crate) fn op_ui_has(state: &mut OpState) -> bool {
    state.borrow::<UiBroker>().has_ui()
}

/// Whether call `call`'s questions reach a client now (`ctx.hasUI`).
#[op2(fast)]
pub(crate) fn op_ui_has_call(state: &mut OpState, #[string] call: &str) -> bool {
    state.borrow::<UiBroker>().has_ui_for(call_id(call))
}

/// Asks the client; answers the question's id (await it with `op_ui_wait`).
#[op2]
#[string]
pub(crate) fn op_ui_ask(state: &mut OpState, #[string] call: &str, #[string] method: &str, #[serde] question: QuestionIn) -> String {
    let method = Method::from_name(method).unwrap_or(Method::Input);
    let question = Question {
        title: question.title,
        options: question.options,
        message: question.message,
        placeholder: question.placeholder,
        prefill: question.prefill,
    };
    let (id, answer) = state.borrow::<UiBroker>().ask(call_id(call), method, question);
    state.borrow_mut::<UiWaits>().0.insert(id.clone(), answer);
    id
}

/// What `op_ui_wait` answers: the value, or that the question was dismissed or withdrawn.
#[derive(Debug, Serialize)]
pub(crate) struct Outcome {
    cancelled: bool,
    value: Option<Value>,
}

/// The answer to question `id`.
#[op2]
#[serde]
pub(crate) async fn op_ui_wait(state: Rc<RefCell<OpState>>, #[string] id: String) -> Outcome {
    let answer = state.borrow_mut().borrow_mut::<UiWaits>().0.remove(&id);
    let cancelled = Outcome { cancelled: true, value: None };
    match answer {
        Some(answer) => match answer.await {
            Ok(Answer::Value(value)) => Outcome {
                cancelled: false,
                value: Some(value),
            },
            Ok(Answer::Cancelled) | Err(_) => cancelled,
        },
        None => cancelled,
    }
}

/// Withdraws question `id` (its signal aborted or its timeout passed).
#[op2(fast)]
pub(crate) fn op_ui_withdraw(state: &mut OpState, #[string] id: &str, #[string] reason: &str) {
    state.borrow::<UiBroker>().withdraw(id, reason);
}

/// `ui.notify(message, type)`.
#[op2(fast)]
pub(crate) fn op_ui_notify(state: &mut OpState, #[string] call: &str, #[string] message: String, #[string] level: String) {
    state.borrow::<UiBroker>().notify(call_id(call), message, level);
}

/// `ui.setStatus(key, text)`; `clear` (text undefined) clears it.
#[op2(fast)]
pub(crate) fn op_ui_status(state: &mut OpState, #[string] call: &str, #[string] key: String, #[string] text: String, clear: bool) {
    state.borrow::<UiBroker>().set_status(call_id(call), key, (!clear).then_some(text));
}
