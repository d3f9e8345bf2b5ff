//! Faults a tool module or tool can cause, and what the host must do about them: deeply nested
//! source (parser stack), signals aimed at the host, child processes outliving the host, child
//! output without bound, and the permissions and trust of the host's caches, spill files and
//! logs. Anything that could crash or hang runs under a bounded timeout.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};

/// Runs `cmd` to completion, killing it (and failing the test) after `limit`.
fn run_bounded(mut cmd: Command, limit: Duration) -> Output {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn omp-host");
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
    list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
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
    sb.write(
        "project/.omp/tools/bangs.js",
        &format!("const deep = {}1;\nexport default () => [];\n", "!".repeat(300_000)),
    );
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

// ---------------------------------------------------------------------------- files

fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).unwrap().mode() & 0o777
}

#[test]
fn spill_files_and_logs_are_private() {
    let sb = Sandbox::new("private-files");
    sb.write(
        "project/.omp/tools/loud.ts",
        r#"export default (pi) => ({ name: "loud", label: "loud", description: "d", parameters: { type: "object", properties: {} },
  async execute() { pi.logger.info("loud ran", { secret: "s3" }); return { content: [{ type: "text", text: "line\n".repeat(5000) }] }; } });
"#,
    );
    let (code, _, err) = sb.call("loud", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    let output_dir = sb.data_dir().join("output");
    let logs_dir = sb.data_dir().join("logs");
    assert_eq!(mode_of(&output_dir), 0o700);
    assert_eq!(mode_of(&logs_dir), 0o700);
    let spilled: Vec<PathBuf> = std::fs::read_dir(&output_dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(spilled.len(), 1, "{spilled:?}");
    assert_eq!(mode_of(&spilled[0]), 0o600);
    let logs: Vec<PathBuf> = std::fs::read_dir(&logs_dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(!logs.is_empty());
    for log in logs {
        assert_eq!(mode_of(&log), 0o600, "{}", log.display());
    }
}

#[test]
fn a_tools_log_fields_never_replace_the_lines_own() {
    let sb = Sandbox::new("log-fields");
    sb.write(
        "project/.omp/tools/forger.ts",
        r#"export default (pi) => ({ name: "forger", label: "forger", description: "d", parameters: { type: "object", properties: {} },
  async execute() { pi.logger.info("forged", { timestamp: "1999-01-01T00:00:00.000Z", level: "error", pid: 1, user: "u" }); return { content: [{ type: "text", text: "ok" }] }; } });
"#,
    );
    let (code, _, err) = sb.call("forger", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    let logs_dir = sb.data_dir().join("logs");
    let text: String = std::fs::read_dir(&logs_dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let line: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|l| l["message"] == "forged")
        .expect("the tool's line");
    assert_eq!(line["level"], "info", "{line}");
    assert_ne!(line["pid"], 1, "{line}");
    assert_ne!(line["timestamp"], "1999-01-01T00:00:00.000Z", "{line}");
    assert_eq!(line["context.level"], "error", "{line}");
    assert_eq!(line["context.pid"], 1, "{line}");
    assert_eq!(line["context.timestamp"], "1999-01-01T00:00:00.000Z", "{line}");
    assert_eq!(line["user"], "u", "{line}");
}

// ---------------------------------------------------------------------------- signals

/// A tool that sends `signal` to the pid the JavaScript expression `target` names, and says
/// what happened.
fn signalling_tool(name: &str, target: &str, signal: &str) -> String {
    format!(
        r#"export default (pi) => ({{ name: "{name}", label: "{name}", description: "d", parameters: {{ type: "object", properties: {{}} }},
  async execute() {{
    try {{ process.kill({target}, "{signal}"); return {{ content: [{{ type: "text", text: "sent" }}] }}; }}
    catch (e) {{ return {{ content: [{{ type: "text", text: `refused ${{e.code}}: ${{e.message}}` }}] }}; }}
  }} }});
"#
    )
}

#[test]
fn tools_cannot_signal_the_host() {
    use std::os::unix::process::CommandExt;
    let sb = Sandbox::new("signals");
    let host_thread = "Number(require('node:fs').readdirSync('/proc/self/task').find((t) => Number(t) !== process.pid))";
    // The child supervisor starts with the first child; find it among the host's children.
    let supervisor = "(() => { require('node:child_process').execSync('true'); const fs = require('node:fs'); \
        return Number(fs.readdirSync('/proc').filter((p) => /^[0-9]+$/.test(p)).find((p) => { try { \
        return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('supervise-children') && fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(process.pid); \
        } catch { return false; } })); })()";
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
    sb.write(
        "project/.omp/tools/reaper.ts",
        r#"import { spawn } from "node:child_process";
export default (pi) => ({ name: "reaper", label: "reaper", description: "d", parameters: { type: "object", properties: {} },
  async execute() {
    const child = spawn("sleep", ["30"]);
    const ended = new Promise((resolve) => child.on("exit", (code, signal) => resolve(signal)));
    process.kill(child.pid, "SIGTERM");
    process.kill(process.pid, 0);
    return { content: [{ type: "text", text: String(await ended) }] };
  } });
"#,
    );
    let (code, out, err) = sb.call("reaper", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "SIGTERM"), "{err}");
}

