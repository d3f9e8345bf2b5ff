//! Streaming child processes for `node:child_process.spawn`, `Bun.spawn` and `pi.exec`: stdio
//! pipes read and written chunk by chunk from JavaScript (or collected in Rust for `pi.exec`),
//! exit status reported once. Every child is started through the engine's `ChildRegistry`,
//! which ties it to the tool call that started it and kills its process group when the call is
//! cancelled or the host shuts down; detached children are left alone, as Node leaves them.
//! A child starts only if the tool's permissions grant its program, and a tool with a
//! restricted policy gets it confined by the operating system (`permitted_command`).

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsStr;
#[cfg(unix)]
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Stdio;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use deno_core::{op2, OpState};
use serde::{Deserialize, Serialize};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{ChildStderr, ChildStdin, ChildStdout};
use tokio::sync::{oneshot, Mutex};

use crate::children::{confine, ChildId, ChildRegistry};
use crate::ext::node::internal::errors::{describe, signal_name};
use crate::log::HostLog;
use crate::permissions::{Denied, Permissions};

/// What to run and how its streams are wired, as both spawn forms receive it from JavaScript.
#[derive(Debug, Deserialize)]
pub(crate) struct ChildSpec {
    pub command: String,
    pub args: Vec<String>,
    pub cwd: String,
    pub env: BTreeMap<String, String>,
    /// `pipe`, `ignore` or `inherit`, per stream.
    pub stdin: String,
    pub stdout: String,
    pub stderr: String,
    /// The child's `argv[0]` when it should differ from the command (Node's `argv0`).
    #[serde(default)]
    pub argv0: Option<String>,
}

impl ChildSpec {
    /// The command with its arguments, folder, exact environment and stdio set.
    pub(crate) fn command(&self) -> std::process::Command {
        self.command_running(self.command.as_ref())
    }

    /// `command`, but starting the file `program` (as found already) with the command as
    /// written for its `argv[0]`, as Node passes it.
    fn command_running(&self, program: &OsStr) -> std::process::Command {
        let mut cmd = std::process::Command::new(program);
        if program != OsStr::new(&self.command) {
            set_arg0(&mut cmd, &self.command);
        }
        cmd.args(&self.args)
            .current_dir(&self.cwd)
            .env_clear()
            .envs(&self.env)
            .stdin(stdio_for(&self.stdin, false))
            .stdout(stdio_for(&self.stdout, true))
            .stderr(stdio_for(&self.stderr, true));
        if let Some(argv0) = &self.argv0 {
            set_arg0(&mut cmd, argv0);
        }
        cmd
    }
}

/// The child's `argv[0]`, when it differs from the program started.
#[cfg(unix)]
fn set_arg0(cmd: &mut std::process::Command, arg0: &str) {
    std::os::unix::process::CommandExt::arg0(cmd, arg0);
}

/// Not set on Windows: std writes the program started as the first word of the child's
/// command line and offers no way to write another, so a child started by the file its
/// command was found as sees that file's path as its `argv[0]`, and Node's `argv0` option is
/// not applied.
#[cfg(windows)]
fn set_arg0(_cmd: &mut std::process::Command, _arg0: &str) {}

/// The folders a child looks for a program in when its environment has no `PATH` (glibc's
/// `execvp` default).
const DEFAULT_PATH: &str = "/bin:/usr/bin";

