//! Permissions for processes and the environment, end to end: the `run` grant checked before
//! `pi.exec` and every `node:child_process` form starts a program (as the child would find
//! it on the PATH the tool gives it), the children of a restricted tool confined by Landlock
//! to the tool's files and kept off TCP, `process.env` showing a restricted tool (and its
//! children) only the variables it may read, and `process.kill` reaching only the tool's own
//! children. Under the default policy none of it changes anything.

use std::path::Path;

use serde_json::Value;

use crate::common::permissions::denials;
use crate::common::*;

/// A tool that starts programs and reads the environment the ways tools do; `op` says which,
/// and it answers what happened (an error as `[code] message`).
const PROC_TOOL: &str = r#"
import { spawn, spawnSync, exec, execFile, execSync, execFileSync } from "node:child_process";
import { promisify } from "node:util";

const failure = (err) => `[${err.code}] ${err.message}`;

/** What spawn produced: its stdout, or the error it emitted. */
function spawned(cmd, args, options) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, options);
    let out = "";
    child.stdout?.on("data", (chunk) => (out += chunk));
    child.on("error", (err) => resolve(failure(err)));
    child.on("close", (code) => code === 0 && resolve(`ok: ${out}`));
  });
}

async function settle(run) {
  try {
    return `ok: ${await run()}`;
  } catch (err) {
    return failure(err);
  }
}

async function forms(cmd, args) {
  const line = [cmd, ...args].join(" ");
  const sync = spawnSync(cmd, args, { encoding: "utf8" });
  return {
    spawn: await spawned(cmd, args),
    execFile: await settle(async () => (await promisify(execFile)(cmd, args)).stdout),
    exec: await settle(async () => (await promisify(exec)(line)).stdout),
    spawnSync: sync.error ? failure(sync.error) : `ok: ${sync.stdout}`,
    execSync: await settle(() => execSync(line, { encoding: "utf8", stdio: "pipe" })),
    execFileSync: await settle(() => execFileSync(cmd, args, { encoding: "utf8", stdio: "pipe" })),
  };
}

async function run(pi, p) {
  const args = p.args ?? [];
  switch (p.op) {
    case "exec": {
      try {
        const r = await pi.exec(p.cmd, args);
        return `exit ${r.code}: ${r.stdout}${r.stderr}`;
      } catch (err) {
        return failure(err);
      }
    }
    case "forms":
      return JSON.stringify(await forms(p.cmd, args));
    case "shadow": {
      // A PATH with the tool's own folder first: explicitly, and through process.env.
      const path = `${p.path}:${process.env.PATH}`;
      const sync = spawnSync(p.cmd, args, { encoding: "utf8", env: { ...process.env, PATH: path } });
      const viaSpawn = await spawned(p.cmd, args, { env: { PATH: path } });
      process.env.PATH = path;
      let viaExec;
      try {
        const r = await pi.exec(p.cmd, args);
        viaExec = `exit ${r.code}: ${r.stdout}`;
      } catch (err) {
        viaExec = failure(err);
      }
      return JSON.stringify({ spawnSync: sync.error ? failure(sync.error) : `ok: ${sync.stdout}`, spawn: viaSpawn, piExec: viaExec });
    }
    case "env": {
      const child = spawnSync("env", [], { encoding: "utf8" });
      const explicit = spawnSync("env", [], { encoding: "utf8", env: { ...process.env, GIVEN_BY_TOOL: "given" } });
      return JSON.stringify({
        PATH: process.env.PATH ?? null,
        HOME: process.env.HOME ?? null,
        secret: process.env[p.name] ?? null,
        secretAgain: process.env[p.name] ?? null,
        has: p.name in process.env,
        listed: Object.keys(process.env).includes(p.name),
        ownKeys: Reflect.ownKeys(process.env).includes(p.name),
        spread: { ...process.env }[p.name] ?? null,
        child: child.error ? failure(child.error) : child.stdout,
        explicit: explicit.error ? failure(explicit.error) : explicit.stdout,
      });
    }
    case "kill":
      try {
        process.kill(p.pid, "SIGTERM");
        return "signalled";
      } catch (err) {
        return failure(err);
      }
    case "killOwn": {
      const child = spawn("sleep", ["30"]);
      await new Promise((resolve) => child.on("spawn", resolve));
      const closed = new Promise((resolve) => child.on("close", (code, signal) => resolve(signal)));
      process.kill(child.pid, "SIGTERM");
      return `own child ended by ${await closed}`;
    }
    default:
      return `unknown op ${p.op}`;
  }
}

