//! File permissions at every `node:fs` and `node:fs/promises` op, end to end: a tool under a
//! restricted policy (`permissions.default` granting `project/allowed` for read and write)
//! works inside its root and is refused, with Node's `EACCES` naming the path and the config
//! key and a `Permission denied` line in the host log, everywhere else — paths outside, `..`
//! out of the root, links inside the root that lead out, `/proc/self/root/…`,
//! `/proc/self/fd/N`. A link the check could not follow (dangling) or one swapped in after
//! the check (a rename race) fails the open (of a file or a FIFO), or any other operation,
//! instead of leading out. A hard link made beforehand is inside by its path: a path policy
//! cannot tell it apart (the test shows it). Without a policy nothing changes.
//! Fixtures (the probe tool and its scripts): tests/fixtures/permissions_fs/.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::Value;

use crate::common::permissions::*;
use crate::common::*;

/// The policy: nothing but `project/allowed`, read and write.
const POLICY: &str = r#"{"permissions":{"default":{"preset":"none","read":["allowed"],"write":["allowed"]}}}"#;

/// A sandbox with the probe tool (fsprobe.mjs: it runs the script it is given, the body of an
/// async function of `fs`, `fsp` and `attempt`, and answers what it returns as JSON;
/// `attempt(fn)` gives `{ ok }` or the error's `{ code, message, syscall, path }`),
/// `project/allowed/inside.txt` ("inside"), `outside/secret.txt` ("SECRET") beside the
/// project, and `policy` (if any) as the project's config.
struct Fixture {
    probe: Probe,
    /// `project/allowed`, resolved.
    allowed: PathBuf,
    /// `outside`, resolved.
    outside: PathBuf,
}

impl std::ops::Deref for Fixture {
    type Target = Probe;

    fn deref(&self) -> &Probe {
        &self.probe
    }
}

impl Fixture {
    fn new(name: &str, policy: Option<&str>) -> Fixture {
        let probe = Probe::new(name, "fsprobe", include_str!("../fixtures/permissions_fs/fsprobe.mjs"), policy);
        probe.sb.write("project/allowed/inside.txt", "inside");
        probe.sb.write("outside/secret.txt", "SECRET");
        let allowed = std::fs::canonicalize(probe.sb.project.join("allowed")).unwrap();
        let outside = std::fs::canonicalize(probe.sb.root.join("outside")).unwrap();
        Fixture { probe, allowed, outside }
    }

    fn secret(&self) -> String {
        self.outside.join("secret.txt").display().to_string()
    }
}

/// Asserts every entry of `results` (an object of attempts) is a permission refusal naming
/// the config key; answers how many there were.
fn all_refused(results: &Value) -> usize {
    let results = results.as_object().unwrap();
    for (name, result) in results {
        assert_eq!(result["code"], "EACCES", "{name} was not refused: {result}");
        let message = result["message"].as_str().unwrap();
        assert!(
            message.contains("permissions.default") && message.contains("do not let it"),
            "{name}: the refusal does not name the policy: {message}"
        );
    }
    results.len()
}

