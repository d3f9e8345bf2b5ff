//! One MCP `tools/call`: starts the call in the core, relays its updates as progress, and
//! answers with its result (checked against the tool's `outputSchema`, mcp_output.rs); a
//! cancelled request cancels the call. On the 2026-07-28 revision
//! a request that declares the `elicitation` capability in its own `_meta` gets the tool's
//! questions through the input-required round trip (SEP-2322): the host answers the request
//! with an `InputRequiredResult` holding the question's form and a `requestState` naming the
//! call, which keeps running, waiting for its answer; the client asks the user and sends the
//! `tools/call` again with the answer in `inputResponses` and the same `requestState`, and is
//! answered when the call ends or asks again. The state is a random handle to the call kept
//! here, never data the host trusts.
// MCP logging is deprecated for the 2026 revision (SEP-2577) but part of every earlier one.
#![allow(deprecated)]

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use rmcp::model::{CallToolRequestParams, CallToolResponse, ElicitRequest, ElicitResult, InputRequest, InputRequiredResult, InputResponses, ProtocolVersion};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::Value;
use tokio::sync::mpsc::unbounded_channel;

use super::mcp::McpServer;
use super::mcp_parked::Running;
use super::mcp_progress::ProgressRelay;
use super::mcp_tools::call_result;
use crate::core::{CallRequest, Core, Watch};
use crate::events::Event;
use crate::pending::{resolve_tool, REMINDER};
use crate::registry::Registry;

impl McpServer {
    /// A call made while the session loads waits for it.
    pub(super) async fn serve_call(&self, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        let core = self.loaded_core().await?;
        match request.request_state {
            Some(state) => {
                self.resume(&core, request.name.as_ref(), &state, request.input_responses.unwrap_or_default(), context)
                    .await
            }
            None => self.start(&core, request, context).await,
        }
    }

    async fn start(&self, core: &Core, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        let registry = core.registry();
        let Some(tool) = registry.get(&name) else {
            return Err(McpError::invalid_params(unknown_tool(&name, &registry), None));
        };
        // Over HTTP with OAuth: the token's scopes must cover the tool.
        if let Some(access) = super::mcp_access::access_of(&context) {
            if !access.covers(tool) {
                return Err(access.refusal(tool));
            }
        }
        let output = super::mcp_output::output_check(tool);
        let call_id = format!("mcp-{}", self.next_call.fetch_add(1, Ordering::Relaxed) + 1);
        // A client of many: the call is its own (what it stages, what its `resolve` takes).
        let remote = match &self.remote {
            Some(remote) => Some(remote.begin_call(core.pending(), &call_id, &context)?),
            None => None,
        };
        let (sink, events) = unbounded_channel();
        let asks_in_results = asks_in_results(&context) && !core.ui().has_ui_for(None);
        if asks_in_results {
            core.ui().route_call(&call_id, sink.clone());
        } else if self.remote.is_some() && self.elicits.load(Ordering::SeqCst) {
            // Its questions go to its client alone.
            core.ui().route_call(&call_id, self.ui_events.clone());
        }
        let watch = Watch {
            start: false,
            updates: context.meta.get_progress_token().is_some(),
        };
        let call = CallRequest {
            id: call_id.clone(),
            tool: name.clone(),
            params: Value::Object(request.arguments.unwrap_or_default()),
            sink,
            watch,
            parent: None,
        };
        if let Err(refused) = core.start(call) {
            core.ui().unroute_call(&call_id);
            return Err(McpError::internal_error(refused.to_string(), None));
        }
        let running = Running {
            call_id,
            tool: name,
            output,
            events,
            asks_in_results,
            asked_logs: context.meta.log_level().map(|level| self.logs.ask(level)),
            remote,
        };
        self.follow(core, running, context).await
    }

    /// The client's next round: the answers to the questions the last round asked.
    async fn resume(
        &self,
        core: &Core,
        tool: &str,
        state: &str,
        answers: InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let parked = self.parked.take(state);
        let Some(running) = parked else {
            return Err(McpError::invalid_params(
                "tools/call: requestState names no call waiting for input (it was answered already, or the host restarted)",
                None,
            ));
        };
        if running.tool != tool {
            let message = format!("tools/call: requestState belongs to a call of \"{}\", not \"{tool}\"", running.tool);
            self.parked.park(state.to_string(), running);
            return Err(McpError::invalid_params(message, None));
        }
        let ui = core.ui();
        for (id, answer) in answers {
            let value = serde_json::from_value::<ElicitResult>(answer).ok().and_then(super::mcp_ui::answer_value);
            // An answer of the wrong shape counts as dismissed; one to a question no longer
            // waiting (withdrawn meanwhile) is dropped.
            if ui.reply(&id, value).is_err() {
                let _ = ui.reply(&id, None);
            }
        }
        self.follow(core, running, context).await
    }

