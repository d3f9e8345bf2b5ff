//! The front ends: thin adapters that translate a wire format to the core's requests and its
//! events back — `run` (JSON lines), `mcp` (Model Context Protocol through rmcp, on stdio or
//! over HTTP in http/) and `call` (one call from the command line) — plus the standard streams
//! they share.

pub mod backlog;
pub mod call;
pub mod http;
pub mod mcp;
pub mod mcp_call;
pub mod mcp_cancel;
pub mod mcp_clients;
pub mod mcp_host;
pub mod mcp_instructions;
pub mod mcp_list_changes;
pub mod mcp_logs;
pub mod mcp_output;
pub mod mcp_parked;
pub mod mcp_progress;
pub mod mcp_request_ids;
pub mod mcp_tools;
pub mod mcp_transport;
pub mod mcp_ui;
pub mod run;
pub mod stdio;
