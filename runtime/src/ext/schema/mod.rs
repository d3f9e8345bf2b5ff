//! The schema extension: the builders tools write their parameters with, served as
//! `omp:/zod` (`pi.zod`) and `omp:/typebox` (`pi.typebox`, `@sinclair/typebox`) from
//! `builders/`, the arktype wire schema (`omp:/schema/ark_wire`), and the vendored typebox 1.x
//! and omptype packages (`vendor/`, `omp:/vendor/…`). Its op is the validator behind
//! `pi.zod`'s `parse`/`safeParse` (`parse.rs`).

pub(crate) mod parse;

deno_core::extension!(
    omp_schema,
    ops = [parse::op_schema_parse],
    state = |state| {
        state.put(parse::SchemaCache::default());
    }
);
