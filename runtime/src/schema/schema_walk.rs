//! Visiting the sub-schemas of a JSON Schema node: which keywords hold one schema, a map of
//! schemas, or a list of schemas. Data-bearing keywords (`default`, `enum`, `const`,
//! `examples`) are never entered, so their values are never mistaken for schemas.

use serde_json::{Map, Value};

/// Keywords whose value is a single sub-schema.
pub(crate) const SINGLE_SCHEMA_KEYWORDS: &[&str] = &[
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "items",
    "additionalItems",
    "contains",
    "propertyNames",
    "if",
    "then",
    "else",
    "not",
];

/// Keywords whose value maps names to sub-schemas.
pub(crate) const SCHEMA_MAP_KEYWORDS: &[&str] = &["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/// Keywords whose value is a list of sub-schemas.
pub(crate) const SCHEMA_LIST_KEYWORDS: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];

/// Calls `visit` on every direct sub-schema of `node` (one level deep).
pub(crate) fn for_each_subschema_mut(node: &mut Map<String, Value>, visit: &mut dyn FnMut(&mut Value)) {
    for keyword in SINGLE_SCHEMA_KEYWORDS {
        if let Some(child) = node.get_mut(*keyword) {
            // Draft-07 tuple form `items: [..]` holds a list.
            if let Value::Array(list) = child {
                list.iter_mut().for_each(&mut *visit);
            } else {
                visit(child);
            }
        }
    }
    for keyword in SCHEMA_MAP_KEYWORDS {
        if let Some(Value::Object(map)) = node.get_mut(*keyword) {
            map.values_mut().for_each(&mut *visit);
        }
    }
    for keyword in SCHEMA_LIST_KEYWORDS {
        if let Some(Value::Array(list)) = node.get_mut(*keyword) {
            list.iter_mut().for_each(&mut *visit);
        }
    }
}

/// Applies `rewrite` to `schema` and every schema nested in it, parents before children.
pub(crate) fn rewrite_all_schemas(schema: &mut Value, rewrite: &mut dyn FnMut(&mut Map<String, Value>)) {
    if let Value::Object(node) = schema {
        rewrite(node);
        for_each_subschema_mut(node, &mut |child| rewrite_all_schemas(child, rewrite));
    }
}

/// The schema object that holds the keyword at `location` (the location minus its last step).
pub(crate) fn keyword_owner<'a>(root: &'a Value, location: &jsonschema::paths::Location) -> Option<&'a Map<String, Value>> {
    let segments: Vec<_> = location.iter().collect();
    let mut current = root;
    for segment in &segments[..segments.len().saturating_sub(1)] {
        current = match (segment, current) {
            (jsonschema::paths::LocationSegment::Property(key), Value::Object(map)) => map.get(key.as_ref())?,
            (jsonschema::paths::LocationSegment::Index(index), Value::Array(list)) => list.get(*index)?,
            (jsonschema::paths::LocationSegment::Index(index), Value::Object(map)) => map.get(&index.to_string())?,
            _ => return None,
        };
    }
    current.as_object()
}

/// The JSON pointer (without `#`, percent-escapes decoded) that a document-local `$ref`
/// (`#`, `#/$defs/x`) designates; `None` for references to other documents or anchors.
pub(crate) fn local_ref_pointer(reference: &str) -> Option<String> {
    let pointer = reference.strip_prefix('#')?;
    if !pointer.is_empty() && !pointer.starts_with('/') {
        return None;
    }
    if !pointer.contains('%') {
        return Some(pointer.to_string());
    }
    let bytes = pointer.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let byte = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|hex| u8::from_str_radix(hex, 16).ok());
            if let Some(byte) = byte {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Resolves a document-local `$ref` against the root schema.
pub(crate) fn resolve_local_ref<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    root.pointer(&local_ref_pointer(reference)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rewrite_reaches_nested_schemas_but_not_data() {
        let mut schema = json!({
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"items": {"type": "number"}}},
            "anyOf": [{"type": "object"}],
            "default": {"type": "untouched"},
            "$defs": {"d": {"type": "boolean"}}
        });
        let mut seen = Vec::new();
        rewrite_all_schemas(&mut schema, &mut |node| {
            if let Some(Value::String(t)) = node.get("type") {
                seen.push(t.clone());
            }
        });
        assert_eq!(seen, vec!["object", "string", "number", "boolean", "object"]);
    }

    #[test]
    fn resolves_local_references() {
        let root = json!({"$defs": {"a b": {"type": "string"}, "x": {"type": "number"}}});
        assert_eq!(resolve_local_ref(&root, "#/$defs/x"), Some(&json!({"type": "number"})));
        assert_eq!(resolve_local_ref(&root, "#/$defs/a%20b"), Some(&json!({"type": "string"})));
        assert_eq!(resolve_local_ref(&root, "#"), Some(&root));
        assert_eq!(resolve_local_ref(&root, "#/$defs/missing"), None);
        assert_eq!(resolve_local_ref(&root, "other.json"), None);
    }
}
