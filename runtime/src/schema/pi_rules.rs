//! pi 1.6.0's argument rules for tools registered through pi's ExtensionAPI, so a model's
//! failed call reads as it does under pi. pi's `validateToolArguments` (pi-ai) compiles the
//! tool's declared parameters with `@earendil-works/pi-schema` (`coerce: true`) and `parse`s
//! the arguments: three coercion passes (optional nulls dropped; TypeBox 1.3's `Value.Convert`
//! rules keyed on `$ref`/`const`/`enum`/unions/`allOf`/`type`; Ajv-style primitive coercion by
//! `type`), then a check, and on failure an explanation walk over the schema that reports each
//! failing keyword at the value it failed on (`missing`, `expected one of [..]`,
//! `expected number, got string`, …) as a JSON pointer, printed dotted (`questions.0.prompt`).
//!
//! Whether a subschema accepts a value is asked of the `jsonschema` crate: the declared schema
//! is compiled once into a map of validators, one per subschema (`ValidatorMap`), found here
//! by the node's address. Not ported: `unevaluatedProperties`/`unevaluatedItems` and
//! `$dynamicRef` explanations (a failure there reads `root: invalid`), bigint/bytes/undefined
//! types (JSON arguments never hold them).

use super::js_format::{js_json_compact, js_number, js_ordered_entries, js_string, js_string_to_number, js_trim, utf16_len};
use super::types::number_value;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::Mutex;

/// How deep schema references are followed before a walk gives up (a `$ref` cycle that never
/// descends into the value).
const MAX_DEPTH: usize = 200;

/// Enum values an error lists before it says how many more there are.
const LISTED_VALUES: usize = 20;

/// One failing keyword: where (a JSON pointer into the arguments), which, and pi's message.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PiError {
    pub(crate) path: String,
    pub(crate) message: String,
}

impl PiError {
    /// The line pi writes: `  - <dotted path>: <message>` (`root` for the whole value).
    pub(crate) fn line(&self) -> String {
        format!("  - {}: {}", dotted_path(&self.path), self.message)
    }
}

/// pi-ai's `formatValidationPath`: `/edits/0/old~1text` becomes `edits.0.old/text`.
fn dotted_path(pointer: &str) -> String {
    if pointer.is_empty() {
        return "root".to_string();
    }
    pointer[1..]
        .split('/')
        .map(|segment| segment.replace("~1", "/").replace("~0", "~"))
        .collect::<Vec<_>>()
        .join(".")
}

/// `pointer(path, key)`: the path one key deeper, escaped as a JSON pointer.
fn pointer(path: &str, key: &str) -> String {
    format!("{path}/{}", key.replace('~', "~0").replace('/', "~1"))
}

/// A tool's declared parameters compiled for pi's rules.
pub(crate) struct PiSchema {
    /// Boxed so the nodes' addresses (the keys of `keys`) stay put.
    root: Box<Value>,
    validators: jsonschema::ValidatorMap,
    /// Node address → its key in `validators` (`#/properties/a`).
    keys: HashMap<usize, String>,
    /// Validators of single keywords (`{"pattern": p}`), so patterns and formats are tested
    /// with the dialect the schema's validators use.
    keyword_checks: Mutex<HashMap<String, Option<jsonschema::Validator>>>,
    draft7: bool,
}

impl std::fmt::Debug for PiSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PiSchema").field("root", &self.root).finish_non_exhaustive()
    }
}

fn address(node: &Value) -> usize {
    std::ptr::from_ref(node) as usize
}

fn index_nodes(node: &Value, key: String, keys: &mut HashMap<usize, String>) {
    match node {
        Value::Object(map) => {
            for (name, child) in map {
                index_nodes(child, pointer(&key, name), keys);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                index_nodes(child, format!("{key}/{i}"), keys);
            }
        }
        _ => {}
    }
    if matches!(node, Value::Object(_) | Value::Bool(_)) {
        keys.insert(address(node), key);
    }
}

fn is_schema_object(value: Option<&Value>) -> Option<&Map<String, Value>> {
    value.and_then(Value::as_object)
}

/// JavaScript `===` between JSON values: numbers by value, strings by content, containers
/// never (they are distinct objects in JavaScript).
fn strict_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::String(x), Value::String(y)) => x == y,
        _ => false,
    }
}

/// JSON equality as `const`, `enum` and `uniqueItems` compare (TypeBox's `Value.Equal`).
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq(p, q)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, p)| y.get(k).is_some_and(|q| json_eq(p, q))),
        _ => strict_eq(a, b),
    }
}

fn is_integral(value: &Value) -> bool {
    value.as_f64().is_some_and(|x| x.is_finite() && x.fract() == 0.0)
}

/// pi-schema's `typeName` of a value in a type error.
fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Array(_) => "array",
        Value::Number(_) if is_integral(value) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Bool(_) => "boolean",
        Value::Object(_) => "object",
    }
}

/// Whether `value` has the JSON Schema type `name` (pi-schema's `TYPE_CHECKS`).
fn has_type(value: &Value, name: &str) -> bool {
    match name {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => is_integral(value),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => false,
    }
}

/// `JSON.stringify(values)`, cut after 20 with how many more there are.
fn list_values(values: &[Value]) -> String {
    if values.len() <= LISTED_VALUES {
        return js_json_compact(&Value::Array(values.to_vec()));
    }
    let listed = js_json_compact(&Value::Array(values[..LISTED_VALUES].to_vec()));
    format!("{}, ... and {} more]", &listed[..listed.len() - 1], values.len() - LISTED_VALUES)
}

fn bound(value: Option<&Value>) -> Option<f64> {
    value.and_then(Value::as_f64)
}

fn show(value: &Value) -> String {
    match value {
        Value::Number(n) => js_number(n),
        other => js_string(other),
    }
}

/// A JSON number for a JavaScript number (integral values as integers).
fn number(x: f64) -> Option<Value> {
    number_value(if x == 0.0 { 0.0 } else { x })
}

