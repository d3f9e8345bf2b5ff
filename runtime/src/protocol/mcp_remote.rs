//! What the MCP server asks of a front end that serves it to many clients at once (`mcp
//! --listen`, http/): whom a call belongs to (what it stages only that client's `resolve`
//! takes) and what holds while the call runs (its client's limits, the server's drain, the
//! request that stands for it).
//! The HTTP front end implements it (http/clients.rs); the server names only this trait.

use std::sync::Arc;

use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};

use super::mcp_cancel::CancelReasons;
use crate::pending::PendingQueue;

/// What the front end keeps while a call runs; dropping it ends what it held.
pub(crate) type CallHold = Box<dyn Send + Sync>;

/// One client among many, as the MCP server serving it sees it.
pub(crate) trait RemoteClient: Send + Sync {
    /// Call `call_id` of the request `context` begins: the client's own from now on (refused
    /// while the server drains, or past the client's calls in flight).
    fn begin_call(&self, pending: &PendingQueue, call_id: &str, context: &RequestContext<RoleServer>) -> Result<CallHold, McpError>;

    /// Who owns what a call of the request `context` stages.
    fn owner_for(&self, context: &RequestContext<RoleServer>) -> Arc<str>;

    /// While the returned hold lives, the request `context` stands for call `call_id`: if the
    /// client drops the request (or its session) the call is cancelled. None when the
    /// transport cancels such a request itself.
    fn track(&self, context: &RequestContext<RoleServer>, call_id: &str, reasons: &CancelReasons) -> Option<CallHold>;
}
