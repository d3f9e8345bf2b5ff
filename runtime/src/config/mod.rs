//! The host's configuration file: extra tool paths, plugin roots, deadlines and per-tool
//! or per-module overrides. Read from `~/.config/omp-host/config.json`, then the project's
//! `.omp/omp-host.json`, then any `--config FILE` (later files override earlier ones; lists add up).
//! The config remembers where it looked, so hot reload can read the files again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

pub(crate) mod http;
pub(crate) use http::HttpConfig;

/// Which argument order a module's `execute` expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ExecuteOrder {
    /// omp: `(toolCallId, params, onUpdate, ctx, signal)`.
    Omp,
    /// pi: `(toolCallId, params, signal, onUpdate, ctx)`.
    Pi,
}

/// The approval gate's global mode (contract 4.6 `tools.approvalMode`): which tiers run
/// without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ApprovalMode {
    /// Only `read` tools run without asking.
    AlwaysAsk,
    /// `read` and `write` tools run without asking.
    Write,
    /// Everything runs without asking (omp's default).
    #[default]
    Yolo,
}

/// A per-tool approval policy (contract 4.6 `tools.approval.<name>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ApprovalPolicy {
    Allow,
    Deny,
    Prompt,
}

/// Settings that apply to one tool, by name.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ToolSettings {
    pub(crate) deadline_ms: Option<u64>,
    pub(crate) concurrency: Option<crate::schedule::Concurrency>,
    pub(crate) execute_order: Option<ExecuteOrder>,
    /// The approval policy for this tool: allow, deny or prompt.
    pub(crate) approval: Option<ApprovalPolicy>,
}

/// Settings that apply to every tool of one module file (key: the path as written, resolved
/// against the config file's folder).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ModuleSettings {
    pub(crate) execute_order: Option<ExecuteOrder>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ConfigFile {
    #[serde(default)]
    tools: Vec<String>,
    #[serde(default)]
    plugins: Vec<String>,
    deadline_ms: Option<u64>,
    heap_limit_mb: Option<usize>,
    load_timeout_ms: Option<u64>,
    shutdown_grace_ms: Option<u64>,
    replace_wedged_engine_ms: Option<u64>,
    approval_mode: Option<ApprovalMode>,
    session_file_limit_mb: Option<u64>,
    session_retention_days: Option<u64>,
    session_retention_mb: Option<u64>,
    #[serde(default)]
    tool_settings: BTreeMap<String, ToolSettings>,
    #[serde(default)]
    modules: BTreeMap<String, ModuleSettings>,
    http: Option<Box<HttpConfig>>,
    permissions: Option<crate::permissions::PermissionsFile>,
}

/// The merged configuration.
#[derive(Debug, Clone, Default)]
pub struct HostConfig {
    /// Configured tool paths (contract 7.1 C), as written, with the folder they are relative to.
    pub(crate) tool_paths: Vec<(String, PathBuf)>,
    /// Plugin package roots, as written, with the folder they are relative to.
    pub(crate) plugin_roots: Vec<(String, PathBuf)>,
    pub(crate) deadline_ms: Option<u64>,
    /// The JavaScript heap limit for the session, in MiB.
    pub(crate) heap_limit_mb: Option<usize>,
    /// How long one module may take to import and run its factory, in ms.
    pub(crate) load_timeout_ms: Option<u64>,
    /// How long running calls get to finish at shutdown, in ms.
    pub(crate) shutdown_grace_ms: Option<u64>,
    /// How long a due stop may go unanswered by an engine that does not look for interrupts
    /// before the engine is replaced, in ms.
    pub(crate) replace_wedged_engine_ms: Option<u64>,
    /// The approval gate's mode (default `yolo`).
    pub(crate) approval_mode: ApprovalMode,
    /// The size the host's own session file is kept under, in MiB.
    pub(crate) session_file_limit_mb: Option<u64>,
    /// How long session files are kept after they were last written, in days.
    pub(crate) session_retention_days: Option<u64>,
    /// How large the session folder may grow, in MiB.
    pub(crate) session_retention_mb: Option<u64>,
    pub(crate) tool_settings: BTreeMap<String, ToolSettings>,
    /// The file each `toolSettings` entry came from (to name it when the tool does not exist).
    pub(crate) tool_settings_files: BTreeMap<String, PathBuf>,
    /// Keyed by resolved module path.
    pub(crate) modules: BTreeMap<PathBuf, ModuleSettings>,
    /// `mcp --listen`'s settings (boxed: most hosts never read them).
    pub(crate) http: Box<HttpConfig>,
    /// What each module's tools may reach (`permissions`; empty: everything).
    pub(crate) permissions: crate::permissions::PermissionsConfig,
    /// The files that were read, in order.
    pub(crate) files: Vec<PathBuf>,
    /// Where the files were looked for.
    pub(crate) sources: ConfigSources,
}

