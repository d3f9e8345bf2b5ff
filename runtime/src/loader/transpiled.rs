//! What transpiling a module gives: JavaScript ready to run, its format and, for CommonJS,
//! its export names; or the error naming file, line and column. Shared by the transpiler,
//! its cache and the store that hands CommonJS modules on to `require`.

/// How a module exposes its exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ModuleFormat {
    Esm,
    CommonJs,
}

/// JavaScript ready to run, and whether it is an ES module or CommonJS.
#[derive(Debug, Clone)]
pub struct Transpiled {
    pub code: String,
    pub(crate) format: ModuleFormat,
    /// For CommonJS: the names it exports and the specifiers it re-exports.
    pub(crate) cjs_exports: Option<CjsExports>,
}

/// What a CommonJS module exports, as cjs-module-lexer would report it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct CjsExports {
    pub(crate) exports: Vec<String>,
    /// Specifiers whose exports it passes on (`module.exports = require("./x")`,
    /// `__exportStar(require("y"))`).
    pub(crate) reexports: Vec<String>,
}

/// A parse error, already formatted with the file, line and column.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TranspileError(pub String);
