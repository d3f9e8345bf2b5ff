//! Pre-validation normalization (contract 5.2 steps 1–2), driven by the schema:
//! - an optional property that is `null` or `"null"` is deleted;
//! - a required `null`/`"null"` property with a schema `default` gets a deep copy of it;
//! - a numeric string under a `number`/`integer` node is parsed;
//! - nested objects with `additionalProperties: false` lose unknown keys whose value is
//!   `null`/`"null"` (the root is exempt);
//! - a field accepting string and array that holds a JSON-array string which validates
//!   against the array branch gets the parsed array.
//!
//! Each pass returns `None` when nothing changed, so already-clean arguments cost a read-only walk.

use super::lenient_json::try_parse_number_string;
use super::tree::{NodeId, SchemaTree};
use super::types::TypeMask;
use serde_json::{Map, Value};

fn is_nullish(value: &Value) -> bool {
    matches!(value, Value::Null) || matches!(value, Value::String(s) if s == "null")
}

impl SchemaTree {
    /// Step 1 on the whole arguments value.
    pub(crate) fn normalize_nulls(&self, value: &Value) -> Option<Value> {
        self.normalize_nulls_at(self.root, value, true)
    }

    fn normalize_nulls_at(&self, id: NodeId, value: &Value, is_root: bool) -> Option<Value> {
        if value.is_null() {
            return None;
        }
        let node = self.node(id);
        for branches in [&node.any_of, &node.one_of] {
            let mut first_change: Option<Value> = None;
            for branch in branches.iter() {
                let Some(normalized) = self.normalize_nulls_at(*branch, value, is_root) else {
                    continue;
                };
                if self.node(*branch).accepts(&normalized) {
                    return Some(normalized);
                }
                first_change.get_or_insert(normalized);
            }
            if first_change.is_some() {
                return first_change;
            }
        }
        if !node.all_of.is_empty() {
            let mut changed: Option<Value> = None;
            for branch in &node.all_of {
                let current = changed.as_ref().unwrap_or(value);
                if let Some(normalized) = self.normalize_nulls_at(*branch, current, is_root) {
                    changed = Some(normalized);
                }
            }
            if changed.is_some() {
                return changed;
            }
        }
        if let Value::Array(items) = value {
            let item_schema = node.items?;
            let mut out: Option<Vec<Value>> = None;
            for (index, item) in items.iter().enumerate() {
                if let Some(normalized) = self.normalize_nulls_at(item_schema, item, false) {
                    out.get_or_insert_with(|| items.clone())[index] = normalized;
                }
            }
            return out.map(Value::Array);
        }
        if let Value::String(text) = value {
            let numeric = node.single_type;
            if numeric == TypeMask::NUMBER || numeric == TypeMask::INTEGER {
                return try_parse_number_string(text, numeric);
            }
            return None;
        }
        if node.single_type != TypeMask::OBJECT {
            return None;
        }
        let Value::Object(map) = value else {
            return None;
        };
        node.properties.as_ref()?;
        let mut out: Option<Map<String, Value>> = None;
        // Walk the value's entries (no hashing) and look each key up among the declared ones;
        // every declared key is visited once either way.
        for (key, current) in map {
            let Some(child) = node.property(key) else {
                continue;
            };
            if is_nullish(current) {
                if !node.is_required(key) {
                    out.get_or_insert_with(|| map.clone()).shift_remove(key);
                    continue;
                }
                if let Some(default) = &self.node(child).default {
                    out.get_or_insert_with(|| map.clone()).insert(key.clone(), default.clone());
                    continue;
                }
            }
            if let Some(normalized) = self.normalize_nulls_at(child, current, false) {
                out.get_or_insert_with(|| map.clone()).insert(key.clone(), normalized);
            }
        }
        if !is_root && node.closed {
            let unknown_nulls: Vec<&String> = map
                .iter()
                .filter(|(key, value)| node.property(key).is_none() && is_nullish(value))
                .map(|(key, _)| key)
                .collect();
            if !unknown_nulls.is_empty() {
                let target = out.get_or_insert_with(|| map.clone());
                for key in unknown_nulls {
                    target.shift_remove(key);
                }
            }
        }
        out.map(Value::Object)
    }

    /// Step 2 on the whole arguments value.
    pub(crate) fn normalize_string_encoded_arrays(&self, value: &Value) -> Option<Value> {
        if !self.has_string_array_unions {
            return None;
        }
        self.normalize_string_arrays_at(self.root, value)
    }

    fn normalize_string_arrays_at(&self, id: NodeId, value: &Value) -> Option<Value> {
        let node = self.node(id);
        match value {
            Value::String(text) if node.accepts_string_and_array => {
                let trimmed = super::js_format::js_trim(text);
                if !trimmed.starts_with('[') {
                    return None;
                }
                let parsed: Value = serde_json::from_str(trimmed).ok()?;
                (parsed.is_array() && self.array_branch_accepts(id, &parsed)).then_some(parsed)
            }
            Value::Array(items) => {
                let item_schema = node.items?;
                let mut out: Option<Vec<Value>> = None;
                for (index, item) in items.iter().enumerate() {
                    if let Some(normalized) = self.normalize_string_arrays_at(item_schema, item) {
                        out.get_or_insert_with(|| items.clone())[index] = normalized;
                    }
                }
                out.map(Value::Array)
            }
            Value::Object(map) if node.single_type == TypeMask::OBJECT => {
                node.properties.as_ref()?;
                let mut out: Option<Map<String, Value>> = None;
                for (key, current) in map {
                    let Some(child) = node.property(key) else {
                        continue;
                    };
                    if let Some(normalized) = self.normalize_string_arrays_at(child, current) {
                        out.get_or_insert_with(|| map.clone()).insert(key.clone(), normalized);
                    }
                }
                out.map(Value::Object)
            }
            _ => None,
        }
    }

