//! A running `omp-host run` or `omp-host mcp`, driven line by line. Tests send a request,
//! then wait for the event that answers it before sending the next one — never for a
//! wall-clock delay. Every wait is bounded, so a host that hangs fails the test instead of
//! hanging CI; a host still running when the test ends is killed.

use std::io::{BufRead, Write};
use std::process::{Child, ChildStdin, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::Sandbox;

/// How long any single wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(30);

pub struct LineHost {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Value>,
    /// Every line received so far, in order.
    pub seen: Vec<Value>,
    stderr: Option<std::thread::JoinHandle<String>>,
    /// The host's stderr when the test plays a client that never reads it.
    _unread_stderr: Option<std::process::ChildStderr>,
}

impl LineHost {
    /// Starts `omp-host <args…>` in the sandbox.
    pub fn start(sb: &Sandbox, args: &[&str]) -> LineHost {
        LineHost::spawn(sb, args, true, &[])
    }

    /// `start`, for a client that never reads the host's stderr (the pipe fills up).
    pub fn start_unread_stderr(sb: &Sandbox, args: &[&str]) -> LineHost {
        LineHost::spawn(sb, args, false, &[])
    }

    /// `start` with these environment variables set for the host.
    pub fn start_with_env(sb: &Sandbox, args: &[&str], env: &[(&str, &str)]) -> LineHost {
        LineHost::spawn(sb, args, true, env)
    }

    fn spawn(sb: &Sandbox, args: &[&str], read_stderr: bool, env: &[(&str, &str)]) -> LineHost {
        let mut child = sb
            .command(args)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn omp-host");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                let value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("output line is not JSON ({e}): {line}"));
                if sender.send(value).is_err() {
                    return;
                }
            }
        });
        let mut stderr = child.stderr.take().unwrap();
        let (stderr, unread_stderr) = if read_stderr {
            let reader = std::thread::spawn(move || {
                // Bytes, then text: one byte that is not UTF-8 must not lose the rest.
                let mut bytes = Vec::new();
                let _ = std::io::Read::read_to_end(&mut stderr, &mut bytes);
                String::from_utf8_lossy(&bytes).into_owned()
            });
            (Some(reader), None)
        } else {
            (None, Some(stderr))
        };
        let stdin = child.stdin.take();
        LineHost {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            stderr,
            _unread_stderr: unread_stderr,
        }
    }

    /// `omp-host run` (plus `extra`), once it has printed `ready`.
    pub fn run(sb: &Sandbox, extra: &[&str]) -> LineHost {
        let mut args = vec!["run"];
        args.extend_from_slice(extra);
        let mut host = LineHost::start(sb, &args);
        host.wait_for("the ready line", |e| e["type"] == "ready");
        host
    }

    /// Writes one line to the host's stdin.
    pub fn send(&mut self, line: impl AsRef<str>) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{}", line.as_ref()).expect("write to omp-host");
        stdin.flush().unwrap();
    }

    /// Writes raw bytes (for malformed input).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Closes stdin (end of input) without waiting for anything.
    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Sends a `run` call request.
    pub fn call(&mut self, id: &str, tool: &str, params: Value) {
        self.send(super::call_line(id, tool, params));
    }

    /// Starts `omp-host mcp` (plus `extra`) and completes the MCP handshake.
    pub fn mcp(sb: &Sandbox, extra: &[&str]) -> LineHost {
        let mut args = vec!["mcp"];
        args.extend_from_slice(extra);
        LineHost::mcp_handshake(LineHost::start(sb, &args))
    }

    /// Completes the MCP handshake with a host started in `mcp` mode.
    pub fn mcp_handshake(mut host: LineHost) -> LineHost {
        let client = serde_json::json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}});
        host.send(rpc(0, "initialize", client));
        host.rpc_response(0);
        host.send(serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
        host
    }

    /// Waits for the MCP response to request `id`.
    pub fn rpc_response(&mut self, id: i64) -> Value {
        self.wait_for(&format!("the response to request {id}"), |l| {
            l["id"] == id && (l.get("result").is_some() || l.get("error").is_some())
        })
    }

    /// Sends a `run` cancel request.
    pub fn cancel(&mut self, id: &str) {
        self.send(serde_json::json!({ "type": "cancel", "id": id }).to_string());
    }

    /// Waits (bounded) for the next line that matches `matches`, keeping every line seen.
    pub fn wait_for(&mut self, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        self.wait_for_within(WAIT, what, matches)
    }

    /// `wait_for` with its own bound (for premises that take long by design).
    pub fn wait_for_within(&mut self, limit: Duration, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        if let Some(found) = self.seen.iter().find(|e| matches(e)) {
            return found.clone();
        }
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if matches(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("waited {limit:?} for {what}; saw {:#?}", self.seen),
                Err(RecvTimeoutError::Disconnected) => panic!("omp-host ended before {what}; saw {:#?}", self.seen),
            }
        }
    }

    /// Waits for call `id`'s end event and returns its result.
    pub fn result(&mut self, id: &str) -> Value {
        let end = self.wait_for(&format!("the end of call {id}"), |e| e["type"] == "tool_execution_end" && e["toolCallId"] == id);
        end["result"].clone()
    }

    /// Waits for call `id`'s first partial result (tools report one when they have begun).
    pub fn first_update(&mut self, id: &str) -> Value {
        self.wait_for(&format!("an update of call {id}"), |e| {
            e["type"] == "tool_execution_update" && e["toolCallId"] == id
        })
    }

    /// Closes stdin (end of input) and waits, bounded, for the host to exit; returns its
    /// status with every line it printed.
    pub fn finish(mut self) -> (ExitStatus, Vec<Value>) {
        drop(self.stdin.take());
        let status = self.wait_exit(WAIT);
        while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(500)) {
            self.seen.push(line);
        }
        (status, std::mem::take(&mut self.seen))
    }

    /// Waits, bounded, for the host to exit by itself.
    pub fn wait_exit(&mut self, limit: Duration) -> ExitStatus {
        match self.exited_within(limit) {
            Some(status) => status,
            None => {
                let _ = self.child.kill();
                panic!("omp-host did not exit within {limit:?}; saw {:#?}", self.seen);
            }
        }
    }

    /// The host's exit status once it exits, if it does within `limit`.
    fn exited_within(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The host's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends a signal to the host process.
    pub fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &self.pid().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Everything the host wrote to stderr. Its input is closed and it is let exit (within
    /// `WAIT`): the host writes stderr from a thread of its own and drains it at exit, so a
    /// host killed at once lost the lines still queued (a config error reported just before
    /// was missing in a CI run). Only a host still running after that is killed.
    pub fn stderr(mut self) -> String {
        drop(self.stdin.take());
        let _ = self.exited_within(WAIT);
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.stderr.take().and_then(|t| t.join().ok()).unwrap_or_default()
    }
}

impl Drop for LineHost {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A JSON-RPC request line.
pub fn rpc(id: i64, method: &str, params: Value) -> String {
    serde_json::json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }).to_string()
}

/// Waits, bounded, until `condition` holds (for effects outside the host's output, such as a
/// file a tool's child writes, or a process that must be gone).
pub fn wait_until(what: &str, condition: impl Fn() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !condition() {
        assert!(Instant::now() < deadline, "waited {WAIT:?} for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Whether any process's command line matches the `pgrep -f` pattern.
pub fn process_running(pattern: &str) -> bool {
    let found = std::process::Command::new("pgrep").args(["-f", pattern]).output().unwrap();
    !found.stdout.is_empty()
}
