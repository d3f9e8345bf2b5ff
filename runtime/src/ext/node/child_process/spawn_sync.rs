//! Blocking child processes for `execSync`, `execFileSync`, `spawnSync` and `Bun.spawnSync`:
//! the JavaScript thread waits (tools call these at module load), stdio is captured on helper
//! threads up to `maxBuffer` bytes per stream (past it the child is killed and the result
//! carries `ENOBUFS`, as in Node), and a timeout kills the child's process group. The child is
//! registered in the engine's `ChildRegistry`, so another thread (a cancellation, the watchdog,
//! shutdown) can kill it while the engine thread is blocked here.

use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

use deno_core::{op2, v8, ToJsBuffer};
use serde::{Deserialize, Serialize};

use super::spawn::{exit_info, permitted_command, ChildSpec};
use crate::children::ChildRegistry;
use crate::ext::node::internal::errors::describe;

/// What the host keeps of one stream at most, whatever `maxBuffer` says (`Infinity` too).
pub(crate) const HOST_MAX_BUFFER: usize = 256 * 1024 * 1024;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SpawnSyncRequest {
    /// What to run (stdin is fed `input` when piped).
    #[serde(flatten)]
    pub child: ChildSpec,
    /// Milliseconds; 0 for none.
    pub timeout: f64,
    pub kill_signal: i32,
    /// Bytes kept per output stream; negative for the host's own bound.
    #[serde(default = "node_default_max_buffer")]
    pub max_buffer: f64,
    /// The tool call the child runs for ("" outside calls).
    #[serde(default)]
    pub call_id: String,
}

/// Node's default `maxBuffer` for the sync forms (1 MiB).
fn node_default_max_buffer() -> f64 {
    1024.0 * 1024.0
}

impl SpawnSyncRequest {
    fn max_buffer(&self) -> usize {
        if self.max_buffer < 0.0 || !self.max_buffer.is_finite() {
            HOST_MAX_BUFFER
        } else {
            (self.max_buffer as usize).min(HOST_MAX_BUFFER)
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SpawnSyncResult {
    pid: u32,
    stdout: ToJsBuffer,
    stderr: ToJsBuffer,
    status: Option<i32>,
    signal: Option<String>,
    /// `CODE: description` when the child could not be started or timed out.
    error: Option<String>,
}

/// What a blocking child produced (the op hands it to JavaScript as `SpawnSyncResult`).
#[derive(Debug)]
pub(crate) struct SyncOutput {
    pub pid: u32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: Option<i32>,
    pub signal: Option<String>,
    pub error: Option<String>,
}

impl From<SyncOutput> for SpawnSyncResult {
    fn from(out: SyncOutput) -> Self {
        SpawnSyncResult {
            pid: out.pid,
            stdout: out.stdout.into(),
            stderr: out.stderr.into(),
            status: out.status,
            signal: out.signal,
            error: out.error,
        }
    }
}

/// Reads `reader` to its end on a helper thread, keeping at most `limit` bytes; past that the
/// child's group gets `kill_signal` once (`overflowed` is set) and the rest is read and dropped.
fn drain<R: Read + Send + 'static>(reader: Option<R>, limit: usize, overflowed: Arc<AtomicBool>, pgid: i32, kill_signal: i32) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let Some(mut reader) = reader else { return bytes };
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let n = match reader.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let room = limit - bytes.len();
            bytes.extend_from_slice(&chunk[..n.min(room)]);
            if n > room && !overflowed.swap(true, Ordering::SeqCst) {
                crate::children::signal_group(pgid, kill_signal);
            }
        }
        bytes
    })
}

/// What a child that never started produced: only the reason.
fn not_started(error: String) -> SyncOutput {
    SyncOutput {
        pid: 0,
        stdout: Vec::new(),
        stderr: Vec::new(),
        status: None,
        signal: None,
        error: Some(error),
    }
}

/// Runs `cmd`, the command made from `request` (checked against the tool's permissions), to
/// completion; never throws (failures are in `error`, as spawnSync does).
pub(crate) fn run_command(cmd: std::process::Command, request: SpawnSyncRequest, input: Vec<u8>, registry: &ChildRegistry) -> SyncOutput {
    let call_id = Some(request.call_id.as_str()).filter(|c| !c.is_empty());
    let (mut child, registry_id) = match registry.spawn_std(cmd, call_id, false) {
        Ok(started) => started,
        Err(e) => return not_started(describe(&e)),
    };
    let pid = child.id();
    if let Some(mut stdin) = child.stdin.take() {
        thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let overflowed = Arc::new(AtomicBool::new(false));
    let limit = request.max_buffer();
    let stdout = drain(child.stdout.take(), limit, overflowed.clone(), pid as i32, request.kill_signal);
    let stderr = drain(child.stderr.take(), limit, overflowed.clone(), pid as i32, request.kill_signal);
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(child.wait());
    });
    let mut timed_out = false;
    let status = if request.timeout > 0.0 {
        match rx.recv_timeout(Duration::from_secs_f64(request.timeout / 1000.0)) {
            Ok(status) => status,
            Err(_) => {
                timed_out = true;
                crate::children::signal_group(pid as i32, request.kill_signal);
                rx.recv().unwrap_or_else(|_| Err(std::io::Error::other("wait failed")))
            }
        }
    } else {
        rx.recv().unwrap_or_else(|_| Err(std::io::Error::other("wait failed")))
    };
    let exit = exit_info(status);
    let (stdout, stderr) = (stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
    registry.release(registry_id);
    let error = if timed_out {
        Some("ETIMEDOUT: connection timed out".to_string())
    } else if overflowed.load(Ordering::SeqCst) {
        Some("ENOBUFS: no buffer space available".to_string())
    } else {
        None
    };
    SyncOutput {
        pid,
        stdout,
        stderr,
        status: exit.code,
        signal: exit.signal,
        error,
    }
}

