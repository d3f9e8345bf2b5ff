//! The fault suite, call class: what a tool can do once called — spin in an endless promise
//! chain, leave code spinning after it returned, exhaust the heap with strings or
//! ArrayBuffers, wedge the engine, signal the host, leave children behind, flood output,
//! throw values that cannot be read, throw where nothing can catch —
//! and what the host must still do: stop it at its deadline, on cancel (within 100 ms) or at
//! end of input, answer `list` and other calls, and keep serving. Waits in system calls (a
//! FIFO nobody opens) are stopped the same way. Bounded time limits throughout.
//! Tool modules: tests/fixtures/faults_call/ (their `__NAME__` placeholders are filled in
//! by the tests; one-line tools are built with `tools_module`).

use std::io::Write;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::faults::*;
use crate::common::*;
use serde_json::{json, Value};

/// `text` as a JavaScript string literal (what a fixture's placeholder for a path stands for).
fn js_string(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

// ---------------------------------------------------------------------------- hangs

const ALIVE: (&str, &str) = ("ok", "return { content: [{ type: 'text', text: 'alive' }] };");
/// A call that runs until the engine goes (never settles), signalling that it has begun.
const WAITING: (&str, &str) = ("waiting", "onUpdate({ content: [] }); return await new Promise(() => {});");
/// Counts its calls in the engine's global state: a fresh engine starts again at 1.
const COUNT: (&str, &str) = (
    "count",
    "globalThis.calls = (globalThis.calls ?? 0) + 1; return { content: [{ type: 'text', text: String(globalThis.calls) }] };",
);

/// A call that reports it has begun, then runs a microtask chain that never yields.
const CHAIN: (&str, &str) = (
    "chain",
    "onUpdate({ content: [] }); const f = () => Promise.resolve().then(f); f(); return new Promise(() => {});",
);

#[test]
fn an_endless_promise_chain_is_stopped_by_its_deadline() {
    let sb = Sandbox::new("chain-deadline");
    sb.write("project/.omp/tools/t.ts", &tools_module(&[CHAIN, ALIVE]));
    sb.write("project/.omp/omp-host.json", r#"{"toolSettings": {"chain": {"deadlineMs": 800}}}"#);
    let mut host = LineHost::run(&sb, &[]);
    host.call("d", "chain", json!({}));
    let r = host.result("d");
    assert!(text(&r).contains("did not finish within its deadline of 800 ms"), "{}", text(&r));
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
}

#[test]
fn an_endless_promise_chain_is_stopped_by_a_cancel_and_by_end_of_input() {
    let sb = Sandbox::new("chain-cancel");
    sb.write("project/.omp/tools/t.ts", &tools_module(&[CHAIN, ALIVE]));
    sb.write("project/.omp/omp-host.json", r#"{"deadlineMs": 120000, "shutdownGraceMs": 500}"#);
    let mut host = LineHost::run(&sb, &[]);
    host.call("c", "chain", json!({}));
    host.first_update("c");
    host.cancel("c");
    assert_eq!(text(&host.result("c")), "Tool chain was aborted: Interrupted by user.");
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
    end_input_during(host, "e", "chain", Duration::from_secs(10));
}

/// Starts `tool` as call `id`, closes stdin once the call has begun, and checks that the host
/// exits within `limit` with the call aborted by the shutdown; answers what the host printed.
fn end_input_during(mut host: LineHost, id: &str, tool: &str, limit: Duration) -> Vec<Value> {
    host.call(id, tool, json!({}));
    host.first_update(id);
    let closed = Instant::now();
    let (status, events) = host.finish();
    assert!(status.success(), "{status}");
    assert!(closed.elapsed() < limit, "the host exited after {:?}", closed.elapsed());
    assert_eq!(
        text(result_of(&events, id)),
        format!("Tool {tool} was aborted: the host is shutting down (end of input).")
    );
    events
}

#[test]
fn code_a_call_left_spinning_never_stalls_later_calls() {
    let sb = Sandbox::new("left-spinning");
    let marker = sb.root.join("spinning");
    sb.write(
        "project/.omp/tools/t.ts",
        &include_str!("../fixtures/faults_call/leaves_code_spinning.ts").replace("__MARKER__", &js_string(&marker.display().to_string())),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("t", "timer_spin", json!({}));
    assert_eq!(text(&host.result("t")), "returned");
    wait_for_file(&marker, WAIT);
    let spinning = Instant::now();
    host.call("o1", "ok", json!({}));
    assert_eq!(text(&host.result("o1")), "alive");
    assert!(spinning.elapsed() < Duration::from_secs(3), "the next call waited {:?}", spinning.elapsed());
    host.call("c", "chain_left", json!({}));
    assert_eq!(text(&host.result("c")), "returned");
    let chained = Instant::now();
    host.call("o2", "ok", json!({}));
    assert_eq!(text(&host.result("o2")), "alive");
    assert!(chained.elapsed() < Duration::from_secs(3), "the next call waited {:?}", chained.elapsed());
}

/// The deadline of the wedged tool below.
const WEDGE_DEADLINE: Duration = Duration::from_millis(1500);

#[test]
fn a_wedged_tool_never_holds_up_list_cancel_or_another_modules_call_past_its_deadline() {
    let sb = Sandbox::new("wedged");
    let wedge = "onUpdate({ content: [] }); while (true) {}";
    sb.write("project/.omp/tools/wedged.ts", &tools_module(&[("wedge", wedge), ("wedge_long", wedge)]));
    sb.write(
        "project/.omp/tools/other.ts",
        &tools_module(&[("other", "return { content: [{ type: 'text', text: 'other answered' }] };")]),
    );
    sb.write(
        "project/.omp/omp-host.json",
        &r#"{"deadlineMs": 120000, "toolSettings": {"wedge": {"deadlineMs": __MS__}}}"#.replace("__MS__", &WEDGE_DEADLINE.as_millis().to_string()),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("w", "wedge", json!({}));
    host.first_update("w");
    let wedged = Instant::now();
    host.send(json!({"type": "list"}).to_string());
    host.wait_for("the answer to list", |e| e["type"] == "tools");
    let listed = wedged.elapsed();
    host.call("o", "other", json!({}));
    assert_eq!(text(&host.result("o")), "other answered");
    let answered = wedged.elapsed();
    assert!(
        text(&host.result("w")).contains("did not finish within its deadline"),
        "{}",
        text(&host.result("w"))
    );
    assert_eq!(sb.stop_reasons("call:w"), ["deadline"]);
    // The bounds tell "answered around the wedged call's deadline" from "held up by it"
    // (until the 120 s deadline) with room for a loaded machine; bench/stuck.rs measures.
    assert!(listed < WEDGE_DEADLINE, "list was answered after {listed:?}");
    assert!(
        answered < WEDGE_DEADLINE + Duration::from_secs(3),
        "the other module's call waited {answered:?}"
    );
    // A cancel stops a wedged call's script itself, at once.
    for i in 0..3 {
        let id = format!("long{i}");
        host.call(&id, "wedge_long", json!({}));
        host.first_update(&id);
        let cancelled = Instant::now();
        host.cancel(&id);
        assert_eq!(text(&host.result(&id)), "Tool wedge_long was aborted: Interrupted by user.");
        host.call(&format!("after-{id}"), "other", json!({}));
        assert_eq!(text(&host.result(&format!("after-{id}"))), "other answered");
        assert!(
            cancelled.elapsed() < Duration::from_secs(3),
            "the cancel took effect after {:?}",
            cancelled.elapsed()
        );
        assert_eq!(sb.stop_reasons(&format!("call:{id}")), ["cancelled"]);
    }
}

/// A stopped script skips its `finally` blocks, among them the one that puts back the job key
/// (`call:<id>`) the watchdog and `ui`, `exec`, `fetch` go by. Host code that ran next used to
/// count as the stopped call's: here a `concurrency` function's notice, and, when the stopped
/// call's late stop request came in just then, the next call's start was stopped with it and
/// that call never ended (CI saw it as `o` never ending in the wedged-tool test above).
#[test]
fn code_run_after_a_stopped_script_does_not_count_as_the_stopped_call() {
    let sb = Sandbox::new("stale-key");
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/faults_call/spins_then_checks.ts"));
    sb.write("project/.omp/omp-host.json", r#"{"toolSettings": {"spin_briefly": {"deadlineMs": 300}}}"#);
    let mut host = LineHost::run(&sb, &["--ui"]);
    for (tool, stop) in [("spin", "cancel"), ("spin_briefly", "deadline")] {
        host.call(tool, tool, json!({}));
        host.first_update(tool);
        if stop == "cancel" {
            host.cancel(tool);
        }
        assert_eq!(host.result(tool)["isError"], true);
        let check = format!("check-after-{stop}");
        host.call(&check, "check", json!({ "after": stop }));
        let asked = format!("asked after {stop}");
        let notice = host.wait_for("the concurrency function's notice", |e| e["type"] == "ui_notify" && e["message"] == asked);
        assert!(
            notice.get("toolCallId").is_none_or(Value::is_null),
            "after a {stop} stopped a spin, host code ran as call {}",
            notice["toolCallId"]
        );
        assert_eq!(text(&host.result(&check)), "checked");
    }
}

/// Turning a returned value into plain data (here a `toJSON` that takes 1.5 s), a tool's or a
/// pending action's apply's (for `resolve`), used to run as code of no job: past the 1 s limit
/// for such code it was stopped as a runaway, and since it belonged to no call, the call was
/// never answered (until its deadline). It is the call's.
#[test]
fn shaping_a_slow_result_is_part_of_the_call_not_a_runaway() {
    let sb = Sandbox::new("slow-shape");
    // A slow result, and the same for a pending action's apply, run by `resolve`.
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/faults_call/shapes_slowly.ts"));
    sb.write("project/.omp/omp-host.json", r#"{"deadlineMs": 120000}"#);
    let mut host = LineHost::run(&sb, &[]);
    host.call("s", "slow", json!({}));
    let result = host.result("s");
    assert_eq!(text(&result), "shaped");
    assert_eq!(result["details"], json!({ "slow": true }));
    host.call("p", "stage", json!({}));
    assert_eq!(text(&host.result("p")), "staged");
    host.call("r", "resolve", json!({ "action": "apply", "reason": "go" }));
    let applied = host.result("r");
    assert_eq!(text(&applied), "applied");
    assert_eq!(applied["details"]["sourceResultDetails"], json!({ "slow": true }), "{applied}");
    let stops = sb.stops();
    assert!(stops.is_empty(), "{stops:?}");
}

/// One turn of the event loop runs every job's queued steps. A live call's long step (1.3 s
/// here, as a slow machine makes a row of `spawnSync`s) followed in the same turn by a short
/// step left behind by a call that ended (0.3 s, within the 1 s allowed such code) used to be
/// timed together: the short step was stopped as a runaway and the live call's next step was
/// lost with it. Code of no live job is timed from when it is first seen running.
#[test]
fn a_live_calls_long_step_never_counts_against_code_left_by_an_ended_call() {
    let sb = Sandbox::new("orphan-timing");
    // `leave` spins 0.3 s and `long` 1.3 s. The gate's reaction is created during `leave`,
    // so it runs as `leave`'s code after `leave` has ended.
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/faults_call/leaves_a_step_behind.ts"));
    let mut host = LineHost::run(&sb, &[]);
    host.call("l", "leave", json!({}));
    assert_eq!(text(&host.result("l")), "left");
    host.call("g", "long", json!({}));
    assert_eq!(text(&host.result("g")), "long done");
    let (status, _) = host.finish();
    assert!(status.success());
    let stops = sb.stops();
    assert!(stops.is_empty(), "{stops:?}");
}

/// A FIFO in the sandbox, which nothing opens unless a test says so.
fn make_fifo(sb: &Sandbox, name: &str) -> String {
    let path = sb.root.join(name);
    let status = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
    path.display().to_string()
}

/// Tools that wait in a system call for a process that never comes: a FIFO's open for
/// reading and for writing, a read on a FIFO opened at both ends that nobody writes, a copy
/// from a FIFO, and an asynchronous read (which waits on a thread of its own, never in the
/// engine).
fn fifo_waits(fifo: &str) -> String {
    include_str!("../fixtures/faults_call/waits_on_a_fifo.ts").replace("__FIFO__", &js_string(fifo))
}

/// Such a wait used to hang the whole host: no interrupt reaches a thread blocked in a system
/// call, so neither a cancel nor a deadline stopped the tool, no later call ran, and neither
/// end of input nor SIGTERM ended the host.
#[test]
fn a_tool_waiting_on_a_fifo_is_stopped_by_cancel_deadline_and_end_of_input() {
    let sb = Sandbox::new("fifo-waits");
    let fifo = make_fifo(&sb, "fifo");
    sb.write("project/.omp/tools/t.ts", &fifo_waits(&fifo));
    sb.write(
        "project/.omp/omp-host.json",
        r#"{"deadlineMs": 120000, "shutdownGraceMs": 500, "toolSettings": {"read_fd": {"deadlineMs": 800}}}"#,
    );
    let mut host = LineHost::run(&sb, &[]);
    for tool in ["read_fifo", "write_fifo", "copy_fifo", "read_fd", "read_fifo_async"] {
        let id = format!("c-{tool}");
        host.call(&id, tool, json!({}));
        host.first_update(&id);
        let cancelled = Instant::now();
        host.cancel(&id);
        assert_eq!(text(&host.result(&id)), format!("Tool {tool} was aborted: Interrupted by user."));
        host.call(&format!("after-{id}"), "ok", json!({}));
        assert_eq!(text(&host.result(&format!("after-{id}"))), "alive", "after {tool}");
        assert!(
            cancelled.elapsed() < Duration::from_secs(3),
            "{tool}: the next call waited {:?}",
            cancelled.elapsed()
        );
        if tool != "read_fifo_async" {
            // The wait was in the engine: the cancel stopped the script itself.
            assert_eq!(sb.stop_reasons(&format!("call:{id}")), ["cancelled"], "{tool}");
        }
    }
    host.call("d", "read_fd", json!({}));
    let r = host.result("d");
    assert!(text(&r).contains("did not finish within its deadline of 800 ms"), "{}", text(&r));
    host.call("after-d", "ok", json!({}));
    assert_eq!(text(&host.result("after-d")), "alive");
    end_input_during(host, "e", "read_fifo", Duration::from_secs(10));
}

/// The waits above are real waits: when the other end comes, the data goes through.
#[test]
fn fifos_still_carry_data_when_the_other_end_comes() {
    let sb = Sandbox::new("fifo-data");
    let inbound = make_fifo(&sb, "inbound");
    let outbound = make_fifo(&sb, "outbound");
    let copy = sb.root.join("copied").display().to_string();
    sb.write(
        "project/.omp/tools/t.ts",
        &include_str!("../fixtures/faults_call/carries_fifo_data.ts")
            .replace("__INBOUND_PATH__", &inbound)
            .replace("__OUTBOUND_PATH__", &outbound)
            .replace("__COPY_PATH__", &copy)
            .replace("__INBOUND__", &js_string(&inbound))
            .replace("__OUTBOUND__", &js_string(&outbound))
            .replace("__COPY__", &js_string(&copy)),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("r", "read_from_writer", json!({}));
    assert_eq!(text(&host.result("r")), "hello");
    host.call("c", "copy_from_writer", json!({}));
    assert_eq!(text(&host.result("c")), "copied");
    host.call("w", "write_to_reader", json!({}));
    assert_eq!(text(&host.result("w")), "200000");
}

/// A descriptor the tool opened non-blocking never waits: as under Node, a FIFO without a
/// reader refuses a writer (ENXIO) and an empty one answers a read with EAGAIN.
#[test]
fn non_blocking_fifo_descriptors_answer_at_once_as_under_node() {
    let sb = Sandbox::new("fifo-nonblocking");
    let fifo = make_fifo(&sb, "fifo");
    sb.write(
        "project/.omp/tools/t.ts",
        &include_str!("../fixtures/faults_call/opens_fifo_nonblocking.ts").replace("__FIFO__", &js_string(&fifo)),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("n", "nonblocking", json!({}));
    assert_eq!(text(&host.result("n")), "ENXIO EAGAIN");
}

/// What no stop can reach at once (here a loop whose body is one long builtin call in which
/// the engine does not look for interrupts, `unstoppable_loop`) still cannot keep the host
/// from exiting: shutdown waits for the engine no longer than its own limits.
#[test]
fn end_of_input_ends_the_host_while_its_engine_cannot_be_stopped() {
    let sb = Sandbox::new("unstoppable-exit");
    let tools = tools_module(&[("unstoppable_loop", &unstoppable_loop("onUpdate({ content: [] });"))]);
    sb.write("project/.omp/tools/t.ts", &tools);
    sb.write("project/.omp/omp-host.json", r#"{"shutdownGraceMs": 500}"#);
    let events = end_input_during(LineHost::run(&sb, &[]), "s", "unstoppable_loop", Duration::from_secs(15));
    assert!(events.iter().any(|e| e["type"] == "session_event" && e["reason"] == "shutdown"), "{events:#?}");
}

/// A loop whose body is one long builtin call in which the engine does not look for
/// interrupts (`unstoppable_loop`): no stop reaches it in time. Once a stop has been due for
/// `WEDGED_AFTER` (500 ms) without the engine looking, a new engine takes its place and loads
/// the tools again: later calls are served, a call that ran on the old engine ends with an
/// error saying so, tools start with fresh state, and pending actions (whose functions were
/// lost) are discarded with the reason. A cancel and a deadline both get there, and the
/// replacement can itself be replaced.
#[test]
fn a_wedged_engine_is_replaced_and_later_calls_are_served() {
    let sb = Sandbox::new("wedged-engine");
    let tools = tools_module(&[
        (
            "unstoppable_loop",
            &unstoppable_loop("onUpdate({ content: [] });"),
        ),
        WAITING,
        COUNT,
        ("entries", "return { content: [{ type: 'text', text: String(ctx.sessionManager.getEntries().length) }] };"),
        (
            "stage",
            "pi.pushPendingAction({ label: 'edit', sourceToolName: 'stage', apply: async () => ({ content: [{ type: 'text', text: 'applied' }] }) }); return { content: [{ type: 'text', text: 'staged' }] };",
        ),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    sb.write(
        "project/.omp/omp-host.json",
        r#"{"toolSettings": {"unstoppable_loop": {"deadlineMs": 1500}}, "replaceWedgedEngineMs": 300}"#,
    );
    let mut host = LineHost::run(&sb, &[]);
    for id in ["c1", "c2"] {
        host.call(id, "count", json!({}));
        host.result(id);
    }
    host.call("stage", "stage", json!({}));
    assert_eq!(text(&host.result("stage")), "staged");
    // A cancel: answered at once, and the engine is replaced.
    cancel_a_deaf_loop_beside_a_waiting_call(&mut host, "after-cancel", Duration::from_secs(10));
    let discarded = host.wait_for("the pending action's discard", |e| e["type"] == "pending_action" && e["state"] == "discarded");
    assert_eq!(discarded["reason"], "the JavaScript engine was replaced", "{discarded}");
    host.call("c3", "count", json!({}));
    assert_eq!(text(&host.result("c3")), "1", "the new engine's tools start afresh");
    // The session as the new engine's tools see it: every call recorded so far (two entries
    // each: c1, c2, stage, spin, w, after-cancel, c3), none lost with the old engine.
    host.call("e", "entries", json!({}));
    assert_eq!(text(&host.result("e")), "14");

    // A deadline, on the new engine: replaced again.
    host.call("spin2", "unstoppable_loop", json!({}));
    host.first_update("spin2");
    let late = host.result("spin2");
    assert!(text(&late).contains("deadline"), "{late}");
    host.call("after-deadline", "ok", json!({}));
    let served = host.wait_for_within(Duration::from_secs(10), "the call after the deadline", |e| {
        e["type"] == "tool_execution_end" && e["toolCallId"] == "after-deadline"
    });
    assert_eq!(text(&served["result"]), "alive");
    // Stderr has a writer thread of its own: the host is let exit (which waits for it), not
    // killed, before stderr is read.
    host.close_stdin();
    assert!(host.wait_exit(Duration::from_secs(30)).success());
    let stderr = host.stderr();
    assert_eq!(stderr.matches("a new engine took its place").count(), 2, "{stderr}");
    assert_eq!(stderr.matches("did not stop call:").count(), 2, "{stderr}");
    // The first spin's cancel came while `w` ran (begun, its stop not due): the watchdog
    // reads whose code does not look (the spin's own: runtime/src/stop/job_slot.rs) and
    // gives it 40 ms of CPU time, as when nothing else runs (the second spin's deadline), not
    // the config's replaceWedgedEngineMs.
    assert_eq!(stderr.matches("within 300 ms (").count(), 0, "the config's replaceWedgedEngineMs: {stderr}");
    assert_eq!(stderr.matches("within 40 ms (").count(), 2, "the short limit: {stderr}");
}

/// The host's target: a cancel takes effect within 100 ms, with another call running beside the
/// cancelled one too. The watchdog reads whose code does not look (job_slot.rs): when
/// it is the cancelled call's own loop of long builtin calls, the engine is replaced after 40
/// ms of its CPU time however long `replaceWedgedEngineMs` is (here ten minutes: waiting for
/// it would time the test out), and the call beside ends with the replacement's error.
#[test]
fn a_cancelled_calls_own_deaf_loop_beside_another_call_gets_the_short_limit() {
    let sb = Sandbox::new("wedged-beside");
    let tools = tools_module(&[("unstoppable_loop", &unstoppable_loop("onUpdate({ content: [] });")), WAITING, ALIVE]);
    sb.write("project/.omp/tools/t.ts", &tools);
    sb.write("project/.omp/omp-host.json", r#"{"replaceWedgedEngineMs": 600000}"#);
    let mut host = LineHost::run(&sb, &[]);
    cancel_a_deaf_loop_beside_a_waiting_call(&mut host, "after", Duration::from_secs(30));
    host.close_stdin();
    assert!(host.wait_exit(Duration::from_secs(30)).success());
    let stderr = host.stderr();
    assert_eq!(stderr.matches("did not stop call:spin within 40 ms (").count(), 1, "{stderr}");
    // Its replacement was started once it had spent 10 ms of the 40 without looking.
    let prepared: Vec<Value> = sb
        .host_log()
        .into_iter()
        .filter(|line| line["message"] == "Starting the engine that would replace one that does not look for interrupts")
        .collect();
    assert_eq!(prepared.len(), 1, "{prepared:#?}");
    assert_eq!(prepared[0]["replacement"], 2, "{prepared:#?}");
}

/// The other way round: a live call's own long builtin call (one `join` of 2^26 holes, a second
/// or more, in which neither engine looks for interrupts) while another call is cancelled. The
/// code that does not look is known to be the live call's, whose stop is not due: the engine
/// is not given up on for the cancel, however short `replaceWedgedEngineMs` is, and the long
/// call ends with its own result. (Before the watchdog could read whose code it was, the
/// engine was replaced after replaceWedgedEngineMs and the long call lost.)
#[test]
fn a_live_calls_long_builtin_call_is_not_lost_to_another_calls_cancel() {
    let sb = Sandbox::new("long-builtin-beside");
    let tools = tools_module(&[
        WAITING,
        (
            "long_join",
            "onUpdate({ content: [] }); Array.prototype.join.call({ length: 2 ** 26 }, ''); return { content: [{ type: 'text', text: 'joined' }] };",
        ),
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    sb.write("project/.omp/omp-host.json", r#"{"replaceWedgedEngineMs": 50}"#);
    let mut host = LineHost::run(&sb, &[]);
    // Its update is sent right before the join begins.
    let long = cancel_a_waiting_call_beside(&mut host, "long", "long_join");
    assert_eq!(text(&long), "joined", "{long}");
    host.close_stdin();
    assert!(host.wait_exit(Duration::from_secs(30)).success());
    let stderr = host.stderr();
    assert!(!stderr.contains("a new engine took its place"), "{stderr}");
}

/// Calls `waiting` (as `w`), then `tool` (as `id`, once it has sent its first update), and
/// cancels `w` while `tool` runs: the cancel is answered at once; answers `id`'s result.
fn cancel_a_waiting_call_beside(host: &mut LineHost, id: &str, tool: &str) -> Value {
    host.call("w", "waiting", json!({}));
    host.first_update("w");
    host.call(id, tool, json!({}));
    host.first_update(id);
    host.cancel("w");
    assert_eq!(host.result("w")["isError"], true);
    host.result(id)
}

/// Calls `waiting` (as `w`), then `unstoppable_loop` (as `spin`), and cancels the loop: the
/// cancel is answered at once, call `after` of `ok`, sent with the cancel, is served within
/// `within` (once the engine is replaced), and `w` ends with the replacement's error.
fn cancel_a_deaf_loop_beside_a_waiting_call(host: &mut LineHost, after: &str, within: Duration) {
    host.call("w", "waiting", json!({}));
    host.first_update("w");
    host.call("spin", "unstoppable_loop", json!({}));
    host.first_update("spin");
    host.cancel("spin");
    // Sent at once, it waits behind the loop: taken back from the wedged engine, it runs on
    // the new one (it used to be sent to the wedged one again when it was woken before the
    // replacement began, and ended "the JavaScript engine stopped").
    host.call(after, "ok", json!({}));
    assert_eq!(host.result("spin")["isError"], true);
    let served = host.wait_for_within(within, "the call after the cancel", |e| {
        e["type"] == "tool_execution_end" && e["toolCallId"] == after
    });
    assert_eq!(text(&served["result"]), "alive");
    let lost = host.result("w");
    assert!(text(&lost).contains("the JavaScript engine was replaced"), "{lost}");
}

/// The scheduling policy (`/proc/<pid>/task/<tid>/stat` field 41) of each thread of `pid`
/// named `name`.
fn thread_policies(pid: u32, name: &str) -> Vec<u32> {
    let mut policies = Vec::new();
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let (head, rest) = stat.rsplit_once(") ").unwrap();
        if head.ends_with(&format!("({name}")) {
            // `rest` starts at field 3 (state).
            policies.push(rest.split_whitespace().nth(41 - 3).unwrap().parse().unwrap());
        }
    }
    policies
}

/// Calls `count`, then `tool` (which reports it has begun, then runs until it is stopped),
/// cancels it once it has begun, and checks that the engine was kept: `count` counts on and
/// the host never replaced its engine. Answers the cancelled call's result.
fn cancel_keeps_the_engine(sandbox: &str, tool: (&str, &str)) -> Value {
    let sb = Sandbox::new(sandbox);
    sb.write("project/.omp/tools/t.ts", &tools_module(&[tool, COUNT]));
    let mut host = LineHost::run(&sb, &[]);
    host.call("c1", "count", json!({}));
    assert_eq!(text(&host.result("c1")), "1");
    host.call("stopped", tool.0, json!({}));
    host.first_update("stopped");
    host.cancel("stopped");
    let stopped = host.result("stopped");
    host.call("c2", "count", json!({}));
    let served = host.wait_for_within(Duration::from_secs(10), "the call after the cancel", |e| {
        e["type"] == "tool_execution_end" && e["toolCallId"] == "c2"
    });
    assert_eq!(text(&served["result"]), "2", "the same engine, its tools' state kept");
    host.close_stdin();
    assert!(host.wait_exit(Duration::from_secs(30)).success());
    let stderr = host.stderr();
    assert!(!stderr.contains("a new engine took its place"), "{stderr}");
    stopped
}

/// QuickJS-ng looks for a stop asked from the watchdog's thread at its next call or loop
/// iteration (patches/v8x-2-poll-interrupts-soon.patch; unpatched, only every 10,000 of them:
/// here a few minutes), so a cancel stops a loop of long builtin calls where it runs: the
/// engine, and the tools' state in it, are kept. (V8 does not look in this loop, and replaces
/// the engine: `a_wedged_engine_is_replaced_and_later_calls_are_served`.)
#[cfg(not(feature = "v8"))]
#[test]
fn quickjs_stops_a_loop_of_long_builtin_calls_where_it_runs() {
    let stringify_loop = (
        "stringify_loop",
        "const big = Array.from({ length: 50000 }, (_, i) => ({ i, name: 'item ' + i })); onUpdate({ content: [] }); for (;;) JSON.stringify(big);",
    );
    let stopped = cancel_keeps_the_engine("quickjs-builtin-loop", stringify_loop);
    assert_eq!(stopped["isError"], true);
}

/// Stopping a call frees what its code held. QuickJS-ng frees it at once by reference counts,
/// without looking for interrupts: for three million objects, longer than the 40 ms of CPU time
/// after which an engine whose every job is due to stop counts as wedged. The watchdog hears
/// of such a freeing as of a collection (patches/v8x-3-gc-hook.patch), so the stop is a plain
/// cancel and the engine, with its tools' state, is kept. (V8 frees it in a later collection.)
#[test]
fn a_cancel_that_frees_a_large_structure_keeps_the_engine() {
    let hoard = (
        "hoard",
        "let list = null; for (let i = 0; i < 3e6; i++) list = { next: list, i }; onUpdate({ content: [] }); for (;;) {}",
    );
    let stopped = cancel_keeps_the_engine("free-on-stop", hoard);
    assert_eq!(text(&stopped), "Tool hoard was aborted: Interrupted by user.");
}

/// A replaced engine loads the tools afresh, so their `onSession` gets the session's `start`
/// again, before the calls that waited for the new engine run. The old engine's thread, still
/// in the loop no stop reaches (minutes here), runs on in the idle scheduling class only.
#[test]
fn a_replaced_engines_tools_get_the_sessions_start_again() {
    let sb = Sandbox::new("wedged-engine-start");
    sb.write(
        "project/.omp/tools/t.ts",
        &include_str!("../fixtures/faults_call/counts_session_starts.ts").replace("__LOOP__", &unstoppable_loop("onUpdate({ content: [] });")),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("before", "starts", json!({}));
    assert_eq!(text(&host.result("before")), "1");
    host.call("spin", "unstoppable_loop", json!({}));
    host.first_update("spin");
    host.cancel("spin");
    host.result("spin");
    host.call("after", "starts", json!({}));
    let served = host.wait_for_within(Duration::from_secs(10), "the call after the replacement", |e| {
        e["type"] == "tool_execution_end" && e["toolCallId"] == "after"
    });
    assert_eq!(text(&served["result"]), "1", "the new engine's tool got its start first");
    let mut policies = thread_policies(host.pid(), "omp-host-engine");
    policies.sort();
    assert_eq!(policies, [0, libc::SCHED_IDLE as u32], "the new engine's thread, then the old one's");
}

/// Code a call left behind (a timer) that wedges the engine after the call returned holds no
/// job whose stop could come due: once it has run past the limit for code of no live job
/// (1 s) and 40 ms more, the engine is replaced and the call waiting
/// behind it runs.
#[test]
fn code_left_behind_that_wedges_the_engine_is_replaced_too() {
    let sb = Sandbox::new("wedged-orphan");
    let marker = sb.root.join("looping");
    let looping = unstoppable_loop(&format!("writeFileSync({:?}, 'looping\\n');", marker.display().to_string()));
    sb.write(
        "project/.omp/tools/t.ts",
        &include_str!("../fixtures/faults_call/leaves_a_wedging_loop.ts").replace("__LOOP__", &looping),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("leave", "leave_a_loop", json!({}));
    assert_eq!(text(&host.result("leave")), "returned");
    wait_for_file(&marker, WAIT);
    host.call("next", "ok", json!({}));
    let served = host.wait_for_within(Duration::from_secs(10), "the call behind the wedged engine", |e| {
        e["type"] == "tool_execution_end" && e["toolCallId"] == "next"
    });
    assert_eq!(text(&served["result"]), "alive");
    host.close_stdin();
    assert!(host.wait_exit(Duration::from_secs(30)).success());
    let stderr = host.stderr();
    assert!(stderr.contains("did not stop code of no live job within 1040 ms"), "{stderr}");
}

/// A tool blocked in a synchronous child (`execSync`) holds the engine without looking for
/// interrupts, as a wedged engine does, but it is no fault: when another call's stop comes
/// due meanwhile, the engine is not replaced, and the child's call finishes with its output.
#[test]
fn a_synchronous_child_is_not_taken_for_a_wedged_engine() {
    let sb = Sandbox::new("sync-child-not-wedged");
    let tools = tools_module(&[
        WAITING,
        (
            "sync_child",
            "onUpdate({ content: [] }); return { content: [{ type: 'text', text: execSync('sleep 2; echo done').toString().trim() }] };",
        ),
    ]);
    sb.write(
        "project/.omp/tools/t.ts",
        &("import { execSync } from 'node:child_process';\n".to_string() + tools.as_str()),
    );
    let mut host = LineHost::run(&sb, &[]);
    assert_eq!(text(&cancel_a_waiting_call_beside(&mut host, "s", "sync_child")), "done");
    let stderr = host.stderr();
    assert!(!stderr.contains("a new engine took its place"), "{stderr}");
}

/// A module whose top-level code wedges the engine past its load time limit is left out
/// with the reason, and the modules after it load into a new engine: they are listed and
/// serve calls.
#[test]
fn a_module_whose_load_wedges_the_engine_is_left_out() {
    let sb = Sandbox::new("wedged-load");
    sb.write(
        "project/.omp/tools/a_wedge.ts",
        &format!("{}\nexport default () => [];\n", unstoppable_loop("")),
    );
    sb.write("project/.omp/tools/b_fine.ts", &tools_module(&[ALIVE]));
    sb.write("project/.omp/omp-host.json", r#"{"loadTimeoutMs": 500}"#);
    let (out, list) = list_bounded(&sb);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(names(&list), ["ok"]);
    let error = error_for(&list, "a_wedge.ts").unwrap_or_default();
    assert!(error.contains("could not be stopped") && error.contains("left out"), "{error}");
    let mut host = LineHost::run(&sb, &[]);
    host.call("a", "ok", json!({}));
    assert_eq!(text(&host.result("a")), "alive");
}

// ---------------------------------------------------------------------------- throws

/// What a tool throws is read without trusting it: a `message` getter or proxy trap that
/// throws left the call unanswered (the host's own error reading threw).
#[test]
fn thrown_values_whose_reading_throws_still_answer_the_call() {
    let sb = Sandbox::new("hostile-throws");
    let tools = tools_module(&[
        ("message_getter", "throw { get message() { throw new Error('no message'); } };"),
        (
            "proxy",
            "throw new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } });",
        ),
        ("to_string", "throw { toString() { throw new Error('no string'); } };"),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    let mut host = LineHost::run(&sb, &[]);
    for tool in ["message_getter", "proxy", "to_string"] {
        host.call(tool, tool, json!({}));
        let r = host.result(tool);
        assert_eq!(r["isError"], true, "{tool}: {r}");
        assert!(!text(&r).is_empty(), "{tool}: {r}");
        host.call(&format!("after-{tool}"), "ok", json!({}));
        assert_eq!(text(&host.result(&format!("after-{tool}"))), "alive");
    }
}

/// An exception in a microtask (`queueMicrotask`, `process.nextTick`) or a timer callback,
/// which nothing can catch, is logged and loses nothing. A microtask's used to end the event
/// loop's turn and drop the work queued in it: the call that had just returned was never
/// answered. (A timer's is reported by deno_web and the turn goes on.)
#[test]
fn uncaught_exceptions_in_callbacks_are_logged_and_lose_no_answer() {
    let sb = Sandbox::new("uncaught-callbacks");
    let tools = tools_module(&[
        ("microtask", "queueMicrotask(() => { throw new Error('from a microtask'); }); return { content: [{ type: 'text', text: 'returned' }] };"),
        ("next_tick", "process.nextTick(() => { throw new Error('from nextTick'); }); return { content: [{ type: 'text', text: 'returned' }] };"),
        (
            "timer",
            "setTimeout(() => { throw new Error('from a timer'); }, 0); await new Promise((resolve) => setTimeout(resolve, 0)); return { content: [{ type: 'text', text: 'resumed' }] };",
        ),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    let mut host = LineHost::run(&sb, &[]);
    for (tool, answer) in [("microtask", "returned"), ("next_tick", "returned"), ("timer", "resumed")] {
        host.call(tool, tool, json!({}));
        assert_eq!(text(&host.result(tool)), answer, "{tool}");
    }
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
    let (status, _) = host.finish();
    assert!(status.success());
    let logged: Vec<String> = sb
        .host_log()
        .iter()
        .filter(|line| line["message"] == "Uncaught error in tool code")
        .map(|line| line["error"].as_str().unwrap_or_default().to_string())
        .collect();
    for what in ["from a microtask", "from nextTick", "from a timer"] {
        assert!(logged.iter().any(|e| e.contains(what)), "{what} not logged: {logged:#?}");
    }
}

/// A result nested deeper than the engine bridge reads (serde_v8's recursion limit, about
/// 128 levels) was never answered, then answered with an error that lost the text. Now it
/// arrives, for a call and for a pending action's apply, its details cut at 100 levels with
/// a note in their place.
#[test]
fn a_result_nested_too_deeply_arrives_cut_with_a_note() {
    let sb = Sandbox::new("deep-result");
    let tools = tools_module(&[
        (
            "deep",
            "let details = { leaf: true }; for (let i = 0; i < 100000; i++) details = { details }; return { content: [{ type: 'text', text: 'deep' }], details };",
        ),
        (
            "stage_deep",
            "pi.pushPendingAction({ label: 'deep', sourceToolName: 'stage_deep', apply: async () => { let details = {}; for (let i = 0; i < 100000; i++) details = { details }; return { content: [{ type: 'text', text: 'applied' }], details }; } }); return { content: [{ type: 'text', text: 'staged' }] };",
        ),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    let mut host = LineHost::run(&sb, &[]);
    host.call("d", "deep", json!({}));
    let result = host.result("d");
    assert_eq!((text(&result), result["isError"].clone()), ("deep".to_string(), json!(false)), "{result}");
    let mut level = &result["details"];
    let mut depth = 1;
    while let Some(inner) = level.get("details") {
        level = inner;
        depth += 1;
    }
    assert_eq!(level, &json!("[cut: nested deeper than 100 levels]"));
    assert_eq!(depth, 100, "the result object is level 0, its details level 1");
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
    host.call("s", "stage_deep", json!({}));
    assert_eq!(text(&host.result("s")), "staged");
    host.call("r", "resolve", json!({"action": "apply", "reason": "go"}));
    assert_eq!(text(&host.result("r")), "applied");
}

/// A tool that puts `then` on Object.prototype makes every object resolved through a promise
/// a promise-like: the host's own outcome objects were swallowed, and no call was answered
/// again. Now every call is answered, with an error that names the cause, until it is gone.
#[test]
fn a_then_on_object_prototype_leaves_no_call_unanswered() {
    let sb = Sandbox::new("poisoned-then");
    let tools = tools_module(&[
        (
            "poison",
            "Object.prototype.then = function (resolve) { resolve(42); }; return { content: [{ type: 'text', text: 'poisoned' }] };",
        ),
        ("cure", "delete Object.prototype.then; return { content: [{ type: 'text', text: 'cured' }] };"),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    let mut host = LineHost::run(&sb, &[]);
    for (id, tool) in [("p", "poison"), ("o1", "ok")] {
        host.call(id, tool, json!({}));
        let r = host.result(id);
        assert_eq!(r["isError"], true, "{r}");
        assert!(text(&r).contains("Object.prototype.then was set by a tool"), "{}", text(&r));
    }
    host.call("c", "cure", json!({}));
    assert_eq!(text(&host.result("c")), "cured");
    host.call("o2", "ok", json!({}));
    assert_eq!(text(&host.result("o2")), "alive");
}

// ---------------------------------------------------------------------------- memory

#[test]
fn the_heap_limit_holds_at_call_time_for_strings_and_array_buffers() {
    let sb = Sandbox::new("call-heap");
    let tools = tools_module(&[
        ("strings", "const keep = []; for (let i = 0; ; i++) keep.push(('x'.repeat(1 << 20) + i).split('').join(''));"),
        (
            "buffers",
            "const keep = []; for (let i = 0; i < 2048; i++) keep.push(new Uint8Array(1 << 20).fill(1)); return { content: [{ type: 'text', text: 'kept 2 GiB' }] };",
        ),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    sb.write("project/.omp/omp-host.json", r#"{"heapLimitMb": 128}"#);
    for tool in ["strings", "buffers"] {
        let (code, peak_kib) = peak_rss_kib(sb.command(&["call", tool, "--params", "{}"]), Duration::from_secs(120));
        assert_eq!(code, 1, "{tool} failed");
        assert!(peak_kib < 512 * 1024, "{tool}: the host grew to {} MiB", peak_kib / 1024);
    }
    let mut host = LineHost::run(&sb, &[]);
    for tool in ["strings", "buffers"] {
        host.call(tool, tool, json!({}));
        let r = host.result(tool);
        assert_eq!(r["isError"], true, "{tool}: {r}");
        assert!(
            text(&r) == format!("Tool {tool} ran out of memory (JavaScript heap limit of 128 MB) and was stopped.")
                || text(&r).contains("Array buffer allocation failed"),
            "{tool}: {}",
            text(&r)
        );
    }
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
}

/// Each heap stop raises the limit for a moment (room for the stopped script to unwind); the
/// host puts it back once the stop is dealt with. A tool that keeps 150 MB, more than the
/// 128 MB limit but less than the limit plus that room, is stopped after every hog too.
#[test]
fn a_heap_stop_leaves_the_limit_where_it_was_set() {
    let sb = Sandbox::new("heap-restored");
    let tools = tools_module(&[
        // Arrays of 2^17 doubles, 1 MiB each (`'x'.repeat(n)` would be a rope of a few shared pieces).
        ("hog", "const keep = []; for (let i = 0; ; i++) keep.push(new Array(1 << 17).fill(i + 0.5));"),
        (
            "big",
            "const keep = []; for (let i = 0; i < 150; i++) keep.push(new Array(1 << 17).fill(i + 0.5)); return { content: [{ type: 'text', text: `kept ${keep.length} MB` }] };",
        ),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    sb.write("project/.omp/omp-host.json", r#"{"heapLimitMb": 128}"#);
    let mut host = LineHost::run(&sb, &[]);
    for round in 0..2 {
        for tool in ["hog", "big"] {
            let id = format!("{tool}{round}");
            host.call(&id, tool, json!({}));
            let r = host.result(&id);
            assert_eq!(
                text(&r),
                format!("Tool {tool} ran out of memory (JavaScript heap limit of 128 MB) and was stopped."),
                "round {round}"
            );
        }
    }
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
}

// ---------------------------------------------------------------------------- signals

/// A tool that sends `signal` to the pid the JavaScript expression `target` names, and says
/// what happened.
fn signalling_tool(name: &str, target: &str, signal: &str) -> String {
    include_str!("../fixtures/faults_call/sends_a_signal.cjs")
        .replace("__NAME__", name)
        .replace("__TARGET__", target)
        .replace("__SIGNAL__", signal)
}

#[test]
fn tools_cannot_signal_the_host() {
    use std::os::unix::process::CommandExt;
    let sb = Sandbox::new("signals");
    let host_thread = "Number(require('node:fs').readdirSync('/proc/self/task').find((t) => Number(t) !== process.pid))";
    // The child supervisor starts with the first child; find it among the host's children.
    // The supervisor is forked, then runs the host binary again: until that exec its command
    // line is the host's, so the search is repeated (bounded) until it shows.
    let supervisor = "(() => { const { execSync } = require('node:child_process'); execSync('true'); const fs = require('node:fs'); \
        const find = () => fs.readdirSync('/proc').filter((p) => /^[0-9]+$/.test(p)).find((p) => { try { \
        return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('supervise-children') && fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(process.pid); \
        } catch { return false; } }); \
        let found = find(); for (let i = 0; i < 250 && !found; i++) { execSync('sleep 0.02'); found = find(); } return Number(found); })()";
    let cases = [
        ("own_pid", "process.pid", "SIGTERM"),
        ("own_group", "0", "SIGINT"),
        ("negative_group", "-process.pid", "SIGKILL"),
        ("own_thread", host_thread, "SIGTERM"),
        ("supervisor", supervisor, "SIGKILL"),
    ];
    for (name, target, signal) in cases {
        sb.write(
            &format!("project/.omp/tools/{name}.cjs"),
            &signalling_tool(name, target, signal).replace("export default", "module.exports ="),
        );
    }
    sb.write("project/.omp/tools/after.ts", &tool_source("after", "'still here'"));
    let mut script: Vec<(u64, String)> = cases
        .iter()
        .enumerate()
        .map(|(i, (name, _, _))| (0, call_line(&format!("c{i}"), name, json!({}))))
        .collect();
    script.push((0, call_line("last", "after", json!({}))));
    // The host leads its own process group, so a signal to "its group" reaches nothing else.
    let mut cmd = sb.command(&["run"]);
    cmd.process_group(0).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for (_, line) in &script {
        writeln!(stdin, "{line}").unwrap();
    }
    drop(stdin);
    let out = wait_bounded(child, Duration::from_secs(60));
    assert!(out.status.success(), "the host ended with {}: {}", out.status, stderr(&out));
    let events: Vec<Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for (i, (name, _, _)) in cases.iter().enumerate() {
        let answer = text(result_of(&events, &format!("c{i}")));
        assert!(answer.starts_with("refused EPERM:"), "{name}: {answer}");
    }
    assert_eq!(text(result_of(&events, "last")), "still here");
}

#[test]
fn tools_can_still_signal_their_own_children() {
    let sb = Sandbox::new("signal-child");
    sb.write("project/.omp/tools/reaper.ts", include_str!("../fixtures/faults_call/signals_its_child.ts"));
    let (code, out, err) = sb.call("reaper", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "SIGTERM"), "{err}");
}

// ---------------------------------------------------------------------------- child processes

#[test]
fn no_child_survives_the_host_being_killed() {
    let sb = Sandbox::new("orphans");
    let pids = sb.root.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let dir = pids.display();
    sb.write(
        "project/.omp/tools/breeder.ts",
        &include_str!("../fixtures/faults_call/leaves_children.ts").replace("__DIR__", &dir.to_string()),
    );
    let mut host = sb
        .command(&["run"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = host.stdin.take().unwrap();
    writeln!(stdin, "{}", call_line("c1", "breeder", json!({}))).unwrap();
    let limit = Duration::from_secs(30);
    let read = |name: &str| -> i32 { wait_for_file(&pids.join(name), limit).parse().unwrap() };
    let attached = [read("plain"), read("bun"), read("shell"), read("grandchild")];
    let detached = read("detached");
    assert!(attached.iter().all(|p| !process_gone(*p)), "all started");
    host.kill().unwrap(); // SIGKILL: the host gets no chance to clean up
    host.wait().unwrap();
    drop(stdin);
    let survivors = all_gone_within(&attached, Duration::from_secs(10));
    let detached_alive = !process_gone(detached);
    // SAFETY: cleaning up after the test, whatever it found.
    for pid in survivors.iter().chain(std::iter::once(&detached)) {
        unsafe {
            libc::kill(*pid, libc::SIGKILL);
        }
    }
    assert!(
        survivors.is_empty(),
        "these outlived the host: {survivors:?} (of plain, bun, shell, grandchild {attached:?})"
    );
    assert!(detached_alive, "a detached child is left running, as Node leaves it");
}

/// Descendants that leave their call's process group — a `setsid` grandchild of a `pi.exec`
/// command, a daemon that forked twice from `spawn` — used to survive the call's cancel, the
/// host's exit and its SIGKILL. They carry the call's mark and are killed with it now.
#[test]
fn children_that_left_their_process_group_die_with_the_call_and_the_host() {
    let sb = Sandbox::new("escapees");
    let pids = sb.root.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let dir = pids.display();
    sb.write(
        "project/.omp/tools/escape.ts",
        &include_str!("../fixtures/faults_call/escapes_its_process_group.ts").replace("__DIR__", &dir.to_string()),
    );
    let limit = Duration::from_secs(30);
    let read = |name: &str| -> i32 { wait_for_file(&pids.join(name), limit).parse().unwrap() };
    let check = |pids: [i32; 2], how: &str| {
        let survivors = all_gone_within(&pids, Duration::from_secs(10));
        for pid in &survivors {
            // SAFETY: cleaning up after the test.
            unsafe { libc::kill(*pid, libc::SIGKILL) };
        }
        assert!(survivors.is_empty(), "{how}: these outlived it: {survivors:?}");
    };
    // A cancel of the call.
    let mut host = LineHost::run(&sb, &[]);
    host.call("c1", "escape", json!({"tag": "cancel"}));
    let escaped = [read("daemon-cancel"), read("setsid-cancel")];
    host.cancel("c1");
    host.result("c1");
    check(escaped, "the cancel");
    // The host's exit at end of input.
    host.call("c2", "escape", json!({"tag": "exit"}));
    let escaped = [read("daemon-exit"), read("setsid-exit")];
    host.finish();
    check(escaped, "the host's exit");
    // SIGKILL of the host: its supervisor kills them.
    let mut host = LineHost::run(&sb, &[]);
    host.call("c3", "escape", json!({"tag": "kill"}));
    let escaped = [read("daemon-kill"), read("setsid-kill")];
    host.signal("KILL");
    check(escaped, "the host's SIGKILL");
}

#[test]
fn pi_exec_output_is_bounded_in_memory_and_spilled() {
    let sb = Sandbox::new("exec-flood");
    sb.write("project/.omp/tools/flood.ts", include_str!("../fixtures/faults_call/floods_exec_output.ts"));
    let (code, peak_kib) = peak_rss_kib(sb.command(&["call", "flood", "--params", "{}"]), Duration::from_secs(120));
    assert_eq!(code, 0);
    // 300 MB of output; the host keeps at most 16 MiB of it per stream (plus its own ~60 MB).
    assert!(peak_kib < 200 * 1024, "the host grew to {} MiB", peak_kib / 1024);
    let (code, out, err) = sb.call("flood", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(report["head"], "y\ny\n");
    assert_eq!(report["tail"], "y\ny\n");
    assert_eq!(report["code"], 0);
    let notice = report["notice"].as_str().unwrap();
    assert!(notice.starts_with("[omp-host: the output was 300000000 bytes; "), "{notice}");
    let spill = PathBuf::from(
        notice
            .split(" are in ")
            .nth(1)
            .or_else(|| notice.split(" is in ").nth(1))
            .unwrap()
            .trim_end_matches(']'),
    );
    assert_eq!(mode_of(&spill), 0o600);
    assert!(
        std::fs::metadata(&spill).unwrap().len() >= 256 * 1024 * 1024,
        "the spill file holds the output up to its own bound"
    );
}

#[test]
fn buffered_child_process_forms_honour_max_buffer() {
    let sb = Sandbox::new("maxbuffer");
    sb.write("project/.omp/tools/buffers.ts", include_str!("../fixtures/faults_call/overflows_max_buffer.ts"));
    let out = run_bounded(sb.command(&["call", "buffers", "--params", "{}"]), Duration::from_secs(60));
    assert!(out.status.success(), "{}", stderr(&out));
    let report: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        report["spawnSync"],
        json!(["ENOBUFS", "spawnSync sh ENOBUFS", 1000, "SIGTERM", null]),
        "{report}"
    );
    assert_eq!(
        report["execSync"],
        json!(["ENOBUFS", "spawnSync /bin/sh ENOBUFS", 1024 * 1024]),
        "Node's default maxBuffer is 1 MiB: {report}"
    );
    assert_eq!(report["infinite"], json!([null, 3_000_000]), "{report}");
    assert_eq!(report["exec"], json!(["ERR_CHILD_PROCESS_STDIO_MAXBUFFER", 1000]), "{report}");
}

/// Code a tool runs inside `AsyncLocalStorage.run` still belongs to its call: the storage's
/// frame carries the call's job number (node/async_hooks.js). It used to replace the job key,
/// so `ctx.ui` there lost the call's id, and a cancel of a spin there was taken for code of
/// no live job (not stopped until the 1 s limit for such code, as a runaway).
#[test]
fn code_inside_async_local_storage_still_belongs_to_its_call() {
    let sb = Sandbox::new("als-job");
    let tools = tools_module(&[
        (
            "store_spin",
            "const { AsyncLocalStorage } = await import('node:async_hooks'); const als = new AsyncLocalStorage(); \
             await als.run('kept', async () => { await null; ctx.ui.notify('inside'); \
             onUpdate({ content: [{ type: 'text', text: als.getStore() }] }); for (;;) {} });",
        ),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    let mut host = LineHost::run(&sb, &["--ui"]);
    host.call("spin", "store_spin", json!({}));
    let notice = host.wait_for("the notice", |e| e["type"] == "ui_notify");
    assert_eq!(notice["toolCallId"], "spin", "{notice}");
    let update = host.first_update("spin");
    assert_eq!(text(&update["partialResult"]), "kept", "{update}");
    host.cancel("spin");
    assert_eq!(host.result("spin")["isError"], true);
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
    let (status, events) = host.finish();
    eprintln!("EVENTS {events:#?}");
    assert!(status.success());
    let stops: Vec<Value> = sb.host_log().into_iter().filter(|line| line["message"] == "Stopped a running script").collect();
    eprintln!("LOG {:#?}", sb.host_log());
    assert_eq!(stops.len(), 1, "{stops:#?}");
    assert_eq!(stops[0]["job"], "call:spin", "{stops:#?}");
    assert_eq!(stops[0]["reason"], "cancelled", "{stops:#?}");
}

/// Code of no live job that runs a while (a timer a call left behind) but looks for
/// interrupts, while another call's cancel waits for the engine to take it: the engine
/// answers each probe the watchdog asks for, so it is not taken for wedged. (The CPU time
/// counted toward the 40 ms limit used to add up across probes the engine had answered, so
/// the engine was replaced after 40 ms of such code.)
#[test]
fn busy_code_that_answers_the_watchdog_is_not_taken_for_wedged_while_a_cancel_waits() {
    let sb = Sandbox::new("busy-orphan");
    let tools = tools_module(&[
        WAITING,
        (
            "leave_busy_timer",
            "const fs = await import('node:fs'); \
             setTimeout(() => { fs.writeFileSync('busy-started', ''); while (!fs.existsSync('cancel-sent')) {} \
             const t = Date.now(); while (Date.now() - t < 300) {} }, 0); \
             return { content: [{ type: 'text', text: 'left' }] };",
        ),
        ALIVE,
    ]);
    sb.write("project/.omp/tools/t.ts", &tools);
    let mut host = LineHost::run(&sb, &[]);
    host.call("w", "waiting", json!({}));
    host.first_update("w");
    host.call("leave", "leave_busy_timer", json!({}));
    assert_eq!(text(&host.result("leave")), "left");
    let started = sb.project.join("busy-started");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !started.exists() {
        assert!(Instant::now() < deadline, "the timer never ran");
        std::thread::sleep(Duration::from_millis(5));
    }
    host.cancel("w");
    sb.write("project/cancel-sent", "");
    assert_eq!(host.result("w")["isError"], true);
    host.call("o", "ok", json!({}));
    assert_eq!(text(&host.result("o")), "alive");
    host.close_stdin();
    assert!(host.wait_exit(Duration::from_secs(30)).success());
    let stderr = host.stderr();
    assert!(!stderr.contains("a new engine took its place"), "{stderr}");
}

/// A tool cannot make its code another job's: `AsyncResource` keeps the context it captured
/// private (a tool that set `resource._context` used to run code under any value it liked:
/// another job's number, or an object whose `job` getter the host would run when it read it).
#[test]
fn a_tool_cannot_make_its_code_another_jobs() {
    let sb = Sandbox::new("als-forge");
    let tools = tools_module(&[(
        "forge",
        "const { AsyncResource } = await import('node:async_hooks'); const resource = new AsyncResource('forged'); \
         resource._context = 123456; resource.runInAsyncScope(() => ctx.ui.notify('forged')); \
         return { content: [{ type: 'text', text: 'done' }] };",
    )]);
    sb.write("project/.omp/tools/t.ts", &tools);
    let mut host = LineHost::run(&sb, &["--ui"]);
    host.call("f", "forge", json!({}));
    assert_eq!(text(&host.result("f")), "done");
    let notice = host.wait_for("the notice", |e| e["type"] == "ui_notify");
    assert_eq!(notice["toolCallId"], "f", "{notice}");
}

// ---------------------------------------------------------------------------- the model's arguments

/// A parameter schema whose `$ref`s form a cycle (a → b → a) loads; a call that sends that
/// property used to abort the whole host (the argument passes recursed along the cycle).
#[test]
fn a_ref_cycle_in_a_schema_does_not_crash_the_host_when_called() {
    let sb = Sandbox::new("ref-cycle");
    sb.write(
        "project/.omp/tools/t.js",
        "export default () => ({ name: 'cyclic', label: 'c', description: 'd', parameters: { type: 'object', properties: { p: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { anyOf: [{ $ref: '#/$defs/a' }, { type: 'object', properties: { n: { type: 'number', default: 1 } } }] } } }, async execute(id, p) { return { content: [{ type: 'text', text: JSON.stringify(p) }] }; } });",
    );
    let mut host = LineHost::run(&sb, &[]);
    host.send(call_line("c1", "cyclic", json!({"p": {"x": null}})));
    let result = host.result("c1");
    assert_eq!(result["isError"], false, "{result}");
    host.send(call_line("c2", "cyclic", json!({"p": {"n": 2}})));
    assert_eq!(text(&host.result("c2")), r#"{"p":{"n":2}}"#);
    let (status, _) = host.finish();
    assert!(status.success(), "the host kept serving and exited normally");
}

// ---------------------------------------------------------------------------- results and builtins

/// A tool that poisons the builtins every tool shares (an accessor on Object.prototype,
/// Array iteration, Object and Reflect statics, Function.prototype.call) breaks at most itself:
/// another module's tools still return their results and run `pi.exec`.
#[test]
fn a_tool_that_poisons_shared_builtins_breaks_only_itself() {
    let sb = Sandbox::new("poisoned-builtins");
    sb.write(
        "project/.omp/tools/evil.ts",
        &tools_module(&[
            ("poison", "Object.defineProperty(Object.prototype, 'content', { get() { throw new Error('gotcha'); }, configurable: true }); Object.defineProperty(Object.prototype, 'toJSON', { get() { throw new Error('gotcha'); }, configurable: true }); Array.prototype[Symbol.iterator] = function () { throw new Error('iteration hijacked'); }; Array.prototype.map = () => { throw new Error('map hijacked'); }; Object.keys = Object.entries = () => { throw new Error('statics hijacked'); }; Reflect.apply = () => { throw new Error('reflect hijacked'); }; return { content: [{ type: 'text', text: 'poisoned' }] };"),
            ("hijack_call", "Function.prototype.call = function () { throw new Error('call hijacked'); }; return { content: [] };"),
        ]),
    );
    sb.write(
        "project/.omp/tools/good.ts",
        &tools_module(&[("good", "const r = await pi.exec('echo', ['hi']); return { content: [{ type: 'text', text: 'exec ' + r.stdout.trim() + ' ' + r.code }], details: { a: [1, { b: 2 }] } };")]),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("p", "poison", json!({}));
    host.result("p");
    host.call("h", "hijack_call", json!({}));
    let hijack = host.result("h");
    // V8: "Cannot assign to read only property 'call' …"; QuickJS-ng: "'call' is read-only".
    let refused = text(&hijack);
    assert!(
        hijack["isError"] == true && refused.contains("'call'") && (refused.contains("read only") || refused.contains("read-only")),
        "the hijack fails on its own line: {hijack}"
    );
    host.call("g", "good", json!({}));
    let good = host.result("g");
    assert_eq!(text(&good), "exec hi 0", "{good}");
    assert_eq!(good["details"], json!({"a": [1, {"b": 2}]}));
}

// ---------------------------------------------------------------------------- a full disk

/// A tmpfs of `size` mounted on `dir` while it lives (root only; None where mounting fails).
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount(dir: &std::path::Path, size: &str) -> Option<SmallDisk> {
        std::fs::create_dir_all(dir).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size},mode=0700"), "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then(|| SmallDisk(dir.to_path_buf()))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// The session file on a disk that fills up: writes fail, the tools' view shows the whole
/// entries the disk took (no torn line), and once space is free the waiting entries are
/// written and the view carries on. It used to show stale entries while any waited.
#[test]
fn the_session_view_survives_a_full_disk_and_recovers() {
    let sb = Sandbox::new("full-disk");
    let Some(_disk) = SmallDisk::mount(&sb.data_dir(), "512k") else {
        eprintln!("SKIPPED the_session_view_survives_a_full_disk_and_recovers: cannot mount a tmpfs here (not root?)");
        return;
    };
    let filler = sb.data_dir().join("filler");
    sb.write(
        "project/.omp/tools/t.ts",
        &include_str!("../fixtures/faults_call/fills_the_disk.ts").replace("__FILLER__", &js_string(&path_str(&filler))),
    );
    let mut host = LineHost::run(&sb, &[]);
    let calls = std::cell::Cell::new(0);
    let call = |host: &mut LineHost, tool: &str| -> String {
        calls.set(calls.get() + 1);
        let id = format!("c{}", calls.get());
        host.call(&id, tool, json!({}));
        text(&host.result(&id))
    };
    call(&mut host, "say");
    assert_eq!(call(&mut host, "entries"), "2");
    call(&mut host, "fill");
    // Room for a few entries, not for all: a batch is cut short by the full disk.
    call(&mut host, "room");
    for _ in 0..20 {
        call(&mut host, "say");
    }
    let while_full: usize = call(&mut host, "entries").parse().unwrap();
    assert!(
        while_full > 2 && while_full < 2 * (calls.get() - 1),
        "the whole entries the full disk took are seen, and no more: {while_full}"
    );
    call(&mut host, "free");
    call(&mut host, "say");
    let after: usize = call(&mut host, "entries").parse().unwrap();
    assert_eq!(after, 2 * (calls.get() - 1), "every finished call's two entries, once space is free");
    let stderr = host.stderr();
    assert!(stderr.contains("its entries wait and are written once it can be"), "{stderr}");
}

/// The host's own session file stays under `sessionFileLimitMb` however many calls it
/// records (it grew 584 MB in 30 s under load): past the limit it keeps its recent entries,
/// says so once, and the tools' view carries on with them.
#[test]
fn the_session_file_stays_under_its_limit() {
    let sb = Sandbox::new("session-limit");
    sb.write("project/.omp/omp-host.json", r#"{ "sessionFileLimitMb": 1 }"#);
    sb.write(
        "project/.omp/tools/t.ts",
        &tools_module(&[
            (
                "entries",
                "return { content: [{ type: 'text', text: String(ctx.sessionManager.getEntries().length) }] };",
            ),
            (
                "say",
                "return { content: [{ type: 'text', text: 'ok' }], details: { blob: 'x'.repeat(60000) } };",
            ),
        ]),
    );
    let mut host = LineHost::run(&sb, &[]);
    let mut largest = 0;
    let session_file = || {
        let dir = sb.data_dir().join("sessions");
        let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(files.len(), 1, "one file, no leftovers: {files:?}");
        files[0].clone()
    };
    for n in 0..60 {
        let id = format!("c{n}");
        host.call(&id, "say", json!({}));
        host.result(&id);
        if n % 10 == 9 {
            // The tools' view reads the file back (after the writer wrote what it has).
            host.call(&format!("e{n}"), "entries", json!({}));
            host.result(&format!("e{n}"));
            largest = largest.max(std::fs::metadata(session_file()).unwrap().len());
        }
    }
    host.call("last", "entries", json!({}));
    let seen: usize = text(&host.result("last")).parse().unwrap();
    assert!(largest <= 1024 * 1024, "the file reached {largest} bytes");
    assert!(seen > 0, "the tools still see entries");
    let stderr = host.stderr();
    assert_eq!(stderr.matches("reached its limit of 1 MiB (sessionFileLimitMb)").count(), 1, "{stderr}");
}

/// The Node built-ins tools import are the host's JavaScript too: after a tool poisons Array
/// iteration and methods, Object and Reflect statics, JSON, String and Promise methods,
/// another module's `fs`, `path`, `child_process`, `events`, `buffer`, `util`, `os`, `http`,
/// streams, timers, `zlib` and `crypto` still work, and so does a built-in imported for the
/// first time after the poison.
#[test]
fn a_tool_that_poisons_shared_builtins_leaves_node_modules_working() {
    let sb = Sandbox::new("poisoned-node");
    let hijack = |what: &str| "() => { throw new Error('__WHAT__ hijacked'); }".replace("__WHAT__", what);
    let poison = [
        "Array.prototype[Symbol.iterator]",
        "Array.prototype.map",
        "Array.prototype.forEach",
        "Array.prototype.filter",
        "Array.prototype.push",
        "Array.prototype.join",
        "Array.prototype.slice",
        "Array.prototype.indexOf",
        "Array.prototype.includes",
        "Array.prototype.concat",
        "Array.prototype.splice",
        "Array.isArray",
        "Array.from",
        "Object.keys",
        "Object.entries",
        "Object.assign",
        "Object.defineProperty",
        "Object.create",
        "Object.freeze",
        "Reflect.apply",
        "Math.floor",
        "Math.min",
        "Math.max",
        "JSON.stringify",
        "JSON.parse",
        "String.prototype.split",
        "String.prototype.replace",
        "String.prototype.startsWith",
        "String.prototype.slice",
        "String.prototype.indexOf",
        "String.prototype.toLowerCase",
        "String.prototype.trim",
        "Promise.prototype.then",
        "Map.prototype.get",
        "Map.prototype.set",
        "Uint8Array.prototype.set",
        "Uint8Array.prototype.subarray",
    ]
    .iter()
    .map(|what| format!("{what} = {};", hijack(what)))
    .collect::<String>();
    sb.write(
        "project/.omp/tools/evil.ts",
        &tools_module(&[("poison", &(poison + " return { content: [{ type: 'text', text: 'poisoned' }] };"))]),
    );
    let scratch = sb.data_dir().join("scratch");
    sb.write(
        "project/.omp/tools/good.ts",
        &include_str!("../fixtures/faults_call/uses_node_builtins.ts").replace("__DIR__", &js_string(&path_str(&scratch))),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("before", "node_tools", json!({}));
    let before = text(&host.result("before"));
    assert!(!before.contains("FAILED"), "before any poison: {before}");
    std::fs::remove_dir_all(&scratch).unwrap();
    host.call("p", "poison", json!({}));
    let poisoned = host.result("p");
    assert_eq!(text(&poisoned), "poisoned");
    host.call("after", "node_tools", json!({ "restoreThen": cfg!(feature = "quickjs") }));
    let after = text(&host.result("after"));
    assert!(!after.contains("FAILED"), "{after}");
}

/// A 100 MiB text result costs the host about its size twice (V8's string and the one copy
/// Rust needs), not four or five times: it was copied again to strip control characters, to
/// be measured, by `json!` serializing it, and into a buffer reserved at twice its length (a
/// 400 MB result peaked at 1.69 GB).
#[test]
fn a_huge_text_result_is_not_copied_over_and_over() {
    let sb = Sandbox::new("huge-text");
    sb.write(
        "project/.omp/tools/t.ts",
        &tools_module(&[("huge", "return { content: [{ type: 'text', text: 'y'.repeat(100 * 1024 * 1024) }] };")]),
    );
    let (code, peak_kib) = peak_rss_kib(sb.command(&["call", "huge", "--params", "{}"]), Duration::from_secs(240));
    assert_eq!(code, 0);
    // QuickJS-ng's bridge makes copies of its own (558 MiB measured there): its bound only
    // catches copies added on top of them.
    let bound_mib = if cfg!(feature = "quickjs") { 620 } else { 340 };
    assert!(peak_kib < bound_mib * 1024, "peak RSS {} MiB for a 100 MiB result", peak_kib / 1024);
}
