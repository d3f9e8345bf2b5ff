//! Permissions: what the tools' own JavaScript may reach through the host's ops — files to
//! read and write, hosts to connect to, programs to start, environment variables to read.
//! The config gives a default policy and policies per module or folder (`spec.rs`); each is
//! resolved (`policy.rs`) once the tool folders are known, and a module is loaded into an
//! engine of its policy (`crate::engine::lanes`), whose ops ask its `Permissions` before
//! touching the system. A refusal (`Denied`) is a Node `EACCES`
//! error that names the permission, the path or host and the config key that would grant it,
//! and a line in the host log. In learning mode nothing is refused: what would have been is
//! recorded (`learned`).

pub(crate) mod net_rule;
pub(crate) mod path_check;
pub(crate) mod policy;
pub(crate) mod spec;

use std::collections::BTreeSet;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde_json::json;

use crate::log::HostLog;
pub(crate) use policy::{Grant, Policy};
pub(crate) use spec::{PermissionsConfig, PermissionsFile, Preset};

/// The kinds of access a policy grants, by their config names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    Write,
    Net,
    Run,
    Env,
}

impl Access {
    pub(crate) fn key(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::Net => "net",
            Access::Run => "run",
            Access::Env => "env",
        }
    }

    fn verb(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::Net => "connect to",
            Access::Run => "run",
            Access::Env => "read the environment variable",
        }
    }
}

/// What a learning run saw a tool reach (everything a `none` policy would have refused).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Learned {
    pub read: BTreeSet<PathBuf>,
    pub write: BTreeSet<PathBuf>,
    pub net: BTreeSet<String>,
    pub run: BTreeSet<String>,
    pub env: BTreeSet<String>,
}

/// A refused access: what was asked, by which system call, and what grants it. As a
/// JavaScript error: class `Error`, with Node's `EACCES` text (`message`).
#[derive(Debug, Clone, thiserror::Error, deno_error::JsError)]
#[class(generic)]
#[error("{}", self.message())]
pub(crate) struct Denied {
    pub access: Access,
    /// The path, `host:port`, program or variable, as resolved.
    pub target: String,
    /// Node's name for the call (`open`, `connect`, `spawn`…).
    pub syscall: String,
    /// The config key that set the policy, and its file.
    pub key: String,
    pub file: Option<PathBuf>,
}

impl Denied {
    /// Node's `EACCES` message, with the explanation before the `syscall 'target'` tail
    /// Node's error decoration reads `syscall` and `path` from.
    pub(crate) fn message(&self) -> String {
        let file = self.file.as_ref().map(|f| format!(" in {}", f.display())).unwrap_or_default();
        format!(
            "EACCES: permission denied: this tool's permissions ({key}{file}) do not let it {verb} {target}; add it to the policy's \"{grant}\" list to allow it, {syscall} '{target}'",
            key = self.key,
            verb = self.access.verb(),
            target = self.target,
            grant = self.access.key(),
            syscall = self.syscall,
        )
    }
}

enum Mode {
    Enforce,
    Learn(Mutex<Learned>),
}

struct Inner {
    /// Replaced when the session knows its tool folders, or the config changes.
    policy: std::sync::RwLock<Arc<Policy>>,
    mode: Mode,
    log: Option<HostLog>,
    /// Variables already refused (one log line each, not one per read).
    refused_env: Mutex<BTreeSet<String>>,
}

/// An engine's permissions, as its ops see them (cheap to clone).
#[derive(Clone)]
pub(crate) struct Permissions {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Permissions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Permissions").field("policy", &self.policy()).finish()
    }
}

impl Default for Permissions {
    fn default() -> Self {
        Permissions::enforce(Policy::all(), None)
    }
}

impl Permissions {
    /// Ops refuse what `policy` does not grant, each refusal logged to `log`.
    pub(crate) fn enforce(policy: Policy, log: Option<HostLog>) -> Permissions {
        Permissions::with_mode(policy, Mode::Enforce, log)
    }

