//! A policy resolved for the host's tools: absolute file roots, network rules, the programs
//! they may start (as the files they resolve to) and the environment variables they may read.

use std::path::{Path, PathBuf};

use super::net_rule::NetRule;
use super::path_check::tidy_roots;
use super::spec::{CustomSpec, GrantSpec, PolicySpec, Preset, SpecOrigin, UnconfinedChildren};

/// A grant: everything of its kind, or only what it lists (possibly nothing).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Grant<T> {
    All,
    Only(Vec<T>),
}

impl<T> Grant<T> {
    pub(crate) fn is_all(&self) -> bool {
        matches!(self, Grant::All)
    }
}

/// The environment variables the `project` preset lets a tool read: where things are and
/// how to print, nothing that holds a secret.
pub(crate) const PROJECT_ENV: &[&str] = &[
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "SHELL",
    "LANG",
    "LC_*",
    "TERM",
    "TZ",
    "TMPDIR",
    "NODE_ENV",
    "CI",
    "NO_COLOR",
    "FORCE_COLOR",
];

/// What the host's tools may do.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Policy {
    /// The preset it started from (for messages and `list`).
    pub preset: Preset,
    pub read: Grant<PathBuf>,
    pub write: Grant<PathBuf>,
    pub net: Grant<NetRule>,
    /// Programs as written (`git`) with the file each resolved to on the host's `PATH` (None:
    /// not found there, so nothing matches it), or absolute paths.
    pub run: Grant<(String, Option<PathBuf>)>,
    /// Variable names; a trailing `*` matches a prefix.
    pub env: Grant<String>,
    pub unconfined_children: UnconfinedChildren,
    /// The config key and file that set it (None: nothing was configured).
    pub origin: Option<SpecOrigin>,
}

impl Policy {
    /// Everything allowed: no config says otherwise.
    pub(crate) fn all() -> Policy {
        Policy {
            preset: Preset::All,
            read: Grant::All,
            write: Grant::All,
            net: Grant::All,
            run: Grant::All,
            env: Grant::All,
            unconfined_children: UnconfinedChildren::Allow,
            origin: None,
        }
    }

    /// Nothing allowed (what a learning run measures against).
    pub(crate) fn nothing(project: &Path) -> Policy {
        let origin = SpecOrigin {
            key: "permissions.default".into(),
            file: PathBuf::new(),
            base: project.to_path_buf(),
        };
        Policy::resolve(&PolicySpec::Preset(Preset::None), &origin, project, &[]).expect("the none preset has no entries to read")
    }

    /// Whether nothing is restricted (the ops then check nothing).
    pub(crate) fn is_unrestricted(&self) -> bool {
        self.read.is_all() && self.write.is_all() && self.net.is_all() && self.run.is_all() && self.env.is_all()
    }

    /// The policy `spec` (written at `origin`) gives tools loaded from `tool_folders` (the
    /// folders their modules are in) in project `project`.
    pub(crate) fn resolve(spec: &PolicySpec, origin: &SpecOrigin, project: &Path, tool_folders: &[PathBuf]) -> Result<Policy, String> {
        let custom = match spec {
            PolicySpec::Preset(preset) => CustomSpec {
                preset: Some(*preset),
                ..CustomSpec::default()
            },
            PolicySpec::Custom(custom) => custom.clone(),
        };
        let preset = custom.preset.unwrap_or(Preset::None);
        let preset_roots = || {
            let mut roots = vec![project.to_path_buf(), std::env::temp_dir()];
            roots.extend(tool_folders.iter().cloned());
            roots
        };
        let mut policy = match preset {
            Preset::All => Policy::all(),
            Preset::Project => Policy {
                preset,
                read: Grant::Only(preset_roots()),
                write: Grant::Only(preset_roots()),
                net: Grant::Only(Vec::new()),
                run: Grant::Only(Vec::new()),
                env: Grant::Only(PROJECT_ENV.iter().map(|s| s.to_string()).collect()),
                unconfined_children: UnconfinedChildren::Refuse,
                origin: None,
            },
            Preset::None => Policy {
                preset,
                read: Grant::Only(Vec::new()),
                write: Grant::Only(Vec::new()),
                net: Grant::Only(Vec::new()),
                run: Grant::Only(Vec::new()),
                env: Grant::Only(Vec::new()),
                unconfined_children: UnconfinedChildren::Refuse,
                origin: None,
            },
        };
        let key = &origin.key;
        let path_of = |written: &String| crate::paths::resolve_path(written, &origin.base).map_err(|e| format!("{key}: {e}"));
        add(&mut policy.read, custom.read.as_ref(), |w| path_of(w))?;
        add(&mut policy.write, custom.write.as_ref(), |w| path_of(w))?;
        add(&mut policy.net, custom.net.as_ref(), |w| {
            NetRule::parse(w).map_err(|e| format!("{key}.net: {e}"))
        })?;
        add(&mut policy.run, custom.run.as_ref(), |w| Ok((w.clone(), program_file(w, &origin.base))))?;
        add(&mut policy.env, custom.env.as_ref(), |w| Ok(w.clone()))?;
        for grant in [&mut policy.read, &mut policy.write] {
            if let Grant::Only(roots) = grant {
                *roots = tidy_roots(std::mem::take(roots));
            }
        }
        if let Some(children) = custom.unconfined_children {
            policy.unconfined_children = children;
        }
        policy.origin = (!policy.is_unrestricted()).then(|| origin.clone());
        Ok(policy)
    }

