//! A tool's parameters schema compiled once at load time, and the two ways calls use it:
//! `prepare_arguments` (omp's tool-call pipeline: normalize, validate, coerce up to 5 passes,
//! fill defaults, keep unknown root keys) and `parse_value` (zod `safeParse` semantics: no
//! coercion, defaults filled, unknown keys per `x-zod-unknown-keys`).

use super::coerce::{apply_coercions, flatten_errors};
use super::defaults::FinishOptions;
use super::error_text::ValidationFailure;
use super::issues::{issues_from_errors, Issue};
use super::omp_messages;
use super::path::PathSegment;
use super::pi_rules::PiSchema;
use super::tree::SchemaTree;
use super::unknown_keys::{apply_unknown_keys_modes, UnknownKeys, UNKNOWN_KEYS_KEYWORD};
use serde_json::{Map, Value};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

/// Coercion passes after the first failed validation (contract 5.2 step 4).
const MAX_COERCION_PASSES: usize = 5;

/// A parameters schema the validator cannot use. Loading the tool should fail with this text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaCompileError {
    /// What is wrong.
    pub(crate) reason: String,
    /// JSON pointer of the offending part of the schema (empty for the whole schema).
    pub(crate) location: String,
}

impl fmt::Display for SchemaCompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.location.is_empty() {
            write!(f, "invalid parameters schema: {}", self.reason)
        } else {
            write!(f, "invalid parameters schema at {}: {}", self.location, self.reason)
        }
    }
}

impl std::error::Error for SchemaCompileError {}

/// A compiled parameters schema.
pub struct CompiledSchema {
    /// The schema the validator was built from (after `x-zod-unknown-keys` adjustments).
    schema: Value,
    validator: jsonschema::Validator,
    tree: SchemaTree,
    /// Unknown root keys survive tool-call preparation unless the root object is `strict`.
    keep_unknown_root_keys: bool,
    /// The post-validation pass has work to do for tool calls.
    finish_prepared: bool,
    /// How a failed call's issues are worded.
    style: MessageStyle,
    /// pi's rules for the tool's declared parameters, compiled on the first call of a tool a
    /// pi extension registered (`None` inside: the crate refused them; omp's rules apply).
    pi: OnceLock<Option<PiSchema>>,
}

/// Which wording a failed tool call's issue lines get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MessageStyle {
    /// zod v4's English defaults (omp 16); only the tests against real zod ask for it alone
    /// (omp's wordings fall back to it).
    #[cfg(test)]
    Zod,
    /// omp 17's omptype (ArkType-style) wording, for `pi.zod`-built parameters.
    Ark,
    /// omp 17's in-tree JSON Schema validator wording, for plain JSON Schema parameters.
    Json,
}

/// `pi.zod` schemas reach the validator marked with `x-zod-unknown-keys`; others are plain.
fn style_of(schema: &Value) -> MessageStyle {
    fn marked(value: &Value) -> bool {
        match value {
            Value::Object(map) => map.contains_key(UNKNOWN_KEYS_KEYWORD) || map.values().any(marked),
            Value::Array(items) => items.iter().any(marked),
            _ => false,
        }
    }
    if marked(schema) {
        MessageStyle::Ark
    } else {
        MessageStyle::Json
    }
}

impl fmt::Debug for CompiledSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompiledSchema").field("schema", &self.schema).finish_non_exhaustive()
    }
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn build_validator(schema: &Value) -> Result<jsonschema::Validator, SchemaCompileError> {
    let built = catch_unwind(AssertUnwindSafe(|| jsonschema::options().should_validate_formats(true).build(schema)));
    match built {
        Ok(Ok(validator)) => Ok(validator),
        Ok(Err(error)) => Err(SchemaCompileError {
            reason: error.to_string(),
            location: error.instance_path().as_str().to_string(),
        }),
        Err(_) => Err(SchemaCompileError {
            reason: "the JSON Schema validator failed on this schema".to_string(),
            location: String::new(),
        }),
    }
}

