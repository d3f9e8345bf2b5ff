//! `pi.exec`'s side of the child processes: started like every other child (no shell, its own
//! process group, tied to the tool call, see `ext::node::child_process::spawn` and
//! `crate::children`), its stdout and stderr collected in Rust within a bound
//! (`captured_output`: head and tail kept, the whole stream spilled to a private file), and its
//! group killed on abort or timeout.

use std::cell::RefCell;
use std::rc::Rc;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;
use serde::Serialize;
use tokio::io::AsyncReadExt;

use super::captured_output::{CapturedOutput, OutputLimits, EXEC_LIMITS};
use crate::children::ChildRegistry;
use crate::ext::node::child_process::spawn::{self, ChildTable, SpawnRequest};

/// What a finished child produced.
#[derive(Debug, Clone, Serialize)]
pub struct ExecOutput {
    pub stdout: String,
    pub stderr: String,
    /// None when the process was ended by a signal.
    pub code: Option<i32>,
    pub killed: bool,
}

/// Starts `pi.exec`'s child (stdin ignored, stdout and stderr piped); answers its id.
#[op2]
#[smi]
pub fn op_exec_start(state: &mut OpState, #[serde] request: SpawnRequest) -> Result<u32, JsErrorBox> {
    let command = request.child.command.clone();
    let cwd = request.child.cwd.clone();
    let spawned = spawn::start(state, request).map_err(|e| {
        let reason = match e.kind() {
            std::io::ErrorKind::NotFound if !std::path::Path::new(&cwd).is_dir() => format!("working directory {cwd} does not exist"),
            std::io::ErrorKind::NotFound => "executable not found in $PATH".to_string(),
            _ => e.to_string(),
        };
        JsErrorBox::generic(format!("Failed to spawn \"{command}\": {reason}"))
    })?;
    Ok(spawned.id)
}

/// Reads child `id`'s output to its end within `pi.exec`'s bound, waits for it to exit and
/// releases it.
#[op2]
#[serde]
pub async fn op_exec_collect(state: Rc<RefCell<OpState>>, #[smi] id: u32, #[string] call_id: String) -> Result<ExecOutput, JsErrorBox> {
    collect(state, id, &call_id, EXEC_LIMITS).await
}

async fn collect(state: Rc<RefCell<OpState>>, id: u32, call_id: &str, limits: OutputLimits) -> Result<ExecOutput, JsErrorBox> {
    let (stdout, stderr, exit, registry_id) = {
        let mut state = state.borrow_mut();
        let child = state
            .borrow_mut::<ChildTable>()
            .children
            .get_mut(&id)
            .ok_or_else(|| JsErrorBox::generic(format!("no running process with id {id}")))?;
        (child.stdout.clone(), child.stderr.clone(), child.exit.take(), child.registry_id)
    };
    let spill_dir = crate::paths::data_dir().join("output");
    let label = if call_id.is_empty() { "exec".to_string() } else { format!("{call_id}-exec") };
    let capture = |stream: &str| CapturedOutput::new(limits, spill_dir.clone(), format!("{label}-{stream}"));
    let (stdout, stderr) = tokio::join!(read_bounded(stdout, capture("stdout")), read_bounded(stderr, capture("stderr")));
    let exit = match exit {
        Some(exit) => exit.await.ok(),
        None => None,
    };
    let killed = {
        let mut state = state.borrow_mut();
        let killed = state.borrow::<ChildRegistry>().was_killed(registry_id);
        spawn::release(&mut state, id);
        killed
    };
    Ok(ExecOutput {
        stdout,
        stderr,
        code: exit.and_then(|e| e.code),
        killed,
    })
}

/// Reads `pipe` to its end into `captured`.
async fn read_bounded<R: tokio::io::AsyncRead + Unpin>(pipe: Option<Rc<tokio::sync::Mutex<R>>>, mut captured: CapturedOutput) -> String {
    if let Some(pipe) = pipe {
        let mut pipe = pipe.lock().await;
        let mut chunk = vec![0u8; 64 * 1024];
        while let Ok(n) = pipe.read(&mut chunk).await {
            if n == 0 {
                break;
            }
            captured.push(&chunk[..n]);
        }
    }
    captured.finish()
}

/// Kills child `id`'s whole process group.
#[op2(fast)]
pub fn op_exec_kill(state: &mut OpState, #[smi] id: u32) {
    let Some(registry_id) = state.borrow::<ChildTable>().children.get(&id).map(|c| c.registry_id) else {
        return;
    };
    state.borrow::<ChildRegistry>().kill(registry_id);
}
