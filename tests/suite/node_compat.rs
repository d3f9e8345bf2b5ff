//! Node built-ins and Bun globals, end to end: each test runs the built `omp-host` on a fixture
//! tool in `tests/fixtures/node_compat/` (with `--only`, a sandbox HOME and cache) and checks
//! the JSON facts the tool reports about real files, real child processes and known digests.
//! The fixtures' answers were also compared with Node 20 running the same modules.

use std::path::PathBuf;

use crate::common::Sandbox;
use serde_json::{json, Value};

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/node_compat")
        .join(name)
        .display()
        .to_string()
}

/// Runs tool `name` from fixture `file` with `params`; answers the JSON it printed.
fn call_fixture(sandbox: &Sandbox, file: &str, name: &str, params: &Value) -> Value {
    let path = fixture(file);
    let params = params.to_string();
    let (code, stdout, stderr) = sandbox.call(name, &params, &["--tool", &path, "--only"]);
    assert_eq!(code, 0, "omp-host call {name} failed\nstdout: {stdout}\nstderr: {stderr}");
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{name} printed no JSON ({e}):\n{stdout}\nstderr: {stderr}"))
}

/// A scratch folder inside the sandbox for a fixture to work in, with `/` normalised paths.
fn work_dir(sandbox: &Sandbox) -> String {
    let dir = sandbox.root.join("work");
    std::fs::create_dir_all(&dir).unwrap();
    dir.display().to_string()
}

#[test]
fn fs_sync_api_works_on_real_files() {
    let sandbox = Sandbox::new("node-fs-sync");
    let dir = work_dir(&sandbox);
    let out = call_fixture(&sandbox, "fs_sync.mjs", "fs_sync", &json!({ "dir": dir }));
    assert_eq!(out["text"], "héllo world");
    assert_eq!(out["textOpt"], "héllo world");
    assert_eq!(out["isBuffer"], true);
    assert_eq!(out["bufLength"], 12);
    assert_eq!(out["exists"], json!([true, false]));
    assert_eq!(out["mkdirFirst"], true, "recursive mkdir answers the first folder it created");
    assert_eq!(out["mkdirAgain"], "undefined");
    assert_eq!(out["binary"], json!([0, 1, 2, 255]));
    assert_eq!(out["readdir"], json!(["b.bin", "y"]));
    assert_eq!(out["dirents"], json!([["b.bin", true, false, false], ["y", false, true, false]]));
    assert_eq!(out["recursive"], json!(["b.bin", "y", "y/z"]));
    assert_eq!(
        out["stat"],
        json!({ "isFile": true, "isDirectory": false, "size": 12, "mtimeIsDate": true, "mtimeMsNear": true })
    );
    assert_eq!(out["lstatIsLink"], true);
    assert_eq!(out["statThroughLink"], true);
    assert_eq!(out["readlink"], true);
    assert_eq!(out["realpath"], true);
    assert_eq!(out["renamed"], json!([false, true]));
    assert_eq!(out["copied"], "héllo world");
    assert_eq!(out["copyExcl"], "EEXIST");
    assert_eq!(out["mode"], "600");
    assert_eq!(out["accessOk"], true);
    assert_eq!(out["mkdtemp"], json!([true, true, true]));
    assert_eq!(out["rmDirNoRecursive"], "ERR_FS_EISDIR");
    assert_eq!(out["rmGone"], false);
    assert_eq!(out["rmForceMissing"], Value::Null);
    assert_eq!(out["unlinked"], false);
    let missing = format!("{dir}/missing.txt");
    assert_eq!(
        out["enoent"],
        json!({ "code": "ENOENT", "syscall": "open", "path": missing, "message": format!("ENOENT: no such file or directory, open '{missing}'"), "errno": -2 })
    );
    assert_eq!(out["statMissing"], "undefined");
    assert_eq!(out["eexist"], "EEXIST");
    assert_eq!(out["enotdir"], "ENOTDIR");
    assert_eq!(out["fdRead"], json!([7, "fd-data"]));
    assert_eq!(out["fstatSize"], 7);
    assert_eq!(out["flagAppend"], "fd-dataagain");
    assert_eq!(out["wxFails"], "EEXIST");
    // The tool's writes really reached the disk.
    assert_eq!(std::fs::read_to_string(format!("{dir}/a.txt")).unwrap(), "héllo world");
    assert_eq!(std::fs::read(format!("{dir}/c.bin")).unwrap(), vec![0, 1, 2, 255]);
}

