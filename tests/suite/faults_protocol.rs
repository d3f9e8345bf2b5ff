//! The fault suite, protocol class: what a client can do to the host through its streams —
//! send bytes that are not UTF-8, never read stderr while tools write megabytes to it — and
//! what the host must still do: answer with an error naming the line, keep serving, and
//! exit when input ends. (Malformed JSON, deep JSON and huge request lines are covered in
//! tests/serve_core.rs and tests/mcp.rs.) Bounded time limits throughout.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::faults::*;
use crate::common::*;
use serde_json::{json, Value};

const ALIVE: (&str, &str) = ("ok", "return { content: [{ type: 'text', text: 'alive' }] };");

#[test]
fn input_that_is_not_utf8_gets_an_error_naming_the_line_and_run_goes_on() {
    let sb = Sandbox::new("not-utf8");
    sb.write("project/.omp/tools/t.ts", &tools_module(&[ALIVE]));
    let mut host = LineHost::run(&sb, &[]);
    host.send_bytes(b"\xff\xfe\n");
    host.send_bytes(b"{\"type\": \"call\", \"id\": \"caf\xe9\", \"tool\": \"ok\"}\n");
    for line in [1, 2] {
        let message = format!("input line {line}: not UTF-8 text; the line was skipped");
        host.wait_for(&message, |e| e["type"] == "error" && e["message"] == message.as_str());
    }
    host.call("a", "ok", json!({}));
    assert_eq!(text(&host.result("a")), "alive");
    let (status, _) = host.finish();
    assert!(status.success());
}

/// A tool that reads the host's stdin took the client's next request: here through
/// descriptor 0, `/dev/stdin` and `/proc/self/fd/0`. Tools see an empty input, as they see
/// `process.stdin`, and the request reaches the host.
#[test]
fn a_tool_reading_stdin_never_takes_the_clients_requests() {
    let sb = Sandbox::new("stdin-steal");
    let tools = tools_module(&[
        ("read_fd0", "const b = Buffer.alloc(64); return { content: [{ type: 'text', text: 'read ' + fs.readSync(0, b) }] };"),
        ("read_dev_stdin", "return { content: [{ type: 'text', text: 'read ' + fs.readFileSync('/dev/stdin').length }] };"),
        ("read_proc_fd0", "const fd = fs.openSync('/proc/self/fd/0', 'r'); const n = fs.readSync(fd, Buffer.alloc(64)); fs.closeSync(fd); return { content: [{ type: 'text', text: 'read ' + n }] };"),
        ALIVE,
    ]);
    sb.write(
        "project/.omp/tools/t.ts",
        &format!("import fs from 'node:fs';\nimport {{ Buffer }} from 'node:buffer';\n{tools}"),
    );
    let mut host = LineHost::run(&sb, &[]);
    for (n, tool) in ["read_fd0", "read_dev_stdin", "read_proc_fd0"].iter().enumerate() {
        let (id, next) = (format!("r{n}"), format!("ok{n}"));
        host.call(&id, tool, json!({}));
        host.call(&next, "ok", json!({}));
        assert_eq!(text(&host.result(&next)), "alive", "{tool}");
        assert_eq!(text(&host.result(&id)), "read 0", "{tool}");
    }
    let (status, _) = host.finish();
    assert!(status.success());
}

/// Tools writing to the host's stdout by path, in each way `node:fs` offers.
const STDOUT_WRITERS: &[(&str, &str)] = &[
    ("write_file", "fs.writeFileSync('/dev/stdout', 'written by writeFileSync\\n'); return { content: [{ type: 'text', text: 'done' }] };"),
    ("append_file", "fs.appendFileSync('/proc/self/fd/1', 'written by appendFileSync\\n'); return { content: [{ type: 'text', text: 'done' }] };"),
    ("open_write", "const fd = fs.openSync('/dev/stdout', 'w'); fs.writeSync(fd, 'written by writeSync\\n'); fs.ftruncateSync(fd, 0); fs.closeSync(fd); return { content: [{ type: 'text', text: 'done' }] };"),
    ("stream", "const s = fs.createWriteStream('/dev/stdout'); s.write('written by a stream\\n'); await new Promise((done) => s.end(done)); return { content: [{ type: 'text', text: 'done' }] };"),
    ("copy", "fs.writeFileSync('/tmp/omp-host-copy-src-' + process.pid, 'written by copyFileSync\\n'); fs.copyFileSync('/tmp/omp-host-copy-src-' + process.pid, '/dev/stdout'); return { content: [{ type: 'text', text: 'done' }] };"),
    ("truncate", "fs.truncateSync('/dev/stdout', 0); return { content: [{ type: 'text', text: 'done' }] };"),
];

