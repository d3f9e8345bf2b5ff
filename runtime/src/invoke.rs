//! The call pipeline: find the tool, start `execute` on the engine, forward partial results
//! as they come, and turn the settled value or thrown error into a call outcome.

use std::future::poll_fn;
use std::task::Poll;
use std::time::{Duration, Instant};

use deno_core::futures::FutureExt;
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::engine::updates::CallUpdate;
use crate::engine::Driven;
use crate::registry::SourceLocation;
use crate::session::Session;

/// What a call produced before result shaping.
#[derive(Debug, Clone)]
pub enum RawOutcome {
    /// `execute` settled with this value.
    Returned(Value),
    /// `execute` threw or rejected.
    Threw { message: String, location: Option<SourceLocation> },
}

#[derive(Debug, Clone)]
pub struct CallRecord {
    pub call_id: String,
    pub tool: String,
    pub outcome: RawOutcome,
    pub duration: Duration,
}

#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error("Tool {0} not found")]
    NotFound(String),
    #[error("{0}")]
    Engine(String),
}

#[derive(Deserialize)]
struct Reply {
    ok: bool,
    value: Option<Value>,
    error: Option<ThrownReply>,
}

#[derive(Deserialize)]
struct ThrownReply {
    message: String,
    location: Option<SourceLocation>,
}

/// Runs `name` with `params` as call `call_id`; `on_update` sees each partial result in order.
pub async fn run_call(
    session: &mut Session,
    updates: &mut UnboundedReceiver<CallUpdate>,
    name: &str,
    call_id: &str,
    params: &Value,
    on_update: &mut dyn FnMut(CallUpdate),
) -> Result<CallRecord, CallError> {
    let tool = session.registry.get(name).ok_or_else(|| CallError::NotFound(name.to_string()))?.clone();
    let info = serde_json::json!({ "cwd": session.cwd.display().to_string(), "sessionId": session.session_id });
    let started = Instant::now();
    let mut js_call = session.engine.start_call(tool.js_id, call_id, &params.to_string(), &info.to_string());
    let combined = poll_fn(|cx| {
        while let Poll::Ready(Some(update)) = updates.poll_recv(cx) {
            on_update(update);
        }
        js_call.poll_unpin(cx)
    });
    let settled = session.engine.drive(Box::pin(combined)).await;
    while let Ok(update) = updates.try_recv() {
        on_update(update);
    }
    let outcome = match settled {
        Driven::Done(Ok(value)) => {
            let reply: Reply = serde_json::from_str(&session.engine.to_string(&value)).map_err(|e| CallError::Engine(e.to_string()))?;
            if reply.ok {
                RawOutcome::Returned(reply.value.unwrap_or(Value::Null))
            } else {
                let thrown = reply.error.unwrap_or(ThrownReply { message: "unknown error".into(), location: None });
                RawOutcome::Threw { message: thrown.message, location: thrown.location }
            }
        }
        Driven::Done(Err(err)) => RawOutcome::Threw { message: err.to_string(), location: None },
        Driven::Stalled => RawOutcome::Threw {
            message: format!("Tool {name} never settled: its promise is still pending and nothing is left that could settle it"),
            location: None,
        },
    };
    Ok(CallRecord { call_id: call_id.to_string(), tool: name.to_string(), outcome, duration: started.elapsed() })
}