#[test]
fn a_restricted_tool_reads_and_writes_inside_its_root_sync_and_async() {
    let fx = Fixture::new("perm-fs-inside", Some(POLICY));
    let a = |rel: &str| js(&fx.allowed.join(rel));
    let script = include_str!("../fixtures/permissions_fs/inside_root.js")
        .replace("__INSIDE__", &a("inside.txt"))
        .replace("__W__", &a("w.txt"))
        .replace("__DEEP__", &a("top/a/b"))
        .replace("__TOP__", &a("top"))
        .replace("__ROOT__", &js(&fx.allowed))
        .replace("__COPY__", &a("copy.txt"))
        .replace("__MOVED__", &a("moved.txt"))
        .replace("__TMP__", &a("tmp-"))
        .replace("__LINK__", &a("link.txt"))
        .replace("__PW__", &a("pw.txt"));
    let r = fx.run(&script);
    let ok = |name: &str| -> &Value {
        assert!(r[name].get("code").is_none(), "{name} failed: {}", r[name]);
        &r[name]["ok"]
    };
    assert_eq!(ok("read"), "inside");
    assert_eq!(ok("relative"), "inside");
    assert_eq!(ok("write"), "w1+a");
    assert_eq!(ok("mkdir"), true);
    assert_eq!(ok("readdir"), "inside.txt,top,w.txt");
    assert_eq!(ok("copy"), "inside");
    assert_eq!(ok("rename"), true);
    assert_eq!(ok("exists"), true);
    ok("access");
    assert_eq!(ok("realpath"), fx.allowed.join("inside.txt").display().to_string().as_str());
    assert_eq!(ok("mkdtemp"), true);
    assert_eq!(ok("fd"), "inside");
    assert_eq!(ok("procFd"), "inside");
    assert_eq!(ok("procRoot"), "inside");
    assert_eq!(ok("symlinkInside"), "inside");
    ok("chmod");
    ok("utimes");
    assert_eq!(ok("truncate"), "w");
    assert_eq!(ok("unlink"), false);
    assert_eq!(ok("rm"), false);
    assert_eq!(ok("pRead"), "inside");
    assert_eq!(ok("pWrite"), "p1+p");
    assert_eq!(ok("pStat"), 6);
    assert_eq!(ok("pReaddir"), true);
    assert_eq!(ok("pHandle"), "inside");
    assert_eq!(ok("callback"), "inside");
    assert!(fx.denials().is_empty(), "{:?}", fx.denials());
}

#[test]
fn paths_out_of_the_root_are_refused_naming_the_path_and_the_key() {
    let fx = Fixture::new("perm-fs-outside", Some(POLICY));
    std::os::unix::fs::symlink(&fx.outside, fx.allowed.join("out")).unwrap();
    std::os::unix::fs::symlink(fx.outside.join("secret.txt"), fx.allowed.join("secret-link")).unwrap();
    std::fs::create_dir(fx.outside.join("dir")).unwrap();
    let a = |rel: &str| js(&fx.allowed.join(rel));
    let o = |rel: &str| js(&fx.outside.join(rel));
    let script = include_str!("../fixtures/permissions_fs/out_of_root.js")
        .replace("__SECRET__", &js(Path::new(&fx.secret())))
        .replace("__SECRET_LINK__", &a("secret-link"))
        .replace("__THROUGH_LINK__", &a("out/secret.txt"))
        .replace("__NEW_OUT__", &o("new.txt"))
        .replace("__NEW_THROUGH_LINK__", &a("out/new.txt"))
        .replace("__OUTSIDE__", &js(&fx.outside))
        .replace("__OUT__", &a("out"))
        .replace("__COPY__", &a("copy.txt"))
        .replace("__INSIDE__", &a("inside.txt"))
        .replace("__HARD__", &a("hard.txt"))
        .replace("__DIR__", &o("dir"))
        .replace("__NEW_DIR__", &o("newdir"))
        .replace("__TMP__", &o("tmp-"));
    let r = fx.run(&script);
    let refused = all_refused(&r["refused"]);
    // Node's error fields: the call and the path as the tool wrote it.
    assert_eq!(r["refused"]["read"]["syscall"], "open");
    assert_eq!(r["refused"]["read"]["path"], fx.secret().as_str());
    // The message names where each path really leads.
    for name in ["read", "dotdot", "linkToFile", "throughDirLink", "procRoot", "pReadThroughLink"] {
        let message = r["refused"][name]["message"].as_str().unwrap();
        assert!(message.contains(&format!("read {}", fx.secret())), "{name}: {message}");
    }
    assert_eq!(r["answers"]["exists"], false, "{}", r["answers"]);
    assert_eq!(r["answers"]["existsThroughLink"], false, "{}", r["answers"]);
    // The link itself is inside the root: looking at it is not reading where it leads.
    assert_eq!(r["answers"]["lstatOfLinkInside"], true, "{}", r["answers"]);
    assert_eq!(r["answers"]["readlinkInside"], fx.secret().as_str());
    // Nothing outside changed.
    assert_eq!(std::fs::read_to_string(fx.secret()).unwrap(), "SECRET");
    let mut names: Vec<String> = std::fs::read_dir(&fx.outside)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["dir", "secret.txt"]);
    assert!(fx.allowed.join("inside.txt").exists() && !fx.allowed.join("copy.txt").exists());
    // One log line per refusal (exists included), each naming the permission and the key.
    let denials = fx.denials();
    assert!(denials.len() >= refused + 2, "{} refusals, {} log lines: {denials:#?}", refused, denials.len());
    assert!(denials.iter().all(|d| d["policy"] == "permissions.default"), "{denials:#?}");
    assert!(denials
        .iter()
        .any(|d| d["permission"] == "write" && d["target"] == fx.outside.join("new.txt").display().to_string()));
}