impl CompiledSchema {
    /// Compiles a parameters schema (JSON Schema draft 2020-12 unless `$schema` says
    /// otherwise). Everything the calls need is prepared here.
    pub fn compile(schema: &Value) -> Result<CompiledSchema, SchemaCompileError> {
        if !matches!(schema, Value::Object(_) | Value::Bool(_)) {
            return Err(SchemaCompileError {
                reason: format!("expected a JSON Schema object or boolean, got {}", json_kind(schema)),
                location: String::new(),
            });
        }
        let style = style_of(schema);
        let mut schema = schema.clone();
        apply_unknown_keys_modes(&mut schema);
        let validator = build_validator(&schema)?;
        let tree = SchemaTree::build(&schema, &|sub| build_validator(sub).ok());
        let root = tree.node(tree.root);
        let root_strict = std::iter::once(tree.root)
            .chain(root.all_of.iter().copied())
            .any(|id| tree.node(id).unknown_keys == Some(UnknownKeys::Strict));
        let finish_prepared = tree.finish_needed(FinishOptions::PREPARE);
        Ok(CompiledSchema {
            schema,
            validator,
            tree,
            keep_unknown_root_keys: !root_strict,
            finish_prepared,
            style,
            pi: OnceLock::new(),
        })
    }

    /// The same schema with failures worded in `style`.
    #[cfg(test)]
    pub(crate) fn with_message_style(mut self, style: MessageStyle) -> CompiledSchema {
        self.style = style;
        self
    }

    /// Whether `value` satisfies the schema as it is.
    pub fn is_valid(&self, value: &Value) -> bool {
        self.validator.is_valid(value)
    }

    /// zod-style issues for `value` (empty when it is valid).
    pub(crate) fn issues(&self, value: &Value) -> Vec<Issue> {
        let errors: Vec<_> = self.validator.iter_errors(value).collect();
        issues_from_errors(&errors, &self.schema, value)
    }

    /// omp's tool-call argument pipeline (contract 5.2). Returns what `execute` receives, or
    /// the failure whose [`ValidationFailure::message`] is the tool's error result.
    // The failure is the slow path's result and carries the arguments by design.
    #[allow(clippy::result_large_err)]
    pub fn prepare_arguments(&self, args: Value) -> Result<Value, ValidationFailure> {
        let normalized = self.normalize(&args);
        if self.validator.is_valid(normalized.as_ref().unwrap_or(&args)) {
            let mut value = normalized.unwrap_or(args);
            if self.finish_prepared {
                self.tree.finish(&mut value, FinishOptions::PREPARE);
            }
            return Ok(value);
        }
        self.prepare_with_coercion(args, normalized)
    }

    /// A call's arguments under the rules of the tool's kind: `pi_parameters` is the declared
    /// parameters schema of a tool registered through pi's ExtensionAPI, validated and coerced
    /// as pi 1.6.0 does (pi-schema, `coerce: true`) and worded as pi words a failure; `None`
    /// (omp tools) is [`CompiledSchema::prepare_arguments`].
    #[allow(clippy::result_large_err)]
    pub(crate) fn prepare_call_arguments(&self, args: Value, pi_parameters: Option<&Value>) -> Result<Value, ValidationFailure> {
        let Some(pi) = pi_parameters.and_then(|declared| self.pi.get_or_init(|| PiSchema::compile(declared)).as_ref()) else {
            return self.prepare_arguments(args);
        };
        pi.parse(&args).map_err(|errors| ValidationFailure {
            issues: Vec::new(),
            original: args,
            normalized: None,
            lines: Some(errors.iter().map(|error| error.line()).collect()),
            pi: true,
        })
    }

    /// zod `safeParse` semantics: no normalization or coercion; defaults filled, unknown keys
    /// handled per `x-zod-unknown-keys`, keys in schema order.
    pub(crate) fn parse_value(&self, value: Value) -> Result<Value, Vec<Issue>> {
        if self.validator.is_valid(&value) {
            let mut value = value;
            self.tree.finish(&mut value, FinishOptions::PARSE);
            return Ok(value);
        }
        Err(self.issues(&value))
    }

    /// Steps 1–2: normalization, `None` when nothing changed.
    fn normalize(&self, args: &Value) -> Option<Value> {
        let nulls = self.tree.normalize_nulls(args);
        match self.tree.normalize_string_encoded_arrays(nulls.as_ref().unwrap_or(args)) {
            Some(arrays) => Some(arrays),
            None => nulls,
        }
    }

