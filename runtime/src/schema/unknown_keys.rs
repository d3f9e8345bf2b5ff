//! The vendor keyword `"x-zod-unknown-keys"` that the JavaScript zod bridge puts on object
//! schemas: `"strip"` (zod's default: unknown keys are dropped from the output),
//! `"strict"` (unknown keys are an `Unrecognized key` issue) and `"passthrough"` (kept).
//! Before compiling, the schema is adjusted so the validator agrees with the mode.

use super::schema_walk::rewrite_all_schemas;
use serde_json::{Map, Value};

pub(super) const UNKNOWN_KEYS_KEYWORD: &str = "x-zod-unknown-keys";

/// How an object schema treats keys it does not declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UnknownKeys {
    Strip,
    Strict,
    Passthrough,
}

/// The mode declared on a schema node, if any.
pub(crate) fn unknown_keys_mode(node: &Map<String, Value>) -> Option<UnknownKeys> {
    match node.get(UNKNOWN_KEYS_KEYWORD)?.as_str()? {
        "strip" => Some(UnknownKeys::Strip),
        "strict" => Some(UnknownKeys::Strict),
        "passthrough" | "loose" => Some(UnknownKeys::Passthrough),
        _ => None,
    }
}

/// Rewrites `schema` so validation matches the declared modes: `strict` objects reject extra
/// keys (`additionalProperties: false` unless a catch-all schema is given), `strip` and
/// `passthrough` objects accept them (a `false` there is removed). Returns whether any node
/// declared a mode.
pub(crate) fn apply_unknown_keys_modes(schema: &mut Value) -> bool {
    let mut found = false;
    rewrite_all_schemas(schema, &mut |node| {
        let Some(mode) = unknown_keys_mode(node) else {
            return;
        };
        found = true;
        match mode {
            UnknownKeys::Strict => {
                node.entry("additionalProperties".to_string()).or_insert(Value::Bool(false));
            }
            UnknownKeys::Strip | UnknownKeys::Passthrough => {
                if node.get("additionalProperties") == Some(&Value::Bool(false)) {
                    node.shift_remove("additionalProperties");
                }
            }
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn modes_adjust_additional_properties() {
        let mut schema = json!({
            "type": "object",
            "x-zod-unknown-keys": "strict",
            "properties": {
                "strip": {"type": "object", "x-zod-unknown-keys": "strip", "additionalProperties": false},
                "loose": {"type": "object", "x-zod-unknown-keys": "passthrough", "additionalProperties": {}},
                "plain": {"type": "object", "additionalProperties": false}
            }
        });
        assert!(apply_unknown_keys_modes(&mut schema));
        assert_eq!(schema["additionalProperties"], json!(false));
        assert!(schema["properties"]["strip"].get("additionalProperties").is_none());
        assert_eq!(schema["properties"]["loose"]["additionalProperties"], json!({}));
        assert_eq!(schema["properties"]["plain"]["additionalProperties"], json!(false));
    }

    #[test]
    fn schemas_without_the_keyword_are_untouched() {
        let mut schema = json!({"type": "object", "additionalProperties": false});
        let before = schema.clone();
        assert!(!apply_unknown_keys_modes(&mut schema));
        assert_eq!(schema, before);
    }

    #[test]
    fn unknown_values_are_ignored() {
        let node = json!({"x-zod-unknown-keys": "sometimes"});
        assert_eq!(unknown_keys_mode(node.as_object().unwrap()), None);
    }
}
