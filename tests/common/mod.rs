//! Test harness: a throw-away sandbox with its own HOME, project folder, cache and data
//! directories, and helpers that run the built `omp-host` binary inside it.
#![allow(dead_code)]

pub mod faults;
pub mod host;
pub mod permissions;
#[allow(unused_imports)]
pub use host::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// How long one `omp-host` command of a test may run.
pub const RUN_LIMIT: Duration = Duration::from_secs(60);
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

pub struct Sandbox {
    pub root: PathBuf,
    pub home: PathBuf,
    pub project: PathBuf,
}

impl Sandbox {
    pub fn new(name: &str) -> Sandbox {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let root = std::env::temp_dir().join(format!("omp-host-test-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let home = root.join("home");
        let project = root.join("project");
        std::fs::create_dir_all(&home).unwrap();
        std::fs::create_dir_all(&project).unwrap();
        std::fs::create_dir_all(root.join("tmp")).unwrap();
        Sandbox { root, home, project }
    }

    /// Writes `text` to `rel` (relative to the sandbox root: start with `home/` or `project/`).
    pub fn write(&self, rel: &str, text: &str) -> PathBuf {
        let path = self.root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    pub fn cache_dir(&self) -> PathBuf {
        self.root.join("cache")
    }

    pub fn data_dir(&self) -> PathBuf {
        self.root.join("data")
    }

    /// The host log's lines so far, parsed (every day's file; none if nothing was logged).
    pub fn host_log(&self) -> Vec<Value> {
        let Ok(files) = std::fs::read_dir(self.data_dir().join("logs")) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = files.map(|f| f.unwrap().path()).collect();
        paths.sort();
        paths
            .iter()
            .flat_map(|path| {
                std::fs::read_to_string(path)
                    .unwrap()
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect::<Vec<Value>>()
            })
            .collect()
    }

    /// The host log's lines about scripts it stopped (`job`, `reason`), in order.
    pub fn stops(&self) -> Vec<Value> {
        self.host_log()
            .into_iter()
            .filter(|line| line["message"] == "Stopped a running script")
            .collect()
    }

    /// The reasons the host gave for stopping scripts of job `job` (`call:<id>`, …), in order.
    pub fn stop_reasons(&self, job: &str) -> Vec<String> {
        self.stops()
            .iter()
            .filter(|line| line["job"] == job)
            .map(|line| line["reason"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// The command, ready to run in the project folder with the sandbox's environment.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_omp-host"));
        cmd.args(args)
            .current_dir(&self.project)
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("XDG_CACHE_HOME", self.home.join(".cache"))
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .env("OMP_HOST_CACHE_DIR", self.cache_dir())
            .env("OMP_HOST_DATA_DIR", self.data_dir())
            // Temporary files the host and its tools make stay in the sandbox.
            .env("TMPDIR", self.root.join("tmp"))
            .env_remove("PI_CODING_AGENT_DIR")
            .env_remove("OMP_PROFILE")
            .env_remove("PI_PROFILE");
        cmd
    }

    /// Runs omp-host to its end; one that is still running after `RUN_LIMIT` is killed and
    /// the test fails (a hang is a failure, never a stuck CI job).
    pub fn run(&self, args: &[&str]) -> Output {
        let child = self
            .command(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run omp-host");
        let pid = child.id();
        let (done, finished) = std::sync::mpsc::channel::<()>();
        let watchdog = std::thread::spawn(move || {
            if finished.recv_timeout(RUN_LIMIT).is_err() {
                unsafe { libc::kill(pid as i32, libc::SIGKILL) };
                return true;
            }
            false
        });
        let out = child.wait_with_output().expect("wait for omp-host");
        let _ = done.send(());
        let killed = watchdog.join().unwrap();
        assert!(
            !killed,
            "omp-host {args:?} was still running after {RUN_LIMIT:?} and was killed; stderr: {}",
            stderr(&out)
        );
        out
    }

    /// Runs the Node client `script` with the omp-host binary and `args` as its arguments, in
    /// the project with this sandbox's environment, and parses the JSON it prints.
    pub fn node_client(&self, script: &Path, args: &[&str]) -> Value {
        let mut node = Command::new("node");
        node.arg(script).arg(env!("CARGO_BIN_EXE_omp-host")).args(args);
        for (key, value) in self.command(&[]).get_envs() {
            match value {
                Some(value) => node.env(key, value),
                None => node.env_remove(key),
            };
        }
        let out = node.current_dir(&self.project).output().unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)))
    }

    /// `omp-host list --json` plus `extra` args, parsed.
    pub fn list_json(&self, extra: &[&str]) -> Value {
        let mut args = vec!["list", "--json"];
        args.extend_from_slice(extra);
        let out = self.run(&args);
        assert!(out.status.success(), "list failed: {}", stderr(&out));
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("list --json output is not JSON ({e}): {}", stdout(&out)))
    }

    /// Names of the listed tools, in order.
    pub fn tool_names(&self, extra: &[&str]) -> Vec<String> {
        faults::names(&self.list_json(extra))
    }

    /// `omp-host call NAME --params PARAMS` plus `extra`; returns (exit code, stdout, stderr).
    pub fn call(&self, name: &str, params: &str, extra: &[&str]) -> (i32, String, String) {
        let mut args = vec!["call", name, "--params", params];
        args.extend_from_slice(extra);
        let out = self.run(&args);
        (out.status.code().unwrap_or(-1), stdout(&out), stderr(&out))
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.root);
        }
    }
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A minimal tool module source named `name` whose execute returns `text_expr` (a JS expression).
pub fn tool_source(name: &str, text_expr: &str) -> String {
    format!(
        "export default (pi) => ({{ name: {name:?}, label: {name:?}, description: \"test tool\", parameters: {{ type: \"object\", properties: {{}} }}, async execute(id, params, onUpdate, ctx, signal) {{ return {{ content: [{{ type: \"text\", text: String({text_expr}) }}] }}; }} }});\n"
    )
}

/// The load errors of a list --json value.
pub fn errors_of(list: &Value) -> Vec<(String, String)> {
    list["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["path"].as_str().unwrap().to_string(), e["error"].as_str().unwrap().to_string()))
        .collect()
}

pub fn path_str(p: &Path) -> String {
    p.display().to_string()
}

/// A `call` request line.
pub fn call_line(id: &str, tool: &str, params: Value) -> String {
    serde_json::json!({ "type": "call", "id": id, "tool": tool, "params": params }).to_string()
}

/// The first text block of a result.
pub fn text(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap_or("").to_string()
}

/// The result of call `id` among a session's output lines (its `tool_execution_end`).
pub fn result_of<'a>(events: &'a [Value], id: &str) -> &'a Value {
    events
        .iter()
        .find(|e| e["type"] == "tool_execution_end" && e["toolCallId"] == id)
        .and_then(|e| e.get("result"))
        .unwrap_or_else(|| panic!("no result for {id} in {events:#?}"))
}

/// `host` (a command `Sandbox::command` made) run by `wrapper` (strace, unshare…): the
/// wrapper's arguments so far, then the host's program and arguments, in the host's folder
/// and with the host's environment.
pub fn wrapped(mut wrapper: Command, host: &Command) -> Command {
    wrapper.arg(host.get_program()).args(host.get_args());
    if let Some(dir) = host.get_current_dir() {
        wrapper.current_dir(dir);
    }
    for (key, value) in host.get_envs() {
        match value {
            Some(value) => wrapper.env(key, value),
            None => wrapper.env_remove(key),
        };
    }
    wrapper
}