// ---------------------------------------------------------------------------- caches

#[test]
fn a_cache_folder_others_can_write_is_not_used() {
    use std::os::unix::fs::PermissionsExt;
    let sb = Sandbox::new("open-cache");
    sb.write("project/.omp/tools/t.ts", &tool_source("t", "'real'"));
    let shared = sb.cache_dir().join("transpiled");
    std::fs::create_dir_all(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    let (code, out, err) = sb.call("t", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "real"), "{err}");
    assert_eq!(err.matches("not using the cache").count(), 1, "said once: {err}");
    assert!(err.contains("other users can write to it (mode 0777)"), "{err}");
    assert_eq!(std::fs::read_dir(&shared).unwrap().count(), 0, "nothing written to the shared folder");
}

#[test]
fn a_cache_folder_of_another_user_is_not_used() {
    // Needs root to hand a folder to another user; elsewhere the unit tests cover the check.
    if unsafe { libc::geteuid() } != 0 {
        return;
    }
    let sb = Sandbox::new("foreign-cache");
    sb.write("project/.omp/tools/t.ts", &tool_source("t", "'real'"));
    let foreign = sb.cache_dir().join("transpiled");
    std::fs::create_dir_all(&foreign).unwrap();
    std::os::unix::fs::chown(&foreign, Some(65534), Some(65534)).unwrap();
    let (code, out, err) = sb.call("t", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "real"), "{err}");
    assert!(err.contains("not using the cache") && err.contains("owned by another user"), "{err}");
    assert_eq!(std::fs::read_dir(&foreign).unwrap().count(), 0);
}

#[test]
fn planted_cache_entries_do_not_run() {
    let sb = Sandbox::new("planted");
    let tool = sb.write("project/.omp/tools/t.ts", &tool_source("t", "'real'"));
    assert_eq!(sb.call("t", "{}", &[]).1.trim(), "real");
    // Another party (no access to the cache's key) writes code under the entry's name.
    let dir = sb.cache_dir().join("transpiled");
    let entry = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "entry"))
        .unwrap();
    let evil = omp_host::loader::transpile::transpile_uncached(&tool, &tool_source("t", "'planted'")).unwrap();
    let mut forged = std::fs::read(&entry).unwrap()[..17 + 32].to_vec();
    forged.push(b'E');
    forged.extend_from_slice(evil.code.as_bytes());
    std::fs::write(&entry, forged).unwrap();
    assert_eq!(sb.call("t", "{}", &[]).1.trim(), "real");
    // A symlink at the entry's name is neither read nor written through.
    let victim = sb.write("home/victim.txt", "precious");
    std::fs::remove_file(&entry).unwrap();
    std::os::unix::fs::symlink(&victim, &entry).unwrap();
    assert_eq!(sb.call("t", "{}", &[]).1.trim(), "real");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(
        !std::fs::symlink_metadata(&entry).unwrap().file_type().is_symlink(),
        "the link was replaced by a fresh entry"
    );
}

// ---------------------------------------------------------------------------- child processes