/// A tool writing `/dev/stdout` (or `/proc/self/fd/1`) put its text into the protocol, and
/// with stdout redirected to a file a `w` open or a truncate cut the host's own lines. What
/// tools write to the host's outputs goes to stderr, as `console.log` does.
#[test]
fn a_tool_writing_the_hosts_stdout_by_path_never_touches_the_protocol() {
    let sb = Sandbox::new("stdout-by-path");
    let names: Vec<&str> = STDOUT_WRITERS.iter().map(|(name, _)| *name).collect();
    sb.write(
        "project/.omp/tools/t.ts",
        &format!("import fs from 'node:fs';\n{}", tools_module(STDOUT_WRITERS)),
    );
    // Through a pipe, as clients read it.
    let mut host = LineHost::run(&sb, &[]);
    for name in &names {
        host.call(name, name, json!({}));
        assert_eq!(text(&host.result(name)), "done", "{name}");
    }
    let stderr = host.stderr();
    for what in ["writeFileSync", "appendFileSync", "writeSync", "a stream", "copyFileSync"] {
        assert!(stderr.contains(&format!("written by {what}")), "{what} missing on stderr: {stderr}");
    }
    // Into a file: every line of it is still one of the host's.
    let requests: String = names.iter().map(|name| call_line(name, name, json!({})) + "\n").collect();
    let input = sb.write("requests.jsonl", &requests);
    let output = sb.root.join("out.jsonl");
    let status = sb
        .command(&["run"])
        .stdin(std::fs::File::open(&input).unwrap())
        .stdout(std::fs::File::create(&output).unwrap())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let lines = std::fs::read_to_string(&output).unwrap();
    let events: Vec<serde_json::Value> = lines
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not a protocol line: {line:?} in {lines}")))
        .collect();
    assert_eq!(events[0]["type"], "ready", "{lines}");
    let ends = events.iter().filter(|e| e["type"] == "tool_execution_end").count();
    assert_eq!(ends, names.len(), "{lines}");
}

/// `--session-file` naming a FIFO hung the host at start, silently (the open waited for a
/// writer): it is refused at once, saying why.
#[test]
fn a_session_file_that_is_not_a_regular_file_is_refused_at_once() {
    let sb = Sandbox::new("session-fifo");
    let fifo = sb.root.join("session.jsonl");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let started = Instant::now();
    let out = run_bounded(sb.command(&["run", "--session-file", &path_str(&fifo)]), Duration::from_secs(20));
    assert!(!out.status.success(), "{}", stdout(&out));
    assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
}

/// A client that stops reading stdout (here: never reads it) while answers are queued: at
/// SIGTERM or end of input the host waited forever to write them. It waits while the
/// client reads, and exits once nothing has been read for 5 s, saying so on stderr.
#[test]
fn a_client_that_never_reads_stdout_does_not_keep_the_host_alive() {
    let sb = Sandbox::new("stdout-unread");
    sb.write(
        "project/.omp/tools/t.ts",
        &tools_module(&[("big", "return { content: [{ type: 'text', text: 'x'.repeat(200000) }] };")]),
    );
    let mut mcp_requests = vec![
        rpc(
            0,
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}),
        ),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
    ];
    mcp_requests.extend((1..=10).map(|id| rpc(id, "tools/call", json!({"name": "big", "arguments": {}}))));
    let run_requests: Vec<String> = (0..10).map(|n| call_line(&format!("c{n}"), "big", json!({}))).collect();
    for (front, requests) in [("run", &run_requests), ("mcp", &mcp_requests)] {
        for ending in ["SIGTERM", "end of input"] {
            let (mut host, stdin) = host_sent(&sb, front, requests);
            // One answer of 200 kB cannot fit in the pipe nobody reads (64 KiB): once part of
            // one is in the pipe the host's writer is stuck in it. Then end the session.
            let pipe = host.stdout.take().unwrap();
            wait_until("an answer to be partly written", || queued_in(&pipe) >= 32 * 1024);
            if ending == "SIGTERM" {
                assert!(Command::new("kill").args(["-TERM", &host.id().to_string()]).status().unwrap().success());
            } else {
                drop(stdin);
            }
            let ended = Instant::now();
            let out = wait_bounded(host, Duration::from_secs(30));
            assert!(out.status.success(), "{front}, {ending}: {}", stderr(&out));
            assert!(ended.elapsed() < Duration::from_secs(15), "{front}, {ending}: {:?}", ended.elapsed());
            assert!(
                stderr(&out).contains("the client read none of the host's output for 5 s"),
                "{front}, {ending}: {}",
                stderr(&out)
            );
        }
    }
}

