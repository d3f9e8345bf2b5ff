//! The post-validation pass that makes the value look like zod's output: missing properties
//! get deep copies of their schema `default` (nested objects, array items, record values and
//! the matching union branch included; an inserted default is used as is, like zod's
//! `.default()`), objects in `x-zod-unknown-keys: "strip"` mode lose undeclared keys, and,
//! for `safeParse` semantics, object keys follow the schema's property order.

use super::tree::{NodeId, SchemaTree};
use super::unknown_keys::UnknownKeys;
use serde_json::{Map, Value};

/// What the finishing pass does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FinishOptions {
    pub(crate) fill_defaults: bool,
    pub(crate) strip_unknown: bool,
    /// Also strip unknown keys of the root object (tool calls keep root extras).
    pub(crate) strip_root: bool,
    /// Rebuild objects in schema property order, as zod's output is.
    pub(crate) shape_order: bool,
}

impl FinishOptions {
    /// Tool-call preparation: defaults and nested stripping; key order untouched.
    pub(crate) const PREPARE: FinishOptions = FinishOptions {
        fill_defaults: true,
        strip_unknown: true,
        strip_root: false,
        shape_order: false,
    };
    /// zod `safeParse`: defaults, stripping everywhere, schema key order.
    pub(crate) const PARSE: FinishOptions = FinishOptions {
        fill_defaults: true,
        strip_unknown: true,
        strip_root: true,
        shape_order: true,
    };
}

impl SchemaTree {
    /// Whether [`SchemaTree::finish`] can change anything under these options.
    pub(crate) fn finish_needed(&self, options: FinishOptions) -> bool {
        options.shape_order || (options.fill_defaults && self.has_defaults) || (options.strip_unknown && self.has_strip)
    }

    /// Runs the finishing pass over a validated value, in place.
    pub(crate) fn finish(&self, value: &mut Value, options: FinishOptions) {
        self.finish_at(self.root, value, options, true);
    }

    fn finish_at(&self, id: NodeId, value: &mut Value, options: FinishOptions, is_root: bool) {
        let node = self.node(id);
        if !node.finish_relevant && !options.shape_order {
            return;
        }
        for branch in &node.all_of {
            self.finish_at(*branch, value, options, is_root);
        }
        for branches in [&node.any_of, &node.one_of] {
            if branches.is_empty() {
                continue;
            }
            // zod returns the result of the first union option that accepts the value.
            if let Some(branch) = branches.iter().find(|branch| self.node(**branch).accepts(value)) {
                self.finish_at(*branch, value, options, is_root);
            }
        }
        match value {
            Value::Object(map) => self.finish_object(id, map, options, is_root),
            Value::Array(items) => {
                for (index, item) in items.iter_mut().enumerate() {
                    let schema = node.prefix_items.get(index).copied().or(node.items);
                    if let Some(schema) = schema {
                        self.finish_at(schema, item, options, false);
                    }
                }
            }
            _ => {}
        }
    }

