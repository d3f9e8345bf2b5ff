//! `omp-host call NAME --params JSON [--resolve apply|discard --reason TEXT]`: one call through
//! the core (session start, the call, session shutdown), streaming partial results, then the
//! result — as text, or as JSON lines of every event with `--json`. With `--resolve`, the
//! preview the call staged is applied or discarded in the same process and that result is
//! printed too; without it, a staged preview is discarded at exit and a line says so. Ctrl-C
//! (or SIGTERM/SIGHUP) cancels the running call.

use std::process::ExitCode;

use serde_json::Value;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use super::stdio::shutdown_signal;
use crate::core::Core;
use crate::events::Event;
use crate::pending::resolve_tool;
use crate::result::text_of;
use crate::session_args::{open_session_with, session_options, SessionArgs};

pub(crate) async fn call(name: String, params: String, args: SessionArgs, json: bool, resolve: Option<Value>, learn_permissions: bool) -> ExitCode {
    let params: Value = match serde_json::from_str(&params) {
        Ok(v @ Value::Object(_)) => v,
        Ok(other) => {
            crate::host_eprintln!("omp-host call: --params must be a JSON object, got {other}");
            return ExitCode::from(2);
        }
        Err(e) => {
            crate::host_eprintln!("omp-host call: --params is not valid JSON: {e}");
            return ExitCode::from(2);
        }
    };
    let mut options = match session_options(&args) {
        Ok(options) => options,
        Err(code) => return code,
    };
    options.learn_permissions = learn_permissions;
    let project = options.cwd.clone();
    let session = match open_session_with(options).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    let permissions = session.loader.permissions.clone();
    let loaded = session.registry.get(&name).is_some();
    let watching = crate::reload::watch(&session, false);
    let (events, mut event_stream) = unbounded_channel();
    let core = Core::new(session, events.clone());
    // Applies what extensions change in the tool set (a tool registered in session_start).
    watching.reload_into(core.clone());
    core.session_event(serde_json::json!({ "reason": "start" }));
    if !loaded {
        core.tools_settled(crate::core::settings::SESSION_EVENT_TIMEOUT).await;
        let registry = core.registry();
        if registry.get(&name).is_none() {
            say_not_found(&name, &registry);
            core.shutdown("the tool was not found", None).await;
            return ExitCode::from(2);
        }
    }
    let resolving = resolve.is_some();
    let print = |event: &Event| print_event(event, json, resolving);
    core.end_stalled_calls();
    let mut failed = run_one(&core, &events, "call-1", &name, params, &print, &mut event_stream).await;
    if let Some(resolve) = resolve {
        if core.pending().staged_by("call-1").is_empty() {
            crate::host_eprintln!("omp-host call: --resolve: the call staged no preview; nothing to resolve");
            failed = true;
        } else {
            failed |= run_one(&core, &events, "resolve-1", resolve_tool::NAME, resolve, &print, &mut event_stream).await;
        }
    }
    core.seal();
    core.shutdown("the call is over", None).await;
    while let Ok(event) = event_stream.try_recv() {
        print(&event);
    }
    if learn_permissions {
        let needed = serde_json::to_string_pretty(&permissions.learned().as_config(&project)).unwrap_or_default();
        crate::host_eprintln!("omp-host call: the permissions the tool's load and this call needed (config):\n{needed}");
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `Tool <name> not found`, why, and the tools there are.
fn say_not_found(name: &str, registry: &crate::registry::Registry) {
    crate::host_eprintln!("omp-host call: Tool {name} not found{}", registry.why_missing(name));
    let names: Vec<&str> = registry.module_tools().map(|t| t.name.as_str()).collect();
    if names.is_empty() {
        crate::host_eprintln!("  no tools were found; see `omp-host list`");
    } else {
        crate::host_eprintln!("  available: {}", names.join(", "));
    }
}

/// Runs one call and prints its events; answers whether it failed.
async fn run_one(
    core: &Core,
    sink: &UnboundedSender<Event>,
    id: &str,
    tool: &str,
    params: Value,
    print: &impl Fn(&Event),
    events: &mut UnboundedReceiver<Event>,
) -> bool {
    if let Err(refused) = core.call(id.into(), tool.into(), params, sink.clone()) {
        crate::host_eprintln!("omp-host call: {refused}");
        return true;
    }
    let signal = shutdown_signal();
    tokio::pin!(signal);
    let mut signalled = false;
    loop {
        let event = tokio::select! {
            event = events.recv() => event,
            signal = &mut signal, if !signalled => {
                signalled = true;
                core.cancel(id, &format!("the host received {signal}"));
                continue;
            }
        };
        let Some(event) = event else { return true };
        print(&event);
        if let Event::ToolExecutionEnd { tool_call_id, result, .. } = event {
            if tool_call_id == id {
                return result.is_error;
            }
        }
    }
}

/// Prints one event: as JSON, or (text) the result on stdout and notes on stderr.
fn print_event(event: &Event, json: bool, resolving: bool) {
    if json {
        println!("{}", serde_json::to_string(event).unwrap_or_default());
        return;
    }
    // The calls the tool made of other tools are its own affair; its result tells of them.
    if event.parent_call_id().is_some() {
        return;
    }
    match event {
        Event::ToolExecutionUpdate { partial_result, .. } => crate::host_eprintln!("… {}", text_of(partial_result)),
        Event::ToolExecutionEnd { result, .. } => {
            println!("{}", text_of(result));
            if let Some(at) = result.details.get("errorLocation") {
                println!("    at {}:{}:{}", at["file"].as_str().unwrap_or(""), at["line"], at["column"]);
            }
        }
        Event::PendingAction { state: "queued", action, .. } if !resolving && action.tool_call_id.is_some() => {
            crate::host_eprintln!(
                "omp-host: the call staged a preview: \"{}\" (apply or discard it with --resolve apply|discard)",
                action.label
            );
        }
        Event::PendingAction {
            state: "discarded",
            action,
            reason: Some(reason),
        } => {
            crate::host_eprintln!("omp-host: discarded the pending preview \"{}\" ({reason})", action.label);
        }
        Event::Error { message, .. } => crate::host_eprintln!("omp-host: {message}"),
        _ => {}
    }
}
