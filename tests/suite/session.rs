//! The session behind `ctx.sessionManager` (contract 4.2) and the client's state in `ctx`: a
//! tool rebuilding its state from `getBranch()` after a host restart (`--session ID`), the
//! session file's lines in pi's shape, `getSessionId`/`getSessionFile`, a client's own pi
//! session file (`--session-file`), `isIdle`/`hasQueuedMessages`/`model`/`modelRegistry` from
//! the `state` request, and `ctx.abort()` reaching the client as `abort_turn`.
use crate::common::*;

use std::io::Write;
use std::os::unix::fs::MetadataExt;

use serde_json::{json, Value};

/// `counter` keeps a running total, rebuilt on `start` from its own results in the branch.
const COUNTER: &str = include_str!("../fixtures/session/counter.mjs");

/// `probe` answers what `ctx` says, as JSON.
const PROBE: &str = include_str!("../fixtures/session/probe.mjs");

/// `stopper` asks the client to stop the turn, and reports whether its own signal aborted.
const STOPPER: &str = include_str!("../fixtures/session/stopper.mjs");

fn sandbox(name: &str) -> Sandbox {
    let sb = Sandbox::new(name);
    sb.write("project/.omp/tools/counter.js", COUNTER);
    sb.write("project/.omp/tools/probe.js", PROBE);
    sb.write("project/.omp/tools/stopper.js", STOPPER);
    sb
}

fn probe(host: &mut LineHost, id: &str) -> Value {
    host.call(id, "probe", json!({}));
    serde_json::from_str(&text(&host.result(id))).unwrap()
}

fn ready(host: &LineHost) -> Value {
    host.seen.iter().find(|e| e["type"] == "ready").cloned().unwrap()
}

