//! How MCP clients see the tools: each loaded tool as a `Tool` (its label as `title`,
//! annotations derived from its approval tier, which agents such as the Codex CLI use to run a
//! read-only tool without asking, pi's `outputSchema` when MCP can take it, and pi's
//! `promptSnippet`/`promptGuidelines` in `_meta`), and a tool's result as a `CallToolResult`
//! whose `content` is what the model reads. A tool's `details` are UI data, not the result:
//! they travel in `_meta` under [`DETAILS_META_KEY`], a place no client shows the model
//! (clients that see `structuredContent` show it to the model instead of `content`); only what
//! the tool itself returns as pi's `structuredContent` is sent as that.

use std::sync::Arc;

use rmcp::model::{CallToolResult, MetaObject, Tool, ToolAnnotations};
use serde_json::{json, Value};

use crate::bridge::declared::Approval;
use crate::core::approval::{normalize, Tier};
use crate::registry::{Runs, ToolEntry};
use crate::result::{ContentBlock, ToolResult};

/// The `_meta` key a tool's `details` travel under.
pub(crate) const DETAILS_META_KEY: &str = "omp-host/details";

/// The `_meta` key that carries pi's `terminate: true` (the agent may skip its follow-up
/// model request after this tool batch).
pub(crate) const TERMINATE_META_KEY: &str = "omp-host/terminate";

/// The `_meta` key of a `structuredContent` that is not a JSON object (MCP's must be one).
pub(crate) const STRUCTURED_META_KEY: &str = "omp-host/structuredContent";

/// The `_meta` keys of a listed tool's pi `promptSnippet` and `promptGuidelines`.
pub(crate) const SNIPPET_META_KEY: &str = "omp-host/promptSnippet";
pub(crate) const GUIDELINES_META_KEY: &str = "omp-host/promptGuidelines";

/// A loaded tool as MCP lists it.
pub(crate) fn listed_tool(tool: &ToolEntry) -> Tool {
    let schema = match &tool.parameters {
        Value::Object(map) if map.get("type").and_then(Value::as_str) == Some("object") => map.clone(),
        _ => json!({ "type": "object", "properties": {} }).as_object().cloned().unwrap_or_default(),
    };
    let mut listed = Tool::new(tool.name.clone(), tool.description.clone(), Arc::new(schema));
    listed.title = Some(tool.label.clone());
    listed.annotations = Some(annotations(tool));
    // One MCP cannot take is left out; the loader logged why.
    listed.output_schema = tool.mcp_output_schema().ok().flatten();
    let mut meta = MetaObject::new();
    if let Some(snippet) = &tool.prompt_snippet {
        meta.0.insert(SNIPPET_META_KEY.to_string(), Value::String(snippet.clone()));
    }
    if !tool.prompt_guidelines.is_empty() {
        meta.0.insert(GUIDELINES_META_KEY.to_string(), json!(tool.prompt_guidelines));
    }
    listed.meta = (!meta.0.is_empty()).then_some(meta);
    listed
}

/// The tier a tool's every call has, or None when an approval function decides it per call.
pub(crate) fn fixed_tier(tool: &ToolEntry) -> Option<Tier> {
    match (&tool.runs, &tool.approval) {
        // `resolve` carries out a change a tool previewed.
        (Runs::Resolve, _) => Some(Tier::Write),
        (_, Some(Approval::PerCall)) => None,
        (_, Some(Approval::Declared(value))) => Some(normalize(value).tier),
        (_, None) => Some(normalize(&Value::Null).tier),
    }
}

/// The hints a client may act on: `read` → read-only; `write` and `exec` (the default when a
/// tool says nothing) → may change things. A tool whose tier is decided per call (an approval
/// function) gets no read-only hint, since some calls may write.
fn annotations(tool: &ToolEntry) -> ToolAnnotations {
    let tier = fixed_tier(tool);
    let mut hints = ToolAnnotations::default();
    hints.title = Some(tool.label.clone());
    match tier {
        Some(Tier::Read) => {
            hints.read_only_hint = Some(true);
            hints.destructive_hint = Some(false);
        }
        Some(Tier::Write | Tier::Exec) => {
            hints.read_only_hint = Some(false);
            hints.destructive_hint = Some(true);
        }
        None => {}
    }
    // What the tool declared itself (pi's `annotations`) wins.
    if let Some(Value::Object(declared)) = &tool.annotations {
        let flag = |name: &str| declared.get(name).and_then(Value::as_bool);
        hints.read_only_hint = flag("readOnlyHint").or(hints.read_only_hint);
        // A tool that says it only reads does not destroy, unless it says so too.
        let read_only = flag("readOnlyHint") == Some(true);
        hints.destructive_hint = flag("destructiveHint").or(if read_only { Some(false) } else { hints.destructive_hint });
        hints.idempotent_hint = flag("idempotentHint").or(hints.idempotent_hint);
        hints.open_world_hint = flag("openWorldHint").or(hints.open_world_hint);
        if let Some(title) = declared.get("title").and_then(Value::as_str) {
            hints.title = Some(title.to_string());
        }
    }
    hints
}