impl PiSchema {
    /// Compiles `schema` (the tool's parameters as declared). `None` when the `jsonschema`
    /// crate refuses it; the caller then keeps omp's rules.
    pub(crate) fn compile(schema: &Value) -> Option<PiSchema> {
        let root = Box::new(schema.clone());
        let validators = jsonschema::options().should_validate_formats(true).build_map(&root).ok()?;
        validators.get("#")?;
        let mut keys = HashMap::new();
        index_nodes(&root, "#".to_string(), &mut keys);
        let draft7 = root
            .get("$schema")
            .and_then(Value::as_str)
            .is_some_and(|s| s.contains("draft-07") || s.contains("draft-06") || s.contains("draft-04"));
        Some(PiSchema {
            root,
            validators,
            keys,
            keyword_checks: Mutex::new(HashMap::new()),
            draft7,
        })
    }

    /// pi's `parse`: the arguments coerced and accepted, or the errors of the coerced value.
    pub(crate) fn parse(&self, args: &Value) -> Result<Value, Vec<PiError>> {
        if self.ok(&self.root, args) {
            return Ok(args.clone());
        }
        let coerced = self.coerce(args);
        let value = coerced.as_ref().unwrap_or(args);
        if self.ok(&self.root, value) {
            return Ok(value.clone());
        }
        let mut out = Vec::new();
        Walk { schema: self, depth: 0 }.walk(&self.root, value, "", &mut out);
        if out.is_empty() {
            out.push(PiError {
                path: String::new(),
                message: "invalid".to_string(),
            });
        }
        Err(out)
    }

    /// Whether the subschema `node` (a node of `root`) accepts `value`.
    fn ok(&self, node: &Value, value: &Value) -> bool {
        if let Value::Bool(b) = node {
            return *b;
        }
        match self.keys.get(&address(node)).and_then(|key| self.validators.get(key)) {
            Some(validator) => validator.is_valid(value),
            // A subschema the crate could not compile alone: the walk itself decides.
            None => {
                let mut out = Vec::new();
                Walk { schema: self, depth: 0 }.body(node, value, "", &mut out);
                out.is_empty()
            }
        }
    }

    /// Whether the one-keyword schema `{keyword: argument}` accepts `value` (true when it
    /// cannot be compiled, as the whole schema compiled).
    fn keyword_ok(&self, keyword: &str, argument: &Value, value: &Value) -> bool {
        let mut schema = Map::new();
        schema.insert(keyword.to_string(), argument.clone());
        let schema = Value::Object(schema);
        let text = js_json_compact(&schema);
        let mut cache = self.keyword_checks.lock().unwrap_or_else(|e| e.into_inner());
        let validator = cache
            .entry(text)
            .or_insert_with(|| jsonschema::options().should_validate_formats(true).build(&schema).ok());
        validator.as_ref().is_none_or(|v| v.is_valid(value))
    }

    fn pattern_matches(&self, pattern: &str, text: &str) -> bool {
        self.keyword_ok("pattern", &Value::String(pattern.to_string()), &Value::String(text.to_string()))
    }

