//! Tests of the serve-core benchmark's parts (bench/mcp): the closed loop counts what it claims
//! against the real `omp-host mcp`, keeps exactly N calls in flight, checks every reply, fails
//! with a clear message within a bounded time when a server stalls or dies, and leaves no server
//! process behind; CPU accounting reads /proc correctly; the table computes its ratios.

#[allow(dead_code)]
#[path = "../../bench/mcp/client.rs"]
mod client;
#[allow(dead_code)]
#[path = "../../bench/mcp/lines.rs"]
mod lines;
#[allow(dead_code)]
#[path = "../../bench/mcp/measure.rs"]
mod measure;
#[allow(dead_code)]
#[path = "../../bench/mcp/proc_cpu.rs"]
mod proc_cpu;
#[allow(dead_code)]
#[path = "../../bench/mcp/server.rs"]
mod server;
#[allow(dead_code)]
#[path = "../../bench/mcp/table.rs"]
mod table;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use client::Connection;
use measure::{closed_loop, connect, Length, Window};
use server::{Kind, ServerSpec};

/// A fake MCP server: answers the handshake (listing only `other` in mode `no-echo`, with a
/// line on stderr), then treats `tools/call` as `$1` says: `stall`
/// (starts a `sleep` child, writes its pid to `$2`, never answers), `die` (exits with status
/// 3 after a line on stderr), `wrong` (answers with another call's text), or `batch-N` (answers
/// only once N calls are waiting, then all of them).
const FAKE_SERVER: &str = r#"
mode="$1"; waiting=""; count=0
while IFS= read -r line; do
  case "$line" in
    *'"method":"initialize"'*) printf '%s\n' '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"0"}}}' ;;
    *'"method":"tools/list"'*)
      tool=echo; [ "$mode" = no-echo ] && { tool=other; echo "fake server: echo did not load" >&2; }
      printf '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"%s","inputSchema":{"type":"object"}}]}}\n' "$tool" ;;
    *'"method":"tools/call"'*)
      id=${line#*\"id\":}; id=${id%%,*}
      case "$mode" in
        stall) sleep 600 & echo $! > "$2"; wait; exit 0 ;;
        die) echo "fake server: giving up on tools/call $id" >&2; exit 3 ;;
        wrong) printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"echo 999"}]}}\n' "$id" ;;
        batch-*)
          waiting="$waiting $id"; count=$((count + 1))
          if [ "$count" -eq "${mode#batch-}" ]; then
            for w in $waiting; do printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"echo %s"}]}}\n' "$w" "$w"; done
            waiting=""; count=0
          fi ;;
      esac ;;
  esac
done
"#;

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("omp-host-test-bench-mcp-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn fake_server(scratch: &Path, mode: &str) -> ServerSpec {
    let script = scratch.join("fake-server.sh");
    std::fs::write(&script, FAKE_SERVER).unwrap();
    let pid_file = scratch.join("child.pid");
    ServerSpec {
        label: format!("fake-{mode}"),
        kind: Kind::Exec(
            "/bin/sh".into(),
            vec![script.display().to_string(), mode.into(), pid_file.display().to_string()],
        ),
    }
}

fn omp_host() -> ServerSpec {
    ServerSpec {
        label: "omp-host".into(),
        kind: Kind::OmpHost(env!("CARGO_BIN_EXE_omp-host").into()),
    }
}

/// Runs `body` on its own thread and fails the test if it takes longer than `limit`.
fn bounded<T: Send + 'static>(limit: Duration, body: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = done.send(body());
    });
    match result.recv_timeout(limit) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("did not finish within {limit:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => std::panic::resume_unwind(worker.join().unwrap_err()),
    }
}

/// Whether a process is gone (no longer exists, or is a zombie nobody reaped yet).
fn is_gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat[stat.rfind(')').unwrap() + 1..].trim_start().starts_with('Z'),
    }
}

