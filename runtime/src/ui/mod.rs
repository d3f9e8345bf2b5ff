//! UI through the client (contract 3.3): the session's broker between what asks the user
//! something (a tool's `pi.ui.select/confirm/input/editor`, the approval gate) and the front
//! end that can show it. A front end that can show UI attaches its event sink; from then on
//! `hasUI` is true, each question becomes a `UiRequest` event with a session-unique id, and
//! the front end answers it by id. A question is withdrawn (answered as cancelled, and the
//! front end told) when its call is cancelled or ends, when its signal aborts or when its
//! timeout passes. Without an attached front end nothing is ever asked: the JavaScript side
//! keeps the no-op UI.

pub(crate) mod reply;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

use crate::events::{Event, EventSink};
pub(crate) use reply::{check_reply, Method};

/// What the client answered.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Answer {
    /// The user answered with this value (already checked against the question's shape).
    Value(Value),
    /// The user dismissed the question, or it was withdrawn.
    Cancelled,
}

/// A question for the user.
#[derive(Debug, Clone, Default)]
pub(crate) struct Question {
    pub title: String,
    /// `select`'s choices.
    pub options: Option<Vec<String>>,
    /// `confirm`'s message.
    pub message: Option<String>,
    /// `input`'s placeholder.
    pub placeholder: Option<String>,
    /// `editor`'s prefilled text.
    pub prefill: Option<String>,
}

struct Waiting {
    call_id: Option<String>,
    method: Method,
    options: Option<Vec<String>>,
    answer: oneshot::Sender<Answer>,
    withdrawn: CancellationToken,
}

#[derive(Default)]
struct Inner {
    /// The front end that shows questions, once one is attached.
    sink: Mutex<Option<EventSink>>,
    attached: AtomicBool,
    /// Calls whose questions go to a sink of their own: an MCP request that declared it can
    /// show forms in its own metadata (the 2026-07-28 revision) rather than at `initialize`.
    routes: Mutex<HashMap<String, EventSink>>,
    /// Whether any call has been routed: some calls can then be asked (`pi.hasUI`).
    routed: AtomicBool,
    next_id: AtomicU64,
    waiting: Mutex<HashMap<String, Waiting>>,
}

/// The session's UI broker; cheap to clone, shared by the engine's ops, the core and the
/// front end.
#[derive(Clone, Default)]
pub(crate) struct UiBroker {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for UiBroker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UiBroker")
    }
}

/// Why a reply was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ReplyError {
    #[error("no UI request with id \"{0}\" is waiting (it was answered or withdrawn, or never existed)")]
    UnknownId(String),
    #[error("UI request \"{id}\" ({method}): {problem}")]
    WrongShape { id: String, method: &'static str, problem: String },
}

impl UiBroker {
    /// A front end that can show UI sends its questions and notifications to `sink`.
    pub(crate) fn attach(&self, sink: EventSink) {
        *self.inner.sink.lock().unwrap() = Some(sink);
        self.inner.attached.store(true, Ordering::SeqCst);
    }

    /// The session is ending: every question still waiting is withdrawn, and the front end's
    /// sink is let go (so its event stream can end).
    pub(crate) fn detach(&self, reason: &str) {
        let questions: Vec<(String, Waiting)> = self.inner.waiting.lock().unwrap().drain().collect();
        for (id, question) in questions {
            self.withdrawn(id, question, reason);
        }
        self.inner.attached.store(false, Ordering::SeqCst);
        *self.inner.sink.lock().unwrap() = None;
        self.inner.routes.lock().unwrap().clear();
    }

    /// Call `call_id`'s questions and notifications go to `sink` until `unroute_call`.
    pub(crate) fn route_call(&self, call_id: &str, sink: EventSink) {
        self.inner.routes.lock().unwrap().insert(call_id.to_string(), sink);
        self.inner.routed.store(true, Ordering::SeqCst);
    }

    /// Call `call_id`'s questions go where call `like`'s go (a tool's call of another tool
    /// asks the same client), until `unroute_call`.
    pub(crate) fn route_like(&self, call_id: &str, like: &str) {
        let mut routes = self.inner.routes.lock().unwrap();
        if let Some(sink) = routes.get(like).cloned() {
            routes.insert(call_id.to_string(), sink);
        }
    }

    /// Call `call_id` ended: its own sink is let go.
    pub(crate) fn unroute_call(&self, call_id: &str) {
        self.inner.routes.lock().unwrap().remove(call_id);
    }

    /// Whether a client can show UI to some call (`pi.hasUI`).
    pub(crate) fn has_ui(&self) -> bool {
        self.inner.attached.load(Ordering::SeqCst) || self.inner.routed.load(Ordering::SeqCst)
    }

    /// Whether call `call_id`'s questions reach a client (`ctx.hasUI`, the approval gate).
    pub(crate) fn has_ui_for(&self, call_id: Option<&str>) -> bool {
        self.inner.attached.load(Ordering::SeqCst) || call_id.is_some_and(|id| self.inner.routes.lock().unwrap().contains_key(id))
    }

