//! Linux's side of `platform` (see mod.rs): the parent-death signal, the idle scheduling
//! class, thread CPU clocks, eventfd and `/proc`.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::Duration;

use super::OsFacts;

/// For a child between fork and exec: SIGKILL when the *thread* that spawned it ends (Linux
/// sends the parent-death signal then, not when the process does). Async-signal-safe.
pub fn die_with_parent() -> io::Result<()> {
    // SAFETY: prctl is async-signal-safe and takes no pointers here.
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// An engine's thread, by its kernel thread id.
#[derive(Clone, Copy, Debug)]
pub struct EngineThread(libc::pid_t);

impl EngineThread {
    /// The calling thread.
    pub fn current() -> EngineThread {
        // SAFETY: gettid cannot fail.
        EngineThread(unsafe { libc::gettid() })
    }

    /// Puts the thread in the idle scheduling class (SCHED_IDLE): it runs only when no other
    /// thread of the machine wants the CPU.
    pub fn demote(&self) {
        // Only while the id is still one of this process's threads: once the engine thread
        // has ended, its id may name another process's thread.
        if !is_thread_of_this_process(self.0) {
            return;
        }
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: `param` is a valid sched_param; a thread id that no longer exists only
        // makes the call fail (the thread already ended), which is fine.
        let _ = unsafe { libc::sched_setscheduler(self.0, libc::SCHED_IDLE, &param) };
    }
}

/// Whether `id` (a positive `kill(2)` pid) names one of this process's threads: Linux
/// delivers a signal sent to a thread's id to the whole process.
pub fn is_thread_of_this_process(id: i32) -> bool {
    id > 0 && std::path::Path::new(&format!("/proc/self/task/{id}")).exists()
}

/// A thread's CPU time, readable from any thread through its POSIX CPU clock.
pub struct ThreadCpuClock(Option<libc::clockid_t>);

impl ThreadCpuClock {
    /// The calling thread's clock.
    pub fn of_this_thread() -> ThreadCpuClock {
        let mut clock: libc::clockid_t = 0;
        // SAFETY: asks for the calling thread's CPU clock id, written to a live clockid_t.
        let found = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) } == 0;
        ThreadCpuClock(found.then_some(clock))
    }

    /// The thread's CPU time so far; none once the thread is gone.
    pub fn read(&self) -> Option<Duration> {
        let clock = self.0?;
        let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime writes to a live timespec.
        let read = unsafe { libc::clock_gettime(clock, &mut time) } == 0;
        read.then(|| Duration::new(time.tv_sec as u64, time.tv_nsec as u32))
    }
}

/// A descriptor one thread makes readable to end another's `poll(2)`: a non-blocking,
/// close-on-exec eventfd.
pub struct Wakeup(OwnedFd);

impl Default for Wakeup {
    fn default() -> Self {
        Self::new()
    }
}

impl Wakeup {
    pub fn new() -> Wakeup {
        // SAFETY: eventfd(2) with valid flags; the descriptor it returns is owned from here on.
        let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
        assert!(fd >= 0, "eventfd: {}", std::io::Error::last_os_error());
        // SAFETY: `fd` was just created and nothing else owns it.
        Wakeup(unsafe { OwnedFd::from_raw_fd(fd) })
    }

    /// Makes the descriptor readable (until `drain`).
    pub fn wake(&self) {
        let one: u64 = 1;
        // SAFETY: writes 8 bytes from a live u64 to the eventfd, as eventfd(2) requires.
        unsafe { libc::write(self.0.as_raw_fd(), (&one as *const u64).cast(), 8) };
    }

    /// Makes it unreadable again (it is non-blocking, so this never waits).
    pub fn drain(&self) {
        let mut count: u64 = 0;
        // SAFETY: reads 8 bytes into a live u64, as eventfd(2) requires.
        unsafe { libc::read(self.0.as_raw_fd(), (&mut count as *mut u64).cast(), 8) };
    }

    /// The descriptor to poll for reading.
    pub fn fd(&self) -> RawFd {
        self.0.as_raw_fd()
    }
}

/// Every process's pid and environment (NUL-separated `KEY=VALUE`s) but `except`'s, read from
/// `/proc/<pid>/environ`; processes whose environment cannot be read (another user's, or
/// gone) are left out. None where the processes cannot be listed.
pub fn process_environments(except: u32) -> Option<impl Iterator<Item = (u32, Vec<u8>)>> {
    let entries = std::fs::read_dir("/proc").ok()?;
    Some(entries.flatten().filter_map(move |entry| {
        let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
        if pid == except {
            return None;
        }
        let environ = std::fs::read(entry.path().join("environ")).ok()?;
        Some((pid, environ))
    }))
}

fn read_trimmed(path: &str) -> String {
    std::fs::read_to_string(path).map(|s| s.trim().to_string()).unwrap_or_default()
}

/// `/proc/meminfo` field in bytes.
fn meminfo_bytes(field: &str) -> f64 {
    read_trimmed("/proc/meminfo")
        .lines()
        .find_map(|l| l.strip_prefix(field)?.trim_start_matches(':').split_whitespace().next()?.parse::<f64>().ok())
        .map(|kib| kib * 1024.0)
        .unwrap_or(0.0)
}

/// Host name, kernel release, memory, uptime and load, from `/proc`.
pub fn os_facts() -> OsFacts {
    let load: Vec<f64> = read_trimmed("/proc/loadavg")
        .split_whitespace()
        .take(3)
        .filter_map(|v| v.parse().ok())
        .collect();
    OsFacts {
        hostname: read_trimmed("/proc/sys/kernel/hostname"),
        release: read_trimmed("/proc/sys/kernel/osrelease"),
        total_memory: meminfo_bytes("MemTotal"),
        free_memory: meminfo_bytes("MemAvailable"),
        uptime: read_trimmed("/proc/uptime")
            .split_whitespace()
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0),
        load_average: [
            load.first().copied().unwrap_or(0.0),
            load.get(1).copied().unwrap_or(0.0),
            load.get(2).copied().unwrap_or(0.0),
        ],
    }
}