    /// Ops refuse nothing; what `policy` would refuse is recorded (`learned`).
    pub(crate) fn learn(policy: Policy) -> Permissions {
        Permissions::with_mode(policy, Mode::Learn(Mutex::default()), None)
    }

    fn with_mode(policy: Policy, mode: Mode, log: Option<HostLog>) -> Permissions {
        Permissions {
            inner: Arc::new(Inner {
                policy: std::sync::RwLock::new(Arc::new(policy)),
                mode,
                log,
                refused_env: Mutex::default(),
            }),
        }
    }

    /// The policy in force now.
    pub(crate) fn policy(&self) -> Arc<Policy> {
        self.inner.policy.read().unwrap().clone()
    }

    /// Puts `policy` in force for every op from now on (every clone shares it).
    pub(crate) fn set_policy(&self, policy: Policy) {
        *self.inner.policy.write().unwrap() = Arc::new(policy);
    }

    /// True when no op needs to check anything.
    pub(crate) fn is_unrestricted(&self) -> bool {
        self.policy().is_unrestricted() && matches!(self.inner.mode, Mode::Enforce)
    }

    /// Whether this records instead of refusing.
    pub(crate) fn is_learning(&self) -> bool {
        matches!(self.inner.mode, Mode::Learn(_))
    }

    /// What a learning run recorded.
    pub(crate) fn learned(&self) -> Learned {
        match &self.inner.mode {
            Mode::Learn(learned) => learned.lock().unwrap().clone(),
            Mode::Enforce => Learned::default(),
        }
    }

    /// Refuses (or, learning, records) an access the policy does not grant.
    fn refuse(&self, access: Access, target: String, syscall: &str) -> Result<(), Denied> {
        if let Mode::Learn(learned) = &self.inner.mode {
            let mut learned = learned.lock().unwrap();
            match access {
                Access::Read => learned.read.insert(PathBuf::from(&target)),
                Access::Write => learned.write.insert(PathBuf::from(&target)),
                Access::Net => learned.net.insert(target),
                Access::Run => learned.run.insert(target),
                Access::Env => learned.env.insert(target),
            };
            return Ok(());
        }
        let policy = self.policy();
        let origin = policy.origin.as_ref();
        let denied = Denied {
            access,
            target,
            syscall: syscall.to_string(),
            key: origin.map_or_else(|| "permissions.default".to_string(), |o| o.key.clone()),
            file: origin.map(|o| o.file.clone()),
        };
        if let Some(log) = &self.inner.log {
            let context = json!({
                "permission": access.key(),
                "target": denied.target,
                "syscall": denied.syscall,
                "policy": denied.key,
                "file": denied.file,
            });
            log.write("warn", "Permission denied", Some(&context));
        }
        Err(denied)
    }

    /// The file an operation on `path` reaches (links resolved; `follow`: the last one too),
    /// if the policy lets the tool `access` it. The op should use the path returned.
    pub(crate) fn check_path(&self, access: Access, path: &Path, follow: bool, syscall: &str) -> Result<PathBuf, Denied> {
        self.check(access, path, follow, syscall, false)
    }

    /// `check_path` for reading what a path's metadata says (`stat`, `exists`, `realpath`):
    /// also allowed for the folders above a granted root, whose existence the root's own path
    /// shows already (code that makes a folder often walks up and stats each one above it).
    pub(crate) fn check_metadata(&self, path: &Path, follow: bool, syscall: &str) -> Result<PathBuf, Denied> {
        self.check(Access::Read, path, follow, syscall, true)
    }

