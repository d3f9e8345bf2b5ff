//! Error-driven coercion (contract 5.2 step 4): validator errors are flattened into
//! "wrong type at path" / "unknown key at path" records, and each one rewrites the arguments
//! only in the direction the schema asks for — JSON-looking strings parsed, boolean
//! spellings, booleans to 1/0, non-strings stringified, singletons wrapped in an array —
//! and unknown keys of closed objects deleted.

use super::js_format::{js_json_compact, js_string, js_trim};
use super::lenient_json::{looks_like_json_container, try_parse_json_for_types};
use super::path::{path_from_location, remove_at, set_at, value_at, PathSegment};
use super::schema_walk::keyword_owner;
use super::types::TypeMask;
use jsonschema::error::ValidationErrorKind;
use jsonschema::ValidationError;
use serde_json::Value;

/// What a validator error asks the coercion pass to do.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FlatIssueKind {
    /// The value at the path should have one of these types.
    WrongType(TypeMask),
    /// The key at the path is not allowed.
    UnknownKey,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FlatIssue {
    pub(crate) kind: FlatIssueKind,
    pub(crate) path: Vec<PathSegment>,
    /// The issue is one alternative of a union at the same location (no array wrapping then).
    pub(crate) union_branch: bool,
}

/// For `anyOf: [X, {type: "null"}]` (zod `.nullable()` of a non-scalar), the index of `X`.
pub(crate) fn nullable_branch_index(any_of: &[Value]) -> Option<usize> {
    if any_of.len() != 2 {
        return None;
    }
    let is_null = |branch: &Value| branch.get("type").and_then(Value::as_str) == Some("null");
    match (is_null(&any_of[0]), is_null(&any_of[1])) {
        (false, true) => Some(0),
        (true, false) => Some(1),
        _ => None,
    }
}

/// Flattens validator errors (descending into union alternatives) into coercion records.
pub(crate) fn flatten_errors(errors: &[ValidationError<'_>], schema: &Value) -> Vec<FlatIssue> {
    let mut out = Vec::new();
    for error in errors {
        flatten_error(error, false, schema, &mut out);
    }
    out
}

fn flatten_error(error: &ValidationError<'_>, union_branch: bool, schema: &Value, out: &mut Vec<FlatIssue>) {
    match error.kind() {
        ValidationErrorKind::Type { kind } => out.push(FlatIssue {
            kind: FlatIssueKind::WrongType(TypeMask::from_type_kind(kind)),
            path: path_from_location(error.instance_path()),
            union_branch,
        }),
        ValidationErrorKind::AdditionalProperties { unexpected } | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            let object_path = path_from_location(error.instance_path());
            for key in unexpected {
                let mut path = object_path.clone();
                path.push(PathSegment::Key(key.clone()));
                out.push(FlatIssue {
                    kind: FlatIssueKind::UnknownKey,
                    path,
                    union_branch,
                });
            }
        }
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            let owner = keyword_owner(schema, error.schema_path());
            let nullable = match (error.kind(), owner.and_then(|o| o.get("anyOf"))) {
                (ValidationErrorKind::AnyOf { .. }, Some(Value::Array(branches))) => nullable_branch_index(branches),
                _ => None,
            };
            if let Some(index) = nullable {
                // `.nullable()` is not a union in zod: its inner errors keep the outer flag.
                for child in context.get(index).into_iter().flatten() {
                    flatten_error(child, union_branch, schema, out);
                }
                return;
            }
            for branch in context {
                for child in branch {
                    let same_location = child.instance_path() == error.instance_path();
                    flatten_error(child, same_location, schema, out);
                }
            }
        }
        _ => {}
    }
}

/// Booleans: `true/1/yes/on`, `false/0/no/off` (any case) and the numbers 1 / 0.
fn coerce_boolean(value: &Value, expected: TypeMask) -> Option<Value> {
    if !expected.contains(TypeMask::BOOLEAN) {
        return None;
    }
    match value {
        Value::Number(n) => {
            let x = n.as_f64()?;
            if x == 0.0 {
                Some(Value::Bool(false))
            } else if x == 1.0 {
                Some(Value::Bool(true))
            } else {
                None
            }
        }
        Value::String(text) => match js_trim(text).to_lowercase().as_str() {
            "true" | "1" | "yes" | "on" => Some(Value::Bool(true)),
            "false" | "0" | "no" | "off" => Some(Value::Bool(false)),
            _ => None,
        },
        _ => None,
    }
}