/// The command that starts `child` for the engine's tools, if their permissions let them
/// start it: the program must be granted (`run`), as the child would find it (on the child's
/// own `PATH`, from its folder), and it is then started by that file (its links resolved), so
/// that nothing put on the way between the check and the start is run instead (the command
/// as written stays its `argv[0]`); a tool with a restricted policy
/// gets a child confined by the operating system (`crate::children::confine`). A refusal is a
/// Node `EACCES` error naming the program and the config key, and a host-log line.
pub(crate) fn permitted_command(state: &OpState, child: &ChildSpec) -> Result<std::process::Command, ChildProcessError> {
    let Some(permissions) = state.try_borrow::<Permissions>() else {
        return Ok(child.command());
    };
    if permissions.is_unrestricted() {
        return Ok(child.command());
    }
    let cwd = Path::new(&child.cwd);
    let path_var = OsStr::new(child.env.get("PATH").map_or(DEFAULT_PATH, String::as_str));
    // Found once: the file checked is the file started.
    let file = program_file(&child.command, path_var, cwd);
    let checked = file.as_ref().map_or_else(|| child.command.clone(), |f| f.display().to_string());
    permissions.check_program(&checked, Some(path_var), cwd, "spawn")?;
    let mut cmd = match &file {
        Some(file) if !permissions.is_learning() => child.command_running(file.as_os_str()),
        _ => child.command(),
    };
    let policy = permissions.policy();
    match confine::for_child(permissions) {
        Ok(confinement) => confinement.apply(&mut cmd),
        Err(unconfinable) => {
            let message = unconfinable.message(&policy, &child.command);
            if let Some(log) = state.try_borrow::<HostLog>() {
                let context = serde_json::json!({
                    "permission": "run",
                    "target": child.command,
                    "syscall": "spawn",
                    "policy": policy.origin.as_ref().map(|o| o.key.clone()),
                    "file": policy.origin.as_ref().map(|o| o.file.clone()),
                    "reason": unconfinable.reason,
                });
                log.write("warn", "Permission denied", Some(&context));
            }
            return Err(ChildProcessError::Unconfinable(message));
        }
    }
    Ok(cmd)
}

/// What fails in a child-process op: the tool's permissions refuse the program, the system
/// fails (Node's `CODE: description` text from `describe`), or the child id is gone.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum ChildProcessError {
    /// The tool's policy does not grant the program (Node's `EACCES` text).
    #[class(inherit)]
    #[error(transparent)]
    Denied(#[from] Denied),
    /// The policy restricts the child but the system cannot confine it; the text says why.
    #[class(generic)]
    #[error("{0}")]
    Unconfinable(String),
    /// A system call on the child or its pipes failed.
    #[class(generic)]
    #[error("{}", describe(.0))]
    Io(std::io::Error),
    /// No child with this table id (released, or never started).
    #[class(generic)]
    #[error("no child process with id {0}")]
    NoChild(u32),
    /// A write to a stdin the child (or JavaScript) closed.
    #[class(generic)]
    #[error("EPIPE: broken pipe")]
    BrokenPipe,
}

/// The file `program` names for a child in `cwd` with `PATH` `path_var`, links resolved.
fn program_file(program: &str, path_var: &OsStr, cwd: &Path) -> Option<std::path::PathBuf> {
    let file = if program.contains(std::path::is_separator) {
        Some(cwd.join(program))
    } else {
        crate::permissions::policy::find_on_path(program, Some(path_var))
    };
    std::fs::canonicalize(file?).ok()
}

/// How JavaScript asks for a streaming child.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SpawnRequest {
    #[serde(flatten)]
    pub child: ChildSpec,
    pub detached: bool,
    pub call_id: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct Spawned {
    pub id: u32,
    pub pid: u32,
}

/// How a child ended: its exit code, or the signal that ended it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ExitInfo {
    pub code: Option<i32>,
    pub signal: Option<String>,
}

/// A running child and its pipes, as JavaScript (or `pi.exec`'s collector) reaches them.
pub(crate) struct TrackedChild {
    pid: i32,
    /// Its entry in the engine's `ChildRegistry` (which kills its group).
    pub registry_id: ChildId,
    exited: Arc<AtomicBool>,
    stdin: Option<Rc<Mutex<Option<ChildStdin>>>>,
    pub stdout: Option<Rc<Mutex<ChildStdout>>>,
    pub stderr: Option<Rc<Mutex<ChildStderr>>>,
    pub exit: Option<oneshot::Receiver<ExitInfo>>,
}

impl TrackedChild {
    /// Sends `signal` to the child itself (not its group, as Node does); false once it ended.
    fn signal(&self, signal: i32) -> bool {
        if self.pid <= 0 || self.exited.load(Ordering::SeqCst) {
            return false;
        }
        signal_process(self.pid, signal)
    }
}

#[cfg(unix)]
fn signal_process(pid: i32, signal: i32) -> bool {
    // SAFETY: kill(2) is memory-safe for any arguments.
    unsafe { libc::kill(pid, signal) == 0 }
}

