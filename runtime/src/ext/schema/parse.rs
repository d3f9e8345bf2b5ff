//! The validator behind `pi.zod`'s `safeParse`/`parse`: the same Rust validator that checks
//! tool calls, with each distinct schema compiled once and kept for the session.

use std::collections::HashMap;

use deno_core::{op2, OpState};

use crate::schema::CompiledSchema;

/// Compiled schemas by their JSON text.
#[derive(Default)]
pub(crate) struct SchemaCache(HashMap<String, Result<CompiledSchema, String>>);

/// `safeParse(value)` for the schema `schema_json`: answers JSON `{ok: true, value}` or
/// `{ok: false, issues: [{path, message, code}]}`.
#[op2]
#[string]
pub(crate) fn op_schema_parse(state: &mut OpState, #[string] schema_json: String, #[string] value_json: &str) -> String {
    let value: serde_json::Value = match serde_json::from_str(value_json) {
        Ok(v) => v,
        Err(e) => {
            return serde_json::json!({ "ok": false, "issues": [{ "path": [], "message": format!("Invalid input: {e}"), "code": "custom" }] }).to_string()
        }
    };
    let cache = state.borrow_mut::<SchemaCache>();
    let compiled = cache.0.entry(schema_json).or_insert_with_key(|text| {
        let schema: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        CompiledSchema::compile(&schema).map_err(|e| e.to_string())
    });
    match compiled {
        Err(reason) => serde_json::json!({ "ok": false, "issues": [{ "path": [], "message": reason, "code": "custom" }] }).to_string(),
        Ok(schema) => match schema.parse_value(value) {
            Ok(value) => serde_json::json!({ "ok": true, "value": value }).to_string(),
            Err(issues) => serde_json::json!({ "ok": false, "issues": issues }).to_string(),
        },
    }
}
