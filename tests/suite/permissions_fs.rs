//! File permissions at every `node:fs` and `node:fs/promises` op, end to end: a tool under a
//! restricted policy (`permissions.default` granting `project/allowed` for read and write)
//! works inside its root and is refused, with Node's `EACCES` naming the path and the config
//! key and a `Permission denied` line in the host log, everywhere else — paths outside, `..`
//! out of the root, links inside the root that lead out, `/proc/self/root/…`,
//! `/proc/self/fd/N`. A link the check could not follow (dangling) or one swapped in after
//! the check (a rename race) fails the open, or any other operation, instead of leading out. A hard link made
//! beforehand is inside by its path: a path policy cannot tell it apart (the test shows it).
//! Without a policy nothing changes.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::Value;

use crate::common::*;

/// A tool that runs the script it is given (the body of an async function of `fs`, `fsp` and
/// `attempt`) and answers what it returns as JSON. `attempt(fn)` gives `{ ok }` or the
/// error's `{ code, message, syscall, path }`.
const FS_TOOL: &str = r#"
import * as fs from "node:fs";
import * as fsp from "node:fs/promises";

const AsyncFunction = (async () => {}).constructor;

async function attempt(fn) {
  try {
    const ok = await fn();
    return { ok: ok === undefined ? null : ok };
  } catch (err) {
    return { code: err.code ?? null, message: String(err.message), syscall: err.syscall ?? null, path: err.path ?? null };
  }
}

export default function (pi) {
  return {
    name: "fsprobe",
    label: "fsprobe",
    description: "Runs a script against node:fs",
    parameters: pi.typebox.Type.Object({ script: pi.typebox.Type.String() }),
    async execute(_id, params) {
      const result = await new AsyncFunction("fs", "fsp", "attempt", params.script)(fs, fsp, attempt);
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    },
  };
}
"#;

/// The policy: nothing but `project/allowed`, read and write.
const POLICY: &str = r#"{"permissions":{"default":{"preset":"none","read":["allowed"],"write":["allowed"]}}}"#;

/// A sandbox with the tool, `project/allowed/inside.txt` ("inside"), `outside/secret.txt`
/// ("SECRET") beside the project, and `policy` (if any) as the project's config.
struct Fixture {
    sb: Sandbox,
    /// `project/allowed`, resolved.
    allowed: PathBuf,
    /// `outside`, resolved.
    outside: PathBuf,
}

impl Fixture {
    fn new(name: &str, policy: Option<&str>) -> Fixture {
        let sb = Sandbox::new(name);
        sb.write("project/.omp/tools/fsprobe.mjs", FS_TOOL);
        if let Some(policy) = policy {
            sb.write("project/.omp/omp-host.json", policy);
        }
        sb.write("project/allowed/inside.txt", "inside");
        sb.write("outside/secret.txt", "SECRET");
        let allowed = std::fs::canonicalize(sb.project.join("allowed")).unwrap();
        let outside = std::fs::canonicalize(sb.root.join("outside")).unwrap();
        Fixture { sb, allowed, outside }
    }

    /// Runs `script` in the tool; its answer.
    fn run(&self, script: &str) -> Value {
        let params = serde_json::json!({ "script": script }).to_string();
        let (code, out, err) = self.sb.call("fsprobe", &params, &[]);
        assert_eq!(code, 0, "the call failed: {out}{err}");
        serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("no JSON ({e}): {out}{err}"))
    }

    /// The host log's `Permission denied` lines.
    fn denials(&self) -> Vec<Value> {
        self.sb.host_log().into_iter().filter(|l| l["message"] == "Permission denied").collect()
    }

    fn secret(&self) -> String {
        self.outside.join("secret.txt").display().to_string()
    }
}

