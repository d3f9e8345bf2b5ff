//! JavaScript-compatible rendering of JSON values: `Number#toString`, `String(v)`,
//! `JSON.stringify(v)` / `JSON.stringify(v, null, 2)`, UTF-16 lengths and `String#trim`.
//! The validation messages and coercions must print values exactly as omp (running on a
//! JavaScript engine) would, e.g. `5` rather than Rust's `5.0`, `1e+21` rather than `1e21`.

use serde_json::{Map, Number, Value};
use std::fmt::Write as _;

/// `String(n)` for a JSON number.
pub(crate) fn js_number(n: &Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    js_f64(n.as_f64().unwrap_or(f64::NAN))
}

/// ECMAScript `Number::toString(x)` (radix 10): shortest round-trip digits, plain notation for
/// decimal exponents in (-7, 21], exponential notation (`1e+21`, `1.5e-7`) otherwise.
pub(crate) fn js_f64(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    // Rust's `{:e}` prints the shortest digits that round-trip, e.g. "1.2345e-7".
    let scientific = format!("{:e}", x.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let k = digits.len() as i32;
    let n = exponent + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        let (int_part, frac_part) = digits.split_at(n as usize);
        format!("{int_part}.{frac_part}")
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let (first, rest) = digits.split_at(1);
        let e = n - 1;
        let e_sign = if e >= 0 { "+" } else { "-" };
        if rest.is_empty() {
            format!("{first}e{e_sign}{}", e.abs())
        } else {
            format!("{first}.{rest}e{e_sign}{}", e.abs())
        }
    };
    format!("{sign}{body}")
}

/// JavaScript `String(value)` for a JSON value (arrays join with `,`, objects print as
/// `[object Object]`, `null` inside arrays prints as the empty string).
pub(crate) fn js_string(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => js_number(n),
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::Null => String::new(),
                other => js_string(other),
            })
            .collect::<Vec<_>>()
            .join(","),
        Value::Object(_) => "[object Object]".to_string(),
    }
}

/// `JSON.stringify(value)`.
pub(crate) fn js_json_compact(value: &Value) -> String {
    let mut out = String::new();
    write_json(&mut out, value, None, 0);
    out
}

/// `JSON.stringify(value, null, 2)`.
pub(crate) fn js_json_pretty(value: &Value) -> String {
    let mut out = String::new();
    write_json(&mut out, value, Some(2), 0);
    out
}

/// Length of a string as JavaScript counts it (UTF-16 code units).
pub(crate) fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The longest prefix of `s` that is at most `units` UTF-16 code units long.
pub(crate) fn utf16_prefix(s: &str, units: usize) -> &str {
    let mut used = 0;
    for (index, ch) in s.char_indices() {
        if used + ch.len_utf16() > units {
            return &s[..index];
        }
        used += ch.len_utf16();
    }
    s
}

/// Whitespace as JavaScript's `String#trim` sees it (WhiteSpace + LineTerminator).
pub(crate) fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{0009}' | '\u{000A}' | '\u{000B}' | '\u{000C}' | '\u{000D}' | '\u{0020}' | '\u{00A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{FEFF}'
    )
}

/// JavaScript `s.trim()`.
pub(crate) fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_whitespace)
}

/// JavaScript `s.trimStart()`.
pub(crate) fn js_trim_start(s: &str) -> &str {
    s.trim_start_matches(is_js_whitespace)
}

/// JavaScript `Number(s)` for a string (StringToNumber): surrounding whitespace ignored, `""`
/// is 0, `0x`/`0o`/`0b` integers, decimal literals with an optional sign, `Infinity`; `None`
/// where JavaScript gives NaN.
pub(crate) fn js_string_to_number(s: &str) -> Option<f64> {
    let text = js_trim(s);
    if text.is_empty() {
        return Some(0.0);
    }
    for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
        if let Some(digits) = text.strip_prefix(prefix) {
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return None;
            }
            return Some(
                digits
                    .chars()
                    .fold(0.0, |acc, c| acc * f64::from(radix) + f64::from(c.to_digit(radix).unwrap_or(0))),
            );
        }
    }
    let (sign, body) = match text.as_bytes()[0] {
        b'-' => (-1.0, &text[1..]),
        b'+' => (1.0, &text[1..]),
        _ => (1.0, text),
    };
    if body == "Infinity" {
        return Some(sign * f64::INFINITY);
    }
    // StrUnsignedDecimalLiteral: digits with an optional `.` (at least one digit), then an
    // optional exponent; Rust's parser also takes `inf`/`nan`, which are refused first.
    let bytes = body.as_bytes();
    let mut i = 0;
    let mut digits = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        i += 1;
        if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return None;
        }
    }
    if i != bytes.len() {
        return None;
    }
    let normalized = if body.starts_with('.') { format!("0{body}") } else { body.to_string() };
    normalized.parse::<f64>().ok().map(|x| sign * x)
}

