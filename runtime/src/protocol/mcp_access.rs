//! What an MCP request may reach when `mcp --listen` checks OAuth tokens: the scopes the
//! request's token granted (`Access`, put in the request's extensions by the HTTP front end)
//! and what each scope allows (`http.oauth.scopes`: tools by name, or approval tiers). The
//! MCP server lists and calls only the tools a request's access covers, and names the scopes
//! that would cover a refused one.

use std::collections::BTreeMap;
use std::sync::Arc;

use rmcp::model::ErrorCode;
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::json;

use crate::config::http::ScopeGrant;
use crate::core::approval::Tier;
use crate::registry::{Runs, ToolEntry};

/// The JSON-RPC error of a call the token's scopes do not cover (implementation-defined range).
pub(crate) const INSUFFICIENT_SCOPE: ErrorCode = ErrorCode(-32003);

/// What a scope allows, checked.
#[derive(Debug)]
enum Grant {
    Every,
    Some { tools: Vec<String>, tiers: Vec<Tier> },
}

impl Grant {
    fn covers(&self, tool: &ToolEntry) -> bool {
        match self {
            Grant::Every => true,
            Grant::Some { tools, tiers } => {
                // A tool whose tier an approval function decides per call counts as `exec`.
                let tier = super::mcp_tools::fixed_tier(tool).unwrap_or(Tier::Exec);
                tools.contains(&tool.name) || tiers.contains(&tier)
            }
        }
    }
}

/// The scopes and what each allows.
#[derive(Debug, Default)]
pub(crate) struct ScopeMap(BTreeMap<String, Grant>);

impl ScopeMap {
    /// The checked form of the config's `http.oauth.scopes`, or why a grant is not usable.
    pub(crate) fn new(scopes: &BTreeMap<String, ScopeGrant>) -> Result<ScopeMap, String> {
        let mut map = BTreeMap::new();
        for (scope, grant) in scopes {
            let grant = match grant {
                ScopeGrant::Every(star) if star == "*" => Grant::Every,
                ScopeGrant::Every(other) => {
                    return Err(format!(
                        "http.oauth.scopes.{scope}: \"{other}\" is not a grant (\"*\", or {{\"tools\": [...], \"tiers\": [...]}})"
                    ))
                }
                ScopeGrant::Some(covers) => Grant::Some {
                    tools: covers.tools.clone(),
                    tiers: covers
                        .tiers
                        .iter()
                        .map(|tier| match tier.as_str() {
                            "read" => Ok(Tier::Read),
                            "write" => Ok(Tier::Write),
                            "exec" => Ok(Tier::Exec),
                            other => Err(format!("http.oauth.scopes.{scope}.tiers: `{other}` is not a tier (read, write, exec)")),
                        })
                        .collect::<Result<_, _>>()?,
                },
            };
            map.insert(scope.clone(), grant);
        }
        Ok(ScopeMap(map))
    }

    /// The scopes' names (the metadata document's `scopes_supported`).
    pub(crate) fn names(&self) -> impl Iterator<Item = &String> {
        self.0.keys()
    }
}

/// What a request's token allows, handed to the MCP server in the request's extensions.
#[derive(Debug)]
pub(crate) struct Access {
    pub scopes: Vec<String>,
    /// The token's subject (`sub`): who the client is, for the per-client limits.
    pub subject: Option<String>,
    pub map: Arc<ScopeMap>,
}

impl Access {
    /// Whether the token may call `tool`. `resolve` is every client's: it acts only on what
    /// that client's own calls (each checked here) staged.
    pub(crate) fn covers(&self, tool: &ToolEntry) -> bool {
        tool.runs == Runs::Resolve || self.map.0.is_empty() || self.scopes.iter().any(|scope| self.map.0.get(scope).is_some_and(|grant| grant.covers(tool)))
    }

    /// The refusal of a call to `tool` the token does not cover, naming the scopes that would.
    pub(crate) fn refusal(&self, tool: &ToolEntry) -> McpError {
        let needed: Vec<&str> = self
            .map
            .0
            .iter()
            .filter(|(_, grant)| grant.covers(tool))
            .map(|(scope, _)| scope.as_str())
            .collect();
        let had = if self.scopes.is_empty() { "none".to_string() } else { self.scopes.join(" ") };
        let message = match needed.as_slice() {
            [] => format!(
                "insufficient_scope: no scope in http.oauth.scopes covers tool `{}` (the token's scopes: {had})",
                tool.name
            ),
            [one] => format!("insufficient_scope: tool `{}` needs the scope `{one}` (the token's scopes: {had})", tool.name),
            many => format!(
                "insufficient_scope: tool `{}` needs one of the scopes {} (the token's scopes: {had})",
                tool.name,
                many.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ")
            ),
        };
        McpError::new(INSUFFICIENT_SCOPE, message, Some(json!({ "requiredScopes": needed, "tool": tool.name })))
    }
}

/// The access a request of `context` was admitted with (None: no OAuth).
pub(crate) fn access_of(context: &RequestContext<RoleServer>) -> Option<Arc<Access>> {
    context
        .extensions
        .get::<hyper::http::request::Parts>()?
        .extensions
        .get::<Arc<Access>>()
        .cloned()
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn tool(name: &str, approval: Option<Value>) -> ToolEntry {
        let mut entry = ToolEntry::missing(name);
        entry.approval = approval.map(crate::bridge::declared::Approval::Declared);
        entry
    }

    #[test]
    fn scopes_cover_tools_by_name_or_tier_and_the_refusal_names_the_scope() {
        let grants = serde_json::from_value(json!({"tools:read": {"tiers": ["read"]}, "tools:all": "*", "deploy": {"tools": ["ship"]}})).unwrap();
        let map = Arc::new(ScopeMap::new(&grants).unwrap());
        let access = |scopes: &[&str]| Access {
            scopes: scopes.iter().map(|s| s.to_string()).collect(),
            subject: None,
            map: map.clone(),
        };
        let (reader, writer, ship) = (tool("look", Some(json!("read"))), tool("edit", Some(json!("write"))), tool("ship", None));
        assert!(access(&["tools:read"]).covers(&reader));
        assert!(!access(&["tools:read"]).covers(&writer));
        assert!(access(&["deploy"]).covers(&ship) && !access(&["deploy"]).covers(&reader));
        assert!(access(&["tools:all"]).covers(&writer));
        let refused = access(&["tools:read"]).refusal(&writer);
        assert_eq!(refused.code, INSUFFICIENT_SCOPE);
        assert!(refused.message.contains("tool `edit` needs the scope `tools:all`"), "{}", refused.message);
        assert!(access(&[]).refusal(&ship).message.contains("one of the scopes `deploy`, `tools:all`"));
    }
}
