//! Streaming child processes for `node:child_process.spawn` and `Bun.spawn`: stdio pipes read
//! and written chunk by chunk from JavaScript, exit status reported once. Each child is tied
//! to the tool call that started it, so cancelling the call kills its process group
//! (`kill_call`); detached children are left alone, as Node leaves them running.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::os::unix::process::ExitStatusExt;
use std::process::Stdio;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;
use serde::{Deserialize, Serialize};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{ChildStderr, ChildStdin, ChildStdout};
use tokio::sync::{oneshot, Mutex};

use super::errors::{describe, signal_name};

/// What to run and how its streams are wired, as both spawn forms receive it from JavaScript.
#[derive(Debug, Deserialize)]
pub struct ChildSpec {
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
    pub fn command(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(&self.command);
        cmd.args(&self.args)
            .current_dir(&self.cwd)
            .env_clear()
            .envs(&self.env)
            .stdin(stdio_for(&self.stdin, false))
            .stdout(stdio_for(&self.stdout, true))
            .stderr(stdio_for(&self.stderr, true));
        if let Some(argv0) = &self.argv0 {
            std::os::unix::process::CommandExt::arg0(&mut cmd, argv0);
        }
        cmd
    }
}

/// How JavaScript asks for a streaming child.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpawnRequest {
    #[serde(flatten)]
    pub child: ChildSpec,
    pub detached: bool,
    pub call_id: String,
}

#[derive(Debug, Serialize)]
pub struct Spawned {
    id: u32,
    pid: u32,
}

/// How a child ended: its exit code, or the signal that ended it.
#[derive(Debug, Clone, Serialize)]
pub struct ExitInfo {
    pub code: Option<i32>,
    pub signal: Option<String>,
}

struct TrackedChild {
    pid: i32,
    call_id: String,
    detached: bool,
    exited: Arc<AtomicBool>,
    stdin: Option<Rc<Mutex<Option<ChildStdin>>>>,
    stdout: Option<Rc<Mutex<ChildStdout>>>,
    stderr: Option<Rc<Mutex<ChildStderr>>>,
    exit: Option<oneshot::Receiver<ExitInfo>>,
}

impl TrackedChild {
    /// Signals the child, or its whole process group. The group may outlive its leader
    /// (background grandchildren), so it is signalled even after the child ended.
    fn signal(&self, signal: i32, whole_group: bool) -> bool {
        if self.pid <= 0 || (!whole_group && self.exited.load(Ordering::SeqCst)) {
            return false;
        }
        let target = if whole_group { -self.pid } else { self.pid };
        // SAFETY: kill(2) is memory-safe for any arguments.
        unsafe { libc::kill(target, signal) == 0 }
    }
}

/// Children started by `spawn`, kept in the engine's `OpState` by the `omp_node` extension.
#[derive(Default)]
pub struct ChildTable {
    next_id: u32,
    children: HashMap<u32, TrackedChild>,
}

impl ChildTable {
    /// Kills the process groups of the non-detached children started for `call_id`;
    /// answers how many were signalled. The engine calls this when a call is aborted.
    pub fn kill_call(&mut self, call_id: &str) -> usize {
        self.children
            .values()
            .filter(|c| c.call_id == call_id && !c.detached)
            .filter(|c| c.signal(libc::SIGKILL, true))
            .count()
    }

    /// Kills every non-detached child still running (host shutdown).
    pub fn kill_all(&mut self) -> usize {
        self.children.values().filter(|c| !c.detached).filter(|c| c.signal(libc::SIGKILL, true)).count()
    }

    /// How many children are tracked (running, or ended but not yet waited for).
    pub fn len(&self) -> usize {
        self.children.len()
    }

    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }
}

/// Kills the children of `call_id` held in `state` (for the engine's abort path).
pub fn kill_call(state: &mut OpState, call_id: &str) -> usize {
    state.try_borrow_mut::<ChildTable>().map(|t| t.kill_call(call_id)).unwrap_or(0)
}

/// Kills every non-detached child held in `state` (for the engine's shutdown path).
pub fn kill_all(state: &mut OpState) -> usize {
    state.try_borrow_mut::<ChildTable>().map(|t| t.kill_all()).unwrap_or(0)
}

/// The `Stdio` for a stream mode. `inherit` on stdout is redirected to the host's stderr,
/// because the host's stdout carries results; an inherited stdin reads nothing.
pub fn stdio_for(mode: &str, is_output: bool) -> Stdio {
    match mode {
        "pipe" => Stdio::piped(),
        "inherit" if is_output => Stdio::from(std::io::stderr()),
        _ => Stdio::null(),
    }
}

pub fn exit_info(status: std::io::Result<std::process::ExitStatus>) -> ExitInfo {
    match status {
        Ok(status) => ExitInfo { code: status.code(), signal: status.signal().map(|s| signal_name(s).map(str::to_string).unwrap_or_else(|| s.to_string())) },
        Err(_) => ExitInfo { code: None, signal: None },
    }
}

/// Starts a child; answers its table id and pid. Errors read `ENOENT: no such file or directory`.
#[op2]
#[serde]
pub fn op_node_spawn(state: &mut OpState, #[serde] request: SpawnRequest) -> Result<Spawned, JsErrorBox> {
    let mut cmd = tokio::process::Command::from(request.child.command());
    cmd.kill_on_drop(false);
    if request.detached {
        // SAFETY: setsid is async-signal-safe, as required between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
    } else {
        cmd.process_group(0);
    }
    let mut child = cmd.spawn().map_err(|e| JsErrorBox::generic(describe(&e)))?;
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
        TrackedChild { pid: pid as i32, call_id: request.call_id, detached: request.detached, exited, stdin, stdout, stderr, exit: Some(rx) },
    );
    Ok(Spawned { id, pid })
}