/// `omp-host <front>` with every stream piped, sent `requests` (one a line); its stdin is
/// handed back, still open.
fn host_sent(sb: &Sandbox, front: &str, requests: &[String]) -> (std::process::Child, std::process::ChildStdin) {
    let mut host = sb
        .command(&[front])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = host.stdin.take().unwrap();
    stdin.write_all((requests.join("\n") + "\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    (host, stdin)
}

/// How many bytes wait in the pipe `stdout` reads from. (Only an answer line brings it to
/// 32 KiB: the other lines are a few hundred bytes.)
fn queued_in(stdout: &std::process::ChildStdout) -> i32 {
    let mut queued: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int into `queued`.
    unsafe { libc::ioctl(std::os::fd::AsRawFd::as_raw_fd(stdout), libc::FIONREAD, &mut queued) };
    queued
}

/// 3 MB to stderr per call (the pipe holds 64 KiB) through `console.error`, a
/// `tty.WriteStream` and `fs.writeSync(2, …)`, and an `onSession` handler that fails at
/// shutdown (the host reports that on stderr too, in `mcp`).
const FLOOD: &str = "import tty from 'node:tty';
import fs from 'node:fs';
const terminal = new tty.WriteStream(2);
export default () => ({ name: 'flood', label: 'f', description: 'd', parameters: { type: 'object', properties: {} },
  onSession(event) { if (event.reason === 'shutdown') throw new Error('no goodbye'); },
  async execute() { for (let i = 0; i < 10; i++) { console.error('x'.repeat(100000)); terminal.write('y'.repeat(100000)); fs.writeSync(2, 'z'.repeat(100000)); } return { content: [{ type: 'text', text: 'flooded' }] }; } });
";

#[test]
fn a_run_client_that_never_reads_stderr_never_blocks_the_host() {
    let sb = Sandbox::new("stderr-unread-run");
    sb.write("project/.omp/tools/flood.ts", FLOOD);
    let mut host = LineHost::start_unread_stderr(&sb, &["run"]);
    host.wait_for("the ready line", |e| e["type"] == "ready");
    for i in 0..3 {
        let id = format!("f{i}");
        host.call(&id, "flood", json!({}));
        assert_eq!(text(&host.result(&id)), "flooded");
    }
    let closed = Instant::now();
    let (status, _) = host.finish();
    assert!(status.success(), "{status}");
    assert!(closed.elapsed() < Duration::from_secs(10), "{:?}", closed.elapsed());
}

#[test]
fn an_mcp_client_that_never_reads_stderr_never_blocks_the_host() {
    let sb = Sandbox::new("stderr-unread-mcp");
    sb.write("project/.omp/tools/flood.ts", FLOOD);
    let mut host = LineHost::mcp_handshake(LineHost::start_unread_stderr(&sb, &["mcp", "--no-watch"]));
    for id in 1..=3 {
        host.send(rpc(id, "tools/call", json!({"name": "flood", "arguments": {}})));
        assert_eq!(host.rpc_response(id)["result"]["content"][0]["text"], "flooded");
    }
    let closed = Instant::now();
    let (status, _) = host.finish();
    assert!(status.success(), "{status}");
    assert!(closed.elapsed() < Duration::from_secs(10), "{:?}", closed.elapsed());
}

/// A tool streaming 3,000 partial results of 100 kB while its client reads nothing: the host
/// kept every update queued (5 MB/s of growth in both front ends, without bound; 1,000 such
/// updates grew `run` by 119 MB). While the
/// output waiting to be written is over 4 MiB, a call's updates coalesce to its latest one,
/// which goes out once the client catches up; the result always does.
#[test]
fn updates_to_a_client_that_does_not_read_coalesce_instead_of_piling_up() {
    let sb = Sandbox::new("updates-unread");
    let marker = sb.root.join("flooded");
    sb.write(
        "project/.omp/tools/t.ts",
        &format!(
            "import {{ writeFileSync }} from 'node:fs';\n{}",
            tools_module(&[(
                "stream",
                &format!(
                    "const big = 'x'.repeat(100000); for (let i = 0; i < 3000; i++) {{ onUpdate({{ content: [{{ type: 'text', text: 'update ' + i + ' ' + big }}] }}); await new Promise((r) => setTimeout(r, 0)); }} writeFileSync({:?}, 'done\\n'); return {{ content: [{{ type: 'text', text: 'streamed' }}] }};",
                    marker.display().to_string()
                ),
            )])
        ),
    );
    let initialize = rpc(
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}),
    );
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    let mcp_call = rpc(1, "tools/call", json!({"name": "stream", "arguments": {}, "_meta": {"progressToken": "p"}}));
    let run_call = call_line("c", "stream", json!({}));
    for (front, requests) in [("run", vec![run_call]), ("mcp", vec![initialize, initialized, mcp_call])] {
        let _ = std::fs::remove_file(&marker);
        let (host, stdin, pipe, grown) = serve_a_client_that_reads_nothing(&sb, front, &requests, &marker);
        assert!(
            grown < 100,
            "{front}: the host grew by {grown} MB while its client read nothing (300 MB of updates)"
        );
        // Now the client reads: the latest update, then the result.
        let mut lines = std::io::BufReader::new(pipe);
        let mut updates = Vec::new();
        let result = loop {
            let mut line = String::new();
            assert!(std::io::BufRead::read_line(&mut lines, &mut line).unwrap() > 0, "{front}: output ended early");
            let message: Value = serde_json::from_str(&line).unwrap();
            let update = match front {
                "run" if message["type"] == "tool_execution_update" => message["partialResult"]["content"][0]["text"].as_str().map(String::from),
                "mcp" if message["method"] == "notifications/progress" => message["params"]["message"].as_str().map(String::from),
                _ => None,
            };
            if let Some(update) = update {
                updates.push(update.split(' ').take(2).collect::<Vec<_>>().join(" "));
            } else if message["type"] == "tool_execution_end" || message["id"] == 1 {
                break message;
            }
        };
        // (How many updates go out depends on how far behind the host's own relay was when
        // the client began to read; only the memory bound and the order are promised.)
        assert!(!updates.is_empty(), "{front}: no update went out");
        assert_eq!(updates.last().map(String::as_str), Some("update 2999"), "{front}: the latest update goes out");
        // run: the end event's `result`; mcp: the response's.
        assert_eq!(result["result"]["content"][0]["text"], "streamed", "{front}: {result}");
        drop(stdin);
        let out = wait_bounded(host, Duration::from_secs(30));
        assert!(out.status.success(), "{front}");
    }
}