    fn check(&self, access: Access, path: &Path, follow: bool, syscall: &str, folders_above_roots: bool) -> Result<PathBuf, Denied> {
        let policy = self.policy();
        let grant = policy.files(access);
        let cwd = if path.is_absolute() {
            PathBuf::new()
        } else {
            std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"))
        };
        if grant.is_all() && matches!(self.inner.mode, Mode::Enforce) {
            return Ok(if path.is_absolute() { path.to_path_buf() } else { cwd.join(path) });
        }
        // A path that cannot be resolved (a folder above it not readable) is checked as
        // written, made absolute: it names no file the tool could reach through a link.
        let reached = path_check::reached(path, &cwd, follow).unwrap_or_else(|_| crate::paths::normalize(&cwd.join(path)));
        let allowed = match grant {
            Grant::All => true,
            Grant::Only(roots) => roots
                .iter()
                .any(|root| path_check::is_within(&reached, root) || folders_above_roots && root.starts_with(&reached)),
        };
        if !allowed {
            self.refuse(access, reached.display().to_string(), syscall)?;
        }
        Ok(reached)
    }

    /// Whether `path`, as written, already names where it lands inside a root the policy
    /// grants for `access`: absolute, with no `.` or `..`, under a root. Opened so that no
    /// component may be a link (`platform::open_without_links`), such a path needs no
    /// resolving first: the kernel refuses the open if a link would take it elsewhere.
    pub(crate) fn plainly_within(&self, access: Access, path: &Path) -> bool {
        if !matches!(self.inner.mode, Mode::Enforce) || !path.is_absolute() {
            return false;
        }
        if path
            .components()
            .any(|c| matches!(c, std::path::Component::CurDir | std::path::Component::ParentDir))
        {
            return false;
        }
        let policy = self.policy();
        let grant = policy.files(access);
        match grant {
            Grant::All => true,
            Grant::Only(roots) => roots.iter().any(|root| path_check::is_within(path, root)),
        }
    }

    /// Whether the tool may begin a connection to `host` (as written) on `port`.
    pub(crate) fn check_host(&self, host: &str, port: u16, syscall: &str) -> Result<(), Denied> {
        match &self.policy().net {
            Grant::All => Ok(()),
            Grant::Only(rules) if rules.iter().any(|r| r.allows_name(host, port)) => Ok(()),
            Grant::Only(_) => self.refuse(Access::Net, format!("{host}:{port}"), syscall),
        }
    }

    /// Whether the tool may look `host` up (a lookup has no port: a rule naming the host on
    /// any port grants it). A refusal and a learned lookup name the host alone.
    pub(crate) fn check_lookup(&self, host: &str, syscall: &str) -> Result<(), Denied> {
        match &self.policy().net {
            Grant::All => Ok(()),
            Grant::Only(rules) if rules.iter().any(|r| r.allows_name_on_some_port(host)) => Ok(()),
            Grant::Only(_) => self.refuse(Access::Net, host.to_string(), syscall),
        }
    }

    /// Whether the connection to `host` may go on to `ip`, the address it resolved to (a
    /// granted name that resolves to a loopback or private address is refused).
    pub(crate) fn check_address(&self, host: &str, ip: IpAddr, port: u16, syscall: &str) -> Result<(), Denied> {
        // Learning, the name was recorded already (`check_host`).
        if self.is_learning() {
            return Ok(());
        }
        match &self.policy().net {
            Grant::All => Ok(()),
            Grant::Only(rules) if rules.iter().any(|r| r.allows_address(ip, port)) => Ok(()),
            Grant::Only(_) => self.refuse(Access::Net, format!("{host}:{port} ({ip})"), syscall),
        }
    }

    /// Whether the tool may start `program` (as the child will find it: on `path_var`, the
    /// child's `PATH`, from `cwd`).
    pub(crate) fn check_program(&self, program: &str, path_var: Option<&std::ffi::OsStr>, cwd: &Path, syscall: &str) -> Result<(), Denied> {
        let policy = self.policy();
        let Grant::Only(allowed) = &policy.run else {
            return Ok(());
        };
        let file = if program.contains(std::path::is_separator) {
            Some(cwd.join(program))
        } else {
            policy::find_on_path(program, path_var)
        };
        let file = file.and_then(|f| std::fs::canonicalize(f).ok());
        match file {
            Some(file) if allowed.iter().any(|(_, granted)| granted.as_ref() == Some(&file)) => Ok(()),
            Some(file) => self.refuse(Access::Run, file.display().to_string(), syscall),
            None => self.refuse(Access::Run, program.to_string(), syscall),
        }
    }