#[test]
fn proc_self_fd_reaches_only_files_inside_the_root() {
    let fx = Fixture::new("perm-fs-procfd", Some(POLICY));
    let script = include_str!("../fixtures/permissions_fs/proc_self_fd.js").replace("__INSIDE__", &js(&fx.allowed.join("inside.txt")));
    let r = fx.run(&script);
    let own = r["own"].as_u64().unwrap().to_string();
    let results = r["results"].as_object().unwrap();
    assert_eq!(results[&own], "ok:inside", "{results:?}");
    // Every other descriptor of the host (its log, sockets, pipes, the engine's own files) and
    // every number that is no descriptor leads outside the root.
    for (fd, result) in results {
        // 0-2 may read as the host's own streams (empty), never as the files behind them.
        let host_stream = fd.parse::<u32>().unwrap() <= 2 && result == "ok:";
        if *fd != own && !host_stream {
            assert_eq!(result, "EACCES", "/proc/self/fd/{fd}: {result}");
        }
    }
}

#[test]
fn a_link_the_check_cannot_follow_fails_the_open_instead_of_leading_out() {
    let fx = Fixture::new("perm-fs-dangling", Some(POLICY));
    // Dangling links inside the root to files that do not exist yet outside it: the check
    // sees a name inside, and the open must not follow the link to create the file outside.
    for name in ["d1", "d2", "d3", "d4", "d5"] {
        std::os::unix::fs::symlink(fx.outside.join(format!("{name}.txt")), fx.allowed.join(name)).unwrap();
    }
    let a = |rel: &str| js(&fx.allowed.join(rel));
    let script = include_str!("../fixtures/permissions_fs/dangling_links.js")
        .replace("__D1__", &a("d1"))
        .replace("__D2__", &a("d2"))
        .replace("__D3__", &a("d3"))
        .replace("__D4__", &a("d4"))
        .replace("__D5__", &a("d5"))
        .replace("__INSIDE__", &a("inside.txt"))
        .replace("__MADE__", &js(&fx.outside.join("made.txt")))
        .replace("__MADE_LINK__", &a("made-link"));
    let r = fx.run(&script);
    for (name, result) in r.as_object().unwrap() {
        assert!(result.get("code").is_some(), "{name} went through the link: {result}");
    }
    let mut names: Vec<String> = std::fs::read_dir(&fx.outside)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["secret.txt"], "files were made outside the root: {r}");
}