    /// Sends `event` to its call's own sink, else to the front end's.
    fn emit(&self, call_id: Option<&str>, event: Event) {
        if let Some(call_id) = call_id {
            if let Some(sink) = self.inner.routes.lock().unwrap().get(call_id) {
                let _ = sink.send(event);
                return;
            }
        }
        if let Some(sink) = self.inner.sink.lock().unwrap().as_ref() {
            let _ = sink.send(event);
        }
    }

    /// Asks the client `question` for call `call_id`; the receiver gets the answer (or
    /// `Cancelled` when it is withdrawn). Without a client the answer is `Cancelled` at once.
    pub(crate) fn ask(&self, call_id: Option<&str>, method: Method, question: Question) -> (String, oneshot::Receiver<Answer>) {
        let (answer, receiver) = oneshot::channel();
        let id = format!("ui-{}", self.inner.next_id.fetch_add(1, Ordering::Relaxed) + 1);
        if !self.has_ui_for(call_id) {
            let _ = answer.send(Answer::Cancelled);
            return (id, receiver);
        }
        let withdrawn = CancellationToken::new();
        let waiting = Waiting {
            call_id: call_id.map(str::to_string),
            method,
            options: question.options.clone(),
            answer,
            withdrawn: withdrawn.clone(),
        };
        self.inner.waiting.lock().unwrap().insert(id.clone(), waiting);
        self.emit(
            call_id,
            Event::UiRequest {
                id: id.clone(),
                tool_call_id: call_id.map(str::to_string),
                method: method.name(),
                title: question.title,
                options: question.options,
                message: question.message,
                placeholder: question.placeholder,
                prefill: question.prefill,
                withdrawn,
            },
        );
        (id, receiver)
    }

    /// The client answered question `id` with `value` (`None`: it dismissed the question).
    /// A reply of the wrong shape is refused and the question keeps waiting.
    pub(crate) fn reply(&self, id: &str, value: Option<Value>) -> Result<(), ReplyError> {
        let mut waiting = self.inner.waiting.lock().unwrap();
        let Some(question) = waiting.get(id) else {
            return Err(ReplyError::UnknownId(id.to_string()));
        };
        let answer = match value {
            None => Answer::Cancelled,
            Some(value) => match check_reply(question.method, question.options.as_deref(), value) {
                Ok(answer) => answer,
                Err(problem) => {
                    return Err(ReplyError::WrongShape {
                        id: id.to_string(),
                        method: question.method.name(),
                        problem,
                    })
                }
            },
        };
        let question = waiting.remove(id).expect("checked above");
        question.withdrawn.cancel();
        let _ = question.answer.send(answer);
        Ok(())
    }

    /// The method of question `id`, while it waits.
    pub(crate) fn method_of(&self, id: &str) -> Option<Method> {
        self.inner.waiting.lock().unwrap().get(id).map(|q| q.method)
    }

    /// Withdraws question `id` (it is answered as cancelled; the client is told).
    pub(crate) fn withdraw(&self, id: &str, reason: &str) {
        let question = self.inner.waiting.lock().unwrap().remove(id);
        if let Some(question) = question {
            self.withdrawn(id.to_string(), question, reason);
        }
    }

    /// Withdraws every question call `call_id` is waiting on.
    pub(crate) fn withdraw_call(&self, call_id: &str, reason: &str) {
        let questions: Vec<(String, Waiting)> = {
            let mut waiting = self.inner.waiting.lock().unwrap();
            let ids: Vec<String> = waiting
                .iter()
                .filter(|(_, q)| q.call_id.as_deref() == Some(call_id))
                .map(|(id, _)| id.clone())
                .collect();
            ids.into_iter().filter_map(|id| waiting.remove(&id).map(|q| (id, q))).collect()
        };
        for (id, question) in questions {
            self.withdrawn(id, question, reason);
        }
    }

    fn withdrawn(&self, id: String, question: Waiting, reason: &str) {
        question.withdrawn.cancel();
        let _ = question.answer.send(Answer::Cancelled);
        let call_id = question.call_id;
        self.emit(
            call_id.as_deref(),
            Event::UiWithdrawn {
                id,
                tool_call_id: call_id.clone(),
                reason: reason.to_string(),
            },
        );
    }

    /// `ui.notify(message, type)`.
    pub(crate) fn notify(&self, call_id: Option<&str>, message: String, level: String) {
        self.emit(
            call_id,
            Event::UiNotify {
                tool_call_id: call_id.map(str::to_string),
                message,
                level,
            },
        );
    }

    /// `ui.setStatus(key, text)`; `None` clears the status.
    pub(crate) fn set_status(&self, call_id: Option<&str>, key: String, text: Option<String>) {
        self.emit(
            call_id,
            Event::UiStatus {
                tool_call_id: call_id.map(str::to_string),
                key,
                text,
            },
        );
    }
}
