//! Synchronous module access for CommonJS `require` and `require.resolve`: resolving a
//! specifier from a file, and reading (transpiled) source for JSON and CommonJS files.

use std::path::Path;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;
use serde::Serialize;

use crate::loader::native_addon;
use crate::loader::resolve::{self, Resolved};
use crate::loader::transpile::{self, ModuleFormat, TranspileCache};

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
    let out = transpile::transpile(Path::new(path), &text, &cache).map_err(|e| JsErrorBox::generic(e.0))?;
    let format = match out.format {
        ModuleFormat::CommonJs => "cjs",
        ModuleFormat::Esm => "esm",
    };
    Ok(RequireSource { code: out.code, format })
}

/// The error for a `require` of native addon `path` from `from_file`.
#[op2]
#[string]
pub fn op_require_native_addon_error(#[string] path: &str, #[string] from_file: &str) -> String {
    native_addon::message(Path::new(path), Path::new(from_file))
}