    /// Serves `running` until it ends, or asks the user something that must travel in the
    /// answer.
    async fn follow(&self, core: &Core, mut running: Running, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        let in_flight = self.cancel_reasons.begin(&context.id);
        // Over HTTP, this request stands for the call while it is served (http/clients.rs).
        let _tracked = self.remote.as_ref().and_then(|r| r.track(&context, &running.call_id, &self.cancel_reasons));
        let mut cancelled = false;
        let mut progress = ProgressRelay::new(context.meta.get_progress_token(), context.peer.clone(), self.backlog.clone());
        loop {
            let event = tokio::select! {
                event = running.events.recv() => event,
                _ = progress.settle() => continue,
                _ = context.ct.cancelled(), if !cancelled => {
                    cancelled = true;
                    let reason = self.cancel_reasons.reason(&in_flight).unwrap_or_else(|| "Interrupted by user".into());
                    core.cancel(&running.call_id, &reason);
                    continue;
                }
            };
            match event {
                Some(Event::ToolExecutionUpdate { partial_result, .. }) => progress.update(partial_result),
                Some(question @ Event::UiRequest { .. }) if running.asks_in_results => {
                    progress.finish().await;
                    let Some(asked) = super::mcp_ui::asked(question) else { continue };
                    let questions = BTreeMap::from([(asked.id, InputRequest::Elicitation(ElicitRequest::new(asked.params)))]);
                    let state = request_state();
                    self.parked.park(state.clone(), running);
                    return Ok(InputRequiredResult::new(Some(questions), Some(state)).into());
                }
                Some(Event::UiNotify { message, level, .. }) => {
                    if let Some(note) = super::mcp_ui::notification(&message, &level, &self.logs) {
                        let _ = context.peer.notify_logging_message(note).await;
                    }
                }
                Some(Event::ToolExecutionEnd { result, .. }) => {
                    // The latest update waiting goes out before the result.
                    progress.finish().await;
                    core.ui().unroute_call(&running.call_id);
                    // A result MCP clients would reject for its outputSchema says why instead.
                    let result = match &running.output {
                        Some(schema) => super::mcp_output::checked(&running.tool, schema, result),
                        None => result,
                    };
                    let is_error = result.is_error;
                    let mut answer = call_result(result);
                    // MCP has no steering messages: a call that staged a preview says so itself,
                    // and so does a failed apply (its action waits again).
                    let pending = core.pending();
                    let staged = !pending.staged_by(&running.call_id).is_empty();
                    let owner = self.remote.as_ref().map(|r| r.owner_for(&context));
                    let owner = owner.as_deref();
                    let apply_failed = running.tool == resolve_tool::NAME && is_error && pending.has_pending_of(owner);
                    if staged || apply_failed {
                        answer.content.push(rmcp::model::ContentBlock::text(REMINDER));
                    }
                    return Ok(answer.into());
                }
                Some(_) => {}
                None => {
                    core.ui().unroute_call(&running.call_id);
                    return Err(McpError::internal_error("the call ended without a result", None));
                }
            }
        }
    }
}

/// Whether the request is on the 2026-07-28 revision and declares, in its own `_meta`, that
/// its client can show forms.
fn asks_in_results(context: &RequestContext<RoleServer>) -> bool {
    let revision = context.protocol_version();
    let current = revision.is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str());
    current && context.meta.client_capabilities().is_some_and(|c| super::mcp_ui::client_can_elicit(&c))
}

/// A fresh, unguessable handle for a parked call.
fn request_state() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system's random numbers");
    format!("call-{}", hex::encode(bytes))
}

/// Why `name` cannot be called: the load error of the module named after it (`name.ts`,
/// `name/index.ts`), else every load error, else that no such tool exists.
pub(crate) fn unknown_tool(name: &str, registry: &Registry) -> String {
    if let Some(error) = registry.load_error_named(name) {
        return format!("Tool \"{name}\" failed to load: {}", error.text());
    }
    match registry.load_errors_summary() {
        Some(summary) => format!("Unknown tool: {name}. {summary}"),
        None => format!("Unknown tool: {name}"),
    }
}
