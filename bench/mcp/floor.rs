//! The floor: the least a stdio MCP server can do per call. One thread reads a line, parses it
//! with serde_json and writes the answer (the `echo` tool's text), blocking on the pipes, with
//! no async runtime, no validation and no library between. Its figures are what this
//! machine's pipes, wake-ups and context switches cost by themselves: no server of this shape
//! (a separate process answering over pipes) can beat them. The benchmark binary serves it
//! when started with `--serve-floor` (server spec `LABEL=floor`).

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use serde_json::{json, Value};

/// The argument that makes the benchmark binary serve the floor instead of measuring.
pub const SERVE_FLOOR: &str = "--serve-floor";

/// Serves stdin to stdout until stdin ends.
pub fn serve() -> Result<()> {
    serve_lines(std::io::stdin().lock(), std::io::stdout().lock())
}

/// Answers each request line of `input` on `output`, flushed at once.
pub fn serve_lines(input: impl BufRead, mut stdout: impl Write) -> Result<()> {
    for line in input.lines() {
        let line = line.context("floor: read stdin")?;
        if line.trim().is_empty() {
            continue;
        }
        let message: Value = serde_json::from_str(&line).with_context(|| format!("floor: not JSON: {line}"))?;
        // Notifications (no id) get no answer.
        let Some(id) = message.get("id") else { continue };
        let answer = match message["method"].as_str().unwrap_or("") {
            "initialize" => json!({ "jsonrpc": "2.0", "id": id, "result": {
                "protocolVersion": message["params"]["protocolVersion"],
                "capabilities": { "tools": {} },
                "serverInfo": { "name": "floor", "version": "0" },
            }}),
            "tools/list" => json!({ "jsonrpc": "2.0", "id": id, "result": { "tools": [{
                "name": "echo",
                "description": "Returns its text argument",
                "inputSchema": { "type": "object", "properties": { "text": { "type": "string" } }, "required": ["text"] },
            }]}}),
            "tools/call" => json!({ "jsonrpc": "2.0", "id": id, "result": {
                "content": [{ "type": "text", "text": message["params"]["arguments"]["text"] }],
            }}),
            other => json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32601, "message": format!("Method not found: {other}") } }),
        };
        serde_json::to_writer(&mut stdout, &answer).context("floor: write stdout")?;
        stdout.write_all(b"\n").context("floor: write stdout")?;
        stdout.flush().context("floor: write stdout")?;
    }
    Ok(())
}
