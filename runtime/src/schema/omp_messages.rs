//! The issue lines of a failed tool call as omp 17.3.5 words them (checked against omp's own
//! code, tests/fixtures/validation/omp17-messages.json). omp has two wordings:
//!
//! * parameters built with `pi.zod` are omptype (ArkType-style) schemas: `name: name must be
//!   a string (was missing)`, where the expectation is the field's `.describe()` text when it
//!   has one (`name must be Name to greet`) — [`ark_lines`];
//! * plain JSON Schema parameters (hand-written, or built with TypeBox) go through omp's
//!   in-tree JSON Schema validator: `action: must be one of the allowed enum values`,
//!   `name: is required` — [`json_lines`], a port of its traversal and messages.
//!
//! Both take the schema the host validated with and the arguments after coercion, and answer
//! `(path, message)` pairs; the caller formats `  - <path>: <message>`.

use super::js_format::{js_f64, utf16_len};
use super::path::PathSegment;
use super::schema_walk::resolve_local_ref;
use serde_json::{Map, Value};

/// One issue: where, and the message after `<path>: `.
pub(crate) type Line = (Vec<PathSegment>, String);

/// How deep `$ref` chains and nesting are followed.
const MAX_DEPTH: usize = 64;

/// `Number.MAX_SAFE_INTEGER`: bounds equal to it come from zod's `.int()`, not the author.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

fn number(value: &Value) -> Option<f64> {
    value.as_f64()
}

fn is_integer(value: &Value) -> bool {
    value.as_f64().is_some_and(|n| n.is_finite() && n.fract() == 0.0)
}

/// JavaScript equality of JSON values (`areJsonValuesEqual`: numbers by value).
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w))),
        _ => a == b,
    }
}

fn js_regex_matches(pattern: &str, text: &str) -> Option<bool> {
    fancy_regex::Regex::new(pattern).ok()?.is_match(text).ok()
}

// ------------------------------------------------------------------------ JSON Schema wording

struct JsonWalk<'s> {
    root: &'s Value,
}

fn json_type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Array(_) => "array",
        Value::Number(_) if is_integer(value) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Bool(_) => "boolean",
        Value::Object(_) => "object",
    }
}

fn matches_type(value: &Value, name: &str) -> bool {
    match name {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => is_integer(value),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "null" => value.is_null(),
        _ => false,
    }
}

fn schema_types(schema: &Map<String, Value>) -> Vec<String> {
    let mut types: Vec<String> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(list)) => list.iter().filter_map(|t| t.as_str().map(str::to_string)).collect(),
        _ => Vec::new(),
    };
    if schema.get("nullable") == Some(&Value::Bool(true)) && !types.iter().any(|t| t == "null") {
        types.push("null".into());
    }
    types
}

fn num_text(value: &Value) -> String {
    value.as_f64().map(js_f64).unwrap_or_default()
}