#[test]
fn a_hard_link_made_beforehand_is_inside_by_its_path() {
    let fx = Fixture::new("perm-fs-hardlink", Some(POLICY));
    // A hard link is the file itself under a second name: nothing about the name inside the
    // root says it is also outside. A path policy lets the tool read and write it; what it
    // must not do is make such a link itself.
    std::fs::hard_link(fx.secret(), fx.allowed.join("hard.txt")).unwrap();
    let script = include_str!("../fixtures/permissions_fs/hard_link.js")
        .replace("__HARD__", &js(&fx.allowed.join("hard.txt")))
        .replace("__SECRET__", &js(Path::new(&fx.secret())))
        .replace("__ANOTHER__", &js(&fx.allowed.join("another.txt")));
    let r = fx.run(&script);
    assert_eq!(r["read"]["ok"], "SECRET", "{r}");
    assert_eq!(r["makeOne"]["code"], "EACCES", "{r}");
    assert!(!fx.allowed.join("another.txt").exists());
}

#[test]
fn a_rename_race_during_opens_never_leads_outside() {
    let fx = Fixture::new("perm-fs-race", Some(POLICY));
    // `allowed/d` is a folder with `f` ("inside"); `allowed/spare` a link to the outside
    // folder, whose `f` is "SECRET-SECRET". A thread swaps the two names (renameat2
    // EXCHANGE) for as long as the call runs, so an open of `allowed/d/f` (a read, a
    // truncate, a copy onto it) may be checked while `d` is the folder and done once it is
    // the link.
    fx.sb.write("project/allowed/d/f", "inside");
    fx.sb.write("project/allowed/src.txt", "inside");
    fx.sb.write("outside/f", "SECRET-SECRET");
    std::os::unix::fs::symlink(&fx.outside, fx.allowed.join("spare")).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = keep_swapping(&fx.allowed.join("d"), &fx.allowed.join("spare"), &stop);
    // The tool reads until it has seen both sides of the race (or gives up): the file inside,
    // and a read refused because the path led out (EACCES) or met a link (ELOOP).
    let script = include_str!("../fixtures/permissions_fs/rename_race_opens.js")
        .replace("__F__", &js(&fx.allowed.join("d/f")))
        .replace("__SRC__", &js(&fx.allowed.join("src.txt")));
    let r = fx.run(&script);
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    eprintln!("rename race: {r} with {swaps} swaps");
    let seen = r["seen"].as_object().unwrap();
    assert!(
        !seen.keys().any(|k| k.starts_with("ok:SECRET")),
        "a read led outside the root ({swaps} swaps): {r}"
    );
    let outside = std::fs::read_to_string(fx.outside.join("f")).unwrap();
    assert_eq!(outside, "SECRET-SECRET", "a write led outside the root ({swaps} swaps): {r}");
    assert!(seen.contains_key("ok:inside"), "{r}");
    for outcome in seen.keys() {
        assert!(
            ["ok:inside", "EACCES", "ELOOP", "ENOENT"].contains(&outcome.as_str()),
            "unexpected {outcome}: {r}"
        );
    }
}

#[test]
fn a_rename_race_during_fifo_opens_never_leads_outside() {
    let fx = Fixture::new("perm-fs-race-fifo", Some(POLICY));
    // As above, with FIFOs: `allowed/d/p` and `outside/p`, each fed by a writer of its own
    // ("inside", "SECRET"). A FIFO's open waits for the other end, so it takes the careful
    // path (checked, then opened stoppably); a link swapped in between must fail the open.
    std::fs::create_dir_all(fx.allowed.join("d")).unwrap();
    for fifo in [fx.allowed.join("d/p"), fx.outside.join("p")] {
        let path = std::ffi::CString::new(fifo.display().to_string()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0, "mkfifo {}", fifo.display());
    }
    std::os::unix::fs::symlink(&fx.outside, fx.allowed.join("spare")).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let writers = [keep_feeding(&fx.allowed.join("d"), "inside", &stop), keep_feeding(&fx.outside, "SECRET", &stop)];
    let swapper = keep_swapping(&fx.allowed.join("d"), &fx.allowed.join("spare"), &stop);
    let script = include_str!("../fixtures/permissions_fs/rename_race_fifo.js").replace("__P__", &js(&fx.allowed.join("d/p")));
    let r = fx.run(&script);
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    for writer in writers {
        writer.join().unwrap();
    }
    eprintln!("rename race of FIFO opens: {r} with {swaps} swaps");
    let seen = r["seen"].as_object().unwrap();
    assert!(!seen.contains_key("ok:SECRET"), "a FIFO read led outside the root ({swaps} swaps): {r}");
    assert!(seen.contains_key("ok:inside"), "{r}");
    for outcome in seen.keys() {
        assert!(
            ["ok:inside", "EACCES", "ELOOP", "ENOENT"].contains(&outcome.as_str()),
            "unexpected {outcome}: {r}"
        );
    }
}