    /// A local `$ref` (`#/$defs/x`), or one naming a subschema's `$id` or `$anchor`.
    fn resolve(&self, reference: &str) -> Option<&Value> {
        if let Some(found) = super::schema_walk::resolve_local_ref(&self.root, reference) {
            return Some(found);
        }
        fn find<'a>(node: &'a Value, reference: &str) -> Option<&'a Value> {
            match node {
                Value::Object(map) => {
                    let id = map.get("$id").and_then(Value::as_str).map(|id| id.trim_end_matches('#'));
                    let anchor = map.get("$anchor").and_then(Value::as_str);
                    if id == Some(reference) || anchor.is_some_and(|a| reference.strip_prefix('#') == Some(a)) {
                        return Some(node);
                    }
                    map.values().find_map(|child| find(child, reference))
                }
                Value::Array(items) => items.iter().find_map(|child| find(child, reference)),
                _ => None,
            }
        }
        find(&self.root, reference.trim_end_matches('#'))
    }

    /// The three coercion passes; `None` when nothing changed.
    fn coerce(&self, value: &Value) -> Option<Value> {
        let without_nulls = self.drop_optional_nulls(value, &self.root);
        let current = without_nulls.as_ref().unwrap_or(value);
        let mut convert = Convert {
            schema: self,
            entered: Vec::new(),
        };
        let converted = convert.convert(&self.root, current);
        let current = converted.as_ref().unwrap_or(current);
        let typed = self.coerce_types(current, &self.root);
        typed.or(converted).or(without_nulls)
    }

    // ----- pass 1: optional nulls -------------------------------------------------------

    /// A `null` in an optional property whose schema rejects `null` is dropped, as if omitted.
    fn drop_optional_nulls(&self, value: &Value, schema: &Value) -> Option<Value> {
        let node = schema.as_object()?;
        if let Value::Array(items) = value {
            return map_items(items, |i, item| item_schema_at(node, i).and_then(|s| self.drop_optional_nulls(item, s)));
        }
        let object = value.as_object()?;
        let properties = is_schema_object(node.get("properties"));
        let patterns = pattern_entries(node);
        let additional = is_schema_object(node.get("additionalProperties")).map(|_| &node["additionalProperties"]);
        if patterns.is_empty() && additional.is_none() && properties.is_none() {
            return None;
        }
        let required: Vec<&str> = node
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut out: Option<Map<String, Value>> = None;
        let has_property = |key: &str| properties.is_some_and(|p| p.contains_key(key));
        if let Some(properties) = properties {
            for (key, property) in js_ordered_entries(properties) {
                let Some(current) = object.get(key) else {
                    continue;
                };
                let is_ref = property.get("$ref").is_some_and(Value::is_string);
                if current.is_null() && !required.contains(&key.as_str()) && !is_ref && !self.ok(property, &Value::Null) {
                    out.get_or_insert_with(|| object.clone()).shift_remove(key);
                    continue;
                }
                if let Some(next) = self.drop_optional_nulls(current, property) {
                    out.get_or_insert_with(|| object.clone()).insert(key.clone(), next);
                }
            }
        }
        if !patterns.is_empty() || additional.is_some() {
            for (key, original) in js_ordered_entries(object) {
                let mut matched = has_property(key);
                for (pattern, item) in &patterns {
                    if !self.pattern_matches(pattern, key) {
                        continue;
                    }
                    matched = true;
                    let current = out.as_ref().map_or(Some(original), |o| o.get(key));
                    if let Some(next) = current.and_then(|c| self.drop_optional_nulls(c, item)) {
                        out.get_or_insert_with(|| object.clone()).insert(key.clone(), next);
                    }
                }
                if let (false, Some(additional)) = (matched, additional) {
                    if let Some(next) = self.drop_optional_nulls(original, additional) {
                        out.get_or_insert_with(|| object.clone()).insert(key.clone(), next);
                    }
                }
            }
        }
        out.map(Value::Object)
    }

    // ----- pass 3: primitive coercion by type --------------------------------------------

    /// Ajv's `coerceTypes` for what conversion left (type arrays such as `["integer", "null"]`).
    fn coerce_types(&self, value: &Value, schema: &Value) -> Option<Value> {
        let node = schema.as_object()?;
        let mut next: Option<Value> = None;
        if let Some(Value::Array(members)) = node.get("allOf") {
            for member in members {
                if let Some(v) = self.coerce_types(next.as_ref().unwrap_or(value), member) {
                    next = Some(v);
                }
            }
        }
        for union in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = node.get(union) {
                if let Some(v) = self.coerce_union(next.as_ref().unwrap_or(value), branches) {
                    next = Some(v);
                }
            }
        }
        let types: Vec<&str> = match node.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let current = next.as_ref().unwrap_or(value);
        let matches_member = types.len() > 1 && types.iter().any(|t| has_type(current, t));
        if !types.is_empty() && !matches_member {
            for t in &types {
                if let Some(candidate) = coerce_primitive(current, t) {
                    next = Some(candidate);
                    break;
                }
            }
        }
        let current = next.as_ref().unwrap_or(value);
        if types.contains(&"object") {
            if let Value::Object(object) = current {
                if let Some(v) = self.coerce_properties(object, node) {
                    next = Some(v);
                }
            }
        }
        let current = next.as_ref().unwrap_or(value);
        if types.contains(&"array") {
            if let Value::Array(items) = current {
                if let Some(v) = map_items(items, |i, item| {
                    item_schema_at(node, i).filter(|s| s.is_object()).and_then(|s| self.coerce_types(item, s))
                }) {
                    next = Some(v);
                }
            }
        }
        next
    }

    fn coerce_union(&self, value: &Value, branches: &[Value]) -> Option<Value> {
        if branches.iter().any(|b| self.ok(b, value)) {
            return None;
        }
        branches.iter().find_map(|branch| {
            let coerced = self.coerce_types(value, branch)?;
            self.ok(branch, &coerced).then_some(coerced)
        })
    }

    fn coerce_properties(&self, object: &Map<String, Value>, node: &Map<String, Value>) -> Option<Value> {
        let properties = is_schema_object(node.get("properties"));
        let patterns = pattern_entries(node);
        let additional = is_schema_object(node.get("additionalProperties")).map(|_| &node["additionalProperties"]);
        let mut out: Option<Map<String, Value>> = None;
        if let Some(properties) = properties {
            for (key, property) in js_ordered_entries(properties) {
                if let Some(next) = object.get(key).and_then(|current| self.coerce_types(current, property)) {
                    out.get_or_insert_with(|| object.clone()).insert(key.clone(), next);
                }
            }
        }
        for (key, original) in js_ordered_entries(object) {
            let mut matched = properties.is_some_and(|p| p.contains_key(key));
            for (pattern, item) in &patterns {
                if !self.pattern_matches(pattern, key) {
                    continue;
                }
                matched = true;
                let current = out.as_ref().and_then(|o| o.get(key)).unwrap_or(original);
                if let Some(next) = self.coerce_types(current, item) {
                    out.get_or_insert_with(|| object.clone()).insert(key.clone(), next);
                }
            }
            if let (false, Some(additional)) = (matched, additional) {
                if let Some(next) = self.coerce_types(original, additional) {
                    out.get_or_insert_with(|| object.clone()).insert(key.clone(), next);
                }
            }
        }
        out.map(Value::Object)
    }
}

/// `patternProperties` as (pattern, schema) pairs.
fn pattern_entries(node: &Map<String, Value>) -> Vec<(&str, &Value)> {
    match node.get("patternProperties") {
        Some(Value::Object(patterns)) => js_ordered_entries(patterns).into_iter().map(|(p, s)| (p.as_str(), s)).collect(),
        _ => Vec::new(),
    }
}

/// The schema of an array's item at `index`: a tuple's for its prefix, else `items`.
fn item_schema_at(node: &Map<String, Value>, index: usize) -> Option<&Value> {
    if let Some(Value::Array(items)) = node.get("items") {
        return items.get(index);
    }
    if let Some(Value::Array(prefix)) = node.get("prefixItems") {
        if index < prefix.len() {
            return prefix.get(index);
        }
    }
    node.get("items")
}

/// `items` with each changed item replaced; `None` when none changed.
fn map_items(items: &[Value], mut map: impl FnMut(usize, &Value) -> Option<Value>) -> Option<Value> {
    let mut out: Option<Vec<Value>> = None;
    for (i, item) in items.iter().enumerate() {
        if let Some(next) = map(i, item) {
            out.get_or_insert_with(|| items.to_vec())[i] = next;
        }
    }
    out.map(Value::Array)
}

