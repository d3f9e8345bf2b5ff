//! Wire schema (contract 5.1): post-processing applied to the JSON Schema that
//! `z.toJSONSchema(schema, { target: "draft-2020-12" })` produced for a zod tool, so the model
//! and the validator see what omp sends. Plain JSON Schema / TypeBox parameters skip this.
//! The `_i` intent field is deliberately not added here.

use super::schema_walk::{for_each_subschema_mut, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS};
use serde_json::{Map, Value};

/// `Number.MAX_SAFE_INTEGER`, the bound zod's `.int()` adds on both sides.
const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;

/// Scalar types that `anyOf: [scalar, {type: "null"}]` is folded into `type: [scalar, "null"]` for.
const NULLABLE_SCALAR_TYPES: &[&str] = &["string", "number", "integer", "boolean"];

/// Keywords that make an `anyOf` node more than a plain nullable wrapper; such nodes are kept.
const SCHEMA_DEFINING_SIBLINGS: &[&str] = &[
    "$ref",
    "additionalProperties",
    "allOf",
    "const",
    "contains",
    "enum",
    "if",
    "items",
    "not",
    "oneOf",
    "patternProperties",
    "prefixItems",
    "properties",
    "propertyNames",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
];

/// Turns zod's JSON Schema output into omp's wire schema:
/// - drops `$schema`;
/// - removes properties that have a `default` from `required` (dropping an emptied `required`);
/// - drops the ±9007199254740991 bounds zod's `.int()` adds;
/// - folds `anyOf: [scalarSchema, {type: "null"}]` into `type: [scalar, "null"]`, keeping the
///   scalar branch's other keywords (an `enum`/`const` gains `null`);
/// - turns empty `{}` sub-schemas into `true`.
pub fn wire_schema_from_zod(json: Value) -> Value {
    let mut schema = json;
    if let Value::Object(root) = &mut schema {
        root.shift_remove("$schema");
    }
    clean_zod_artifacts(&mut schema);
    empty_subschemas_to_true(&mut schema);
    schema
}

fn clean_zod_artifacts(schema: &mut Value) {
    let Value::Object(node) = schema else { return };
    fold_nullable_scalar_any_of(node);
    drop_safe_integer_bounds(node);
    drop_defaulted_from_required(node);
    for_each_subschema_mut(node, &mut clean_zod_artifacts);
}

fn has_integer_type(node: &Map<String, Value>) -> bool {
    match node.get("type") {
        Some(Value::String(t)) => t == "integer",
        Some(Value::Array(types)) => types.iter().any(|t| t == "integer"),
        _ => false,
    }
}

fn drop_safe_integer_bounds(node: &mut Map<String, Value>) {
    if !has_integer_type(node) {
        return;
    }
    if node.get("minimum").and_then(Value::as_i64) == Some(-MAX_SAFE_INTEGER) {
        node.shift_remove("minimum");
    }
    if node.get("maximum").and_then(Value::as_i64) == Some(MAX_SAFE_INTEGER) {
        node.shift_remove("maximum");
    }
}

fn drop_defaulted_from_required(node: &mut Map<String, Value>) {
    let (Some(Value::Array(required)), Some(Value::Object(properties))) = (node.get("required"), node.get("properties")) else {
        return;
    };
    let kept: Vec<Value> = required
        .iter()
        .filter(|name| {
            let Some(name) = name.as_str() else {
                return true;
            };
            match properties.get(name) {
                Some(Value::Object(property)) => !property.contains_key("default"),
                _ => true,
            }
        })
        .cloned()
        .collect();
    if kept.len() == required.len() {
        return;
    }
    if kept.is_empty() {
        node.shift_remove("required");
    } else {
        node.insert("required".to_string(), Value::Array(kept));
    }
}

fn is_null_branch(branch: &Map<String, Value>) -> bool {
    branch.len() == 1 && branch.get("type").and_then(Value::as_str) == Some("null")
}

fn fold_nullable_scalar_any_of(node: &mut Map<String, Value>) {
    if SCHEMA_DEFINING_SIBLINGS.iter().any(|keyword| node.contains_key(*keyword)) {
        return;
    }
    let Some(Value::Array(branches)) = node.get("anyOf") else {
        return;
    };
    if branches.len() != 2 {
        return;
    }
    let mut scalar: Option<&Map<String, Value>> = None;
    let mut saw_null = false;
    for branch in branches {
        let Value::Object(branch) = branch else {
            return;
        };
        if is_null_branch(branch) {
            if saw_null {
                return;
            }
            saw_null = true;
            continue;
        }
        let is_scalar = branch.get("type").and_then(Value::as_str).is_some_and(|t| NULLABLE_SCALAR_TYPES.contains(&t));
        if !is_scalar || scalar.is_some() {
            return;
        }
        scalar = Some(branch);
    }
    let (true, Some(scalar)) = (saw_null, scalar) else {
        return;
    };
    let scalar = scalar.clone();
    node.shift_remove("anyOf");
    for (key, value) in &scalar {
        if key == "type" || key == "enum" || key == "const" || node.contains_key(key) {
            continue;
        }
        node.insert(key.clone(), value.clone());
    }
    if let Some(constant) = scalar.get("const") {
        node.insert("enum".to_string(), Value::Array(vec![constant.clone(), Value::Null]));
    } else if let Some(Value::Array(values)) = scalar.get("enum") {
        let mut values = values.clone();
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
        node.insert("enum".to_string(), Value::Array(values));
    }
    let scalar_type = scalar.get("type").cloned().unwrap_or(Value::Null);
    node.insert("type".to_string(), Value::Array(vec![scalar_type, Value::String("null".to_string())]));
}