/// A tool result as MCP answers it: the content blocks, the error flag, pi's
/// `structuredContent` (in `_meta` when it is not an object), and the `details` (and pi's
/// `terminate`) in `_meta`.
pub(crate) fn call_result(result: ToolResult) -> CallToolResult {
    let content = result
        .content
        .into_iter()
        .map(|block| match block {
            ContentBlock::Text { text } => rmcp::model::ContentBlock::text(text),
            ContentBlock::Image { data, mime_type } => rmcp::model::ContentBlock::image(data, mime_type),
        })
        .collect();
    let mut answer = if result.is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    if result.details.as_object().is_some_and(|d| !d.is_empty()) {
        let mut meta = MetaObject::new();
        meta.0.insert(DETAILS_META_KEY.to_string(), result.details);
        answer.meta = Some(meta);
    }
    if result.terminate == Some(true) {
        answer
            .meta
            .get_or_insert_with(MetaObject::new)
            .0
            .insert(TERMINATE_META_KEY.to_string(), Value::Bool(true));
    }
    match result.structured_content {
        Some(structured @ Value::Object(_)) => answer.structured_content = Some(structured),
        Some(other) => {
            answer.meta.get_or_insert_with(MetaObject::new).0.insert(STRUCTURED_META_KEY.to_string(), other);
        }
        None => {}
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(approval: Option<Approval>) -> ToolEntry {
        let mut entry = ToolEntry::missing("t");
        entry.label = "T".into();
        entry.approval = approval;
        entry
    }

    fn hints(approval: Option<Value>) -> Value {
        hints_of(approval.map(Approval::Declared))
    }

    fn hints_of(approval: Option<Approval>) -> Value {
        serde_json::to_value(listed_tool(&tool(approval)).annotations).unwrap()
    }

    #[test]
    fn the_approval_tier_becomes_the_hints() {
        assert_eq!(
            hints(Some(json!("read"))),
            json!({"title": "T", "readOnlyHint": true, "destructiveHint": false})
        );
        assert_eq!(hints(Some(json!({"tier": "read", "reason": "looks"})))["readOnlyHint"], true);
        for approval in [None, Some(json!("write")), Some(json!("exec")), Some(json!("bogus"))] {
            assert_eq!(hints(approval.clone())["readOnlyHint"], false, "{approval:?}");
            assert_eq!(hints(approval.clone())["destructiveHint"], true, "{approval:?}");
        }
        assert_eq!(hints_of(Some(Approval::PerCall)), json!({"title": "T"}), "decided per call: no hint");
    }

    #[test]
    fn details_travel_in_meta_not_as_structured_content() {
        let result = ToolResult {
            content: vec![ContentBlock::Text { text: "Hello".into() }],
            details: json!({"greeted": "Ada"}),
            is_error: false,
            useless: None,
            terminate: None,
            structured_content: None,
        };
        let answer = serde_json::to_value(call_result(result)).unwrap();
        assert_eq!(answer["content"], json!([{"type": "text", "text": "Hello"}]));
        assert!(answer.get("structuredContent").is_none(), "{answer}");
        assert_eq!(answer["_meta"][DETAILS_META_KEY], json!({"greeted": "Ada"}));
    }

    #[test]
    fn structured_content_is_answered_as_such_and_a_non_object_in_meta() {
        let result: ToolResult = serde_json::from_value(json!({"content": [], "structuredContent": {"count": 2}})).unwrap();
        let answer = serde_json::to_value(call_result(result)).unwrap();
        assert_eq!(answer["structuredContent"], json!({"count": 2}));
        let result: ToolResult = serde_json::from_value(json!({"content": [], "structuredContent": [1, 2]})).unwrap();
        let answer = serde_json::to_value(call_result(result)).unwrap();
        assert!(answer.get("structuredContent").is_none(), "{answer}");
        assert_eq!(answer["_meta"][STRUCTURED_META_KEY], json!([1, 2]));
    }

    #[test]
    fn terminate_travels_in_meta() {
        let result: ToolResult = serde_json::from_value(json!({"content": [], "terminate": true})).unwrap();
        let answer = serde_json::to_value(call_result(result)).unwrap();
        assert_eq!(answer["_meta"], json!({TERMINATE_META_KEY: true}));
    }
}