    /// Whether the tool may read variable `name`; a refusal is logged once per name (reading
    /// it gives `undefined`, as for a variable that is not set).
    pub(crate) fn env_allowed(&self, name: &str) -> bool {
        if self.policy().env_allowed(name) {
            return true;
        }
        if matches!(self.inner.mode, Mode::Enforce) && !self.inner.refused_env.lock().unwrap().insert(name.to_string()) {
            return false;
        }
        self.refuse(Access::Env, name.to_string(), "getenv").is_ok()
    }

    /// Whether the tool's child processes may run where the kernel cannot confine them.
    pub(crate) fn children_may_run_unconfined(&self) -> bool {
        let policy = self.policy();
        policy.read.is_all() && policy.write.is_all() && policy.net.is_all() || policy.unconfined_children == spec::UnconfinedChildren::Allow
    }
}

impl Learned {
    /// The `permissions` config that grants what was recorded, starting from `none`: files
    /// by their folders (under the project, relative to it), hosts, programs and variables.
    pub(crate) fn as_config(&self, project: &Path) -> serde_json::Value {
        let folders = |files: &BTreeSet<PathBuf>| -> Vec<String> {
            let folders = path_check::tidy_roots(files.iter().map(|f| if f.is_dir() { f.clone() } else { f.parent().unwrap_or(f).to_path_buf() }));
            folders
                .iter()
                .map(|folder| match folder.strip_prefix(project) {
                    Ok(rel) if rel.as_os_str().is_empty() => ".".to_string(),
                    Ok(rel) => rel.display().to_string(),
                    Err(_) => folder.display().to_string(),
                })
                .collect()
        };
        let mut policy = serde_json::Map::new();
        policy.insert("preset".into(), json!("none"));
        let lists = [
            ("read", folders(&self.read)),
            ("write", folders(&self.write)),
            ("net", self.net.iter().cloned().collect()),
            ("run", self.run.iter().cloned().collect()),
            ("env", self.env.iter().cloned().collect()),
        ];
        for (key, list) in lists {
            if !list.is_empty() {
                policy.insert(key.into(), json!(list));
            }
        }
        json!({ "permissions": { "default": policy } })
    }
}

/// The policy of the default engine: what `permissions.default` gives the tools loaded from
/// `modules` (module files) that no `permissions.modules` key names, in project `project`
/// (the `project` preset reaches their folders); everything when the config sets none.
pub(crate) fn for_session(config: &PermissionsConfig, project: &Path, modules: &[PathBuf]) -> Policy {
    let Some((spec, origin)) = &config.default else {
        return Policy::all();
    };
    let mut folders: Vec<PathBuf> = modules
        .iter()
        .filter(|m| config.module_spec(m).is_none())
        .filter_map(|m| m.parent())
        .map(Path::to_path_buf)
        .collect();
    folders.sort();
    folders.dedup();
    resolve_or_nothing(spec, origin, project, &folders)
}

/// The policy a `permissions.modules` key gives the module at `module` (the `project` preset
/// reaches its folder), or None when no key names it (it runs under the default).
pub(crate) fn for_module(config: &PermissionsConfig, project: &Path, module: &Path) -> Option<Policy> {
    let (spec, origin) = config.module_spec(module)?;
    let folder: Vec<PathBuf> = module.parent().map(Path::to_path_buf).into_iter().collect();
    Some(resolve_or_nothing(spec, origin, project, &folder))
}

