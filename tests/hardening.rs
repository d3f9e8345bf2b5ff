//! Faults a tool module or tool can cause, and what the host must do about them: deeply nested
//! source (parser stack), signals aimed at the host, child processes outliving the host, child
//! output without bound, and the permissions and trust of the host's caches, spill files and
//! logs. Anything that could crash or hang runs under a bounded timeout.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};

/// Runs `cmd` to completion, killing it (and failing the test) after `limit`.
fn run_bounded(mut cmd: Command, limit: Duration) -> Output {
    let child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn omp-host");
    wait_bounded(child, limit)
}

fn wait_bounded(mut child: Child, limit: Duration) -> Output {
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!("omp-host did not finish within {limit:?}; stderr: {}", stderr(&out));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `omp-host list --json` under a time limit: the exit status and the parsed list.
fn list_bounded(sb: &Sandbox) -> (Output, Value) {
    let out = run_bounded(sb.command(&["list", "--json"]), Duration::from_secs(60));
    assert!(out.status.success(), "list failed ({}): {}", out.status, stderr(&out));
    let list = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(&out)));
    (out, list)
}

fn names(list: &Value) -> Vec<String> {
    list["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect()
}

/// The load error reported for the file whose name ends with `file`, if any.
fn error_for(list: &Value, file: &str) -> Option<String> {
    errors_of(list).into_iter().find(|(path, _)| path.ends_with(file)).map(|(_, error)| error)
}

// ---------------------------------------------------------------------------- parser stack

fn nested(open: &str, close: &str, depth: usize) -> String {
    format!("const deep = {}1{};\nexport default () => [];\n", open.repeat(depth), close.repeat(depth))
}

#[test]
fn deeply_nested_modules_do_not_crash_the_host() {
    let sb = Sandbox::new("nesting");
    sb.write("project/.omp/tools/ok.ts", &tool_source("ok", "'fine'"));
    // The sizes from the fault suite, which killed the host with a stack overflow.
    sb.write("project/.omp/tools/parens.ts", &nested("(", ")", 2_600));
    sb.write("project/.omp/tools/arrays.js", &nested("[", "]", 5_000));
    // Far deeper than any real code: refused with an error naming the file.
    sb.write("project/.omp/tools/abyss.ts", &nested("(", ")", 200_000));
    sb.write("project/.omp/tools/bangs.js", &format!("const deep = {}1;\nexport default () => [];\n", "!".repeat(300_000)));
    let (_, list) = list_bounded(&sb);
    assert_eq!(names(&list), ["ok"], "{list:#}");
    for file in ["abyss.ts", "bangs.js"] {
        let error = error_for(&list, file).unwrap_or_else(|| panic!("no error for {file}: {list:#}"));
        assert!(error.contains(file) && error.contains("nested too deeply"), "{file}: {error}");
    }
    // The moderate ones either load (no tools) or fail with an error of their own (the
    // engine's own parser may say "Maximum call stack size exceeded"); either way they are
    // not the host's end.
    for file in ["parens.ts", "arrays.js"] {
        if let Some(error) = error_for(&list, file) {
            assert!(error.contains("call stack") || error.contains(file), "{file}: {error}");
        }
    }
}

#[test]
fn oversized_modules_are_refused_with_their_size() {
    let sb = Sandbox::new("oversize");
    sb.write("project/.omp/tools/ok.ts", &tool_source("ok", "'fine'"));
    let filler = format!("// {}\n", "x".repeat(1023));
    let big = format!("{}export default () => [];\n", filler.repeat(17 * 1024));
    sb.write("project/.omp/tools/huge.ts", &big);
    let (_, list) = list_bounded(&sb);
    assert_eq!(names(&list), ["ok"]);
    let error = error_for(&list, "huge.ts").expect("an error for huge.ts");
    assert!(error.contains("huge.ts") && error.contains("MB") && error.contains("limit"), "{error}");
}