/// How long an engine may go without looking at interrupts while a stop is due before it
/// counts as wedged and is replaced, unless the config says otherwise
/// (`replaceWedgedEngineMs`).
pub(crate) const WEDGED_AFTER: std::time::Duration = std::time::Duration::from_millis(500);

/// Where a config was looked for: the default files for `cwd`, and the `--config` file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ConfigSources {
    pub(crate) cwd: PathBuf,
    /// The `--config` file, absolute.
    pub(crate) explicit: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
#[error("config file {path}: {message}")]
pub(crate) struct ConfigError {
    pub(crate) path: PathBuf,
    pub(crate) message: String,
}

impl HostConfig {
    /// How long a due stop may go unanswered before the engine is replaced.
    pub(crate) fn wedged_after(&self) -> std::time::Duration {
        self.replace_wedged_engine_ms.map_or(WEDGED_AFTER, std::time::Duration::from_millis)
    }

    /// The default config files for `cwd`, plus `explicit` (which must exist).
    pub(crate) fn load(cwd: &Path, explicit: Option<&Path>) -> Result<HostConfig, ConfigError> {
        let sources = ConfigSources {
            cwd: cwd.to_path_buf(),
            explicit: explicit.map(|path| crate::paths::normalize(&cwd.join(path))),
        };
        let mut config = HostConfig {
            sources: sources.clone(),
            ..HostConfig::default()
        };
        for candidate in default_files(cwd) {
            if candidate.is_file() {
                config.merge_file(&candidate)?;
            }
        }
        if let Some(path) = sources.explicit {
            if !path.is_file() {
                return Err(ConfigError {
                    path,
                    message: "no such file".into(),
                });
            }
            config.merge_file(&path)?;
        }
        Ok(config)
    }

    /// Reads the files again, from where this config was looked for.
    pub(crate) fn read_again(&self) -> Result<HostConfig, ConfigError> {
        HostConfig::load(&self.sources.cwd, self.sources.explicit.as_deref())
    }

    /// Every file this config is read from, whether it exists or not (the ones to watch).
    pub(crate) fn candidate_files(&self) -> Vec<PathBuf> {
        default_files(&self.sources.cwd).into_iter().chain(self.sources.explicit.clone()).collect()
    }

    fn merge_file(&mut self, path: &Path) -> Result<(), ConfigError> {
        let fail = |message: String| ConfigError {
            path: path.to_path_buf(),
            message,
        };
        let text = crate::regular_file::read_to_string(path).map_err(|e| fail(e.to_string()))?;
        let mut reader = serde_json::Deserializer::from_str(&text);
        let file: ConfigFile = serde_path_to_error::deserialize(&mut reader).map_err(|e| match e.path().to_string().as_str() {
            "." => fail(e.inner().to_string()),
            path => fail(format!("{path}: {}", e.inner())),
        })?;
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        // A project file sits in `<project>/.omp/`; its relative paths are from the project.
        let base = if base.file_name().is_some_and(|n| n == ".omp") {
            base.parent().unwrap_or(&base).to_path_buf()
        } else {
            base
        };
        self.tool_paths.extend(file.tools.into_iter().map(|t| (t, base.clone())));
        self.plugin_roots.extend(file.plugins.into_iter().map(|p| (p, base.clone())));
        if file.deadline_ms.is_some() {
            self.deadline_ms = file.deadline_ms;
        }
        if file.heap_limit_mb.is_some() {
            self.heap_limit_mb = file.heap_limit_mb;
        }
        if file.load_timeout_ms.is_some() {
            self.load_timeout_ms = file.load_timeout_ms;
        }
        if file.shutdown_grace_ms.is_some() {
            self.shutdown_grace_ms = file.shutdown_grace_ms;
        }
        if file.replace_wedged_engine_ms.is_some() {
            self.replace_wedged_engine_ms = file.replace_wedged_engine_ms;
        }
        if let Some(limit) = file.session_file_limit_mb {
            if limit == 0 {
                return Err(fail("sessionFileLimitMb: must be at least 1".into()));
            }
            self.session_file_limit_mb = Some(limit);
        }
        if file.session_retention_days.is_some() {
            self.session_retention_days = file.session_retention_days;
        }
        if file.session_retention_mb.is_some() {
            self.session_retention_mb = file.session_retention_mb;
        }
        if let Some(mode) = file.approval_mode {
            self.approval_mode = mode;
        }
        for name in file.tool_settings.keys() {
            self.tool_settings_files.insert(name.clone(), path.to_path_buf());
        }
        self.tool_settings.extend(file.tool_settings);
        if let Some(http) = file.http {
            self.http.merge(*http);
        }
        if let Some(permissions) = file.permissions {
            let mut this_file = crate::permissions::PermissionsConfig::default();
            this_file.merge(permissions.clone(), path, &base).map_err(fail)?;
            // Resolved once here so a bad entry is the config file's error, named with its key.
            for (spec, origin) in this_file.specs() {
                crate::permissions::Policy::resolve(spec, origin, &base, &[]).map_err(fail)?;
            }
            self.permissions.merge(permissions, path, &base).map_err(fail)?;
        }
        for (module, settings) in file.modules {
            let resolved = crate::paths::resolve_path(&module, &base).map_err(|e| fail(e.to_string()))?;
            self.modules.insert(resolved, settings);
        }
        self.files.push(path.to_path_buf());
        Ok(())
    }
}