/// Writes `word` into the FIFO `p` of the folder `dir` (held open, so it stays the same folder
/// whatever name it has) whenever a reader has it open, until `stop`, from a thread of its own.
fn keep_feeding(dir: &Path, word: &'static str, stop: &Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    use std::os::fd::AsRawFd;
    let stop = stop.clone();
    let dir = std::fs::File::open(dir).unwrap();
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            // SAFETY: a descriptor this thread holds and a NUL-terminated name.
            let fd = unsafe { libc::openat(dir.as_raw_fd(), c"p".as_ptr(), libc::O_WRONLY | libc::O_NONBLOCK | libc::O_CLOEXEC) };
            if fd < 0 {
                // No reader yet (ENXIO): look again shortly.
                std::thread::yield_now();
                continue;
            }
            // SAFETY: `fd` was opened above; the word is valid for its length.
            unsafe {
                libc::write(fd, word.as_ptr().cast(), word.len());
                libc::close(fd);
            }
        }
    })
}

/// Exchanges `a` and `b` (a folder and a link) over and over until `stop`, from a thread of
/// its own; the thread answers how many times it did.
fn keep_swapping(a: &Path, b: &Path, stop: &Arc<AtomicBool>) -> std::thread::JoinHandle<u64> {
    let stop = stop.clone();
    let a = std::ffi::CString::new(a.display().to_string()).unwrap();
    let b = std::ffi::CString::new(b.display().to_string()).unwrap();
    std::thread::spawn(move || {
        let mut swaps = 0u64;
        while !stop.load(Ordering::Relaxed) {
            // SAFETY: two NUL-terminated paths; renameat2 touches no other memory.
            let done = unsafe { libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
            assert_eq!(done, 0, "renameat2: {}", std::io::Error::last_os_error());
            swaps += 1;
        }
        swaps
    })
}

/// Each name under `dir` with its type and mode, link count, modification time and contents
/// (or link target).
fn tree_of(dir: &Path) -> std::collections::BTreeMap<String, String> {
    use std::os::unix::fs::MetadataExt;
    let mut tree = std::collections::BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let what = if meta.is_file() {
                std::fs::read_to_string(&path).unwrap_or_default()
            } else if meta.file_type().is_symlink() {
                std::fs::read_link(&path).unwrap().display().to_string()
            } else {
                folders.push(path.clone());
                String::new()
            };
            let name = path.strip_prefix(dir).unwrap().display().to_string();
            tree.insert(
                name,
                format!("{:o} {} {}.{} {what}", meta.mode(), meta.nlink(), meta.mtime(), meta.mtime_nsec()),
            );
        }
    }
    tree
}