/// A boolean where a number is expected becomes 1 / 0.
fn coerce_boolean_to_number(value: &Value, expected: TypeMask) -> Option<Value> {
    if !expected.intersects(TypeMask::NUMBER.union(TypeMask::INTEGER)) {
        return None;
    }
    value.as_bool().map(|b| Value::from(if b { 1 } else { 0 }))
}

/// A non-string where a string is expected: containers JSON-stringified, scalars `String(v)`.
fn coerce_to_string(value: &Value, expected: TypeMask) -> Option<Value> {
    if !expected.contains(TypeMask::STRING) {
        return None;
    }
    match value {
        Value::String(_) | Value::Null => None,
        Value::Array(_) | Value::Object(_) => Some(Value::String(js_json_compact(value))),
        scalar => Some(Value::String(js_string(scalar))),
    }
}

/// The rewrite of `value` towards one of the `expected` types, if there is one.
pub(crate) fn coerce_for_expected_types(value: &Value, expected: TypeMask) -> Option<Value> {
    if let Value::String(text) = value {
        return try_parse_json_for_types(text, expected).or_else(|| coerce_boolean(value, expected));
    }
    coerce_boolean(value, expected)
        .or_else(|| coerce_boolean_to_number(value, expected))
        .or_else(|| coerce_to_string(value, expected))
}

/// `[value]` for an expected array (parsing a JSON-object string first); `None` for strings
/// that look like a (broken) JSON container.
fn wrap_in_array(value: &Value) -> Option<Value> {
    if let Value::String(text) = value {
        if let Some(object) = try_parse_json_for_types(text, TypeMask::OBJECT) {
            return Some(Value::Array(vec![object]));
        }
        if looks_like_json_container(text) {
            return None;
        }
    }
    Some(Value::Array(vec![value.clone()]))
}

