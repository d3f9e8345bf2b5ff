//! Where things live: omp's `resolvePath` rules (contract 7.3), the home and agent
//! directories, and the host's own cache and data directories.

use std::path::{Path, PathBuf};

/// The user's home directory (`$HOME` first, so tests can point it elsewhere).
pub(crate) fn home_dir() -> PathBuf {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("/"))
}

/// omp's agent directory: `PI_CODING_AGENT_DIR`, else `~/.omp/profiles/<p>/agent` under
/// `OMP_PROFILE`/`PI_PROFILE`, else `~/.omp/agent`.
pub(crate) fn agent_dir() -> PathBuf {
    if let Some(dir) = non_empty_env("PI_CODING_AGENT_DIR") {
        return expand_tilde(&dir);
    }
    let home = home_dir();
    match non_empty_env("OMP_PROFILE").or_else(|| non_empty_env("PI_PROFILE")) {
        Some(profile) => home.join(".omp").join("profiles").join(profile).join("agent"),
        None => home.join(".omp").join("agent"),
    }
}

/// Where transpiled modules are cached: `$OMP_HOST_CACHE_DIR`, else `~/.cache/omp-host`.
pub(crate) fn cache_dir() -> PathBuf {
    non_empty_env("OMP_HOST_CACHE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| xdg_dir("XDG_CACHE_HOME", ".cache").join("omp-host"))
}

/// Where the host keeps logs and spilled output: `$OMP_HOST_DATA_DIR`, else
/// `~/.local/share/omp-host`.
pub(crate) fn data_dir() -> PathBuf {
    non_empty_env("OMP_HOST_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| xdg_dir("XDG_DATA_HOME", ".local/share").join("omp-host"))
}

/// The user's configuration directory for the host: `~/.config/omp-host`.
pub(crate) fn config_dir() -> PathBuf {
    xdg_dir("XDG_CONFIG_HOME", ".config").join("omp-host")
}

fn xdg_dir(var: &str, fallback: &str) -> PathBuf {
    non_empty_env(var).map(PathBuf::from).unwrap_or_else(|| home_dir().join(fallback))
}

fn non_empty_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// Error for paths that name omp's internal `local://` scheme.
#[derive(Debug, thiserror::Error)]
#[error("Path \"{0}\" uses internal scheme \"local://\" and must be resolved through the proper protocol handler, not as a filesystem path.")]
pub(crate) struct InternalSchemePath(pub String);

/// omp's `resolvePath`: strip a leading `@` before path-like text, accept `file://` URLs,
/// normalise Unicode spaces, expand `~`, reject `local://`, and make relative paths
/// absolute against `cwd`.
pub(crate) fn resolve_path(raw: &str, cwd: &Path) -> Result<PathBuf, InternalSchemePath> {
    let mut text = strip_at_prefix(raw).to_string();
    if let Some(rest) = text.strip_prefix("file://") {
        text = percent_decode(rest);
    }
    text = text
        .chars()
        .map(|c| {
            if c != ' ' && c.is_whitespace() && c != '\t' && c != '\n' && c != '\r' {
                ' '
            } else {
                c
            }
        })
        .collect();
    if text.starts_with("local://") || text.starts_with("local:/") {
        return Err(InternalSchemePath(raw.to_string()));
    }
    let expanded = expand_tilde(&text);
    Ok(if expanded.is_absolute() {
        normalize(&expanded)
    } else {
        normalize(&cwd.join(expanded))
    })
}

fn strip_at_prefix(raw: &str) -> &str {
    let Some(rest) = raw.strip_prefix('@') else { return raw };
    let path_like = rest.starts_with('/')
        || rest.starts_with('~')
        || (rest.len() > 2 && rest.as_bytes()[1] == b':' && rest.as_bytes()[0].is_ascii_alphabetic())
        || ["agent://", "artifact://", "skill://", "rule://", "local:", "mcp://"]
            .iter()
            .any(|scheme| rest.starts_with(scheme));
    if path_like {
        rest
    } else {
        raw
    }
}

/// `~` → home, `~/x` → home/x, and (as omp does) `~x` → home/x.
pub(crate) fn expand_tilde(text: &str) -> PathBuf {
    match text.strip_prefix('~') {
        Some("") => home_dir(),
        Some(rest) => home_dir().join(rest.trim_start_matches(['/', '\\'])),
        None => PathBuf::from(text),
    }
}

/// Lexically removes `.` and `..` components, like Node's `path.resolve`.
pub(crate) fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Decodes `%XX` escapes (as in `file://` URLs); invalid escapes are kept as they are.
pub(crate) fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text).decode_utf8_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_resolve_against_cwd() {
        let got = resolve_path("tools/./a/../b.ts", Path::new("/work/p")).unwrap();
        assert_eq!(got, PathBuf::from("/work/p/tools/b.ts"));
    }

    #[test]
    fn tilde_forms_expand_to_home() {
        let home = home_dir();
        assert_eq!(resolve_path("~", Path::new("/x")).unwrap(), home);
        assert_eq!(resolve_path("~/t.ts", Path::new("/x")).unwrap(), home.join("t.ts"));
        assert_eq!(resolve_path("~t.ts", Path::new("/x")).unwrap(), home.join("t.ts"));
    }

    #[test]
    fn at_prefix_and_file_urls() {
        assert_eq!(resolve_path("@/a/b.ts", Path::new("/x")).unwrap(), PathBuf::from("/a/b.ts"));
        assert_eq!(resolve_path("@scope/pkg", Path::new("/x")).unwrap(), PathBuf::from("/x/@scope/pkg"));
        assert_eq!(resolve_path("file:///a/my%20tool.ts", Path::new("/x")).unwrap(), PathBuf::from("/a/my tool.ts"));
    }

    #[test]
    fn local_scheme_is_rejected_with_contract_text() {
        let err = resolve_path("local://x", Path::new("/x")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Path \"local://x\" uses internal scheme \"local://\" and must be resolved through the proper protocol handler, not as a filesystem path."
        );
    }

    #[test]
    fn unicode_spaces_become_plain_spaces() {
        let got = resolve_path("/a/my\u{00a0}tool.ts", Path::new("/x")).unwrap();
        assert_eq!(got, PathBuf::from("/a/my tool.ts"));
    }
}
