//! The host extension: the `pi` API and the host's side of every call. Its JavaScript
//! (`omp:/host/…`, beside this file) is the bootstrap the engine evaluates first, the `pi`
//! object, module loading and `require`, calls and their context, the client UI, pending
//! actions, `pi.exec`, `fetch` and the process globals; its ops (the Rust files here) serve
//! them: call outcomes and updates, the console and log, child processes for `pi.exec`,
//! `require`'s resolution and compilation, session entries and extensions' messages, the UI
//! and turn aborts.

pub(crate) mod call_routes;
pub(crate) mod captured_output;
pub(crate) mod commonjs_compile;
pub(crate) mod console;
pub(crate) mod exec;
pub(crate) mod fetch;
pub(crate) mod messages;
pub(crate) mod nested_calls;
pub(crate) mod pending;
pub(crate) mod process;
pub(crate) mod require;
pub(crate) mod session;
pub(crate) mod settings;
pub(crate) mod tool_set;
pub(crate) mod turn;
pub(crate) mod ui;

use crate::children::ChildRegistry;
use crate::loader::transpile::TranspileCache;
use crate::log::HostLog;
use crate::pending::PendingQueue;

/// What the host extension's ops share with the rest of the session.
pub(crate) struct HostShared {
    pub cache: TranspileCache,
    pub log: HostLog,
    pub tap: console::LogTap,
    pub pending: PendingQueue,
    pub turn_aborts: turn::TurnAborts,
    pub nested_calls: nested_calls::NestedCalls,
    pub ui: crate::ui::UiBroker,
    pub tools: crate::tool_changes::ToolChanges,
    pub permissions: crate::permissions::Permissions,
}

deno_core::extension!(
    omp_host,
    ops = [
        process::op_host_info,
        process::op_env_get,
        process::op_env_names,
        process::op_hrtime_ns,
        process::op_process_kill,
        process::op_log,
        console::op_console,
        exec::op_exec_start,
        exec::op_exec_collect,
        exec::op_exec_kill,
        exec::op_exec_terminate,
        require::op_require_resolve,
        require::op_require_load,
        require::op_require_native_addon_error,
        call_routes::op_call_update,
        call_routes::op_call_returned,
        call_routes::op_call_returned_text,
        call_routes::op_call_threw,
        pending::op_pending_push,
        turn::op_abort_turn,
        session::op_session_new_entries,
        session::op_session_append_custom,
        settings::op_pi_settings,
        messages::op_send_message,
        tool_set::op_tools_register_late,
        tool_set::op_tools_set_active,
        tool_set::op_tools_active,
        tool_set::op_tools_all,
        nested_calls::op_nested_call_start,
        nested_calls::op_nested_call_next,
        nested_calls::op_nested_call_cancel,
        nested_calls::op_tools_callable,
        ui::op_ui_has,
        ui::op_ui_has_call,
        ui::op_ui_ask,
        ui::op_ui_wait,
        ui::op_ui_withdraw,
        ui::op_ui_notify,
        ui::op_ui_status,
    ],
    options = { shared: HostShared },
    state = |state, options| {
        let HostShared { cache, log, tap, pending, turn_aborts, nested_calls, ui, tools, permissions } = options.shared;
        state.put(turn_aborts);
        state.put(nested_calls);
        state.put(pending);
        state.put(ui);
        state.put(tools);
        // Every op that touches the system asks this first (`crate::permissions`).
        state.put(permissions);
        state.put(ui::UiWaits::default());
        state.put(cache);
        state.put(log);
        state.put(tap);
        state.put(call_routes::CallRoutes::default());
        state.put(ChildRegistry::new());
        state.put(session::NewSessionEntries::default());
    }
);