    /// Steps 4–6 after a first failed validation.
    #[allow(clippy::result_large_err)]
    fn prepare_with_coercion(&self, original: Value, normalized: Option<Value>) -> Result<Value, ValidationFailure> {
        let mut changed = normalized.is_some();
        let mut args = normalized.unwrap_or_else(|| original.clone());
        let input_keys: Vec<String> = args.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default();
        let mut removed_root_keys = Vec::new();
        for _ in 0..MAX_COERCION_PASSES {
            let flat = {
                let errors: Vec<_> = self.validator.iter_errors(&args).collect();
                flatten_errors(&errors, &self.schema)
            };
            if !apply_coercions(&mut args, &flat, &mut removed_root_keys) {
                break;
            }
            changed = true;
            if let Some(renormalized) = self.normalize(&args) {
                args = renormalized;
            }
            if self.validator.is_valid(&args) {
                if self.finish_prepared {
                    self.tree.finish(&mut args, FinishOptions::PREPARE);
                }
                if self.keep_unknown_root_keys {
                    restore_root_keys(&mut args, &input_keys, removed_root_keys);
                }
                return Ok(args);
            }
        }
        let issues = self.issues(&args);
        let found = match self.style {
            #[cfg(test)]
            MessageStyle::Zod => None,
            MessageStyle::Ark => Some(omp_messages::ark_lines(&self.schema, &args)),
            MessageStyle::Json => Some(omp_messages::json_lines(&self.schema, &args)),
        };
        // Where omp's wording finds nothing (a check only the host makes, such as `format`),
        // zod's wording still says what is wrong.
        let lines = found.filter(|found| !found.is_empty()).map(|found| {
            found
                .into_iter()
                .map(|(path, message)| format!("  - {}: {message}", display_path(&path)))
                .collect()
        });
        Err(ValidationFailure {
            issues,
            original,
            normalized: changed.then_some(args),
            lines,
            pi: false,
        })
    }
}

/// A path as omp prints it: segments joined with `/`, or `root`.
fn display_path(path: &[PathSegment]) -> String {
    if path.is_empty() {
        return "root".to_string();
    }
    path.iter().map(ToString::to_string).collect::<Vec<_>>().join("/")
}

