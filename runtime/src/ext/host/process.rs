//! Small host ops for the JavaScript side: facts about the process (for `process`), its
//! environment as the tool's permissions let it see it (`process.env`), a monotonic clock,
//! signals to other processes (never to the host itself; under a restricted policy only to
//! the tool's own children), and the log file.

use deno_core::{op2, OpState};
use serde::Serialize;

use crate::children::ChildRegistry;
use crate::log::HostLog;
use crate::permissions::Permissions;
use crate::platform::UserId;

/// What fails in `process.kill`: the signal would reach the child supervisor or the host
/// itself, or a restricted tool signals a process it did not start. Each is Node's `EPERM`.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum ProcessError {
    /// The pid (or its negation, the group) is the child supervisor's.
    #[class(generic)]
    #[error("EPERM: operation not permitted, kill: process.kill({0}) would signal omp-host's child supervisor; the signal was not sent")]
    Supervisor(i32),
    /// A restricted tool's signal to a process it did not start (`refuse_kill`'s text).
    #[class(generic)]
    #[error("{0}")]
    NotOwn(String),
    /// The signal would reach the host, or `kill(2)` failed (`kill_unless_host`'s text).
    #[class(generic)]
    #[error("{0}")]
    Kill(String),
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HostInfo {
    argv: Vec<String>,
    exec_path: String,
    pid: u32,
    ppid: u32,
    uid: UserId,
    gid: UserId,
    platform: &'static str,
    arch: &'static str,
    version: &'static str,
    cwd: String,
    agent_dir: String,
}

/// The parent's process id, the user's and the group's.
#[cfg(unix)]
fn process_ids() -> (u32, UserId, UserId) {
    // SAFETY: these libc calls take no arguments and cannot fail.
    unsafe { (libc::getppid() as u32, libc::getuid(), libc::getgid()) }
}

/// The parent's process id (0 when it cannot be found), and -1 for the user and group ids.
#[cfg(windows)]
fn process_ids() -> (u32, UserId, UserId) {
    (crate::platform::parent_pid(), -1, -1)
}

#[op2]
#[serde]
pub(crate) fn op_host_info() -> HostInfo {
    let (ppid, uid, gid) = process_ids();
    HostInfo {
        argv: std::env::args().collect(),
        exec_path: std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_default(),
        pid: std::process::id(),
        ppid,
        uid,
        gid,
        platform: crate::platform::node_platform(),
        arch: match std::env::consts::ARCH {
            "x86_64" => "x64",
            "aarch64" => "arm64",
            other => other,
        },
        version: env!("CARGO_PKG_VERSION"),
        cwd: std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_else(|_| "/".into()),
        agent_dir: crate::paths::agent_dir().display().to_string(),
    }
}

/// The permissions of the engine's tools (everything where none were set, as in tests).
fn permissions(state: &OpState) -> Permissions {
    state.try_borrow::<Permissions>().cloned().unwrap_or_default()
}

/// `process.env[name]`: the host's variable, if the tool's permissions let it read it (a
/// refused name reads as unset, and is logged once). A variable the host does not have is
/// unset whatever the policy, so reading it is neither refused nor learnt: packages probe
/// many, the host's own modules too (`NODE_DEBUG`, `READABLE_STREAM`), and a tool that ran
/// without one does not need it granted.
#[op2]
#[string]
pub(crate) fn op_env_get(state: &mut OpState, #[string] name: &str) -> Option<String> {
    let value = std::env::var(name).ok()?;
    let permissions = permissions(state);
    (permissions.is_unrestricted() || permissions.env_allowed(name)).then_some(value)
}

/// The names `process.env` lists: the host's variables the tool's permissions let it read
/// (listing refuses silently: only reading a refused name is logged). Learning, every name
/// (reading them is what is recorded).
#[op2]
#[serde]
pub(crate) fn op_env_names(state: &mut OpState) -> Vec<String> {
    let permissions = permissions(state);
    let policy = permissions.policy();
    let listed = |name: &String| permissions.is_learning() || policy.env_allowed(name);
    std::env::vars_os().filter_map(|(name, _)| name.into_string().ok()).filter(listed).collect()
}