impl<'s> JsonWalk<'s> {
    fn node(&self, schema: &'s Value, value: &Value, path: &[PathSegment], depth: usize, out: &mut Vec<Line>) -> bool {
        let push = |out: &mut Vec<Line>, path: &[PathSegment], message: String| out.push((path.to_vec(), message));
        let schema = match schema {
            Value::Bool(true) => return true,
            Value::Bool(false) => {
                push(out, path, "must not match false schema".into());
                return false;
            }
            Value::Object(map) => map,
            _ => {
                push(out, path, "schema must be an object or boolean".into());
                return false;
            }
        };
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            return match resolve_local_ref(self.root, reference) {
                Some(_) if depth >= MAX_DEPTH => {
                    push(out, path, "reference depth exceeded".into());
                    false
                }
                Some(target) => self.node(target, value, path, depth + 1, out),
                None => {
                    push(out, path, format!("unresolved reference {reference}"));
                    false
                }
            };
        }
        if value.is_null() && schema.get("nullable") == Some(&Value::Bool(true)) {
            return true;
        }
        let types = schema_types(schema);
        if !types.is_empty() && !types.iter().any(|t| matches_type(value, t)) {
            push(out, path, format!("expected {}, received {}", types.join(" or "), json_type_of(value)));
            return false;
        }
        let mut valid = true;
        if let Some(constant) = schema.get("const") {
            if !json_equal(value, constant) {
                push(out, path, "must equal const value".into());
                valid = false;
            }
        }
        if let Some(Value::Array(options)) = schema.get("enum") {
            if !options.iter().any(|o| json_equal(o, value)) {
                // omp's words, then the values (this host's addition, docs/differences.md).
                let allowed: Vec<String> = options.iter().map(Value::to_string).collect();
                push(
                    out,
                    path,
                    format!("must be one of the allowed enum values; expected one of {}", allowed.join(", ")),
                );
                valid = false;
            }
        }
        for keyword in ["anyOf", "oneOf", "allOf"] {
            let Some(Value::Array(branches)) = schema.get(keyword) else { continue };
            if keyword == "allOf" {
                for branch in branches {
                    valid = self.node(branch, value, path, depth + 1, out) && valid;
                }
                continue;
            }
            let mut matches = 0;
            let mut first_issues: Option<Vec<Line>> = None;
            for branch in branches {
                let mut branch_issues = Vec::new();
                if self.node(branch, value, path, depth + 1, &mut branch_issues) {
                    matches += 1;
                } else if first_issues.is_none() {
                    first_issues = Some(branch_issues);
                }
            }
            let branch_valid = if keyword == "anyOf" { matches > 0 } else { matches == 1 };
            if !branch_valid {
                match first_issues {
                    Some(issues) if matches == 0 && !issues.is_empty() => out.extend(issues),
                    _ => push(
                        out,
                        path,
                        if keyword == "anyOf" {
                            "must match at least one schema"
                        } else {
                            "must match exactly one schema"
                        }
                        .into(),
                    ),
                }
                valid = false;
            }
        }
        if let Some(not) = schema.get("not") {
            if self.node(not, value, path, depth + 1, &mut Vec::new()) {
                push(out, path, "must not match excluded schema".into());
                valid = false;
            }
        }
        if let Some(condition) = schema.get("if") {
            let branch = if self.node(condition, value, path, depth + 1, &mut Vec::new()) {
                schema.get("then")
            } else {
                schema.get("else")
            };
            if let Some(branch) = branch {
                valid = self.node(branch, value, path, depth + 1, out) && valid;
            }
        }
        match value {
            Value::Object(object) => valid = self.object(schema, object, path, depth, out) && valid,
            Value::Array(items) => valid = self.array(schema, items, path, depth, out) && valid,
            Value::String(text) => valid = string_keywords(schema, text, path, out) && valid,
            Value::Number(_) => valid = number_keywords(schema, value, path, out) && valid,
            _ => {}
        }
        valid
    }

    fn object(&self, schema: &'s Map<String, Value>, value: &Map<String, Value>, path: &[PathSegment], depth: usize, out: &mut Vec<Line>) -> bool {
        let mut valid = true;
        let child = |key: &str| [path, &[PathSegment::Key(key.to_string())]].concat();
        let empty = Map::new();
        let properties = schema.get("properties").and_then(Value::as_object).unwrap_or(&empty);
        if let Some(Value::Array(required)) = schema.get("required") {
            if required.iter().all(Value::is_string) {
                for key in required.iter().filter_map(Value::as_str) {
                    if !value.contains_key(key) {
                        out.push((child(key), "is required".into()));
                        valid = false;
                    }
                }
            }
        }
        for (key, property) in properties {
            if let Some(item) = value.get(key) {
                valid = self.node(property, item, &child(key), depth + 1, out) && valid;
            }
        }
        if let Some(names) = schema.get("propertyNames") {
            for key in value.keys() {
                valid = self.node(names, &Value::String(key.clone()), &child(key), depth + 1, out) && valid;
            }
        }
        let mut known: Vec<&str> = properties.keys().map(String::as_str).collect();
        if let Some(Value::Object(patterns)) = schema.get("patternProperties") {
            for (pattern, pattern_schema) in patterns {
                if fancy_regex::Regex::new(pattern).is_err() {
                    out.push((path.to_vec(), format!("invalid patternProperties regex {pattern}")));
                    valid = false;
                    continue;
                }
                for (key, item) in value {
                    if js_regex_matches(pattern, key) != Some(true) {
                        continue;
                    }
                    known.push(key);
                    valid = self.node(pattern_schema, item, &child(key), depth + 1, out) && valid;
                }
            }
        }
        if let Some(Value::Object(dependent)) = schema.get("dependentRequired") {
            for (key, deps) in dependent {
                let (true, Value::Array(deps)) = (value.contains_key(key), deps) else {
                    continue;
                };
                for dep in deps.iter().filter_map(Value::as_str) {
                    if !value.contains_key(dep) {
                        out.push((child(dep), format!("is required when \"{key}\" is present")));
                        valid = false;
                    }
                }
            }
        }
        if let Some(Value::Object(dependent)) = schema.get("dependentSchemas") {
            for (key, dependent_schema) in dependent {
                if value.contains_key(key) {
                    valid = self.node(dependent_schema, &Value::Object(value.clone()), path, depth + 1, out) && valid;
                }
            }
        }
        match schema.get("additionalProperties") {
            Some(Value::Bool(false)) => {
                for key in value.keys().filter(|k| !known.contains(&k.as_str())) {
                    out.push((child(key), "must not be present".into()));
                    valid = false;
                }
            }
            Some(Value::Bool(true)) | None => {}
            Some(additional) => {
                for (key, item) in value.iter().filter(|(k, _)| !known.contains(&k.as_str())) {
                    valid = self.node(additional, item, &child(key), depth + 1, out) && valid;
                }
            }
        }
        if let Some(min) = schema.get("minProperties").and_then(number) {
            if (value.len() as f64) < min {
                out.push((path.to_vec(), format!("must have at least {} properties", js_f64(min))));
                valid = false;
            }
        }
        if let Some(max) = schema.get("maxProperties").and_then(number) {
            if (value.len() as f64) > max {
                out.push((path.to_vec(), format!("must have at most {} properties", js_f64(max))));
                valid = false;
            }
        }
        valid
    }

    fn array(&self, schema: &'s Map<String, Value>, value: &[Value], path: &[PathSegment], depth: usize, out: &mut Vec<Line>) -> bool {
        let mut valid = true;
        let child = |i: usize| [path, &[PathSegment::Index(i)]].concat();
        if let Some(min) = schema.get("minItems").and_then(number) {
            if (value.len() as f64) < min {
                out.push((path.to_vec(), format!("must have at least {} items", js_f64(min))));
                valid = false;
            }
        }
        if let Some(max) = schema.get("maxItems").and_then(number) {
            if (value.len() as f64) > max {
                out.push((path.to_vec(), format!("must have at most {} items", js_f64(max))));
                valid = false;
            }
        }
        if schema.get("uniqueItems") == Some(&Value::Bool(true)) {
            for i in 0..value.len() {
                for j in i + 1..value.len() {
                    if json_equal(&value[i], &value[j]) {
                        out.push((child(j), "must be unique".into()));
                        valid = false;
                    }
                }
            }
        }
        let prefix = schema.get("prefixItems").and_then(Value::as_array);
        match (schema.get("items"), prefix) {
            (Some(Value::Array(_)), _) => {
                out.push((path.to_vec(), "array-valued items is not valid in JSON Schema 2020-12; use prefixItems".into()));
                valid = false;
            }
            (items, Some(prefix)) => {
                for (i, item) in value.iter().enumerate() {
                    let item_schema = if i < prefix.len() { Some(&prefix[i]) } else { items };
                    if let Some(item_schema) = item_schema {
                        valid = self.node(item_schema, item, &child(i), depth + 1, out) && valid;
                    }
                }
            }
            (Some(items), None) => {
                for (i, item) in value.iter().enumerate() {
                    valid = self.node(items, item, &child(i), depth + 1, out) && valid;
                }
            }
            (None, None) => {}
        }
        if let Some(contains) = schema.get("contains") {
            let min = schema.get("minContains").and_then(number).unwrap_or(1.0);
            let max = schema.get("maxContains").and_then(number).unwrap_or(f64::INFINITY);
            let count = value
                .iter()
                .enumerate()
                .filter(|(i, item)| self.node(contains, item, &child(*i), depth + 1, &mut Vec::new()))
                .count() as f64;
            if count < min {
                out.push((path.to_vec(), format!("must contain at least {} matching item(s)", js_f64(min))));
                valid = false;
            }
            if count > max {
                out.push((path.to_vec(), format!("must contain at most {} matching item(s)", js_f64(max))));
                valid = false;
            }
        }
        valid
    }
}