/// True when a key is an array index, which JavaScript objects enumerate first, in numeric
/// order (`{"b":1,"1":2}` stringifies as `{"1":2,"b":1}`).
fn is_array_index_key(key: &str) -> bool {
    if key == "0" {
        return true;
    }
    if key.is_empty() || key.len() > 10 || key.starts_with('0') || !key.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    key.parse::<u64>().map(|n| n < 4_294_967_295).unwrap_or(false)
}

/// Object entries in JavaScript enumeration order.
pub(crate) fn js_ordered_entries(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut index_keys: Vec<(u64, (&String, &Value))> = Vec::new();
    let mut other_keys = Vec::with_capacity(map.len());
    for (key, value) in map {
        if is_array_index_key(key) {
            index_keys.push((key.parse().unwrap_or(0), (key, value)));
        } else {
            other_keys.push((key, value));
        }
    }
    if index_keys.is_empty() {
        return other_keys;
    }
    index_keys.sort_by_key(|(n, _)| *n);
    let mut ordered: Vec<(&String, &Value)> = index_keys.into_iter().map(|(_, entry)| entry).collect();
    ordered.extend(other_keys);
    ordered
}

fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0C}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_newline_indent(out: &mut String, indent: usize, depth: usize) {
    out.push('\n');
    for _ in 0..indent * depth {
        out.push(' ');
    }
}

fn write_json(out: &mut String, value: &Value, indent: Option<usize>, depth: usize) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            let text = js_number(n);
            // JSON.stringify prints non-finite numbers as null; serde_json never holds them.
            if text == "NaN" || text.ends_with("Infinity") {
                out.push_str("null");
            } else {
                out.push_str(&text);
            }
        }
        Value::String(s) => write_json_string(out, s),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if let Some(width) = indent {
                    write_newline_indent(out, width, depth + 1);
                }
                write_json(out, item, indent, depth + 1);
            }
            if let Some(width) = indent {
                write_newline_indent(out, width, depth);
            }
            out.push(']');
        }
        Value::Object(map) => {
            if map.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push('{');
            for (i, (key, item)) in js_ordered_entries(map).into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if let Some(width) = indent {
                    write_newline_indent(out, width, depth + 1);
                }
                write_json_string(out, key);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_json(out, item, indent, depth + 1);
            }
            if let Some(width) = indent {
                write_newline_indent(out, width, depth);
            }
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_print_like_javascript() {
        assert_eq!(js_f64(5.0), "5");
        assert_eq!(js_f64(-0.0), "0");
        assert_eq!(js_f64(1.5), "1.5");
        assert_eq!(js_f64(0.1), "0.1");
        assert_eq!(js_f64(1e21), "1e+21");
        assert_eq!(js_f64(1e20), "100000000000000000000");
        assert_eq!(js_f64(1.5e-7), "1.5e-7");
        assert_eq!(js_f64(0.000001), "0.000001");
        assert_eq!(js_f64(-123.456), "-123.456");
        assert_eq!(js_f64(2.5e25), "2.5e+25");
        assert_eq!(js_number(&Number::from(42u64)), "42");
        assert_eq!(js_number(&Number::from_f64(100.0).unwrap()), "100");
    }

    #[test]
    fn string_of_values_matches_javascript() {
        assert_eq!(js_string(&json!([1, null, [2, "x"], true])), "1,,2,x,true");
        assert_eq!(js_string(&json!({"a": 1})), "[object Object]");
        assert_eq!(js_string(&json!(null)), "null");
    }

    #[test]
    fn pretty_json_matches_json_stringify_with_two_spaces() {
        let value = json!({"b": [1, 2.0], "a": {}, "c": [], "d": {"e": "q\"\n\u{1}"}});
        let expected = "{\n  \"b\": [\n    1,\n    2\n  ],\n  \"a\": {},\n  \"c\": [],\n  \"d\": {\n    \"e\": \"q\\\"\\n\\u0001\"\n  }\n}";
        assert_eq!(js_json_pretty(&value), expected);
        assert_eq!(js_json_compact(&json!({"x": [1.0, null]})), "{\"x\":[1,null]}");
    }

    #[test]
    fn integer_like_keys_come_first_as_in_javascript_objects() {
        let value: Value = serde_json::from_str(r#"{"b":1,"10":2,"2":3,"01":4}"#).unwrap();
        assert_eq!(js_json_compact(&value), r#"{"2":3,"10":2,"b":1,"01":4}"#);
    }

    #[test]
    fn utf16_helpers_count_code_units() {
        assert_eq!(utf16_len("a😀"), 3);
        assert_eq!(utf16_prefix("a😀b", 2), "a");
        assert_eq!(utf16_prefix("a😀b", 3), "a😀");
        assert_eq!(js_trim("\u{FEFF} x \u{A0}"), "x");
        assert_eq!(js_trim("\u{85}x"), "\u{85}x");
    }
}
