//! Synchronous module access for CommonJS `require` and `require.resolve`: resolving a
//! specifier from a file, and reading (transpiled) source for JSON and CommonJS files.

use std::path::Path;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;
use serde::Serialize;

use crate::loader::code_cache::CodeCache;
use crate::loader::resolve::{self, Resolved};
use crate::loader::transpile::{self, ModuleFormat, TranspileCache};
use crate::loader::{cjs, native_addon};

/// Where a `require` leads: a file, a Node built-in, or another host module (by URL).
#[derive(Serialize, Default)]
pub struct RequireTarget {
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    builtin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
}

#[op2]
#[serde]
pub fn op_require_resolve(#[string] specifier: &str, #[string] from_file: &str) -> Result<RequireTarget, JsErrorBox> {
    let dir = Path::new(from_file).parent().unwrap_or(Path::new("/"));
    match resolve::resolve(specifier, dir).map_err(|e| JsErrorBox::generic(e.0))? {
        Resolved::File(path) => Ok(RequireTarget {
            path: Some(path.display().to_string()),
            ..Default::default()
        }),
        Resolved::Virtual(url) => match url.strip_prefix("omp:/node/") {
            Some(name) => Ok(RequireTarget {
                builtin: Some(name.to_string()),
                ..Default::default()
            }),
            None => Ok(RequireTarget {
                url: Some(url),
                ..Default::default()
            }),
        },
    }
}

/// A file's text for `require`: JSON as it is, an ES module's code, or a CommonJS file's code
/// already in its function wrapper (`cjs::commonjs_wrapper`).
#[derive(Serialize)]
pub struct RequireSource {
    code: String,
    format: &'static str,
}

#[op2]
#[serde]
pub fn op_require_source(state: &mut OpState, #[string] path: &str) -> Result<RequireSource, JsErrorBox> {
    let text = transpile::read_module_source(Path::new(path)).map_err(|e| JsErrorBox::generic(e.0))?;
    if path.ends_with(".json") {
        return Ok(RequireSource { code: text, format: "json" });
    }
    let cache = state.borrow::<TranspileCache>().clone();
    let code_cache = state.try_borrow::<CodeCache>().cloned();
    let compile_ahead = || {
        if let Some(code_cache) = &code_cache {
            code_cache.compile_ahead_if_commonjs(Path::new(path), &text);
        }
    };
    let out = transpile::transpile_with(Path::new(path), &text, &cache, &compile_ahead).map_err(|e| JsErrorBox::generic(e.0))?;
    Ok(match out.format {
        ModuleFormat::CommonJs => RequireSource {
            code: cjs::commonjs_wrapper(&out.code),
            format: "cjs",
        },
        ModuleFormat::Esm => RequireSource { code: out.code, format: "esm" },
    })
}

/// The error for a `require` of native addon `path` from `from_file`.
#[op2]
#[string]
pub fn op_require_native_addon_error(#[string] path: &str, #[string] from_file: &str) -> String {
    native_addon::message(Path::new(path), Path::new(from_file))
}