fn string_keywords(schema: &Map<String, Value>, text: &str, path: &[PathSegment], out: &mut Vec<Line>) -> bool {
    let mut valid = true;
    let length = utf16_len(text) as f64;
    if let Some(min) = schema.get("minLength").and_then(number) {
        if length < min {
            out.push((path.to_vec(), format!("must be at least {} characters", js_f64(min))));
            valid = false;
        }
    }
    if let Some(max) = schema.get("maxLength").and_then(number) {
        if length > max {
            out.push((path.to_vec(), format!("must be at most {} characters", js_f64(max))));
            valid = false;
        }
    }
    if let Some(pattern) = schema.get("pattern").and_then(Value::as_str) {
        match js_regex_matches(pattern, text) {
            Some(true) => {}
            Some(false) => {
                out.push((path.to_vec(), "must match pattern".into()));
                valid = false;
            }
            None => {
                out.push((path.to_vec(), "schema pattern is invalid".into()));
                valid = false;
            }
        }
    }
    valid
}

fn number_keywords(schema: &Map<String, Value>, value: &Value, path: &[PathSegment], out: &mut Vec<Line>) -> bool {
    let Some(n) = value.as_f64() else { return true };
    let mut valid = true;
    let mut fail = |message: String| {
        out.push((path.to_vec(), message));
        valid = false;
    };
    let get = |k: &str| schema.get(k).filter(|v| v.is_number());
    if let Some(min) = get("minimum") {
        if n < min.as_f64().unwrap() {
            fail(format!("must be >= {}", num_text(min)));
        }
    }
    if let Some(max) = get("maximum") {
        if n > max.as_f64().unwrap() {
            fail(format!("must be <= {}", num_text(max)));
        }
    }
    if let Some(min) = get("exclusiveMinimum") {
        if n <= min.as_f64().unwrap() {
            fail(format!("must be > {}", num_text(min)));
        }
    }
    if let Some(max) = get("exclusiveMaximum") {
        if n >= max.as_f64().unwrap() {
            fail(format!("must be < {}", num_text(max)));
        }
    }
    if schema.get("exclusiveMinimum") == Some(&Value::Bool(true)) {
        if let Some(min) = get("minimum").filter(|m| n <= m.as_f64().unwrap()) {
            fail(format!("must be > {}", num_text(min)));
        }
    }
    if schema.get("exclusiveMaximum") == Some(&Value::Bool(true)) {
        if let Some(max) = get("maximum").filter(|m| n >= m.as_f64().unwrap()) {
            fail(format!("must be < {}", num_text(max)));
        }
    }
    if let Some(step) = get("multipleOf").and_then(Value::as_f64).filter(|s| *s > 0.0) {
        let quotient = n / step;
        if (quotient - quotient.round()).abs() > f64::EPSILON * 10.0 {
            fail(format!("must be a multiple of {}", js_f64(step)));
        }
    }
    valid
}

