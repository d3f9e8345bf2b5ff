//! Synchronous module access for CommonJS `require` and `require.resolve`: resolving a
//! specifier from a file, and reading (transpiled) source for JSON and CommonJS files.

use std::path::Path;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;
use serde::Serialize;

use crate::loader::resolve::{self, Resolved};
use crate::loader::transpile::{self, ModuleFormat, TranspileCache};

#[derive(Serialize)]
pub struct RequireTarget {
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    builtin: Option<String>,
}

#[op2]
#[serde]
pub fn op_require_resolve(#[string] specifier: &str, #[string] from_file: &str) -> Result<RequireTarget, JsErrorBox> {
    let dir = Path::new(from_file).parent().unwrap_or(Path::new("/"));
    match resolve::resolve(specifier, dir).map_err(|e| JsErrorBox::generic(e.0))? {
        Resolved::File(path) => Ok(RequireTarget { path: Some(path.display().to_string()), builtin: None }),
        Resolved::Virtual(url) => match url.strip_prefix("omp:/node/") {
            Some(name) => Ok(RequireTarget { path: None, builtin: Some(name.to_string()) }),
            None => Err(JsErrorBox::generic(format!(
                "require(\"{specifier}\") of a host package is not supported; use import instead"
            ))),
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
