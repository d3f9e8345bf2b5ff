//! pi's structured output over MCP: a tool's `outputSchema` as MCP lists it (MCP requires an
//! object schema, `"type": "object"`, at its root; a tool whose schema has another root is
//! listed without one), and the check of a call's `structuredContent` against it before the
//! answer goes out. MCP clients (the official TypeScript SDK among them) throw on a non-error
//! result of a tool that lists an `outputSchema` when its `structuredContent` is missing or
//! does not match, so the host answers an error result that names the tool and what is wrong
//! instead (pi itself does not check).

use std::sync::Arc;

use crate::registry::ToolEntry;
use crate::result::{ContentBlock, ToolResult};
use crate::schema::CompiledSchema;

/// What a call of `tool` must give over MCP: its compiled `outputSchema`, when MCP lists it.
pub(crate) fn output_check(tool: &ToolEntry) -> Option<Arc<CompiledSchema>> {
    match tool.mcp_output_schema() {
        Ok(Some(_)) => tool.output_validator.clone(),
        _ => None,
    }
}

/// `result` of a call of tool `name` whose listed `outputSchema` is `schema`, as MCP may answer
/// it: as it is when it is an error or its `structuredContent` matches; else an error result
/// saying what is wrong, followed by the tool's own content.
pub(crate) fn checked(name: &str, schema: &CompiledSchema, mut result: ToolResult) -> ToolResult {
    if result.is_error {
        return result;
    }
    let problem = match &result.structured_content {
        None => format!("Tool \"{name}\" declares an outputSchema but returned no structuredContent, which MCP requires of its every result"),
        Some(value) if schema.is_valid(value) => return result,
        Some(value) => {
            let lines: Vec<String> = schema
                .issues(value)
                .iter()
                .map(|issue| format!("  - {}: {}", issue.display_path(), issue.message))
                .collect();
            let lines = if lines.is_empty() {
                "  - root: does not match".to_string()
            } else {
                lines.join("\n")
            };
            format!("Tool \"{name}\" returned structuredContent that does not match its outputSchema:\n{lines}")
        }
    };
    result.content.insert(0, ContentBlock::text(problem));
    result.is_error = true;
    result.useless = None;
    result.structured_content = None;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn schema() -> CompiledSchema {
        CompiledSchema::compile(&json!({"type": "object", "properties": {"count": {"type": "number"}}, "required": ["count"]})).unwrap()
    }

    fn result(structured: Option<Value>, is_error: bool) -> ToolResult {
        let mut result: ToolResult = serde_json::from_value(json!({"content": [{"type": "text", "text": "done"}], "isError": is_error})).unwrap();
        result.structured_content = structured;
        result
    }

    fn texts(result: &ToolResult) -> Vec<String> {
        result
            .content
            .iter()
            .filter_map(|b| match b {
                ContentBlock::Text { text } => Some(text.clone()),
                ContentBlock::Image { .. } => None,
            })
            .collect()
    }

    #[test]
    fn a_matching_result_and_an_error_result_pass_as_they_are() {
        let good = result(Some(json!({"count": 2})), false);
        assert_eq!(checked("t", &schema(), good.clone()), good);
        let failed = result(None, true);
        assert_eq!(checked("t", &schema(), failed.clone()), failed);
    }

    #[test]
    fn a_missing_or_mismatched_structured_content_is_an_error_naming_the_tool() {
        let missing = checked("report", &schema(), result(None, false));
        assert!(missing.is_error);
        assert_eq!(
            texts(&missing),
            [
                "Tool \"report\" declares an outputSchema but returned no structuredContent, which MCP requires of its every result",
                "done"
            ]
        );
        let wrong = checked("report", &schema(), result(Some(json!({"count": "two"})), false));
        assert!(wrong.is_error);
        assert_eq!(wrong.structured_content, None);
        let text = &texts(&wrong)[0];
        assert!(
            text.starts_with("Tool \"report\" returned structuredContent that does not match its outputSchema:\n  - count: "),
            "{text}"
        );
    }

    #[test]
    fn only_an_object_root_is_listed() {
        let mut tool = ToolEntry::missing("t");
        assert_eq!(tool.mcp_output_schema(), Ok(None));
        tool.output_schema = Some(json!({"type": "object", "properties": {}}));
        assert!(tool.mcp_output_schema().unwrap().is_some());
        tool.output_schema = Some(json!({"type": "string"}));
        let why = tool.mcp_output_schema().unwrap_err();
        assert!(why.contains("tool \"t\"") && why.contains("\"type\": \"object\""), "{why}");
    }
}