#[test]
fn fs_promises_callbacks_and_streams_work() {
    let sandbox = Sandbox::new("node-fs-async");
    let dir = work_dir(&sandbox);
    let out = call_fixture(&sandbox, "fs_async.mjs", "fs_async", &json!({ "dir": dir }));
    assert_eq!(out["sameObject"], true);
    assert_eq!(out["read"], "line1\nline2\n");
    assert_eq!(out["readBuf"], 12);
    assert_eq!(out["readdir"], json!(["f.txt"]));
    assert_eq!(out["dirents"], json!(["q:true"]));
    assert_eq!(out["recursive"], json!(["q", "q/f.txt"]));
    assert_eq!(out["stat"], json!([true, 12]));
    assert_eq!(out["lstat"], true);
    assert_eq!(out["access"], Value::Null);
    assert_eq!(
        out["accessMissing"],
        format!("ENOENT|access|ENOENT: no such file or directory, access '{dir}/g.txt'")
    );
    assert_eq!(out["realpath"], true);
    assert_eq!(out["mkdtemp"], true);
    assert_eq!(out["readlink"], true);
    assert_eq!(out["mode"], "640");
    assert_eq!(out["rmGone"], false);
    assert_eq!(out["missing"], format!("ENOENT|open|ENOENT: no such file or directory, open '{dir}/nope.txt'"));
    assert_eq!(
        out["rmMissing"],
        format!("ENOENT|lstat|ENOENT: no such file or directory, lstat '{dir}/nope.txt'")
    );
    assert_eq!(out["cbRead"], "line1\nline2\n");
    assert_eq!(out["cbMissing"], "ENOENT");
    assert_eq!(out["cbWritten"], "cb");
    assert_eq!(out["exists"], true);
    assert_eq!(out["promisified"], "cb");
    assert_eq!(out["writeOrder"], json!(["w1", "w2", "end"]));
    assert_eq!(out["bytesWritten"], 16);
    assert_eq!(out["streamFile"], "alpha beta gamma");
    assert_eq!(out["readChunks"], json!([65536, 65536, 65536, 3392]));
    assert_eq!(out["ranged"], "beta");
    assert_eq!(out["readMissing"], "ENOENT");
    assert_eq!(out["handleStat"], 11);
    assert_eq!(out["handleRead"], "handle");
    assert_eq!(out["watch"], json!(["rename", "watched.txt"]), "fs.watch (polling) sees a new file");
    assert_eq!(out["promisesWatch"], json!(["change", "watched.txt"]), "fs/promises watch sees a modification");
    assert_eq!(
        out["watchMissing"],
        json!(["ENOENT", "watch", format!("ENOENT: no such file or directory, watch '{dir}/nope'")])
    );
    assert_eq!(std::fs::read_to_string(format!("{dir}/stream.txt")).unwrap(), "alpha beta gamma");
}

