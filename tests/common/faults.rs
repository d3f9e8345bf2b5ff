//! Helpers of the fault suite (tests/faults_*.rs): running the host under a time limit,
//! reading its peak memory, and waiting for processes and files outside its output.

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::Sandbox;

/// Runs `cmd` to completion, killing it (and failing the test) after `limit`.
pub fn run_bounded(mut cmd: Command, limit: Duration) -> Output {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn omp-host");
    wait_bounded(child, limit)
}

/// Waits for `child` to end, killing it (and failing the test) after `limit`. Its piped
/// output is read meanwhile, so a host writing more than a pipe holds never waits on the test.
pub fn wait_bounded(mut child: Child, limit: Duration) -> Output {
    fn drain(pipe: Option<impl std::io::Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let (out, err) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "omp-host did not finish within {limit:?}; stderr: {}",
                String::from_utf8_lossy(&err.join().unwrap())
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

/// `omp-host list --json` under a time limit: the exit status and the parsed list.
pub fn list_bounded(sb: &Sandbox) -> (Output, Value) {
    // A guard against a hang, not a speed target: a CI machine has run ten times slower
    // than usual (a thousand modules then took over 60 s).
    let out = run_bounded(sb.command(&["list", "--json"]), Duration::from_secs(180));
    assert!(out.status.success(), "list failed ({}): {}", out.status, super::stderr(&out));
    let list = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", super::stdout(&out)));
    (out, list)
}

/// The names of the tools a `list --json` value lists.
pub fn names(list: &Value) -> Vec<String> {
    list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

/// The load error reported for the file whose name ends with `file`, if any.
pub fn error_for(list: &Value, file: &str) -> Option<String> {
    super::errors_of(list)
        .into_iter()
        .find(|(path, _)| path.ends_with(file))
        .map(|(_, error)| error)
}

/// The permission bits of `path`.
pub fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).unwrap().mode() & 0o777
}

/// Whether process `pid` is gone (or a zombie waiting for a reaper that never comes).
pub fn process_gone(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

/// Waits (bounded) for `path` to hold a complete line, and returns it trimmed.
pub fn wait_for_file(path: &Path, limit: Duration) -> String {
    let started = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            if text.ends_with('\n') {
                return text.trim().to_string();
            }
        }
        assert!(started.elapsed() < limit, "{} never appeared", path.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits up to `limit` for every process of `pids` to be gone; returns those still alive.
pub fn all_gone_within(pids: &[i32], limit: Duration) -> Vec<i32> {
    let started = Instant::now();
    loop {
        let alive: Vec<i32> = pids.iter().copied().filter(|p| !process_gone(*p)).collect();
        if alive.is_empty() || started.elapsed() > limit {
            return alive;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `cmd` (output discarded) and returns its exit code and peak resident memory in KiB,
/// read as it is reaped; kills it and fails after `limit`.
#[allow(clippy::zombie_processes, reason = "the child is reaped by wait4 (for its rusage), not by Child::wait")]
pub fn peak_rss_kib(mut cmd: Command, limit: Duration) -> (i32, i64) {
    let child = cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let pid = child.id() as i32;
    let started = Instant::now();
    loop {
        let mut status = 0;
        // SAFETY: wait4 on our own child with out-pointers to locals.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == pid {
            std::mem::forget(child);
            return (libc::WEXITSTATUS(status), usage.ru_maxrss);
        }
        if started.elapsed() > limit {
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            panic!("omp-host did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A module of tools, one per `(name, execute body)`: each `execute(id, params, onUpdate,
/// ctx, signal)` runs the body, which returns a result or throws.
pub fn tools_module(tools: &[(&str, &str)]) -> String {
    let entries: Vec<String> = tools
        .iter()
        .map(|(name, body)| {
            format!("  {{ name: {name:?}, label: {name:?}, description: \"fault\", parameters: {{ type: \"object\", properties: {{}} }}, async execute(id, params, onUpdate, ctx, signal) {{ {body} }} }},")
        })
        .collect();
    format!("export default (pi) => [\n{}\n];\n", entries.join("\n"))
}

/// JavaScript statements that loop for ever in calls of one long builtin in which the engine
/// under test does not look for interrupts, so no stop reaches the loop and only replacing
/// the engine ends it: V8 looks in `JSON.stringify` of a big array only every ~40,000
/// iterations (a minute or more); QuickJS-ng, which looks at its next call or loop iteration
/// once asked (patches/v8x-2-poll-interrupts-soon.patch), never inside `Array.prototype.join`
/// of an array-like of 2^40 holes, one call that runs for hours. `then` is where a test
/// signals that the loop has begun, so that a stop it asks for next lands where the engine
/// does not look: on V8 right before the loop (after its set-up, which does look: V8 then
/// looks only when the loop's budget runs out), on QuickJS-ng inside the builtin call, from
/// the array-like's `length` getter (right before the call, a stop asked for at once would
/// land at the call's own entry, which does look, and stop the loop in place).
pub fn unstoppable_loop(then: &str) -> String {
    if cfg!(feature = "v8") {
        format!("const big = Array.from({{ length: 50000 }}, (_, i) => ({{ i, name: 'item ' + i }})); {then} for (;;) JSON.stringify(big);")
    } else {
        format!("for (;;) Array.prototype.join.call({{ get length() {{ {then} return 2 ** 40; }} }}, '');")
    }
}