fn is_empty_object(value: &Value) -> bool {
    matches!(value, Value::Object(map) if map.is_empty())
}

fn empty_subschemas_to_true(schema: &mut Value) {
    let Value::Object(node) = schema else { return };
    for keyword in SINGLE_SCHEMA_KEYWORDS {
        if let Some(child) = node.get_mut(*keyword) {
            if is_empty_object(child) {
                *child = Value::Bool(true);
            }
        }
    }
    for keyword in SCHEMA_MAP_KEYWORDS {
        if let Some(Value::Object(map)) = node.get_mut(*keyword) {
            for child in map.values_mut() {
                if is_empty_object(child) {
                    *child = Value::Bool(true);
                }
            }
        }
    }
    for keyword in SCHEMA_LIST_KEYWORDS {
        if let Some(Value::Array(list)) = node.get_mut(*keyword) {
            for child in list.iter_mut() {
                if is_empty_object(child) {
                    *child = Value::Bool(true);
                }
            }
        }
    }
    for_each_subschema_mut(node, &mut empty_subschemas_to_true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn drops_schema_uri() {
        let out = wire_schema_from_zod(json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}));
        assert_eq!(out, json!({"type": "object"}));
    }

    #[test]
    fn defaulted_properties_leave_required() {
        let out = wire_schema_from_zod(json!({
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"type": "number", "default": 3}},
            "required": ["a", "b"],
            "additionalProperties": false
        }));
        assert_eq!(out["required"], json!(["a"]));
        let only_defaults = wire_schema_from_zod(json!({
            "type": "object",
            "properties": {"b": {"type": "number", "default": 3}},
            "required": ["b"]
        }));
        assert!(only_defaults.get("required").is_none());
    }

    #[test]
    fn nested_defaulted_properties_leave_required_too() {
        let out = wire_schema_from_zod(json!({
            "type": "object",
            "properties": {"o": {"type": "object", "properties": {"x": {"default": 1, "type": "number"}, "y": {"type": "number"}}, "required": ["x", "y"]}},
            "required": ["o"]
        }));
        assert_eq!(out["properties"]["o"]["required"], json!(["y"]));
        assert_eq!(out["required"], json!(["o"]));
    }

    #[test]
    fn drops_int_safe_bounds_only() {
        let out = wire_schema_from_zod(json!({
            "type": "object",
            "properties": {
                "i": {"type": "integer", "minimum": -9007199254740991i64, "maximum": 9007199254740991i64},
                "j": {"type": "integer", "minimum": 0, "maximum": 9007199254740991i64},
                "n": {"type": "number", "minimum": -9007199254740991i64}
            }
        }));
        assert_eq!(out["properties"]["i"], json!({"type": "integer"}));
        assert_eq!(out["properties"]["j"], json!({"type": "integer", "minimum": 0}));
        assert_eq!(out["properties"]["n"]["minimum"], json!(-9007199254740991i64));
    }

    #[test]
    fn empty_subschemas_become_true() {
        let out = wire_schema_from_zod(json!({
            "type": "object",
            "properties": {"any": {}, "rec": {"type": "object", "additionalProperties": {}}, "u": {"anyOf": [{}, {"type": "string", "description": "d"}]}},
            "default": {"x": {}}
        }));
        assert_eq!(out["properties"]["any"], json!(true));
        assert_eq!(out["properties"]["rec"]["additionalProperties"], json!(true));
        assert_eq!(out["properties"]["u"]["anyOf"][0], json!(true));
        // data keywords are not schemas
        assert_eq!(out["default"], json!({"x": {}}));
    }

    #[test]
    fn nullable_scalars_fold_into_type_arrays() {
        let out = wire_schema_from_zod(json!({
            "type": "object",
            "properties": {
                "s": {"anyOf": [{"type": "string", "minLength": 2, "description": "inner"}, {"type": "null"}], "description": "outer"},
                "e": {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]},
                "c": {"anyOf": [{"type": "null"}, {"type": "string", "const": "x"}]},
                "i": {"anyOf": [{"type": "integer", "minimum": -9007199254740991i64, "maximum": 9007199254740991i64}, {"type": "null"}]},
                "o": {"anyOf": [{"type": "object", "properties": {}}, {"type": "null"}]},
                "two": {"anyOf": [{"type": "string"}, {"type": "number"}]}
            }
        }));
        let p = &out["properties"];
        assert_eq!(p["s"], json!({"description": "outer", "minLength": 2, "type": ["string", "null"]}));
        assert_eq!(p["e"], json!({"enum": ["a", "b", null], "type": ["string", "null"]}));
        assert_eq!(p["c"], json!({"enum": ["x", null], "type": ["string", "null"]}));
        assert_eq!(p["i"], json!({"type": ["integer", "null"]}));
        assert!(p["o"].get("anyOf").is_some(), "object nullables stay anyOf");
        assert!(p["two"].get("anyOf").is_some(), "real unions stay anyOf");
    }

    #[test]
    fn folding_keeps_other_keys_and_order() {
        let out = wire_schema_from_zod(json!({"description": "d", "anyOf": [{"type": "boolean", "default": true}, {"type": "null"}]}));
        let keys: Vec<&String> = out.as_object().unwrap().keys().collect();
        assert_eq!(keys, vec!["description", "default", "type"]);
    }

    #[test]
    fn does_not_add_intent_field() {
        let out = wire_schema_from_zod(json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}));
        assert!(out["properties"].get("_i").is_none());
        assert_eq!(out["required"], json!(["a"]));
    }
}
