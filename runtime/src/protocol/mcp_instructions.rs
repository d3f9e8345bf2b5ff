//! The server instructions MCP clients get at `initialize` (and `server/discover`), which
//! clients such as Claude Code put in the model's system prompt. MCP has no per-tool field for
//! pi's `promptSnippet` and `promptGuidelines` (pi puts them in its own system prompt), so the
//! listed tools' are gathered here, each under its tool's name; each tool also carries its own
//! in `_meta` (mcp_tools.rs).

use crate::registry::ToolEntry;

/// The first line of the instructions.
const HEADING: &str = "Guidelines for this server's tools:";

/// The instructions for `tools`: for each that has them, a line `name: snippet` (or `name`)
/// and its guidelines as `- ` lines. None when no tool has any.
pub(crate) fn instructions<'a>(tools: impl Iterator<Item = &'a ToolEntry>) -> Option<String> {
    let mut out = String::new();
    for tool in tools {
        let snippet = tool.prompt_snippet.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let mut guidelines = tool.prompt_guidelines.iter().map(|g| g.trim()).filter(|g| !g.is_empty()).peekable();
        if snippet.is_none() && guidelines.peek().is_none() {
            continue;
        }
        if out.is_empty() {
            out.push_str(HEADING);
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&tool.name);
        if let Some(snippet) = snippet {
            out.push_str(": ");
            out.push_str(snippet);
        }
        for guideline in guidelines {
            out.push_str("\n- ");
            out.push_str(guideline);
        }
        out.push('\n');
    }
    (!out.is_empty()).then(|| out.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, snippet: Option<&str>, guidelines: &[&str]) -> ToolEntry {
        let mut tool = ToolEntry::missing(name);
        tool.prompt_snippet = snippet.map(str::to_string);
        tool.prompt_guidelines = guidelines.iter().map(|g| g.to_string()).collect();
        tool
    }

    #[test]
    fn each_tool_with_guidelines_is_under_its_name() {
        let tools = [
            tool("plain", None, &[]),
            tool("report", Some("Write a report"), &["Use report last.", " "]),
            tool("search", None, &["Search before reading."]),
        ];
        assert_eq!(
            instructions(tools.iter()).as_deref(),
            Some("Guidelines for this server's tools:\n\nreport: Write a report\n- Use report last.\n\nsearch\n- Search before reading.")
        );
    }

    #[test]
    fn no_guidelines_no_instructions() {
        assert_eq!(instructions([tool("plain", Some("  "), &[])].iter()), None);
    }
}