/// Nanoseconds on a monotonic clock since the process started.
#[op2(fast)]
pub(crate) fn op_hrtime_ns() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_nanos() as f64
}

/// `process.kill(pid, signal)` with a signal number. A signal that would reach the host itself
/// (its pid or one of its threads, its process group, or every process: 0, -1, -pgid) is
/// refused with `EPERM`: the host serves every tool, so one tool must not end it. Signal 0
/// (does the process exist?) is always allowed.
/// The child supervisor (see `crate::children`) is protected the same way.
/// A tool with a restricted policy may signal only the processes it started (its engine's
/// children and their process groups); any other is refused with `EPERM`, as `kill(2)` and
/// Node refuse a process the caller may not signal, so code written for Node handles it (no
/// policy grants this: only the `all` preset signals anything), and the refusal is logged.
#[op2(fast)]
pub(crate) fn op_process_kill(state: &mut OpState, #[smi] pid: i32, #[smi] signal: i32) -> Result<(), ProcessError> {
    let supervisor = state.try_borrow::<ChildRegistry>().and_then(ChildRegistry::supervisor_pid);
    if signal != 0 && supervisor.is_some_and(|s| pid == s || pid == -s) {
        return Err(ProcessError::Supervisor(pid));
    }
    let permissions = permissions(state);
    if signal != 0 && !permissions.is_unrestricted() && !permissions.is_learning() {
        let own = state.try_borrow::<ChildRegistry>().is_some_and(|r| r.owns(pid));
        if !own && !reaches_the_host(pid) {
            return Err(ProcessError::NotOwn(refuse_kill(state, &permissions, pid)));
        }
    }
    kill_unless_host(pid, signal).map_err(ProcessError::Kill)
}

/// The refusal of a restricted tool's signal to `pid`, a process it did not start (logged).
fn refuse_kill(state: &OpState, permissions: &Permissions, pid: i32) -> String {
    let policy = permissions.policy();
    let key = policy.origin.as_ref().map_or("permissions.default", |o| o.key.as_str());
    let file = policy.origin.as_ref().map(|o| o.file.clone());
    if let Some(log) = state.try_borrow::<HostLog>() {
        let context = serde_json::json!({ "permission": "kill", "target": pid, "syscall": "kill", "policy": key, "file": file });
        log.write("warn", "Permission denied", Some(&context));
    }
    let file = file.map(|f| format!(" in {}", f.display())).unwrap_or_default();
    format!(
        "EPERM: operation not permitted: this tool's permissions ({key}{file}) let it signal only the processes it started, and process.kill({pid}) names another; only the \"all\" preset lifts this, kill"
    )
}

/// `kill(pid, signal)` unless it would reach the host; errors read `CODE: text, kill`.
fn kill_unless_host(pid: i32, signal: i32) -> Result<(), String> {
    if signal != 0 && reaches_the_host(pid) {
        return Err(format!(
            "EPERM: operation not permitted, kill: process.kill({pid}) would signal omp-host itself, which runs every tool; the signal was not sent"
        ));
    }
    send_signal(pid, signal)
}

/// `kill(pid, signal)`; errors read `CODE: text, kill`.
#[cfg(unix)]
fn send_signal(pid: i32, signal: i32) -> Result<(), String> {
    // SAFETY: kill(2) with any pid/signal is memory-safe; failure is reported below.
    if unsafe { libc::kill(pid, signal) } != 0 {
        let err = std::io::Error::last_os_error();
        return Err(format!("{}, kill", crate::ext::node::internal::errors::describe(&err)));
    }
    Ok(())
}

