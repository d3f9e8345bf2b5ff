//! Where a module imports a specifier: the line of the first quoted occurrence of the
//! specifier in the importing file's own source, so a failed import can name `file:line`.

use std::path::Path;

/// The 1-based line of `specifier` written as a string literal in the file at `path`.
pub(crate) fn line_of(path: &Path, specifier: &str) -> Option<usize> {
    let text = crate::regular_file::read_to_string(path).ok()?;
    let quoted = ['"', '\'', '`'].map(|q| format!("{q}{specifier}{q}"));
    text.lines().position(|line| quoted.iter().any(|q| line.contains(q.as_str()))).map(|i| i + 1)
}

/// `file:line` (or just the file) of the import of `specifier` in `referrer_path`.
pub(crate) fn describe(referrer_path: &Path, specifier: &str) -> String {
    match line_of(referrer_path, specifier) {
        Some(line) => format!("{}:{line}", referrer_path.display()),
        None => referrer_path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_quoted_specifier_line() {
        let path = std::env::temp_dir().join(format!("omp-host-import-site-{}.ts", std::process::id()));
        std::fs::write(&path, "import fs from \"node:fs\";\n// node:http2 in a comment\nimport h from 'node:http2';\n").unwrap();
        assert_eq!(line_of(&path, "node:http2"), Some(3));
        assert_eq!(describe(&path, "node:vm"), path.display().to_string());
        let _ = std::fs::remove_file(&path);
    }
}
