//! The `permissions` object of the config file, as written: a default policy and policies
//! for module files or folders, each a preset name or an object that starts from a preset and
//! adds grants in Deno's terms (`read`, `write`, `net`, `run`, `env`). Resolving a spec
//! (absolute roots, the project and the tool folders) is `policy.rs`'s job.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// A starting point for a policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Preset {
    /// Everything the user may do (the default: nothing changes for existing tools).
    All,
    /// Read and write under the project, the tool's own folder and the temp folder; no
    /// network, no programs, a few harmless environment variables.
    Project,
    /// Nothing at all.
    None,
}

impl Preset {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Preset::All => "all",
            Preset::Project => "project",
            Preset::None => "none",
        }
    }
}

/// One grant as written: `true` (everything of that kind), `false` (nothing beyond the
/// preset) or a list of paths, `host:port` patterns, programs or variable names.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub(crate) enum GrantSpec {
    Every(bool),
    List(Vec<String>),
}

/// A policy as written: a preset's name, or an object.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub(crate) enum PolicySpec {
    Preset(Preset),
    Custom(CustomSpec),
}

/// A policy object: a preset (default `none`) plus grants.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CustomSpec {
    pub preset: Option<Preset>,
    pub read: Option<GrantSpec>,
    pub write: Option<GrantSpec>,
    pub net: Option<GrantSpec>,
    pub run: Option<GrantSpec>,
    pub env: Option<GrantSpec>,
    /// What a restricted tool's child processes get when the kernel cannot confine them
    /// (no Landlock): `"refuse"` (default) or `"allow"`.
    #[serde(rename = "unconfinedChildren")]
    pub unconfined_children: Option<UnconfinedChildren>,
}

/// What happens to a restricted tool's child process where the operating system cannot
/// confine it to the tool's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum UnconfinedChildren {
    #[default]
    Refuse,
    Allow,
}

/// The `permissions` object of one config file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PermissionsFile {
    /// The policy of every tool no `modules` key names.
    pub default: Option<PolicySpec>,
    /// Keyed by a module file or a folder (every module under it), as written, resolved
    /// against the config file's folder (a project file's against the project).
    #[serde(default)]
    pub modules: BTreeMap<String, PolicySpec>,
}

/// Where a spec was written, to name it in a denial (`permissions.modules["x"]` in FILE).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct SpecOrigin {
    /// The config key, as a user would write it: `permissions.default`,
    /// `permissions.modules[".omp/tools/web.ts"]`.
    pub key: String,
    /// The config file that set it.
    pub file: PathBuf,
    /// The folder its relative paths are read from.
    pub base: PathBuf,
}

/// The merged `permissions` of every config file.
#[derive(Debug, Clone, Default)]
pub(crate) struct PermissionsConfig {
    pub default: Option<(PolicySpec, SpecOrigin)>,
    /// Keyed by the resolved module file or folder.
    pub modules: BTreeMap<PathBuf, (PolicySpec, SpecOrigin)>,
}

impl PermissionsConfig {
    /// Adds one file's `permissions` (read from `file`, relative paths from `base`): later
    /// files win key by key.
    pub(crate) fn merge(&mut self, later: PermissionsFile, file: &Path, base: &Path) -> Result<(), String> {
        let origin = |key: String| SpecOrigin {
            key,
            file: file.to_path_buf(),
            base: base.to_path_buf(),
        };
        if let Some(default) = later.default {
            self.default = Some((default, origin("permissions.default".into())));
        }
        for (written, spec) in later.modules {
            let resolved = crate::paths::resolve_path(&written, base).map_err(|e| format!("permissions.modules[{written:?}]: {e}"))?;
            self.modules.insert(resolved, (spec, origin(format!("permissions.modules[{written:?}]"))));
        }
        Ok(())
    }

    /// The spec a `modules` key gives the module at `module`: the deepest key that is the
    /// file or a folder above it.
    pub(crate) fn module_spec(&self, module: &Path) -> Option<&(PolicySpec, SpecOrigin)> {
        self.modules
            .iter()
            .filter(|(key, _)| module.starts_with(key))
            .max_by_key(|(key, _)| key.components().count())
            .map(|(_, spec)| spec)
    }

    /// Every spec written, with where (to check them when the file is read).
    pub(crate) fn specs(&self) -> impl Iterator<Item = &(PolicySpec, SpecOrigin)> {
        self.default.iter().chain(self.modules.values())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_objects_read_from_json() {
        let file: PermissionsFile = serde_json::from_str(r#"{"default":{"preset":"none","net":["api.example.com:443"],"read":true}}"#).unwrap();
        let project: PermissionsFile = serde_json::from_str(r#"{"default":"project"}"#).unwrap();
        assert_eq!(project.default, Some(PolicySpec::Preset(Preset::Project)));
        let Some(PolicySpec::Custom(web)) = &file.default else { panic!() };
        assert_eq!(web.preset, Some(Preset::None));
        assert_eq!(web.net, Some(GrantSpec::List(vec!["api.example.com:443".into()])));
        assert_eq!(web.read, Some(GrantSpec::Every(true)));
    }

    #[test]
    fn the_deepest_module_key_wins() {
        let mut config = PermissionsConfig::default();
        let file: PermissionsFile = serde_json::from_str(r#"{"default":"none","modules":{"tools":"project","tools/web.ts":"all"}}"#).unwrap();
        config.merge(file, Path::new("/p/.omp/omp-host.json"), Path::new("/p")).unwrap();
        let key = |m: &str| config.module_spec(Path::new(m)).map(|s| s.1.key.clone());
        assert_eq!(key("/p/tools/web.ts").as_deref(), Some("permissions.modules[\"tools/web.ts\"]"));
        assert_eq!(key("/p/tools/other.ts").as_deref(), Some("permissions.modules[\"tools\"]"));
        assert_eq!(key("/p/toolsx/a.ts"), None);
    }

    #[test]
    fn a_misspelt_grant_is_refused() {
        assert!(serde_json::from_str::<PermissionsFile>(r#"{"default":{"raed":true}}"#).is_err());
        assert!(serde_json::from_str::<PermissionsFile>(r#"{"default":"projcet"}"#).is_err());
    }
}
