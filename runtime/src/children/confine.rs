//! Confining the child processes of a tool with a restricted permission policy: the host's
//! ops cannot see inside a child, so the operating system keeps it to the tool's files (and,
//! when the policy grants no network, off TCP): on Linux a Landlock sandbox the child enters
//! between fork and exec (`platform::child_sandbox`), which everything it starts inherits.
//! Where the kernel cannot do all of that, the child is refused unless the policy says
//! `"unconfinedChildren": "allow"`; then it gets what the kernel can do (its files confined,
//! its TCP not, on a Landlock older than ABI 4), or runs unconfined. Under the `all` preset
//! (and while learning) nothing changes: children start as they always did.

#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::sync::Arc;

use crate::permissions::{Grant, Permissions, Policy};
use crate::platform::{ChildLimits, ChildSandbox};

/// How a tool's child must be started: as it is, or inside a sandbox.
pub(crate) enum Confinement {
    /// Nothing to confine (unrestricted files and network, or learning), or the policy lets
    /// children run where the kernel cannot confine them.
    None,
    /// A sandbox the child enters (possibly only part of the way, when the policy lets it).
    Sandbox(Arc<ChildSandbox>),
}

impl Confinement {
    /// Makes `cmd`'s child enter the sandbox between fork and exec.
    #[cfg(unix)]
    pub(crate) fn apply(&self, cmd: &mut std::process::Command) {
        if let Confinement::Sandbox(sandbox) = self {
            let sandbox = sandbox.clone();
            // SAFETY: `enter` makes system calls only (async-signal-safe, no allocation), as
            // required between fork and exec.
            unsafe {
                cmd.pre_exec(move || sandbox.enter());
            }
        }
    }
}

/// Nothing to apply on Windows: no sandbox exists there (`platform::ChildSandbox` has no
/// value, so a restricted tool's child is refused or, when the policy allows it, runs
/// unconfined), and a child runs no code of the host's before it starts.
#[cfg(windows)]
impl Confinement {
    pub(crate) fn apply(&self, _cmd: &mut std::process::Command) {
        if let Confinement::Sandbox(sandbox) = self {
            match **sandbox {}
        }
    }
}

/// Why a child was refused: the kernel cannot confine it and the policy does not allow that.
#[derive(Debug)]
pub(crate) struct Unconfinable {
    /// What the kernel lacks.
    pub reason: String,
}

/// The confinement of a child started by a tool under `permissions`.
pub(crate) fn for_child(permissions: &Permissions) -> Result<Confinement, Unconfinable> {
    if permissions.is_unrestricted() || permissions.is_learning() {
        return Ok(Confinement::None);
    }
    let policy = permissions.policy();
    let limits = limits_of(&policy);
    if limits.read.is_none() && limits.write.is_none() && !limits.deny_tcp {
        return Ok(Confinement::None);
    }
    let (partial, reason) = match crate::platform::child_sandbox(&limits) {
        Ok(Some(sandbox)) if sandbox.closes_tcp() || !limits.deny_tcp => return Ok(Confinement::Sandbox(Arc::new(sandbox))),
        // Files confined, TCP not: the rest of the way is what `unconfinedChildren` allows.
        Ok(Some(sandbox)) => {
            let abi = crate::platform::landlock_abi();
            let reason = format!("the kernel's Landlock (ABI {abi}) cannot keep it off the network (that needs ABI 4, Linux 6.7)");
            (Confinement::Sandbox(Arc::new(sandbox)), reason)
        }
        Ok(None) if cfg!(target_os = "linux") => (
            Confinement::None,
            "the kernel has no Landlock (Linux 5.13 or later, enabled at boot)".to_string(),
        ),
        Ok(None) => (Confinement::None, "this operating system offers no way to confine it".to_string()),
        Err(e) => (Confinement::None, format!("its Landlock sandbox could not be made ({e})")),
    };
    if permissions.children_may_run_unconfined() {
        return Ok(partial);
    }
    Err(Unconfinable { reason })
}

/// The files and network a child of a tool under `policy` may reach: the policy's read and
/// write roots (the granted programs' files readable too, wherever they are), and TCP closed
/// when the policy grants no host at all.
pub(crate) fn limits_of(policy: &Policy) -> ChildLimits {
    let roots = |grant: &Grant<PathBuf>| match grant {
        Grant::All => None,
        Grant::Only(roots) => Some(roots.clone()),
    };
    let mut read = roots(&policy.read);
    if let (Some(read), Grant::Only(programs)) = (&mut read, &policy.run) {
        read.extend(programs.iter().filter_map(|(_, file)| file.clone()));
    }
    ChildLimits {
        read,
        write: roots(&policy.write),
        deny_tcp: matches!(&policy.net, Grant::Only(rules) if rules.is_empty()),
    }
}