/// Whether process `pid` is gone (or a zombie waiting for a reaper that never comes).
fn process_gone(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

fn wait_for_file(path: &Path, limit: Duration) -> String {
    let started = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            if text.ends_with('\n') {
                return text.trim().to_string();
            }
        }
        assert!(started.elapsed() < limit, "{} never appeared", path.display());
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn all_gone_within(pids: &[i32], limit: Duration) -> Vec<i32> {
    let started = Instant::now();
    loop {
        let alive: Vec<i32> = pids.iter().copied().filter(|p| !process_gone(*p)).collect();
        if alive.is_empty() || started.elapsed() > limit {
            return alive;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn no_child_survives_the_host_being_killed() {
    let sb = Sandbox::new("orphans");
    let pids = sb.root.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let dir = pids.display();
    sb.write(
        "project/.omp/tools/breeder.ts",
        &format!(
            r#"import {{ spawn }} from "node:child_process";
import {{ writeFileSync }} from "node:fs";
export default (pi) => ({{ name: "breeder", label: "b", description: "d", parameters: {{ type: "object", properties: {{}} }},
  async execute() {{
    const plain = spawn("sleep", ["300"]);
    writeFileSync("{dir}/plain", plain.pid + "\n");
    const bun = Bun.spawn(["sleep", "300"]);
    writeFileSync("{dir}/bun", bun.pid + "\n");
    const loose = spawn("sleep", ["300"], {{ detached: true, stdio: "ignore" }});
    writeFileSync("{dir}/detached", loose.pid + "\n");
    // pi.exec's child is a shell whose own child (a grandchild of the host) waits in its group.
    await pi.exec("sh", ["-c", "echo $$ > {dir}/shell.tmp; sleep 300 & echo $! > {dir}/grandchild.tmp; mv {dir}/shell.tmp {dir}/shell; mv {dir}/grandchild.tmp {dir}/grandchild; wait"]);
    return {{ content: [{{ type: "text", text: "unreachable" }}] }};
  }} }});
"#
        ),
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

/// Peak resident memory (KiB) of `child`, read as it is reaped; fails after `limit`.
fn peak_rss_kib(child: Child, limit: Duration) -> (i32, i64) {
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

#[test]
fn pi_exec_output_is_bounded_in_memory_and_spilled() {
    let sb = Sandbox::new("exec-flood");
    sb.write(
        "project/.omp/tools/flood.ts",
        r#"export default (pi) => ({ name: "flood", label: "f", description: "d", parameters: { type: "object", properties: {} },
  async execute() {
    const r = await pi.exec("sh", ["-c", "yes | head -c 300000000"]);
    const notice = r.stdout.match(/\[omp-host: [^\]]*\]/)?.[0] ?? "no notice";
    return { content: [{ type: "text", text: JSON.stringify({ length: r.stdout.length, notice, head: r.stdout.slice(0, 4), tail: r.stdout.slice(-4), code: r.code }) }] };
  } });
"#,
    );
    let child = sb
        .command(&["call", "flood", "--params", "{}"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (code, peak_kib) = peak_rss_kib(child, Duration::from_secs(120));
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
    sb.write(
        "project/.omp/tools/buffers.ts",
        r#"import { exec, execSync, spawnSync } from "node:child_process";
export default (pi) => ({ name: "buffers", label: "b", description: "d", parameters: { type: "object", properties: {} },
  async execute() {
    const out = {};
    const sync = spawnSync("sh", ["-c", "yes | head -c 5000000"], { maxBuffer: 1000 });
    out.spawnSync = [sync.error?.code, sync.error?.message, sync.stdout.length, sync.signal, sync.status];
    try { execSync("yes | head -c 5000000"); out.execSync = "no error"; }
    catch (e) { out.execSync = [e.code, e.message, e.stdout.length]; }
    const big = spawnSync("sh", ["-c", "yes | head -c 3000000"], { maxBuffer: Infinity });
    out.infinite = [big.error?.code ?? null, big.stdout.length];
    out.exec = await new Promise((resolve) => exec("yes | head -c 5000000", { maxBuffer: 1000 }, (e, stdout) => resolve([e?.code, stdout.length])));
    return { content: [{ type: "text", text: JSON.stringify(out) }] };
  } });
"#,
    );
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

/// QuickJS builds: v8x's bytecode cache (unverified reads, fixed temporary names, a shared
/// /tmp folder without HOME) lives only in the host's private cache folder, or nowhere. (The
/// V8 build has no such cache: there only the first half applies.)
#[test]
fn the_engines_bytecode_cache_stays_in_a_private_folder() {
    use std::os::unix::fs::PermissionsExt;
    let sb = Sandbox::new("bytecode-cache");
    sb.write("project/.omp/tools/t.ts", &tool_source("t", "'ran'"));
    let tmp = sb.root.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut without_home = sb.command(&["call", "t", "--params", "{}"]);
    without_home.env_remove("HOME").env_remove("XDG_CACHE_HOME").env("TMPDIR", &tmp);
    for cmd in [sb.command(&["call", "t", "--params", "{}"]), without_home] {
        let out = run_bounded(cmd, Duration::from_secs(60));
        assert_eq!(stdout(&out).trim(), "ran", "{}", stderr(&out));
    }
    for folder in [sb.home.join(".cache/v8x"), tmp.join("v8x")] {
        assert!(!folder.exists(), "{} was created", folder.display());
    }
    let private = sb.cache_dir().join("quickjs-bytecode");
    if !cfg!(feature = "quickjs") {
        assert!(!private.exists());
        return;
    }
    assert_eq!(mode_of(&private), 0o700);
    assert!(std::fs::read_dir(&private).unwrap().count() > 0, "the cache is used");
    // A cache folder inside a folder everyone can write could be swapped: not used.
    let shared = sb.root.join("shared");
    std::fs::create_dir_all(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    let mut cmd = sb.command(&["call", "t", "--params", "{}"]);
    cmd.env("OMP_HOST_CACHE_DIR", shared.join("cache"));
    let out = run_bounded(cmd, Duration::from_secs(60));
    assert_eq!(stdout(&out).trim(), "ran");
    assert!(
        stderr(&out).contains("not using the engine's bytecode cache") && stderr(&out).contains("another user could replace it"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_dir(shared.join("cache/quickjs-bytecode")).map(|d| d.count()).unwrap_or(0), 0);
}
