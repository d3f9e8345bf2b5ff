//! What differs between operating systems, in one place: each platform's file has the same
//! items, and the rest of the crate uses them through this module instead of calling a
//! platform's interface itself. Linux (`linux.rs`) is the platform the host is built and
//! tested on; macOS (`macos.rs`) and Windows (`windows.rs`) have an equivalent or a fallback
//! for each item (Windows lacks the two that run in a child before it starts, which nothing
//! calls there: `die_with_parent` and `ChildSandbox::enter`); `other.rs` holds the fallbacks
//! for everything else (the BSDs), where the rest of the crate does not build yet
//! (docs/install.md, "Platforms").
//!
//! | item | Linux | macOS | Windows | other |
//! |---|---|---|---|---|
//! | `die_with_parent` (a child dies with the thread that spawned it) | `prctl(PR_SET_PDEATHSIG, SIGKILL)` | nothing: the child supervisor and the host's kills on exit remain | absent: each child's job object is killed when the host's handle to it closes (`children::windows`) | — |
//! | `EngineThread::demote` (a replaced engine runs only on idle CPU) | `SCHED_IDLE` | skipped | `THREAD_PRIORITY_IDLE` | skipped |
//! | `is_thread_of_this_process` (`process.kill` of one of the host's threads) | `/proc/self/task/<id>` | never: thread ids are not in `kill(2)`'s pid space | never: `process.kill` takes process ids | never |
//! | `ThreadCpuClock` (the engine thread's CPU time, for the watchdog) | `pthread_getcpuclockid` | Mach `thread_info` | `GetThreadTimes` | none: wedged engines are found by wall-clock time only |
//! | `Wakeup` (ends an op's `poll(2)` from the watchdog) | eventfd | a non-blocking pipe | nothing to wake | nothing to wake |
//! | `process_environments` (processes carrying a child mark) | `/proc/<pid>/environ` | none: only process groups are killed | none: the job objects hold every descendant | none |
//! | `os_facts` (`node:os`) | `/proc` | `sysctl`, `uname`, `getloadavg` | `GetComputerNameExW`, `RtlGetVersion`, `GlobalMemoryStatusEx`, `GetTickCount64`; load `[0, 0, 0]` as in Node | zeros and empty names |
//! | `child_sandbox` (a restricted tool's child confined to its files, without TCP) | Landlock, entered between fork and exec | none: such a child is refused unless the policy allows `unconfinedChildren` | none, as on macOS (`ChildSandbox` has no value) | none |
//! | `open_without_links` (a checked path opened without following a link swapped in) | `openat2` without links | `O_NOFOLLOW` on the last component | the last component opened as itself, a link refused | `O_NOFOLLOW` on the last component |

#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
pub(crate) use linux::*;

#[cfg(target_os = "macos")]
mod macos;
#[cfg(target_os = "macos")]
pub(crate) use macos::*;

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub(crate) use windows::*;
#[cfg(windows)]
mod windows_open;
#[cfg(windows)]
pub(crate) use windows_open::{open_with_flags, open_without_links};

#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
mod other;
#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
pub(crate) use other::*;

/// The access-mode bits of open flags (`O_RDONLY`, `O_WRONLY`, `O_RDWR`): libc's
/// `O_ACCMODE`, which the Windows C runtime does not name (there they are 0, 1 and 2).
#[cfg(unix)]
pub(crate) const O_ACCMODE: i32 = libc::O_ACCMODE;
#[cfg(windows)]
pub(crate) const O_ACCMODE: i32 = libc::O_WRONLY | libc::O_RDWR;

/// A user or group id as `process.getuid()` and `os.userInfo()` give it: Unix's, or -1 on
/// Windows, which has none (Node has no `process.getuid` there; `os.userInfo()` answers -1).
#[cfg(unix)]
pub(crate) type UserId = u32;
#[cfg(windows)]
pub(crate) type UserId = i32;

/// Kills process `pid` at once (SIGKILL); false if it is gone.
#[cfg(unix)]
pub(crate) fn kill_process(pid: u32) -> bool {
    // SAFETY: signalling a pid is memory-safe; ESRCH (gone meanwhile) is reported.
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) == 0 }
}

/// Ends process `pid` at once (`TerminateProcess`, exit code 1); false if it is gone.
#[cfg(windows)]
pub(crate) fn kill_process(pid: u32) -> bool {
    end_process(pid, false).is_ok()
}

/// Facts about the machine for `node:os`; a fact the platform does not give is 0 or empty.
#[derive(Debug, Default)]
pub(crate) struct OsFacts {
    pub hostname: String,
    /// The kernel's release (`os.release()`).
    pub release: String,
    pub total_memory: f64,
    pub free_memory: f64,
    /// Seconds since boot.
    pub uptime: f64,
    pub load_average: [f64; 3],
}

/// Node's name for the platform (`process.platform`): Rust's, except for macOS and Windows.
pub(crate) fn node_platform() -> &'static str {
    match std::env::consts::OS {
        "macos" => "darwin",
        "windows" => "win32",
        other => other,
    }
}

// ---- Confining a restricted tool's child processes (see `crate::children::confine`) ----

/// What a confined child may reach, for `child_sandbox`: the policy's file roots (absolute;
/// one that does not exist is left out) and whether TCP is closed to it. The platform adds
/// what any program needs to start.
#[derive(Debug, Clone, Default)]
pub(crate) struct ChildLimits {
    /// Folders and files it may read and run; None: every file.
    pub read: Option<Vec<std::path::PathBuf>>,
    /// Folders and files it may write; None: every file.
    pub write: Option<Vec<std::path::PathBuf>>,
    /// No TCP connection and no listening TCP socket.
    pub deny_tcp: bool,
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn the_engine_threads_cpu_clock_moves_as_it_works() {
        // This thread's clock moves as it works.
        let clock = ThreadCpuClock::of_this_thread();
        let before = clock.read().unwrap();
        let spin = Instant::now();
        while spin.elapsed() < Duration::from_millis(5) {}
        assert!(clock.read().unwrap() > before);
    }

    #[test]
    fn a_wakeup_stays_readable_until_drained() {
        let wakeup = Wakeup::new();
        let readable = |wakeup: &Wakeup| {
            let mut fds = [libc::pollfd {
                fd: wakeup.fd(),
                events: libc::POLLIN,
                revents: 0,
            }];
            // SAFETY: one valid pollfd; a zero timeout only looks.
            unsafe { libc::poll(fds.as_mut_ptr(), 1, 0) == 1 }
        };
        assert!(!readable(&wakeup));
        wakeup.wake();
        wakeup.wake();
        assert!(readable(&wakeup));
        wakeup.drain();
        assert!(!readable(&wakeup));
    }

    #[test]
    fn os_facts_name_the_machine() {
        let facts = os_facts();
        assert!(!facts.hostname.is_empty() && !facts.release.is_empty());
        assert!(facts.total_memory > 0.0 && facts.uptime > 0.0);
        let expected = if cfg!(target_os = "macos") { "darwin" } else { std::env::consts::OS };
        assert_eq!(node_platform(), expected);
    }
}
