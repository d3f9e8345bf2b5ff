//! zod-style issues from validator errors: each JSON Schema failure (type, required,
//! enum/const, length/size/range bounds, pattern, format, additionalProperties, unions, …)
//! becomes the issue zod v4 would report for the equivalent zod schema, with zod's English
//! default message, its issue code, its path, and zod's ordering (declared properties in
//! schema order, an object's or array's own issues after its children's).

use super::coerce::nullable_branch_index;
use super::js_format::{js_number, js_string};
use super::path::{path_from_location, PathSegment};
use super::schema_walk::{keyword_owner, resolve_local_ref};
use super::types::{zod_received_type, TypeMask};
use jsonschema::error::ValidationErrorKind;
use jsonschema::ValidationError;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::HashSet;

/// One validation issue, shaped like zod's (`{ path, message, code }`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Issue {
    pub path: Vec<PathSegment>,
    pub message: String,
    pub code: String,
}

impl Issue {
    /// The path as omp prints it: segments joined with `/`, or `root`.
    pub fn display_path(&self) -> String {
        if self.path.is_empty() {
            return "root".to_string();
        }
        self.path.iter().map(ToString::to_string).collect::<Vec<_>>().join("/")
    }
}

/// `Number.MAX_SAFE_INTEGER`; bounds equal to it come from zod's `.int()`.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// How deep `$ref` chains are followed when describing a schema.
const MAX_REF_DEPTH: usize = 16;

/// An issue plus what zod needs to order and group it.
struct Translated {
    issue: Issue,
    /// zod lets parsing continue after this issue (checks such as `.min()`); a union branch
    /// with only such issues is reported on its own.
    continues: bool,
    /// Position of the failing keyword in its schema object (zod reports checks in order).
    rank: usize,
}

