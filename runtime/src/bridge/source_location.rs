//! Where in a tool's file something happened (file, 1-based line and column), and reading
//! it out of an engine's error text: the message's first line, and the first `file://`
//! location in its stack (a reloaded module's `?omp-reload=N` query is no part of the file).

use serde::{Deserialize, Serialize};

/// A file, 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SourceLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl std::fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// Splits an engine error into its message and the first tool-file location in it.
pub(crate) fn split_engine_error(text: &str) -> (String, Option<SourceLocation>) {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    // A reloaded module's URL carries a `?omp-reload=N` query, which is no part of the file.
    let pattern = PATTERN.get_or_init(|| regex::Regex::new(r"file://([^\s)?]+?)(?:\?[^\s):]*)?:(\d+):(\d+)").unwrap());
    let location = pattern.captures(text).map(|c| SourceLocation {
        file: crate::paths::percent_decode(&c[1]),
        line: c[2].parse().unwrap_or(0),
        column: c[3].parse().unwrap_or(0),
    });
    let first_line = text.lines().next().unwrap_or("").trim();
    let message = first_line.strip_prefix("Uncaught ").unwrap_or(first_line).to_string();
    (message, location)
}