/// Windows has no signals: as in Node, signal 0 asks whether the child runs and any other
/// ends it (`TerminateProcess`, exit code 1).
#[cfg(windows)]
fn signal_process(pid: i32, signal: i32) -> bool {
    crate::platform::end_process(pid as u32, signal == 0).is_ok()
}

/// Children started by `spawn`, `Bun.spawn` and `pi.exec`, kept in the engine's `OpState` by
/// the `omp_node` extension, by the id JavaScript holds.
#[derive(Default)]
pub(crate) struct ChildTable {
    next_id: u32,
    pub children: HashMap<u32, TrackedChild>,
}

/// Why a child did not start: the tool's permissions refused it, or the system failed.
pub(crate) enum StartError {
    Refused(ChildProcessError),
    Failed(std::io::Error),
}

/// Starts `request`'s child, if the tool's permissions allow it (`permitted_command`),
/// through the engine's registry and tracks it in the child table; answers its table id and
/// pid.
pub(crate) fn start(state: &mut OpState, request: SpawnRequest) -> Result<Spawned, StartError> {
    let cmd = permitted_command(state, &request.child).map_err(StartError::Refused)?;
    let registry = state.borrow::<ChildRegistry>().clone();
    let call_id = Some(request.call_id.as_str()).filter(|c| !c.is_empty());
    let (mut child, registry_id) = registry.spawn_tokio(cmd, call_id, request.detached).map_err(StartError::Failed)?;
    let pid = child.id().unwrap_or(0);
    let exited = Arc::new(AtomicBool::new(false));
    let (tx, rx) = oneshot::channel();
    let stdin = child.stdin.take().map(|s| Rc::new(Mutex::new(Some(s))));
    let stdout = child.stdout.take().map(|s| Rc::new(Mutex::new(s)));
    let stderr = child.stderr.take().map(|s| Rc::new(Mutex::new(s)));
    let flag = exited.clone();
    tokio::spawn(async move {
        let status = child.wait().await;
        flag.store(true, Ordering::SeqCst);
        let _ = tx.send(exit_info(status));
    });
    let table = state.borrow_mut::<ChildTable>();
    table.next_id += 1;
    let id = table.next_id;
    table.children.insert(
        id,
        TrackedChild {
            pid: pid as i32,
            registry_id,
            exited,
            stdin,
            stdout,
            stderr,
            exit: Some(rx),
        },
    );
    Ok(Spawned { id, pid })
}

/// Forgets child `id` (ended, pipes drained); its group stays in the registry while it has
/// members, so background grandchildren still die with the call or the host.
pub(crate) fn release(state: &mut OpState, id: u32) {
    if let Some(child) = state.borrow_mut::<ChildTable>().children.remove(&id) {
        state.borrow::<ChildRegistry>().release(child.registry_id);
    }
}

/// The `Stdio` for a stream mode. `inherit` on stdout is redirected to the host's stderr,
/// because the host's stdout carries results; an inherited stdin reads nothing.
pub(crate) fn stdio_for(mode: &str, is_output: bool) -> Stdio {
    match mode {
        "pipe" => Stdio::piped(),
        "inherit" if is_output => Stdio::from(std::io::stderr()),
        _ => Stdio::null(),
    }
}

pub(crate) fn exit_info(status: std::io::Result<std::process::ExitStatus>) -> ExitInfo {
    match status {
        Ok(status) => ExitInfo {
            code: status.code(),
            signal: exit_signal(&status).map(|s| signal_name(s).map(str::to_string).unwrap_or_else(|| s.to_string())),
        },
        Err(_) => ExitInfo { code: None, signal: None },
    }
}

/// The signal that ended a child, if one did.
#[cfg(unix)]
fn exit_signal(status: &std::process::ExitStatus) -> Option<i32> {
    status.signal()
}

/// None: Windows has no signals; a child ended by `kill` has exit code 1.
#[cfg(windows)]
fn exit_signal(_status: &std::process::ExitStatus) -> Option<i32> {
    None
}