/// Ajv-style coercion of one value to `type`; `None` when it stays (or is already the same).
fn coerce_primitive(value: &Value, type_name: &str) -> Option<Value> {
    let next = match type_name {
        "number" | "integer" => match value {
            Value::Null => Some(Value::from(0)),
            Value::String(text) if !js_trim(text).is_empty() => js_string_to_number(text)
                .filter(|x| x.is_finite() && (type_name == "number" || x.fract() == 0.0))
                .and_then(number),
            Value::Bool(b) => Some(Value::from(i64::from(*b))),
            _ => None,
        },
        "boolean" => match value {
            Value::Null => Some(Value::Bool(false)),
            Value::String(s) if s == "true" => Some(Value::Bool(true)),
            Value::String(s) if s == "false" => Some(Value::Bool(false)),
            Value::Number(_) if value.as_f64() == Some(1.0) => Some(Value::Bool(true)),
            Value::Number(_) if value.as_f64() == Some(0.0) => Some(Value::Bool(false)),
            _ => None,
        },
        "string" => match value {
            Value::Null => Some(Value::String(String::new())),
            Value::Number(_) | Value::Bool(_) => Some(Value::String(js_string(value))),
            _ => None,
        },
        "null" => match value {
            Value::String(s) if s.is_empty() => Some(Value::Null),
            Value::Number(_) if value.as_f64() == Some(0.0) => Some(Value::Null),
            Value::Bool(false) => Some(Value::Null),
            _ => None,
        },
        _ => None,
    };
    next.filter(|n| !strict_eq(n, value))
}

// ----- pass 2: TypeBox's conversion rules ------------------------------------------------

fn try_string(value: &Value) -> Option<Value> {
    match value {
        Value::Bool(_) | Value::Number(_) => Some(Value::String(js_string(value))),
        Value::Null => Some(Value::String("null".to_string())),
        Value::String(_) => Some(value.clone()),
        _ => None,
    }
}

/// `^-?(0|[1-9]\d*)n$`, `^-?(0|[1-9]\d*)\.\d+$` (truncated) or `^-?(0|[1-9]\d*)$`: TypeBox's
/// bigint spellings of a string, as a number when it is a safe integer.
fn big_int_of_string(text: &str) -> Option<f64> {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let integer_part = |digits: &str| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'));
    let whole = if let Some(digits) = unsigned.strip_suffix('n') {
        integer_part(digits).then_some(digits)
    } else if let Some((int, frac)) = unsigned.split_once('.') {
        (integer_part(int) && !frac.is_empty() && frac.bytes().all(|b| b.is_ascii_digit())).then_some(int)
    } else {
        integer_part(unsigned).then_some(unsigned)
    }?;
    let magnitude: f64 = whole.parse().ok()?;
    (magnitude <= 9_007_199_254_740_991.0).then(|| if text.starts_with('-') { -magnitude } else { magnitude })
}

fn try_number(value: &Value) -> Option<f64> {
    match value {
        Value::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
        Value::Number(n) => n.as_f64(),
        Value::Null => Some(0.0),
        Value::String(text) => {
            if let Some(x) = js_string_to_number(text).filter(|x| x.is_finite()) {
                return Some(x);
            }
            match text.to_lowercase().as_str() {
                "false" => Some(0.0),
                "true" => Some(1.0),
                _ => big_int_of_string(text),
            }
        }
        _ => None,
    }
}

fn try_boolean(value: &Value) -> Option<Value> {
    match value {
        Value::Bool(_) => Some(value.clone()),
        Value::Number(_) if value.as_f64() == Some(0.0) => Some(Value::Bool(false)),
        Value::Number(_) if value.as_f64() == Some(1.0) => Some(Value::Bool(true)),
        Value::Null => Some(Value::Bool(false)),
        Value::String(text) => {
            let lower = text.to_lowercase();
            if lower == "false" || text == "0" {
                Some(Value::Bool(false))
            } else if lower == "true" || text == "1" {
                Some(Value::Bool(true))
            } else {
                None
            }
        }
        _ => None,
    }
}

fn try_null(value: &Value) -> Option<Value> {
    let to_null = match value {
        Value::Bool(b) => !b,
        Value::Number(_) => value.as_f64() == Some(0.0),
        Value::Null => true,
        Value::String(text) => {
            let lower = text.to_lowercase();
            lower == "undefined" || lower == "null" || text.is_empty() || text == "0"
        }
        _ => false,
    };
    to_null.then_some(Value::Null)
}

/// `Some(next)` unless `next` is `===` to `value`.
fn changed(value: &Value, next: Option<Value>) -> Option<Value> {
    next.filter(|n| !strict_eq(n, value))
}

/// A literal taken from a value of another type that converts to exactly it.
fn convert_literal(literal: &Value, value: &Value) -> Option<Value> {
    if strict_eq(literal, value) {
        return None;
    }
    let result = match literal {
        Value::String(_) => try_string(value),
        Value::Number(_) => try_number(value).and_then(number),
        Value::Bool(_) => try_boolean(value),
        _ => None,
    };
    result.filter(|r| strict_eq(r, literal))
}

struct Convert<'s> {
    schema: &'s PiSchema,
    /// (node, value) pairs being converted through a re-entry point (a `$ref`, a wrapped
    /// single value): meeting one again leaves the value as it is.
    entered: Vec<(usize, usize)>,
}

