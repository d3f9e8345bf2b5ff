//! Child processes for `pi.exec` (and the Node/Bun spawn shims): spawned without a shell in a
//! process group of their own, output buffered, and tracked per tool call so cancelling or
//! timing out a call kills every process it started, grandchildren included.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::process::Stdio;
use std::rc::Rc;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;
use serde::Serialize;
use tokio::io::AsyncReadExt;
use tokio::sync::oneshot;

/// What a finished child produced.
#[derive(Debug, Clone, Serialize)]
pub struct ExecOutput {
    pub stdout: String,
    pub stderr: String,
    /// None when the process was ended by a signal.
    pub code: Option<i32>,
    pub killed: bool,
}

struct Child {
    pgid: i32,
    call_id: String,
    killed: bool,
    done: Option<oneshot::Receiver<ExecOutput>>,
}

/// Running children by id, kept in the engine's `OpState`.
#[derive(Default)]
pub struct ExecTable {
    next_id: u32,
    children: HashMap<u32, Child>,
}

impl ExecTable {
    /// Kills the process group of child `id`.
    fn kill(&mut self, id: u32) {
        if let Some(child) = self.children.get_mut(&id) {
            child.killed = true;
            kill_group(child.pgid);
        }
    }

    /// Kills every process started on behalf of `call_id`; returns how many groups were signalled.
    pub fn kill_call(&mut self, call_id: &str) -> usize {
        let ids: Vec<u32> = self.children.iter().filter(|(_, c)| c.call_id == call_id).map(|(id, _)| *id).collect();
        ids.iter().for_each(|id| self.kill(*id));
        ids.len()
    }

    /// Kills every running child (host shutdown).
    pub fn kill_all(&mut self) {
        let ids: Vec<u32> = self.children.keys().copied().collect();
        ids.iter().for_each(|id| self.kill(*id));
    }
}

fn kill_group(pgid: i32) {
    if pgid > 0 {
        // SAFETY: signalling a process group is memory-safe; ESRCH (already gone) is fine.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

async fn read_all<R: tokio::io::AsyncRead + Unpin>(reader: Option<R>) -> String {
    let mut bytes = Vec::new();
    if let Some(mut r) = reader {
        let _ = r.read_to_end(&mut bytes).await;
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Starts `command args…` in `cwd` with exactly `env`; returns the child's id.
#[op2]
pub fn op_exec_start(
    state: &mut OpState,
    #[string] command: String,
    #[serde] args: Vec<String>,
    #[string] cwd: String,
    #[serde] env: BTreeMap<String, String>,
    #[string] call_id: String,
) -> Result<u32, JsErrorBox> {
    let mut cmd = tokio::process::Command::new(&command);
    cmd.args(&args)
        .current_dir(&cwd)
        .env_clear()
        .envs(&env)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(false);
    let mut child = cmd.spawn().map_err(|e| {
        let reason = match e.kind() {
            std::io::ErrorKind::NotFound if !std::path::Path::new(&cwd).is_dir() => format!("working directory {cwd} does not exist"),
            std::io::ErrorKind::NotFound => "executable not found in $PATH".to_string(),
            _ => e.to_string(),
        };
        JsErrorBox::generic(format!("Failed to spawn \"{command}\": {reason}"))
    })?;
    let pgid = child.id().map(|p| p as i32).unwrap_or(0);
    let (tx, rx) = oneshot::channel();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    tokio::spawn(async move {
        let (out, err, status) = tokio::join!(read_all(stdout), read_all(stderr), child.wait());
        let code = status.ok().and_then(|s| s.code());
        let _ = tx.send(ExecOutput { stdout: out, stderr: err, code, killed: false });
    });
    let table = state.borrow_mut::<ExecTable>();
    table.next_id += 1;
    let id = table.next_id;
    table.children.insert(id, Child { pgid, call_id, killed: false, done: Some(rx) });
    Ok(id)
}

/// Waits for child `id` to end and for its output to be read.
#[op2]
#[serde]
pub async fn op_exec_wait(state: Rc<RefCell<OpState>>, #[smi] id: u32) -> Result<ExecOutput, JsErrorBox> {
    let done = state
        .borrow_mut()
        .borrow_mut::<ExecTable>()
        .children
        .get_mut(&id)
        .and_then(|c| c.done.take())
        .ok_or_else(|| JsErrorBox::generic(format!("no running process with id {id}")))?;
    let mut output = done.await.map_err(|_| JsErrorBox::generic("the process runner stopped"))?;
    let child = state.borrow_mut().borrow_mut::<ExecTable>().children.remove(&id);
    output.killed = child.is_some_and(|c| c.killed);
    Ok(output)
}

/// Kills child `id`'s whole process group.
#[op2(fast)]
pub fn op_exec_kill(state: &mut OpState, #[smi] id: u32) {
    state.borrow_mut::<ExecTable>().kill(id);
}
