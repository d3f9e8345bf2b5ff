//! node:fs `watch`, fs/promises' `watch` and `fs.watchFile` through `omp-host run`, on the
//! fixture `tests/fixtures/node_compat/fs_watch.mjs`: the tool starts watching and says so, then
//! the test changes files and the tool reports what it saw, with Node's event names and file
//! names. Watching uses inotify (as hot reload does), never polling: the host holds one more
//! inotify instance while watchers are open (one for all of them, however many), and none once
//! they are closed, aborted, or their call ended or was cancelled.
use crate::common::*;

use std::path::PathBuf;

use serde_json::{json, Value};

fn fixture() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/node_compat/fs_watch.mjs")
        .display()
        .to_string()
}

/// A `run` host serving the fixture, with a scratch folder `work/` (holding `sub/` and
/// `existing.txt`) to watch.
fn host(name: &str) -> (Sandbox, LineHost, String) {
    let sb = Sandbox::new(name);
    sb.write("work/existing.txt", "one\n");
    sb.write("work/sub/.keep", "");
    sb.write("work/watched.txt", "small");
    let host = LineHost::run(&sb, &["--tool", &fixture(), "--only", "--no-watch"]);
    let dir = sb.root.join("work").display().to_string();
    (sb, host, dir)
}

/// Gives `rel` its new text in one step (a write then a rename, as editors save), so a
/// watcher never sees the file half written.
fn replace_file(sb: &Sandbox, rel: &str, text: &str) {
    let staged = sb.write("work/.staged", text);
    std::fs::rename(staged, sb.root.join(rel)).unwrap();
}

/// How many inotify instances the host process holds open.
fn inotify_instances(host: &LineHost) -> usize {
    let fds = std::fs::read_dir(format!("/proc/{}/fd", host.pid())).unwrap();
    fds.filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .filter(|target| target.to_string_lossy() == "anon_inode:inotify")
        .count()
}

fn start(host: &mut LineHost, id: &str, dir: &str, mode: &str) {
    host.call(id, "fs_watch", json!({ "dir": dir, "mode": mode }));
    host.first_update(id);
}

fn answer(host: &mut LineHost, id: &str) -> Value {
    let result = host.result(id);
    serde_json::from_str(&text(&result)).unwrap_or_else(|e| panic!("call {id} answered no JSON ({e}): {result}"))
}

fn has(events: &Value, event_type: &str, name: &str) -> bool {
    events.as_array().unwrap().iter().any(|e| e == &json!([event_type, name]))
}

#[test]
fn events_are_named_as_node_names_them_and_recursive_sees_subfolders() {
    let (sb, mut host, dir) = host("fs-watch-events");
    start(&mut host, "w", &dir, "events");
    sb.write("work/new.txt", "fresh");
    std::fs::OpenOptions::new()
        .append(true)
        .open(sb.root.join("work/existing.txt"))
        .and_then(|mut f| std::io::Write::write_all(&mut f, b"two\n"))
        .unwrap();
    sb.write("work/sub/deep.txt", "deep");
    sb.write("work/last.txt", "last");
    let out = answer(&mut host, "w");
    let flat = &out["flat"];
    assert!(has(flat, "rename", "new.txt"), "a new file is a rename: {out}");
    assert!(has(flat, "change", "existing.txt"), "an appended file is a change: {out}");
    assert!(
        !flat.as_array().unwrap().iter().any(|e| e[1] == "sub/deep.txt" || e[1] == "deep.txt"),
        "a plain watch does not see into subfolders: {out}"
    );
    assert!(
        has(&out["deep"], "rename", "sub/deep.txt"),
        "a recursive watch names files from the watched folder: {out}"
    );
    assert_eq!(out["closeEvent"], true, "close() emits 'close': {out}");
}

#[test]
fn promises_watch_yields_events_until_aborted() {
    let (sb, mut host, dir) = host("fs-watch-promises");
    start(&mut host, "p", &dir, "promises");
    sb.write("work/new.txt", "fresh");
    let out = answer(&mut host, "p");
    assert_eq!(out["first"], json!(["rename", "new.txt"]), "{out}");
    assert_eq!(out["ended"], "AbortError", "aborting the signal ends the iteration with an AbortError: {out}");
}