/// The user's config file, then the project's.
fn default_files(cwd: &Path) -> [PathBuf; 2] {
    [crate::paths::config_dir().join("config.json"), cwd.join(".omp").join("omp-host.json")]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_file_merges_and_resolves_module_keys() {
        let dir = std::env::temp_dir().join(format!("omp-host-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("c.json");
        std::fs::write(
            &file,
            r#"{"tools":["a.ts"],"deadlineMs":5,"modules":{"m/x.ts":{"executeOrder":"pi"}},"toolSettings":{"t":{"deadlineMs":7}}}"#,
        )
        .unwrap();
        let config = HostConfig::load(Path::new("/nonexistent-cwd"), Some(&file)).unwrap();
        assert_eq!(config.tool_paths, vec![("a.ts".to_string(), dir.clone())]);
        assert_eq!(config.deadline_ms, Some(5));
        assert_eq!(config.modules[&dir.join("m/x.ts")].execute_order, Some(ExecuteOrder::Pi));
        assert_eq!(config.tool_settings["t"].deadline_ms, Some(7));
    }

    #[test]
    fn a_misspelled_value_names_the_file_and_the_key() {
        let dir = std::env::temp_dir().join(format!("omp-host-config-typo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("c.json");
        std::fs::write(&file, r#"{"toolSettings":{"slow":{"concurrency":"exclusiv"}}}"#).unwrap();
        let err = HostConfig::load(Path::new("/nonexistent-cwd"), Some(&file)).unwrap_err().to_string();
        assert!(
            err.contains("c.json") && err.contains("toolSettings.slow.concurrency") && err.contains("exclusiv"),
            "{err}"
        );
    }

    #[test]
    fn http_settings_merge_key_by_key_and_keep_the_token_out_of_debug_output() {
        let dir = std::env::temp_dir().join(format!("omp-host-config-http-{}", std::process::id()));
        std::fs::create_dir_all(dir.join(".omp")).unwrap();
        std::fs::write(dir.join(".omp/omp-host.json"), r#"{"http":{"token":"s3cret","maxBodyBytes":1024}}"#).unwrap();
        let file = dir.join("c.json");
        std::fs::write(&file, r#"{"http":{"allowedHosts":["mcp.example"],"drainGraceMs":500}}"#).unwrap();
        let config = HostConfig::load(&dir, Some(&file)).unwrap();
        assert_eq!(config.http.token.as_deref(), Some("s3cret"));
        assert_eq!(config.http.max_body_bytes, Some(1024));
        assert_eq!(config.http.allowed_hosts, Some(vec!["mcp.example".to_string()]));
        assert_eq!(config.http.drain_grace_ms, Some(500));
        assert!(!format!("{config:?}").contains("s3cret"));
    }

    #[test]
    fn unknown_keys_are_reported_with_the_file() {
        let dir = std::env::temp_dir().join(format!("omp-host-config-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("c.json");
        std::fs::write(&file, r#"{"toools":[]}"#).unwrap();
        let err = HostConfig::load(Path::new("/nonexistent-cwd"), Some(&file)).unwrap_err().to_string();
        assert!(err.contains("c.json") && err.contains("toools"), "{err}");
    }
}