/// The same with a tool logging 3,000 lines of 100 kB (`console.log`, which `mcp` sends as log
/// messages): logs cannot stand for each other, so while the client is behind they are
/// dropped and counted, and the count is said once it has caught up.
#[test]
fn mcp_log_messages_to_a_client_that_does_not_read_are_dropped_and_counted() {
    let sb = Sandbox::new("logs-unread");
    let marker = sb.root.join("logged");
    sb.write(
        "project/.omp/tools/t.ts",
        &format!(
            "import {{ writeFileSync }} from 'node:fs';\n{}",
            tools_module(&[(
                "chatty",
                &format!(
                    "const big = 'x'.repeat(100000); for (let i = 0; i < 3000; i++) {{ console.log('log ' + i + ' ' + big); await new Promise((r) => setTimeout(r, 0)); }} writeFileSync({:?}, 'done\\n'); return {{ content: [{{ type: 'text', text: 'chatted' }}] }};",
                    marker.display().to_string()
                ),
            )])
        ),
    );
    let requests = [
        rpc(
            0,
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}),
        ),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
        rpc(1, "tools/call", json!({"name": "chatty", "arguments": {}})),
    ];
    let (host, stdin, pipe, grown) = serve_a_client_that_reads_nothing(&sb, "mcp", &requests, &marker);
    assert!(grown < 100, "the host grew by {grown} MB while its client read nothing (300 MB of log lines)");
    // Now the client reads, on a thread of its own (bounded waits for each message).
    let (messages, received) = std::sync::mpsc::channel::<Value>();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(pipe)) {
            let Ok(line) = line else { return };
            if messages.send(serde_json::from_str(&line).unwrap_or(Value::Null)).is_err() {
                return;
            }
        }
    });
    let (mut answered, mut counted) = (false, false);
    while !(answered && counted) {
        let message = received
            .recv_timeout(Duration::from_secs(30))
            .expect("the answer and the dropped-messages count");
        answered |= message["id"] == 1 && message["result"]["content"][0]["text"] == "chatted";
        counted |= message["method"] == "notifications/message"
            && message["params"]["data"]
                .as_str()
                .is_some_and(|t| t.contains("log messages were dropped: the client was not reading"));
    }
    drop(stdin);
    let out = wait_bounded(host, Duration::from_secs(30));
    assert!(out.status.success());
}