impl Convert<'_> {
    fn convert(&mut self, node: &Value, value: &Value) -> Option<Value> {
        let map = node.as_object()?;
        if let Some(Value::String(reference)) = map.get("$ref") {
            let target = self.schema.resolve(reference)?;
            return if target.is_object() { self.reenter(target, value) } else { None };
        }
        self.convert_node(map, node, value)
    }

    fn reenter(&mut self, node: &Value, value: &Value) -> Option<Value> {
        let pair = (address(node), address(value));
        if self.entered.contains(&pair) || self.entered.len() >= MAX_DEPTH {
            return None;
        }
        self.entered.push(pair);
        let result = self.convert(node, value);
        self.entered.pop();
        result
    }

    /// One node's conversion: its first keyword among `const`, `enum`, the unions, `allOf`
    /// and `type`.
    fn convert_node(&mut self, map: &Map<String, Value>, node: &Value, value: &Value) -> Option<Value> {
        if let Some(literal) = map.get("const") {
            return convert_literal(literal, value);
        }
        if let Some(Value::Array(values)) = map.get("enum") {
            if values.iter().any(|member| strict_eq(member, value)) {
                return None;
            }
            return values
                .iter()
                .filter_map(|member| convert_literal(member, value))
                .find(|candidate| self.schema.ok(node, candidate));
        }
        for union in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = map.get(union) {
                return self.convert_union(map, node, branches, value);
            }
        }
        if let Some(Value::Array(members)) = map.get("allOf") {
            let mut next: Option<Value> = None;
            for member in members {
                if let Some(v) = self.convert(member, next.as_ref().unwrap_or(value)) {
                    next = Some(v);
                }
            }
            let current = next.as_ref().unwrap_or(value);
            return self.convert_members(map, current).or(next);
        }
        match map.get("type") {
            Some(Value::String(t)) => match t.as_str() {
                "string" => changed(value, try_string(value)),
                "number" => changed(value, try_number(value).and_then(number)),
                "integer" => changed(value, try_number(value).and_then(|x| number(x.trunc()))),
                "boolean" => changed(value, try_boolean(value)),
                "null" => changed(value, try_null(value)),
                "array" => self.convert_array(map, value),
                "object" => self.convert_object(map, value),
                _ => None,
            },
            None if map.contains_key("properties") || map.contains_key("patternProperties") => self.convert_object(map, value),
            None if map.contains_key("items") || map.contains_key("prefixItems") => self.convert_array(map, value),
            _ => None,
        }
    }

    /// A value one branch accepts stays; else the first branch's conversion the whole union
    /// accepts.
    fn convert_union(&mut self, map: &Map<String, Value>, node: &Value, branches: &[Value], value: &Value) -> Option<Value> {
        if branches.iter().any(|b| self.schema.ok(b, value)) {
            return self.convert_members(map, value);
        }
        for branch in branches {
            let converted = self.convert(branch, value);
            let current = converted.as_ref().unwrap_or(value);
            let candidate = self.convert_members(map, current).or(converted);
            if self.schema.ok(node, candidate.as_ref().unwrap_or(value)) {
                return candidate;
            }
        }
        self.convert_members(map, value)
    }

    /// The object members a union or intersection node also declares.
    fn convert_members(&mut self, map: &Map<String, Value>, value: &Value) -> Option<Value> {
        let declares = ["properties", "patternProperties", "additionalProperties"].iter().any(|k| map.contains_key(*k));
        if declares {
            self.convert_object(map, value)
        } else {
            None
        }
    }

    fn convert_array(&mut self, map: &Map<String, Value>, value: &Value) -> Option<Value> {
        let prefix = match (map.get("items"), map.get("prefixItems")) {
            (Some(Value::Array(items)), _) => Some((items, None)),
            (_, Some(Value::Array(prefix))) => Some((prefix, map.get("items"))),
            _ => None,
        };
        if let Some((prefix, rest)) = prefix {
            // A tuple converts its items and never wraps a single value.
            let Value::Array(items) = value else {
                return None;
            };
            return map_items(items, |i, item| prefix.get(i).or(rest).and_then(|s| self.convert(s, item)));
        }
        if let Value::Array(items) = value {
            let item_schema = map.get("items")?;
            return map_items(items, |_, item| self.convert(item_schema, item));
        }
        // A single value becomes a one-item array, converted by the item schema.
        let converted = match map.get("items") {
            Some(item @ Value::Object(_)) => self.reenter(item, value),
            _ => None,
        };
        Some(Value::Array(vec![converted.unwrap_or_else(|| value.clone())]))
    }

    fn convert_object(&mut self, map: &Map<String, Value>, value: &Value) -> Option<Value> {
        let object = value.as_object()?;
        let properties = is_schema_object(map.get("properties"));
        let patterns = pattern_entries(map);
        let additional = is_schema_object(map.get("additionalProperties")).map(|_| &map["additionalProperties"]);
        let mut out: Option<Map<String, Value>> = None;
        for (key, original) in js_ordered_entries(object) {
            let mut next: Option<Value> = None;
            let mut matched = false;
            if let Some(property) = properties.and_then(|p| p.get(key)) {
                matched = true;
                next = self.convert(property, original);
            }
            for (pattern, schema) in &patterns {
                if !self.schema.pattern_matches(pattern, key) {
                    continue;
                }
                matched = true;
                if let Some(v) = self.convert(schema, next.as_ref().unwrap_or(original)) {
                    next = Some(v);
                }
            }
            if let (false, Some(additional)) = (matched, additional) {
                next = self.convert(additional, original);
            }
            if let Some(next) = next {
                out.get_or_insert_with(|| object.clone()).insert(key.clone(), next);
            }
        }
        out.map(Value::Object)
    }
}

// ----- the explanation walk -----------------------------------------------------------------

/// A number bound: its keyword, the operator its message shows, and when a value fails it.
type NumberCheck = (&'static str, &'static str, fn(f64, f64) -> bool);

struct Walk<'s> {
    schema: &'s PiSchema,
    depth: usize,
}

fn push(out: &mut Vec<PiError>, path: &str, message: String) {
    out.push(PiError {
        path: path.to_string(),
        message,
    });
}

