//! The front ends: thin adapters that translate a wire format to the core's requests and its
//! events back — `run` (JSON lines), `mcp` (Model Context Protocol through rmcp, on stdio or
//! over HTTP in http/) and `call` (one call from the command line) — plus the standard streams
//! they share.

pub(crate) mod backlog;
pub(crate) mod call;
pub(crate) mod http;
pub(crate) mod mcp;
pub(crate) mod mcp_access;
pub(crate) mod mcp_call;
pub(crate) mod mcp_cancel;
pub(crate) mod mcp_clients;
pub(crate) mod mcp_host;
pub(crate) mod mcp_instructions;
pub(crate) mod mcp_kept_list;
pub(crate) mod mcp_list_changes;
pub(crate) mod mcp_logs;
pub(crate) mod mcp_output;
pub(crate) mod mcp_parked;
pub(crate) mod mcp_progress;
pub(crate) mod mcp_remote;
pub(crate) mod mcp_request_ids;
pub(crate) mod mcp_tools;
pub(crate) mod mcp_transport;
pub(crate) mod mcp_ui;
pub(crate) mod run;
pub(crate) mod stdio;
