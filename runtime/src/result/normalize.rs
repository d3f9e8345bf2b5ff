//! Result coercion (contract 4.4): turns whatever a tool's `execute` returned (or passed to
//! `onUpdate`) into a well-formed `ToolResult`, and builds the result for a thrown error.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Text of the result that replaces a value whose `content` is not an array.
pub(crate) const MISSING_CONTENT_TEXT: &str = "Tool returned an invalid result: missing content array.";
/// Text that replaces the content of an error result that has nothing worth showing.
pub(crate) const EMPTY_ERROR_TEXT: &str = "Tool failed with no output.";

/// One block of a tool result, as it goes on the wire:
/// `{"type":"text","text":…}` or `{"type":"image","data":…,"mimeType":…}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub(crate) enum ContentBlock {
    Text {
        text: String,
    },
    Image {
        /// Base64 image bytes.
        data: String,
        #[serde(rename = "mimeType")]
        mime_type: String,
    },
}

impl ContentBlock {
    pub(crate) fn text(text: impl Into<String>) -> Self {
        ContentBlock::Text { text: text.into() }
    }
}

/// A coerced tool result (`AgentToolResult` after contract 4.4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolResult {
    pub(crate) content: Vec<ContentBlock>,
    #[serde(default = "empty_object")]
    pub(crate) details: Value,
    #[serde(default)]
    pub is_error: bool,
    /// Compaction hint; only ever `Some(true)`, and never on an error result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) useless: Option<bool>,
    /// pi's hint that the agent may skip its follow-up model request after this tool batch
    /// (`terminate: true`); only ever `Some(true)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) terminate: Option<bool>,
    /// pi's machine-readable result (`structuredContent`, meant to match the tool's
    /// `outputSchema`), as the tool gave it; kept on error results too, as pi keeps it. The
    /// output bound leaves it whole, as it leaves `details`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) structured_content: Option<Value>,
}

fn empty_object() -> Value {
    Value::Object(Map::new())
}

/// Coerces a raw value returned by a tool (final or partial result) per contract 4.4.
pub(crate) fn normalize_result(raw: Value) -> ToolResult {
    let mut object = match raw {
        Value::Object(object) => object,
        _ => Map::new(),
    };
    // A missing `details` becomes `{}`. `undefined` and `null` cannot be told apart once the
    // value has crossed into JSON, so both count as missing.
    let details = match object.remove("details") {
        None | Some(Value::Null) => empty_object(),
        Some(details) => details,
    };
    let explicit_error = object.get("isError").is_some_and(is_truthy);
    let useless_hint = object.get("useless").is_some_and(is_truthy);
    // As pi reads it: `terminate === true`.
    let terminate = (object.get("terminate") == Some(&Value::Bool(true))).then_some(true);
    // `null` counts as missing, as for `details`.
    let structured_content = object.remove("structuredContent").filter(|value| !value.is_null());

    let Some(Value::Array(raw_blocks)) = object.remove("content") else {
        return ToolResult {
            content: vec![ContentBlock::text(MISSING_CONTENT_TEXT)],
            details,
            is_error: true,
            useless: None,
            terminate,
            // What it meant to go with is not there.
            structured_content: None,
        };
    };

    let mut content = Vec::with_capacity(raw_blocks.len());
    let mut invalid_blocks = 0usize;
    for raw_block in raw_blocks {
        match coerce_block(raw_block) {
            Some(block) => content.push(block),
            None => invalid_blocks += 1,
        }
    }
    if invalid_blocks > 0 {
        content.push(ContentBlock::text(unsupported_shape_text(invalid_blocks)));
    }

    let is_error = explicit_error || invalid_blocks > 0;
    if is_error && !has_substantive_content(&content) {
        content = vec![ContentBlock::text(EMPTY_ERROR_TEXT)];
    }
    ToolResult {
        content,
        details,
        is_error,
        useless: (useless_hint && !is_error).then_some(true),
        terminate,
        structured_content,
    }
}

/// The result for an `execute` that threw or rejected: its message verbatim (even if empty).
pub(crate) fn error_result(message: &str) -> ToolResult {
    ToolResult {
        content: vec![ContentBlock::text(message)],
        details: empty_object(),
        is_error: true,
        useless: None,
        terminate: None,
        structured_content: None,
    }
}