export default function (pi) {
  const T = pi.typebox.Type;
  return {
    name: "proc",
    label: "Proc",
    description: "Starts programs and reads the environment",
    parameters: T.Object({
      op: T.String(),
      cmd: T.Optional(T.String()),
      args: T.Optional(T.Array(T.String())),
      path: T.Optional(T.String()),
      name: T.Optional(T.String()),
      pid: T.Optional(T.Number()),
    }),
    async execute(_id, params) {
      return { content: [{ type: "text", text: await run(pi, params) }] };
    },
  };
}
"#;

/// The project preset with `cat`, `env` and `sleep` granted.
const PROJECT_WITH_CAT: &str = r#"{"permissions":{"default":{"preset":"project","run":["cat","env","sleep"]}}}"#;

/// A sandbox with the tool in the project and `config` (if any) as the project's config.
fn sandbox(name: &str, config: Option<&str>) -> Sandbox {
    let sb = Sandbox::new(name);
    sb.write("project/.omp/tools/proc.mjs", PROC_TOOL);
    if let Some(config) = config {
        sb.write("project/.omp/omp-host.json", config);
    }
    sb
}

/// Calls the tool with `params`, `env` set on the host; answers its text.
fn call(sb: &Sandbox, params: Value, env: &[(&str, &str)]) -> String {
    let mut cmd = sb.command(&["call", "proc", "--params", &params.to_string()]);
    for (name, value) in env {
        cmd.env(name, value);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "proc {params} failed: {}{}", stdout(&out), stderr(&out));
    stdout(&out).trim().to_string()
}