/// Translates validator errors for `instance` into zod issues, in zod's order.
pub(crate) fn issues_from_errors(errors: &[ValidationError<'_>], schema: &Value, instance: &Value) -> Vec<Issue> {
    let translator = Translator { schema, instance };
    let translated = translator.translate_list(errors);
    let mut keyed: Vec<(Vec<(u8, usize)>, Issue)> = translated
        .into_iter()
        .map(|t| {
            let mut key: Vec<(u8, usize)> = translator.path_sort_key(&t.issue.path).into_iter().map(|i| (0, i)).collect();
            key.push((1, t.rank));
            (key, t.issue)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let mut seen = HashSet::new();
    keyed
        .into_iter()
        .map(|(_, issue)| issue)
        .filter(|issue| seen.insert((issue.path.clone(), issue.message.clone())))
        .collect()
}

/// `util.stringifyPrimitive`: strings in double quotes (not escaped), others `String(v)`.
fn stringify_primitive(value: &Value) -> String {
    match value {
        Value::String(s) => format!("\"{s}\""),
        other => js_string(other),
    }
}

fn enum_message(values: &[Value]) -> String {
    let non_null: Vec<&Value> = values.iter().filter(|v| !v.is_null()).collect();
    let shown: Vec<&Value> = if non_null.is_empty() { values.iter().collect() } else { non_null };
    if shown.len() == 1 {
        return format!("Invalid input: expected {}", stringify_primitive(shown[0]));
    }
    let joined: Vec<String> = shown.iter().map(|v| stringify_primitive(v)).collect();
    format!("Invalid option: expected one of {}", joined.join("|"))
}

/// zod's name for a JSON Schema `format` and the word its message uses.
fn format_word(format: &str) -> Option<&'static str> {
    Some(match format {
        "email" => "email address",
        "uri" | "url" => "URL",
        "emoji" => "emoji",
        "uuid" => "UUID",
        "uuidv4" => "UUIDv4",
        "uuidv6" => "UUIDv6",
        "nanoid" => "nanoid",
        "guid" => "GUID",
        "cuid" => "cuid",
        "cuid2" => "cuid2",
        "ulid" => "ULID",
        "xid" => "XID",
        "ksuid" => "KSUID",
        "date-time" | "datetime" => "ISO datetime",
        "date" => "ISO date",
        "time" => "ISO time",
        "duration" => "ISO duration",
        "ipv4" => "IPv4 address",
        "ipv6" => "IPv6 address",
        "mac" => "MAC address",
        "cidrv4" => "IPv4 range",
        "cidrv6" => "IPv6 range",
        "base64" => "base64-encoded string",
        "base64url" => "base64url-encoded string",
        "json_string" => "JSON string",
        "e164" => "E.164 number",
        "jwt" => "JWT",
        _ => return None,
    })
}

fn format_message(format: &str) -> String {
    match format_word(format) {
        Some(word) => format!("Invalid {word}"),
        None => format!("Invalid {format}"),
    }
}

/// Message for a value that does not have one of `expected`; `received` is `None` for a
/// missing property. Returns (message, code, continues).
fn type_message(expected: TypeMask, received: Option<&Value>) -> (String, &'static str, bool) {
    let without_null = expected.without(TypeMask::NULL);
    let numeric = TypeMask::NUMBER.union(TypeMask::INTEGER);
    let name = if without_null.is_empty() {
        if expected.contains(TypeMask::NULL) {
            "null"
        } else {
            return ("Invalid input".to_string(), "custom", false);
        }
    } else if without_null == TypeMask::INTEGER {
        if matches!(received, Some(Value::Number(_))) {
            "int"
        } else {
            "number"
        }
    } else if without_null == numeric {
        "number"
    } else if let Some(single) = without_null.single_name() {
        single
    } else {
        return ("Invalid input".to_string(), "invalid_union", false);
    };
    let message = format!("Invalid input: expected {name}, received {}", zod_received_type(received));
    (message, "invalid_type", false)
}

/// A type error that zod reports as its aborting `.int()` check (a non-integral number
/// where only integers are allowed).
fn is_int_check_failure(error: &ValidationError<'_>) -> bool {
    let ValidationErrorKind::Type { kind } = error.kind() else {
        return false;
    };
    TypeMask::from_type_kind(kind).without(TypeMask::NULL) == TypeMask::INTEGER && error.instance().is_number()
}

fn is_numeric_check(error: &ValidationError<'_>) -> bool {
    matches!(
        error.kind(),
        ValidationErrorKind::Minimum { .. }
            | ValidationErrorKind::Maximum { .. }
            | ValidationErrorKind::ExclusiveMinimum { .. }
            | ValidationErrorKind::ExclusiveMaximum { .. }
            | ValidationErrorKind::MultipleOf { .. }
    )
}

fn never_message(received: Option<&Value>) -> String {
    format!("Invalid input: expected never, received {}", zod_received_type(received))
}

fn is_unconstrained(schema: &Value) -> bool {
    matches!(schema, Value::Bool(true)) || matches!(schema, Value::Object(m) if m.is_empty())
}

fn schema_type_mask(schema: &Map<String, Value>) -> TypeMask {
    schema.get("type").map(TypeMask::from_type_keyword).unwrap_or_default()
}

fn single_const(property: &Value) -> Option<&Value> {
    let property = property.as_object()?;
    if let Some(constant) = property.get("const") {
        return Some(constant);
    }
    match property.get("enum") {
        Some(Value::Array(values)) if values.len() == 1 => values.first(),
        _ => None,
    }
}

struct Translator<'s> {
    schema: &'s Value,
    instance: &'s Value,
}

impl<'s> Translator<'s> {
    fn follow_refs(&self, mut schema: &'s Value) -> &'s Value {
        for _ in 0..MAX_REF_DEPTH {
            let Some(reference) = schema.get("$ref").and_then(Value::as_str) else {
                break;
            };
            match resolve_local_ref(self.schema, reference) {
                Some(target) => schema = target,
                None => break,
            }
        }
        schema
    }

    /// A discriminated union (`oneOf` of objects sharing a required property with a
    /// constant value): the key and each branch's constant.
    fn discriminator(&self, branches: &'s [Value]) -> Option<(String, Vec<&'s Value>)> {
        let resolved: Vec<&Map<String, Value>> = branches.iter().map(|b| self.follow_refs(b).as_object()).collect::<Option<_>>()?;
        let first_properties = resolved.first()?.get("properties")?.as_object()?;
        'candidates: for key in first_properties.keys() {
            let mut constants = Vec::with_capacity(resolved.len());
            for branch in &resolved {
                let required = branch.get("required").and_then(Value::as_array);
                if !required.is_some_and(|r| r.iter().any(|k| k == key)) {
                    continue 'candidates;
                }
                let property = branch.get("properties").and_then(|p| p.get(key));
                match property.and_then(single_const) {
                    Some(constant) => constants.push(constant),
                    None => continue 'candidates,
                }
            }
            return Some((key.clone(), constants));
        }
        None
    }

    /// What zod says when a property with this schema is missing.
    fn missing_message(&self, schema: &'s Value) -> (String, &'static str) {
        let schema = self.follow_refs(schema);
        let map = match schema {
            Value::Bool(false) => return (never_message(None), "invalid_type"),
            Value::Object(map) => map,
            _ => return ("Invalid input: expected nonoptional, received undefined".to_string(), "invalid_type"),
        };
        if let Some(Value::Array(values)) = map.get("enum") {
            return (enum_message(values), "invalid_value");
        }
        if let Some(constant) = map.get("const") {
            return (enum_message(std::slice::from_ref(constant)), "invalid_value");
        }
        if map.contains_key("type") {
            let (message, code, _) = type_message(schema_type_mask(map), None);
            return (message, code);
        }
        if let Some(Value::Array(branches)) = map.get("anyOf") {
            if let Some(index) = nullable_branch_index(branches) {
                return self.missing_message(&branches[index]);
            }
            return ("Invalid input".to_string(), "invalid_union");
        }
        if let Some(Value::Array(branches)) = map.get("oneOf") {
            if self.discriminator(branches).is_some() {
                let (message, code, _) = type_message(TypeMask::OBJECT, None);
                return (message, code);
            }
            return ("Invalid input".to_string(), "invalid_union");
        }
        if let Some(first) = map.get("allOf").and_then(Value::as_array).and_then(|b| b.first()) {
            return self.missing_message(first);
        }
        if let Some(not) = map.get("not") {
            if is_unconstrained(not) {
                return (never_message(None), "invalid_type");
            }
            return ("Invalid input".to_string(), "custom");
        }
        ("Invalid input: expected nonoptional, received undefined".to_string(), "invalid_type")
    }

    fn translate_list(&self, errors: &[ValidationError<'_>]) -> Vec<Translated> {
        // zod checks enum/literal membership without a separate type issue
        let value_checked: HashSet<(String, String)> = errors
            .iter()
            .filter(|e| matches!(e.kind(), ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. }))
            .map(|e| (e.instance_path().as_str().to_string(), owner_path(e)))
            .collect();
        // zod's `.int()` aborts: the number checks after it are not reported
        let int_failed: HashSet<(String, String)> = errors
            .iter()
            .filter(|e| is_int_check_failure(e))
            .map(|e| (e.instance_path().as_str().to_string(), owner_path(e)))
            .collect();
        let mut out = Vec::new();
        for error in errors {
            let location = || (error.instance_path().as_str().to_string(), owner_path(error));
            if matches!(error.kind(), ValidationErrorKind::Type { .. }) && value_checked.contains(&location()) {
                continue;
            }
            if is_numeric_check(error) && int_failed.contains(&location()) {
                continue;
            }
            self.translate(error, &mut out);
        }
        out
    }

    fn translate(&self, error: &ValidationError<'_>, out: &mut Vec<Translated>) {
        let path = path_from_location(error.instance_path());
        let owner = keyword_owner(self.schema, error.schema_path());
        let keyword = error.kind().keyword();
        let rank = owner.and_then(|o| o.keys().position(|k| k == keyword)).unwrap_or(0);
        let instance = error.instance();
        let mut push = |path: Vec<PathSegment>, message: String, code: &str, continues: bool| {
            out.push(Translated {
                issue: Issue {
                    path,
                    message,
                    code: code.to_string(),
                },
                continues,
                rank,
            });
        };
        let too_small = |origin: &str, bound: String, inclusive: bool, unit: Option<&str>| {
            let op = if inclusive { ">=" } else { ">" };
            match unit {
                Some(unit) => format!("Too small: expected {origin} to have {op}{bound} {unit}"),
                None => format!("Too small: expected {origin} to be {op}{bound}"),
            }
        };
        let too_big = |origin: &str, bound: String, inclusive: bool, unit: Option<&str>| {
            let op = if inclusive { "<=" } else { "<" };
            match unit {
                Some(unit) => format!("Too big: expected {origin} to have {op}{bound} {unit}"),
                None => format!("Too big: expected {origin} to be {op}{bound}"),
            }
        };
        let integer_owner = owner.is_some_and(|o| schema_type_mask(o).contains(TypeMask::INTEGER));
        let number_origin = |limit: &Value| {
            let at_safe_bound = limit.as_f64().is_some_and(|l| l.abs() == MAX_SAFE_INTEGER);
            if integer_owner && at_safe_bound {
                "int"
            } else {
                "number"
            }
        };
        match error.kind() {
            ValidationErrorKind::Type { kind } => {
                let (message, code, continues) = type_message(TypeMask::from_type_kind(kind), Some(instance.as_ref()));
                push(path, message, code, continues);
            }
            ValidationErrorKind::Required { property } => {
                let key = property.as_str().map(str::to_string).unwrap_or_else(|| js_string(property));
                let property_schema = owner.and_then(|o| o.get("properties")).and_then(|p| p.get(&key));
                let (message, code) = match property_schema {
                    Some(schema) => self.missing_message(schema),
                    None => ("Invalid input: expected nonoptional, received undefined".to_string(), "invalid_type"),
                };
                let mut child = path;
                child.push(PathSegment::Key(key));
                out.push(Translated {
                    issue: Issue {
                        path: child,
                        message,
                        code: code.to_string(),
                    },
                    continues: false,
                    rank: 0,
                });
            }
            ValidationErrorKind::Enum { options } => {
                let values = options.as_array().cloned().unwrap_or_default();
                push(path, enum_message(&values), "invalid_value", false);
            }
            ValidationErrorKind::Constant { expected_value } => {
                push(path, enum_message(std::slice::from_ref(expected_value.as_ref())), "invalid_value", false);
            }
            ValidationErrorKind::MinLength { limit } => {
                push(path, too_small("string", limit.to_string(), true, Some("characters")), "too_small", true);
            }
            ValidationErrorKind::MaxLength { limit } => {
                push(path, too_big("string", limit.to_string(), true, Some("characters")), "too_big", true);
            }
            ValidationErrorKind::MinItems { limit } => {
                push(path, too_small("array", limit.to_string(), true, Some("items")), "too_small", true);
            }
            ValidationErrorKind::MaxItems { limit } => {
                push(path, too_big("array", limit.to_string(), true, Some("items")), "too_big", true);
            }
            ValidationErrorKind::AdditionalItems { limit } => {
                push(path, too_big("array", limit.to_string(), true, Some("items")), "too_big", false);
            }
            ValidationErrorKind::Minimum { limit } => {
                push(path, too_small(number_origin(limit), js_limit(limit), true, None), "too_small", true);
            }
            ValidationErrorKind::Maximum { limit } => {
                push(path, too_big(number_origin(limit), js_limit(limit), true, None), "too_big", true);
            }
            ValidationErrorKind::ExclusiveMinimum { limit } => {
                push(path, too_small("number", js_limit(limit), false, None), "too_small", true);
            }
            ValidationErrorKind::ExclusiveMaximum { limit } => {
                push(path, too_big("number", js_limit(limit), false, None), "too_big", true);
            }
            ValidationErrorKind::MultipleOf { multiple_of } => {
                let divisor = super::js_format::js_f64(*multiple_of);
                push(path, format!("Invalid number: must be a multiple of {divisor}"), "not_multiple_of", true);
            }
            ValidationErrorKind::Pattern { pattern } => {
                let format = owner.and_then(|o| o.get("format")).and_then(Value::as_str);
                let message = match format.filter(|f| format_word(f).is_some()) {
                    Some(format) => format_message(format),
                    None => format!("Invalid string: must match pattern /{pattern}/"),
                };
                push(path, message, "invalid_format", true);
            }
            ValidationErrorKind::Format { format } => {
                push(path, format_message(format), "invalid_format", true);
            }
            ValidationErrorKind::AdditionalProperties { unexpected } | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
                let keys: Vec<String> = unexpected.iter().map(|k| format!("\"{k}\"")).collect();
                let plural = if keys.len() > 1 { "s" } else { "" };
                push(path, format!("Unrecognized key{plural}: {}", keys.join(", ")), "unrecognized_keys", false);
            }
            ValidationErrorKind::AnyOf { context } => {
                let branches = owner.and_then(|o| o.get("anyOf")).and_then(Value::as_array);
                if let Some(index) = branches.and_then(|b| nullable_branch_index(b)) {
                    if let Some(inner) = context.get(index) {
                        out.extend(self.translate_list(inner));
                        return;
                    }
                }
                self.union_issues(context, path, rank, out);
            }
            ValidationErrorKind::OneOfNotValid { context } => {
                let branches = owner.and_then(|o| o.get("oneOf")).and_then(Value::as_array);
                if let Some((key, constants)) = branches.and_then(|b| self.discriminator(b)) {
                    self.discriminated_union_issues(context, path, &key, &constants, instance.as_ref(), rank, out);
                    return;
                }
                self.union_issues(context, path, rank, out);
            }
            ValidationErrorKind::OneOfMultipleValid { .. } => push(path, "Invalid input".to_string(), "invalid_union", false),
            ValidationErrorKind::Not { schema } => {
                if is_unconstrained(schema) {
                    push(path, never_message(Some(instance.as_ref())), "invalid_type", false);
                } else {
                    push(path, "Invalid input".to_string(), "custom", false);
                }
            }
            ValidationErrorKind::FalseSchema => push(path, never_message(Some(instance.as_ref())), "invalid_type", false),
            ValidationErrorKind::PropertyNames { error } => {
                let key = error.instance().as_str().map(str::to_string).unwrap_or_else(|| js_string(error.instance()));
                let mut child = path;
                child.push(PathSegment::Key(key));
                push(child, "Invalid key in record".to_string(), "invalid_key", false);
            }
            ValidationErrorKind::UniqueItems => push(path, "Expected array items to be unique".to_string(), "custom", true),
            ValidationErrorKind::Custom { message, .. } => push(path, message.clone(), "custom", false),
            _ => push(path, "Invalid input".to_string(), "custom", false),
        }
    }

    /// zod `z.union`: one branch whose issues are all continuable is reported as is;
    /// otherwise a single `Invalid input`.
    fn union_issues(&self, context: &[Vec<ValidationError<'static>>], path: Vec<PathSegment>, rank: usize, out: &mut Vec<Translated>) {
        let mut continuable: Vec<Vec<Translated>> = context
            .iter()
            .map(|branch| self.translate_list(branch))
            .filter(|issues| !issues.is_empty() && issues.iter().all(|t| t.continues))
            .collect();
        if continuable.len() == 1 {
            out.append(&mut continuable[0]);
            return;
        }
        out.push(Translated {
            issue: Issue {
                path,
                message: "Invalid input".to_string(),
                code: "invalid_union".to_string(),
            },
            continues: false,
            rank,
        });
    }

    /// zod `z.discriminatedUnion`: the branch named by the discriminator reports its own
    /// issues; an unknown discriminator is reported at the discriminator key.
    #[allow(clippy::too_many_arguments)]
    fn discriminated_union_issues(
        &self,
        context: &[Vec<ValidationError<'static>>],
        path: Vec<PathSegment>,
        key: &str,
        constants: &[&Value],
        instance: &Value,
        rank: usize,
        out: &mut Vec<Translated>,
    ) {
        let Value::Object(object) = instance else {
            let (message, code, _) = type_message(TypeMask::OBJECT, Some(instance));
            out.push(Translated {
                issue: Issue {
                    path,
                    message,
                    code: code.to_string(),
                },
                continues: false,
                rank,
            });
            return;
        };
        let chosen = object.get(key).and_then(|value| constants.iter().position(|c| *c == value));
        if let Some(branch) = chosen.and_then(|index| context.get(index)) {
            out.extend(self.translate_list(branch));
            return;
        }
        let options: Vec<String> = constants.iter().map(|c| format!("'{}'", js_string(c))).collect();
        let mut at_key = path;
        at_key.push(PathSegment::Key(key.to_string()));
        out.push(Translated {
            issue: Issue {
                path: at_key,
                message: format!("Invalid discriminator value. Expected {}", options.join(" | ")),
                code: "invalid_union".to_string(),
            },
            continues: false,
            rank,
        });
    }

    /// Finds the declared property `key` of `schema` (looking through `$ref`s and
    /// combinators): its index in schema order and its schema.
    fn declared_property(&self, schema: &'s Value, key: &str, depth: usize) -> Option<(usize, &'s Value)> {
        if depth > MAX_REF_DEPTH {
            return None;
        }
        let schema = self.follow_refs(schema);
        let map = schema.as_object()?;
        if let Some(Value::Object(properties)) = map.get("properties") {
            if let Some((index, (_, child))) = properties.iter().enumerate().find(|(_, (k, _))| *k == key) {
                return Some((index, child));
            }
        }
        for combinator in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(branches)) = map.get(combinator) {
                for branch in branches {
                    if let Some(found) = self.declared_property(branch, key, depth + 1) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }

    /// Sort positions for a path: declared keys by schema order, other keys after them in
    /// the order the value holds them, array elements by index.
    fn path_sort_key(&self, path: &[PathSegment]) -> Vec<usize> {
        const UNDECLARED: usize = 1 << 20;
        let mut schema: Option<&'s Value> = Some(self.schema);
        let mut instance: Option<&'s Value> = Some(self.instance);
        let mut key = Vec::with_capacity(path.len());
        for segment in path {
            let (position, next_schema) = match segment {
                PathSegment::Key(name) => match schema.and_then(|s| self.declared_property(s, name, 0)) {
                    Some((index, child)) => (index, Some(child)),
                    None => {
                        let held = instance.and_then(Value::as_object).and_then(|o| o.keys().position(|k| k == name));
                        let additional = schema.map(|s| self.follow_refs(s)).and_then(|s| s.get("additionalProperties"));
                        (UNDECLARED + held.unwrap_or(UNDECLARED), additional)
                    }
                },
                PathSegment::Index(index) => {
                    let resolved = schema.map(|s| self.follow_refs(s));
                    let item = resolved
                        .and_then(|s| s.get("prefixItems"))
                        .and_then(|p| p.get(*index))
                        .or_else(|| resolved.and_then(|s| s.get("items")));
                    (*index, item)
                }
            };
            key.push(position);
            schema = next_schema;
            instance = instance.and_then(|v| match (v, segment) {
                (Value::Object(o), PathSegment::Key(k)) => o.get(k),
                (Value::Array(a), PathSegment::Index(i)) => a.get(*i),
                _ => None,
            });
        }
        key
    }
}

fn js_limit(limit: &Value) -> String {
    match limit {
        Value::Number(n) => js_number(n),
        other => js_string(other),
    }
}

/// The schema location of the object holding an error's keyword.
fn owner_path(error: &ValidationError<'_>) -> String {
    let location = error.schema_path().as_str();
    location.rsplit_once('/').map(|(parent, _)| parent.to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn issues(schema: Value, instance: Value) -> Vec<(String, String, String)> {
        let validator = jsonschema::options().should_validate_formats(true).build(&schema).unwrap();
        let errors: Vec<_> = validator.iter_errors(&instance).collect();
        issues_from_errors(&errors, &schema, &instance)
            .into_iter()
            .map(|i| (i.display_path(), i.message, i.code))
            .collect()
    }

    fn one(schema: Value, instance: Value) -> String {
        let found = issues(schema, instance);
        assert_eq!(found.len(), 1, "{found:?}");
        found[0].1.clone()
    }

    fn prop(schema: Value) -> Value {
        json!({"type": "object", "properties": {"a": schema}, "required": ["a"]})
    }

    #[test]
    fn type_errors_name_expected_and_received() {
        assert_eq!(
            one(prop(json!({"type": "string"})), json!({})),
            "Invalid input: expected string, received undefined"
        );
        assert_eq!(
            one(prop(json!({"type": "number"})), json!({"a": "x"})),
            "Invalid input: expected number, received string"
        );
        assert_eq!(
            one(prop(json!({"type": "integer"})), json!({"a": 1.5})),
            "Invalid input: expected int, received number"
        );
        assert_eq!(
            one(prop(json!({"type": "integer"})), json!({"a": "1"})),
            "Invalid input: expected number, received string"
        );
        assert_eq!(
            one(prop(json!({"type": ["string", "null"]})), json!({"a": 1})),
            "Invalid input: expected string, received number"
        );
        assert_eq!(
            one(prop(json!({"type": "object"})), json!({"a": []})),
            "Invalid input: expected object, received array"
        );
        assert_eq!(one(json!({"type": "object"}), json!(null)), "Invalid input: expected object, received null");
    }

    #[test]
    fn enums_and_literals() {
        assert_eq!(
            one(prop(json!({"type": "string", "enum": ["a", "b"]})), json!({"a": 5})),
            "Invalid option: expected one of \"a\"|\"b\""
        );
        assert_eq!(
            one(prop(json!({"type": "string", "enum": ["a", "b"]})), json!({})),
            "Invalid option: expected one of \"a\"|\"b\""
        );
        assert_eq!(
            one(prop(json!({"type": "string", "const": "a"})), json!({"a": "c"})),
            "Invalid input: expected \"a\""
        );
        assert_eq!(one(prop(json!({"enum": [1, 2]})), json!({"a": 3})), "Invalid option: expected one of 1|2");
        assert_eq!(
            one(prop(json!({"type": ["string", "null"], "enum": ["a", "b", null]})), json!({"a": 3})),
            "Invalid option: expected one of \"a\"|\"b\""
        );
    }

    #[test]
    fn bounds() {
        assert_eq!(
            one(prop(json!({"type": "string", "minLength": 3})), json!({"a": "x"})),
            "Too small: expected string to have >=3 characters"
        );
        assert_eq!(
            one(prop(json!({"type": "string", "maxLength": 3})), json!({"a": "xxxx"})),
            "Too big: expected string to have <=3 characters"
        );
        assert_eq!(
            one(prop(json!({"type": "number", "maximum": 10})), json!({"a": 11})),
            "Too big: expected number to be <=10"
        );
        assert_eq!(
            one(prop(json!({"type": "number", "exclusiveMinimum": 0})), json!({"a": 0})),
            "Too small: expected number to be >0"
        );
        assert_eq!(
            one(prop(json!({"type": "number", "exclusiveMaximum": 1e21})), json!({"a": 1e22})),
            "Too big: expected number to be <1e+21"
        );
        assert_eq!(
            one(prop(json!({"type": "integer", "maximum": 9007199254740991i64})), json!({"a": 1e20})),
            "Too big: expected int to be <=9007199254740991"
        );
        assert_eq!(
            one(prop(json!({"type": "array", "minItems": 1})), json!({"a": []})),
            "Too small: expected array to have >=1 items"
        );
        assert_eq!(
            one(prop(json!({"type": "array", "maxItems": 1})), json!({"a": [1, 2]})),
            "Too big: expected array to have <=1 items"
        );
        assert_eq!(
            one(prop(json!({"type": "number", "multipleOf": 0.5})), json!({"a": 0.3})),
            "Invalid number: must be a multiple of 0.5"
        );
    }

    #[test]
    fn patterns_and_formats() {
        assert_eq!(
            one(prop(json!({"type": "string", "pattern": "^a+$"})), json!({"a": "b"})),
            "Invalid string: must match pattern /^a+$/"
        );
        assert_eq!(
            one(
                prop(json!({"type": "string", "format": "email", "pattern": "^[^@]+@[^@]+$"})),
                json!({"a": "b"})
            ),
            "Invalid email address"
        );
        assert_eq!(one(prop(json!({"type": "string", "format": "uri"})), json!({"a": "not a url"})), "Invalid URL");
        assert_eq!(
            one(prop(json!({"type": "string", "format": "ipv4"})), json!({"a": "1.2.3"})),
            "Invalid IPv4 address"
        );
    }

    #[test]
    fn unknown_keys_group_per_object() {
        let schema = json!({"type": "object", "properties": {"a": {}}, "additionalProperties": false});
        assert_eq!(one(schema.clone(), json!({"b": 1})), "Unrecognized key: \"b\"");
        assert_eq!(one(schema, json!({"a": 1, "b": 1, "c": 2})), "Unrecognized keys: \"b\", \"c\"");
    }

    #[test]
    fn unions_follow_zod_rules() {
        let union = prop(json!({"anyOf": [{"type": "string"}, {"type": "number"}]}));
        assert_eq!(
            issues(union.clone(), json!({"a": true})),
            vec![("a".into(), "Invalid input".into(), "invalid_union".into())]
        );
        assert_eq!(one(union, json!({})), "Invalid input");
        // exactly one branch failed only a check: its issue is reported
        let checks = prop(json!({"anyOf": [{"type": "string", "minLength": 3}, {"type": "number"}]}));
        assert_eq!(one(checks, json!({"a": "x"})), "Too small: expected string to have >=3 characters");
        // nullable object: zod's .nullable() is not a union
        let nullable = prop(json!({"anyOf": [{"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}, {"type": "null"}]}));
        assert_eq!(
            issues(nullable.clone(), json!({"a": {"x": "s"}})),
            vec![("a/x".into(), "Invalid input: expected number, received string".into(), "invalid_type".into())]
        );
        assert_eq!(one(nullable.clone(), json!({"a": 5})), "Invalid input: expected object, received number");
        assert_eq!(one(nullable, json!({})), "Invalid input: expected object, received undefined");
    }

    #[test]
    fn discriminated_unions() {
        let du = json!({"oneOf": [
            {"type": "object", "properties": {"k": {"type": "string", "const": "a"}, "x": {"type": "string"}}, "required": ["k", "x"]},
            {"type": "object", "properties": {"k": {"type": "string", "const": "b"}, "y": {"type": "number"}}, "required": ["k", "y"]}
        ]});
        assert_eq!(
            issues(du.clone(), json!({"k": "c"})),
            vec![("k".into(), "Invalid discriminator value. Expected 'a' | 'b'".into(), "invalid_union".into())]
        );
        assert_eq!(
            issues(du.clone(), json!({"k": "a"})),
            vec![("x".into(), "Invalid input: expected string, received undefined".into(), "invalid_type".into())]
        );
        assert_eq!(one(du, json!(5)), "Invalid input: expected object, received number");
    }

    #[test]
    fn never_any_records_and_unique_items() {
        assert_eq!(one(prop(json!({"not": {}})), json!({"a": 1})), "Invalid input: expected never, received number");
        assert_eq!(one(prop(json!(true)), json!({})), "Invalid input: expected nonoptional, received undefined");
        let record = json!({"type": "object", "propertyNames": {"type": "string", "minLength": 2}, "additionalProperties": {"type": "number"}});
        assert_eq!(
            issues(record, json!({"x": 1})),
            vec![("x".into(), "Invalid key in record".into(), "invalid_key".into())]
        );
        assert_eq!(
            one(prop(json!({"type": "array", "uniqueItems": true})), json!({"a": [1, 1]})),
            "Expected array items to be unique"
        );
    }

    #[test]
    fn order_follows_schema_and_children_come_first() {
        let schema = json!({
            "type": "object",
            "properties": {
                "a": {"type": "string"},
                "b": {"type": "object", "properties": {"c": {"type": "number"}}, "required": ["c"], "additionalProperties": false},
                "list": {"type": "array", "items": {"type": "number"}, "minItems": 3}
            },
            "required": ["a", "b"],
            "additionalProperties": false
        });
        let found = issues(schema, json!({"z": 1, "list": ["x"], "b": {"q": 1}, "a": 1}));
        let paths: Vec<&str> = found.iter().map(|(p, _, _)| p.as_str()).collect();
        assert_eq!(paths, vec!["a", "b/c", "b", "list/0", "list", "root"]);
        assert_eq!(found[2].1, "Unrecognized key: \"q\"");
        assert_eq!(found[4].1, "Too small: expected array to have >=3 items");
    }

    #[test]
    fn failed_int_check_hides_later_number_checks() {
        let found = issues(prop(json!({"type": "integer", "minimum": 3, "multipleOf": 2})), json!({"a": 1.5}));
        assert_eq!(
            found,
            vec![("a".into(), "Invalid input: expected int, received number".into(), "invalid_type".into())]
        );
        let found = issues(prop(json!({"type": "integer", "minimum": 3})), json!({"a": 1}));
        assert_eq!(found, vec![("a".into(), "Too small: expected number to be >=3".into(), "too_small".into())]);
    }

    #[test]
    fn string_checks_are_all_reported_in_keyword_order() {
        let found = issues(prop(json!({"type": "string", "minLength": 3, "pattern": "b"})), json!({"a": "x"}));
        let messages: Vec<&str> = found.iter().map(|(_, m, _)| m.as_str()).collect();
        assert_eq!(
            messages,
            vec!["Too small: expected string to have >=3 characters", "Invalid string: must match pattern /b/"]
        );
    }
}
