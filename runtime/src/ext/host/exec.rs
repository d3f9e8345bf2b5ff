//! `pi.exec`'s side of the child processes: started like every other child (no shell, its own
//! process group, tied to the tool call, see `ext::node::child_process::spawn` and
//! `crate::children`), its stdout and stderr collected in Rust within a bound
//! (`captured_output`: head and tail kept, the whole stream spilled to a private file), and its
//! group killed on abort or timeout. The tool's permissions decide whether it starts, as for
//! every child (`spawn::permitted_command`). A pi extension's tool gets pi 1.6's `exec`: output past
//! `maxBuffer` (stdout and stderr together) is not read and the process is terminated, and a
//! process pi terminates gets SIGTERM, then SIGKILL if it is still there 5 s later.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use deno_core::{op2, OpState};
use serde::Serialize;
use tokio::io::AsyncReadExt;
use tokio_util::sync::CancellationToken;

use super::captured_output::{utf8_prefix_end, CapturedOutput, OutputLimits, EXEC_LIMITS};
use crate::children::{ChildId, ChildRegistry};
use crate::ext::node::child_process::spawn::{self, ChildProcessError, ChildTable, SpawnRequest, StartError};

/// What fails in a `pi.exec` op: the child did not start (pi's `Failed to spawn` text, or the
/// permissions' refusal as it stands), or its id is gone.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum ExecError {
    /// The tool's permissions refused the program: their text says why and what would allow it.
    #[class(inherit)]
    #[error(transparent)]
    Refused(#[from] ChildProcessError),
    /// The system could not start `command`; `reason` is pi's wording of why.
    #[class(generic)]
    #[error("Failed to spawn \"{command}\": {reason}")]
    Spawn { command: String, reason: String },
    /// No running child with this table id.
    #[class(generic)]
    #[error("no running process with id {0}")]
    NoProcess(u32),
}

/// What a finished child produced.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ExecOutput {
    pub stdout: String,
    pub stderr: String,
    /// None when the process was ended by a signal.
    pub code: Option<i32>,
    /// The number of the signal that ended the process, if one did.
    pub signal: Option<i32>,
    pub killed: bool,
    /// The output went past `maxBuffer`: the rest was not read and the process was terminated.
    pub truncated: bool,
}

/// How long a process pi terminated (SIGTERM) has before its group is killed (SIGKILL), as
/// pi's `exec` waits.
const FORCE_KILL_DELAY: Duration = Duration::from_secs(5);

/// Starts `pi.exec`'s child (stdin ignored, stdout and stderr piped); answers its id.
#[op2]
#[smi]
pub(crate) fn op_exec_start(state: &mut OpState, #[serde] request: SpawnRequest) -> Result<u32, ExecError> {
    let command = request.child.command.clone();
    let cwd = request.child.cwd.clone();
    let spawned = spawn::start(state, request).map_err(|e| {
        // The tool's permissions refused it: their message says why and what would allow it.
        let e = match e {
            StartError::Refused(refused) => return ExecError::Refused(refused),
            StartError::Failed(e) => e,
        };
        let reason = match e.kind() {
            std::io::ErrorKind::NotFound if !std::path::Path::new(&cwd).is_dir() => format!("working directory {cwd} does not exist"),
            std::io::ErrorKind::NotFound => "executable not found in $PATH".to_string(),
            _ => e.to_string(),
        };
        ExecError::Spawn { command, reason }
    })?;
    Ok(spawned.id)
}

/// Reads child `id`'s output to its end within `pi.exec`'s bound (and, given `max_buffer`,
/// only that many bytes of stdout and stderr together), waits for it to exit and releases it.
#[op2]
#[serde]
pub(crate) async fn op_exec_collect(
    state: Rc<RefCell<OpState>>,
    #[smi] id: u32,
    #[string] call_id: String,
    #[serde] max_buffer: Option<u64>,
) -> Result<ExecOutput, ExecError> {
    collect(state, id, &call_id, EXEC_LIMITS, max_buffer).await
}

/// What is left of `maxBuffer`, shared by the two streams' readers; `full` stops both.
struct Budget {
    left: Cell<u64>,
    full: CancellationToken,
}

