//! Blocking child processes for `execSync`, `execFileSync` and `spawnSync`: the JavaScript
//! thread waits (tools call these at module load), stdio is captured on helper threads, and a
//! timeout kills the child's process group.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use deno_core::{op2, ToJsBuffer};
use serde::{Deserialize, Serialize};

use super::errors::describe;
use super::spawn::{exit_info, stdio_for};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpawnSyncRequest {
    pub command: String,
    pub args: Vec<String>,
    pub cwd: String,
    pub env: BTreeMap<String, String>,
    /// `pipe`, `ignore` or `inherit`, per stream (stdin is fed `input` when piped).
    pub stdin: String,
    pub stdout: String,
    pub stderr: String,
    /// Milliseconds; 0 for none.
    pub timeout: f64,
    pub kill_signal: i32,
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
pub fn run(request: SpawnSyncRequest, input: Vec<u8>) -> SpawnSyncResult {
    let empty = |error: String| SpawnSyncResult { pid: 0, stdout: Vec::new().into(), stderr: Vec::new().into(), status: None, signal: None, error: Some(error) };
    let mut cmd = Command::new(&request.command);
    cmd.args(&request.args)
        .current_dir(&request.cwd)
        .env_clear()
        .envs(&request.env)
        .stdin(stdio_for(&request.stdin, false))
        .stdout(stdio_for(&request.stdout, true))
        .stderr(stdio_for(&request.stderr, true))
        .process_group(0);
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => return empty(describe(&e)),
    };
    let pid = child.id();
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
    let exit = exit_info(status);
    SpawnSyncResult {
        pid,
        stdout: stdout.join().unwrap_or_default().into(),
        stderr: stderr.join().unwrap_or_default().into(),
        status: exit.code,
        signal: exit.signal,
        error: timed_out.then(|| "ETIMEDOUT: connection timed out".to_string()),
    }
}

#[op2]
#[serde]
pub fn op_node_spawn_sync(#[serde] request: SpawnSyncRequest, #[buffer] input: &[u8]) -> SpawnSyncResult {
    run(request, input.to_vec())
}