#[test]
fn child_process_runs_real_children() {
    let sandbox = Sandbox::new("node-child-process");
    let dir = work_dir(&sandbox);
    let out = call_fixture(&sandbox, "child_process.mjs", "child_process", &json!({ "dir": dir }));
    assert_eq!(out["atLoad"], "loaded-42", "execSync at module load");
    assert_eq!(out["pidIsNumber"], true);
    assert_eq!(
        out["echo"],
        json!({ "stdout": "hello world\n", "stderr": "", "events": ["exit:0:null", "close:0:null"] })
    );
    assert_eq!(
        out["stderrAndCode"],
        json!({ "stdout": "", "stderr": "oops\n", "events": ["exit:3:null", "close:3:null"] })
    );
    assert_eq!(out["shell"]["stdout"], "x\n");
    assert_eq!(out["cat"], "piped input");
    assert_eq!(out["killed"], json!([null, "SIGTERM", true]));
    assert_eq!(out["cwdEnv"], format!("{dir}\nbar\n"));
    assert_eq!(
        out["enoent"],
        json!([
            "ENOENT",
            "spawn definitely-not-a-command-xyz",
            "definitely-not-a-command-xyz",
            "spawn definitely-not-a-command-xyz ENOENT"
        ])
    );
    assert_eq!(out["exec"], json!([null, "out\n", "err\n"]));
    assert_eq!(out["execFail"], json!([7, false, "exit 7"]));
    assert_eq!(out["execPromise"], json!({ "stdout": "promised", "stderr": "" }));
    assert_eq!(out["execPromiseFail"], json!([2, "bad\n", "Command failed: echo bad >&2; exit 2\nbad\n"]));
    assert_eq!(out["execFile"], json!([null, "a-b"]));
    assert_eq!(out["execSyncBuffer"], true);
    assert_eq!(out["execSyncInput"], "SHOUT");
    assert_eq!(
        out["execSyncThrows"],
        json!([4, "failing\n", "Command failed: echo failing >&2; exit 4\nfailing\n"])
    );
    assert_eq!(out["execFileSync"], "arg0 arg1\n");
    assert_eq!(out["spawnSync"], json!([5, null, "so\n", "se\n", 3]));
    assert_eq!(out["spawnSyncMissing"], json!(["ENOENT", null]));
    assert_eq!(out["spawnSyncTimeout"], json!(["ETIMEDOUT", "SIGTERM", null]));
    assert_eq!(out["readlineChild"], json!(["one", "two", "three"]), "readline over a child's stdout");
    assert_eq!(out["readlineEvents"], json!(["alpha", "beta"]));
    assert_eq!(out["question"], "yes");
    assert_eq!(out["detached"], true);
}