impl Walk<'_> {
    /// The errors of `value` at `path` against `node`, none when it accepts the value.
    fn walk(&mut self, node: &Value, value: &Value, path: &str, out: &mut Vec<PiError>) {
        match node {
            Value::Bool(true) => {}
            Value::Bool(false) => push(out, path, "no value is allowed here".to_string()),
            Value::Object(_) => {
                if self.depth >= MAX_DEPTH || self.schema.ok(node, value) {
                    return;
                }
                self.depth += 1;
                self.body(node, value, path, out);
                self.depth -= 1;
            }
            _ => {}
        }
    }

    /// Each failing keyword of `node` (a schema object that rejects `value`).
    fn body(&mut self, node: &Value, value: &Value, path: &str, out: &mut Vec<PiError>) {
        let Some(map) = node.as_object() else {
            return;
        };
        if self.schema.draft7 {
            if let Some(Value::String(reference)) = map.get("$ref") {
                self.walk_ref(reference, value, path, out);
                return;
            }
        }
        if let Some(declared) = map.get("type") {
            let types: Vec<&Value> = match declared {
                Value::Array(list) => list.iter().collect(),
                single => vec![single],
            };
            if !types.iter().any(|t| t.as_str().is_some_and(|name| has_type(value, name))) {
                let names: Vec<String> = types.iter().map(|t| js_string(t)).collect();
                push(out, path, format!("expected {}, got {}", names.join(" or "), type_name(value)));
                return;
            }
        }
        if let Some(Value::Array(values)) = map.get("enum") {
            if !values.iter().any(|member| json_eq(member, value)) {
                push(out, path, format!("expected one of {}", list_values(values)));
            }
        }
        if let Some(constant) = map.get("const") {
            if !json_eq(constant, value) {
                push(out, path, format!("expected {}", js_json_compact(constant)));
            }
        }
        match value {
            Value::String(text) => self.walk_string(map, text, path, out),
            Value::Number(_) => self.walk_number(map, value, path, out),
            Value::Object(object) => self.walk_object(map, object, value, path, out),
            Value::Array(items) => self.walk_array(map, items, path, out),
            _ => {}
        }
        if let Some(Value::Array(members)) = map.get("allOf") {
            for member in members {
                self.walk(member, value, path, out);
            }
        }
        if let Some(Value::Array(branches)) = map.get("anyOf") {
            self.walk_union(branches, value, path, out, false);
        }
        if let Some(Value::Array(branches)) = map.get("oneOf") {
            self.walk_union(branches, value, path, out, true);
        }
        if let Some(not) = map.get("not") {
            if self.schema.ok(not, value) {
                push(out, path, "must not match the schema in not".to_string());
            }
        }
        if let Some(condition) = map.get("if") {
            let branch = if self.schema.ok(condition, value) { map.get("then") } else { map.get("else") };
            if let Some(branch) = branch {
                self.walk(branch, value, path, out);
            }
        }
        if !self.schema.draft7 {
            if let Some(Value::String(reference)) = map.get("$ref") {
                self.walk_ref(reference, value, path, out);
            }
        }
    }

    fn walk_ref(&mut self, reference: &str, value: &Value, path: &str, out: &mut Vec<PiError>) {
        match self.schema.resolve(reference) {
            Some(target) => self.walk(target, value, path, out),
            None => push(out, path, format!("unresolved reference {reference}")),
        }
    }

    fn walk_string(&mut self, map: &Map<String, Value>, text: &str, path: &str, out: &mut Vec<PiError>) {
        let length = text.chars().count() as f64;
        if let Some(min) = map.get("minLength").filter(|m| m.is_number()) {
            if length < bound(Some(min)).unwrap_or(0.0) {
                push(out, path, format!("expected at least {} characters", show(min)));
            }
        }
        if let Some(max) = map.get("maxLength").filter(|m| m.is_number()) {
            if length > bound(Some(max)).unwrap_or(f64::INFINITY) {
                push(out, path, format!("expected at most {} characters", show(max)));
            }
        }
        if let Some(Value::String(pattern)) = map.get("pattern") {
            if !self.schema.pattern_matches(pattern, text) {
                push(out, path, format!("expected to match {pattern}"));
            }
        }
        if let Some(format) = map.get("format").filter(|f| f.is_string()) {
            if !self.schema.keyword_ok("format", format, &Value::String(text.to_string())) {
                push(out, path, format!("expected format {}", js_string(format)));
            }
        }
    }

    fn walk_number(&mut self, map: &Map<String, Value>, value: &Value, path: &str, out: &mut Vec<PiError>) {
        let x = value.as_f64().unwrap_or(f64::NAN);
        let checks: [NumberCheck; 4] = [
            ("minimum", ">=", |x, b| x < b),
            ("maximum", "<=", |x, b| x > b),
            ("exclusiveMinimum", ">", |x, b| x <= b),
            ("exclusiveMaximum", "<", |x, b| x >= b),
        ];
        for (keyword, op, fails) in checks {
            if let Some(limit) = map.get(keyword).filter(|l| l.is_number()) {
                if fails(x, bound(Some(limit)).unwrap_or(f64::NAN)) {
                    push(out, path, format!("expected {op} {}", show(limit)));
                }
            }
        }
        if let Some(step) = map.get("multipleOf").filter(|s| s.is_number()) {
            if !self.schema.keyword_ok("multipleOf", step, value) {
                push(out, path, format!("expected a multiple of {}", show(step)));
            }
        }
    }

    fn walk_object(&mut self, map: &Map<String, Value>, object: &Map<String, Value>, value: &Value, path: &str, out: &mut Vec<PiError>) {
        let empty = Map::new();
        let properties = is_schema_object(map.get("properties")).unwrap_or(&empty);
        if let Some(Value::Array(required)) = map.get("required") {
            for key in required.iter().filter_map(Value::as_str) {
                if !object.contains_key(key) {
                    push(out, &pointer(path, key), "missing".to_string());
                }
            }
        }
        for (key, property) in js_ordered_entries(properties) {
            if let Some(child) = object.get(key) {
                self.walk(property, child, &pointer(path, key), out);
            }
        }
        let patterns = pattern_entries(map);
        for (key, child) in js_ordered_entries(object) {
            let at = pointer(path, key);
            let mut matched = properties.contains_key(key);
            for (pattern, schema) in &patterns {
                if self.schema.pattern_matches(pattern, key) {
                    matched = true;
                    self.walk(schema, child, &at, out);
                }
            }
            match (matched, map.get("additionalProperties")) {
                (false, Some(Value::Bool(false))) => push(out, &at, "unknown field".to_string()),
                (false, Some(additional)) => self.walk(additional, child, &at, out),
                _ => {}
            }
            if let Some(names) = map.get("propertyNames") {
                if !self.schema.ok(names, &Value::String(key.clone())) {
                    push(out, &at, "invalid property name".to_string());
                }
            }
        }
        let count = object.len() as f64;
        if let Some(min) = map.get("minProperties").filter(|m| m.is_number()) {
            if count < bound(Some(min)).unwrap_or(0.0) {
                push(out, path, format!("expected at least {} properties", show(min)));
            }
        }
        if let Some(max) = map.get("maxProperties").filter(|m| m.is_number()) {
            if count > bound(Some(max)).unwrap_or(f64::INFINITY) {
                push(out, path, format!("expected at most {} properties", show(max)));
            }
        }
        // `{...dependentRequired, ...dependencies}`: a key of both keeps its first place.
        let mut dependencies: Vec<(&String, &Value)> = Vec::new();
        let required_first = if self.schema.draft7 { None } else { map.get("dependentRequired") };
        for source in [required_first, map.get("dependencies")] {
            if let Some(Value::Object(entries)) = source {
                for (key, dependency) in js_ordered_entries(entries) {
                    match dependencies.iter_mut().find(|(k, _)| *k == key) {
                        Some(slot) => slot.1 = dependency,
                        None => dependencies.push((key, dependency)),
                    }
                }
            }
        }
        for (key, dependency) in dependencies {
            if !object.contains_key(key) {
                continue;
            }
            match dependency {
                Value::Array(names) => {
                    for name in names {
                        let name = js_string(name);
                        if !object.contains_key(&name) {
                            push(out, &pointer(path, &name), format!("required when {key} is present"));
                        }
                    }
                }
                schema => self.walk(schema, value, path, out),
            }
        }
        if !self.schema.draft7 {
            if let Some(Value::Object(schemas)) = map.get("dependentSchemas") {
                for (key, schema) in js_ordered_entries(schemas) {
                    if object.contains_key(key) {
                        self.walk(schema, value, path, out);
                    }
                }
            }
        }
    }

    fn walk_array(&mut self, map: &Map<String, Value>, items: &[Value], path: &str, out: &mut Vec<PiError>) {
        let (prefix, rest): (&[Value], Option<&Value>) = match (map.get("items"), map.get("prefixItems")) {
            (Some(Value::Array(tuple)), _) => (tuple, map.get("additionalItems")),
            (items_schema, Some(Value::Array(prefix))) if !self.schema.draft7 => (prefix, items_schema),
            (items_schema, _) => (&[], items_schema),
        };
        for (i, item) in items.iter().enumerate() {
            if let Some(schema) = prefix.get(i).or(rest) {
                self.walk(schema, item, &format!("{path}/{i}"), out);
            }
        }
        let count = items.len() as f64;
        if let Some(min) = map.get("minItems").filter(|m| m.is_number()) {
            if count < bound(Some(min)).unwrap_or(0.0) {
                push(out, path, format!("expected at least {} items", show(min)));
            }
        }
        if let Some(max) = map.get("maxItems").filter(|m| m.is_number()) {
            if count > bound(Some(max)).unwrap_or(f64::INFINITY) {
                push(out, path, format!("expected at most {} items", show(max)));
            }
        }
        if map.get("uniqueItems") == Some(&Value::Bool(true)) {
            let unique = items.iter().enumerate().all(|(i, a)| items[i + 1..].iter().all(|b| !json_eq(a, b)));
            if !unique {
                push(out, path, "expected unique items".to_string());
            }
        }
        if let Some(contains) = map.get("contains") {
            let min = map.get("minContains").filter(|_| !self.schema.draft7).and_then(Value::as_f64).unwrap_or(1.0);
            let max = map
                .get("maxContains")
                .filter(|_| !self.schema.draft7)
                .and_then(Value::as_f64)
                .unwrap_or(f64::INFINITY);
            let matching = items.iter().filter(|item| self.schema.ok(contains, item)).count() as f64;
            if matching < min || matching > max {
                let plural = |n: f64| if n == 1.0 { "item" } else { "items" };
                let message = if max == f64::INFINITY {
                    format!("expected at least {} matching {}", crate::schema::js_format::js_f64(min), plural(min))
                } else if min == 0.0 {
                    format!("expected at most {} matching {}", crate::schema::js_format::js_f64(max), plural(max))
                } else {
                    format!(
                        "expected between {} and {} matching items",
                        crate::schema::js_format::js_f64(min),
                        crate::schema::js_format::js_f64(max)
                    )
                };
                push(out, path, message);
            }
        }
    }

    /// A union: a tagged one reports the branch its tag selects; otherwise the branch that
    /// declares most of an object's keys, then the one whose first error is deepest.
    fn walk_union(&mut self, branches: &[Value], value: &Value, path: &str, out: &mut Vec<PiError>, exactly_one: bool) {
        let matches = branches.iter().filter(|b| self.schema.ok(b, value)).count();
        if matches == 1 || (!exactly_one && matches > 0) {
            return;
        }
        if matches > 1 {
            push(out, path, "matches more than one alternative".to_string());
            return;
        }
        let resolved: Vec<&Value> = branches
            .iter()
            .map(|b| match b.get("$ref").and_then(Value::as_str) {
                Some(reference) if b.is_object() => self.schema.resolve(reference).unwrap_or(b),
                _ => b,
            })
            .collect();
        if let (Some((key, values)), Value::Object(object)) = (tag_of(&resolved), value) {
            let chosen = object.get(&key).and_then(|v| values.iter().position(|t| strict_eq(t, v)));
            match chosen {
                Some(i) => self.walk(&branches[i], value, path, out),
                None => push(out, &pointer(path, &key), format!("expected one of {}", list_values(&values))),
            }
            return;
        }
        let mut best: Option<(Vec<PiError>, usize)> = None;
        for (branch, target) in branches.iter().zip(&resolved) {
            let mut errors = Vec::new();
            self.walk(branch, value, path, &mut errors);
            if errors.is_empty() {
                continue;
            }
            let declared = match (value, target.get("properties")) {
                (Value::Object(object), Some(Value::Object(properties))) => object.keys().filter(|k| properties.contains_key(*k)).count(),
                _ => 0,
            };
            let better = match &best {
                None => true,
                Some((best_errors, best_declared)) => {
                    declared > *best_declared || (declared == *best_declared && utf16_len(&errors[0].path) > utf16_len(&best_errors[0].path))
                }
            };
            if better {
                best = Some((errors, declared));
            }
        }
        match best {
            Some((errors, _)) => out.extend(errors),
            None => push(out, path, "matches no alternative".to_string()),
        }
    }
}

