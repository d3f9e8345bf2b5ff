//! Small host ops for the JavaScript side: facts about the process (for `process`),
//! a monotonic clock, signals to other processes, and the log file.

use std::collections::BTreeMap;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;
use serde::Serialize;

use crate::log::HostLog;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HostInfo {
    env: BTreeMap<String, String>,
    argv: Vec<String>,
    exec_path: String,
    pid: u32,
    ppid: u32,
    uid: u32,
    gid: u32,
    platform: &'static str,
    arch: &'static str,
    version: &'static str,
    cwd: String,
    agent_dir: String,
}

#[op2]
#[serde]
pub fn op_host_info() -> HostInfo {
    HostInfo {
        env: std::env::vars().collect(),
        argv: std::env::args().collect(),
        exec_path: std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_default(),
        pid: std::process::id(),
        // SAFETY: these libc calls take no arguments and cannot fail.
        ppid: unsafe { libc::getppid() } as u32,
        uid: unsafe { libc::getuid() },
        gid: unsafe { libc::getgid() },
        platform: std::env::consts::OS,
        arch: match std::env::consts::ARCH {
            "x86_64" => "x64",
            "aarch64" => "arm64",
            other => other,
        },
        version: env!("CARGO_PKG_VERSION"),
        cwd: std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_else(|_| "/".into()),
        agent_dir: crate::paths::agent_dir().display().to_string(),
    }
}

/// Nanoseconds on a monotonic clock since the process started.
#[op2(fast)]
pub fn op_hrtime_ns() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_nanos() as f64
}

/// `process.kill(pid, signal)`.
#[op2(fast)]
pub fn op_process_kill(#[smi] pid: i32, #[string] signal: &str) -> Result<(), JsErrorBox> {
    let number = match signal {
        "SIGKILL" | "9" => libc::SIGKILL,
        "SIGINT" | "2" => libc::SIGINT,
        "SIGHUP" | "1" => libc::SIGHUP,
        "SIGQUIT" | "3" => libc::SIGQUIT,
        "SIGUSR1" => libc::SIGUSR1,
        "SIGUSR2" => libc::SIGUSR2,
        "0" => 0,
        _ => libc::SIGTERM,
    };
    // SAFETY: kill(2) with any pid/signal is memory-safe; failure is reported below.
    if unsafe { libc::kill(pid, number) } != 0 {
        return Err(JsErrorBox::generic(format!("kill ESRCH: no such process {pid}")));
    }
    Ok(())
}

/// `pi.logger.*`: one JSON line in the host log.
#[op2(fast)]
pub fn op_log(state: &mut OpState, #[string] level: &str, #[string] message: &str, #[string] context: &str) {
    let context: Option<serde_json::Value> = if context.is_empty() { None } else { serde_json::from_str(context).ok() };
    if let Some(log) = state.try_borrow::<HostLog>() {
        log.write(level, message, context.as_ref());
    }
    if let Some(tap) = state.try_borrow::<super::console::LogTap>() {
        let data = serde_json::json!({ "message": message, "context": context });
        tap.offer(super::console::LogRecord { level: level.to_string(), logger: "pi.logger", data });
    }
}
