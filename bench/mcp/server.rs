//! The servers under test: what to start for each (omp-host with the echo fixture, the Node SDK
//! echo server, or any program), and the running process. A server starts in its own process
//! group with a parent-death signal, its stderr goes to a file that error reports quote, and the
//! whole group is killed when the process is dropped, so no server outlives the benchmark.

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

/// The echo tool omp-host serves (`--tool <this> --only`).
pub const ECHO_FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/fixtures/echo.ts");

#[derive(Clone, Debug)]
pub enum Kind {
    /// `omp-host mcp --only --tool <echo fixture>` in a sandbox (its own HOME, cache, data).
    OmpHost(PathBuf),
    /// `node <script>`: the Node SDK echo server.
    Node(PathBuf),
    /// Any program (with arguments) that serves MCP on stdio with an `echo` tool.
    Exec(PathBuf, Vec<String>),
}

#[derive(Clone, Debug)]
pub struct ServerSpec {
    pub label: String,
    pub kind: Kind,
}

impl ServerSpec {
    /// Parses `LABEL=omp-host:BINARY`, `LABEL=node:SCRIPT`, `LABEL=exec:PROGRAM` or `LABEL=floor`
    /// (the running program, started with `--serve-floor`); the path must exist (it is made
    /// absolute, so the server may run in another directory).
    pub fn parse(text: &str) -> Result<ServerSpec, String> {
        let usage = "expected LABEL=omp-host:BINARY, LABEL=node:SCRIPT, LABEL=exec:PROGRAM or LABEL=floor";
        let (label, target) = text.split_once('=').ok_or_else(|| format!("`{text}`: {usage}"))?;
        if target == "floor" && !label.is_empty() {
            let this = std::env::current_exe().map_err(|e| format!("`{text}`: cannot find this program: {e}"))?;
            return Ok(ServerSpec {
                label: label.to_string(),
                kind: Kind::Exec(this, vec!["--serve-floor".to_string()]),
            });
        }
        let (kind, path) = target.split_once(':').ok_or_else(|| format!("`{text}`: {usage}"))?;
        if label.is_empty() {
            return Err(format!("`{text}`: the label is empty; {usage}"));
        }
        let path = std::fs::canonicalize(path).map_err(|e| format!("`{text}`: {path}: {e}"))?;
        let kind = match kind {
            "omp-host" => Kind::OmpHost(path),
            "node" => Kind::Node(path),
            "exec" => Kind::Exec(path, Vec::new()),
            other => return Err(format!("`{text}`: unknown server kind `{other}`; {usage}")),
        };
        Ok(ServerSpec {
            label: label.to_string(),
            kind,
        })
    }

    /// The command that starts this server; `sandbox` is this server's own scratch folder.
    fn command(&self, sandbox: &Path) -> Command {
        match &self.kind {
            Kind::OmpHost(binary) => {
                let project = sandbox.join("project");
                let mut command = Command::new(binary);
                command
                    .args(["mcp", "--only", "--tool", ECHO_FIXTURE, "--cwd"])
                    .arg(&project)
                    .current_dir(&project)
                    .env("HOME", sandbox.join("home"))
                    .env("XDG_CONFIG_HOME", sandbox.join("home/.config"))
                    .env("OMP_HOST_CACHE_DIR", sandbox.join("cache"))
                    .env("OMP_HOST_DATA_DIR", sandbox.join("data"));
                command
            }
            Kind::Node(script) => {
                let mut command = Command::new("node");
                command.arg(script).current_dir(script.parent().unwrap_or(Path::new("/")));
                command
            }
            Kind::Exec(program, args) => {
                let mut command = Command::new(program);
                command.args(args).current_dir(sandbox);
                command
            }
        }
    }
}

/// A started server. Dropping it kills its whole process group and reaps it.
pub struct ServerProcess {
    pub label: String,
    child: Child,
    stderr_path: PathBuf,
    status: Option<ExitStatus>,
}

impl ServerProcess {
    /// Starts `spec` with piped stdin/stdout; its stderr goes to a file in `scratch`.
    pub fn spawn(spec: &ServerSpec, scratch: &Path) -> Result<(ServerProcess, ChildStdin, ChildStdout)> {
        let sandbox = scratch.join(&spec.label);
        for dir in ["home", "project", "cache", "data"] {
            std::fs::create_dir_all(sandbox.join(dir)).with_context(|| format!("create {}", sandbox.join(dir).display()))?;
        }
        let stderr_path = sandbox.join("stderr.log");
        let stderr = File::create(&stderr_path).with_context(|| format!("create {}", stderr_path.display()))?;
        let mut command = spec.command(&sandbox);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(stderr).process_group(0);
        let parent = std::process::id() as libc::pid_t;
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                // Die with the benchmark even if it is killed before it can clean up.
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                if libc::getppid() != parent {
                    libc::raise(libc::SIGKILL);
                }
                Ok(())
            });
        }
        let mut child = command.spawn().with_context(|| format!("{}: cannot start {:?}", spec.label, command))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        Ok((
            ServerProcess {
                label: spec.label.clone(),
                child,
                stderr_path,
                status: None,
            },
            stdin,
            stdout,
        ))
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits up to `grace` for the server to exit; its exit status if it did. Whatever else is
    /// left in its process group is killed at that point.
    pub fn wait_exit(&mut self, grace: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + grace;
        while self.status.is_none() {
            if self.leader_exited() {
                self.kill_group();
                self.status = self.child.wait().ok();
                break;
            }
            if Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        self.status
    }

    /// For error messages: how the server ended (waiting up to `grace` for it) and the end of
    /// its stderr.
    pub fn describe_end(&mut self, grace: Duration) -> String {
        let state = match self.wait_exit(grace) {
            Some(status) => format!("the server ended with {status}"),
            None => "the server is still running".to_string(),
        };
        let stderr = std::fs::read_to_string(&self.stderr_path).unwrap_or_default();
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        if tail.is_empty() {
            format!("{state}; its stderr is empty")
        } else {
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            format!("{state}; the end of its stderr:\n    {}", tail.join("\n    "))
        }
    }

    /// Whether the group leader has exited, without reaping it: while it is a zombie, its pid
    /// (and so the process group id) cannot be reused, so the group kill is safe.
    fn leader_exited(&self) -> bool {
        // SAFETY: siginfo_t is plain old data; waitid fills it for our own child.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            libc::waitid(libc::P_PID, self.pid(), &mut info, flags) == 0 && info.si_pid() != 0
        }
    }

    fn kill_group(&self) {
        // SAFETY: plain syscall; the group is the one this server leads (see leader_exited).
        unsafe { libc::kill(-(self.pid() as libc::pid_t), libc::SIGKILL) };
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if self.status.is_none() {
            self.kill_group();
            let _ = self.child.wait();
        }
    }
}