/// omp's JSON Schema validator issues for `value` (empty when it passes).
pub(crate) fn json_lines(schema: &Value, value: &Value) -> Vec<Line> {
    let mut out = Vec::new();
    JsonWalk { root: schema }.node(schema, value, &[], 0, &mut out);
    out
}

// ---------------------------------------------------------------------- ArkType-style wording

/// What a received value is, as ArkType names its kind (`a string`, `an object`, `null`…).
fn describe_kind(value: Option<&Value>) -> String {
    match value {
        None => "missing",
        Some(Value::Null) => "null",
        Some(Value::Array(_) | Value::Object(_)) => "an object",
        Some(Value::String(_)) => "a string",
        Some(Value::Number(_)) => "a number",
        Some(Value::Bool(_)) => "boolean",
    }
    .to_string()
}

/// A received value itself, as ArkType shows it (`"text"`, `1.5`, `an array`…).
fn describe_value(value: Option<&Value>) -> String {
    match value {
        None => "missing".into(),
        Some(Value::Null) => "null".into(),
        Some(Value::Array(_)) => "an array".into(),
        Some(Value::String(s)) if utf16_len(s) <= 40 => serde_json::to_string(s).unwrap_or_default(),
        Some(Value::String(s)) => format!("a string (length {})", utf16_len(s)),
        Some(Value::Number(n)) => n.as_f64().map(js_f64).unwrap_or_default(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(object @ Value::Object(_)) => serde_json::to_string(object).unwrap_or_default(),
    }
}

/// `a or b`, or `a, b or c` for three and more (ArkType's list wording).
fn either(parts: &[String]) -> String {
    let parts: Vec<&str> = parts.iter().flat_map(|p| p.split(" or ")).collect();
    match parts.len() {
        0 => "never".into(),
        1 | 2 => parts.join(" or "),
        n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

fn literal(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// ArkType's property path: keys joined with `.`, indices as `[i]`.
fn prop_string(path: &[PathSegment]) -> String {
    let mut text = String::new();
    for segment in path {
        match segment {
            PathSegment::Key(key) => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push_str(key);
            }
            PathSegment::Index(i) => text.push_str(&format!("[{i}]")),
        }
    }
    text
}

/// A bound as ArkType words it (`at least 3`, `non-negative`, `positive`…).
fn number_bound(keyword: &str, bound: f64) -> String {
    match (keyword, bound == 0.0) {
        ("minimum", true) => "non-negative".into(),
        ("maximum", true) => "non-positive".into(),
        ("exclusiveMinimum", true) => "positive".into(),
        ("exclusiveMaximum", true) => "negative".into(),
        ("minimum", false) => format!("at least {}", js_f64(bound)),
        ("maximum", false) => format!("at most {}", js_f64(bound)),
        ("exclusiveMinimum", false) => format!("more than {}", js_f64(bound)),
        _ => format!("less than {}", js_f64(bound)),
    }
}

/// The numeric bounds an author wrote (zod's `.int()` adds ±MAX_SAFE_INTEGER; those are not).
fn authored_bounds(schema: &Map<String, Value>) -> Vec<(&'static str, f64)> {
    ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"]
        .into_iter()
        .filter_map(|k| schema.get(k).and_then(Value::as_f64).filter(|b| b.abs() != MAX_SAFE_INTEGER).map(|b| (k, b)))
        .collect()
}

struct ArkWalk<'s> {
    root: &'s Value,
}

impl<'s> ArkWalk<'s> {
    fn resolve(&self, mut schema: &'s Value) -> &'s Value {
        for _ in 0..MAX_DEPTH {
            match schema.get("$ref").and_then(Value::as_str).and_then(|r| resolve_local_ref(self.root, r)) {
                Some(target) => schema = target,
                None => break,
            }
        }
        schema
    }

    /// The whole expectation of a schema, as ArkType describes a type (used for missing keys).
    /// What a value must be: the schema's description when it has one (omp's wording), else
    /// what the schema is.
    fn describe(&self, schema: &'s Value, depth: usize) -> String {
        if let Value::Object(map) = self.resolve(schema) {
            if let Some(Value::String(description)) = map.get("description") {
                return description.clone();
            }
        }
        self.describe_shape(schema, depth)
    }

    /// What the schema is (its type, values, bounds), whatever description it carries.
    fn describe_shape(&self, schema: &'s Value, depth: usize) -> String {
        let schema = self.resolve(schema);
        let Value::Object(map) = schema else {
            return if schema == &Value::Bool(false) { "never".into() } else { "unknown".into() };
        };
        if depth > MAX_DEPTH {
            return "unknown".into();
        }
        if let Some(constant) = map.get("const") {
            return literal(constant);
        }
        if let Some(Value::Array(options)) = map.get("enum") {
            return either(&options.iter().map(literal).collect::<Vec<_>>());
        }
        if let Some(Value::Array(branches)) = map.get("anyOf").or_else(|| map.get("oneOf")) {
            return either(&branches.iter().map(|b| self.describe(b, depth + 1)).collect::<Vec<_>>());
        }
        let types = schema_types(map);
        let described: Vec<String> = types.iter().map(|t| self.describe_type(map, t, depth)).collect();
        if described.is_empty() {
            return "unknown".into();
        }
        either(&described)
    }

    fn describe_type(&self, map: &'s Map<String, Value>, type_name: &str, depth: usize) -> String {
        match type_name {
            "string" => {
                let min = map.get("minLength").and_then(Value::as_f64);
                let max = map.get("maxLength").and_then(Value::as_f64);
                match (min, max) {
                    (Some(min), Some(max)) => format!("a string (length at least {} and at most {})", js_f64(min), js_f64(max)),
                    (Some(min), None) => format!("a string (length at least {})", js_f64(min)),
                    (None, Some(max)) => format!("a string (length at most {})", js_f64(max)),
                    (None, None) => "a string".into(),
                }
            }
            "number" | "integer" => {
                let base = if type_name == "integer" { "an integer" } else { "a number" };
                let bounds: Vec<String> = authored_bounds(map).into_iter().map(|(k, b)| number_bound(k, b)).collect();
                if bounds.is_empty() {
                    base.into()
                } else {
                    format!("{base} {}", bounds.join(" and "))
                }
            }
            "boolean" => "boolean".into(),
            "null" => "null".into(),
            "array" => "an array".into(),
            "object" => match map.get("properties").and_then(Value::as_object) {
                Some(properties) => {
                    let required: Vec<&str> = map
                        .get("required")
                        .and_then(Value::as_array)
                        .map(|r| r.iter().filter_map(Value::as_str).collect())
                        .unwrap_or_default();
                    let entries: Vec<String> = properties
                        .iter()
                        .map(|(key, child)| {
                            if required.contains(&key.as_str()) {
                                format!("{key}: {}", self.describe(child, depth + 1))
                            } else {
                                format!("{key}?: {}", either(&[self.describe(child, depth + 1), "undefined".into()]))
                            }
                        })
                        .collect();
                    format!("{{ {} }}", entries.join(", "))
                }
                None => "an object".into(),
            },
            _ => "unknown".into(),
        }
    }

    /// Whether `value` satisfies `schema` on its own (for choosing a union's failing side).
    fn accepts(&self, schema: &'s Value, value: &Value, depth: usize) -> bool {
        let mut probe = Vec::new();
        self.node(schema, Some(value), &[], depth + 1, false, &mut probe);
        probe.is_empty()
    }

    /// Checks `value` (None = a missing required key) against `schema`; `optional` says the
    /// key may be absent, which widens the expectation with `or undefined`.
    fn node(&self, schema: &'s Value, value: Option<&Value>, path: &[PathSegment], depth: usize, optional: bool, out: &mut Vec<Line>) {
        let schema = self.resolve(schema);
        let at = prop_string(path);
        let line = |expected: String, actual: String| {
            let problem = if actual.is_empty() {
                format!("must be {expected}")
            } else {
                format!("must be {expected} (was {actual})")
            };
            (path.to_vec(), if at.is_empty() { problem } else { format!("{at} {problem}") })
        };
        let widen = |expected: String| if optional { either(&[expected, "undefined".into()]) } else { expected };
        let description = match schema {
            Value::Object(map) => map.get("description").and_then(Value::as_str).map(str::to_string),
            _ => None,
        };
        // This host's addition to omp's wording (docs/differences.md): where the field's
        // description stands in for the expectation of a value that fails it, the
        // expectation itself follows, so a person or a model can correct the call (`kind must
        // be What sort of ticket (was "bugg"); expected "bug" or "feature"`).
        let described = |mut problem: Line, shape: &str| -> Line {
            if description.as_deref().is_some_and(|d| d != shape) {
                problem.1.push_str(&format!("; expected {shape}"));
            }
            problem
        };
        let Some(value) = value else {
            out.push(line(self.describe(schema, depth), "missing".into()));
            return;
        };
        let Value::Object(map) = schema else {
            if schema == &Value::Bool(false) {
                out.push(line("never".into(), describe_value(Some(value))));
            }
            return;
        };
        if depth > MAX_DEPTH {
            return;
        }
        let expect = |fallback: String| description.clone().unwrap_or(fallback);
        let fail = |expected: String, actual: String| described(line(expect(expected.clone()), actual), &expected);
        if let Some(Value::Array(branches)) = map.get("anyOf").or_else(|| map.get("oneOf")) {
            if !branches.iter().any(|b| self.accepts(b, value, depth)) {
                // A value of a kind no branch takes: the union as a whole is the expectation.
                let whole = widen(either(&branches.iter().map(|b| self.describe(b, depth + 1)).collect::<Vec<_>>()));
                out.push(fail(whole, describe_kind(Some(value))));
            }
            return;
        }
        let types = schema_types(map);
        if !types.is_empty() && !types.iter().any(|t| matches_type(value, t)) {
            // An integer is a refinement of number in omptype: a fractional number fails it
            // alone ("an integer"), anything else fails the whole (possibly optional) node;
            // both show the value. Other kinds fail on their domain and show its kind.
            let (expected, actual) = if types.iter().all(|t| t == "integer") {
                if value.is_number() {
                    ("an integer".to_string(), describe_value(Some(value)))
                } else {
                    (widen(self.describe(schema, depth)), describe_value(Some(value)))
                }
            } else {
                (
                    widen(either(&types.iter().map(|t| self.kind_word(t)).collect::<Vec<_>>())),
                    describe_kind(Some(value)),
                )
            };
            out.push(fail(expected, actual));
            return;
        }
        if let Some(constant) = map.get("const") {
            if !json_equal(value, constant) {
                out.push(fail(widen(literal(constant)), describe_value(Some(value))));
                return;
            }
        }
        if let Some(Value::Array(options)) = map.get("enum") {
            if !options.iter().any(|o| json_equal(o, value)) {
                out.push(fail(
                    widen(either(&options.iter().map(literal).collect::<Vec<_>>())),
                    describe_value(Some(value)),
                ));
                return;
            }
        }
        match value {
            Value::Number(_) => {
                let n = value.as_f64().unwrap_or(0.0);
                for (keyword, bound) in authored_bounds(map) {
                    let failed = match keyword {
                        "minimum" => n < bound,
                        "maximum" => n > bound,
                        "exclusiveMinimum" => n <= bound,
                        _ => n >= bound,
                    };
                    if failed {
                        let expected = if bound == 0.0 {
                            number_bound(keyword, bound)
                        } else {
                            format!("a number {}", number_bound(keyword, bound))
                        };
                        out.push(fail(expected, describe_value(Some(value))));
                        return;
                    }
                }
            }
            Value::String(text) => {
                let length = utf16_len(text) as f64;
                if let Some(min) = map.get("minLength").and_then(Value::as_f64).filter(|m| length < *m) {
                    out.push(fail(format!("at least length {}", js_f64(min)), js_f64(length)));
                    return;
                }
                if let Some(max) = map.get("maxLength").and_then(Value::as_f64).filter(|m| length > *m) {
                    out.push(fail(format!("at most length {}", js_f64(max)), js_f64(length)));
                    return;
                }
                if let Some(pattern) = map.get("pattern").and_then(Value::as_str) {
                    if js_regex_matches(pattern, text) == Some(false) {
                        out.push(fail(format!("matching /{pattern}/"), describe_value(Some(value))));
                    }
                }
            }
            Value::Array(items) => {
                let length = items.len() as f64;
                if let Some(min) = map.get("minItems").and_then(Value::as_f64).filter(|m| length < *m) {
                    out.push(fail(format!("at least length {}", js_f64(min)), js_f64(length)));
                    return;
                }
                if let Some(max) = map.get("maxItems").and_then(Value::as_f64).filter(|m| length > *m) {
                    out.push(fail(format!("at most length {}", js_f64(max)), js_f64(length)));
                    return;
                }
                if let Some(item_schema) = map.get("items") {
                    for (i, item) in items.iter().enumerate() {
                        let child = [path, &[PathSegment::Index(i)]].concat();
                        self.node(item_schema, Some(item), &child, depth + 1, false, out);
                    }
                }
            }
            Value::Object(object) => {
                let empty = Map::new();
                let properties = map.get("properties").and_then(Value::as_object).unwrap_or(&empty);
                let required: Vec<&str> = map
                    .get("required")
                    .and_then(Value::as_array)
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                for (key, child_schema) in properties {
                    let child = [path, &[PathSegment::Key(key.clone())]].concat();
                    let is_required = required.contains(&key.as_str());
                    match object.get(key) {
                        Some(item) => self.node(child_schema, Some(item), &child, depth + 1, !is_required, out),
                        None if is_required => self.node(child_schema, None, &child, depth + 1, false, out),
                        None => {}
                    }
                }
                if let Some(additional @ Value::Object(_)) = map.get("additionalProperties") {
                    for (key, item) in object.iter().filter(|(k, _)| !properties.contains_key(*k)) {
                        let child = [path, &[PathSegment::Key(key.clone())]].concat();
                        self.node(additional, Some(item), &child, depth + 1, false, out);
                    }
                }
            }
            _ => {}
        }
    }

    /// The word for a JSON type in a domain expectation.
    fn kind_word(&self, type_name: &str) -> String {
        match type_name {
            "string" => "a string",
            "number" => "a number",
            "integer" => "an integer",
            "boolean" => "boolean",
            "null" => "null",
            "array" => "an array",
            "object" => "an object",
            _ => "unknown",
        }
        .into()
    }
}

/// omptype's (ArkType-style) issues for `value` against a `pi.zod`-built schema.
pub(crate) fn ark_lines(schema: &Value, value: &Value) -> Vec<Line> {
    let mut out = Vec::new();
    ArkWalk { root: schema }.node(schema, Some(value), &[], 0, false, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn lines(found: Vec<Line>) -> Vec<String> {
        found
            .into_iter()
            .map(|(path, message)| {
                let shown = if path.is_empty() {
                    "root".to_string()
                } else {
                    path.iter().map(ToString::to_string).collect::<Vec<_>>().join("/")
                };
                format!("  - {shown}: {message}")
            })
            .collect()
    }

    #[test]
    fn json_wording_matches_omps_validator() {
        let schema = json!({ "type": "object", "properties": { "action": { "type": "string", "enum": ["start", "stop"] } }, "required": ["action", "n"] });
        assert_eq!(
            lines(json_lines(&schema, &json!({ "action": "jump" }))),
            vec![
                "  - n: is required",
                "  - action: must be one of the allowed enum values; expected one of \"start\", \"stop\""
            ]
        );
    }

    #[test]
    fn ark_wording_uses_the_description() {
        let schema = json!({ "type": "object", "properties": { "name": { "type": "string", "description": "Name to greet" } }, "required": ["name"] });
        assert_eq!(
            lines(ark_lines(&schema, &json!({}))),
            vec!["  - name: name must be Name to greet (was missing)"]
        );
    }
}