    fn finish_object(&self, id: NodeId, map: &mut Map<String, Value>, options: FinishOptions, is_root: bool) {
        let node = self.node(id);
        let declared = node.properties.as_deref().unwrap_or(&[]);
        for (key, item) in map.iter_mut() {
            if let Some(child) = node.property(key).or(node.additional) {
                self.finish_at(child, item, options, false);
            }
        }
        if options.fill_defaults {
            for (key, child) in &node.defaulted {
                if !map.contains_key(key) {
                    if let Some(default) = &self.node(*child).default {
                        map.insert(key.clone(), default.clone());
                    }
                }
            }
        }
        let strip = options.strip_unknown && node.unknown_keys == Some(UnknownKeys::Strip) && (!is_root || options.strip_root);
        if strip {
            map.retain(|key, _| node.property(key).is_some());
        }
        if options.shape_order && !declared.is_empty() {
            let mut ordered = Map::with_capacity(map.len());
            for (key, _) in declared {
                if let Some(entry) = map.shift_remove(key) {
                    ordered.insert(key.clone(), entry);
                }
            }
            ordered.append(map);
            *map = ordered;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tree(schema: Value) -> SchemaTree {
        SchemaTree::build(&schema, &|s| jsonschema::validator_for(s).ok())
    }

    fn keys(value: &Value) -> Vec<&str> {
        value.as_object().unwrap().keys().map(String::as_str).collect()
    }

    #[test]
    fn top_level_defaults_fill_missing_properties_only() {
        let t = tree(json!({
            "type": "object",
            "properties": {"a": {"type": "string"}, "n": {"type": "number", "default": 5}, "m": {"default": {"deep": [1]}}}
        }));
        let mut value = json!({"a": "x", "n": 1});
        t.finish(&mut value, FinishOptions::PREPARE);
        assert_eq!(value, json!({"a": "x", "n": 1, "m": {"deep": [1]}}));
        // the default is a copy: mutating the result does not touch the schema
        value["m"]["deep"][0] = json!(99);
        let mut again = json!({"a": "y"});
        t.finish(&mut again, FinishOptions::PREPARE);
        assert_eq!(again["m"], json!({"deep": [1]}));
    }

    #[test]
    fn nested_defaults_reach_objects_arrays_records_and_union_branches() {
        let t = tree(json!({
            "type": "object",
            "properties": {
                "o": {"type": "object", "properties": {"x": {"type": "number", "default": 1}, "inner": {"type": "object", "properties": {"y": {"default": "q"}}, "default": {}}}},
                "list": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string", "default": "d"}}}},
                "rec": {"type": "object", "additionalProperties": {"type": "object", "properties": {"z": {"default": 0}}}},
                "u": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"w": {"default": true}}}]},
                "nul": {"anyOf": [{"type": "object", "properties": {"v": {"default": 2}}}, {"type": "null"}]}
            }
        }));
        let mut value = json!({"o": {}, "list": [{}, {"k": "set"}], "rec": {"r1": {}}, "u": {}, "nul": null});
        t.finish(&mut value, FinishOptions::PREPARE);
        // an inserted default is used as is: zod does not parse `.default()` values
        assert_eq!(value["o"], json!({"x": 1, "inner": {}}));
        assert_eq!(value["list"], json!([{"k": "d"}, {"k": "set"}]));
        assert_eq!(value["rec"], json!({"r1": {"z": 0}}));
        assert_eq!(value["u"], json!({"w": true}));
        assert_eq!(value["nul"], json!(null));
        let mut string_branch = json!({"u": "s", "nul": {}});
        t.finish(&mut string_branch, FinishOptions::PREPARE);
        assert_eq!(string_branch["u"], json!("s"));
        assert_eq!(string_branch["nul"], json!({"v": 2}));
    }

    #[test]
    fn strip_mode_removes_unknown_keys_except_at_the_root_for_tool_calls() {
        let t = tree(json!({
            "type": "object",
            "x-zod-unknown-keys": "strip",
            "properties": {
                "s": {"type": "object", "x-zod-unknown-keys": "strip", "properties": {"a": {}}},
                "p": {"type": "object", "x-zod-unknown-keys": "passthrough", "properties": {"a": {}}}
            }
        }));
        let input = json!({"s": {"a": 1, "junk": 2}, "p": {"a": 1, "kept": 2}, "rootExtra": 3});
        let mut prepared = input.clone();
        t.finish(&mut prepared, FinishOptions::PREPARE);
        assert_eq!(prepared, json!({"s": {"a": 1}, "p": {"a": 1, "kept": 2}, "rootExtra": 3}));
        let mut parsed = input;
        t.finish(&mut parsed, FinishOptions::PARSE);
        assert_eq!(parsed, json!({"s": {"a": 1}, "p": {"a": 1, "kept": 2}}));
    }

    #[test]
    fn parse_output_follows_schema_property_order() {
        let t = tree(json!({
            "type": "object",
            "properties": {"a": {"default": 0}, "b": {}, "c": {}}
        }));
        let mut value = json!({"x": 1, "c": 3, "b": 2});
        t.finish(&mut value, FinishOptions::PARSE);
        assert_eq!(keys(&value), vec!["a", "b", "c", "x"]);
        let mut prepared = json!({"x": 1, "c": 3, "b": 2});
        t.finish(&mut prepared, FinishOptions::PREPARE);
        assert_eq!(keys(&prepared), vec!["x", "c", "b", "a"]);
    }

    #[test]
    fn finishing_is_skipped_when_nothing_applies() {
        let t = tree(json!({"type": "object", "properties": {"a": {"type": "string"}}}));
        assert!(!t.finish_needed(FinishOptions::PREPARE));
        assert!(t.finish_needed(FinishOptions::PARSE));
    }
}
