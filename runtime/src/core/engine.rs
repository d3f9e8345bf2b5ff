//! What the core needs from an engine: start a call and hear how it ended, stop it, ask a
//! tool's concurrency, deliver a session event, kill children. The session's engines
//! (`crate::engine::lanes::Engines`) implement it; the core's unit tests drive a fake one, as codex-rs tests
//! its tool router.

use std::time::{Duration, Instant};

use deno_core::futures::future::BoxFuture;
use serde_json::Value;

use crate::bridge::{SessionReport, StopReason};
use crate::engine::lanes::Engines;
use crate::engine::{CallRun, Run, ToolRef};

pub(crate) trait ToolEngine: Send + Sync + 'static {
    /// Starts call `call_id` running `run` (a tool's execute, or a pending action's apply or
    /// reject).
    fn invoke(&self, call_id: &str, run: Run) -> CallRun;
    /// Lets go of pending action `action_id`'s functions.
    fn forget_action(&self, action_id: u64);
    /// Past `deadline`, a script of call `call_id` that will not yield is stopped.
    fn watch_call(&self, call_id: &str, deadline: Instant);
    /// Call `call_id` is over.
    fn call_ended(&self, call_id: &str);
    /// Stops call `call_id` now (its signal, its script, its children).
    fn stop_call(&self, call_id: &str, why: StopReason, reason: &str);
    /// Aborts call `call_id`'s signal only.
    fn abort_signal(&self, call_id: &str, reason: &str);
    /// What a tool's `concurrency` function says for these arguments.
    fn concurrency(&self, tool: ToolRef, params: Value) -> BoxFuture<'static, Option<String>>;
    /// What a tool's `approval` says for these arguments (not yet normalized).
    fn approval(&self, tool: ToolRef, params: Value) -> BoxFuture<'static, Value>;
    /// What a tool's `prepareArguments` made of a call's arguments, or the message it failed
    /// with; None if the engine that loaded the tool is gone.
    fn prepare_arguments(&self, _tool: ToolRef, params: Value) -> BoxFuture<'static, Option<Result<Value, String>>> {
        Box::pin(async move { Some(Ok(params)) })
    }
    /// Delivers a session event to the `onSession` of `tools`.
    fn session_event(&self, event: Value, tools: Vec<ToolRef>, key: String, timeout: Duration) -> BoxFuture<'static, SessionReport>;
    /// Waits while a replacement engine loads the tools of the engine that loaded engine
    /// number `tool_engine`'s tools; answers the serving engine's number (the `engine` of the
    /// tool entries it serves).
    fn serving(&self, _tool_engine: u64) -> BoxFuture<'static, u64> {
        Box::pin(async { 0 })
    }
    /// The serving engine's number, unless a replacement is loading the tools (no waiting,
    /// no allocation: every call asks).
    fn serving_now(&self, _tool_engine: u64) -> Option<u64> {
        Some(0)
    }
    /// No more calls will come.
    fn seal(&self);
    /// Kills every child process the tools started.
    fn kill_children(&self);
    /// Updates the session facts tools see in `ctx` (the client's state).
    fn update_session_info(&self, _info: Value) {}
}

impl ToolEngine for Engines {
    fn invoke(&self, call_id: &str, run: Run) -> CallRun {
        Engines::invoke(self, call_id, run)
    }

    fn forget_action(&self, action_id: u64) {
        self.handles().iter().for_each(|h| h.forget_action(action_id));
    }

    fn watch_call(&self, call_id: &str, deadline: Instant) {
        Engines::watch_call(self, call_id, deadline)
    }

    fn call_ended(&self, call_id: &str) {
        Engines::call_ended(self, call_id)
    }

    fn stop_call(&self, call_id: &str, why: StopReason, reason: &str) {
        if let Some(handle) = self.lane_of_call(call_id) {
            handle.stop_call(call_id, why, reason);
        }
    }

    fn abort_signal(&self, call_id: &str, reason: &str) {
        if let Some(handle) = self.lane_of_call(call_id) {
            handle.abort_signal(call_id, reason);
        }
    }

    fn concurrency(&self, tool: ToolRef, params: Value) -> BoxFuture<'static, Option<String>> {
        let engine = self.for_engine(tool.engine);
        Box::pin(async move { engine.concurrency(tool, params).await })
    }

    fn approval(&self, tool: ToolRef, params: Value) -> BoxFuture<'static, Value> {
        let engine = self.for_engine(tool.engine);
        Box::pin(async move { engine.approval(tool, params).await })
    }

    fn prepare_arguments(&self, tool: ToolRef, params: Value) -> BoxFuture<'static, Option<Result<Value, String>>> {
        let engine = self.for_engine(tool.engine);
        Box::pin(async move { engine.prepare_arguments(tool, params).await })
    }

    fn session_event(&self, event: Value, tools: Vec<ToolRef>, key: String, timeout: Duration) -> BoxFuture<'static, SessionReport> {
        let engines = self.clone();
        Box::pin(async move { engines.session_event(event, tools, key, timeout).await })
    }

    fn serving(&self, tool_engine: u64) -> BoxFuture<'static, u64> {
        let engine = self.for_engine(tool_engine);
        Box::pin(async move { engine.serving().await })
    }

    fn serving_now(&self, tool_engine: u64) -> Option<u64> {
        self.for_engine(tool_engine).serving_now()
    }

    fn seal(&self) {
        self.handles().iter().for_each(|h| h.seal());
    }

    fn kill_children(&self) {
        self.handles().iter().for_each(|h| h.kill_children());
    }

    fn update_session_info(&self, info: Value) {
        self.set_session_info(info)
    }
}
