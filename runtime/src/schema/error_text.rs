//! The failure of a tool call's argument validation and its verbatim error text
//! (contract 5.2 step 6):
//!
//! ```text
//! Validation failed for tool "<name>":
//!   - <path>: <issue message>
//!
//! Received arguments:
//! <JSON.stringify(args, null, 2)>
//! ```

use super::issues::Issue;
use super::js_format::{js_json_pretty, utf16_len, utf16_prefix};
use serde_json::{Map, Value};
use std::fmt;

/// Strings longer than this (in UTF-16 units) are cut in the "Received arguments" dump.
const MAX_ERROR_ARG_STRING_LENGTH: usize = 256;

/// Arguments that could not be reconciled with the tool's schema.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidationFailure {
    /// zod-style issues of the last validation attempt.
    pub issues: Vec<Issue>,
    /// The arguments as the model sent them.
    pub original: Value,
    /// The arguments after normalization and coercion, when those changed anything.
    pub normalized: Option<Value>,
    /// The issue lines as omp 17 words them (omp_messages.rs); `None` prints `issues` in
    /// zod's wording.
    pub lines: Option<Vec<String>>,
    /// Worded as pi 1.6.0 words it (a tool a pi extension registered): `lines` as they are,
    /// and the arguments as received, whole (pi neither cuts long strings nor shows a
    /// normalized copy).
    pub pi: bool,
}

impl ValidationFailure {
    /// The error text omp reports as the tool result.
    pub fn message(&self, tool_name: &str) -> String {
        let lines: Vec<String> = match &self.lines {
            Some(lines) => lines.clone(),
            None => self
                .issues
                .iter()
                .map(|issue| format!("  - {}: {}", issue.display_path(), issue.message))
                .collect(),
        };
        let body = if lines.is_empty() {
            "Unknown validation error".to_string()
        } else {
            lines.join("\n")
        };
        if self.pi {
            return format!(
                "Validation failed for tool \"{tool_name}\":\n{body}\n\nReceived arguments:\n{}",
                js_json_pretty(&self.original)
            );
        }
        let received = match &self.normalized {
            Some(normalized) => {
                let mut both = Map::new();
                both.insert("original".to_string(), truncate_long_strings(&self.original));
                both.insert("normalized".to_string(), truncate_long_strings(normalized));
                Value::Object(both)
            }
            None => truncate_long_strings(&self.original),
        };
        format!(
            "Validation failed for tool \"{tool_name}\":\n{body}\n\nReceived arguments:\n{}",
            js_json_pretty(&received)
        )
    }
}

impl fmt::Display for ValidationFailure {
    /// The message with a placeholder tool name; use [`ValidationFailure::message`] for the real text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message("<tool>"))
    }
}

impl std::error::Error for ValidationFailure {}

/// Copies `value`, cutting every string over 256 UTF-16 units to
/// `<first 256>… [truncated N chars]`.
fn truncate_long_strings(value: &Value) -> Value {
    match value {
        Value::String(s) => {
            let length = utf16_len(s);
            if length <= MAX_ERROR_ARG_STRING_LENGTH {
                return value.clone();
            }
            let kept = utf16_prefix(s, MAX_ERROR_ARG_STRING_LENGTH);
            Value::String(format!("{kept}… [truncated {} chars]", length - MAX_ERROR_ARG_STRING_LENGTH))
        }
        Value::Array(items) => Value::Array(items.iter().map(truncate_long_strings).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), truncate_long_strings(v))).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::path::PathSegment;
    use super::*;
    use serde_json::json;

    fn issue(path: Vec<PathSegment>, message: &str) -> Issue {
        Issue {
            path,
            message: message.to_string(),
            code: "invalid_type".to_string(),
        }
    }

    #[test]
    fn lists_issues_and_pretty_prints_arguments() {
        let failure = ValidationFailure {
            issues: vec![
                issue(vec!["path".into()], "Invalid input: expected string, received undefined"),
                issue(vec!["items".into(), 0.into(), "n".into()], "Invalid input: expected number, received string"),
            ],
            original: json!({"items": [{"n": "x"}], "f": 1.0}),
            normalized: None,
            lines: None,
            pi: false,
        };
        assert_eq!(
            failure.message("my_tool"),
            "Validation failed for tool \"my_tool\":\n  - path: Invalid input: expected string, received undefined\n  - items/0/n: Invalid input: expected number, received string\n\nReceived arguments:\n{\n  \"items\": [\n    {\n      \"n\": \"x\"\n    }\n  ],\n  \"f\": 1\n}"
        );
    }

    #[test]
    fn empty_path_prints_root() {
        let failure = ValidationFailure {
            issues: vec![issue(vec![], "Invalid input: expected object, received string")],
            original: json!("oops"),
            normalized: None,
            lines: None,
            pi: false,
        };
        assert_eq!(
            failure.message("t"),
            "Validation failed for tool \"t\":\n  - root: Invalid input: expected object, received string\n\nReceived arguments:\n\"oops\""
        );
    }

    #[test]
    fn no_issues_prints_unknown_validation_error() {
        let failure = ValidationFailure {
            issues: vec![],
            original: json!({}),
            normalized: None,
            lines: None,
            pi: false,
        };
        assert_eq!(
            failure.message("t"),
            "Validation failed for tool \"t\":\nUnknown validation error\n\nReceived arguments:\n{}"
        );
    }

    #[test]
    fn changed_arguments_print_original_and_normalized() {
        let failure = ValidationFailure {
            issues: vec![issue(vec!["a".into()], "m")],
            original: json!({"a": "null", "b": "1"}),
            normalized: Some(json!({"b": 1})),
            lines: None,
            pi: false,
        };
        assert_eq!(
            failure.message("t"),
            "Validation failed for tool \"t\":\n  - a: m\n\nReceived arguments:\n{\n  \"original\": {\n    \"a\": \"null\",\n    \"b\": \"1\"\n  },\n  \"normalized\": {\n    \"b\": 1\n  }\n}"
        );
    }

    #[test]
    fn long_strings_are_truncated_everywhere() {
        let long = "x".repeat(300);
        let emoji = "😀".repeat(200); // 400 UTF-16 units
        let failure = ValidationFailure {
            issues: vec![],
            original: json!({"s": long, "list": [emoji], "short": "y".repeat(256)}),
            normalized: None,
            lines: None,
            pi: false,
        };
        let text = failure.message("t");
        assert!(text.contains(&format!("\"s\": \"{}… [truncated 44 chars]\"", "x".repeat(256))));
        assert!(text.contains(&format!("\"{}… [truncated 144 chars]\"", "😀".repeat(128))));
        assert!(text.contains(&format!("\"short\": \"{}\"", "y".repeat(256))));
    }
}
