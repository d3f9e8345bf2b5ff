//! The parameters schema pre-digested at load time into an arena of nodes holding just what
//! the argument pipeline reads (types, properties, required, defaults, unions, unknown-key
//! mode), with local `$ref`s linked and a compiled validator for every node the pipeline must
//! test a value against on its own (union branches, string-or-array fields).

use super::schema_walk::local_ref_pointer;
use super::types::TypeMask;
use super::unknown_keys::{unknown_keys_mode, UnknownKeys};
use serde_json::{Map, Value};
use std::collections::HashMap;

pub(crate) type NodeId = usize;

/// Up to this many declared properties, a linear scan beats hashing the key.
const PROPERTY_SCAN_LIMIT: usize = 8;

/// One schema node, reduced to the keywords the pipeline uses.
#[derive(Default)]
pub(crate) struct SchemaNode {
    /// Every type listed in `type`.
    pub(crate) types: TypeMask,
    /// The type when `type` is a single string (omp only treats those as "number" / "object").
    pub(crate) single_type: TypeMask,
    /// `properties` in schema order; `None` when the keyword is absent.
    pub(crate) properties: Option<Vec<(String, NodeId)>>,
    /// Hash lookup for objects with many properties (small ones are scanned).
    property_index: Option<HashMap<String, NodeId>>,
    pub(crate) required: Vec<String>,
    pub(crate) default: Option<Value>,
    /// `additionalProperties: false`.
    pub(crate) closed: bool,
    /// `additionalProperties` given as a schema (record values).
    pub(crate) additional: Option<NodeId>,
    /// `items` given as one schema.
    pub(crate) items: Option<NodeId>,
    pub(crate) prefix_items: Vec<NodeId>,
    pub(crate) any_of: Vec<NodeId>,
    pub(crate) one_of: Vec<NodeId>,
    /// `allOf` branches plus the target of a local `$ref`.
    pub(crate) all_of: Vec<NodeId>,
    pub(crate) unknown_keys: Option<UnknownKeys>,
    /// `type` lists both string and array, or a union has a string and an array branch.
    pub(crate) accepts_string_and_array: bool,
    /// Declared properties that have a `default`.
    pub(crate) defaulted: Vec<(String, NodeId)>,
    /// This node or one below it fills defaults or strips keys (tool-call finishing pass).
    pub(crate) finish_relevant: bool,
    /// Validator for this node alone (only for nodes the pipeline tests separately).
    pub(crate) validator: Option<jsonschema::Validator>,
    /// JSON pointer of the node in the document (used to compile its validator).
    pointer: String,
}

impl SchemaNode {
    /// The property named `key`, if declared.
    pub(crate) fn property(&self, key: &str) -> Option<NodeId> {
        if let Some(index) = &self.property_index {
            return index.get(key).copied();
        }
        self.properties.as_ref()?.iter().find(|(name, _)| name == key).map(|(_, id)| *id)
    }

    pub(crate) fn is_required(&self, key: &str) -> bool {
        self.required.iter().any(|name| name == key)
    }

    /// Whether the node's own validator accepts `value` (false when it has none).
    pub(crate) fn accepts(&self, value: &Value) -> bool {
        self.validator.as_ref().is_some_and(|validator| validator.is_valid(value))
    }
}

/// All nodes of one parameters schema.
pub(crate) struct SchemaTree {
    pub(crate) nodes: Vec<SchemaNode>,
    pub(crate) root: NodeId,
    /// Some object property declares a `default`.
    pub(crate) has_defaults: bool,
    /// Some object strips unknown keys (`x-zod-unknown-keys: "strip"`).
    pub(crate) has_strip: bool,
    /// Some node accepts both a string and an array.
    pub(crate) has_string_array_unions: bool,
}

impl SchemaTree {
    pub(crate) fn node(&self, id: NodeId) -> &SchemaNode {
        &self.nodes[id]
    }

    /// Builds the tree for `root`; `compile` turns a sub-schema into a validator (returning
    /// `None` when it cannot be compiled on its own).
    pub(crate) fn build(root: &Value, compile: &dyn Fn(&Value) -> Option<jsonschema::Validator>) -> SchemaTree {
        let mut builder = Builder {
            root,
            nodes: Vec::new(),
            by_pointer: HashMap::new(),
        };
        let root_id = builder.build(root, String::new());
        let mut tree = SchemaTree {
            nodes: builder.nodes,
            root: root_id,
            has_defaults: false,
            has_strip: false,
            has_string_array_unions: false,
        };
        tree.break_cycles_in_place();
        tree.finish_flags();
        tree.compile_standalone_validators(root, compile);
        tree
    }

