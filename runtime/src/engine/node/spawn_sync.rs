//! Blocking child processes for `execSync`, `execFileSync` and `spawnSync`: the JavaScript
//! thread waits (tools call these at module load), stdio is captured on helper threads, and a
//! timeout kills the child's process group. While the engine thread is blocked here, the
//! running children are listed in a process-wide registry, so another thread (a cancellation
//! or the watchdog) can kill them with `kill_blocking_for_call` / `kill_all_blocking`.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::sync::{mpsc, Mutex};
use std::thread;
use std::time::Duration;

use deno_core::{op2, ToJsBuffer};
use serde::{Deserialize, Serialize};

use super::errors::describe;
use super::spawn::{exit_info, ChildSpec};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpawnSyncRequest {
    /// What to run (stdin is fed `input` when piped).
    #[serde(flatten)]
    pub child: ChildSpec,
    /// Milliseconds; 0 for none.
    pub timeout: f64,
    pub kill_signal: i32,
    /// The tool call the child runs for ("" outside calls).
    #[serde(default)]
    pub call_id: String,
}

/// (process group, call id) of every blocking child currently running.
static BLOCKING: Mutex<Vec<(i32, String)>> = Mutex::new(Vec::new());

fn kill_matching(matches: impl Fn(&str) -> bool) -> usize {
    let running = BLOCKING.lock().unwrap_or_else(|e| e.into_inner());
    running
        .iter()
        .filter(|(_, call)| matches(call))
        // SAFETY: signalling a process group is memory-safe.
        .filter(|(pgid, _)| unsafe { libc::kill(-*pgid, libc::SIGKILL) } == 0)
        .count()
}

/// Kills the blocking children started for `call_id` (callable from any thread).
pub fn kill_blocking_for_call(call_id: &str) -> usize {
    kill_matching(|call| call == call_id)
}

/// Kills every blocking child (callable from any thread).
pub fn kill_all_blocking() -> usize {
    kill_matching(|_| true)
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpawnSyncResult {
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
pub struct SyncOutput {
    pub pid: u32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: Option<i32>,
    pub signal: Option<String>,
    pub error: Option<String>,
}

impl From<SyncOutput> for SpawnSyncResult {
    fn from(out: SyncOutput) -> Self {
        SpawnSyncResult { pid: out.pid, stdout: out.stdout.into(), stderr: out.stderr.into(), status: out.status, signal: out.signal, error: out.error }
    }
}

fn drain<R: Read + Send + 'static>(reader: Option<R>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut r) = reader {
            let _ = r.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Runs the child to completion; never throws (failures are in `error`, as spawnSync does).
pub fn run(request: SpawnSyncRequest, input: Vec<u8>) -> SyncOutput {
    let empty = |error: String| SyncOutput { pid: 0, stdout: Vec::new(), stderr: Vec::new(), status: None, signal: None, error: Some(error) };
    let mut cmd = request.child.command();
    cmd.process_group(0);
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => return empty(describe(&e)),
    };
    let pid = child.id();
    BLOCKING.lock().unwrap_or_else(|e| e.into_inner()).push((pid as i32, request.call_id.clone()));
    if let Some(mut stdin) = child.stdin.take() {
        thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
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
                // SAFETY: signalling our child's process group is memory-safe.
                unsafe {
                    libc::kill(-(pid as i32), request.kill_signal);
                }
                rx.recv().unwrap_or_else(|_| Err(std::io::Error::other("wait failed")))
            }
        }
    } else {
        rx.recv().unwrap_or_else(|_| Err(std::io::Error::other("wait failed")))
    };
    BLOCKING.lock().unwrap_or_else(|e| e.into_inner()).retain(|(p, _)| *p != pid as i32);
    let exit = exit_info(status);
    SyncOutput {
        pid,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        status: exit.code,
        signal: exit.signal,
        error: timed_out.then(|| "ETIMEDOUT: connection timed out".to_string()),
    }
}

#[op2]
#[serde]
pub fn op_node_spawn_sync(#[serde] request: SpawnSyncRequest, #[buffer] input: &[u8]) -> SpawnSyncResult {
    run(request, input.to_vec()).into()
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
            call_id: call_id.into(),
        }
    }

    #[test]
    fn captures_output_status_and_input() {
        let result = run(request("sh", &["-c", "cat; echo err >&2; exit 3"], ""), b"fed".to_vec());
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
        let result = run(req, Vec::new());
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(result.signal.as_deref(), Some("SIGTERM"));
        assert_eq!(result.error.as_deref(), Some("ETIMEDOUT: connection timed out"));
    }

    #[test]
    fn another_thread_can_kill_a_calls_blocking_child() {
        let worker = thread::spawn(|| run(request("sleep", &["30"], "blocking-call"), Vec::new()));
        let started = std::time::Instant::now();
        while kill_blocking_for_call("blocking-call") == 0 {
            assert!(started.elapsed() < Duration::from_secs(5), "the child never showed up in the registry");
            thread::sleep(Duration::from_millis(10));
        }
        let result = worker.join().unwrap();
        assert_eq!(result.signal.as_deref(), Some("SIGKILL"));
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(kill_blocking_for_call("blocking-call"), 0, "finished children leave the registry");
    }
}