#[test]
fn a_rename_race_during_other_operations_never_reaches_outside() {
    let fx = Fixture::new("perm-fs-race-ops", Some(POLICY));
    // As in the open race above, a thread swaps `allowed/d` (a folder) with `allowed/spare`
    // (a link to the outside folder) for as long as the call runs. The tool makes, changes,
    // removes and looks at names through `d`; the outside folder holds the same names, so an
    // operation checked while `d` is the folder and done once it is the link would change
    // the outside folder or answer what is in it.
    fx.sb.write("project/allowed/src.txt", "inside");
    fx.sb.write("project/allowed/d/f", "inside");
    fx.sb.write("outside/f", "outside");
    fx.sb.write("outside/victim", "outside");
    fx.sb.write("outside/only-outside", "outside");
    std::os::unix::fs::symlink(&fx.outside, fx.allowed.join("spare")).unwrap();
    let before = tree_of(&fx.outside);
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = keep_swapping(&fx.allowed.join("d"), &fx.allowed.join("spare"), &stop);
    // Names made are new each round, so that a removal led out cannot hide a making led out.
    // The tool goes on until it has seen both sides of the race, or an answer from outside
    // (or gives up).
    let script = include_str!("../fixtures/permissions_fs/rename_race_ops.js")
        .replace("__D__", &js(&fx.allowed.join("d")))
        .replace("__OUTSIDE__", &js(&fx.outside))
        .replace("__ALLOWED__", &js(&fx.allowed));
    let r = fx.run(&script);
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    eprintln!("rename race of other operations: rounds {}, {} with {swaps} swaps", r["rounds"], r["seen"]);
    assert_eq!(
        r["leaks"],
        serde_json::json!([]),
        "answers came from outside the root ({swaps} swaps): {}",
        r["seen"]
    );
    let after = tree_of(&fx.outside);
    let changed: Vec<_> = before.keys().chain(after.keys()).filter(|name| before.get(*name) != after.get(*name)).collect();
    assert!(changed.is_empty(), "the outside folder changed ({swaps} swaps): {changed:?}");
    // The operations did work inside the root meanwhile.
    assert!(r["seen"]["ok"].as_u64().unwrap_or(0) > 0, "{r}");
}

#[test]
fn without_a_policy_a_tool_reads_and_writes_anywhere() {
    let fx = Fixture::new("perm-fs-default", None);
    std::os::unix::fs::symlink(fx.outside.join("secret.txt"), fx.allowed.join("secret-link")).unwrap();
    let script = include_str!("../fixtures/permissions_fs/reads_anywhere.js")
        .replace("__SECRET__", &js(Path::new(&fx.secret())))
        .replace("__LINK__", &js(&fx.allowed.join("secret-link")))
        .replace("__NEW_OUT__", &js(&fx.outside.join("new.txt")));
    let r = fx.run(&script);
    assert_eq!(r["read"]["ok"], "SECRET", "{r}");
    assert_eq!(r["link"]["ok"], "SECRET", "{r}");
    assert!(r["write"].get("code").is_none(), "{r}");
    assert_eq!(r["pRead"]["ok"], "SECRET", "{r}");
    assert_eq!(r["exists"], true);
    assert!(fx.outside.join("new.txt").exists());
    assert!(fx.denials().is_empty(), "{:?}", fx.denials());
}

#[test]
fn the_file_the_hosts_output_goes_to_stays_the_hosts_under_a_policy() {
    let fx = Fixture::new("perm-fs-host-output", Some(POLICY));
    // The host's stdout (the protocol) redirected to a file inside the tool's root: a tool
    // writing that file writes to the host's stderr queue, as without a policy, and reading
    // it reads nothing (fs/host_streams.rs).
    let output = fx.allowed.join("host-output.txt");
    let params = serde_json::json!({
        "script": include_str!("../fixtures/permissions_fs/host_output.js").replace("__P__", &js(&output))
    })
    .to_string();
    let out = fx
        .sb
        .command(&["call", "fsprobe", "--params", &params])
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&output).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read_to_string(&output).unwrap();
    assert!(
        !written.contains("overwritten") && !written.contains("appended"),
        "the tool wrote the host's output: {written:?}"
    );
    let answer: Value = serde_json::from_str(written.trim()).unwrap_or_else(|e| panic!("{e}: {written:?}"));
    assert_eq!(answer["read"], "", "{answer}");
    assert!(stderr(&out).contains("overwritten"), "{}", stderr(&out));
}