/// Applies the coercions for one pass. Root keys deleted as unknown are appended to
/// `removed_root_keys`. Returns whether anything changed.
pub(crate) fn apply_coercions(args: &mut Value, issues: &[FlatIssue], removed_root_keys: &mut Vec<(String, Value)>) -> bool {
    let mut changed = false;
    for issue in issues {
        match &issue.kind {
            FlatIssueKind::UnknownKey => {
                if let Some(removed) = remove_at(args, &issue.path) {
                    changed = true;
                    if let [PathSegment::Key(key)] = issue.path.as_slice() {
                        removed_root_keys.push((key.clone(), removed));
                    }
                }
            }
            FlatIssueKind::WrongType(expected) => {
                let Some(current) = value_at(args, &issue.path) else {
                    continue;
                };
                let mut coerced = coerce_for_expected_types(current, *expected);
                if coerced.is_none() && expected.contains(TypeMask::ARRAY) && !issue.union_branch && !current.is_array() {
                    coerced = wrap_in_array(current);
                }
                if let Some(value) = coerced {
                    changed |= set_at(args, &issue.path, value);
                }
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn coerce(value: Value, expected: &str) -> Option<Value> {
        coerce_for_expected_types(&value, TypeMask::from_type_keyword(&json!(expected)))
    }

    #[test]
    fn boolean_spellings_and_numbers_become_booleans() {
        for yes in ["true", "1", "YES", " On "] {
            assert_eq!(coerce(json!(yes), "boolean"), Some(json!(true)), "{yes}");
        }
        for no in ["false", "0", "No", "OFF"] {
            assert_eq!(coerce(json!(no), "boolean"), Some(json!(false)), "{no}");
        }
        assert_eq!(coerce(json!(1), "boolean"), Some(json!(true)));
        assert_eq!(coerce(json!(0.0), "boolean"), Some(json!(false)));
        assert_eq!(coerce(json!(2), "boolean"), None);
        assert_eq!(coerce(json!("maybe"), "boolean"), None);
    }

    #[test]
    fn booleans_become_numbers() {
        assert_eq!(coerce(json!(true), "number"), Some(json!(1)));
        assert_eq!(coerce(json!(false), "integer"), Some(json!(0)));
    }

    #[test]
    fn non_strings_become_strings() {
        assert_eq!(coerce(json!(5.0), "string"), Some(json!("5")));
        assert_eq!(coerce(json!(true), "string"), Some(json!("true")));
        assert_eq!(coerce(json!({"a": [1, 2.0]}), "string"), Some(json!("{\"a\":[1,2]}")));
        assert_eq!(coerce(json!(null), "string"), None);
    }

    #[test]
    fn json_strings_parse_to_the_expected_type_only() {
        assert_eq!(coerce(json!("{\"a\":1}"), "object"), Some(json!({"a": 1})));
        assert_eq!(coerce(json!("[1,2]"), "array"), Some(json!([1, 2])));
        assert_eq!(coerce(json!("12"), "integer"), Some(json!(12)));
        assert_eq!(coerce(json!("[1,2]"), "object"), None);
        assert_eq!(coerce(json!("false"), "boolean"), Some(json!(false)));
    }

    fn issue(kind: FlatIssueKind, path: &[&str], union_branch: bool) -> FlatIssue {
        FlatIssue {
            kind,
            path: path.iter().map(|k| PathSegment::Key(k.to_string())).collect(),
            union_branch,
        }
    }

    #[test]
    fn non_arrays_are_wrapped_outside_unions() {
        let mut args = json!({"a": "x", "b": 3, "c": "{\"k\":1}", "d": "[1, 2", "e": "y"});
        let arr = FlatIssueKind::WrongType(TypeMask::ARRAY);
        let issues = vec![
            issue(arr.clone(), &["a"], false),
            issue(arr.clone(), &["b"], false),
            issue(arr.clone(), &["c"], false),
            issue(arr.clone(), &["d"], false),
            issue(arr.clone(), &["e"], true),
        ];
        let mut removed = Vec::new();
        assert!(apply_coercions(&mut args, &issues, &mut removed));
        assert_eq!(args, json!({"a": ["x"], "b": [3], "c": [{"k": 1}], "d": "[1, 2", "e": "y"}));
    }

    #[test]
    fn unknown_keys_are_deleted_and_root_ones_remembered() {
        let mut args = json!({"a": 1, "x": 2, "n": {"y": 3, "z": 4}});
        let issues = vec![
            issue(FlatIssueKind::UnknownKey, &["x"], false),
            issue(FlatIssueKind::UnknownKey, &["n", "y"], false),
        ];
        let mut removed = Vec::new();
        assert!(apply_coercions(&mut args, &issues, &mut removed));
        assert_eq!(args, json!({"a": 1, "n": {"z": 4}}));
        assert_eq!(removed, vec![("x".to_string(), json!(2))]);
    }

    #[test]
    fn missing_values_are_not_invented() {
        let mut args = json!({});
        let issues = vec![issue(FlatIssueKind::WrongType(TypeMask::STRING), &["a"], false)];
        assert!(!apply_coercions(&mut args, &issues, &mut Vec::new()));
        assert_eq!(args, json!({}));
    }

    #[test]
    fn flattening_marks_union_alternatives_and_sees_through_nullable() {
        let schema = json!({
            "type": "object",
            "properties": {
                "u": {"anyOf": [{"type": "array"}, {"type": "number"}]},
                "n": {"anyOf": [{"type": "array"}, {"type": "null"}]},
                "t": {"type": "boolean"}
            },
            "additionalProperties": false
        });
        let validator = jsonschema::validator_for(&schema).unwrap();
        let instance = json!({"u": "x", "n": "y", "t": "yes", "extra": 1});
        let errors: Vec<_> = validator.iter_errors(&instance).collect();
        let flat = flatten_errors(&errors, &schema);
        let find = |key: &str| flat.iter().find(|i| i.path == vec![PathSegment::Key(key.to_string())]).cloned();
        assert!(find("u").unwrap().union_branch);
        let n = find("n").unwrap();
        assert!(!n.union_branch);
        assert_eq!(n.kind, FlatIssueKind::WrongType(TypeMask::ARRAY));
        assert_eq!(find("t").unwrap().kind, FlatIssueKind::WrongType(TypeMask::BOOLEAN));
        assert_eq!(find("extra").unwrap().kind, FlatIssueKind::UnknownKey);
    }
}