/// `spec` resolved; an entry that cannot be read (the config file was checked when it was
/// read, so this is rare) gives `none`, never `all`.
fn resolve_or_nothing(spec: &spec::PolicySpec, origin: &spec::SpecOrigin, project: &Path, folders: &[PathBuf]) -> Policy {
    Policy::resolve(spec, origin, project, folders).unwrap_or_else(|e| {
        crate::host_eprintln!("omp-host: {e}; the tools it governs get no permissions until it is fixed");
        Policy::resolve(&spec::PolicySpec::Preset(Preset::None), origin, project, &[]).unwrap_or_else(|_| Policy::all())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use spec::{PolicySpec, SpecOrigin};

    fn restricted(spec: &str, project: &Path) -> Permissions {
        let spec: PolicySpec = serde_json::from_str(spec).unwrap();
        let origin = SpecOrigin {
            key: "permissions.default".into(),
            file: project.join(".omp/omp-host.json"),
            base: project.to_path_buf(),
        };
        Permissions::enforce(Policy::resolve(&spec, &origin, project, &[]).unwrap(), None)
    }

    #[test]
    fn a_denial_reads_as_node_eacces_and_names_the_key() {
        let dir = std::fs::canonicalize(std::env::temp_dir())
            .unwrap()
            .join(format!("omp-host-perm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let permissions = restricted(r#""none""#, &dir);
        let denied = permissions.check_path(Access::Read, Path::new("/etc/passwd"), true, "open").unwrap_err();
        let message = denied.message();
        assert!(message.starts_with("EACCES: permission denied"), "{message}");
        assert!(message.ends_with(", open '/etc/passwd'"), "{message}");
        assert!(message.contains("permissions.default") && message.contains("\"read\""), "{message}");
    }

    #[test]
    fn project_grants_its_folder_and_refuses_a_link_out_of_it() {
        let dir = std::fs::canonicalize(std::env::temp_dir())
            .unwrap()
            .join(format!("omp-host-perm-link-{}", std::process::id()));
        let project = dir.join("proj");
        std::fs::create_dir_all(&project).unwrap();
        let _ = std::os::unix::fs::symlink("/etc", project.join("etc"));
        // `project` grants the temp folder, so the project is put under a folder that is not it.
        let spec = r#"{"read":["proj"],"write":["proj"]}"#;
        let permissions = restricted(spec, &dir);
        assert!(permissions.check_path(Access::Read, &project.join("a.txt"), true, "open").is_ok());
        assert!(permissions.check_path(Access::Read, &project.join("etc/passwd"), true, "open").is_err());
        assert!(permissions.check_path(Access::Write, &project.join("../x"), true, "open").is_err());
        // The link itself may be removed: it is inside.
        assert!(permissions.check_path(Access::Write, &project.join("etc"), false, "unlink").is_ok());
    }

    #[test]
    fn learning_records_instead_of_refusing() {
        let origin = SpecOrigin {
            key: "permissions.default".into(),
            file: "/c.json".into(),
            base: "/".into(),
        };
        let none = Policy::resolve(&PolicySpec::Preset(Preset::None), &origin, Path::new("/p"), &[]).unwrap();
        let permissions = Permissions::learn(none);
        assert!(permissions.check_path(Access::Read, Path::new("/etc/hostname"), true, "open").is_ok());
        assert!(permissions.check_host("example.com", 443, "connect").is_ok());
        assert!(permissions.check_lookup("lookup.example", "getaddrinfo").is_ok());
        assert!(permissions.env_allowed("HOME"));
        let learned = permissions.learned();
        assert!(learned.read.contains(Path::new("/etc/hostname")));
        assert!(learned.net.contains("example.com:443") && learned.env.contains("HOME"));
        // A lookup has no port: the entry names the host alone, which any port matches.
        assert!(learned.net.contains("lookup.example"));
    }

    #[test]
    fn env_refusals_are_counted_once() {
        let permissions = restricted(r#""project""#, Path::new("/p"));
        assert!(permissions.env_allowed("PATH"));
        assert!(!permissions.env_allowed("AWS_SECRET_ACCESS_KEY"));
        assert!(!permissions.env_allowed("AWS_SECRET_ACCESS_KEY"));
    }
}