#[test]
fn watch_file_reports_a_change_of_its_file() {
    let (sb, mut host, dir) = host("fs-watch-file");
    let before = inotify_instances(&host);
    start(&mut host, "f", &dir, "watchFile");
    assert_eq!(inotify_instances(&host), before + 1, "fs.watchFile watches through inotify");
    replace_file(&sb, "work/watched.txt", "a good deal bigger");
    let out = answer(&mut host, "f");
    assert_eq!(out["sizes"], json!([5, 18]), "{out}");
    wait_until("the ended call's watchFile to remove its watch", || inotify_instances(&host) == before);
    // The next call's watchFile of the same file watches anew.
    start(&mut host, "g", &dir, "watchFile");
    assert_eq!(inotify_instances(&host), before + 1, "a second fs.watchFile watches again");
    replace_file(&sb, "work/watched.txt", "small again");
    assert_eq!(answer(&mut host, "g")["sizes"], json!([18, 11]));
}

#[test]
fn a_watcher_holds_an_inotify_instance_until_closed_or_aborted() {
    for mode in ["close", "abort"] {
        let (sb, mut host, dir) = host(&format!("fs-watch-{mode}"));
        let before = inotify_instances(&host);
        start(&mut host, "c", &dir, mode);
        assert_eq!(inotify_instances(&host), before + 1, "{mode}: an open watcher is one inotify instance");
        sb.write("work/go.txt", "");
        host.wait_for("the watcher's close", |l| {
            l["type"] == "tool_execution_update" && text(&l["partialResult"]) == "closed"
        });
        // The watcher's thread lets go of its inotify instance as it ends, just after close().
        wait_until(&format!("{mode}: the closed watcher to remove its watch while the call still runs"), || {
            inotify_instances(&host) == before
        });
        host.cancel("c");
        host.result("c");
    }
}

#[test]
fn a_call_that_ends_or_is_cancelled_leaves_no_watch_running() {
    let (_sb, mut host, dir) = host("fs-watch-call-end");
    let before = inotify_instances(&host);
    start(&mut host, "h", &dir, "hold");
    assert_eq!(inotify_instances(&host), before + 1, "an open watcher is one inotify instance, not a poll");
    host.cancel("h");
    host.result("h");
    wait_until("the cancelled call's watcher to close", || inotify_instances(&host) == before);

    host.call("l", "fs_watch", json!({ "dir": dir, "mode": "leave" }));
    assert_eq!(answer(&mut host, "l"), json!("left open"));
    wait_until("the ended call's watcher to close", || inotify_instances(&host) == before);
}

#[test]
fn many_watchers_share_one_inotify_instance_and_each_sees_only_its_folder() {
    // More folders than Linux's default limit of 128 inotify instances per user.
    const FOLDERS: usize = 150;
    let (sb, mut host, dir) = host("fs-watch-many");
    for i in 0..FOLDERS {
        sb.write(&format!("work/many/d{i:03}/.keep"), "");
    }
    let before = inotify_instances(&host);
    start(&mut host, "m", &dir, "many");
    assert_eq!(inotify_instances(&host), before + 1, "{FOLDERS} watchers, one inotify instance");
    let last = format!("d{:03}", FOLDERS - 1);
    sb.write("work/many/d000/go.txt", "go");
    sb.write(&format!("work/many/{last}/go.txt"), "go");
    let out = answer(&mut host, "m");
    assert_eq!(out["watchers"], FOLDERS, "{out}");
    let seen = out["seen"].as_object().unwrap();
    let mut folders: Vec<&str> = seen.keys().map(String::as_str).collect();
    folders.sort();
    assert_eq!(folders, ["d000", last.as_str()], "only the two folders written to saw anything: {out}");
    for names in seen.values() {
        assert!(names.as_array().unwrap().iter().all(|n| n == "go.txt"), "{out}");
    }
    wait_until("the closed watchers to let go of the instance", || inotify_instances(&host) == before);
}