/// Reads the next chunk of the child's stdout (`fd` 1) or stderr (2); empty at the end.
#[op2]
#[buffer]
pub async fn op_node_child_read(state: Rc<RefCell<OpState>>, #[smi] id: u32, #[smi] fd: u32) -> Result<Vec<u8>, JsErrorBox> {
    let (stdout, stderr) = {
        let state = state.borrow();
        let child = state.borrow::<ChildTable>().children.get(&id).ok_or_else(|| JsErrorBox::generic(format!("no child process with id {id}")))?;
        (child.stdout.clone(), child.stderr.clone())
    };
    let mut buffer = vec![0u8; 64 * 1024];
    let n = match (fd, stdout, stderr) {
        (1, Some(out), _) => out.lock().await.read(&mut buffer).await,
        (2, _, Some(err)) => err.lock().await.read(&mut buffer).await,
        _ => Ok(0),
    }
    .map_err(|e| JsErrorBox::generic(describe(&e)))?;
    buffer.truncate(n);
    Ok(buffer)
}

/// Writes `data` to the child's stdin. Errors (`EPIPE: broken pipe`) when the child closed it.
#[op2]
pub async fn op_node_child_write(state: Rc<RefCell<OpState>>, #[smi] id: u32, #[buffer(copy)] data: Vec<u8>) -> Result<(), JsErrorBox> {
    let stdin = state.borrow().borrow::<ChildTable>().children.get(&id).and_then(|c| c.stdin.clone());
    let Some(stdin) = stdin else {
        return Err(JsErrorBox::generic("EPIPE: broken pipe"));
    };
    let mut guard = stdin.lock().await;
    let Some(pipe) = guard.as_mut() else {
        return Err(JsErrorBox::generic("EPIPE: broken pipe"));
    };
    pipe.write_all(&data).await.map_err(|e| JsErrorBox::generic(describe(&e)))?;
    pipe.flush().await.map_err(|e| JsErrorBox::generic(describe(&e)))
}

/// Closes the child's stdin (after the writes queued before it).
#[op2]
pub async fn op_node_child_close_stdin(state: Rc<RefCell<OpState>>, #[smi] id: u32) {
    let stdin = state.borrow().borrow::<ChildTable>().children.get(&id).and_then(|c| c.stdin.clone());
    if let Some(stdin) = stdin {
        stdin.lock().await.take();
    }
}

/// Waits for the child to end (its pipes may still hold output).
#[op2]
#[serde]
pub async fn op_node_child_wait(state: Rc<RefCell<OpState>>, #[smi] id: u32) -> Result<ExitInfo, JsErrorBox> {
    let exit = state
        .borrow_mut()
        .borrow_mut::<ChildTable>()
        .children
        .get_mut(&id)
        .and_then(|c| c.exit.take())
        .ok_or_else(|| JsErrorBox::generic(format!("no child process with id {id}")))?;
    Ok(exit.await.unwrap_or(ExitInfo { code: None, signal: None }))
}

/// Forgets child `id` once it has ended and its pipes are drained (its `close` event).
#[op2(fast)]
pub fn op_node_child_release(state: &mut OpState, #[smi] id: u32) {
    state.borrow_mut::<ChildTable>().children.remove(&id);
}

/// Sends signal number `signal` to the child (not its group, as Node does); false if it
/// already ended.
#[op2(fast)]
pub fn op_node_child_kill(state: &mut OpState, #[smi] id: u32, #[smi] signal: i32) -> bool {
    state.borrow::<ChildTable>().children.get(&id).is_some_and(|c| c.signal(signal, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real `sleep` child in its own process group (or session, when detached), tracked
    /// for `call_id` the way `op_node_spawn` tracks it.
    fn tracked_sleep(table: &mut ChildTable, call_id: &str, detached: bool) -> std::process::Child {
        use std::os::unix::process::CommandExt;
        let mut cmd = std::process::Command::new("sleep");
        cmd.arg("30");
        if detached {
            // SAFETY: setsid is async-signal-safe.
            unsafe {
                cmd.pre_exec(|| {
                    libc::setsid();
                    Ok(())
                });
            }
        } else {
            cmd.process_group(0);
        }
        let child = cmd.spawn().unwrap();
        table.next_id += 1;
        let tracked = TrackedChild {
            pid: child.id() as i32,
            call_id: call_id.to_string(),
            detached,
            exited: Arc::new(AtomicBool::new(false)),
            stdin: None,
            stdout: None,
            stderr: None,
            exit: None,
        };
        table.children.insert(table.next_id, tracked);
        child
    }

    fn ended_by_kill(child: &mut std::process::Child) -> bool {
        for _ in 0..200 {
            if let Some(status) = child.try_wait().unwrap() {
                return status.signal() == Some(libc::SIGKILL);
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        false
    }

    #[test]
    fn kill_call_kills_only_that_calls_attached_children() {
        let mut table = ChildTable::default();
        let mut mine = tracked_sleep(&mut table, "call-1", false);
        let mut other = tracked_sleep(&mut table, "call-2", false);
        let mut background = tracked_sleep(&mut table, "call-1", true);
        assert_eq!(table.kill_call("call-1"), 1);
        assert!(ended_by_kill(&mut mine), "the call's child is killed");
        assert!(other.try_wait().unwrap().is_none(), "another call's child keeps running");
        assert!(background.try_wait().unwrap().is_none(), "a detached child keeps running");
        assert_eq!(table.kill_all(), 1, "shutdown signals every attached group still alive, never the detached one");
        assert!(ended_by_kill(&mut other));
        background.kill().unwrap();
        background.wait().unwrap();
    }
}