/// The text blocks of a result joined with `\n` (images are skipped).
pub(crate) fn text_of(result: &ToolResult) -> String {
    let texts: Vec<&str> = result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text } => Some(text.as_str()),
            ContentBlock::Image { .. } => None,
        })
        .collect();
    texts.join("\n")
}

/// `Tool returned an invalid result: <n> content block(s) had an unsupported shape.`
fn unsupported_shape_text(count: usize) -> String {
    let noun = if count == 1 { "block" } else { "blocks" };
    format!("Tool returned an invalid result: {count} content {noun} had an unsupported shape.")
}

/// A well-formed text or image block, or `None` for any other shape.
fn coerce_block(raw: Value) -> Option<ContentBlock> {
    let Value::Object(mut block) = raw else {
        return None;
    };
    match block.get("type").and_then(Value::as_str)? {
        "text" => match block.remove("text") {
            Some(Value::String(text)) => Some(ContentBlock::Text { text: sanitize_text(text) }),
            _ => None,
        },
        "image" => match (block.remove("data"), block.remove("mimeType")) {
            (Some(Value::String(data)), Some(Value::String(mime_type))) => Some(ContentBlock::Image { data, mime_type }),
            _ => None,
        },
        _ => None,
    }
}

fn has_substantive_content(content: &[ContentBlock]) -> bool {
    content.iter().any(|block| match block {
        ContentBlock::Image { .. } => true,
        ContentBlock::Text { text } => !text.trim().is_empty(),
    })
}

/// JavaScript truthiness of a JSON value (`Boolean(value)`).
fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::Number(number) => number.as_f64().is_some_and(|n| n != 0.0 && !n.is_nan()),
        Value::String(text) => !text.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

const ESC: char = '\u{1b}';
const BEL: char = '\u{07}';
/// 8-bit forms of the escape sequence introducers and terminator.
const C1_DCS: char = '\u{90}';
const C1_SOS: char = '\u{98}';
const C1_CSI: char = '\u{9b}';
const C1_ST: char = '\u{9c}';
const C1_OSC: char = '\u{9d}';
const C1_PM: char = '\u{9e}';
const C1_APC: char = '\u{9f}';

/// Strips ANSI escape sequences (CSI, OSC and other string sequences, two- and three-character
/// ESC sequences, in 7-bit and 8-bit form), then removes C0 and C1 control characters and DEL,
/// keeping only `\t` and `\n`. A `\r` is removed too. Escape strings that are never terminated
/// are not stripped: only their introducer goes, so unterminated garbage cannot eat the rest of
/// the output.
pub(crate) fn sanitize_text(text: String) -> String {
    // Most text has nothing to strip: it is kept as it is, not copied (a 400 MB result was
    // copied here, and held as 1.6 GB of `char`s when it had a control character).
    if !text.chars().any(is_removable_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        let after_sequence = match c {
            ESC => escape_sequence_rest(after),
            C1_CSI => Some(csi_rest(after)),
            C1_OSC | C1_DCS | C1_SOS | C1_PM | C1_APC => string_sequence_rest(after),
            _ => None,
        };
        match after_sequence {
            Some(next) => rest = next,
            None => {
                if !is_removable_control(c) {
                    out.push(c);
                }
                rest = after;
            }
        }
    }
    out
}

fn is_removable_control(c: char) -> bool {
    match c {
        '\t' | '\n' => false,
        '\u{00}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => true,
        _ => false,
    }
}

/// `text` after its leading characters in `range`.
fn skip_in(text: &str, range: std::ops::RangeInclusive<char>) -> &str {
    text.trim_start_matches(|c: char| range.contains(&c))
}

/// What follows the escape sequence whose ESC came right before `text`, or `None` when the
/// characters after ESC do not form a complete sequence.
fn escape_sequence_rest(text: &str) -> Option<&str> {
    let mut chars = text.chars();
    match chars.next()? {
        '[' => Some(csi_rest(chars.as_str())),
        ']' | 'P' | 'X' | '^' | '_' => string_sequence_rest(chars.as_str()),
        // ESC, intermediates 0x20-0x2F, then a final 0x30-0x7E (e.g. `ESC ( B`, `ESC 7`).
        _ => {
            let rest = skip_in(text, '\u{20}'..='\u{2f}');
            let mut chars = rest.chars();
            chars.next().filter(|c| ('\u{30}'..='\u{7e}').contains(c)).map(|_| chars.as_str())
        }
    }
}