fn file_lines(path: &std::path::Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'), "{text}");
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[test]
fn a_tool_rebuilds_its_state_from_the_branch_after_a_restart() {
    let sb = sandbox("session-restart");
    let mut host = LineHost::run(&sb, &["--session", "work-1"]);
    let file = sb.data_dir().join("sessions/work-1.jsonl");
    assert_eq!(
        ready(&host)["session"],
        json!({ "id": "work-1", "file": path_str(&file), "entries": 0, "writes": true })
    );
    host.call("c1", "counter", json!({ "add": 2 }));
    assert_eq!(text(&host.result("c1")), "2");
    host.call("c2", "counter", json!({ "add": 3 }));
    assert_eq!(text(&host.result("c2")), "5");
    let (status, _) = host.finish();
    assert!(status.success());

    let mut host = LineHost::run(&sb, &["--session", "work-1"]);
    assert_eq!(ready(&host)["session"]["entries"], 4);
    host.call("c3", "counter", json!({ "add": 4 }));
    assert_eq!(text(&host.result("c3")), "9", "the total survived the restart");
    let facts = probe(&mut host, "p1");
    assert_eq!(facts["entries"], 6, "{facts}");
    host.finish();
}

#[test]
fn the_session_file_is_private_jsonl_in_pi_entry_shape() {
    let sb = sandbox("session-shape");
    let mut host = LineHost::run(&sb, &["--session", "shape"]);
    host.call("c1", "counter", json!({ "add": 7 }));
    host.result("c1");
    host.call("c2", "nope", json!({}));
    host.result("c2");
    host.finish();
    let file = sb.data_dir().join("sessions/shape.jsonl");
    assert_eq!(std::fs::metadata(&file).unwrap().mode() & 0o777, 0o600);
    assert_eq!(std::fs::metadata(file.parent().unwrap()).unwrap().mode() & 0o777, 0o700);
    let lines = file_lines(&file);
    assert_eq!(lines.len(), 5, "{lines:#?}");
    let header = &lines[0];
    assert_eq!(
        (header["type"].clone(), header["version"].clone(), header["id"].clone()),
        (json!("session"), json!(3), json!("shape"))
    );
    assert_eq!(header["cwd"], path_str(&sb.project));
    assert!(header["timestamp"].as_str().unwrap().ends_with('Z'));
    let mut parent = Value::Null;
    for entry in &lines[1..] {
        assert_eq!(entry["type"], "message");
        assert_eq!(entry["parentId"], parent, "entries form one chain: {lines:#?}");
        let id = entry["id"].as_str().unwrap();
        assert!(id.len() == 8 && id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
        parent = entry["id"].clone();
    }
    let call = &lines[1]["message"];
    assert_eq!(call["role"], "assistant");
    assert_eq!(
        call["content"][0],
        json!({ "type": "toolCall", "id": "c1", "name": "counter", "arguments": { "add": 7 } })
    );
    let result = &lines[2]["message"];
    assert_eq!(
        (result["role"].clone(), result["toolCallId"].clone(), result["toolName"].clone()),
        (json!("toolResult"), json!("c1"), json!("counter"))
    );
    assert_eq!(result["content"], json!([{ "type": "text", "text": "7" }]));
    assert_eq!((result["details"].clone(), result["isError"].clone()), (json!({ "total": 7 }), json!(false)));
    assert!(result["timestamp"].as_u64().is_some());
    assert_eq!(
        (lines[4]["message"]["toolName"].clone(), lines[4]["message"]["isError"].clone()),
        (json!("nope"), json!(true))
    );
}

#[test]
fn tools_see_the_session_id_and_file() {
    let sb = sandbox("session-id");
    let mut host = LineHost::run(&sb, &[]);
    let session = ready(&host)["session"].clone();
    let id = session["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 36, "a UUID: {id}");
    let file = sb.data_dir().join(format!("sessions/{id}.jsonl"));
    assert_eq!(session["file"], path_str(&file));
    let first = probe(&mut host, "p1");
    assert_eq!((first["sessionId"].clone(), first["sessionFile"].clone()), (json!(id), json!(path_str(&file))));
    assert_eq!((first["header"]["id"].clone(), first["header"]["type"].clone()), (json!(id), json!("session")));
    assert_eq!(first["entries"], 0);
    let second = probe(&mut host, "p2");
    assert_eq!(second["entries"], 2, "the first probe is in the session: {second}");
    assert_eq!(second["branch"].as_array().unwrap().len(), 2);
    assert_eq!(second["leaf"], second["branch"][1]);
    host.finish();
    assert_eq!(file_lines(&file).len(), 5);
}

#[test]
fn a_client_session_file_is_followed_as_the_client_writes_it_and_never_written() {
    let sb = sandbox("session-external");
    let header = json!({ "type": "session", "version": 3, "id": "pi-session-9", "timestamp": "2026-01-02T03:04:05.000Z", "cwd": path_str(&sb.project) });
    let tool_call = |id: &str, parent: &str, call: &str, add: u64| json!({ "type": "message", "id": id, "parentId": parent, "timestamp": "2026-01-02T03:04:07.000Z", "message": { "role": "assistant", "content": [{ "type": "toolCall", "id": call, "name": "counter", "arguments": { "add": add } }], "provider": "acme", "model": "m1", "stopReason": "toolUse", "timestamp": 2 } });
    let tool_result = |id: &str, parent: &str, call: &str, total: u64| json!({ "type": "message", "id": id, "parentId": parent, "timestamp": "2026-01-02T03:04:08.000Z", "message": { "role": "toolResult", "toolCallId": call, "toolName": "counter", "content": [{ "type": "text", "text": total.to_string() }], "details": { "total": total }, "isError": false, "timestamp": 3 } });
    let entries = [
        json!({ "type": "message", "id": "a0000001", "parentId": null, "timestamp": "2026-01-02T03:04:06.000Z", "message": { "role": "user", "content": "count", "timestamp": 1 } }),
        tool_call("a0000002", "a0000001", "t1", 10),
        tool_result("a0000003", "a0000002", "t1", 10),
    ];
    let mut client_text: String = std::iter::once(&header).chain(entries.iter()).map(|l| format!("{l}\n")).collect();
    let file = sb.write("home/.pi/agent/sessions/--p--/s.jsonl", &client_text);
    let mut host = LineHost::run(&sb, &["--session-file", &path_str(&file)]);
    assert_eq!(
        ready(&host)["session"],
        json!({ "id": "pi-session-9", "file": path_str(&file), "entries": 3, "writes": false })
    );
    host.call("c1", "counter", json!({ "add": 1 }));
    assert_eq!(text(&host.result("c1")), "11", "rebuilt from the client's session");
    let facts = probe(&mut host, "p1");
    assert_eq!(
        (facts["sessionId"].clone(), facts["sessionFile"].clone()),
        (json!("pi-session-9"), json!(path_str(&file)))
    );
    assert_eq!(facts["branch"][0], "a0000001");
    assert_eq!(facts["entries"], 3, "the host records nothing in a client's session: {facts}");

    // The client records the call as pi does, and is in the middle of its next line.
    let appended = format!(
        "{}\n{}\n{{\"type\":\"mess",
        tool_call("a0000004", "a0000003", "c1", 1),
        tool_result("a0000005", "a0000004", "c1", 11)
    );
    std::fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .unwrap()
        .write_all(appended.as_bytes())
        .unwrap();
    client_text.push_str(&appended);
    let facts = probe(&mut host, "p2");
    assert_eq!(facts["entries"], 5, "the lines the client appended, whole ones only: {facts}");
    assert_eq!(facts["leaf"], "a0000005");
    host.finish();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), client_text, "the client's file is never written");
    assert!(!sb.data_dir().join("sessions").exists() || std::fs::read_dir(sb.data_dir().join("sessions")).unwrap().next().is_none());
}

#[test]
fn is_idle_queued_messages_and_model_follow_the_client_state() {
    let sb = sandbox("session-state");
    let mut host = LineHost::run(&sb, &[]);
    let before = probe(&mut host, "p1");
    assert_eq!(
        (before["idle"].clone(), before["queued"].clone(), before["model"].clone(), before["all"].clone()),
        (json!(false), json!(false), Value::Null, json!(0))
    );
    let model = json!({ "provider": "acme", "id": "m1", "name": "Acme One" });
    host.send(json!({ "type": "state", "idle": true, "queuedMessages": 2, "model": model, "models": [model] }).to_string());
    let after = probe(&mut host, "p2");
    assert_eq!(
        (after["idle"].clone(), after["queued"].clone(), after["model"].clone()),
        (json!(true), json!(true), model)
    );
    assert_eq!((after["found"].clone(), after["all"].clone()), (json!("Acme One"), json!(1)));
    host.send(json!({ "type": "state", "queuedMessages": 0 }).to_string());
    let later = probe(&mut host, "p3");
    assert_eq!(
        (later["idle"].clone(), later["queued"].clone()),
        (json!(true), json!(false)),
        "fields left out keep their value"
    );
    host.finish();
}

#[test]
fn ctx_abort_asks_the_client_to_stop_the_turn() {
    let sb = sandbox("session-abort");
    let mut host = LineHost::run(&sb, &[]);
    host.call("a1", "stopper", json!({}));
    let asked = host.wait_for("the abort_turn event", |e| e["type"] == "abort_turn");
    assert_eq!(asked, json!({ "type": "abort_turn", "toolCallId": "a1" }));
    assert_eq!(text(&host.result("a1")), "signal aborted: true");
    host.finish();
}

#[test]
fn a_bad_session_id_is_refused() {
    let sb = sandbox("session-bad-id");
    let out = sb.run(&["run", "--session", "../escape"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("a session id is 1 to 128 letters"), "{}", stderr(&out));
}

/// Session files do not pile up, one per start: a host that starts removes those not written
/// for `sessionRetentionDays`, then the oldest until the folder is under `sessionRetentionMb`,
/// and says so; its own new file stays.
#[test]
fn old_session_files_are_removed_at_start() {
    let sb = Sandbox::new("session-retention");
    sb.write("project/.omp/omp-host.json", r#"{ "sessionRetentionDays": 7, "sessionRetentionMb": 1 }"#);
    let sessions = sb.data_dir().join("sessions");
    let aged = |name: &str, bytes: usize, days: u64| {
        let path = sb.write(&format!("{}/{name}", sessions.strip_prefix(&sb.root).unwrap().display()), &"x".repeat(bytes));
        let when = std::time::SystemTime::now() - std::time::Duration::from_secs(days * 86_400);
        std::fs::File::options().write(true).open(&path).unwrap().set_modified(when).unwrap();
        path
    };
    let ancient = aged("ancient.jsonl", 10, 30);
    let older = aged("older.jsonl", 700 * 1024, 2);
    let newer = aged("newer.jsonl", 500 * 1024, 1);
    let mut host = LineHost::run(&sb, &[]);
    host.close_stdin();
    host.wait_exit(std::time::Duration::from_secs(20));
    assert!(!ancient.exists() && !older.exists(), "past the age, then the oldest past the size");
    assert!(newer.exists());
    let files: Vec<_> = std::fs::read_dir(&sessions).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 2, "the newer one and the host's own: {files:?}");
    let stderr = host.stderr();
    assert!(
        stderr.contains("removed 2 session file(s)") && stderr.contains("sessionRetentionMb"),
        "{stderr}"
    );
}