/// Windows has no signals: as in Node, signal 0 asks whether process `pid` exists and any
/// other ends it (`TerminateProcess`, exit code 1). A negative pid names a process group,
/// which on Windows is one of the host's children's job objects (`crate::children`): it is
/// ended whole; any other group is not found. 0 and -1 name the host, which exists.
#[cfg(windows)]
fn send_signal(pid: i32, signal: i32) -> Result<(), String> {
    match pid {
        p if p > 0 => crate::platform::end_process(p as u32, signal == 0).map_err(|e| format!("{e}, kill")),
        0 | -1 => Ok(()),
        p if crate::children::signal_group(-p, signal) => Ok(()),
        _ => Err("ESRCH: no such process, kill".to_string()),
    }
}

/// Whether `kill(pid, …)` would signal this process: its pid, any of its threads' ids (where
/// they are pids: Linux), its process group (0 or -pgid), or every process the user may
/// signal (-1).
pub(crate) fn reaches_the_host(pid: i32) -> bool {
    let (me, group) = own_ids();
    match pid {
        0 | -1 => true,
        p if p == me || p == -group => true,
        p if p > 0 => crate::platform::is_thread_of_this_process(p),
        _ => false,
    }
}

/// The host's pid and process group.
#[cfg(unix)]
fn own_ids() -> (i32, i32) {
    // SAFETY: getpid and getpgrp take no arguments and cannot fail.
    unsafe { (libc::getpid(), libc::getpgrp()) }
}

/// The host's pid, twice: Windows has no process group a signal reaches, so `-pid`, the
/// host's group as `kill` would read it, is what is refused.
#[cfg(windows)]
fn own_ids() -> (i32, i32) {
    let me = std::process::id() as i32;
    (me, me)
}

/// `pi.logger.*`: one JSON line in the host log.
#[op2(fast)]
pub(crate) fn op_log(state: &mut OpState, #[string] level: &str, #[string] message: &str, #[string] context: &str) {
    let context: Option<serde_json::Value> = if context.is_empty() { None } else { serde_json::from_str(context).ok() };
    if let Some(log) = state.try_borrow::<HostLog>() {
        log.write(level, message, context.as_ref());
    }
    if let Some(tap) = state.try_borrow::<super::console::LogTap>() {
        let data = serde_json::json!({ "message": message, "context": context });
        tap.offer(super::console::LogRecord {
            level: level.to_string(),
            logger: "pi.logger",
            data,
        });
    }
}

#[cfg(all(test, unix))]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = ProcessError::Supervisor(42);
        assert_eq!(err.get_class(), "Error");
        assert_eq!(
            err.get_message(),
            "EPERM: operation not permitted, kill: process.kill(42) would signal omp-host's child supervisor; the signal was not sent"
        );
        let err = ProcessError::Kill(kill_unless_host(0, 15).unwrap_err());
        assert!(err
            .get_message()
            .starts_with("EPERM: operation not permitted, kill: process.kill(0) would signal omp-host itself"));
    }

    #[test]
    fn signals_that_would_reach_the_host_are_recognised() {
        // SAFETY: as above.
        let (me, group) = unsafe { (libc::getpid(), libc::getpgrp()) };
        for pid in [0, -1, me, -group] {
            assert!(reaches_the_host(pid), "{pid}");
        }
        std::thread::spawn(|| {
            // SAFETY: gettid cannot fail.
            let tid = unsafe { libc::gettid() };
            assert!(reaches_the_host(tid), "a thread of this process");
        })
        .join()
        .unwrap();
        assert!(!reaches_the_host(1), "init is another process");
        let mut child = std::process::Command::new("true").spawn().unwrap();
        assert!(!reaches_the_host(child.id() as i32));
        assert!(!reaches_the_host(-(child.id() as i32)));
        child.wait().unwrap();
    }

    #[test]
    fn signalling_the_host_is_refused_with_eperm() {
        // SAFETY: as above.
        let me = unsafe { libc::getpid() };
        let err = kill_unless_host(me, libc::SIGTERM).unwrap_err();
        assert!(err.starts_with("EPERM: "), "{err}");
        kill_unless_host(me, 0).expect("signal 0 only asks whether the process exists");
    }
}