#[test]
fn buffer_and_crypto_match_node() {
    let sandbox = Sandbox::new("node-buffer-crypto");
    let out = call_fixture(&sandbox, "buffer_crypto.mjs", "buffer_crypto", &json!({}));
    assert_eq!(out["sameBuffer"], true);
    assert_eq!(out["utf8Len"], json!([13, 13]));
    assert_eq!(
        out["encodings"],
        json!([
            "68c3a96c6c6f2077c3b6726c64",
            "aMOpbGxvIHfDtnJsZA==",
            "aMOpbGxvIHfDtnJsZA",
            "hÃ©llo wÃ¶rld",
            "hC)llo wC6rld",
            "\u{c368}\u{6ca9}\u{6f6c}\u{7720}\u{b6c3}\u{6c72}"
        ])
    );
    assert_eq!(
        out["roundTrips"],
        json!(["héllo wörld", "héllo wörld", "héllo wörld", "héllo wörld", "héllo wörl"])
    );
    assert_eq!(out["fromArray"], json!([1, 2, 0, 255]));
    assert_eq!(out["alloc"], json!(["000000", "abab", "070707"]));
    assert_eq!(out["concat"], "abcd");
    assert_eq!(out["concatLimited"], "abc");
    assert_eq!(out["subIsBuffer"], json!([true, true, false]));
    assert_eq!(out["sliceShares"], true);
    assert_eq!(out["equals"], json!([true, false]));
    assert_eq!(out["compare"], json!([-1, 1, 0]));
    assert_eq!(out["write"], json!([2, "00006869000000000000"]));
    assert_eq!(
        out["ints"],
        json!(["deadbeef", "1234", -130023429, 1.5, 222, "deadbeef3412fbff3ff8000000000000"])
    );
    assert_eq!(out["json"], r#"{"type":"Buffer","data":[111,107]}"#);
    assert_eq!(out["fromJson"], "ok");
    assert_eq!(out["indexOf"], json!([3, true, 11, 5]));
    assert_eq!(out["fromArrayBuffer"], "0607");
    assert_eq!(
        out["lenient"],
        json!(["68656c6c6f", "6befdb", "68656c6c6f", "6869", "6869", "0aff"]),
        "Node's lenient base64/hex decoding"
    );
    assert_eq!(out["sha256"], "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assert_eq!(out["sha256Chunks"], "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
    assert_eq!(out["sha1"], "a9993e364706816aba3e25717850c26c9cd0d89d");
    assert_eq!(out["md5"], "900150983cd24fb0d6963f7d28e17f72");
    assert_eq!(out["sha512"], "cf83e1357eefb8bdf1542850d66d8007");
    assert_eq!(out["digestBuffer"], true);
    assert_eq!(out["hmac"], "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
    assert_eq!(out["hmacMd5"], "80070713463e7749b90c2dc24911e275");
    assert_eq!(out["unknownHash"], "threw");
    assert_eq!(out["finalized"], "ERR_CRYPTO_HASH_FINALIZED");
    assert_eq!(out["randomBytes"], json!([true, 16, false]));
    assert_eq!(out["uuid"], json!([true, true]));
    assert_eq!(out["globalCrypto"], json!(["string", 4]));
    assert_eq!(out["getRandomValues"], true);
    assert_eq!(out["timingSafeEqual"], json!([true, false]));
    assert_eq!(out["timingLength"], "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH");
    assert_eq!(out["randomInt"], json!([3, 5]));
    assert_eq!(
        out["pbkdf2"],
        json!([
            "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957",
            "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b",
            "ZIaCYwScUJ/MNfR+0k4u67TonFEIPP6dsS36mMSka9/g8dT7A2QO+0MQwDmLGrQ7aw/SnJjU2MZ1f8r+raoGd2BUfHfbvw=="
        ])
    );
    assert_eq!(out["subtleDigest"], "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

#[test]
fn events_util_timers_and_streams_work() {
    let sandbox = Sandbox::new("node-events-util");
    let out = call_fixture(&sandbox, "events_util.mjs", "events_util", &json!({}));
    assert_eq!(out["named"], true);
    assert_eq!(out["emitted"], json!([true, true, false]));
    assert_eq!(out["log"], json!(["pre:1", "on:1", "once:1", "pre:2", "on:2"]));
    assert_eq!(out["counts"], json!([2, ["x"]]));
    assert_eq!(out["afterRemove"], json!([0, 5]));
    assert_eq!(out["unhandledError"], "boom");
    assert_eq!(out["once"], json!(["a", "b"]));
    assert_eq!(out["legacy"], "works");
    assert_eq!(out["onIterator"], json!([1, 2]));
    assert_eq!(out["promisify"], 42);
    assert_eq!(out["promisifyReject"], "nope");
    assert_eq!(out["callbackify"], 2);
    assert_eq!(out["format"], json!(["a=42 {\"b\":1} %", "x 1 y", "12|1.5", "[ 1, [length]: 1 ]"]));
    assert_eq!(
        out["inspect"],
        json!(["{ a: [ 1, { b: [Object] } ], s: 'x' }", "'str'", "Map(1) { 1 => 2 }", "<Buffer 68 69>"])
    );
    assert_eq!(out["deepEqual"], json!([true, false, true, true, false, true, true]));
    assert_eq!(out["types"], json!([true, true, true, true, true, true]));
    assert_eq!(out["parseArgs"], json!([{ "verbose": true, "name": "x", "count": "3" }, ["file.txt"]]));
    assert_eq!(out["parseArgsUnknown"], "ERR_PARSE_ARGS_UNKNOWN_OPTION");
    assert_eq!(out["styleText"], "plain");
    assert_eq!(out["utilEncoder"], 2);
    assert_eq!(out["sleep"], json!(["value", true]));
    assert_eq!(out["abortSleep"], json!(["AbortError", "ABORT_ERR"]));
    assert_eq!(out["interval"], 3);
    assert_eq!(out["timeoutObject"], json!(["function", "function", "function", true]));
    assert_eq!(out["immediate"], "imm");
    assert_eq!(
        out["globalTimer"],
        json!(["function", "function", "number"]),
        "global setTimeout gives Node's Timeout"
    );
    assert_eq!(out["unrefChain"], false);
    assert_eq!(out["globalTimerFired"], false, "clearTimeout accepts a Timeout object");
    assert_eq!(out["pipeline"], "ABC");
    assert_eq!(out["readableFrom"], json!(["x", "y"]));
}

#[test]
fn os_reports_this_machine() {
    let sandbox = Sandbox::new("node-os");
    let tmp = sandbox.root.join("tmpdir");
    std::fs::create_dir_all(&tmp).unwrap();
    let path = fixture("os.mjs");
    let out = sandbox
        .command(&["call", "os", "--tool", &path, "--only"])
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", crate::common::stderr(&out));
    let out: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out["homedir"], sandbox.home.display().to_string(), "homedir follows HOME");
    assert_eq!(out["tmpdir"], tmp.display().to_string(), "tmpdir follows TMPDIR");
    assert_eq!(out["platform"], "linux");
    assert_eq!(out["type"], "Linux");
    assert_eq!(out["arch"], if cfg!(target_arch = "x86_64") { "x64" } else { "arm64" });
    assert_eq!(out["release"], std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap().trim());
    assert_eq!(out["hostname"], std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap().trim());
    let cpus = std::thread::available_parallelism().unwrap().get();
    assert_eq!(out["cpus"], cpus);
    assert_eq!(out["availableParallelism"], cpus);
    assert_eq!(out["cpuModelIsString"], true);
    assert_eq!(out["totalmem"], true);
    assert_eq!(out["freemem"], true);
    assert_eq!(out["uptime"], true);
    assert_eq!(out["loadavg"], 3);
    assert_eq!(out["eol"], "\n");
    assert_eq!(out["endianness"], if cfg!(target_endian = "little") { "LE" } else { "BE" });
    // SAFETY: getuid has no preconditions.
    assert_eq!(out["uid"], unsafe { libc::getuid() });
    assert!(out["username"].as_str().is_some_and(|u| !u.is_empty()));
    assert_eq!(out["networkInterfaces"], "object");
    assert_eq!(out["sigterm"], libc::SIGTERM);
    assert_eq!(out["enoent"], libc::ENOENT);
}

#[test]
fn bun_globals_spawn_and_files() {
    let sandbox = Sandbox::new("node-bun");
    let dir = work_dir(&sandbox);
    let out = call_fixture(&sandbox, "bun.ts", "bun", &json!({ "dir": dir }));
    assert_eq!(out["pid"], true);
    assert_eq!(out["exited"], 3);
    assert_eq!(out["stdout"], "to-out\n");
    assert_eq!(out["stderr"], "to-err\n");
    assert_eq!(out["exitCode"], 3);
    assert_eq!(out["cwd"], true);
    assert_eq!(out["cat"], "fed bytes");
    assert_eq!(out["bigLength"], 300000, "output larger than a pipe buffer, read after exit");
    assert_eq!(out["killedExit"], 143);
    assert_eq!(out["killedSignal"], "SIGTERM");
    assert_eq!(out["spawnSync"], json!(["sync", 2, false]));
    assert_eq!(out["missing"], "ENOENT");
    assert_eq!(out["written"], 17);
    assert_eq!(out["fileExists"], true);
    assert_eq!(out["fileSize"], 17);
    assert_eq!(out["fileJson"], json!({ "ok": true, "n": 1 }));
    assert_eq!(out["fileText"], r#"{"ok":true,"n":1}"#);
    assert_eq!(out["missingExists"], false);
    assert_eq!(out["copied"], r#"{"ok":true,"n":1}"#);
    assert_eq!(out["bytes"], 17);
    assert_eq!(out["env"], true);
    assert_eq!(out["slept"], true);
    assert!(out["whichSh"].as_str().is_some_and(|p| p.ends_with("/sh") && std::path::Path::new(p).exists()));
    assert_eq!(out["whichMissing"], Value::Null);
    assert_eq!(std::fs::read_to_string(format!("{dir}/nested/dir/data.json")).unwrap(), r#"{"ok":true,"n":1}"#);
}

#[test]
fn commonjs_tools_require_the_builtins() {
    let sandbox = Sandbox::new("node-cjs");
    let out = call_fixture(&sandbox, "commonjs.cjs", "commonjs", &json!({}));
    assert_eq!(out["load"], "cjs-load");
    assert_eq!(out["exists"], true);
    assert_eq!(out["hash"], "4efb05bcf22cc851");
    assert_eq!(out["seen"], "emitted");
    assert_eq!(out["format"], "n-5");
    assert_eq!(out["buffer"], true);
}

/// Runs tool `name` of fixture `file` under Node (tests/fixtures/run-under-node.mjs).
fn run_under_node(file: &str, name: &str, params: &Value) -> Value {
    let runner = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-under-node.mjs");
    let out = std::process::Command::new("node")
        .arg(&runner)
        .args([fixture(file), name.to_string(), params.to_string()])
        .output()
        .expect("node is installed (the comparison runs the same tool under Node)");
    assert!(out.status.success(), "node failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("node printed no JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn zlib_assert_querystring_tty_dns_https_and_workers_answer_as_node_does() {
    let sandbox = Sandbox::new("node-net-builtins");
    let host = call_fixture(&sandbox, "net_builtins.mjs", "net_builtins", &json!({}));
    let node = run_under_node("net_builtins.mjs", "net_builtins", &json!({}));
    for key in ["zlib", "assert", "querystring", "tty", "dns", "https", "worker"] {
        assert_eq!(host[key], node[key], "{key} differs from Node");
    }
    // Facts that must hold whatever Node says (so the comparison cannot pass vacuously).
    assert_eq!(
        host["zlib"]["roundTrips"],
        json!({ "gzip": true, "deflate": true, "raw": true, "unzip": true, "brotli": true })
    );
    assert_eq!(host["zlib"]["errors"][0]["code"], "Z_DATA_ERROR");
    assert_eq!(host["assert"]["strictEqual"]["code"], "ERR_ASSERTION");
    assert_eq!(host["dns"]["missing"]["code"], "ENOTFOUND");
}

#[test]
fn a_missing_builtin_names_itself_and_the_importing_line() {
    let sandbox = Sandbox::new("node-missing-builtin");
    let tool = sandbox.write(
        "project/tool.mjs",
        "import fs from \"node:fs\";\n\nimport inspector from \"node:inspector\";\nexport default () => [];\n",
    );
    let out = sandbox.run(&["check", &tool.display().to_string()]);
    let text = format!("{}{}", crate::common::stdout(&out), crate::common::stderr(&out));
    assert!(
        text.contains(&format!(
            "Node built-in module \"node:inspector\" is not provided by omp-host (imported at {}:3)",
            tool.display()
        )),
        "{text}"
    );
}

#[test]
fn promisify_forms_event_order_buffer_encodings_and_child_options_match_node() {
    let sandbox = Sandbox::new("node-details");
    let host_dir = sandbox.root.join("host");
    let node_dir = sandbox.root.join("node");
    std::fs::create_dir_all(&host_dir).unwrap();
    std::fs::create_dir_all(&node_dir).unwrap();
    let host = call_fixture(&sandbox, "node_details.mjs", "node_details", &json!({ "dir": host_dir.display().to_string() }));
    let node = run_under_node("node_details.mjs", "node_details", &json!({ "dir": node_dir.display().to_string() }));
    for key in ["promisified", "fsEvents", "childEvents", "childOptions", "buffers", "streams"] {
        assert_eq!(host[key], node[key], "{key} differs from Node");
    }
    assert_eq!(host["promisified"]["value"], "slept", "util.promisify(setTimeout) resolves to its value");
    assert_eq!(host["childOptions"]["maxBuffer"], "ENOBUFS");
    assert_eq!(host["childOptions"]["argv0"], "custom-zero");
}

/// `X509Certificate` on a fixed certificate answers what Node 20 answers for it (the expected
/// object below is Node's output for the same fixture).
#[test]
fn x509_certificate_reads_a_certificate_as_node_does() {
    let sandbox = Sandbox::new("node-x509");
    let out = call_fixture(&sandbox, "x509.mjs", "x509", &json!({}));
    let node = json!({
        "subject": "C=DE\nO=omp-host tests\nCN=example.test",
        "issuer": "C=DE\nO=omp-host tests\nCN=example.test",
        "subjectAltName": "DNS:example.test, DNS:*.example.test, IP Address:127.0.0.1",
        "validFrom": "Nov 28 21:58:52 2026 GMT",
        "validTo": "Nov 25 21:58:52 2036 GMT",
        "serialNumber": "1C7472A907EC6BD9B0D069291845667BBB27EFCE",
        "fingerprint256": "E7:FA:CB:14:DD:62:DC:C4:40:BF:DE:25:3C:BD:3C:1E:78:F5:CB:DF:31:00:49:C4:C0:2A:AD:C9:AB:6C:DF:15",
        "ca": false,
        "checkHost": ["*.example.test", "example.test", null],
        "checkIP": ["127.0.0.1", null],
        "checkIssued": true,
        "pemRoundTrip": true,
        "bad": "ERR_OSSL_PEM_NO_START_LINE"
    });
    assert_eq!(out, node);
}

/// fs/promises FileHandle streams: `createReadStream` iterated with `yield*` (as pi's own read
/// tool reads files), `readLines`, `createWriteStream`; the expected facts are Node 20's.
#[test]
fn file_handle_streams_read_and_write_as_in_node() {
    let sandbox = Sandbox::new("node-fs-handle-streams");
    let dir = work_dir(&sandbox);
    let out = call_fixture(&sandbox, "fs_handle_streams.mjs", "fs_handle_streams", &json!({ "dir": dir }));
    assert_eq!(
        out,
        json!({"text": "one\ntwo\r\nthree", "lines": ["one", "two", "three"], "afterAutoClose": "EBADF", "written": "written through a handle"})
    );
}

/// `net.BlockList` and `net.SocketAddress`: pi-mcp-adapter's private-subnet check, rules and
/// errors; the expected facts are Node 20's.
#[test]
fn net_block_list_checks_addresses_as_node_does() {
    let sandbox = Sandbox::new("node-net-block-list");
    let out = call_fixture(&sandbox, "net_block_list.mjs", "net_block_list", &json!({}));
    assert_eq!(
        out,
        json!({
            "checks": [true, false, true, false, true, true, true, false, false],
            "rules": ["Range: IPv4 192.168.1.10-192.168.1.20", "Address: IPv4 123.123.123.123", "Subnet: IPv6 fc00::/7", "Subnet: IPv4 10.0.0.0/8"],
            "errors": ["ERR_OUT_OF_RANGE", "ERR_INVALID_ARG_VALUE", "ERR_INVALID_ADDRESS"],
            "socket": ["::1", "ipv6", 80],
            "viaSocket": true
        })
    );
}

/// `new URL` of input it cannot parse throws Node's `TypeError` "Invalid URL" with
/// `ERR_INVALID_URL`, `input` and `base` (pi-web-access shows the message), and `URL` stays one
/// class for `instanceof`, `node:url` and subclasses.
#[test]
fn url_errors_are_nodes() {
    let sandbox = Sandbox::new("node-url-errors");
    let out = call_fixture(&sandbox, "url_errors.mjs", "url_errors", &json!({}));
    assert_eq!(
        out,
        json!({
            "bad": ["TypeError", "Invalid URL", "ERR_INVALID_URL", "not-an-array", null, true],
            "badBase": ["TypeError", "Invalid URL", "ERR_INVALID_URL", "/x", "nope", true],
            "good": "https://example.com/b?c=1",
            "sameClass": true,
            "subclass": [true, true, "/a"],
            "canParse": [true, false],
            "name": "URL"
        })
    );
}
