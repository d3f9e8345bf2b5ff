//! A minimal MCP client speaking raw JSON-RPC lines over a server's stdin/stdout: the handshake
//! (`initialize`, `notifications/initialized`, `tools/list`) and `tools/call` of the `echo`
//! tool, each reply checked against its request. Cheap on purpose (one thread, no async
//! runtime, requests formatted by hand), since client and server share the machine. Every wait
//! is bounded: a server that stops answering, or dies, becomes an error that says which, with
//! its exit status and the end of its stderr.

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::process::ChildStdin;
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use super::lines::{LineReader, ReadError};
use super::server::{ServerProcess, ServerSpec};

/// The revision the handshake asks for; every server under test speaks it.
const PROTOCOL_VERSION: &str = "2025-06-18";
/// How long a dying server gets to report its exit status in an error message.
const EXIT_REPORT_GRACE: Duration = Duration::from_secs(1);
const INITIALIZE_ID: u64 = 1;
const LIST_ID: u64 = 2;
const FIRST_CALL_ID: u64 = 3;

/// One JSON-RPC message from the server, with the result typed as the caller expects (a
/// missing member is None).
#[derive(Deserialize)]
struct Incoming<T> {
    id: Option<Value>,
    method: Option<String>,
    result: Option<T>,
    error: Option<Value>,
}

#[derive(Deserialize)]
struct ListResult {
    tools: Vec<NamedTool>,
}

#[derive(Deserialize)]
struct NamedTool {
    name: String,
}

#[derive(Deserialize)]
struct CallResult {
    content: Vec<ContentBlock>,
    #[serde(default, rename = "isError")]
    is_error: bool,
}

#[derive(Deserialize)]
struct ContentBlock {
    #[serde(default)]
    text: Option<String>,
}

pub struct Connection {
    process: ServerProcess,
    stdin: Option<ChildStdin>,
    lines: LineReader,
    stall_timeout: Duration,
    next_id: u64,
    /// Ids of the `tools/call` requests sent and not answered yet.
    outstanding: HashSet<u64>,
}

impl Connection {
    /// Starts the server; `stall_timeout` bounds every wait for one of its messages.
    pub fn spawn(spec: &ServerSpec, scratch: &Path, stall_timeout: Duration) -> Result<Connection> {
        let (process, stdin, stdout) = ServerProcess::spawn(spec, scratch)?;
        Ok(Connection {
            process,
            stdin: Some(stdin),
            lines: LineReader::new(stdout),
            stall_timeout,
            next_id: FIRST_CALL_ID,
            outstanding: HashSet::new(),
        })
    }

    pub fn label(&self) -> &str {
        &self.process.label
    }

    pub fn server_pid(&self) -> u32 {
        self.process.pid()
    }

    /// For error messages: whether the server still runs, and the end of its stderr.
    pub fn describe_server(&mut self) -> String {
        self.process.describe_end(Duration::ZERO)
    }

    pub fn in_flight(&self) -> usize {
        self.outstanding.len()
    }