/// What follows a CSI sequence whose parameters begin `text`: parameter bytes 0x30-0x3F,
/// intermediates 0x20-0x2F, one final byte 0x40-0x7E. A sequence cut short ends where its
/// bytes stop.
fn csi_rest(text: &str) -> &str {
    let rest = skip_in(skip_in(text, '\u{30}'..='\u{3f}'), '\u{20}'..='\u{2f}');
    let mut chars = rest.chars();
    match chars.next() {
        Some(c) if ('\u{40}'..='\u{7e}').contains(&c) => chars.as_str(),
        _ => rest,
    }
}

/// What follows the terminator (BEL, `ESC \` or 8-bit ST) of an OSC/DCS/SOS/PM/APC string
/// whose body begins `text`, or `None` if it is never terminated.
fn string_sequence_rest(text: &str) -> Option<&str> {
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            BEL | C1_ST => return Some(chars.as_str()),
            ESC if chars.as_str().starts_with('\\') => return Some(&chars.as_str()[1..]),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(result: &ToolResult) -> Vec<&str> {
        result
            .content
            .iter()
            .filter_map(|block| match block {
                ContentBlock::Text { text } => Some(text.as_str()),
                ContentBlock::Image { .. } => None,
            })
            .collect()
    }

    #[test]
    fn well_formed_result_passes_through() {
        let result = normalize_result(json!({
            "content": [
                {"type": "text", "text": "hello"},
                {"type": "image", "data": "aGk=", "mimeType": "image/png"}
            ],
            "details": {"count": 2}
        }));
        assert_eq!(
            result.content,
            vec![
                ContentBlock::text("hello"),
                ContentBlock::Image {
                    data: "aGk=".into(),
                    mime_type: "image/png".into()
                },
            ]
        );
        assert_eq!(result.details, json!({"count": 2}));
        assert!(!result.is_error);
        assert_eq!(result.useless, None);
    }

    #[test]
    fn serializes_in_wire_shape() {
        let result = normalize_result(json!({
            "content": [
                {"type": "text", "text": "a"},
                {"type": "image", "data": "AA==", "mimeType": "image/jpeg"}
            ],
            "isError": true
        }));
        assert_eq!(
            serde_json::to_value(&result).unwrap(),
            json!({
                "content": [
                    {"type": "text", "text": "a"},
                    {"type": "image", "data": "AA==", "mimeType": "image/jpeg"}
                ],
                "details": {},
                "isError": true
            })
        );
        let back: ToolResult = serde_json::from_value(serde_json::to_value(&result).unwrap()).unwrap();
        assert_eq!(back, result);
    }

    #[test]
    fn missing_content_array_is_an_error_that_keeps_details() {
        for raw in [
            json!({"details": {"k": 1}}),
            json!({"content": "just a string", "details": {"k": 1}}),
            json!({"content": {"type": "text", "text": "x"}, "details": {"k": 1}}),
        ] {
            let result = normalize_result(raw);
            assert_eq!(texts(&result), vec![MISSING_CONTENT_TEXT]);
            assert_eq!(result.details, json!({"k": 1}));
            assert!(result.is_error);
        }
    }

    #[test]
    fn non_object_return_values_are_missing_content() {
        for raw in [Value::Null, json!("text"), json!(42), json!([{"type": "text", "text": "x"}])] {
            let result = normalize_result(raw);
            assert_eq!(texts(&result), vec![MISSING_CONTENT_TEXT]);
            assert_eq!(result.details, json!({}));
            assert!(result.is_error);
        }
    }

    #[test]
    fn missing_or_null_details_become_empty_object() {
        let missing = normalize_result(json!({"content": [{"type": "text", "text": "x"}]}));
        assert_eq!(missing.details, json!({}));
        let null = normalize_result(json!({"content": [], "details": null}));
        assert_eq!(null.details, json!({}));
        let scalar = normalize_result(json!({"content": [], "details": 7}));
        assert_eq!(scalar.details, json!(7));
    }

    #[test]
    fn text_blocks_are_rebuilt_without_extra_fields() {
        let result = normalize_result(json!({
            "content": [{"type": "text", "text": "a\r\nb\u{1b}[31mred\u{1b}[0m", "textSignature": "sig"}]
        }));
        assert_eq!(result.content, vec![ContentBlock::text("a\nbred")]);
        assert_eq!(serde_json::to_value(&result.content[0]).unwrap(), json!({"type": "text", "text": "a\nbred"}));
    }

    #[test]
    fn one_invalid_block_uses_singular_wording() {
        let result = normalize_result(json!({
            "content": [{"type": "text", "text": "kept"}, {"type": "audio", "data": "x"}]
        }));
        assert_eq!(
            texts(&result),
            vec!["kept", "Tool returned an invalid result: 1 content block had an unsupported shape."]
        );
        assert!(result.is_error);
    }

    #[test]
    fn several_invalid_blocks_use_plural_wording() {
        let result = normalize_result(json!({
            "content": [
                {"type": "text", "text": "ok"},
                {"type": "text", "text": 5},
                {"type": "image", "data": "x"},
                {"type": "image", "data": 1, "mimeType": "image/png"},
                {"text": "no type"},
                "bare string",
                null,
                ["array"]
            ]
        }));
        assert_eq!(
            texts(&result),
            vec!["ok", "Tool returned an invalid result: 7 content blocks had an unsupported shape."]
        );
        assert!(result.is_error);
    }

    #[test]
    fn error_without_substantive_content_says_no_output() {
        for raw in [
            json!({"content": [], "isError": true}),
            json!({"content": [{"type": "text", "text": " \n\t "}], "isError": true}),
            json!({"content": [{"type": "text", "text": "\u{1b}[0m\r"}], "isError": true}),
        ] {
            let result = normalize_result(raw);
            assert_eq!(texts(&result), vec![EMPTY_ERROR_TEXT]);
            assert!(result.is_error);
        }
    }

    #[test]
    fn error_with_an_image_keeps_its_content() {
        let result = normalize_result(json!({
            "content": [{"type": "text", "text": ""}, {"type": "image", "data": "AA==", "mimeType": "image/png"}],
            "isError": true
        }));
        assert_eq!(result.content.len(), 2);
        assert!(!texts(&result).contains(&EMPTY_ERROR_TEXT));
    }

    #[test]
    fn success_with_blank_text_is_left_blank() {
        let result = normalize_result(json!({"content": [{"type": "text", "text": "  "}]}));
        assert_eq!(texts(&result), vec!["  "]);
        assert!(!result.is_error);
    }

    #[test]
    fn is_error_follows_javascript_truthiness() {
        for (flag, expected) in [
            (json!(true), true),
            (json!(1), true),
            (json!("yes"), true),
            (json!({}), true),
            (json!(false), false),
            (json!(0), false),
            (json!(""), false),
            (Value::Null, false),
        ] {
            let result = normalize_result(json!({"content": [{"type": "text", "text": "x"}], "isError": flag}));
            assert_eq!(result.is_error, expected, "isError: {flag}");
        }
    }

    #[test]
    fn structured_content_is_kept_as_given_and_null_is_none() {
        let data = json!({"count": 2, "items": ["a", "b"]});
        for is_error in [false, true] {
            let result = normalize_result(json!({"content": [{"type": "text", "text": "x"}], "structuredContent": data, "isError": is_error}));
            assert_eq!(result.structured_content, Some(data.clone()), "isError {is_error}");
            assert_eq!(serde_json::to_value(&result).unwrap()["structuredContent"], data);
        }
        let none = normalize_result(json!({"content": [], "structuredContent": null}));
        assert_eq!(none.structured_content, None);
        assert!(serde_json::to_value(&none).unwrap().get("structuredContent").is_none());
        let invalid = normalize_result(json!({"structuredContent": data}));
        assert_eq!(invalid.structured_content, None, "a result without content keeps none");
    }

    #[test]
    fn terminate_is_kept_only_when_it_is_true() {
        let ending = normalize_result(json!({"content": [{"type": "text", "text": "x"}], "terminate": true, "isError": true}));
        assert_eq!(ending.terminate, Some(true));
        assert_eq!(serde_json::to_value(&ending).unwrap()["terminate"], json!(true));
        for flag in [json!(false), json!(1), json!("true")] {
            let result = normalize_result(json!({"content": [{"type": "text", "text": "x"}], "terminate": flag}));
            assert_eq!(result.terminate, None, "terminate: {flag}");
            assert!(serde_json::to_value(&result).unwrap().get("terminate").is_none());
        }
    }

    #[test]
    fn useless_is_kept_only_on_successful_results() {
        let plain = normalize_result(json!({"content": [{"type": "text", "text": "x"}], "useless": true}));
        assert_eq!(plain.useless, Some(true));
        assert_eq!(serde_json::to_value(&plain).unwrap()["useless"], json!(true));
        let error = normalize_result(json!({"content": [{"type": "text", "text": "x"}], "useless": true, "isError": true}));
        assert_eq!(error.useless, None);
        assert!(serde_json::to_value(&error).unwrap().get("useless").is_none());
        let invalid = normalize_result(json!({"content": [7], "useless": true}));
        assert_eq!(invalid.useless, None);
    }

    #[test]
    fn thrown_error_message_is_used_verbatim() {
        let result = error_result("boom\r\n");
        assert_eq!(result.content, vec![ContentBlock::text("boom\r\n")]);
        assert_eq!(result.details, json!({}));
        assert!(result.is_error);
        let empty = error_result("");
        assert_eq!(empty.content, vec![ContentBlock::text("")]);
    }

    #[test]
    fn text_of_joins_text_blocks_and_skips_images() {
        let result = normalize_result(json!({
            "content": [
                {"type": "text", "text": "one"},
                {"type": "image", "data": "AA==", "mimeType": "image/png"},
                {"type": "text", "text": "two"}
            ]
        }));
        assert_eq!(text_of(&result), "one\ntwo");
    }

    #[test]
    fn sanitize_strips_csi_sequences() {
        assert_eq!(sanitize_text("\u{1b}[1;31mbold red\u{1b}[0m.".into()), "bold red.");
        assert_eq!(sanitize_text("a\u{1b}[2Kb\u{1b}[?25lc".into()), "abc");
        assert_eq!(sanitize_text("x\u{9b}31my".into()), "xy");
    }

    #[test]
    fn sanitize_strips_osc_sequences_with_either_terminator() {
        assert_eq!(sanitize_text("\u{1b}]0;title\u{07}text".into()), "text");
        assert_eq!(sanitize_text("\u{1b}]8;;https://x.test\u{1b}\\link\u{1b}]8;;\u{1b}\\".into()), "link");
        assert_eq!(sanitize_text("\u{9d}0;t\u{9c}ok".into()), "ok");
    }

    #[test]
    fn sanitize_strips_other_escape_sequences() {
        assert_eq!(sanitize_text("\u{1b}(Babc\u{1b}7\u{1b}8\u{1b}=".into()), "abc");
        assert_eq!(sanitize_text("\u{1b}Pdevice\u{1b}\\after".into()), "after");
    }

    #[test]
    fn sanitize_keeps_text_after_an_unterminated_osc() {
        assert_eq!(sanitize_text("a\u{1b}]title with no end".into()), "a]title with no end");
        assert_eq!(sanitize_text("trailing\u{1b}".into()), "trailing");
    }

    #[test]
    fn sanitize_removes_control_characters_but_keeps_tab_and_newline() {
        assert_eq!(sanitize_text("a\tb\nc\r\n\u{0}\u{8}d\u{7f}\u{85}e".into()), "a\tb\nc\nde");
        assert_eq!(sanitize_text("héllo → 世界 🎉".into()), "héllo → 世界 🎉");
    }

    #[test]
    fn clean_text_is_kept_not_copied() {
        let text = "plain text\twith tab\n".repeat(1000);
        let at = text.as_ptr();
        let kept = sanitize_text(text);
        assert_eq!(kept.as_ptr(), at);
    }
}
