//! What `list --json` and `run`'s tool lists show of a loaded tool: a view of the registry's
//! `ToolEntry` in the wire shape (camelCase, optional fields only when set), apart from the
//! entry itself, which also holds what only the host needs (the engine's index, compiled
//! validators).

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::bridge::declared::{DeclaredConcurrency, Exposure, SchemaKind};
use crate::bridge::ExtensionFacts;
use crate::config::ExecuteOrder;
use crate::discovery::ToolSource;
use crate::registry::{Runs, ToolEntry};
use crate::result::Keep;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ToolView<'a> {
    /// Set for the host's own tools (`resolve`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    builtin: bool,
    name: &'a str,
    label: &'a str,
    description: &'a str,
    parameters: &'a Value,
    schema_kind: SchemaKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    output_schema: Option<&'a Value>,
    execute_order: ExecuteOrder,
    hidden: bool,
    deferrable: bool,
    /// The declared value, or `"function"` for an approval asked per call.
    #[serde(skip_serializing_if = "Option::is_none")]
    approval: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    concurrency: Option<DeclaredConcurrency>,
    #[serde(skip_serializing_if = "Option::is_none")]
    truncate: Option<Keep>,
    has_on_session: bool,
    #[serde(skip_serializing_if = "Exposure::is_direct")]
    exposure: Exposure,
    #[serde(skip_serializing_if = "Option::is_none")]
    prompt_snippet: Option<&'a str>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    prompt_guidelines: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    annotations: Option<&'a Value>,
    /// For a tool a pi extension registered: what else the extension did with its API.
    #[serde(skip_serializing_if = "Option::is_none")]
    extension: Option<&'a ExtensionFacts>,
    path: &'a Path,
    resolved_path: &'a Path,
    source: &'a ToolSource,
}

/// `tool` as `list --json` and `run`'s `tools` events show it.
pub(crate) fn tool_json(tool: &ToolEntry) -> Value {
    let view = ToolView {
        builtin: tool.runs == Runs::Resolve,
        name: &tool.name,
        label: &tool.label,
        description: &tool.description,
        parameters: &tool.parameters,
        schema_kind: tool.schema_kind,
        output_schema: tool.output_schema.as_ref(),
        execute_order: tool.execute_order,
        hidden: tool.hidden,
        deferrable: tool.deferrable,
        approval: tool.approval.as_ref().map(|approval| approval.shown()),
        concurrency: tool.concurrency,
        truncate: tool.truncate,
        has_on_session: tool.has_on_session,
        exposure: tool.exposure,
        prompt_snippet: tool.prompt_snippet.as_deref(),
        prompt_guidelines: &tool.prompt_guidelines,
        annotations: tool.annotations.as_ref(),
        extension: tool.extension.as_deref(),
        path: &tool.path,
        resolved_path: &tool.resolved_path,
        source: &tool.source,
    };
    serde_json::to_value(view).expect("a tool's view is plain data")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::bridge::declared::Approval;

    #[test]
    fn the_view_shows_the_wire_fields_and_nothing_the_host_keeps_for_itself() {
        let resolve = tool_json(&ToolEntry::resolve());
        let keys: Vec<&str> = resolve.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.first(), Some(&"builtin"), "{resolve}");
        assert_eq!(
            (&resolve["builtin"], &resolve["approval"], &resolve["concurrency"]),
            (&json!(true), &json!("read"), &json!("exclusive"))
        );
        for internal in ["jsId", "engine", "validator", "outputValidator", "defaultActive", "preparesArguments", "runs"] {
            assert!(!keys.contains(&internal), "{internal} shown: {resolve}");
        }
        let mut asks = ToolEntry::missing("asks");
        asks.approval = Some(Approval::PerCall);
        let asks = tool_json(&asks);
        assert_eq!(asks["approval"], "function");
        assert!(
            asks.get("builtin").is_none() && asks.get("outputSchema").is_none() && asks.get("exposure").is_none(),
            "{asks}"
        );
        assert_eq!(asks["schemaKind"], "json");
        assert_eq!(asks["hasOnSession"], false);
    }
}