/// Runs a child to its end, if the tool's permissions let it start it (a refusal is the
/// result's `error`, `EACCES: permission denied: …`, as spawnSync reports a child that could
/// not start). The wait is declared to the watchdog (as the job's whose code runs), so it is
/// not taken for a wedged engine: a stop of that job kills the child, which ends the wait.
#[op2]
#[serde]
pub(crate) fn op_node_spawn_sync(scope: &mut v8::PinScope<'_, '_>, #[serde] request: SpawnSyncRequest, #[buffer] input: &[u8]) -> SpawnSyncResult {
    let (registry, cmd) = {
        let state = deno_core::JsRuntime::op_state_from(scope);
        let state = state.borrow();
        (state.borrow::<ChildRegistry>().clone(), permitted_command(&state, &request.child))
    };
    let cmd = match cmd {
        Ok(cmd) => cmd,
        Err(refused) => return not_started(refused.to_string()).into(),
    };
    let _waiting = crate::ext::node::fs::wait::begin(scope);
    run_command(cmd, request, input.to_vec(), &registry).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(command: &str, args: &[&str], call_id: &str) -> SpawnSyncRequest {
        SpawnSyncRequest {
            child: ChildSpec {
                command: command.into(),
                args: args.iter().map(|a| a.to_string()).collect(),
                cwd: "/".into(),
                env: std::env::vars().collect(),
                stdin: "pipe".into(),
                stdout: "pipe".into(),
                stderr: "pipe".into(),
                argv0: None,
            },
            timeout: 0.0,
            kill_signal: libc::SIGTERM,
            max_buffer: -1.0,
            call_id: call_id.into(),
        }
    }

    fn run(request: SpawnSyncRequest, input: Vec<u8>, registry: &ChildRegistry) -> SyncOutput {
        let cmd = request.child.command();
        run_command(cmd, request, input, registry)
    }

    #[test]
    fn captures_output_status_and_input() {
        let result = run(request("sh", &["-c", "cat; echo err >&2; exit 3"], ""), b"fed".to_vec(), &ChildRegistry::new());
        assert_eq!(result.stdout, b"fed");
        assert_eq!(result.stderr, b"err\n");
        assert_eq!(result.status, Some(3));
        assert!(result.error.is_none());
    }

    #[test]
    fn timeout_kills_the_group() {
        let mut req = request("sh", &["-c", "sleep 30; echo never"], "");
        req.timeout = 100.0;
        let started = std::time::Instant::now();
        let result = run(req, Vec::new(), &ChildRegistry::new());
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(result.signal.as_deref(), Some("SIGTERM"));
        assert_eq!(result.error.as_deref(), Some("ETIMEDOUT: connection timed out"));
    }

    #[test]
    fn another_thread_can_kill_a_calls_blocking_child() {
        let registry = ChildRegistry::new();
        let engine_side = registry.clone();
        let worker = thread::spawn(move || run(request("sleep", &["30"], "blocking-call"), Vec::new(), &engine_side));
        let started = std::time::Instant::now();
        while registry.kill_call("blocking-call") == 0 {
            assert!(started.elapsed() < Duration::from_secs(5), "the child never showed up in the registry");
            thread::sleep(Duration::from_millis(10));
        }
        let result = worker.join().unwrap();
        assert_eq!(result.signal.as_deref(), Some("SIGKILL"));
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(registry.kill_call("blocking-call"), 0, "finished children leave the registry");
    }

    #[test]
    fn output_past_max_buffer_kills_the_child_with_enobufs() {
        let mut req = request("sh", &["-c", "yes | head -c 5000000; echo done >&2"], "");
        req.max_buffer = 1000.0;
        let result = run(req, Vec::new(), &ChildRegistry::new());
        assert_eq!(result.stdout.len(), 1000);
        assert_eq!(result.error.as_deref(), Some("ENOBUFS: no buffer space available"));
        assert_eq!(result.signal.as_deref(), Some("SIGTERM"));
        let mut unbounded = request("sh", &["-c", "yes | head -c 3000000"], "");
        unbounded.max_buffer = f64::INFINITY;
        assert_eq!(run(unbounded, Vec::new(), &ChildRegistry::new()).stdout.len(), 3_000_000);
    }
}
