//! Tool argument preparation and validation (contract section 5).
//!
//! A tool's `parameters` become a JSON Schema (zod schemas through [`wire_schema_from_zod`]),
//! compiled once per tool at load time into a [`CompiledSchema`]. Each call's arguments then go
//! through [`CompiledSchema::prepare_arguments`], omp's pipeline (normalization, validation,
//! error-driven coercion, defaults), whose [`ValidationFailure::message`] is the verbatim error
//! text. [`CompiledSchema::parse_value`] gives zod `safeParse` semantics for the JavaScript zod
//! bridge, honouring the `x-zod-unknown-keys` vendor keyword.
//!
//! Files: `wire` (5.1 transforms), `compiled` (compile + the two entry points), `normalize`
//! (steps 1–2), `coerce` + `lenient_json` (step 4), `defaults` (defaults, stripping, key order),
//! `issues` (zod v4 issues, which drive coercion and `safeParse`), `omp_messages` (omp 17's
//! wording of a failed call), `pi_rules` (pi 1.6.0's coercion and wording, for tools pi
//! extensions register), `error_text` (step 6), `unknown_keys`, `tree` (pre-digested
//! schema), `schema_walk`, `path`, `types`, `js_format` (JavaScript-compatible printing).

mod coerce;
mod compiled;
mod defaults;
mod error_text;
mod issues;
mod js_format;
mod lenient_json;
mod normalize;
mod omp_messages;
mod path;
mod pi_rules;
mod schema_walk;
mod tree;
mod types;
mod unknown_keys;
mod wire;

#[cfg(test)]
mod zod_fixture_tests;

pub use compiled::CompiledSchema;
pub use wire::wire_schema_from_zod;