    /// The handshake up to the first `tools/list` answer; the names of the listed tools.
    pub fn initialize_and_list(&mut self) -> Result<Vec<String>> {
        let initialize = serde_json::json!({
            "jsonrpc": "2.0", "id": INITIALIZE_ID, "method": "initialize",
            "params": { "protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": { "name": "omp-host-bench-mcp", "version": "1.0.0" } },
        });
        self.send(&initialize.to_string())?;
        self.expect_result::<Value>(INITIALIZE_ID, "initialize")?;
        self.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)?;
        self.send(&format!(r#"{{"jsonrpc":"2.0","id":{LIST_ID},"method":"tools/list"}}"#))?;
        let list: ListResult = self.expect_result(LIST_ID, "tools/list")?;
        Ok(list.tools.into_iter().map(|t| t.name).collect())
    }

    /// Sends one `tools/call` of `echo` whose text names the request id.
    pub fn send_echo(&mut self) -> Result<()> {
        let id = self.next_id;
        self.next_id += 1;
        let line = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"echo {id}"}}}}}}"#);
        self.send(&line)?;
        self.outstanding.insert(id);
        Ok(())
    }

    /// Waits for the reply to one of the outstanding calls and checks it echoed its own text.
    pub fn receive_echo(&mut self) -> Result<()> {
        if self.outstanding.is_empty() {
            bail!("{}: no call is outstanding", self.label());
        }
        let (id, result) = loop {
            let message: Incoming<CallResult> = self.read_message("tools/call")?;
            if let Some(id) = self.answered_id(&message)? {
                break (id, message.result);
            }
        };
        if !self.outstanding.remove(&id) {
            bail!("{}: a reply to id {id}, which is not an outstanding call", self.label());
        }
        let result = result.ok_or_else(|| anyhow!("{}: reply {id} to tools/call has no result", self.label()))?;
        let text = result.content.first().and_then(|block| block.text.as_deref());
        if result.is_error || text != Some(format!("echo {id}").as_str()) {
            bail!(
                "{}: tools/call {id} answered {:?} (isError {}), expected \"echo {id}\"",
                self.label(),
                text,
                result.is_error
            );
        }
        Ok(())
    }

    /// Closes the server's stdin and waits up to `grace` for it to exit; false when it did not
    /// (it is killed then, as everything left in its process group is either way).
    pub fn close(mut self, grace: Duration) -> bool {
        self.stdin = None;
        self.process.wait_exit(grace).is_some()
    }

    /// Writes one message and its newline. It never blocks for long: the client has at most a
    /// few dozen small requests unanswered, far below a pipe's capacity.
    fn send(&mut self, message: &str) -> Result<()> {
        let stdin = self.stdin.as_mut().expect("stdin is open until close");
        if let Err(error) = stdin.write_all(format!("{message}\n").as_bytes()) {
            let end = self.process.describe_end(EXIT_REPORT_GRACE);
            bail!("{}: cannot write a request ({error}): {end}", self.label());
        }
        Ok(())
    }

    /// The id of `message` when it is a reply; None for notifications. A request from the
    /// server gets a `method not found` error (this client offers no capabilities).
    fn answered_id<T>(&mut self, message: &Incoming<T>) -> Result<Option<u64>> {
        match (&message.method, &message.id) {
            (Some(_), None) => Ok(None),
            (Some(method), Some(id)) => {
                let reply = serde_json::json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32601, "message": format!("the benchmark client does not serve {method}") } });
                self.send(&reply.to_string())?;
                Ok(None)
            }
            (None, Some(id)) => {
                if let Some(error) = &message.error {
                    bail!("{}: request {id} failed: {error}", self.label());
                }
                id.as_u64()
                    .map(Some)
                    .ok_or_else(|| anyhow!("{}: a reply with id {id}, which this client never sent", self.label()))
            }
            (None, None) => bail!("{}: a message that is neither a request, a notification nor a reply", self.label()),
        }
    }

    /// Reads messages until the reply to `id`, and returns its result.
    fn expect_result<T: DeserializeOwned>(&mut self, id: u64, what: &str) -> Result<T> {
        loop {
            let message: Incoming<T> = self.read_message(what)?;
            match self.answered_id(&message)? {
                Some(got) if got == id => return message.result.ok_or_else(|| anyhow!("{}: the reply to {what} has no result", self.label())),
                Some(got) => bail!("{}: a reply to id {got} while waiting for {what} (id {id})", self.label()),
                None => {}
            }
        }
    }

    /// The next message, parsed; a closed or silent server becomes an error naming `waiting_for`.
    fn read_message<T: DeserializeOwned>(&mut self, waiting_for: &str) -> Result<Incoming<T>> {
        let line = match self.lines.next_line(self.stall_timeout) {
            Ok(line) => serde_json::from_slice::<Incoming<T>>(line).map_err(|e| (e, String::from_utf8_lossy(line).chars().take(300).collect::<String>())),
            Err(error) => {
                let problem = match error {
                    ReadError::Closed => "the server closed its stdout".to_string(),
                    ReadError::Stalled(timeout) => format!("no message from the server within {:.1} s", timeout.as_secs_f64()),
                    ReadError::Io(e) => format!("cannot read the server's stdout: {e}"),
                };
                let end = self.process.describe_end(EXIT_REPORT_GRACE);
                bail!(
                    "{}: {problem} while waiting for {waiting_for} ({} call(s) in flight); {end}",
                    self.label(),
                    self.outstanding.len()
                );
            }
        };
        line.map_err(|(error, text)| anyhow!("{}: unreadable message while waiting for {waiting_for} ({error}): {text}", self.label()))
    }
}
