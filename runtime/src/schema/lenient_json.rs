//! Parsing strings that a model meant as JSON values (contract 5.2 step 4): numeric strings,
//! JSON literals and containers, with the repairs omp applies — trailing junk after a
//! balanced container, literal `\n`/`\t`/`\r` between tokens, raw control characters inside
//! strings, one bad bracket in the last 7 characters, and stringified JSON nested up to 3 deep.
//! A parse is accepted only when the result has one of the expected types.

use super::js_format::{is_js_whitespace, js_trim, js_trim_start};
use super::types::{number_value, TypeMask};
use serde_json::Value;

/// How many levels of JSON-inside-a-JSON-string are unwrapped.
const MAX_NESTED_JSON_STRING_DEPTH: u32 = 3;

/// Single-character edits are tried within this many trailing characters (2 × 3 + 1).
const HEAL_TAIL_CHARS: usize = 7;

const BRACKETS: [char; 4] = ['[', ']', '{', '}'];

fn parse_json(text: &str) -> Option<Value> {
    serde_json::from_str(text).ok()
}

/// `^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$` (leading zeros allowed).
fn is_numeric_string(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+') | Some(b'-')) {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    if !digits(&mut i) {
        return false;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// Length of the JSON-number-shaped prefix of `b` (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`),
/// or `None` when `b` does not start with one. `allow_plus` also accepts a leading `+`.
fn json_number_prefix(b: &[u8], allow_plus: bool) -> Option<usize> {
    let mut i = 0;
    match b.first() {
        Some(b'-') => i += 1,
        Some(b'+') if allow_plus => i += 1,
        _ => {}
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(c) if c.is_ascii_digit() => {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        _ => return None,
    }
    if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if matches!(b.get(i), Some(b'e') | Some(b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+') | Some(b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    Some(i)
}

/// `^[+-]?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$`
fn is_json_number_literal(s: &str) -> bool {
    json_number_prefix(s.as_bytes(), true) == Some(s.len())
}

/// Parses a numeric string when the expected types include number or integer and the
/// result fits them (an integer is required for `integer`).
pub(crate) fn try_parse_number_string(value: &str, expected: TypeMask) -> Option<Value> {
    if !expected.intersects(TypeMask::NUMBER.union(TypeMask::INTEGER)) {
        return None;
    }
    let trimmed = js_trim(value);
    if trimmed.is_empty() || !is_numeric_string(trimmed) {
        return None;
    }
    let parsed: f64 = trimmed.parse().ok()?;
    let number = number_value(parsed)?;
    expected.matches(&number).then_some(number)
}

/// Whether a string looks like a JSON object or array (omp's `looksLikeJsonContainerString`).
pub(crate) fn looks_like_json_container(value: &str) -> bool {
    let trimmed = js_trim_start(value);
    if let Some(body) = trimmed.strip_prefix('{') {
        let body_start = js_trim_start(body);
        return body_start.starts_with('"') || body.contains(':') || body_start.starts_with('}');
    }
    let Some(rest) = trimmed.strip_prefix('[') else {
        return false;
    };
    let first = js_trim_start(rest);
    if ["{", "[", "\"", "]", "true", "false", "null"].iter().any(|p| first.starts_with(p)) {
        return true;
    }
    // a number followed by `,`, `]` or the end of the text
    let Some(len) = json_number_prefix(first.as_bytes(), false) else {
        return false;
    };
    let after = first[len..].trim_start_matches(is_js_whitespace);
    after.is_empty() || after.starts_with(',') || after.starts_with(']')
}

fn accept_parsed(parsed: Value, source: &str, expected: TypeMask, depth: u32) -> Option<Value> {
    if parsed.is_null() && js_trim(source) == "null" {
        return Some(Value::Null);
    }
    if expected.matches(&parsed) {
        return Some(parsed);
    }
    if let Value::String(inner) = &parsed {
        if !expected.contains(TypeMask::STRING) && depth < MAX_NESTED_JSON_STRING_DEPTH {
            return try_parse_json_for_types_at_depth(inner, expected, depth + 1);
        }
    }
    None
}

/// Parses a string that looks like JSON (container, quoted string when a string is not
/// expected, `true`/`false`/`null`, a number) and returns the result when it has an expected
/// type. `None` means "leave the string as it is".
pub(crate) fn try_parse_json_for_types(value: &str, expected: TypeMask) -> Option<Value> {
    try_parse_json_for_types_at_depth(value, expected, 0)
}

fn try_parse_json_for_types_at_depth(value: &str, expected: TypeMask, depth: u32) -> Option<Value> {
    let trimmed = js_trim(value);
    if trimmed.is_empty() {
        return None;
    }
    if let Some(number) = try_parse_number_string(trimmed, expected) {
        return Some(number);
    }
    let looks_object = trimmed.starts_with('{') && looks_like_json_container(trimmed);
    let looks_array = trimmed.starts_with('[') && looks_like_json_container(trimmed);
    let looks_string = trimmed.starts_with('"') && !expected.contains(TypeMask::STRING);
    let looks_literal = matches!(trimmed, "true" | "false" | "null") || is_json_number_literal(trimmed);
    if !looks_object && !looks_array && !looks_string && !looks_literal {
        return None;
    }
    if let Some(parsed) = parse_json(trimmed) {
        return accept_parsed(parsed, trimmed, expected, depth);
    }
    if !(looks_object || looks_array) {
        return None;
    }
    if let Some(escaped) = escape_raw_controls_in_strings(trimmed) {
        if let Some(parsed) = parse_json(&escaped) {
            if let Some(accepted) = accept_parsed(parsed, &escaped, expected, depth) {
                return Some(accepted);
            }
        }
    }
    if let Some(leading) = parse_leading_container(trimmed) {
        if let Some(accepted) = accept_parsed(leading, trimmed, expected, depth) {
            return Some(accepted);
        }
    }
    if let Some(healed) = heal_tail_brackets(trimmed) {
        if let Some(accepted) = accept_parsed(healed, trimmed, expected, depth) {
            return Some(accepted);
        }
    }
    None
}

/// Parses the first balanced `{…}` / `[…]` at the start of `value`, ignoring what follows.
fn parse_leading_container(value: &str) -> Option<Value> {
    let open = value.chars().next()?;
    let close = match open {
        '{' => '}',
        '[' => ']',
        _ => return None,
    };
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (index, ch) in value.char_indices() {
        if in_string {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == '"' {
                in_string = false;
            }
            continue;
        }
        if ch == '"' {
            in_string = true;
            continue;
        }
        if ch == open {
            depth += 1;
            continue;
        }
        if ch != close {
            continue;
        }
        depth = depth.saturating_sub(1);
        if depth != 0 {
            continue;
        }
        let prefix = &value[..index + ch.len_utf8()];
        if let Some(parsed) = parse_json(prefix) {
            return Some(parsed);
        }
        let cleaned = clean_literal_escapes(prefix);
        if cleaned != prefix {
            if let Some(parsed) = parse_json(&cleaned) {
                return Some(parsed);
            }
        }
        if let Some(escaped_controls) = escape_raw_controls_in_strings(prefix) {
            if let Some(parsed) = parse_json(&escaped_controls) {
                return Some(parsed);
            }
        }
        return heal_tail_brackets(prefix);
    }
    None
}

/// Replaces literal `\n`, `\t`, `\r` (backslash + letter) found between JSON tokens with a space.
fn clean_literal_escapes(value: &str) -> String {
    let chars: Vec<char> = value.chars().collect();
    let mut out = String::with_capacity(value.len());
    let mut in_string = false;
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if in_string {
            if ch == '\\' && i + 1 < chars.len() {
                out.push(ch);
                out.push(chars[i + 1]);
                i += 2;
                continue;
            }
            if ch == '"' {
                in_string = false;
            }
            out.push(ch);
            i += 1;
            continue;
        }
        if ch == '"' {
            in_string = true;
            out.push(ch);
            i += 1;
            continue;
        }
        if ch == '\\' && i + 1 < chars.len() && matches!(chars[i + 1], 'n' | 't' | 'r') {
            out.push(' ');
            i += 2;
            continue;
        }
        out.push(ch);
        i += 1;
    }
    out
}

/// Escapes raw control characters that appear inside JSON string literals; `None` when there
/// were none.
fn escape_raw_controls_in_strings(value: &str) -> Option<String> {
    let mut out = String::with_capacity(value.len() + 8);
    let mut in_string = false;
    let mut escaped = false;
    let mut changed = false;
    for ch in value.chars() {
        if in_string {
            if escaped {
                escaped = false;
                out.push(ch);
                continue;
            }
            match ch {
                '\\' => {
                    escaped = true;
                    out.push(ch);
                }
                '"' => {
                    in_string = false;
                    out.push(ch);
                }
                c if (c as u32) < 0x20 => {
                    changed = true;
                    match c {
                        '\n' => out.push_str("\\n"),
                        '\r' => out.push_str("\\r"),
                        '\t' => out.push_str("\\t"),
                        '\u{08}' => out.push_str("\\b"),
                        '\u{0C}' => out.push_str("\\f"),
                        other => out.push_str(&format!("\\u{:04x}", other as u32)),
                    }
                }
                c => out.push(c),
            }
            continue;
        }
        if ch == '"' {
            in_string = true;
        }
        out.push(ch);
    }
    changed.then_some(out)
}

/// Tries single-character repairs in the last few characters: first deleting one character,
/// then replacing one with each bracket.
fn heal_tail_brackets(value: &str) -> Option<Value> {
    if let Some(parsed) = parse_json(value) {
        return Some(parsed);
    }
    let chars: Vec<char> = value.chars().collect();
    let tail_start = chars.len().saturating_sub(HEAL_TAIL_CHARS);
    for i in tail_start..chars.len() {
        let candidate: String = chars[..i].iter().chain(&chars[i + 1..]).collect();
        if let Some(parsed) = parse_json(&candidate) {
            return Some(parsed);
        }
    }
    for i in tail_start..chars.len() {
        for replacement in BRACKETS {
            if replacement == chars[i] {
                continue;
            }
            let candidate: String = chars[..i]
                .iter()
                .copied()
                .chain(std::iter::once(replacement))
                .chain(chars[i + 1..].iter().copied())
                .collect();
            if let Some(parsed) = parse_json(&candidate) {
                return Some(parsed);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NUM: TypeMask = TypeMask::NUMBER;
    const INT: TypeMask = TypeMask::INTEGER;
    const ARR: TypeMask = TypeMask::ARRAY;
    const OBJ: TypeMask = TypeMask::OBJECT;
    const BOOL: TypeMask = TypeMask::BOOLEAN;

    #[test]
    fn numeric_strings_parse_only_for_number_types() {
        assert_eq!(try_parse_number_string(" 42 ", NUM), Some(json!(42)));
        assert_eq!(try_parse_number_string("007", INT), Some(json!(7)));
        assert_eq!(try_parse_number_string("+1.5e2", NUM), Some(json!(150)));
        assert_eq!(try_parse_number_string("1.5", NUM), Some(json!(1.5)));
        assert_eq!(try_parse_number_string("1.5", INT), None, "wrong integer kind is rejected");
        assert_eq!(try_parse_number_string("42", TypeMask::STRING), None);
        assert_eq!(try_parse_number_string("4 2", NUM), None);
        assert_eq!(try_parse_number_string("0x10", NUM), None);
        assert_eq!(try_parse_number_string(".5", NUM), None);
    }

    #[test]
    fn containers_parse_when_expected() {
        assert_eq!(try_parse_json_for_types(r#"["a","b"]"#, ARR), Some(json!(["a", "b"])));
        assert_eq!(try_parse_json_for_types(r#" {"a": 1} "#, OBJ), Some(json!({"a": 1})));
        assert_eq!(try_parse_json_for_types(r#"{"a": 1}"#, ARR), None, "wrong type is refused");
        assert_eq!(try_parse_json_for_types("[1, 2]", ARR), Some(json!([1, 2])));
        assert_eq!(try_parse_json_for_types("[abc]", ARR), None, "not JSON-looking");
    }

    #[test]
    fn literals_and_quoted_strings_parse() {
        assert_eq!(try_parse_json_for_types("true", BOOL), Some(json!(true)));
        assert_eq!(try_parse_json_for_types("\"5\"", NUM), Some(json!(5)));
        assert_eq!(try_parse_json_for_types("\"[1]\"", ARR), Some(json!([1])));
        // "null" is accepted even when null is not expected (omp quirk)
        assert_eq!(try_parse_json_for_types("null", NUM), Some(Value::Null));
        assert_eq!(try_parse_json_for_types("\"x\"", TypeMask::STRING), None);
    }

    #[test]
    fn nested_stringified_json_unwraps_up_to_three_levels() {
        let once = serde_json::to_string(&json!([1])).unwrap();
        let twice = serde_json::to_string(&once).unwrap();
        let thrice = serde_json::to_string(&twice).unwrap();
        let four = serde_json::to_string(&thrice).unwrap();
        let five = serde_json::to_string(&four).unwrap();
        assert_eq!(try_parse_json_for_types(&twice, ARR), Some(json!([1])));
        assert_eq!(try_parse_json_for_types(&thrice, ARR), Some(json!([1])));
        assert_eq!(try_parse_json_for_types(&four, ARR), Some(json!([1])));
        assert_eq!(try_parse_json_for_types(&five, ARR), None);
    }

    #[test]
    fn trailing_junk_after_balanced_container_is_ignored() {
        assert_eq!(try_parse_json_for_types(r#"[{"a":1}] trailing words"#, ARR), Some(json!([{"a": 1}])));
        assert_eq!(try_parse_json_for_types(r#"{"a":"}"} extra"#, OBJ), Some(json!({"a": "}"})));
    }

    #[test]
    fn literal_escapes_between_tokens_are_cleaned() {
        assert_eq!(
            try_parse_json_for_types(r#"[{"a":1}\n,{"b":"x\ny"}]junk"#, ARR),
            Some(json!([{"a": 1}, {"b": "x\ny"}]))
        );
    }

    #[test]
    fn raw_control_characters_inside_strings_are_escaped() {
        assert_eq!(try_parse_json_for_types("{\"a\": \"line1\nline2\"}", OBJ), Some(json!({"a": "line1\nline2"})));
    }

    #[test]
    fn one_bad_bracket_near_the_end_is_healed() {
        assert_eq!(try_parse_json_for_types(r#"[{"a":1}}"#, ARR), Some(json!([{"a": 1}])));
        assert_eq!(try_parse_json_for_types(r#"[{"a":1},{"b":2]]"#, ARR), Some(json!([{"a": 1}, {"b": 2}])));
        assert_eq!(try_parse_json_for_types(r#"{"a":[1,2]}}"#, OBJ), Some(json!({"a": [1, 2]})));
    }

    #[test]
    fn container_detection_matches_omp() {
        assert!(looks_like_json_container("[1, 2]"));
        assert!(looks_like_json_container("[-1.5e3]"));
        assert!(looks_like_json_container("[3"));
        assert!(!looks_like_json_container("[3x]"));
        assert!(looks_like_json_container("{}"));
        assert!(looks_like_json_container("{a: 1}"));
        assert!(!looks_like_json_container("{abc"));
        assert!(!looks_like_json_container("[a]"));
        assert!(!looks_like_json_container("plain"));
    }
}