/// A JavaScript string literal of `path`.
fn js(path: &Path) -> String {
    serde_json::to_string(&path.display().to_string()).unwrap()
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
    let script = format!(
        r#"
        const r = {{}};
        r.read = await attempt(() => fs.readFileSync({inside}, "utf8"));
        r.relative = await attempt(() => fs.readFileSync("allowed/inside.txt", "utf8"));
        r.write = await attempt(() => {{ fs.writeFileSync({w}, "w1"); fs.appendFileSync({w}, "+a"); return fs.readFileSync({w}, "utf8"); }});
        r.mkdir = await attempt(() => {{ fs.mkdirSync({deep}, {{ recursive: true }}); return fs.statSync({deep}).isDirectory(); }});
        r.readdir = await attempt(() => fs.readdirSync({root}).sort().join(","));
        r.copy = await attempt(() => {{ fs.copyFileSync({inside}, {copy}); return fs.readFileSync({copy}, "utf8"); }});
        r.rename = await attempt(() => {{ fs.renameSync({copy}, {moved}); return fs.existsSync({moved}) && !fs.existsSync({copy}); }});
        r.exists = await attempt(() => fs.existsSync({inside}));
        r.access = await attempt(() => fs.accessSync({inside}, fs.constants.R_OK | fs.constants.W_OK));
        r.realpath = await attempt(() => fs.realpathSync("allowed/inside.txt"));
        r.mkdtemp = await attempt(() => fs.statSync(fs.mkdtempSync({tmp})).isDirectory());
        r.fd = await attempt(() => {{ const fd = fs.openSync({inside}, "r"); const b = Buffer.alloc(6); fs.readSync(fd, b, 0, 6, 0); fs.closeSync(fd); return b.toString(); }});
        r.procFd = await attempt(() => {{ const fd = fs.openSync({inside}, "r"); try {{ return fs.readFileSync(`/proc/self/fd/${{fd}}`, "utf8"); }} finally {{ fs.closeSync(fd); }} }});
        r.procRoot = await attempt(() => fs.readFileSync("/proc/self/root" + {inside}, "utf8"));
        r.symlinkInside = await attempt(() => {{ fs.symlinkSync({inside}, {link}); return fs.readFileSync({link}, "utf8"); }});
        r.chmod = await attempt(() => fs.chmodSync({w}, 0o644));
        r.utimes = await attempt(() => fs.utimesSync({w}, 1, 1));
        r.truncate = await attempt(() => {{ fs.truncateSync({w}, 1); return fs.readFileSync({w}, "utf8"); }});
        r.unlink = await attempt(() => {{ fs.unlinkSync({moved}); return fs.existsSync({moved}); }});
        r.rm = await attempt(() => {{ fs.rmSync({top}, {{ recursive: true }}); return fs.existsSync({top}); }});
        r.pRead = await attempt(() => fsp.readFile({inside}, "utf8"));
        r.pWrite = await attempt(async () => {{ await fsp.writeFile({pw}, "p1"); await fsp.appendFile({pw}, "+p"); return fsp.readFile({pw}, "utf8"); }});
        r.pStat = await attempt(async () => (await fsp.stat({inside})).size);
        r.pReaddir = await attempt(async () => (await fsp.readdir({root})).includes("inside.txt"));
        r.pHandle = await attempt(async () => {{ const h = await fsp.open({inside}); try {{ return (await h.readFile("utf8")); }} finally {{ await h.close(); }} }});
        r.callback = await attempt(() => new Promise((ok, no) => fs.readFile({inside}, "utf8", (e, t) => (e ? no(e) : ok(t)))));
        return r;
        "#,
        inside = a("inside.txt"),
        w = a("w.txt"),
        deep = a("top/a/b"),
        top = a("top"),
        root = js(&fx.allowed),
        copy = a("copy.txt"),
        moved = a("moved.txt"),
        tmp = a("tmp-"),
        link = a("link.txt"),
        pw = a("pw.txt"),
    );
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
    let script = format!(
        r#"
        const r = {{}};
        r.read = await attempt(() => fs.readFileSync({secret}, "utf8"));
        r.dotdot = await attempt(() => fs.readFileSync("allowed/../../outside/secret.txt", "utf8"));
        r.linkToFile = await attempt(() => fs.readFileSync({secretLink}, "utf8"));
        r.throughDirLink = await attempt(() => fs.readFileSync({throughLink}, "utf8"));
        r.procRoot = await attempt(() => fs.readFileSync("/proc/self/root" + {secret}, "utf8"));
        r.write = await attempt(() => fs.writeFileSync({newOut}, "x"));
        r.writeThroughLink = await attempt(() => fs.writeFileSync({newThroughLink}, "x"));
        r.append = await attempt(() => fs.appendFileSync({secret}, "x"));
        r.stat = await attempt(() => fs.statSync({secret}));
        r.readdir = await attempt(() => fs.readdirSync({outside}));
        r.readdirThroughLink = await attempt(() => fs.readdirSync({out}));
        r.access = await attempt(() => fs.accessSync({secret}));
        r.copyFrom = await attempt(() => fs.copyFileSync({secret}, {copy}));
        r.copyTo = await attempt(() => fs.copyFileSync({inside}, {newOut}));
        r.renameOut = await attempt(() => fs.renameSync({inside}, {newOut}));
        r.renameIn = await attempt(() => fs.renameSync({secret}, {copy}));
        r.hardLinkIn = await attempt(() => fs.linkSync({secret}, {hard}));
        r.unlink = await attempt(() => fs.unlinkSync({secret}));
        r.rm = await attempt(() => fs.rmSync({dir}, {{ recursive: true }}));
        r.rmdir = await attempt(() => fs.rmdirSync({dir}));
        r.mkdir = await attempt(() => fs.mkdirSync({newDir}));
        r.mkdtemp = await attempt(() => fs.mkdtempSync({tmp}));
        r.chmod = await attempt(() => fs.chmodSync({secret}, 0o777));
        r.utimes = await attempt(() => fs.utimesSync({secret}, 1, 1));
        r.truncate = await attempt(() => fs.truncateSync({secret}, 0));
        r.openRead = await attempt(() => fs.openSync({secret}, "r"));
        r.openWrite = await attempt(() => fs.openSync({newOut}, "w"));
        r.realpath = await attempt(() => fs.realpathSync({secretLink}));
        r.watch = await attempt(() => fs.watch({outside}).close());
        r.pRead = await attempt(() => fsp.readFile({secret}, "utf8"));
        r.pReadThroughLink = await attempt(() => fsp.readFile({secretLink}, "utf8"));
        r.pWrite = await attempt(() => fsp.writeFile({newOut}, "x"));
        r.pStat = await attempt(() => fsp.stat({secret}));
        r.pReaddir = await attempt(() => fsp.readdir({outside}));
        r.pAccess = await attempt(() => fsp.access({secret}));
        r.pCopy = await attempt(() => fsp.copyFile({secret}, {copy}));
        r.pRename = await attempt(() => fsp.rename({secret}, {copy}));
        r.pOpen = await attempt(() => fsp.open({secret}));
        r.pMkdir = await attempt(() => fsp.mkdir({newDir}, {{ recursive: true }}));
        r.pRm = await attempt(() => fsp.rm({secret}));
        r.callback = await attempt(() => new Promise((ok, no) => fs.readFile({secret}, "utf8", (e, t) => (e ? no(e) : ok(t)))));
        const answers = {{}};
        answers.exists = fs.existsSync({secret});
        answers.existsThroughLink = fs.existsSync({secretLink});
        answers.lstatOfLinkInside = (await attempt(() => fs.lstatSync({secretLink}).isSymbolicLink())).ok;
        answers.readlinkInside = (await attempt(() => fs.readlinkSync({secretLink}))).ok;
        return {{ refused: r, answers }};
        "#,
        secret = js(Path::new(&fx.secret())),
        secretLink = a("secret-link"),
        throughLink = a("out/secret.txt"),
        newOut = o("new.txt"),
        newThroughLink = a("out/new.txt"),
        outside = js(&fx.outside),
        out = a("out"),
        copy = a("copy.txt"),
        inside = a("inside.txt"),
        hard = a("hard.txt"),
        dir = o("dir"),
        newDir = o("newdir"),
        tmp = o("tmp-"),
    );
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
    let script = format!(
        r#"
        const own = fs.openSync({inside}, "r");
        const results = {{}};
        for (let fd = 0; fd < 256; fd++) {{
          const r = await attempt(() => fs.readFileSync(`/proc/self/fd/${{fd}}`, "utf8"));
          results[fd] = r.code ?? `ok:${{r.ok}}`;
        }}
        fs.closeSync(own);
        return {{ own, results }};
        "#,
        inside = js(&fx.allowed.join("inside.txt")),
    );
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
    let script = format!(
        r#"
        const r = {{}};
        r.writeFile = await attempt(() => fs.writeFileSync({d1}, "x"));
        r.appendFile = await attempt(() => fs.appendFileSync({d2}, "x"));
        r.open = await attempt(() => fs.openSync({d3}, "w"));
        r.pWriteFile = await attempt(() => fsp.writeFile({d4}, "x"));
        r.copyFile = await attempt(() => fs.copyFileSync({inside}, {d5}));
        r.madeByTool = await attempt(() => {{ fs.symlinkSync({made}, {madeLink}); return fs.writeFileSync({madeLink}, "x"); }});
        return r;
        "#,
        d1 = a("d1"),
        d2 = a("d2"),
        d3 = a("d3"),
        d4 = a("d4"),
        d5 = a("d5"),
        inside = a("inside.txt"),
        made = js(&fx.outside.join("made.txt")),
        madeLink = a("made-link"),
    );
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
    let script = format!(
        r#"
        return {{
          read: await attempt(() => fs.readFileSync({hard}, "utf8")),
          makeOne: await attempt(() => fs.linkSync({secret}, {another})),
        }};
        "#,
        hard = js(&fx.allowed.join("hard.txt")),
        secret = js(Path::new(&fx.secret())),
        another = js(&fx.allowed.join("another.txt")),
    );
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
    let script = format!(
        r#"
        const seen = {{}};
        let reads = 0;
        const note = (r) => {{ const k = r.code ?? `ok:${{r.ok}}`; seen[k] = (seen[k] ?? 0) + 1; }};
        while (reads < 200000) {{
          note(await attempt(() => fs.readFileSync({f}, "utf8")));
          if (reads % 16 === 0) note(await attempt(() => fsp.readFile({f}, "utf8")));
          // Opens that write: cutting to the inside file's own length, copying its own text.
          if (reads % 4 === 0) await attempt(() => fs.truncateSync({f}, 6));
          if (reads % 8 === 0) await attempt(() => fs.copyFileSync({src}, {f}));
          reads++;
          const refused = (seen.EACCES ?? 0) + (seen.ELOOP ?? 0);
          if (reads >= 20000 && seen["ok:inside"] && refused) break;
        }}
        return {{ reads, seen }};
        "#,
        f = js(&fx.allowed.join("d/f")),
        src = js(&fx.allowed.join("src.txt")),
    );
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
    let script = format!(
        r#"
        const d = {d}, outside = {outside}, allowed = {allowed};
        const seen = {{}};
        const leaks = [];
        const note = (what, r) => {{ const k = r.code ?? "ok"; seen[k] = (seen[k] ?? 0) + 1; return r; }};
        let i = 0;
        for (; i < 4000; i++) {{
          await attempt(() => fs.writeFileSync(`${{d}}/f`, "inside"));
          await attempt(() => fs.writeFileSync(`${{d}}/victim`, "inside"));
          note("mkdir", await attempt(() => fs.mkdirSync(`${{d}}/m-${{i}}`)));
          note("mkdir -p", await attempt(() => fs.mkdirSync(`${{d}}/p-${{i}}/q`, {{ recursive: true }})));
          note("mkdtemp", await attempt(() => fs.mkdtempSync(`${{d}}/t-`)));
          note("symlink", await attempt(() => fs.symlinkSync("x", `${{d}}/l-${{i}}`)));
          note("link", await attempt(() => fs.linkSync(`${{allowed}}/src.txt`, `${{d}}/h-${{i}}`)));
          note("chmod", await attempt(() => fs.chmodSync(`${{d}}/f`, 0o600)));
          note("utimes", await attempt(() => fs.utimesSync(`${{d}}/f`, 1, 1)));
          note("unlink", await attempt(() => fs.unlinkSync(`${{d}}/victim`)));
          note("rm", await attempt(() => fs.rmSync(`${{d}}/victim`, {{ force: true }})));
          note("rename", await attempt(() => fs.renameSync(`${{d}}/f`, `${{allowed}}/moved`)));
          const stat = note("stat", await attempt(() => fs.statSync(`${{d}}/only-outside`).size));
          if (stat.code === undefined) leaks.push(["stat", stat]);
          const lstat = note("lstat", await attempt(() => fs.lstatSync(`${{d}}/only-outside`).size));
          if (lstat.code === undefined) leaks.push(["lstat", lstat]);
          if (fs.existsSync(`${{d}}/only-outside`)) leaks.push(["exists"]);
          const real = note("realpath", await attempt(() => fs.realpathSync(`${{d}}/f`)));
          if (real.code === undefined && real.ok.startsWith(outside)) leaks.push(["realpath", real]);
          if (i % 64 === 0) {{
            const list = note("readdir", await attempt(() => fs.readdirSync(d)));
            if (list.code === undefined && list.ok.includes("only-outside")) leaks.push(["readdir"]);
          }}
          if (leaks.length || (i >= 1500 && seen.ok && seen.ELOOP)) break;
        }}
        return {{ rounds: i, seen, leaks }};
        "#,
        d = js(&fx.allowed.join("d")),
        outside = js(&fx.outside),
        allowed = js(&fx.allowed),
    );
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
    let script = format!(
        r#"
        return {{
          read: await attempt(() => fs.readFileSync({secret}, "utf8")),
          link: await attempt(() => fs.readFileSync({link}, "utf8")),
          write: await attempt(() => fs.writeFileSync({newOut}, "x")),
          pRead: await attempt(() => fsp.readFile({secret}, "utf8")),
          exists: fs.existsSync({secret}),
        }};
        "#,
        secret = js(Path::new(&fx.secret())),
        link = js(&fx.allowed.join("secret-link")),
        newOut = js(&fx.outside.join("new.txt")),
    );
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
        "script": format!(
            "fs.writeFileSync({p}, 'overwritten'); await fsp.writeFile({p}, 'overwritten'); fs.appendFileSync({p}, 'appended'); return {{ read: fs.readFileSync({p}, 'utf8') }};",
            p = js(&output)
        )
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
    let script = format!(
        r#"
        return {{
          file: await attempt(() => fs.readFileSync({file_link}, "utf8")),
          folder: await attempt(() => fs.readFileSync({dir_link}, "utf8")),
          promised: await attempt(() => fsp.readFile({dir_link}, "utf8")),
          write: await attempt(() => fs.writeFileSync({out}, "x")),
        }};
        "#,
        file_link = js(&fx.allowed.join("secret-link")),
        dir_link = js(&fx.allowed.join("outside-dir/secret.txt")),
        out = js(&fx.outside.join("new.txt")),
    );
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
    let script = format!(
        r#"
        const mine = fs.openSync({inside}, "r");
        const theirs = fs.openSync({secret}, "r");
        const handle = await fsp.open({inside}, "r");
        return {{
          mine: await attempt(() => {{ fs.fchmodSync(mine, 0o600); return (fs.statSync({inside}).mode & 0o777).toString(8); }}),
          handle: await attempt(async () => {{ await handle.chmod(0o640); return (fs.statSync({inside}).mode & 0o777).toString(8); }}),
          theirs: await attempt(() => fs.fchmodSync(theirs, 0o777)),
        }};
        "#,
        inside = js(&fx.allowed.join("inside.txt")),
        secret = js(Path::new(&fx.secret())),
    );
    let r = fx.run(&script);
    assert_eq!(r["mine"]["ok"], "600", "{r}");
    assert_eq!(r["handle"]["ok"], "640", "{r}");
    assert_eq!(r["theirs"]["code"], "EACCES", "{r}");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(fx.secret()).unwrap().permissions().mode() & 0o777;
    assert_ne!(mode, 0o777, "the outside file kept its mode");
}