    /// Drops each `anyOf`/`oneOf`/`allOf`/`$ref` link that leads back to a node it came from
    /// without going into the value (`a: {$ref: b}`, `b: {$ref: a}`). The passes over the
    /// arguments follow those links on the same value, so such a cycle made them recurse until
    /// the stack ran out; a link back to where it came from adds nothing they do not already
    /// do (the validator still checks the whole schema). Links that go into the value
    /// (properties, items) end with it.
    fn break_cycles_in_place(&mut self) {
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            New,
            OnPath,
            Done,
        }
        let mut marks = vec![Mark::New; self.nodes.len()];
        for start in 0..self.nodes.len() {
            if marks[start] != Mark::New {
                continue;
            }
            // (node, how many of its in-place links were looked at); an explicit stack, so a
            // long chain of links cannot run out of stack here either.
            let mut path = vec![(start, 0usize)];
            marks[start] = Mark::OnPath;
            while let Some(&mut (id, ref mut next)) = path.last_mut() {
                let node = &self.nodes[id];
                let links = node.any_of.len() + node.one_of.len() + node.all_of.len();
                if *next == links {
                    marks[id] = Mark::Done;
                    path.pop();
                    continue;
                }
                let index = *next;
                let target = in_place_link(node, index);
                match marks[target] {
                    Mark::OnPath => remove_in_place_link(&mut self.nodes[id], index),
                    Mark::New => {
                        *next += 1;
                        marks[target] = Mark::OnPath;
                        path.push((target, 0));
                    }
                    Mark::Done => *next += 1,
                }
            }
        }
    }

    fn finish_flags(&mut self) {
        for index in 0..self.nodes.len() {
            let defaulted: Vec<(String, NodeId)> = self.nodes[index]
                .properties
                .iter()
                .flatten()
                .filter(|(_, child)| self.nodes[*child].default.is_some())
                .cloned()
                .collect();
            let accepts = accepts_string_and_array(self, index);
            let node = &mut self.nodes[index];
            node.finish_relevant = !defaulted.is_empty() || node.unknown_keys == Some(UnknownKeys::Strip);
            node.defaulted = defaulted;
            node.accepts_string_and_array = accepts;
        }
        self.has_defaults = self.nodes.iter().any(|n| !n.defaulted.is_empty());
        self.has_strip = self.nodes.iter().any(|n| n.unknown_keys == Some(UnknownKeys::Strip));
        self.has_string_array_unions = self.nodes.iter().any(|n| n.accepts_string_and_array);
        // a node is relevant when anything below it is (iterate to a fixpoint: refs may cycle)
        loop {
            let mut changed = false;
            for index in 0..self.nodes.len() {
                if self.nodes[index].finish_relevant {
                    continue;
                }
                let relevant = self.children_of(index).any(|child| self.nodes[child].finish_relevant);
                if relevant {
                    self.nodes[index].finish_relevant = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Every sub-schema node directly under `id`.
    fn children_of(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let node = &self.nodes[id];
        node.properties
            .iter()
            .flatten()
            .map(|(_, child)| *child)
            .chain(node.additional)
            .chain(node.items)
            .chain(node.prefix_items.iter().copied())
            .chain(node.any_of.iter().copied())
            .chain(node.one_of.iter().copied())
            .chain(node.all_of.iter().copied())
    }

    fn compile_standalone_validators(&mut self, root: &Value, compile: &dyn Fn(&Value) -> Option<jsonschema::Validator>) {
        let mut wanted = vec![false; self.nodes.len()];
        for node in &self.nodes {
            for branch in node.any_of.iter().chain(&node.one_of) {
                wanted[*branch] = true;
            }
        }
        for (index, node) in self.nodes.iter().enumerate() {
            if node.accepts_string_and_array && node.types.contains(TypeMask::ARRAY) {
                wanted[index] = true;
            }
        }
        for (index, want) in wanted.into_iter().enumerate() {
            if !want {
                continue;
            }
            let Some(schema) = standalone_schema(root, &self.nodes[index].pointer) else {
                continue;
            };
            self.nodes[index].validator = compile(&schema);
        }
    }
}

/// A sub-schema that can be compiled alone: the document's `$defs` / `definitions` travel with
/// it so `#/$defs/...` references still resolve.
fn standalone_schema(root: &Value, pointer: &str) -> Option<Value> {
    if pointer.is_empty() {
        return Some(root.clone());
    }
    let mut schema = root.pointer(pointer)?.clone();
    if let (Value::Object(sub), Value::Object(document)) = (&mut schema, root) {
        for keyword in ["$defs", "definitions"] {
            if let Some(defs) = document.get(keyword) {
                sub.entry(keyword.to_string()).or_insert_with(|| defs.clone());
            }
        }
    }
    Some(schema)
}

fn branch_types(tree: &SchemaTree, id: NodeId) -> TypeMask {
    tree.nodes[id].types
}

fn accepts_string_and_array(tree: &SchemaTree, id: NodeId) -> bool {
    let node = &tree.nodes[id];
    let both = TypeMask::STRING.union(TypeMask::ARRAY);
    if node.types.contains(both) {
        return true;
    }
    for branches in [&node.any_of, &node.one_of] {
        let mut has_string = false;
        let mut has_array = false;
        for branch in branches.iter() {
            let types = branch_types(tree, *branch);
            has_string |= types.contains(TypeMask::STRING);
            has_array |= types.contains(TypeMask::ARRAY);
            if has_string && has_array {
                return true;
            }
        }
    }
    false
}

fn escape_pointer_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The `index`th of a node's links that stay on the same value: `anyOf`, `oneOf`, then
/// `allOf` (with the `$ref` target).
fn in_place_link(node: &SchemaNode, index: usize) -> NodeId {
    node.any_of
        .iter()
        .chain(&node.one_of)
        .chain(&node.all_of)
        .nth(index)
        .copied()
        .expect("index < links")
}

fn remove_in_place_link(node: &mut SchemaNode, mut index: usize) {
    for list in [&mut node.any_of, &mut node.one_of, &mut node.all_of] {
        if index < list.len() {
            list.remove(index);
            return;
        }
        index -= list.len();
    }
}

struct Builder<'a> {
    root: &'a Value,
    nodes: Vec<SchemaNode>,
    by_pointer: HashMap<String, NodeId>,
}

impl<'a> Builder<'a> {
    fn build(&mut self, schema: &'a Value, pointer: String) -> NodeId {
        if let Some(id) = self.by_pointer.get(&pointer) {
            return *id;
        }
        let id = self.nodes.len();
        self.nodes.push(SchemaNode {
            pointer: pointer.clone(),
            ..SchemaNode::default()
        });
        self.by_pointer.insert(pointer.clone(), id);
        if let Value::Object(map) = schema {
            let node = self.build_object_node(map, &pointer);
            self.nodes[id] = node;
        }
        id
    }

    fn child(&mut self, schema: &'a Value, pointer: &str, keyword: &str) -> NodeId {
        self.build(schema, format!("{pointer}/{}", escape_pointer_token(keyword)))
    }

    fn children(&mut self, list: Option<&'a Value>, pointer: &str, keyword: &str) -> Vec<NodeId> {
        let Some(Value::Array(list)) = list else {
            return Vec::new();
        };
        list.iter()
            .enumerate()
            .map(|(index, branch)| self.build(branch, format!("{pointer}/{keyword}/{index}")))
            .collect()
    }

    fn build_object_node(&mut self, map: &'a Map<String, Value>, pointer: &str) -> SchemaNode {
        let mut node = SchemaNode {
            pointer: pointer.to_string(),
            ..SchemaNode::default()
        };
        if let Some(type_keyword) = map.get("type") {
            node.types = TypeMask::from_type_keyword(type_keyword);
            if type_keyword.is_string() {
                node.single_type = node.types;
            }
        }
        if let Some(Value::Object(properties)) = map.get("properties") {
            let properties_pointer = format!("{pointer}/properties");
            let built: Vec<(String, NodeId)> = properties
                .iter()
                .map(|(key, schema)| (key.clone(), self.child(schema, &properties_pointer, key)))
                .collect();
            if built.len() > PROPERTY_SCAN_LIMIT {
                node.property_index = Some(built.iter().map(|(k, id)| (k.clone(), *id)).collect());
            }
            node.properties = Some(built);
        }
        if let Some(Value::Array(required)) = map.get("required") {
            node.required = required.iter().filter_map(Value::as_str).map(str::to_string).collect();
        }
        node.default = map.get("default").cloned();
        match map.get("additionalProperties") {
            Some(Value::Bool(false)) => node.closed = true,
            Some(schema @ Value::Object(_)) => node.additional = Some(self.child(schema, pointer, "additionalProperties")),
            _ => {}
        }
        if let Some(items @ (Value::Object(_) | Value::Bool(_))) = map.get("items") {
            node.items = Some(self.child(items, pointer, "items"));
        }
        node.prefix_items = self.children(map.get("prefixItems"), pointer, "prefixItems");
        node.any_of = self.children(map.get("anyOf"), pointer, "anyOf");
        node.one_of = self.children(map.get("oneOf"), pointer, "oneOf");
        node.all_of = self.children(map.get("allOf"), pointer, "allOf");
        if let Some(Value::String(reference)) = map.get("$ref") {
            if let Some(target_pointer) = local_ref_pointer(reference) {
                if let Some(target) = self.root.pointer(&target_pointer) {
                    let target_id = self.build(target, target_pointer);
                    node.all_of.push(target_id);
                }
            }
        }
        node.unknown_keys = unknown_keys_mode(map);
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn compile(schema: &Value) -> Option<jsonschema::Validator> {
        jsonschema::validator_for(schema).ok()
    }

    #[test]
    fn records_properties_defaults_and_flags() {
        let schema = json!({
            "type": "object",
            "properties": {
                "a": {"type": "string"},
                "b": {"type": "integer", "default": 3},
                "paths": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
            },
            "required": ["a"],
            "additionalProperties": false
        });
        let tree = SchemaTree::build(&schema, &compile);
        let root = tree.node(tree.root);
        assert!(root.closed);
        assert!(root.is_required("a") && !root.is_required("b"));
        assert_eq!(tree.node(root.property("b").unwrap()).default, Some(json!(3)));
        assert!(tree.has_defaults);
        assert!(tree.has_string_array_unions);
        let paths = tree.node(root.property("paths").unwrap());
        assert!(paths.accepts_string_and_array);
        // union branches get their own validators
        assert!(tree.node(paths.any_of[1]).accepts(&json!(["x"])));
        assert!(!tree.node(paths.any_of[1]).accepts(&json!("x")));
    }

    #[test]
    fn many_properties_use_the_hash_index() {
        let properties: serde_json::Map<String, Value> = (0..12).map(|i| (format!("p{i}"), json!({"type": "number"}))).collect();
        let tree = SchemaTree::build(&json!({"type": "object", "properties": properties}), &compile);
        let root = tree.node(tree.root);
        assert!(root.property_index.is_some());
        assert!(root.property("p11").is_some());
        assert!(root.property("p12").is_none());
    }

    #[test]
    fn finishing_relevance_propagates_up_to_the_root_only_along_default_paths() {
        let schema = json!({
            "type": "object",
            "properties": {
                "plain": {"type": "object", "properties": {"x": {"type": "number"}}},
                "list": {"type": "array", "items": {"type": "object", "properties": {"d": {"default": 1}}}}
            }
        });
        let tree = SchemaTree::build(&schema, &compile);
        let root = tree.node(tree.root);
        assert!(root.finish_relevant);
        assert!(!tree.node(root.property("plain").unwrap()).finish_relevant);
        assert!(tree.node(root.property("list").unwrap()).finish_relevant);
    }

    #[test]
    fn plain_schema_has_no_flags() {
        let schema = json!({"type": "object", "properties": {"a": {"type": "string"}}});
        let tree = SchemaTree::build(&schema, &compile);
        assert!(!tree.has_defaults && !tree.has_strip && !tree.has_string_array_unions);
    }

    #[test]
    fn local_refs_are_linked_and_recursion_terminates() {
        let schema = json!({
            "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}, "v": {"type": "number", "default": 0}}}},
            "$ref": "#/$defs/Node"
        });
        let tree = SchemaTree::build(&schema, &compile);
        let root = tree.node(tree.root);
        let target = root.all_of[0];
        let next = tree.node(target).property("next").unwrap();
        assert_eq!(tree.node(next).all_of, vec![target]);
        assert!(tree.has_defaults);
    }

    #[test]
    fn ref_cycles_that_stay_on_the_same_value_are_broken() {
        let schema = json!({
            "type": "object",
            "properties": {"p": {"$ref": "#/$defs/a"}, "q": {"anyOf": [{"$ref": "#/$defs/q"}, {"type": "string"}]}},
            "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}], "oneOf": [{"$ref": "#/$defs/b"}]}, "q": {"$ref": "#/properties/q"}}
        });
        let tree = SchemaTree::build(&schema, &compile);
        // No node can reach itself through in-place links any more.
        for start in 0..tree.nodes.len() {
            let mut seen = vec![false; tree.nodes.len()];
            let mut stack: Vec<NodeId> = vec![start];
            while let Some(id) = stack.pop() {
                let node = tree.node(id);
                for next in node.any_of.iter().chain(&node.one_of).chain(&node.all_of) {
                    assert_ne!(*next, start, "node {} reaches itself", tree.node(start).pointer);
                    if !seen[*next] {
                        seen[*next] = true;
                        stack.push(*next);
                    }
                }
            }
        }
        let q = tree.node(tree.root).property("q").unwrap();
        assert_eq!(tree.node(q).any_of.len(), 2, "links that do not close a cycle stay");
        assert_eq!(tree.normalize_nulls(&json!({"p": {"x": null}, "q": "s"})), None, "and the passes end");
    }

    #[test]
    fn branch_validators_resolve_document_definitions() {
        let schema = json!({
            "$defs": {"S": {"type": "string"}},
            "anyOf": [{"$ref": "#/$defs/S"}, {"type": "null"}]
        });
        let tree = SchemaTree::build(&schema, &compile);
        let branch = tree.node(tree.node(tree.root).any_of[0]);
        assert!(branch.accepts(&json!("x")));
        assert!(!branch.accepts(&json!(1)));
    }
}