/// The tag of a union of objects: the first property of the first branch whose `const` is a
/// distinct primitive in every branch.
fn tag_of(branches: &[&Value]) -> Option<(String, Vec<Value>)> {
    let first = branches.first()?.get("properties")?.as_object()?;
    'keys: for (key, _) in js_ordered_entries(first) {
        let mut values: Vec<Value> = Vec::with_capacity(branches.len());
        for branch in branches {
            let constant = branch
                .get("properties")
                .and_then(|p| p.get(key))
                .filter(|t| t.is_object())
                .and_then(|t| t.get("const"));
            match constant {
                Some(c) if !c.is_object() && !c.is_array() => {
                    if values.iter().any(|seen| strict_eq(seen, c)) {
                        continue 'keys;
                    }
                    values.push(c.clone());
                }
                _ => continue 'keys,
            }
        }
        return Some((key.clone(), values));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(schema: Value, args: Value) -> Result<Value, Vec<String>> {
        let schema = PiSchema::compile(&schema).expect("compiles");
        schema.parse(&args).map_err(|errors| errors.iter().map(PiError::line).collect())
    }

    fn object(properties: Value, required: &[&str]) -> Value {
        json!({"type": "object", "properties": properties, "required": required})
    }

    #[test]
    fn missing_fields_and_paths_are_worded_as_pi() {
        let schema = object(
            json!({"duration": {"type": "string"}, "questions": {"type": "array", "items": object(json!({"prompt": {"type": "string"}}), &["prompt"])}}),
            &["duration", "questions"],
        );
        assert_eq!(
            parse(schema.clone(), json!({})),
            Err(vec!["  - duration: missing".to_string(), "  - questions: missing".to_string()])
        );
        assert_eq!(
            parse(schema, json!({"duration": "1h", "questions": [{"prompt": "a"}, {}]})),
            Err(vec!["  - questions.1.prompt: missing".to_string()])
        );
    }

    #[test]
    fn enums_list_their_values_as_json() {
        let schema = object(json!({"action": {"type": "string", "enum": ["list", "add"]}}), &["action"]);
        assert_eq!(
            parse(schema, json!({"action": "drop"})),
            Err(vec![r#"  - action: expected one of ["list","add"]"#.to_string()])
        );
        let many: Vec<Value> = (0..25).map(Value::from).collect();
        assert_eq!(list_values(&many), "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19, ... and 5 more]");
    }

    #[test]
    fn coercion_converts_before_checking() {
        let schema = object(
            json!({"n": {"type": "number"}, "i": {"type": "integer"}, "b": {"type": "boolean"}, "s": {"type": "string"}, "list": {"type": "array", "items": {"type": "number"}}}),
            &["n"],
        );
        assert_eq!(
            parse(schema.clone(), json!({"n": "5", "i": "3.5", "b": "TRUE", "s": 7, "list": "2"})),
            Ok(json!({"n": 5, "i": 3, "b": true, "s": "7", "list": [2]}))
        );
        assert_eq!(
            parse(schema.clone(), json!({"n": "abc"})),
            Err(vec!["  - n: expected number, got string".to_string()])
        );
        assert_eq!(parse(schema, json!({"n": 1, "s": null})), Ok(json!({"n": 1})));
    }

    #[test]
    fn literal_unions_take_the_converted_member() {
        let schema = object(
            json!({"k": {"anyOf": [{"type": "number", "const": 1}, {"type": "string", "const": "b"}]}}),
            &["k"],
        );
        assert_eq!(parse(schema.clone(), json!({"k": "1"})), Ok(json!({"k": 1})));
        assert_eq!(parse(schema, json!({"k": "c"})), Err(vec!["  - k: expected number, got string".to_string()]));
    }

    #[test]
    fn other_keywords() {
        let schema = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[a-z]+$"},
                "count": {"type": "integer", "minimum": 1, "maximum": 9},
                "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 1, "uniqueItems": true}
            },
            "additionalProperties": false
        });
        assert_eq!(
            parse(schema, json!({"name": "ABCDEF", "count": 12, "tags": ["a", "a"], "extra": 1})),
            Err(vec![
                "  - name: expected at most 4 characters".to_string(),
                "  - name: expected to match ^[a-z]+$".to_string(),
                "  - count: expected <= 9".to_string(),
                "  - tags: expected at most 1 items".to_string(),
                "  - tags: expected unique items".to_string(),
                "  - extra: unknown field".to_string(),
            ])
        );
    }

    #[test]
    fn tagged_unions_blame_the_tag() {
        let branch = |tag: &str, field: &str| object(json!({"kind": {"type": "string", "const": tag}, field: {"type": "string"}}), &["kind", field]);
        let schema = json!({"anyOf": [branch("text", "text"), branch("image", "url")]});
        assert_eq!(
            parse(schema.clone(), json!({"kind": "video"})),
            Err(vec![r#"  - kind: expected one of ["text","image"]"#.to_string()])
        );
        assert_eq!(parse(schema, json!({"kind": "image"})), Err(vec!["  - url: missing".to_string()]));
    }

    #[test]
    fn paths_unescape_pointer_segments() {
        assert_eq!(dotted_path(""), "root");
        assert_eq!(dotted_path(&pointer(&pointer("", "a/b"), "c~d")), "a/b.c~d");
    }

    #[test]
    fn strings_to_numbers_as_javascript() {
        assert_eq!(js_string_to_number(" 12 "), Some(12.0));
        assert_eq!(js_string_to_number(""), Some(0.0));
        assert_eq!(js_string_to_number("0x1f"), Some(31.0));
        assert_eq!(js_string_to_number(".5"), Some(0.5));
        assert_eq!(js_string_to_number("-1e3"), Some(-1000.0));
        assert_eq!(js_string_to_number("inf"), None);
        assert_eq!(js_string_to_number("12n"), None);
        assert_eq!(try_number(&json!("12n")), Some(12.0));
        assert_eq!(try_number(&json!("True")), Some(1.0));
    }
}