    /// Whether the array-accepting part of a string-or-array node accepts `array`.
    fn array_branch_accepts(&self, id: NodeId, array: &Value) -> bool {
        let node = self.node(id);
        if node.types.contains(TypeMask::ARRAY) {
            return node.accepts(array);
        }
        node.any_of.iter().chain(&node.one_of).any(|branch| {
            let branch = self.node(*branch);
            branch.types.contains(TypeMask::ARRAY) && branch.accepts(array)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tree(schema: Value) -> SchemaTree {
        SchemaTree::build(&schema, &|s| jsonschema::validator_for(s).ok())
    }

    fn sample() -> SchemaTree {
        tree(json!({
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "opt": {"type": "string"},
                "mode": {"type": "string", "default": "fast"},
                "count": {"type": "integer"},
                "ratio": {"type": "number"},
                "nested": {
                    "type": "object",
                    "properties": {"x": {"type": "number"}, "o": {"type": ["string", "null"]}},
                    "required": ["x"],
                    "additionalProperties": false
                },
                "list": {"type": "array", "items": {"type": "object", "properties": {"n": {"type": "number"}, "q": {"type": "string"}}}}
            },
            "required": ["name", "mode"],
            "additionalProperties": false
        }))
    }

    #[test]
    fn clean_arguments_are_left_alone() {
        let t = sample();
        assert_eq!(t.normalize_nulls(&json!({"name": "a", "mode": "x", "count": 3, "nested": {"x": 1}})), None);
    }

    #[test]
    fn optional_null_and_null_string_are_deleted() {
        let t = sample();
        let out = t.normalize_nulls(&json!({"name": "a", "opt": null, "ratio": "null", "mode": "m"})).unwrap();
        assert_eq!(out, json!({"name": "a", "mode": "m"}));
    }

    #[test]
    fn required_null_is_kept_without_default_and_replaced_with_default() {
        let t = sample();
        let out = t.normalize_nulls(&json!({"name": null, "mode": "null"})).unwrap();
        assert_eq!(out, json!({"name": null, "mode": "fast"}));
        assert_eq!(t.normalize_nulls(&json!({"name": null, "mode": "m"})), None);
    }

    #[test]
    fn numeric_strings_are_parsed_under_number_types() {
        let t = sample();
        let out = t.normalize_nulls(&json!({"name": "1", "count": "42", "ratio": " 2.5 ", "mode": "m"})).unwrap();
        assert_eq!(out, json!({"name": "1", "count": 42, "ratio": 2.5, "mode": "m"}));
        // wrong integer kind stays a string (and fails validation later)
        assert_eq!(t.normalize_nulls(&json!({"name": "a", "mode": "m", "count": "1.5"})), None);
    }

    #[test]
    fn nested_closed_objects_drop_unknown_null_keys_but_root_does_not() {
        let t = sample();
        let out = t
            .normalize_nulls(&json!({"name": "a", "mode": "m", "ghost": null, "nested": {"x": 1, "extra": "null", "keep": 5, "o": null}}))
            .unwrap();
        assert_eq!(out, json!({"name": "a", "mode": "m", "ghost": null, "nested": {"x": 1, "keep": 5}}));
    }

    #[test]
    fn array_items_are_normalized() {
        let t = sample();
        let out = t
            .normalize_nulls(&json!({"name": "a", "mode": "m", "list": [{"n": "3", "q": null}, {"n": 1}]}))
            .unwrap();
        assert_eq!(out, json!({"name": "a", "mode": "m", "list": [{"n": 3}, {"n": 1}]}));
    }

    #[test]
    fn union_branches_prefer_a_change_that_validates() {
        let t = tree(json!({
            "type": "object",
            "properties": {"v": {"anyOf": [{"type": "number", "maximum": 5}, {"type": "integer"}]}}
        }));
        // "10" parses under both branches; the first fails its maximum, the second accepts it
        assert_eq!(t.normalize_nulls(&json!({"v": "10"})), Some(json!({"v": 10})));
        assert_eq!(t.normalize_nulls(&json!({"v": "2"})), Some(json!({"v": 2})));
    }

    #[test]
    fn string_encoded_arrays_become_arrays_only_when_the_array_branch_accepts() {
        let t = tree(json!({
            "type": "object",
            "properties": {
                "paths": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
                "typed": {"type": ["string", "array"], "items": {"type": "number"}}
            }
        }));
        assert_eq!(
            t.normalize_string_encoded_arrays(&json!({"paths": " [\"a\",\"b\"] "})),
            Some(json!({"paths": ["a", "b"]}))
        );
        assert_eq!(t.normalize_string_encoded_arrays(&json!({"paths": "[1]"})), None, "[1] is not string[]");
        assert_eq!(t.normalize_string_encoded_arrays(&json!({"paths": "src/[id].ts"})), None);
        assert_eq!(t.normalize_string_encoded_arrays(&json!({"typed": "[1, 2]"})), Some(json!({"typed": [1, 2]})));
        assert_eq!(t.normalize_string_encoded_arrays(&json!({"typed": "[\"x\"]"})), None);
    }

    #[test]
    fn string_array_pass_is_skipped_without_such_fields() {
        let t = sample();
        assert!(!t.has_string_array_unions);
        assert_eq!(t.normalize_string_encoded_arrays(&json!({"name": "[\"a\"]"})), None);
    }
}