    /// The file roots `access` is granted on (`write` for writes, `read` for the rest).
    pub(crate) fn files(&self, access: super::Access) -> &Grant<PathBuf> {
        match access {
            super::Access::Write => &self.write,
            _ => &self.read,
        }
    }

    /// Whether variable `name` may be read.
    pub(crate) fn env_allowed(&self, name: &str) -> bool {
        match &self.env {
            Grant::All => true,
            Grant::Only(names) => names.iter().any(|pattern| match pattern.strip_suffix('*') {
                Some(prefix) => name.starts_with(prefix),
                None => pattern == name,
            }),
        }
    }
}

/// Adds a written grant to a preset's: `true` makes it everything, a list adds to it.
fn add<T>(grant: &mut Grant<T>, written: Option<&GrantSpec>, read: impl Fn(&String) -> Result<T, String>) -> Result<(), String> {
    match (written, &mut *grant) {
        (Some(GrantSpec::Every(true)), _) => *grant = Grant::All,
        (Some(GrantSpec::List(entries)), Grant::Only(list)) => {
            for entry in entries {
                list.push(read(entry)?);
            }
        }
        _ => {}
    }
    Ok(())
}

/// The file a program grant names: an absolute path as it resolves, or a name looked up on
/// the host's `PATH` (a tool that changes a child's `PATH` cannot swap the file). None if
/// there is no such program.
fn program_file(written: &str, base: &Path) -> Option<PathBuf> {
    let found = if written.contains(std::path::is_separator) {
        let path = crate::paths::expand_tilde(written);
        Some(if path.is_absolute() { path } else { base.join(path) })
    } else {
        find_on_path(written, std::env::var_os("PATH").as_deref())
    };
    std::fs::canonicalize(found?).ok()
}

/// The first executable file named `name` in the folders of `path_var`.
#[cfg(unix)]
pub(crate) fn find_on_path(name: &str, path_var: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    std::env::split_paths(path_var?)
        .map(|dir| dir.join(name))
        .find(|candidate| std::fs::metadata(candidate).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0))
}

/// The first program file named `name` in the folders of `path_var`, found as std's
/// `Command` (which starts the children) finds it there: files have no executable bit on
/// Windows, and a name without an extension names its `.exe` (`git` is `git.exe`). std also
/// looks in the host's own folder and the system folders before the parent's `PATH`, which
/// this does not.
#[cfg(windows)]
pub(crate) fn find_on_path(name: &str, path_var: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    let file = if name.contains('.') { name.to_string() } else { format!("{name}.exe") };
    std::env::split_paths(path_var?)
        .map(|dir| dir.join(&file))
        .find(|candidate| std::fs::metadata(candidate).is_ok_and(|m| m.is_file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin() -> SpecOrigin {
        SpecOrigin {
            key: "permissions.default".into(),
            file: "/cfg/config.json".into(),
            base: "/cfg".into(),
        }
    }

    #[test]
    fn project_reads_and_writes_the_project_the_tool_folder_and_temp() {
        let policy = Policy::resolve(
            &PolicySpec::Preset(Preset::Project),
            &origin(),
            Path::new("/proj"),
            &["/home/u/.omp/agent/tools".into()],
        )
        .unwrap();
        let Grant::Only(read) = &policy.read else { panic!() };
        assert!(read.contains(&PathBuf::from("/proj")) && read.contains(&PathBuf::from("/home/u/.omp/agent/tools")));
        assert_eq!(policy.net, Grant::Only(vec![]));
        assert!(policy.env_allowed("HOME") && policy.env_allowed("LC_ALL") && !policy.env_allowed("AWS_SECRET_ACCESS_KEY"));
        assert!(!policy.is_unrestricted());
    }

    #[test]
    fn objects_add_to_their_preset() {
        let spec: PolicySpec = serde_json::from_str(r#"{"preset":"project","net":["api.example.com:443"],"run":["sh"],"env":["GITHUB_*"]}"#).unwrap();
        let policy = Policy::resolve(&spec, &origin(), Path::new("/proj"), &["/proj/.omp/tools".into()]).unwrap();
        let Grant::Only(net) = &policy.net else { panic!() };
        assert!(net[0].allows_name("api.example.com", 443));
        let Grant::Only(run) = &policy.run else { panic!() };
        assert_eq!(run[0].0, "sh");
        assert!(run[0].1.as_ref().is_some_and(|f| f.is_absolute()));
        assert!(policy.env_allowed("GITHUB_TOKEN"));
        let spec: PolicySpec = serde_json::from_str(r#"{"read":true}"#).unwrap();
        let policy = Policy::resolve(&spec, &origin(), Path::new("/proj"), &[]).unwrap();
        assert!(policy.read.is_all() && !policy.write.is_all());
    }

    #[test]
    fn the_all_preset_is_unrestricted_and_carries_no_origin() {
        let policy = Policy::resolve(&PolicySpec::Preset(Preset::All), &origin(), Path::new("/p"), &[]).unwrap();
        assert_eq!(policy, Policy::all());
    }

    #[test]
    fn a_program_not_on_path_matches_nothing() {
        let spec: PolicySpec = serde_json::from_str(r#"{"run":["no-such-program-here"]}"#).unwrap();
        let policy = Policy::resolve(&spec, &origin(), Path::new("/p"), &[]).unwrap();
        assert_eq!(policy.run, Grant::Only(vec![("no-such-program-here".to_string(), None)]));
    }
}