async fn collect(state: Rc<RefCell<OpState>>, id: u32, call_id: &str, limits: OutputLimits, max_buffer: Option<u64>) -> Result<ExecOutput, ExecError> {
    let (stdout, stderr, exit, registry_id, registry) = {
        let mut state = state.borrow_mut();
        let registry = state.borrow::<ChildRegistry>().clone();
        let child = state.borrow_mut::<ChildTable>().children.get_mut(&id).ok_or(ExecError::NoProcess(id))?;
        (child.stdout.clone(), child.stderr.clone(), child.exit.take(), child.registry_id, registry)
    };
    let spill_dir = crate::paths::data_dir().join("output");
    let label = if call_id.is_empty() { "exec".to_string() } else { format!("{call_id}-exec") };
    let capture = |stream: &str| CapturedOutput::new(limits, spill_dir.clone(), format!("{label}-{stream}"));
    let budget = Budget {
        left: Cell::new(max_buffer.unwrap_or(u64::MAX)),
        full: CancellationToken::new(),
    };
    let (stdout, stderr) = tokio::join!(
        read_bounded(stdout, capture("stdout"), &budget),
        read_bounded(stderr, capture("stderr"), &budget)
    );
    let truncated = budget.full.is_cancelled();
    if truncated {
        terminate(&registry, registry_id);
    }
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
        code: exit.as_ref().and_then(|e| e.code),
        signal: exit
            .as_ref()
            .and_then(|e| e.signal.as_deref())
            .and_then(crate::ext::node::internal::errors::signal_number),
        killed,
        truncated,
    })
}

/// Reads `pipe` to its end into `captured`, or until `budget` is spent (by this stream or
/// the other): a chunk that does not fit is cut where the budget ends, before any character
/// it would split.
async fn read_bounded<R: tokio::io::AsyncRead + Unpin>(pipe: Option<Rc<tokio::sync::Mutex<R>>>, mut captured: CapturedOutput, budget: &Budget) -> String {
    if let Some(pipe) = pipe {
        let mut pipe = pipe.lock().await;
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let n = tokio::select! {
                read = pipe.read(&mut chunk) => match read {
                    Ok(n) if n > 0 => n,
                    _ => break,
                },
                _ = budget.full.cancelled() => break,
            };
            let left = budget.left.get();
            if n as u64 > left {
                let kept = &chunk[..left as usize];
                captured.push(&kept[..utf8_prefix_end(kept)]);
                budget.left.set(0);
                budget.full.cancel();
                break;
            }
            budget.left.set(left - n as u64);
            captured.push(&chunk[..n]);
        }
    }
    captured.finish()
}

/// Terminates child `registry_id`'s process group as pi does: SIGTERM now, SIGKILL for
/// whatever is left of it after `FORCE_KILL_DELAY`.
fn terminate(registry: &ChildRegistry, registry_id: ChildId) {
    if registry.terminate(registry_id) {
        let registry = registry.clone();
        tokio::spawn(async move {
            tokio::time::sleep(FORCE_KILL_DELAY).await;
            registry.kill(registry_id);
        });
    }
}

/// Terminates child `id`'s process group (a pi tool's `exec` on abort or timeout).
#[op2(fast)]
pub(crate) fn op_exec_terminate(state: &mut OpState, #[smi] id: u32) {
    let Some(registry_id) = state.borrow::<ChildTable>().children.get(&id).map(|c| c.registry_id) else {
        return;
    };
    terminate(state.borrow::<ChildRegistry>(), registry_id);
}

/// Kills child `id`'s whole process group.
#[op2(fast)]
pub(crate) fn op_exec_kill(state: &mut OpState, #[smi] id: u32) {
    let Some(registry_id) = state.borrow::<ChildTable>().children.get(&id).map(|c| c.registry_id) else {
        return;
    };
    state.borrow::<ChildRegistry>().kill(registry_id);
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = ExecError::Spawn {
            command: "nope".into(),
            reason: "executable not found in $PATH".into(),
        };
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "Failed to spawn \"nope\": executable not found in $PATH");
        assert_eq!(ExecError::NoProcess(3).get_message(), "no running process with id 3");
        let err = ExecError::from(ChildProcessError::BrokenPipe);
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "EPIPE: broken pipe");
    }
}
