//! Synchronous module access for CommonJS `require` and `require.resolve`: resolving a
//! specifier from a file, and reading (transpiled) source for JSON and CommonJS files.

use std::path::Path;

use deno_core::{op2, v8, JsRuntime};
use serde::Serialize;

use super::commonjs_compile::{self, Compiled};
use crate::loader::code_cache::CodeCache;
use crate::loader::resolve::{self, Resolved};
use crate::loader::transpile::{self, ModuleFormat, TranspileCache};
use crate::loader::{cjs, native_addon};

/// What fails in `require` and `require.resolve`: the specifier resolves to nothing, or the
/// file cannot be read, transpiled or handed to V8. The texts are the loader's own.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum RequireError {
    /// The specifier resolves to no module; the loader's text says what was tried.
    #[class(generic)]
    #[error("{0}")]
    Resolve(String),
    /// The file cannot be read or transpiled; the loader's text says why.
    #[class(generic)]
    #[error("{0}")]
    Load(String),
    /// A JSON file too large for a V8 string.
    #[class(generic)]
    #[error("{0}: too large")]
    TooLarge(String),
    /// A path no `file:` URL can name.
    #[class(generic)]
    #[error("not a file path: {0}")]
    NotAFilePath(String),
}

/// Where a `require` leads: a file, a Node built-in, or another host module (by URL).
#[derive(Serialize, Default)]
pub(crate) struct RequireTarget {
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    builtin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
}

#[op2]
#[serde]
pub(crate) fn op_require_resolve(#[string] specifier: &str, #[string] from_file: &str) -> Result<RequireTarget, RequireError> {
    let dir = Path::new(from_file).parent().unwrap_or(Path::new("/"));
    match resolve::resolve_as(specifier, dir, resolve::Importer::Require).map_err(|e| RequireError::Resolve(e.0))? {
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

/// Loads the file at `path` for `require`: `["json", text]`, `["esm"]` for an ES module
/// (which `require` refuses), or for CommonJS `["cjs", wrapper]` with the function of its
/// wrapper (`cjs::commonjs_wrapper`), or `["cjs", undefined, thrown]` with what compiling it
/// threw (a SyntaxError pointing at the line).
#[op2(reentrant)]
pub(crate) fn op_require_load<'s>(scope: &mut v8::PinScope<'s, '_>, #[string] path: &str) -> Result<v8::Local<'s, v8::Value>, RequireError> {
    let text = transpile::read_module_source(Path::new(path)).map_err(|e| RequireError::Load(e.0))?;
    if path.ends_with(".json") {
        let text = v8::String::new(scope, &text).ok_or_else(|| RequireError::TooLarge(path.to_string()))?;
        return Ok(answer(scope, "json", &[text.into()]));
    }
    let (cache, code_cache) = {
        let state = JsRuntime::op_state_from(scope);
        let state = state.borrow();
        (state.borrow::<TranspileCache>().clone(), state.try_borrow::<CodeCache>().cloned())
    };
    let compile_ahead = || {
        if let Some(code_cache) = &code_cache {
            code_cache.compile_ahead_if_commonjs(Path::new(path), &text);
        }
    };
    let out = transpile::transpile_with(Path::new(path), &text, &cache, &compile_ahead).map_err(|e| RequireError::Load(e.0))?;
    drop(text);
    if out.format == ModuleFormat::Esm {
        return Ok(answer(scope, "esm", &[]));
    }
    let url = cjs::require_url(Path::new(path)).ok_or_else(|| RequireError::NotAFilePath(path.to_string()))?;
    let (compiled, _) = commonjs_compile::compile(scope, &url, cjs::commonjs_wrapper(&out.code), code_cache.as_ref());
    Ok(match compiled {
        Compiled::Function(function) => answer(scope, "cjs", &[function]),
        Compiled::Threw(thrown) => {
            let undefined = v8::undefined(scope).into();
            answer(scope, "cjs", &[undefined, thrown.unwrap_or(undefined)])
        }
    })
}

/// `[format, ...values]` as a JavaScript array.
fn answer<'s>(scope: &mut v8::PinScope<'s, '_>, format: &str, values: &[v8::Local<'s, v8::Value>]) -> v8::Local<'s, v8::Value> {
    let format = v8::String::new(scope, format).expect("a short string").into();
    let items: Vec<v8::Local<v8::Value>> = std::iter::once(format).chain(values.iter().copied()).collect();
    v8::Array::new_with_elements(scope, &items).into()
}

/// The error for a `require` of native addon `path` from `from_file`.
#[op2]
#[string]
pub(crate) fn op_require_native_addon_error(#[string] path: &str, #[string] from_file: &str) -> String {
    native_addon::message(Path::new(path), Path::new(from_file))
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = RequireError::TooLarge("/t/big.json".into());
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "/t/big.json: too large");
        assert_eq!(RequireError::NotAFilePath("x".into()).get_message(), "not a file path: x");
        assert_eq!(RequireError::Resolve("Cannot find module 'x'".into()).get_message(), "Cannot find module 'x'");
    }
}
