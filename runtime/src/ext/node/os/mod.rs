//! Facts for `node:os`: host name, kernel release, memory, load and CPU count.

use deno_core::op2;
use serde::Serialize;

use crate::platform::UserId;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OsInfo {
    hostname: String,
    release: String,
    total_memory: f64,
    free_memory: f64,
    uptime: f64,
    load_average: [f64; 3],
    cpu_count: usize,
}

/// The machine's facts, read the platform's way (`platform::os_facts`: `/proc` on Linux).
#[op2]
#[serde]
pub(crate) fn op_node_os_info() -> OsInfo {
    let facts = crate::platform::os_facts();
    OsInfo {
        hostname: facts.hostname,
        release: facts.release,
        total_memory: facts.total_memory,
        free_memory: facts.free_memory,
        uptime: facts.uptime,
        load_average: facts.load_average,
        cpu_count: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
    }
}

/// `os.userInfo()`: the password-database entry of the current user.
#[derive(Serialize)]
pub(crate) struct UserInfo {
    uid: UserId,
    gid: UserId,
    username: String,
    homedir: String,
    shell: Option<String>,
}

#[cfg(unix)]
#[op2]
#[serde]
pub(crate) fn op_node_os_user_info() -> UserInfo {
    // SAFETY: getuid/getgid take no arguments and cannot fail.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    let fallback = || UserInfo {
        uid,
        gid,
        username: std::env::var("USER").or_else(|_| std::env::var("LOGNAME")).unwrap_or_default(),
        homedir: std::env::var("HOME").unwrap_or_default(),
        shell: std::env::var("SHELL").ok(),
    };
    let mut buffer = vec![0 as libc::c_char; 16 * 1024];
    // SAFETY: an all-zero passwd is a valid value for getpwuid_r to fill in.
    let mut entry: libc::passwd = unsafe { std::mem::zeroed() };
    let mut result: *mut libc::passwd = std::ptr::null_mut();
    // SAFETY: every pointer refers to live, writable storage of the stated size.
    let rc = unsafe { libc::getpwuid_r(uid, &mut entry, buffer.as_mut_ptr(), buffer.len(), &mut result) };
    if rc != 0 || result.is_null() {
        return fallback();
    }
    let text = |p: *const libc::c_char| {
        // SAFETY: getpwuid_r filled these with NUL-terminated strings inside `buffer`.
        (!p.is_null()).then(|| unsafe { std::ffi::CStr::from_ptr(p) }.to_string_lossy().into_owned())
    };
    UserInfo {
        uid,
        gid,
        username: text(entry.pw_name).unwrap_or_default(),
        homedir: text(entry.pw_dir).unwrap_or_default(),
        shell: text(entry.pw_shell),
    }
}

/// On Windows, as Node answers there: ids -1, no shell, the user's name and profile folder
/// (from `USERNAME` and `USERPROFILE`, which Windows sets for every session).
#[cfg(windows)]
#[op2]
#[serde]
pub(crate) fn op_node_os_user_info() -> UserInfo {
    UserInfo {
        uid: -1,
        gid: -1,
        username: std::env::var("USERNAME").unwrap_or_default(),
        homedir: std::env::var("USERPROFILE").unwrap_or_default(),
        shell: None,
    }
}

/// The kernel's version line or the CPU table (`which`: "version" or "cpuinfo"), read by
/// the host for `os.version()` and `os.cpus()`: system facts, not the tool's file reads, so
/// outside its permissions. Empty where the system has no such file.
#[op2]
#[string]
pub(crate) fn op_node_os_proc_text(#[string] which: &str) -> String {
    let path = match which {
        "version" => "/proc/sys/kernel/version",
        "cpuinfo" => "/proc/cpuinfo",
        _ => return String::new(),
    };
    std::fs::read_to_string(path).unwrap_or_default()
}