fn wait_gone(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !is_gone(pid) {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    true
}

#[test]
fn counts_exactly_the_calls_omp_host_answered_in_the_window() {
    bounded(Duration::from_secs(60), || {
        let scratch = Scratch::new("count");
        let mut connection = Connection::spawn(&omp_host(), &scratch.0, Duration::from_secs(20)).unwrap();
        let tools = connection.initialize_and_list().unwrap();
        assert!(tools.contains(&"echo".to_string()), "{tools:?}");
        let pid = connection.server_pid();
        let window = closed_loop(&mut connection, 8, Length::Calls(5), Length::Calls(100)).unwrap();
        assert_eq!(window.calls, 100);
        assert_eq!(connection.in_flight(), 0, "the calls in flight at the window's end are drained");
        assert!(window.elapsed > Duration::ZERO);
        // The server stays usable for the next window.
        assert_eq!(closed_loop(&mut connection, 1, Length::Calls(0), Length::Calls(10)).unwrap().calls, 10);
        connection.close(Duration::from_secs(5));
        assert!(wait_gone(pid), "omp-host {pid} still runs after close");
    });
}

#[test]
fn keeps_exactly_the_asked_number_of_calls_in_flight() {
    // The fake server answers only when 4 calls are waiting: a client that kept fewer in
    // flight would stall.
    let result = bounded(Duration::from_secs(60), || {
        let scratch = Scratch::new("batch");
        let mut connection = Connection::spawn(&fake_server(&scratch.0, "batch-4"), &scratch.0, Duration::from_secs(5)).unwrap();
        connection.initialize_and_list().unwrap();
        closed_loop(&mut connection, 4, Length::Calls(0), Length::Calls(40)).map_err(|e| format!("{e:#}"))
    });
    assert_eq!(result.unwrap().calls, 40);
}

#[test]
fn a_reply_with_another_calls_text_fails_the_run() {
    let error = bounded(Duration::from_secs(60), || {
        let scratch = Scratch::new("wrong");
        let mut connection = Connection::spawn(&fake_server(&scratch.0, "wrong"), &scratch.0, Duration::from_secs(5)).unwrap();
        connection.initialize_and_list().unwrap();
        format!("{:#}", closed_loop(&mut connection, 1, Length::Calls(0), Length::Calls(5)).unwrap_err())
    });
    assert!(
        error.contains(r#"answered Some("echo 999")"#) && error.contains("expected \"echo 3\""),
        "{error}"
    );
}

#[test]
fn a_stalled_server_fails_within_the_stall_timeout_and_its_whole_group_is_killed() {
    let (error, elapsed, leftovers) = bounded(Duration::from_secs(30), || {
        let scratch = Scratch::new("stall");
        let spec = fake_server(&scratch.0, "stall");
        let mut connection = Connection::spawn(&spec, &scratch.0, Duration::from_millis(500)).unwrap();
        connection.initialize_and_list().unwrap();
        let server = connection.server_pid();
        let started = Instant::now();
        let error = closed_loop(&mut connection, 8, Length::Calls(0), Length::Calls(100)).unwrap_err();
        let elapsed = started.elapsed();
        let child: u32 = std::fs::read_to_string(scratch.0.join("child.pid")).unwrap().trim().parse().unwrap();
        assert!(!is_gone(child), "the fake server's child should run until the connection is dropped");
        drop(connection);
        let leftovers: Vec<u32> = [server, child].into_iter().filter(|&pid| !wait_gone(pid)).collect();
        (format!("{error:#}"), elapsed, leftovers)
    });
    assert!(
        error.contains("fake-stall: no message from the server within 0.5 s while waiting for tools/call (8 call(s) in flight)"),
        "{error}"
    );
    assert!(error.contains("still running"), "{error}");
    assert!(elapsed < Duration::from_secs(4), "took {elapsed:?}");
    assert!(leftovers.is_empty(), "processes left running: {leftovers:?}");
}

#[test]
fn a_server_that_dies_mid_run_fails_with_its_exit_status_and_stderr() {
    let (error, elapsed) = bounded(Duration::from_secs(30), || {
        let scratch = Scratch::new("die");
        let mut connection = Connection::spawn(&fake_server(&scratch.0, "die"), &scratch.0, Duration::from_secs(20)).unwrap();
        connection.initialize_and_list().unwrap();
        let started = Instant::now();
        // One call in flight, so the request is written before the server can exit.
        let error = closed_loop(&mut connection, 1, Length::Calls(0), Length::Calls(100)).unwrap_err();
        (format!("{error:#}"), started.elapsed())
    });
    assert!(error.contains("fake-die: the server closed its stdout while waiting for tools/call"), "{error}");
    assert!(error.contains("the server ended with exit status: 3"), "{error}");
    assert!(error.contains("fake server: giving up on tools/call 3"), "{error}");
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
}

#[test]
fn a_server_without_the_echo_tool_fails_with_what_it_lists_and_its_stderr() {
    let error = bounded(Duration::from_secs(30), || {
        let scratch = Scratch::new("no-echo");
        let spec = fake_server(&scratch.0, "no-echo");
        match connect(&spec, &scratch.0, Duration::from_secs(5)) {
            Ok(_) => "connected".to_string(),
            Err(error) => format!("{error:#}"),
        }
    });
    assert!(error.contains(r#"fake-no-echo: tools/list has no `echo` tool (it lists ["other"])"#), "{error}");
    assert!(error.contains("fake server: echo did not load"), "{error}");
}

#[test]
fn server_specs_name_what_is_wrong() {
    let missing = ServerSpec::parse("x=omp-host:/no/such/omp-host").unwrap_err();
    assert!(missing.contains("/no/such/omp-host") && missing.contains("No such file"), "{missing}");
    let no_kind = ServerSpec::parse("x=/bin/sh").unwrap_err();
    assert!(no_kind.contains("expected LABEL=omp-host:BINARY"), "{no_kind}");
    let bad_kind = ServerSpec::parse("x=python:/bin/sh").unwrap_err();
    assert!(bad_kind.contains("unknown server kind `python`"), "{bad_kind}");
    let spec = ServerSpec::parse("v8=omp-host:/bin/sh").unwrap();
    assert_eq!(spec.label, "v8");
    assert!(matches!(spec.kind, Kind::OmpHost(ref path) if path.is_absolute()));
}

#[test]
fn stat_fields_are_counted_after_the_last_parenthesis() {
    // A command name with spaces and parentheses; utime 7, stime 5.
    let stat = "4242 (we ird) (x) S 1 4242 4242 0 -1 4194560 100 0 0 0 7 5 0 0 20 0 1 0 12345 1000 10";
    assert_eq!(proc_cpu::utime_plus_stime(stat), Some(12));
    assert_eq!(proc_cpu::utime_plus_stime("4242 (truncated"), None);
}

#[test]
fn own_cpu_time_agrees_with_getrusage() {
    let before = proc_cpu::own_cpu_time().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut spin = 0u64;
    while proc_cpu::own_cpu_time().unwrap() < before + Duration::from_millis(200) {
        assert!(Instant::now() < deadline, "no CPU time counted after 20 s of spinning");
        spin = std::hint::black_box(spin.wrapping_add(1));
    }
    // SAFETY: rusage is plain old data that getrusage fills.
    let rusage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let seconds = |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    let from_rusage = seconds(rusage.ru_utime) + seconds(rusage.ru_stime);
    let from_proc = proc_cpu::own_cpu_time().unwrap();
    let difference = from_proc.abs_diff(from_rusage);
    // Other tests' threads run meanwhile; both sources count them, a few ticks apart.
    assert!(difference < Duration::from_millis(100), "/proc says {from_proc:?}, getrusage {from_rusage:?}");
}

#[test]
fn the_table_puts_servers_side_by_side_with_ratios_to_the_baseline() {
    let window = |calls: u64, cpu_ms: u64| Window {
        calls,
        elapsed: Duration::from_secs(1),
        server_cpu: Duration::from_millis(cpu_ms),
        client_cpu: Duration::from_millis(5),
    };
    let report = table::Report {
        levels: vec![8],
        servers: vec![
            table::ServerFigures {
                label: "v8".into(),
                spawn_to_list: vec![Duration::from_millis(30), Duration::from_millis(10), Duration::from_millis(20)],
                windows: vec![vec![window(2000, 24), window(3000, 36)]],
            },
            table::ServerFigures {
                label: "node".into(),
                spawn_to_list: vec![Duration::from_millis(400); 3],
                windows: vec![vec![window(1000, 30), window(1000, 30)]],
            },
        ],
        baseline: 1,
    };
    let text = table::render(&report);
    assert!(
        text.contains("| in flight | v8 calls/s | node calls/s | v8 ÷ node | v8 CPU µs/call | node CPU µs/call |"),
        "{text}"
    );
    assert!(text.contains("| 8 | 2500 | 1000 | 2.50x | 12.0 | 30.0 |"), "{text}");
    assert!(text.contains("| v8 | 20.0 ms | 10.0 ms | 30.0 ms |"), "{text}");
    assert!(
        text.contains("| 8 | 2000–3000 | 5000 | 2.0 | 1000–1000 | 2000 | 5.0 | 2.50x (2.00–3.00) |"),
        "{text}"
    );
    assert!(text.contains("the least server CPU behind one figure above is 0.060 s"), "{text}");
}

#[allow(dead_code)]
#[path = "../../bench/mcp/floor.rs"]
mod floor;

/// The floor server answers the handshake, lists `echo`, echoes each call's text under its
/// own id, answers an unknown method with an error, and says nothing to a notification.
#[test]
fn the_floor_server_answers_what_the_benchmark_sends() {
    let input = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"echo 7"}}}"#,
        r#"{"jsonrpc":"2.0","id":8,"method":"resources/list"}"#,
    ]
    .join("\n");
    let mut output = Vec::new();
    floor::serve_lines(input.as_bytes(), &mut output).unwrap();
    let answers: Vec<serde_json::Value> = String::from_utf8(output).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), 4, "{answers:#?}");
    assert_eq!(answers[0]["result"]["protocolVersion"], "2025-06-18");
    assert_eq!(answers[1]["result"]["tools"][0]["name"], "echo");
    assert_eq!(answers[2]["id"], 7);
    assert_eq!(answers[2]["result"]["content"][0]["text"], "echo 7");
    assert_eq!(answers[3]["error"]["code"], -32601);
}