impl Unconfinable {
    /// The refusal, as Node's `EACCES` with the key that would allow it and the program named
    /// in the `syscall 'path'` tail Node's error decoration reads.
    pub(crate) fn message(&self, policy: &Policy, program: &str) -> String {
        let (key, file) = match &policy.origin {
            Some(origin) => (origin.key.clone(), format!(" in {}", origin.file.display())),
            None => ("permissions.default".to_string(), String::new()),
        };
        format!(
            "EACCES: permission denied: the kernel cannot confine this tool's child process to its permissions ({key}{file}): {reason}; set \"unconfinedChildren\": \"allow\" in {key} to let its children run unconfined, spawn '{program}'",
            reason = self.reason,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::permissions::spec::{PolicySpec, SpecOrigin};

    fn policy(spec: &str, project: &std::path::Path) -> Policy {
        let spec: PolicySpec = serde_json::from_str(spec).unwrap();
        let origin = SpecOrigin {
            key: "permissions.default".into(),
            file: project.join(".omp/omp-host.json"),
            base: project.to_path_buf(),
        };
        Policy::resolve(&spec, &origin, project, &[]).unwrap()
    }

    #[test]
    fn limits_follow_the_policy() {
        let project = std::path::Path::new("/p");
        let limits = limits_of(&policy(r#"{"preset":"project","run":["sh"]}"#, project));
        let read = limits.read.unwrap();
        assert!(read.contains(&project.to_path_buf()), "{read:?}");
        assert!(
            read.iter().any(|f| f.starts_with("/usr") || f.starts_with("/bin")),
            "the granted program's file: {read:?}"
        );
        assert!(limits.write.unwrap().contains(&project.to_path_buf()));
        assert!(limits.deny_tcp);
        let granted = limits_of(&policy(r#"{"preset":"project","net":["example.com:443"],"read":true}"#, project));
        assert!(granted.read.is_none() && !granted.deny_tcp);
        let all = limits_of(&Policy::all());
        assert!(all.read.is_none() && all.write.is_none() && !all.deny_tcp);
    }

    #[test]
    fn an_unconfinable_child_is_refused_naming_the_key_that_allows_it() {
        let project = std::path::Path::new("/p");
        let refusal = Unconfinable {
            reason: "the kernel has no Landlock".into(),
        };
        let message = refusal.message(&policy(r#""project""#, project), "git");
        assert!(message.starts_with("EACCES: permission denied: the kernel cannot confine"), "{message}");
        assert!(message.contains("\"unconfinedChildren\": \"allow\" in permissions.default"), "{message}");
        assert!(message.ends_with(", spawn 'git'"), "{message}");
    }

    /// A child in a sandbox for `limits`, running `sh -c script`: its exit status.
    #[cfg(target_os = "linux")]
    fn run_confined(limits: &ChildLimits, script: &str) -> Option<i32> {
        let sandbox = crate::platform::child_sandbox(limits).unwrap().expect("this kernel has Landlock");
        let mut cmd = std::process::Command::new("/bin/sh");
        cmd.args(["-c", script]).stderr(std::process::Stdio::null());
        Confinement::Sandbox(Arc::new(sandbox)).apply(&mut cmd);
        cmd.status().unwrap().code()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_sandboxed_child_reaches_only_its_files_and_no_tcp() {
        if crate::platform::landlock_abi() < 4 {
            eprintln!("skipped: the kernel's Landlock cannot confine TCP");
            return;
        }
        let dir = std::env::temp_dir().join(format!("omp-host-confine-{}", std::process::id()));
        let (inside, outside) = (dir.join("inside"), dir.join("outside"));
        std::fs::create_dir_all(&inside).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(inside.join("a"), "a").unwrap();
        std::fs::write(outside.join("b"), "b").unwrap();
        let limits = ChildLimits {
            read: Some(vec![inside.clone()]),
            write: Some(vec![inside.clone()]),
            deny_tcp: true,
        };
        let quoted = |p: &std::path::Path| format!("'{}'", p.display());
        assert_eq!(run_confined(&limits, &format!("cat {} >/dev/null", quoted(&inside.join("a")))), Some(0));
        assert_eq!(run_confined(&limits, &format!("echo x > {}", quoted(&inside.join("c")))), Some(0));
        assert_ne!(run_confined(&limits, &format!("cat {}", quoted(&outside.join("b")))), Some(0));
        assert_ne!(run_confined(&limits, &format!("echo x > {}", quoted(&outside.join("c")))), Some(0));
        assert!(!outside.join("c").exists());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        // dash has no /dev/tcp: connect with bash if there is one.
        if std::path::Path::new("/bin/bash").exists() {
            let connect = format!("exec /bin/bash -c 'exec 3<>/dev/tcp/127.0.0.1/{port}'");
            assert_ne!(run_confined(&limits, &connect), Some(0), "connected");
            let open = ChildLimits { deny_tcp: false, ..limits };
            assert_eq!(run_confined(&open, &connect), Some(0), "could not connect without the TCP rule");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