/// Starts `omp-host <front>` with `requests` on its stdin and a client that reads none of its
/// stdout; waits until the tool's output has filled the pipe (the host is serving: its
/// resident memory then is the baseline) and the tool has written `marker` (it is done).
/// Returns the host, its stdin and stdout, and by how many MB its peak RSS passed the baseline.
fn serve_a_client_that_reads_nothing(
    sb: &Sandbox,
    front: &str,
    requests: &[String],
    marker: &std::path::Path,
) -> (std::process::Child, std::process::ChildStdin, std::process::ChildStdout, u64) {
    let mut host = sb
        .command(&[front])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = host.id();
    let mut stdin = host.stdin.take().unwrap();
    stdin.write_all((requests.join("\n") + "\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    let resident_mb = |key: &str| -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let line = status.lines().find(|l| l.starts_with(key)).unwrap().to_string();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
    };
    let pipe = host.stdout.take().unwrap();
    wait_until("the tool's first output to fill the pipe", || queued_in(&pipe) >= 32 * 1024);
    let baseline = resident_mb("VmRSS:");
    wait_for_file(marker, Duration::from_secs(60));
    let grown = resident_mb("VmHWM:").saturating_sub(baseline);
    (host, stdin, pipe, grown)
}

/// A client that closes its end of the host's stdout while a call runs and input stays open:
/// the host notices (nothing written is needed), cancels the call, kills its processes and
/// exits, as at end of input. It used to run on with its children for 15 s and more.
#[test]
fn a_closed_stdout_ends_the_session_and_its_children() {
    let sb = Sandbox::new("stdout-closed");
    sb.write(
        "project/.omp/tools/t.ts",
        &tools_module(&[("sleeper", "onUpdate({ content: [] }); const r = await pi.exec('sleep', [String(params.secs)], { signal }); return { content: [{ type: 'text', text: 'woke' }] };")]),
    );
    for (front, secs, requests) in [
        ("run", "61.7", vec![call_line("s", "sleeper", json!({"secs": "61.7"}))]),
        (
            "mcp",
            "61.8",
            vec![
                rpc(
                    0,
                    "initialize",
                    json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}),
                ),
                json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
                rpc(1, "tools/call", json!({"name": "sleeper", "arguments": {"secs": "61.8"}})),
            ],
        ),
    ] {
        let (mut host, stdin) = host_sent(&sb, front, &requests);
        let pattern = format!("sleep {}", secs.replace('.', "[.]"));
        wait_until("the call's child to start", || process_running(&pattern));
        drop(host.stdout.take());
        let out = wait_bounded(host, Duration::from_secs(30));
        assert!(out.status.success(), "{front}: {}", stderr(&out));
        assert!(!process_running(&pattern), "{front}: the call's child is killed");
        drop(stdin);
    }
}
