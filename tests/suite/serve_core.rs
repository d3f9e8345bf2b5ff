//! The serve core through `omp-host run`: clean exits on signals and end of input, one
//! tool's changes to the globals never reaching another tool's results, calls that can never
//! settle, the session-event time limit, the protocol streams kept clean, `list`, and config
//! settings and typos.
use crate::common::*;

use serde_json::{json, Value};

/// A tool module whose `slow` call starts `sleep <secs>` and whose `onSession` writes each
/// event's reason to `events.log` in the project folder.
const SLOW_AND_RECORDER: &str = "import { appendFileSync } from 'node:fs';\nexport default (pi) => ({ name: 'slow', label: 's', description: 'd', parameters: { type: 'object' },\n  onSession(event) { appendFileSync(pi.cwd + '/events.log', event.reason + '\\n'); },\n  async execute(id, p, onUpdate, ctx, signal) { onUpdate({ content: [{ type: 'text', text: 'sleeping' }] }); const r = await pi.exec('sleep', [String(p.secs)]); return { content: [{ type: 'text', text: 'woke ' + r.killed }] }; } });";

fn exits_cleanly_on(signal: Option<&str>, secs: &str) {
    let sb = Sandbox::new("exit");
    sb.write("project/.omp/tools/t.js", SLOW_AND_RECORDER);
    sb.write("project/.omp/omp-host.json", r#"{"shutdownGraceMs": 300}"#);
    let mut host = LineHost::run(&sb, &[]);
    host.call("c", "slow", json!({"secs": secs}));
    host.first_update("c");
    let pattern = format!("sleep {}", secs.replace('.', "[.]"));
    wait_until("the child to start", || process_running(&pattern));
    let asked = std::time::Instant::now();
    let (status, events) = match signal {
        Some(signal) => {
            host.signal(signal);
            let status = host.wait_exit(WAIT);
            (status, host.seen.clone())
        }
        None => host.finish(),
    };
    assert!(status.success(), "{signal:?}: {status}");
    assert!(asked.elapsed() < std::time::Duration::from_secs(6), "{signal:?}: took {:?}", asked.elapsed());
    wait_until("the call's child to be killed", || !process_running(&pattern));
    let log = std::fs::read_to_string(sb.project.join("events.log")).unwrap();
    assert_eq!(log.lines().collect::<Vec<_>>(), ["start", "shutdown"], "{signal:?}: onSession saw the shutdown");
    let end = events.iter().find(|e| e["type"] == "tool_execution_end");
    if let Some(end) = end {
        assert_eq!(end["result"]["isError"], true, "{end}");
    }
}

#[test]
fn sigterm_ends_the_host_its_calls_and_their_children() {
    exits_cleanly_on(Some("TERM"), "66.1");
}

#[test]
fn sigint_ends_the_host_its_calls_and_their_children() {
    exits_cleanly_on(Some("INT"), "66.2");
}

#[test]
fn sighup_ends_the_host_its_calls_and_their_children() {
    exits_cleanly_on(Some("HUP"), "66.3");
}

#[test]
fn end_of_input_ends_the_host_its_calls_and_their_children() {
    exits_cleanly_on(None, "66.4");
}

#[test]
fn a_tool_that_replaces_globals_cannot_break_other_tools_results() {
    let sb = Sandbox::new("globals");
    sb.write(
        "project/.omp/tools/vandal.js",
        "export default () => ({ name: 'vandal', label: 'v', description: 'd', parameters: { type: 'object' }, async execute() {\n  JSON.stringify = () => 'garbage'; JSON.parse = () => ({ hacked: true });\n  Array.prototype.map = function () { return ['hacked']; }; Array.isArray = () => false;\n  Object.keys = () => []; Object.prototype.hasOwnProperty = () => false;\n  String = function () { return 'hacked'; }; Promise.prototype.then = function () { throw new Error('hacked then'); };\n  return { content: [{ type: 'text', text: 'done' }] };\n} });",
    );
    sb.write(
        "project/.omp/tools/honest.ts",
        "export default (pi) => [\n  { name: 'honest', label: 'h', description: 'd', parameters: pi.zod.object({ n: pi.zod.number() }), async execute(id, p, onUpdate) { onUpdate({ content: [{ type: 'text', text: 'half' }], details: { step: 1 } }); return { content: [{ type: 'text', text: 'n=' + p.n }], details: { list: [1, 2, 3], nested: { ok: true } } }; } },\n  { name: 'thrower', label: 't', description: 'd', parameters: { type: 'object' }, async execute() { throw new Error('still readable'); } },\n];",
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("v", "vandal", json!({}));
    assert_eq!(text(&host.result("v")), "done");
    host.call("h", "honest", json!({"n": 7}));
    let update = host.first_update("h");
    assert_eq!(update["partialResult"]["details"], json!({"step": 1}));
    let r = host.result("h");
    assert_eq!(text(&r), "n=7");
    assert_eq!(r["details"], json!({"list": [1, 2, 3], "nested": {"ok": true}}));
    host.call("bad", "honest", json!({"n": "x"}));
    assert!(text(&host.result("bad")).starts_with("Validation failed for tool \"honest\":"));
    host.call("t", "thrower", json!({}));
    let thrown = host.result("t");
    assert_eq!(text(&thrown), "still readable");
    // On QuickJS-ng the engine builds stack frames with the realm's `Array.prototype.map`,
    // which the vandal replaced: the host drops the frames it made (runtime/src/engine/
    // stack_trace.rs) instead of aborting, so the error keeps its message but not its place.
    if cfg!(feature = "v8") {
        assert!(thrown["details"]["errorLocation"]["file"].as_str().unwrap().ends_with("honest.ts"));
    }
}

#[test]
fn a_call_whose_promise_can_never_settle_ends_at_once_saying_so() {
    let sb = Sandbox::new("never");
    sb.write(
        "project/.omp/tools/t.js",
        "export default () => ({ name: 'never', label: 'n', description: 'd', parameters: { type: 'object' }, execute: () => new Promise(() => {}) });",
    );
    let (code, out, _) = sb.call("never", "{}", &[]);
    assert_eq!(
        (code, out.trim()),
        (
            1,
            "Tool never never settled: its promise is still pending and nothing is left that could settle it"
        )
    );
    // In a session another call could still settle it, so it waits — until input ends.
    let mut host = LineHost::run(&sb, &[]);
    host.call("n", "never", json!({}));
    host.call("after", "never", json!({}));
    let (_, events) = host.finish();
    let end = events.iter().find(|e| e["type"] == "tool_execution_end" && e["toolCallId"] == "n").unwrap();
    assert_eq!(
        text(&end["result"]),
        "Tool never never settled: its promise is still pending and nothing is left that could settle it"
    );
}

#[test]
fn a_call_whose_queued_work_was_lost_when_another_script_was_stopped_says_so() {
    let sb = Sandbox::new("lost-work");
    // `waiter` and `spinner` both wait on one gate; `opener` opens it. The waiter's next step
    // is queued behind the spinner's, which never yields: stopping the spinner drops it.
    sb.write(
        "project/.omp/tools/t.js",
        "let open; const gate = new Promise((r) => { open = r; });\nexport default () => [\n  { name: 'waiter', label: 'w', description: 'd', parameters: { type: 'object' }, async execute() { await gate; await null; return { content: [{ type: 'text', text: 'waited' }] }; } },\n  { name: 'spinner', label: 's', description: 'd', parameters: { type: 'object' }, async execute(id, p, onUpdate) { await gate; onUpdate({ content: [] }); while (true) {} } },\n  { name: 'opener', label: 'o', description: 'd', parameters: { type: 'object' }, async execute() { open(); return { content: [{ type: 'text', text: 'opened' }] }; } },\n];",
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("w", "waiter", json!({}));
    host.call("s", "spinner", json!({}));
    host.call("o", "opener", json!({}));
    host.first_update("s");
    host.cancel("s");
    assert_eq!(text(&host.result("s")), "Tool spinner was aborted: Interrupted by user.");
    let (_, events) = host.finish();
    // (The opener's own last step was queued behind the spinner too.)
    assert!(events.iter().any(|e| e["type"] == "tool_execution_end" && e["toolCallId"] == "o"));
    let end = events.iter().find(|e| e["type"] == "tool_execution_end" && e["toolCallId"] == "w").unwrap();
    assert_eq!(
        text(&end["result"]),
        "Tool waiter could not finish: the host had to stop another tool's runaway script while this call was between steps, and its pending work was lost with it"
    );
}

#[test]
fn tool_output_meant_for_a_terminal_goes_to_stderr_never_stdout() {
    let sb = Sandbox::new("streams");
    sb.write(
        "project/.omp/tools/t.ts",
        "import { spawnSync, spawn } from 'node:child_process';\nexport default () => ({ name: 'noisy', label: 'n', description: 'd', parameters: { type: 'object' }, async execute() {\n  console.log('console-log-line'); console.error('console-error-line'); process.stdout.write('process-stdout-line\\n');\n  spawnSync('echo', ['inherit-sync-line'], { stdio: 'inherit' });\n  await new Promise((r) => spawn('echo', ['inherit-async-line'], { stdio: 'inherit' }).on('close', r));\n  return { content: [{ type: 'text', text: 'quiet' }] };\n} });",
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("n", "noisy", json!({}));
    assert_eq!(text(&host.result("n")), "quiet");
    let (_, lines) = host.finish();
    // Every stdout line parsed as a protocol message (LineHost fails on anything else).
    assert!(lines.iter().all(|l| l["type"].is_string()));
    let sb_out = sb.command(&["call", "noisy"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&sb_out.stdout).trim(), "quiet");
    let err = String::from_utf8_lossy(&sb_out.stderr);
    for line in [
        "console-log-line",
        "console-error-line",
        "process-stdout-line",
        "inherit-sync-line",
        "inherit-async-line",
    ] {
        assert!(err.contains(line), "{line} missing from stderr: {err}");
    }
}

#[test]
fn list_answers_with_the_tools_and_load_errors() {
    let sb = Sandbox::new("list");
    sb.write("project/.omp/tools/good.ts", &tool_source("good", "'ok'"));
    sb.write("project/.omp/tools/bad.ts", "export default () => { throw new Error('no key'); };");
    let mut host = LineHost::run(&sb, &[]);
    host.send(r#"{"type":"list"}"#);
    let list = host.wait_for("the tools event", |e| e["type"] == "tools");
    let names: Vec<&str> = list["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    // The host's own `resolve` is listed too (hidden, built in), so an agent has its schema.
    assert_eq!(names, ["good", "resolve"]);
    assert_eq!((&list["tools"][1]["hidden"], &list["tools"][1]["builtin"]), (&json!(true), &json!(true)));
    assert_eq!(list["errors"][0]["error"], "Failed to load tool: no key");
}

#[test]
fn config_concurrency_makes_a_tool_exclusive() {
    let sb = Sandbox::new("config-concurrency");
    let body = "async execute(id, p, onUpdate) { const start = Date.now(); await new Promise((r) => setTimeout(r, 200)); return { content: [{ type: 'text', text: id }], details: { start, end: Date.now() } }; }";
    sb.write(
        "project/.omp/tools/t.js",
        &format!("export default () => ({{ name: 'plain', label: 'p', description: 'd', parameters: {{ type: 'object' }}, {body} }});"),
    );
    sb.write("project/.omp/omp-host.json", r#"{"toolSettings": {"plain": {"concurrency": "exclusive"}}}"#);
    let mut host = LineHost::run(&sb, &[]);
    host.call("a", "plain", json!({}));
    host.call("b", "plain", json!({}));
    let (a, b) = (host.result("a"), host.result("b"));
    let span = |r: &Value| (r["details"]["start"].as_u64().unwrap(), r["details"]["end"].as_u64().unwrap());
    let ((a0, a1), (b0, b1)) = (span(&a), span(&b));
    assert!(a1 <= b0 || b1 <= a0, "the configured exclusive calls overlapped: {a0}-{a1} and {b0}-{b1}");
}

#[test]
fn config_typos_are_errors_that_name_the_file_and_the_key() {
    let sb = Sandbox::new("config-typos");
    sb.write("project/.omp/tools/t.ts", &tool_source("real", "'ok'"));
    let config = sb.write("project/.omp/omp-host.json", r#"{"toolSettings": {"real": {"concurrency": "exclusiv"}}}"#);
    let out = sb.run(&["list"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(&path_str(&config)) && err.contains("toolSettings.real.concurrency") && err.contains("exclusiv"),
        "{err}"
    );
    sb.write("project/.omp/omp-host.json", r#"{"toolSettings": {"reel": {"deadlineMs": 5}}}"#);
    let list = sb.list_json(&[]);
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        errors[0].1,
        format!("config file {}: toolSettings.reel names no loaded tool (loaded: real)", path_str(&config))
    );
}
