//! Argument validation benchmark (`cargo bench --bench validate`): validations per second of
//! `CompiledSchema::prepare_arguments` on already-valid arguments for a 3-field object and for
//! a nested schema (array of objects, enums, defaults), and the time to compile each schema.

use omp_host::{wire_schema_from_zod, CompiledSchema};
use serde_json::{json, Value};
use std::hint::black_box;
use std::time::{Duration, Instant};

const RUN_FOR: Duration = Duration::from_millis(1500);

/// Runs `f` repeatedly for about `RUN_FOR`; returns calls per second.
fn per_second(mut f: impl FnMut()) -> f64 {
    for _ in 0..1000 {
        f();
    }
    let start = Instant::now();
    let mut calls: u64 = 0;
    while start.elapsed() < RUN_FOR {
        for _ in 0..1000 {
            f();
        }
        calls += 1000;
    }
    calls as f64 / start.elapsed().as_secs_f64()
}

fn compile_micros(schema: &Value) -> f64 {
    let rounds = 200;
    let start = Instant::now();
    for _ in 0..rounds {
        black_box(CompiledSchema::compile(black_box(schema)).expect("schema compiles"));
    }
    start.elapsed().as_secs_f64() * 1e6 / rounds as f64
}

fn report(label: &str, schema: &Value, args: &Value) {
    let compiled = CompiledSchema::compile(schema).expect("schema compiles");
    let prepared = compiled.prepare_arguments(args.clone()).expect("arguments are valid");
    let prepare_rate = per_second(|| {
        black_box(compiled.prepare_arguments(black_box(args.clone())).is_ok());
    });
    let clone_rate = per_second(|| {
        black_box(black_box(args).clone());
    });
    let is_valid_rate = per_second(|| {
        black_box(compiled.is_valid(black_box(args)));
    });
    let ns = |rate: f64| 1e9 / rate;
    println!("{label}:");
    println!(
        "  prepare_arguments (valid args): {:>12.0} validations/s  ({:.0} ns/call, including the {:.0} ns argument clone)",
        prepare_rate,
        ns(prepare_rate),
        ns(clone_rate)
    );
    println!(
        "  is_valid alone:                {:>12.0} validations/s  ({:.0} ns/call)",
        is_valid_rate,
        ns(is_valid_rate)
    );
    println!("  compile:                       {:>12.1} µs", compile_micros(schema));
    println!("  output: {}", serde_json::to_string(&prepared).unwrap());
}

fn main() {
    let three_fields = json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "File to read"},
            "offset": {"type": "integer", "minimum": 0},
            "recursive": {"type": "boolean"}
        },
        "required": ["path"],
        "additionalProperties": false
    });
    let three_args = json!({"path": "src/main.rs", "offset": 10, "recursive": false});

    // What z.toJSONSchema gives for a zod tool: an array of objects with enums and defaults.
    let nested = wire_schema_from_zod(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "title": {"type": "string", "minLength": 1},
            "priority": {"default": "normal", "type": "string", "enum": ["low", "normal", "high"]},
            "tasks": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "status": {"default": "todo", "type": "string", "enum": ["todo", "doing", "done"]},
                        "estimate": {"type": "integer", "minimum": -9007199254740991i64, "maximum": 9007199254740991i64},
                        "tags": {"type": "array", "items": {"type": "string"}}
                    },
                    "required": ["name", "status"],
                    "additionalProperties": false
                }
            },
            "notify": {"default": false, "type": "boolean"}
        },
        "required": ["title", "priority", "tasks", "notify"],
        "additionalProperties": false
    }));
    let nested_args = json!({
        "title": "Release",
        "tasks": [
            {"name": "build", "status": "done", "estimate": 2, "tags": ["ci"]},
            {"name": "test", "estimate": 3},
            {"name": "ship", "status": "doing", "tags": ["prod", "manual"]}
        ]
    });

    report("3-field object", &three_fields, &three_args);
    report("nested schema (array of objects, enums, defaults)", &nested, &nested_args);
}