fn call_json(sb: &Sandbox, params: Value, env: &[(&str, &str)]) -> Value {
    let text = call(sb, params, env);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn canonical(path: &str) -> String {
    std::fs::canonicalize(path).unwrap().display().to_string()
}

fn p(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn pi_exec_runs_a_granted_program_and_refuses_another() {
    let sb = sandbox("perm-proc-exec", Some(PROJECT_WITH_CAT));
    let notes = sb.write("project/notes.txt", "project notes");
    let ran = call(&sb, serde_json::json!({ "op": "exec", "cmd": "cat", "args": [p(&notes)] }), &[]);
    assert_eq!(ran, "exit 0: project notes");
    let refused = call(&sb, serde_json::json!({ "op": "exec", "cmd": "ls", "args": ["/"] }), &[]);
    let ls = canonical("/usr/bin/ls");
    assert!(refused.starts_with("[EACCES] EACCES: permission denied"), "{refused}");
    assert!(
        refused.contains("permissions.default") && refused.contains("\"run\"") && refused.ends_with(&format!("spawn '{ls}'")),
        "{refused}"
    );
    let denied = denials(&sb);
    assert_eq!(denied.len(), 1, "{denied:?}");
    assert_eq!(denied[0]["permission"], "run");
    assert_eq!(denied[0]["target"], ls.as_str());
}

#[test]
fn every_child_process_form_runs_a_granted_program_and_refuses_another() {
    let sb = sandbox("perm-proc-forms", Some(PROJECT_WITH_CAT));
    let notes = sb.write("project/notes.txt", "notes");
    let allowed = call_json(&sb, serde_json::json!({ "op": "forms", "cmd": "cat", "args": [p(&notes)] }), &[]);
    for form in ["spawn", "execFile", "spawnSync", "execFileSync"] {
        assert_eq!(allowed[form], "ok: notes", "{form}: {allowed}");
    }
    // exec and execSync run a shell, /bin/sh: the program checked, and not granted.
    let sh = canonical("/bin/sh");
    for form in ["exec", "execSync"] {
        let said = allowed[form].as_str().unwrap();
        assert!(
            said.starts_with("[EACCES] EACCES: permission denied") && said.ends_with(&format!("spawn '{sh}'")),
            "{form}: {said}"
        );
    }
    let refused = call_json(&sb, serde_json::json!({ "op": "forms", "cmd": "ls", "args": ["/"] }), &[]);
    for form in ["spawn", "execFile", "exec", "spawnSync", "execSync", "execFileSync"] {
        let said = refused[form].as_str().unwrap();
        assert!(
            said.starts_with("[EACCES] EACCES: permission denied") && said.contains("permissions.default"),
            "{form}: {said}"
        );
    }
}

#[test]
fn a_granted_programs_child_reads_inside_the_policy_and_not_outside() {
    let sb = sandbox("perm-proc-landlock", Some(PROJECT_WITH_CAT));
    let inside = sb.write("project/inside.txt", "inside");
    let outside = sb.write("home/secret.txt", "outside");
    let read = |path: &Path| call(&sb, serde_json::json!({ "op": "exec", "cmd": "cat", "args": [p(path)] }), &[]);
    assert_eq!(read(&inside), "exit 0: inside");
    let refused = read(&outside);
    assert!(refused.starts_with("exit 1: ") && refused.contains("Permission denied"), "{refused}");
    assert!(!refused.contains("outside"), "{refused}");
    // Its own /proc/self is readable; the system's programs and settings too.
    let environ = call(
        &sb,
        serde_json::json!({ "op": "exec", "cmd": "cat", "args": ["/proc/self/status", "/etc/hostname"] }),
        &[],
    );
    assert!(environ.starts_with("exit 0: Name:\tcat"), "{environ}");
}

#[test]
fn a_restricted_tools_child_cannot_reach_tcp_unless_the_policy_grants_a_host() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let connect = serde_json::json!({
        "op": "exec",
        "cmd": "bash",
        "args": ["-c", format!("exec 3<>/dev/tcp/127.0.0.1/{port} && echo connected")],
    });
    let sb = sandbox("perm-proc-tcp", Some(r#"{"permissions":{"default":{"preset":"project","run":["bash"]}}}"#));
    let refused = call(&sb, connect.clone(), &[]);
    assert!(refused.starts_with("exit 1: ") && refused.contains("Permission denied"), "{refused}");
    let granted = format!(r#"{{"permissions":{{"default":{{"preset":"project","run":["bash"],"net":["127.0.0.1:{port}"]}}}}}}"#);
    let sb = sandbox("perm-proc-tcp-granted", Some(&granted));
    assert_eq!(call(&sb, connect, &[]), "exit 0: connected");
}

#[test]
fn a_program_shadowing_a_granted_one_on_the_tools_path_is_refused() {
    let sb = sandbox("perm-proc-shadow", Some(PROJECT_WITH_CAT));
    let fake = sb.write("project/bin/cat", "#!/bin/sh\necho shadowed\n");
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let notes = sb.write("project/notes.txt", "notes");
    let said = call_json(
        &sb,
        serde_json::json!({ "op": "shadow", "cmd": "cat", "args": [p(&notes)], "path": p(&sb.project.join("bin")) }),
        &[],
    );
    let fake = canonical(&p(&fake));
    for form in ["spawnSync", "spawn", "piExec"] {
        let text = said[form].as_str().unwrap();
        assert!(
            text.starts_with("[EACCES] EACCES: permission denied") && text.ends_with(&format!("spawn '{fake}'")),
            "{form}: {text}"
        );
    }
}

#[test]
fn a_restricted_tool_and_its_children_see_only_the_variables_it_may_read() {
    let sb = sandbox("perm-proc-env", Some(PROJECT_WITH_CAT));
    let secret = [("OMP_TEST_SECRET", "s3cret-value")];
    let seen = call_json(&sb, serde_json::json!({ "op": "env", "name": "OMP_TEST_SECRET" }), &secret);
    assert!(seen["PATH"].as_str().is_some_and(|p| p.contains("/usr/bin")), "{seen}");
    assert_eq!(seen["HOME"], p(&sb.home).as_str());
    for key in ["secret", "secretAgain", "spread"] {
        assert_eq!(seen[key], Value::Null, "{key}: {seen}");
    }
    assert_eq!(seen["has"], false);
    assert_eq!(seen["listed"], false);
    assert_eq!(seen["ownKeys"], false);
    let child = seen["child"].as_str().unwrap();
    assert!(child.contains("PATH=") && child.contains("HOME="), "{child}");
    assert!(!child.contains("s3cret-value") && !child.contains("OMP_TEST_SECRET"), "{child}");
    let explicit = seen["explicit"].as_str().unwrap();
    assert!(explicit.contains("GIVEN_BY_TOOL=given") && !explicit.contains("s3cret-value"), "{explicit}");
    let refused: Vec<Value> = denials(&sb).into_iter().filter(|d| d["target"] == "OMP_TEST_SECRET").collect();
    assert_eq!(refused.len(), 1, "one log line for the variable, however often it is read: {refused:?}");
    assert_eq!(refused[0]["permission"], "env");
}

/// A `sleep` the test started (no tool's child), killed when dropped.
struct Sleeper(std::process::Child);

impl Sleeper {
    fn start() -> Sleeper {
        Sleeper(std::process::Command::new("sleep").arg("30").spawn().unwrap())
    }

    fn pid(&self) -> u32 {
        self.0.id()
    }

    fn running(&mut self) -> bool {
        std::thread::sleep(std::time::Duration::from_millis(100));
        self.0.try_wait().unwrap().is_none()
    }
}

impl Drop for Sleeper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_restricted_tool_may_signal_only_its_own_children() {
    let sb = sandbox("perm-proc-kill", Some(PROJECT_WITH_CAT));
    let mut other = Sleeper::start();
    let refused = call(&sb, serde_json::json!({ "op": "kill", "pid": other.pid() }), &[]);
    assert!(
        refused.starts_with("[EPERM] EPERM: operation not permitted") && refused.contains("permissions.default"),
        "{refused}"
    );
    assert!(other.running(), "the signal was sent");
    assert!(denials(&sb).iter().any(|d| d["permission"] == "kill" && d["target"] == other.pid()));
    assert_eq!(call(&sb, serde_json::json!({ "op": "killOwn" }), &[]), "own child ended by SIGTERM");
}

#[test]
fn the_default_policy_changes_nothing() {
    let sb = sandbox("perm-proc-default", None);
    let outside = sb.write("home/secret.txt", "outside");
    assert_eq!(
        call(&sb, serde_json::json!({ "op": "exec", "cmd": "cat", "args": [p(&outside)] }), &[]),
        "exit 0: outside"
    );
    let forms = call_json(&sb, serde_json::json!({ "op": "forms", "cmd": "cat", "args": [p(&outside)] }), &[]);
    for form in ["spawn", "execFile", "exec", "spawnSync", "execSync", "execFileSync"] {
        assert_eq!(forms[form], "ok: outside", "{form}: {forms}");
    }
    let secret = [("OMP_TEST_SECRET", "s3cret-value")];
    let seen = call_json(&sb, serde_json::json!({ "op": "env", "name": "OMP_TEST_SECRET" }), &secret);
    assert_eq!(seen["secret"], "s3cret-value");
    assert_eq!(seen["listed"], true);
    assert_eq!(seen["ownKeys"], true);
    assert!(seen["child"].as_str().unwrap().contains("OMP_TEST_SECRET=s3cret-value"), "{seen}");
    let mut other = Sleeper::start();
    assert_eq!(call(&sb, serde_json::json!({ "op": "kill", "pid": other.pid() }), &[]), "signalled");
    assert!(!other.running(), "the signal was not sent");
    assert!(denials(&sb).is_empty(), "{:?}", denials(&sb));
}