/// Starts a child; answers its table id and pid. Errors read `ENOENT: no such file or
/// directory`, or, refused by the tool's permissions, `EACCES: permission denied: …`.
#[op2]
#[serde]
pub(crate) fn op_node_spawn(state: &mut OpState, #[serde] request: SpawnRequest) -> Result<Spawned, ChildProcessError> {
    start(state, request).map_err(|e| match e {
        StartError::Refused(refused) => refused,
        StartError::Failed(e) => ChildProcessError::Io(e),
    })
}

/// Reads the next chunk of the child's stdout (`fd` 1) or stderr (2); empty at the end.
#[op2]
#[buffer]
pub(crate) async fn op_node_child_read(state: Rc<RefCell<OpState>>, #[smi] id: u32, #[smi] fd: u32) -> Result<Vec<u8>, ChildProcessError> {
    let (stdout, stderr) = {
        let state = state.borrow();
        let child = state.borrow::<ChildTable>().children.get(&id).ok_or(ChildProcessError::NoChild(id))?;
        (child.stdout.clone(), child.stderr.clone())
    };
    let mut buffer = vec![0u8; 64 * 1024];
    let n = match (fd, stdout, stderr) {
        (1, Some(out), _) => out.lock().await.read(&mut buffer).await,
        (2, _, Some(err)) => err.lock().await.read(&mut buffer).await,
        _ => Ok(0),
    }
    .map_err(ChildProcessError::Io)?;
    buffer.truncate(n);
    Ok(buffer)
}

/// Writes `data` to the child's stdin. Errors (`EPIPE: broken pipe`) when the child closed it.
#[op2]
pub(crate) async fn op_node_child_write(state: Rc<RefCell<OpState>>, #[smi] id: u32, #[buffer(copy)] data: Vec<u8>) -> Result<(), ChildProcessError> {
    let stdin = state.borrow().borrow::<ChildTable>().children.get(&id).and_then(|c| c.stdin.clone());
    let Some(stdin) = stdin else {
        return Err(ChildProcessError::BrokenPipe);
    };
    let mut guard = stdin.lock().await;
    let Some(pipe) = guard.as_mut() else {
        return Err(ChildProcessError::BrokenPipe);
    };
    pipe.write_all(&data).await.map_err(ChildProcessError::Io)?;
    pipe.flush().await.map_err(ChildProcessError::Io)
}

/// Closes the child's stdin (after the writes queued before it).
#[op2]
pub(crate) async fn op_node_child_close_stdin(state: Rc<RefCell<OpState>>, #[smi] id: u32) {
    let stdin = state.borrow().borrow::<ChildTable>().children.get(&id).and_then(|c| c.stdin.clone());
    if let Some(stdin) = stdin {
        stdin.lock().await.take();
    }
}

/// Waits for the child to end (its pipes may still hold output).
#[op2]
#[serde]
pub(crate) async fn op_node_child_wait(state: Rc<RefCell<OpState>>, #[smi] id: u32) -> Result<ExitInfo, ChildProcessError> {
    let exit = state
        .borrow_mut()
        .borrow_mut::<ChildTable>()
        .children
        .get_mut(&id)
        .and_then(|c| c.exit.take())
        .ok_or(ChildProcessError::NoChild(id))?;
    Ok(exit.await.unwrap_or(ExitInfo { code: None, signal: None }))
}

/// Forgets child `id` once it has ended and its pipes are drained (its `close` event).
#[op2(fast)]
pub(crate) fn op_node_child_release(state: &mut OpState, #[smi] id: u32) {
    release(state, id);
}

/// Sends signal number `signal` to the child (not its group, as Node does); false if it
/// already ended.
#[op2(fast)]
pub(crate) fn op_node_child_kill(state: &mut OpState, #[smi] id: u32, #[smi] signal: i32) -> bool {
    state.borrow::<ChildTable>().children.get(&id).is_some_and(|c| c.signal(signal))
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = ChildProcessError::Io(std::io::Error::from_raw_os_error(libc::ENOENT));
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "ENOENT: no such file or directory");
        assert_eq!(ChildProcessError::NoChild(7).get_message(), "no child process with id 7");
        assert_eq!(ChildProcessError::BrokenPipe.get_message(), "EPIPE: broken pipe");
        assert_eq!(ChildProcessError::Unconfinable("cannot confine".into()).get_message(), "cannot confine");
    }
}