/// A grant of every file for reading (`"read": true`) reads through links too: the check
/// leaves such paths as written, and the opens that refuse links get where the links lead.
#[test]
fn a_grant_of_every_file_reads_through_links() {
    let fx = Fixture::new(
        "perm-fs-read-all",
        Some(r#"{"permissions":{"default":{"preset":"none","read":true,"write":["allowed"]}}}"#),
    );
    std::os::unix::fs::symlink(fx.outside.join("secret.txt"), fx.allowed.join("secret-link")).unwrap();
    std::os::unix::fs::symlink(&fx.outside, fx.allowed.join("outside-dir")).unwrap();
    let script = include_str!("../fixtures/permissions_fs/read_through_links.js")
        .replace("__FILE_LINK__", &js(&fx.allowed.join("secret-link")))
        .replace("__DIR_LINK__", &js(&fx.allowed.join("outside-dir/secret.txt")))
        .replace("__OUT__", &js(&fx.outside.join("new.txt")));
    let r = fx.run(&script);
    assert_eq!(r["file"]["ok"], "SECRET", "{r}");
    assert_eq!(r["folder"]["ok"], "SECRET", "{r}");
    assert_eq!(r["promised"]["ok"], "SECRET", "{r}");
    assert_eq!(r["write"]["code"], "EACCES", "writing stays confined: {r}");
}

/// `fchmod` acts on a descriptor, and the kernel lets a read-only descriptor change its file's
/// mode: under a policy the file must be writable, as for `chmod`.
#[test]
fn fchmod_needs_write_on_the_descriptors_file() {
    let fx = Fixture::new(
        "perm-fs-fchmod",
        Some(r#"{"permissions":{"default":{"preset":"none","read":true,"write":["allowed"]}}}"#),
    );
    let script = include_str!("../fixtures/permissions_fs/fchmod.js")
        .replace("__INSIDE__", &js(&fx.allowed.join("inside.txt")))
        .replace("__SECRET__", &js(Path::new(&fx.secret())));
    let r = fx.run(&script);
    assert_eq!(r["mine"]["ok"], "600", "{r}");
    assert_eq!(r["handle"]["ok"], "640", "{r}");
    assert_eq!(r["theirs"]["code"], "EACCES", "{r}");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(fx.secret()).unwrap().permissions().mode() & 0o777;
    assert_ne!(mode, 0o777, "the outside file kept its mode");
}

/// Under a policy, `chmod` and `access` reach the checked file through its pinned descriptor;
/// they need no `/proc` (Linux's `fchmodat2` and `faccessat2` on the descriptor), so they work
/// where `/proc` is not mounted. Run in a mount namespace of its own with `/proc` unmounted
/// (`unshare`, which needs root or user namespaces).
#[test]
fn chmod_and_access_need_no_proc() {
    let namespaces = std::process::Command::new("unshare")
        .args(["--mount", "--propagation", "private", "sh", "-c", "umount -l /proc"])
        .status();
    if !namespaces.is_ok_and(|status| status.success()) {
        eprintln!("skipped: this machine does not let `unshare --mount` unmount /proc in a namespace of its own");
        return;
    }
    let fx = Fixture::new("perm-fs-no-proc", Some(POLICY));
    let script = include_str!("../fixtures/permissions_fs/without_proc.js").replace("__INSIDE__", &js(&fx.allowed.join("inside.txt")));
    let params = serde_json::json!({ "script": script }).to_string();
    let host = fx.sb.command(&["call", fx.tool, "--params", &params]);
    let mut unshare = std::process::Command::new("unshare");
    unshare.args([
        "--mount",
        "--propagation",
        "private",
        "sh",
        "-c",
        "umount -l /proc && test ! -e /proc/self && exec \"$0\" \"$@\"",
    ]);
    let out = crate::common::faults::run_bounded(wrapped(unshare, &host), std::time::Duration::from_secs(60));
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let r: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(r["chmod"]["ok"], "640", "{r}");
    assert_eq!(r["access"]["ok"], "ok", "{r}");
    assert_eq!(r["accessAsync"]["ok"], "ok", "{r}");
}
