//! The fault suite, security class: what a local attacker or a tool can do through the
//! host's files — planted cache entries, shared or foreign cache folders, symlinks, spill
//! files and logs others could read, forged log fields — and that everything the binary runs
//! is inside it (no JavaScript read from the build machine's cargo registry).

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::common::faults::*;
use crate::common::*;
use serde_json::Value;

// ---------------------------------------------------------------------------- files

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

/// `OMP_HOST_CACHE_DIR` naming a folder every user can write: the cache goes in a private
/// folder inside it, as before, and now the host says so instead of doing it silently.
#[test]
fn a_cache_dir_every_user_can_write_is_said_on_stderr() {
    use std::os::unix::fs::PermissionsExt;
    let sb = Sandbox::new("shared-cache-dir");
    sb.write("project/.omp/tools/t.ts", &tool_source("t", "'real'"));
    std::fs::create_dir_all(sb.cache_dir()).unwrap();
    std::fs::set_permissions(sb.cache_dir(), std::fs::Permissions::from_mode(0o1777)).unwrap();
    let (code, out, err) = sb.call("t", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "real"), "{err}");
    let note = format!("{} can be written by every user (mode 1777); the cache is kept in ", sb.cache_dir().display());
    assert_eq!(err.matches(&note).count(), 1, "said once: {err}");
    let private = std::fs::metadata(sb.cache_dir().join("transpiled")).unwrap();
    assert_eq!(private.permissions().mode() & 0o777, 0o700);
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
    let evil = omp_host::transpile_uncached(&tool, &tool_source("t", "'planted'")).unwrap();
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

// ---------------------------------------------------------------------------- the binary

#[test]
fn the_binary_reads_no_javascript_from_outside_itself() {
    let sb = Sandbox::new("no-outside-js");
    sb.write("project/.omp/tools/t.ts", &tool_source("t", "'ran'"));
    let host = sb.command(&["call", "t", "--params", "{}"]);
    let trace = sb.root.join("trace");
    let mut strace = Command::new("strace");
    strace.args(["-f", "-qq", "-e", "trace=open,openat,openat2", "-o"]).arg(&trace).arg("--");
    let traced = wrapped(strace, &host);
    let out = run_bounded(traced, Duration::from_secs(60));
    assert!(
        out.status.success(),
        "strace (which scripts/ensure-build-deps.sh installs) ran omp-host: {}",
        stderr(&out)
    );
    assert_eq!(stdout(&out).trim(), "ran");
    let opened = std::fs::read_to_string(&trace).unwrap();
    let sandbox = sb.root.display().to_string();
    let outside: Vec<&str> = opened
        .lines()
        .filter(|l| l.contains("open") && !l.contains(&sandbox))
        .filter(|l| [".js\"", ".mjs\"", ".cjs\"", ".ts\""].iter().any(|ext| l.contains(ext)))
        .collect();
    assert!(outside.is_empty(), "JavaScript read from outside the binary: {outside:#?}");
    assert!(!opened.contains("/registry/src/"), "the cargo registry was opened");
}

// ---------------------------------------------------------------------------- the host's ops

/// Tool code cannot reach deno_core's `core` (the host's ops: a hostile tool could answer
/// another tool's call in its place): neither `Deno` nor `__bootstrap` is left on the global
/// object, and the web APIs the host loads on first use still load without them.
#[test]
fn tools_cannot_reach_the_hosts_ops() {
    let sb = Sandbox::new("no-bootstrap");
    sb.write(
        "project/.omp/tools/peek.ts",
        r#"export default (pi) => ({ name: "peek", label: "peek", description: "d", parameters: { type: "object", properties: {} },
  async execute() {
    const before = [typeof globalThis.__bootstrap, typeof globalThis.Deno];
    const loaded = [
      new Headers({ a: "1" }).get("a"),
      new URL("https://x.test/p").pathname,
      structuredClone({ n: 2 }).n,
      typeof new ReadableStream(),
      new TextDecoder().decode(new TextEncoder().encode("t")),
      typeof performance.now(),
      await new Promise((resolve) => setTimeout(() => resolve("timer"), 1)),
      typeof new MessageChannel().port1,
      new Blob(["abc"]).size,
      typeof new Request("https://x.test/").method,
    ];
    const after = [typeof globalThis.__bootstrap, Object.getOwnPropertyNames(globalThis).filter((n) => /bootstrap|^Deno$/.test(n)).length];
    return { content: [{ type: "text", text: JSON.stringify({ before, loaded, after }) }] };
  } });
"#,
    );
    let (code, out, err) = sb.call("peek", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    let answer: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(answer["before"], serde_json::json!(["undefined", "undefined"]), "{out}");
    assert_eq!(
        answer["loaded"],
        serde_json::json!(["1", "/p", 2, "object", "t", "number", "timer", "object", 3, "string"]),
        "{out}"
    );
    assert_eq!(answer["after"], serde_json::json!(["undefined", 0]), "{out}");
}