/// `{ ...input, ...validated }`: root keys the coercion deleted as unknown come back, in the
/// position they had in the input; keys only the validated value has (defaults) follow.
fn restore_root_keys(args: &mut Value, input_keys: &[String], removed: Vec<(String, Value)>) {
    if removed.is_empty() {
        return;
    }
    let Value::Object(validated) = args else {
        return;
    };
    let mut removed: Map<String, Value> = removed.into_iter().collect();
    let mut merged = Map::with_capacity(validated.len() + removed.len());
    for key in input_keys {
        if let Some(value) = validated.shift_remove(key).or_else(|| removed.shift_remove(key)) {
            merged.insert(key.clone(), value);
        }
    }
    merged.append(validated);
    merged.append(&mut removed);
    *validated = merged;
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn compile(schema: Value) -> CompiledSchema {
        CompiledSchema::compile(&schema).expect("schema compiles")
    }

    fn three_fields() -> CompiledSchema {
        compile(json!({
            "type": "object",
            "properties": {"path": {"type": "string"}, "limit": {"type": "integer"}, "recursive": {"type": "boolean"}},
            "required": ["path"],
            "additionalProperties": false
        }))
    }

    #[test]
    fn compiled_schema_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<CompiledSchema>();
    }

    #[test]
    fn valid_arguments_come_back_unchanged() {
        let schema = three_fields();
        let args = json!({"recursive": true, "limit": 3, "path": "src"});
        let out = schema.prepare_arguments(args.clone()).unwrap();
        assert_eq!(serde_json::to_string(&out).unwrap(), serde_json::to_string(&args).unwrap());
    }

    #[test]
    fn coercions_fix_string_typed_values() {
        let schema = three_fields();
        let out = schema.prepare_arguments(json!({"path": 5, "limit": "7", "recursive": "yes"})).unwrap();
        assert_eq!(out, json!({"path": "5", "limit": 7, "recursive": true}));
        let out = schema.prepare_arguments(json!({"path": "p", "limit": true, "recursive": 0})).unwrap();
        assert_eq!(out, json!({"path": "p", "limit": 1, "recursive": false}));
    }

    #[test]
    fn unknown_root_keys_survive_in_place_but_nested_ones_are_dropped() {
        let schema = compile(json!({
            "type": "object",
            "properties": {"a": {"type": "string"}, "n": {"type": "object", "properties": {"x": {"type": "number"}}, "additionalProperties": false}},
            "required": ["a"],
            "additionalProperties": false
        }));
        let out = schema
            .prepare_arguments(json!({"extra": 1, "a": "x", "n": {"x": 1, "junk": 2}, "last": [1]}))
            .unwrap();
        assert_eq!(out, json!({"extra": 1, "a": "x", "n": {"x": 1}, "last": [1]}));
        let keys: Vec<&String> = out.as_object().unwrap().keys().collect();
        assert_eq!(keys, vec!["extra", "a", "n", "last"]);
    }

    #[test]
    fn strict_root_loses_unknown_keys() {
        let schema = compile(json!({
            "type": "object", "x-zod-unknown-keys": "strict",
            "properties": {"a": {"type": "string"}}, "required": ["a"]
        }));
        assert_eq!(schema.prepare_arguments(json!({"a": "x", "b": 1})).unwrap(), json!({"a": "x"}));
    }

    #[test]
    fn defaults_are_filled_after_validation() {
        let schema = compile(json!({
            "type": "object",
            "properties": {"a": {"type": "string"}, "mode": {"type": "string", "enum": ["fast", "slow"], "default": "fast"}},
            "required": ["a"]
        }));
        assert_eq!(schema.prepare_arguments(json!({"a": "x"})).unwrap(), json!({"a": "x", "mode": "fast"}));
        assert_eq!(
            schema.prepare_arguments(json!({"a": "x", "mode": null})).unwrap(),
            json!({"a": "x", "mode": "fast"})
        );
        assert_eq!(schema.prepare_arguments(json!({"a": 1})).unwrap(), json!({"a": "1", "mode": "fast"}));
    }

    #[test]
    fn failures_report_issues_and_the_arguments() {
        let schema = three_fields();
        let failure = schema.prepare_arguments(json!({"limit": "x"})).unwrap_err();
        assert_eq!(
            failure.message("ls"),
            "Validation failed for tool \"ls\":\n  - path: is required\n  - limit: expected integer, received string\n\nReceived arguments:\n{\n  \"limit\": \"x\"\n}"
        );
        assert_eq!(failure.normalized, None);
    }

    #[test]
    fn failures_after_normalization_show_both_versions() {
        let schema = three_fields();
        let failure = schema.prepare_arguments(json!({"path": null, "limit": "2", "recursive": "null"})).unwrap_err();
        assert_eq!(failure.original, json!({"path": null, "limit": "2", "recursive": "null"}));
        assert_eq!(failure.normalized, Some(json!({"path": null, "limit": 2})));
        assert!(failure.message("t").contains("\"normalized\": {\n    \"path\": null,\n    \"limit\": 2\n  }"));
        assert_eq!(failure.issues[0].message, "Invalid input: expected string, received null");
    }

    #[test]
    fn coercion_stops_after_five_passes() {
        // each pass wraps one more array level; six levels need more than the five passes
        let schema = compile(json!({
            "type": "object",
            "properties": {"v": {"type": "array", "items": {"type": "array", "items": {"type": "array", "items": {"type": "array", "items": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}}}}}}
        }));
        let failure = schema.prepare_arguments(json!({"v": 1})).unwrap_err();
        assert_eq!(failure.normalized, Some(json!({"v": [[[[[1]]]]]})));
        let ok = compile(json!({
            "type": "object",
            "properties": {"v": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}}
        }));
        assert_eq!(ok.prepare_arguments(json!({"v": 1})).unwrap(), json!({"v": [[1]]}));
    }

    #[test]
    fn json_strings_become_objects_and_arrays() {
        let schema = compile(json!({
            "type": "object",
            "properties": {
                "opts": {"type": "object", "properties": {"depth": {"type": "integer"}}},
                "tags": {"type": "array", "items": {"type": "string"}}
            }
        }));
        let out = schema
            .prepare_arguments(json!({"opts": "{\"depth\": \"2\"}", "tags": "[\"a\", \"b\"]"}))
            .unwrap();
        assert_eq!(out, json!({"opts": {"depth": 2}, "tags": ["a", "b"]}));
        let wrapped = schema.prepare_arguments(json!({"tags": "solo"})).unwrap();
        assert_eq!(wrapped, json!({"tags": ["solo"]}));
    }

    #[test]
    fn string_or_array_fields_get_parsed_arrays_even_when_the_string_is_valid() {
        let schema = compile(json!({
            "type": "object",
            "properties": {"paths": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}},
            "required": ["paths"]
        }));
        assert_eq!(
            schema.prepare_arguments(json!({"paths": "[\"a\", \"b\"]"})).unwrap(),
            json!({"paths": ["a", "b"]})
        );
        assert_eq!(
            schema.prepare_arguments(json!({"paths": "src/[id].ts"})).unwrap(),
            json!({"paths": "src/[id].ts"})
        );
    }

    #[test]
    fn compile_errors_name_the_problem() {
        let err = CompiledSchema::compile(&json!({"type": "object", "properties": {"a": {"type": "strng"}}})).unwrap_err();
        assert_eq!(err.location, "/properties/a/type");
        assert!(err.to_string().starts_with("invalid parameters schema at /properties/a/type: "), "{err}");
        let err = CompiledSchema::compile(&json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "(unclosed"}}})).unwrap_err();
        assert!(err.to_string().contains("/properties/a/pattern"), "{err}");
        let err = CompiledSchema::compile(&json!({"$ref": "#/$defs/missing"})).unwrap_err();
        assert!(err.to_string().contains("missing"), "{err}");
        let err = CompiledSchema::compile(&json!("string")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid parameters schema: expected a JSON Schema object or boolean, got string"
        );
    }

    #[test]
    fn vendor_keyword_compiles() {
        let schema = compile(json!({"type": "object", "x-zod-unknown-keys": "passthrough", "properties": {}}));
        assert!(schema.is_valid(&json!({"anything": 1})));
    }

    #[test]
    fn parse_value_does_not_coerce() {
        let schema = three_fields();
        let issues = schema.parse_value(json!({"path": "p", "limit": "7"})).unwrap_err();
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].message, "Invalid input: expected number, received string");
        assert_eq!(issues[0].code, "invalid_type");
        assert_eq!(
            serde_json::to_value(&issues[0]).unwrap(),
            json!({"path": ["limit"], "message": "Invalid input: expected number, received string", "code": "invalid_type"})
        );
    }

    #[test]
    fn parse_value_honours_unknown_key_modes() {
        let object = |mode: &str| {
            compile(json!({
                "type": "object", "x-zod-unknown-keys": mode,
                "properties": {"a": {"type": "string"}, "d": {"type": "number", "default": 1}}, "required": ["a"]
            }))
        };
        assert_eq!(object("strip").parse_value(json!({"x": 0, "a": "v"})).unwrap(), json!({"a": "v", "d": 1}));
        assert_eq!(
            object("passthrough").parse_value(json!({"x": 0, "a": "v"})).unwrap(),
            json!({"a": "v", "d": 1, "x": 0})
        );
        let issues = object("strict").parse_value(json!({"x": 0, "y": 1, "a": "v"})).unwrap_err();
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].message, "Unrecognized keys: \"x\", \"y\"");
        assert_eq!(issues[0].code, "unrecognized_keys");
        assert!(issues[0].path.is_empty());
        let single = object("strict").parse_value(json!({"a": "v", "x": 0})).unwrap_err();
        assert_eq!(single[0].message, "Unrecognized key: \"x\"");
    }

    #[test]
    fn parse_value_orders_keys_like_zod() {
        let schema = compile(json!({
            "type": "object", "x-zod-unknown-keys": "strip",
            "properties": {"a": {"type": "number"}, "b": {"type": "number"}}
        }));
        let out = schema.parse_value(json!({"b": 1, "a": 2})).unwrap();
        assert_eq!(serde_json::to_string(&out).unwrap(), r#"{"a":2,"b":1}"#);
    }
}
